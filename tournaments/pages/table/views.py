"""The online table's pages: open a table, run it, join a seat by its link, play, watch."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST, require_safe

from scoring.cards import PACK
from tournaments.core import words
from tournaments.core.lines import match_teams, role_name
from tournaments.core.models import Table, TableSeat
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.core.roles import answer_refusal
from tournaments.recording import tables

from . import seat_views
from .broadcast import table_changed
from .consumers import SESSION_KEY
from .forms import SEAT_LABELS, FreeGameTableForm, MatchTableForm, ReasonForm, SubstituteForm

SEATED = TableSeat.objects.select_related("player")
WITH_TEAMS = Table.objects.select_related("match__team_a", "match__team_b")


@require_safe
def index(request):
    """The tables being played (anyone may watch), and for organisers and chief jurors the forms to
    open one."""
    live = (Table.objects.filter(state__in=(Table.State.OPEN, Table.State.ADJOURNED))
            .select_related("match__team_a", "match__team_b").prefetch_related(Prefetch("seats", queryset=SEATED)))
    context = {"tables": live, "may_open": tables.may_open(request.user),
               "my_seats": seat_views.seats_of_account(request.user)}
    if context["may_open"]:
        context.update(match_form=MatchTableForm(), free_form=FreeGameTableForm())
    return render(request, "table/index.html", context)


def _check_may_run(table, user) -> None:
    try:
        tables.check_may_run(table, user)
    except NotAllowed:
        raise PermissionDenied from None


def _links(request, table, links):
    """The seat links, shown once on the page that made them."""
    return {seat: request.build_absolute_uri(reverse("table:join", args=[secret])) for seat, secret in links.items()}


@login_required
@require_POST
def open_table(request):
    if not tables.may_open(request.user):
        raise PermissionDenied
    if "match" in request.POST:
        form = MatchTableForm(request.POST)
        options = lambda: {"match": form.cleaned_data["match"]}  # noqa: E731
    else:
        form = FreeGameTableForm(request.POST)
        options = lambda: {"free_games": form.cleaned_data["free_games"],  # noqa: E731
                           "players": {seat: form.cleaned_data[seat] for seat in SEAT_LABELS}}
    if form.is_valid():
        try:
            table, links = tables.open_table(user=request.user, **options())
        except Refused as refused:
            answer_refusal(request, refused, form)
        else:
            return _manage_page(request, table, links=_links(request, table, links))
    forms = {"match_form": form if "match" in request.POST else MatchTableForm(),
             "free_form": form if "match" not in request.POST else FreeGameTableForm()}
    return render(request, "table/index.html", {"tables": [], "may_open": True, **forms}, status=400)


def _manage_page(request, table, *, links=None, status=200):
    state = tables.load(table)
    return render(request, "table/manage.html", {
        "table": table, "state": state, "seats": table.seats.select_related("player"), "links": links or {},
        "seat_labels": SEAT_LABELS, "reason_form": ReasonForm(), "substitute_form": SubstituteForm(),
        "finished_hands": range(1, state.finished_count + 1),
    }, status=status)


@login_required
@require_safe
def manage(request, pk):
    table = get_object_or_404(Table, pk=pk)
    _check_may_run(table, request.user)
    return _manage_page(request, table)


@login_required
@require_POST
def act(request, pk, action):
    """The organiser's hand on a table: a new seat link, adjourn, resume, abandon, a substitute."""
    table = get_object_or_404(Table, pk=pk)
    _check_may_run(table, request.user)
    links = None
    try:
        if action == "link":
            seat = request.POST.get("seat", "")
            if seat not in SEAT_LABELS:
                raise Http404
            links = _links(request, table, {seat: tables.new_seat_link(table, seat, request.user)})
        elif action == "resume":
            tables.resume(table, request.user)
        elif action in ("adjourn", "abandon"):
            reason = ReasonForm(request.POST)
            text = reason.cleaned_data["reason"] if reason.is_valid() else ""
            (tables.adjourn if action == "adjourn" else tables.abandon)(table, request.user, text)
        elif action == "substitute":
            form = SubstituteForm(request.POST)
            if not form.is_valid():
                raise Refused([str(error) for errors in form.errors.values() for error in errors])
            tables.seat_substitute(table, form.cleaned_data["seat"], form.cleaned_data["player"], request.user)
        else:
            raise Http404
    except Refused as refused:
        answer_refusal(request, refused)
        table.refresh_from_db()
        return _manage_page(request, table, status=400)
    table.refresh_from_db()
    table_changed(table)
    if links:
        return _manage_page(request, table, links=links)
    return redirect("table:manage", pk=table.pk)


