"""Play in progress and the confirmed-only pages: a match started, submitted, sent back or withdrawn
moves the PLAY version alone (tournaments.core.models.public_data), so the standings, the Cup
bracket, the Grand Prix tables and the register (public_cache.CONFIRMED_ONLY_PAGES), keyed by the
FACTS version, keep their cached copies and their viewers' 304s on match day. That is right only
if none of them shows anything of a match not confirmed: each is rendered afresh after every
such move, in every competition a match is played in, and must be the page it was (R16: a Cup
tie counts confirmed matches only). A confirmation changes its own competitions' pages and the
register, and leaves the other competitions' pages (and their copies) as they were."""

import datetime
import io
import zipfile

import pytest
import time_machine
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from tests.factories import (
    edge_to_a,
    eight_hand_records,
    make_competition,
    make_season,
    make_team,
    make_user,
    play_match,
    play_scored_match,
    play_tie_match,
    schedule_match,
)
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, CupTie, GrandPrixEntry, Match, public_data
from tournaments.pages.outputs import sheets
from tournaments.recording import matches
from tournaments.site import public_cache

pytestmark = pytest.mark.django_db

YEAR = 2025
TODAY = datetime.date(YEAR, 10, 1)
CSRF = public_cache.CSRF_INPUT


@pytest.fixture(autouse=True)
def frozen():
    # One instant: the printed PDFs and workbooks name when they were made.
    with time_machine.travel(datetime.datetime(YEAR, 10, 1, 12, tzinfo=datetime.UTC), tick=False):
        yield


@pytest.fixture
def world():
    """A season with a confirmed match in each competition and one of each still to be played."""
    season = make_season(YEAR)
    championship = make_competition(season=season)
    cup = make_competition(Competition.Kind.CUP, season=season)
    grand_prix = make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="autumn",
                                  name="Autumn Grand Prix", starts=TODAY)
    teams = [make_team(f"Team {number}", season=season) for number in range(8)]
    play_scored_match(championship, teams[0], teams[1], 60, 40, played_on=TODAY)
    for team in teams[:4]:
        enter_team(cup, team, on=datetime.date(YEAR, 9, 1))
    ties = make_draw(cup, seed="play")
    first_round = [tie for tie in ties if tie.team_a_id and tie.team_b_id]
    play_tie_match(first_round[0], "A", played_on=TODAY)
    for team in teams[4:]:
        GrandPrixEntry.objects.create(competition=grand_prix, team=team)
    play_match(grand_prix, teams[4], teams[5], edge_to_a(), played_on=TODAY)
    first_round[0].refresh_from_db()
    to_play = {
        "championship": schedule_match(championship, teams[2], teams[3], played_on=TODAY),
        "cup": schedule_match(cup, first_round[0].team_a, first_round[0].team_b, played_on=TODAY,
                              cup_tie=first_round[0]),
        "grand prix": schedule_match(grand_prix, teams[6], teams[7], played_on=TODAY),
    }
    return season, teams, to_play


def confirmed_only_urls(teams) -> dict:
    """Every page of public_cache.CONFIRMED_ONLY_PAGES, by its name."""
    player = teams[0].driver
    grand_prix = Competition.objects.get(kind=Competition.Kind.GRAND_PRIX)
    return {
        "public:championship": reverse("public:championship", args=[YEAR]),
        "public:championship_pdf": reverse("public:championship_pdf", args=[YEAR]),
        "public:championship_xlsx": reverse("public:championship_xlsx", args=[YEAR]),
        "public:cup": reverse("public:cup", args=[YEAR]),
        "public:cup_pdf": reverse("public:cup_pdf", args=[YEAR]),
        "public:cup_xlsx": reverse("public:cup_xlsx", args=[YEAR]),
        "public:grand_prix": reverse("public:grand_prix", args=[YEAR, grand_prix.slug]),
        "public:grand_prix_pdf": reverse("public:grand_prix_pdf", args=[YEAR, grand_prix.slug]),
        "public:grand_prix_xlsx": reverse("public:grand_prix_xlsx", args=[YEAR, grand_prix.slug]),
        "register:index": reverse("register:index"),
        "register:index_pdf": reverse("register:index_pdf"),
        "register:index_xlsx": reverse("register:index_xlsx"),
        "register:player": reverse("register:player", args=[player.pk]),
        "register:competitions": reverse("register:competitions"),
        "register:competition": reverse("register:competition", args=[grand_prix.pk]),
        "register:awards": reverse("register:awards"),
    }


def rendered_afresh(urls: dict) -> dict:
    """Each page rendered now (no cached copy), its form token taken out."""
    caches[settings.PUBLIC_PAGE_CACHE].clear()
    pages = {}
    for name, url in urls.items():
        response = Client().get(url)
        assert response.status_code == 200, name
        assert response["X-Public-Cache"] == "miss", name
        pages[name] = comparable(response)
    return pages


