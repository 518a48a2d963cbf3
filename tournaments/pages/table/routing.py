"""The online table's WebSocket addresses."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/table/<int:table>/seat/", consumers.SeatConsumer.as_asgi()),
    path("ws/table/<int:table>/watch/", consumers.WatchConsumer.as_asgi()),
]
