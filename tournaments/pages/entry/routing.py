"""The jury's WebSocket addresses: the match-day screen (match_day_socket)."""

from django.urls import path

from . import match_day_socket

websocket_urlpatterns = [
    path("ws/jury/match-day/", match_day_socket.MatchDayConsumer.as_asgi()),
]
