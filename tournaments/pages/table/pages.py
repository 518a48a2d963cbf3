"""The pages around play (issue 25): the big screen of every table of an event, the replay of a
finished hand trick by trick, and each team's score so far for the big screen.

The big screen opens one WebSocket a table on the spectators' group (WatchConsumer): every move
already sends that group its view, in each language, whether anyone watches or not, so sixteen
tables on a projector add no work a move and no request; a poll would read and replay each table
again every few seconds. Only the score so far is asked for over HTTP, once a hand, and it is
cached by the table and its count of finished hands.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.lines import seat_name
from tournaments.core.models import Competition, Table
from tournaments.recording import tables

from . import seat_views
from .consumers import SESSION_KEY
from .views import script_words


def _board(table: Table) -> dict:
    """What the big screen draws of a table before its socket speaks: the teams, the players by
    seat, and each team's score so far."""
    state = tables.load(table)
    teams = seat_views.team_names(table)
    named = teams if table.match_id else None  # a free game's pairs are named by their players
    seated = sorted(table.seats.all(), key=lambda seat: tables.SEATS.index(seat.seat))
    seats = [{"seat": seat.seat, "player": str(seat.player or ""), "label": seat_name(seat.seat, named)}
             for seat in seated]
    # A free game's pairs are named by their seats' letters on the screen: the players sit below.
    rows = teams if table.match_id else {"A": "A", "B": "B"}
    return {"table": table, "teams": teams, "rows": rows, "seats": seats,
            "totals": seat_views.scores_so_far(table, state), "hand_number": min(state.hand_number, 8)}


def _render_board(request, title, competition=None, live=()):
    boards = [_board(table) for table in live]
    # Who is to act and who announced are named by the player, short enough to read from the back.
    names = {board["table"].pk: {seat["seat"]: seat["player"] or seat["label"] for seat in board["seats"]}
             for board in boards}
    words = {**script_words(), "seat_names": names}
    return render(request, "table/board.html", {"title": title, "competition": competition, "boards": boards,
                                                "words": words})


@require_safe
def board_all(request):
    """Every table being played, on one screen."""
    return _render_board(request, _("All tables being played"), live=seat_views.live_tables())


@require_safe
def board(request, competition):
    """The tables of one competition or event (its matches' and its free games')."""
    found = get_object_or_404(Competition.objects.select_related("season"), pk=competition)
    return _render_board(request, found.name, competition=found,
                         live=seat_views.live_tables(competition_id=found.pk))


@require_safe
def scores(request, pk):
    """Each team's score so far at the table, asked by the big screen when a hand ends."""
    table = get_object_or_404(Table, pk=pk)
    state = tables.load(table)
    totals = seat_views.scores_so_far(table, state)
    return JsonResponse({"hands_done": state.finished_count, "totals": totals})


def _replay_table(request, pk) -> Table:
    related = ("match__team_a", "match__team_b", "match__competition__season", "free_games")
    table = get_object_or_404(Table.objects.select_related(*related), pk=pk)
    if not seat_views.may_see_replay(table, request.user, request.session.get(SESSION_KEY, {})):
        raise PermissionDenied(_("An official match's hands are replayed for the public once the match is "
                                 "confirmed; before that, for the jury and the table's players."))
    return table


@require_safe
def replay(request, pk, number):
    """A finished hand, trick by trick: the deal, the calls in order, each trick, the scores."""
    table = _replay_table(request, pk)
    hand = seat_views.replay(table, number)
    if hand is None:
        raise Http404(_("This hand of the table is not finished."))
    done = seat_views.finished_count(table)
    return render(request, "table/replay.html", {
        "table": table, "hand": hand, "done": done,
        "previous": number - 1 if number > 1 else None, "next": number + 1 if number < done else None,
        "words": {"step": _("Step %(number)s of %(count)s"), "all": _("Show every step")},
    })

