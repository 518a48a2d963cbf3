"""Certificates: one A4 page each, Hungarian unless English is asked for, the recipient and the
honour readable in the PDF (read back with pypdf), and only for what the standings show."""

import datetime
import io

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests.factories import make_player, make_team
from tests.web.test_outputs import (
    assert_pdf,
    best_match_tie,
    championship_season,
    drawn_cup,
    play_tie,
    trophy_register,
)
from tournaments.core import register
from tournaments.core.models import CupAward, CupTie, Season, Team
from tournaments.pages.outputs import pdf
from tournaments.pages.outputs.certificates import certificate_day_on

pytestmark = pytest.mark.django_db


def closed(season):
    """R15: a Championship place is final, and certified, once its season is closed."""
    season.state = Season.State.CLOSED
    season.save()
    return season

A4_POINTS = (595, 842)


HUNGARIAN_MONTHS = ("január", "február", "március", "április", "május", "június", "július", "augusztus",
                    "szeptember", "október", "november", "december")


def hungarian_date(day):
    return f"{day.year}. {HUNGARIAN_MONTHS[day.month - 1]} {day.day}."


def read(response):
    """The certificate's text (whitespace folded), after checking it is one A4 page with its fonts."""
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == A4_POINTS
    fonts = {str(font["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
    assert any("DejaVu-Serif" in font for font in fonts), fonts  # the lettering is embedded
    return " ".join(page.extract_text().split())


def test_a_cup_award_names_the_player_the_cup_the_date_and_the_trophy(client):
    trophy_register(2)
    award = CupAward.objects.select_related("player", "reached_by").order_by("pk").first()

    text = read(client.get(reverse("certificates:cup_award", args=[award.pk])))

    assert "Oklevél" in text and "Trófeakupa" in text
    assert award.player.name in text
    # The day in a sentence, the Hungarian way: "2026. március 12-én érte el", not "elérve 2026-03-12".
    day = award.awarded_on
    assert f"{award.threshold} trófeapont, {day.year}. {HUNGARIAN_MONTHS[day.month - 1]} {day.day}-" in text
    assert "érte el" in text and "elérve" not in text
    assert award.awarded_on.isoformat() not in text
    assert "Royal" in text  # the trophy that reached it


def test_a_certificate_is_laid_out_and_served_as_every_other_pdf(client, monkeypatch):
    trophy_register(1)
    award = CupAward.objects.first()
    laid_out, lay_out = [], pdf.document
    monkeypatch.setattr(pdf, "document", lambda request, template, context: laid_out.append(template) or lay_out(
        request, template, context))

    response = client.get(reverse("certificates:cup_award", args=[award.pk]))

    assert_pdf(response, f"trophy-cup-{award.pk}.pdf")
    assert laid_out == ["certificates/certificate.html"]
    assert award.player.name in read(response)


def test_a_withdrawn_cup_has_no_certificate(client):
    trophy_register(1)
    award = CupAward.objects.select_related("reached_by").get()
    assert client.get(reverse("certificates:cup_award", args=[award.pk])).status_code == 200
    register.withdraw_variant_trophy(award.reached_by, "Entered for the wrong player")  # the cup goes with it
    award.refresh_from_db()
    assert award.withdrawn_on is not None
    assert client.get(reverse("certificates:cup_award", args=[award.pk])).status_code == 404


def test_championship_places_one_to_three_have_certificates_in_either_language(client):
    season, teams = championship_season(teams=4, rounds=1)
    closed(season)
    rows = client.get(reverse("public:championship", args=[2025])).context["table"].data
    for row in rows:
        url = reverse("certificates:championship", args=[2025, row["team_id"]])
        if row["place"] > 3:
            assert client.get(url).status_code == 404
            continue
        text = read(client.get(url))
        assert f"{row['place']}. helyezés" in text and row["team"] in text and "Csapatbajnokság 2025" in text
    first = next(row for row in rows if row["place"] == 1)
    english = read(client.get(reverse("certificates:championship", args=[2025, first["team_id"]]),
                              {"language": "en"}))
    assert "Certificate" in english and "Place 1" in english


def test_the_cups_winner_runner_up_and_both_bronze_medals_have_certificates(client):
    cup = drawn_cup(4)
    for tie in cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL):
        play_tie(tie)
    final = play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))
    standing = client.get(reverse("public:cup", args=[2025])).context["standing"]
    runner_up = final.team_a if final.winner == final.team_b else final.team_b

    for team, honour in [(final.winner, "Kupagyőztes"), (runner_up, "Ezüstérmes")] + [
            (team, "Bronzérmes") for team in standing.bronze]:
        text = read(client.get(reverse("certificates:cup", args=[2025, team.pk])))
        assert honour in text and team.name in text and "Magyar Kupa 2025" in text
        assert team.driver.name in text
    assert len(standing.bronze) == 2