@require_safe
def join(request, secret):
    """A seat link: the seat is kept in this browser's session and the page opens on it, so the
    link's secret is not left in the address bar."""
    table_seat = tables.seat_of_link(secret)
    if table_seat is None:
        return render(request, "table/link_ended.html", status=404)
    seats = dict(request.session.get(SESSION_KEY, {}))
    seats[str(table_seat.table_id)] = secret
    request.session[SESSION_KEY] = seats
    return redirect("table:play", pk=table_seat.table_id)


# The four places around the table, in the order of play from the reader's own seat at the bottom
# (R2: play moves to the right).
PLACES = ("bottom", "right", "top", "left")
# The faces of the cards as they print: the IV trump reads IIII (R1).
TRUMP_FACES = {"IV": "IIII", "Fool": "skíz"}


def _card_words() -> dict:
    """Each card of the pack in the association's words: its name, what its button shows, its suit
    (``t`` for a trump) and the short forms a player may type to pick it (``trk``, ``21``, ``skíz``)."""
    cards = {}
    for order, card in enumerate(sorted(PACK, key=lambda card: card.sort_key)):
        text = str(card)
        if card.is_trump:
            spellings = [text, "" if card.is_fool else str(card.trump), *words.term(words.TRUMP, text).spellings]
            face, suit = (words.card_name(text) if text == "Fool" else TRUMP_FACES.get(text, text)), "t"
        else:
            rank, suit = text[:-1], text[-1]
            ranks, suits = words.term(words.RANK, rank).spellings, words.term(words.SUIT, suit).spellings
            spellings = [f"{a}{b}" for s_ in suits for r in ranks for a, b in ((s_, r), (r, s_))]
            face = words.short(words.RANK, rank).upper() if rank != "10" else "10"
        cards[text] = {"name": words.card_name(text), "face": face, "suit": suit, "order": order,
                       "typed": sorted({words.fold(spelling).replace(" ", "") for spelling in spellings if spelling})}
    return cards


def _seat_words(table) -> dict:
    """The teams as the page names them (their names for a match, else A and B) and each seat's role
    in the association's words."""
    teams = match_teams(table.match) if table.match_id else None
    return {
        "roles": {seat: role_name(seat.partition(".")[2]) for seat in SEAT_LABELS},
        "teams": {team: (teams[team] if teams else _("Team %(team)s") % {"team": team}) for team in ("A", "B")},
    }


