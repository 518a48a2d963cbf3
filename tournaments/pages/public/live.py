"""Pages for match days: the day's matches with their state, and a big-screen view of the Cup
bracket and the day's matches for a projector at the venue. They are told of every change rather
than asking for it: their #live block (live_pages) is pushed to them over a WebSocket after every
change of the public data (live_socket, static/tournaments/live.js), and a page whose socket stays
down asks for itself now and then, an unchanged page costing a 304 (tournaments.site.public_cache).

A match's score is shown only once it is confirmed (two jurors); before that only its state."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from tournaments.core.models import public_data
from tournaments.reads.standings import get_season

from .live_pages import big_screen_context, big_screen_cup, page_block


@require_safe
def today(request):
    """Today's matches, all competitions. Queries: the public data version, the matches with their
    teams (none when the block was rendered under that version already)."""
    live = page_block(request, public_data.current())
    return render(request, "public/today.html", {"day": timezone.localdate(), "live": live})


@require_safe
def big_screen(request, year):
    """The Cup bracket and today's matches, large, for a projector. Queries: the public data
    version, season, the Cup; today's matches and the Cup's ties and their matches when the block
    was not rendered under that version yet."""
    version = public_data.current()  # before the data shown
    season = get_season(year)
    competition = big_screen_cup(season)
    live = page_block(request, version, lambda: big_screen_context(season, competition))
    return render(request, "public/big_screen.html", {"season": season, "live": live})