def test_a_cup_team_without_a_medal_has_no_certificate(client):
    cup = drawn_cup(8)
    loser = CupTie.objects.filter(competition=cup).order_by("round", "slot").first().team_a
    assert client.get(reverse("certificates:cup", args=[2025, loser.pk])).status_code == 404


def test_a_grand_prix_podium_place_has_a_certificate(client):
    best_match_tie()
    rows = client.get(reverse("public:grand_prix", args=[2025, "szeged"])).context["table"].data
    for row in rows:
        text = read(client.get(reverse("certificates:grand_prix", args=[2025, "szeged", row["team_id"]])))
        assert f"{row['place']}. helyezés" in text and row["team"] in text
        assert "Nagydíj Szeged" in text and "2025. június 14., Szeged" in text and "2025-06-14" not in text


def test_the_pages_link_their_certificates(client):
    best_match_tie()
    page = client.get(reverse("public:grand_prix", args=[2025, "szeged"]))
    for row in page.context["table"].data:
        assert reverse("certificates:grand_prix", args=[2025, "szeged", row["team_id"]]) in page.content.decode()


def test_the_championship_page_links_its_podiums_certificates(client):
    season, teams = championship_season(teams=4, rounds=1)
    closed(season)
    page = client.get(reverse("public:championship", args=[2025]))
    linked = [row["team_id"] for row in page.context["table"].data if row["place"] <= 3]
    for team_id in linked:
        assert reverse("certificates:championship", args=[2025, team_id]) in page.content.decode()


def test_the_podiums_certificate_links_end_with_the_last_link_not_a_separator(client):
    """A team yet to play is in the table but not on the podium: the line still ends with the last
    podium's link, no dot after it."""
    season, _teams = championship_season(teams=3, rounds=1)
    make_team("Team idle", season=season)
    closed(season)
    page = client.get(reverse("public:championship", args=[2025]))
    html = page.content.decode()
    links = html[html.index('class="certificates'):]
    links = links[:links.index("</p>")]
    podium = [row for row in page.context["table"].data if row["place"] <= 3]
    assert podium and links.count('class="certificate"') == len(podium)
    assert links.rstrip().endswith("</a></span>") and "·" not in links


def test_the_cup_page_links_the_medals_certificates(client):
    cup = drawn_cup(4)
    for tie in cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL):
        play_tie(tie)
    standing = client.get(reverse("public:cup", args=[2025])).context["standing"]
    cup_page = client.get(reverse("public:cup", args=[2025])).content.decode()
    for team in standing.bronze:
        assert reverse("certificates:cup", args=[2025, team.pk]) in cup_page


def test_the_register_pages_link_the_cups_certificates(client):
    trophy_register(2)
    award = CupAward.objects.first()
    for url in (reverse("register:awards"), reverse("register:player", args=[award.player_id])):
        assert reverse("certificates:cup_award", args=[award.pk]) in client.get(url).content.decode()


def played_cup():
    cup = drawn_cup(4)
    for tie in cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL):
        play_tie(tie)
    return cup, play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))


