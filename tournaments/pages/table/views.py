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

from tournaments.core.models import Table, TableSeat
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.core.roles import answer_refusal
from tournaments.recording import table_views, tables

from .broadcast import table_changed
from .consumers import SESSION_KEY
from .forms import SEAT_LABELS, FreeGameTableForm, MatchTableForm, ReasonForm, SubstituteForm

SEATED = TableSeat.objects.select_related("player")


@require_safe
def index(request):
    """The tables being played (anyone may watch), and for organisers and chief jurors the forms to
    open one."""
    live = (Table.objects.filter(state__in=(Table.State.OPEN, Table.State.ADJOURNED))
            .select_related("match__team_a", "match__team_b").prefetch_related(Prefetch("seats", queryset=SEATED)))
    context = {"tables": live, "may_open": tables.may_open(request.user),
               "my_seats": table_views.seats_of_account(request.user)}
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


def _words() -> dict:
    """What the page's script writes, in the page's language."""
    return {
        "seats": {seat: str(label) for seat, label in SEAT_LABELS.items()},
        "suits": {"h": _("hearts"), "d": _("diamonds"), "s": _("spades"), "c": _("clubs")},
        "suit_words": {"hearts": _("hearts"), "diamonds": _("diamonds"), "spades": _("spades"), "clubs": _("clubs")},
        "suit_signs": {"h": "♥", "d": "♦", "s": "♠", "c": "♣"},
        "ranks": {"K": _("King"), "Q": _("Queen"), "C": _("Cavalier"), "V": _("Valet"), "10": "10"},
        # Translators: the one-letter marks of King, Queen, Cavalier and Valet on a card button.
        "rank_letters": {"K": pgettext("card", "K"), "Q": pgettext("card", "Q"), "C": pgettext("card", "C"),
                         "V": pgettext("card", "V"), "10": "10"},
        "fool": _("Fool"),
        "playable": _("may be played"),
        "trick": _("Trick %(number)s"),
        "trick_none": _("The trick"),
        "tricks_won": _("Tricks won: A %(A)s, B %(B)s"),
        "contra_on": _("Contra on %(feast)s (%(seat)s)"),
        "contras": {"partner": _("partner's contra"), "opponents": _("opponents' contra")},
        "last_hand": _("Hand %(number)s: A %(A)s, B %(B)s"),
        "hand_of": _("Hand %(number)s of %(hands)s."),
        "over": _("Every hand of the table is played."),
        "your_turn_announce": _("Your turn: announce, contra or pass."),
        "your_turn_play": _("Your turn: play a card."),
        "to_act": _("%(seat)s to act."),
        "connected": _("Connected."),
        "reconnecting": _("Connection lost; reconnecting…"),
        "closed": _("This seat is closed."),
    }


@require_safe
def play(request, pk):
    table = get_object_or_404(Table, pk=pk)
    secret = request.session.get(SESSION_KEY, {}).get(str(table.pk))
    table_seat = tables.seat_of_link(secret)
    if table_seat is None or table_seat.table_id != table.pk:
        table_seat = table_views.seat_of_account(table.pk, request.user)  # a player with a login
    if table_seat is None:
        raise PermissionDenied(_("A seat at a table opens from its seat link; the organiser of the table gives it."))
    return render(request, "table/play.html", {"table": table, "table_seat": table_seat,
                                               "socket": f"/ws/table/{table.pk}/seat/", "words": _words()})


@require_safe
def watch(request, pk):
    """A spectator's or the big screen's view: tricks as played, no card held."""
    table = get_object_or_404(Table, pk=pk)
    return render(request, "table/play.html", {"table": table, "table_seat": None,
                                               "socket": f"/ws/table/{table.pk}/watch/", "words": _words()})