def script_words(table=None) -> dict:
    """What the page's script writes, in the page's language (with ``table``: its teams and roles;
    the big screen names each table's seats itself)."""
    return {
        **(_seat_words(table) if table is not None else {}),
        "cards": _card_words(),
        "suit_signs": {"h": "♥", "d": "♦", "s": "♠", "c": "♣"},
        "suit_words": {suit: words.suit_name(suit) for suit in ("hearts", "diamonds", "spades", "clubs")},
        "groups": {"t": pgettext("cards held", "Trumps"), **{letter: words.suit_name(letter) for letter in "hdsc"}},
        "playable": _("may be played"),
        "not_playable": _("may not be played now"),
        # Translators: under a card bound to a trick (R9): "→ 3." is "to trick 3".
        "bound_short": _("→ %(tricks)s."),
        "bound": _("bound to trick %(tricks)s (R9)"),
        "trick": _("Trick %(number)s of 10"),
        "trick_taken": _("Trick %(number)s, taken by %(seat)s"),
        "trick_none": _("No card played yet"),
        "announcing": _("Announcements"),
        "cards_left": _("%(count)s cards"),
        "led": _("led"),
        "takes": _("takes the trick"),
        "to_act_mark": _("to act"),
        "you": _("you"),
        "attack": _("Attacking: %(team)s"),
        "dealer": _("Dealer: %(seat)s"),
        "pass": _("passes"),
        "announces": _("announces"),
        "raised": _("raised later"),
        "contra_on": _("Contra on %(feast)s, announced by %(seat)s"),
        "contra_said": _("contra on %(feast)s (%(seat)s's announcement)"),
        "contras": {"partner": _("partner's contra"), "opponents": _("opponents' contra")},
        "nothing_said": _("Nothing announced yet."),
        "announce_feast": _("Announce a feast (%(count)s to choose from)"),
        # Translators: a family of feasts offered, folded, with how many of them may be announced.
        "family": _("%(family)s (%(count)s)"),
        "tricks_won": _("Tricks won"),
        "tricks_won_in": _("Tricks won in hand %(number)s"),
        "categories": {
            "message": _("Messages"), "material premium": _("Honours and high trumps"),
            "free pass": _("Play and its raises"), "bound trick": _("Bound tricks"),
            "magnified feast": _("Magnified feasts"), "flight feast": _("Pheasants and falcons"),
            "intercept feast": _("Captures"), "extra": _("Other feasts"), "little trophy": _("Little trophies"),
            "trophy": _("Trophies"),
        },
        "last_hand": _("Hand %(number)s: %(A)s, %(B)s"),
        "hand_of": _("Hand %(number)s of %(hands)s"),
        "over": _("The match is over: every hand is played."),
        "sum": _("Sum of the hands"),
        "match_score": _("Match score (R13: the sum divided by 8)"),
        "your_turn_announce": _("Your turn: announce, give a contra or pass."),
        "your_turn_play": _("Your turn: play a card."),
        "title_your_turn": _("Your turn"),
        "your_turn_lead": _("Your turn: lead to the trick."),
        "waiting_for": _("Waiting for %(seat)s."),
        "to_act": _("%(seat)s to act."),
        "adjourned": _("The table is adjourned: %(reason)s. Play goes on where it stopped when the organiser "
                       "resumes it."),
        "abandoned": _("The table is abandoned: %(reason)s."),
        "connected": _("Connected."),
        "restored": _("Connection restored: the table is as it stands now."),
        "reconnecting": _("Connection lost; reconnecting…"),
        "not_sent": _("The connection is lost, so your move was not sent; make it again once it is restored."),
        "closed": _("This seat is closed."),
    }


@require_safe
def play(request, pk):
    table = get_object_or_404(WITH_TEAMS, pk=pk)
    secret = request.session.get(SESSION_KEY, {}).get(str(table.pk))
    table_seat = tables.seat_of_link(secret)
    if table_seat is None and secret and table.state in (Table.State.FINISHED, Table.State.ABANDONED):
        return redirect("table:watch", pk=table.pk)  # a player's table has ended: its last state, as watched
    if table_seat is None or table_seat.table_id != table.pk:
        table_seat = seat_views.seat_of_account(table.pk, request.user)  # a player with a login
    if table_seat is None:
        raise PermissionDenied(_("A seat at a table opens from its seat link; the organiser of the table gives it."))
    return render(request, "table/play.html", {"table": table, "table_seat": table_seat,
                                               "socket": f"/ws/table/{table.pk}/seat/", "words": script_words(table),
                                               "places": PLACES})


@require_safe
def watch(request, pk):
    """A spectator's or the big screen's view: tricks as played, no card held."""
    table = get_object_or_404(WITH_TEAMS, pk=pk)
    return render(request, "table/play.html", {"table": table, "table_seat": None,
                                               "socket": f"/ws/table/{table.pk}/watch/", "words": script_words(table),
                                               "places": PLACES})
