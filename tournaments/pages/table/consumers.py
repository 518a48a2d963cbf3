"""The online table over WebSockets (Django Channels), thin as Tabbycat's results consumers: who
may connect and to which group are mixins; the state is in the database
(tournaments.recording.tables); the channel layer only carries the views to send.

A seat's connection finds its seat by the seat link the browser opened (kept in the session, never
sent again), so a reload or a dropped connection comes back to the same seat and cards.
"""

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.table import IllegalMove
from tournaments.core.models import Table
from tournaments.core.refusals import Refused
from tournaments.recording import table_views, tables

from .broadcast import seat_group, send_views, watch_group
from .wording import refusal_text

SESSION_KEY = "table_seats"  # {table id: seat link secret}


class TableScopeMixin:
    """The table named by the address, and its group joined (and left on disconnect: ``groups``)."""

    def table_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["table"])

    def join(self, group: str) -> None:
        self.groups = [group]
        async_to_sync(self.channel_layer.group_add)(group, self.channel_name)


class SeatLinkMixin(TableScopeMixin):
    """The seat this browser joined by its link, or None."""

    def seat_from_session(self):
        session = self.scope.get("session")
        secret = (session or {}).get(SESSION_KEY, {}).get(str(self.table_id()))
        table_seat = tables.seat_of_link(secret)
        if table_seat is None or table_seat.table_id != self.table_id():
            return None
        return table_seat

    def seat_from_account(self):
        """The seat the logged-in user's player holds at this table (no seat link needed)."""
        user = self.scope.get("user")
        if user is None:
            return None
        return table_views.seat_of_account(self.table_id(), user)

    def seat_still_held(self, table_seat, by_account: bool):
        if by_account:
            return table_views.account_seat_still_held(table_seat, self.scope["user"])
        return tables.seat_still_held(table_seat)


class LanguageMixin:
    """The page's language, chosen as LocaleMiddleware chooses it for the page: the language cookie,
    else the browser's Accept-Language, else the site's default."""

    def language(self) -> str:
        request = HttpRequest()
        request.COOKIES = self.scope.get("cookies", {})
        headers = dict(self.scope.get("headers", []))
        request.META["HTTP_ACCEPT_LANGUAGE"] = headers.get(b"accept-language", b"").decode("latin-1")
        return translation.get_language_from_request(request)


class SeatConsumer(SeatLinkMixin, LanguageMixin, JsonWebsocketConsumer):
    """A player at their seat: sends moves, receives their own view after every change."""

    def connect(self):
        self.table_seat = self.seat_from_session()
        self.by_account = self.table_seat is None
        if self.by_account:
            self.table_seat = self.seat_from_account()
        if self.table_seat is None:
            self.close(code=4403)
            return
        self.join(seat_group(self.table_id(), self.table_seat.seat, self.language()))
        self.accept()
        with translation.override(self.language()):
            state = tables.load(self.table_seat.table)
            self.send_json({"type": "view", "view": tables.view(state, self.table_seat.seat)})

    def receive_json(self, content, **kwargs):
        move = content.get("move") if isinstance(content, dict) else None
        language = self.language()
        with translation.override(language):
            table_seat = self.seat_still_held(self.table_seat, self.by_account)
            if table_seat is None:
                self.send_json({"type": "refused", "code": "seat_closed", "message": _("This seat is closed.")})
                self.close(code=4403)
                return
            try:
                result = tables.make_move(table_seat, move)
            except IllegalMove as illegal:
                self.send_json({"type": "refused", "code": illegal.code, "message": refusal_text(illegal),
                                "ref": content.get("ref") if isinstance(content, dict) else None})
                return
            except Refused as refused:
                self.send_json({"type": "refused", "code": refused.code or "refused", "message": refused.text})
                return
        send_views(result.state)

    def table_view(self, event):
        self.send_json({"type": "view", "view": event["view"]})


class WatchConsumer(TableScopeMixin, LanguageMixin, JsonWebsocketConsumer):
    """A spectator or the big screen: every card played, no card held."""

    def connect(self):
        table = Table.objects.filter(pk=self.table_id()).first()
        if table is None:
            self.close(code=4404)
            return
        self.join(watch_group(table.pk, self.language()))
        self.accept()
        with translation.override(self.language()):
            self.send_json({"type": "view", "view": tables.view(tables.load(table), None)})

    def table_view(self, event):
        self.send_json({"type": "view", "view": event["view"]})