def test_a_cup_certificate_names_no_substitute(client):
    cup, final = played_cup()
    winner = Team.objects.get(pk=final.winner_id)
    winner.substitute = make_player("Kis Béla")
    winner.save()

    text = read(client.get(reverse("certificates:cup", args=[2025, winner.pk])))

    assert winner.driver.name in text and winner.catcher.name in text
    assert "Kis Béla" not in text and "cserejátékos" not in text


def test_the_cup_finals_certificates_say_who_won_the_cup(client):
    cup, final = played_cup()
    runner_up = final.team_a if final.winner == final.team_b else final.team_b

    winner_text = read(client.get(reverse("certificates:cup", args=[2025, final.winner_id])))
    runner_up_text = read(client.get(reverse("certificates:cup", args=[2025, runner_up.pk])))

    assert f"A Kupát megnyerte, a döntőben legyőzte: {runner_up.name}" in winner_text
    assert f"a Kupát a(z) {final.winner.name} nyerte" in runner_up_text
    assert "továbbjut" not in winner_text + runner_up_text
    english = read(client.get(reverse("certificates:cup", args=[2025, runner_up.pk]), {"language": "en"}))
    assert f"the Cup was won by {final.winner.name}" in english and "goes through" not in english


def test_every_certificate_is_dated_in_its_language_with_room_to_sign(client, frozen_today):
    trophy_register(1)
    award = CupAward.objects.get()
    url = reverse("certificates:cup_award", args=[award.pk])

    text = read(client.get(url))
    english = read(client.get(url, {"language": "en"}))

    assert f"Kelt: {hungarian_date(frozen_today)}" in text and frozen_today.isoformat() not in text
    assert "A szövetség elnöke" in text and "A főzsűri vezetője" in text and "aláírás" in text
    assert f"Issued on {frozen_today.day} {frozen_today:%B} {frozen_today.year}" in english
    assert "President of the association" in english and "Chief of the jury" in english


def test_the_signature_lines_stand_below_a_space_to_sign(client):
    """The signature lines sit at the foot of the page, well below the last line of the text."""
    trophy_register(1)
    award = CupAward.objects.get()
    reader = PdfReader(io.BytesIO(client.get(reverse("certificates:cup_award", args=[award.pk])).content))
    heights = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            heights.setdefault(text.strip(), tm[4] * cm[1] + tm[5] * cm[3] + cm[5])  # up the page

    reader.pages[0].extract_text(visitor_text=visit)
    role = next(y for text, y in heights.items() if "elnöke" in text)
    trophy_line = next(y for text, y in heights.items() if "trófeapont" in text)
    assert trophy_line - role > 60  # points: over 2 cm of room between the text and the signatures
def test_a_championship_place_has_no_certificate_until_the_season_is_closed(client):
    season, _teams = championship_season(teams=4, rounds=1)
    page = client.get(reverse("public:championship", args=[2025]))
    first = next(row for row in page.context["table"].data if row["place"] == 1)
    url = reverse("certificates:championship", args=[2025, first["team_id"]])
    assert client.get(url).status_code == 404
    assert url not in page.content.decode()

    closed(season)

    assert client.get(url).status_code == 200


@pytest.mark.parametrize(("day", "written"), [
    (1, "2026. március 1-jén"), (2, "2026. március 2-án"), (11, "2026. március 11-én"), (10, "2026. március 10-én"),
    (12, "2026. március 12-én"), (20, "2026. március 20-án"), (21, "2026. március 21-én"),
    (23, "2026. március 23-án"), (30, "2026. március 30-án"), (31, "2026. március 31-én")])
def test_a_day_in_a_certificates_sentence_takes_its_hungarian_case_ending(day, written):
    with translation.override("hu"):
        assert certificate_day_on(datetime.date(2026, 3, day)) == written
    with translation.override("en"):
        assert certificate_day_on(datetime.date(2026, 3, day)) == f"{day} March 2026"