def comparable(response):
    """A page as its reader sees it: the form token out; a workbook's files (the archive stamps
    the sheet's with the moment it was written)."""
    if response["Content-Type"].startswith(sheets.CONTENT_TYPE):
        archive = zipfile.ZipFile(io.BytesIO(response.content))
        return {name: archive.read(name) for name in archive.namelist()}
    return CSRF.sub(rb"\1\2", response.content)


def play_it_through(match, juror, chief):
    """Every move of a match not confirmed, each yielded once made: started, scored, submitted, sent
    back, a hand cleared and saved again, submitted, withdrawn and submitted once more."""
    records = eight_hand_records()
    matches.record_hand(match, 1, records[0], user=juror)
    yield "started"
    for number, record in enumerate(records[1:], start=2):
        matches.record_hand(match, number, record, user=juror)
    yield "every hand saved"
    match.refresh_from_db()
    matches.submit_match(match, juror)
    yield "submitted"
    matches.return_match(match, chief, "Check hand 3")
    yield "sent back"
    match.refresh_from_db()
    matches.clear_hand(match, 3, user=juror)
    yield "hand 3 cleared"
    matches.record_hand(match, 3, records[2], user=juror)
    yield "hand 3 saved again"
    match.refresh_from_db()
    matches.submit_match(match, juror)
    yield "submitted again"
    matches.withdraw_submission(match, juror)
    yield "withdrawn"
    match.refresh_from_db()
    matches.submit_match(match, juror)
    yield "submitted a third time"


def test_every_confirmed_only_page_is_listed_by_its_name(world):
    _season, teams, _to_play = world
    urls = confirmed_only_urls(teams)
    assert set(urls) == public_cache.CONFIRMED_ONLY_PAGES
    assert all(resolve(url).view_name == name for name, url in urls.items())


@pytest.mark.parametrize("competition", ["championship", "cup", "grand prix"])
def test_no_confirmed_only_page_shows_a_match_being_played(world, competition):
    _season, teams, to_play = world
    match = to_play[competition]
    urls = confirmed_only_urls(teams)
    before = rendered_afresh(urls)
    juror, chief = make_user("jury"), make_user("chief")
    for move in play_it_through(match, juror, chief):
        after = rendered_afresh(urls)
        changed = sorted(name for name in urls if after[name] != before[name])
        assert not changed, (move, changed)

    match.refresh_from_db()
    matches.confirm_match(match, chief)
    confirmed = rendered_afresh(urls)
    shown = {"championship": "public:championship", "cup": "public:cup", "grand prix": "public:grand_prix"}
    assert confirmed[shown[competition]] != before[shown[competition]]  # the test can see a change


def test_the_confirmed_only_pages_stay_cached_while_the_live_pages_follow_play(client, world):
    _season, teams, to_play = world
    match = to_play["championship"]
    confirmed_only = reverse("public:championship", args=[YEAR])
    live = [reverse("public:big_screen", args=[YEAR]), reverse("public:today"),
            reverse("public:match", args=[YEAR, match.pk])]
    first = {url: client.get(url) for url in [confirmed_only, *live]}
    juror, chief = make_user("jury"), make_user("chief")
    facts = public_data.read().facts
    for move in play_it_through(match, juror, chief):
        assert public_data.read().facts == facts, move  # only PLAY moved
        kept = client.get(confirmed_only, headers={"If-None-Match": first[confirmed_only]["ETag"]})
        assert kept.status_code == 304, move
        assert Client().get(confirmed_only)["X-Public-Cache"] == "hit", move
        for url in live:
            followed = client.get(url, headers={"If-None-Match": first[url]["ETag"]})
            # The hands of a match being entered are not shown; each change of its state is (a
            # cleared hand takes its score away).
            unseen = move in ("every hand saved", "hand 3 saved again")
            assert followed.status_code == (304 if unseen else 200), (move, url)
        first.update({url: client.get(url) for url in live})

    match.refresh_from_db()
    results = public_data.read().rows[public_data.RESULTS["championship"]]
    matches.confirm_match(match, chief)
    assert public_data.read().rows[public_data.RESULTS["championship"]] != results
    again = client.get(confirmed_only, headers={"If-None-Match": first[confirmed_only]["ETag"]})
    assert again.status_code == 200 and again["X-Public-Cache"] == "miss"
    assert Match.objects.get(pk=match.pk).state == Match.State.CONFIRMED


# --- a confirmation moves its own competitions' results ---------------------------------------------

# The pages of confirmed results each competition's confirmations change (the register shows them all).
COMPETITION_PAGES = {
    "championship": {"public:championship", "public:championship_pdf", "public:championship_xlsx"},
    "cup": {"public:cup", "public:cup_pdf", "public:cup_xlsx"},
    "grand prix": {"public:grand_prix", "public:grand_prix_pdf", "public:grand_prix_xlsx"},
}


def confirmed(match, juror, chief):
    for _move in play_it_through(match, juror, chief):
        pass
    match.refresh_from_db()
    matches.confirm_match(match, chief)


