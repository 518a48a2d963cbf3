"""The jury's match-day screen's WebSocket: told when the players' hands change (entered, sent
back, accepted: tournaments.recording.player_entry.tell_the_jury), the screen asks for itself
again (static/tournaments/live.js). Jurors only; the message carries nothing of a match."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tournaments.core.roles import ENTER
from tournaments.recording.jury_screen import JURY_GROUP


class MatchDayConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not await database_sync_to_async(user.has_perm)(ENTER):
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(JURY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(JURY_GROUP, self.channel_name)

    async def players_changed(self, event):
        await self.send_json({"changed": True})
