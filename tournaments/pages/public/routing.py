"""The live pages' WebSocket addresses: ``/ws/live`` followed by the page's own path (live_socket)."""

from django.urls import re_path

from . import live_socket

websocket_urlpatterns = [
    re_path(r"^ws/live(?P<page>/.*)$", live_socket.LivePageConsumer.as_asgi()),
]