@pytest.mark.parametrize("competition", ["championship", "cup", "grand prix"])
def test_a_confirmation_leaves_the_other_competitions_pages_as_they_were(world, competition):
    """A Championship match day's confirmations must not re-render the Cup bracket its viewers
    watch, nor a Grand Prix table: only if no page of another competition shows what they change."""
    _season, teams, to_play = world
    urls = confirmed_only_urls(teams)
    before = rendered_afresh(urls)
    confirmed(to_play[competition], make_user("jury"), make_user("chief"))
    after = rendered_afresh(urls)
    others = set().union(*(pages for name, pages in COMPETITION_PAGES.items() if name != competition))
    assert not sorted(name for name in others if after[name] != before[name])
    assert after["public:" + competition.replace(" ", "_")] != before["public:" + competition.replace(" ", "_")]


@pytest.mark.parametrize("competition", ["championship", "cup", "grand prix"])
def test_a_confirmation_keeps_the_other_competitions_copies_and_304s(client, world, competition):
    _season, teams, to_play = world
    urls = confirmed_only_urls(teams)
    first = {name: client.get(url) for name, url in urls.items()}
    confirmed(to_play[competition], make_user("jury"), make_user("chief"))
    for name, url in urls.items():
        again = client.get(url, headers={"If-None-Match": first[name]["ETag"]})
        kept = name in set().union(*(pages for other, pages in COMPETITION_PAGES.items() if other != competition))
        assert again.status_code == (304 if kept else 200), name


def test_a_grand_prix_match_counted_for_the_championship_moves_the_championship_too(client, world):
    """R17: the Championship counts a Grand Prix match marked for it, so its confirmation changes
    the Championship's table and moves its version as well as the Grand Prix's."""
    _season, teams, to_play = world
    match = to_play["grand prix"]
    Match.objects.filter(pk=match.pk).update(counts_for_championship=True)
    match.refresh_from_db()
    url = reverse("public:championship", args=[YEAR])
    before = rendered_afresh({"table": url})
    first = client.get(url)
    confirmed(match, make_user("jury"), make_user("chief"))
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200
    assert rendered_afresh({"table": url}) != before


def test_a_confirmation_moves_every_page_keyed_by_all_the_versions(client, world):
    """The register, the big screen, a team's page: keyed by every competition's results."""
    _season, teams, to_play = world
    urls = [reverse("register:index"), reverse("public:big_screen", args=[YEAR]),
            reverse("public:team", args=[YEAR, teams[6].pk])]
    first = {url: client.get(url) for url in urls}
    confirmed(to_play["grand prix"], make_user("jury"), make_user("chief"))
    for url in urls:
        assert client.get(url, headers={"If-None-Match": first[url]["ETag"]}).status_code == 200, url


# --- the big screen's live block, rendered once a version (tournaments.pages.public.live_pages) -----


def bracket_of(response) -> str:
    html = response.text
    start = html.index('<section class="big-bracket"')
    return html[start:html.index("</section>", start)]


def big_screen(client):
    """The big screen rendered now for a signed-in visitor (never served a cached page; the live
    block's kept copy stands), with the statements it took."""
    with CaptureQueriesContext(connection) as statements:
        response = client.get(reverse("public:big_screen", args=[YEAR]))
    assert response.status_code == 200
    return response, [query["sql"] for query in statements.captured_queries]


def reads_the_bracket(statements) -> bool:
    return any(CupTie._meta.db_table in sql for sql in statements)


def test_the_big_screen_renders_its_live_block_once_a_version(world):
    """Its block (today's matches and the bracket) is what its socket pushes to every screen: one
    render a version of the public data, for the page and the sockets alike."""
    _season, _teams, to_play = world
    signed_in = Client()
    signed_in.force_login(make_user())  # a signed-in visitor is never served a cached page
    first, statements = big_screen(signed_in)
    assert reads_the_bracket(statements)
    again, statements = big_screen(signed_in)
    assert not reads_the_bracket(statements) and bracket_of(again) == bracket_of(first)

    juror, chief = make_user("jury"), make_user("chief")
    for _move in play_it_through(to_play["cup"], juror, chief):
        pass
    to_play["cup"].refresh_from_db()
    matches.confirm_match(to_play["cup"], chief)
    page, statements = big_screen(signed_in)
    assert reads_the_bracket(statements)  # a new version: the block is rendered again
    assert bracket_of(page) != bracket_of(first)
    caches[settings.PUBLIC_PAGE_CACHE].clear()
    assert bracket_of(big_screen(signed_in)[0]) == bracket_of(page)  # the same as rendered afresh


def test_the_big_screen_takes_its_queries(client, world, django_assert_num_queries):
    url = reverse("public:big_screen", args=[YEAR])
    # The public data versions (the page cache, then the live block's key), the season, the Cup, its ties and
    # their matches, today's matches.
    with django_assert_num_queries(7):
        assert client.get(url)["X-Public-Cache"] == "miss"
