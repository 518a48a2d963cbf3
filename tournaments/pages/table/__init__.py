"""The online table's pages and WebSocket consumers (issue 25): the player's seat, the spectators'
and big screen's view, the organiser's page of a table. The rules and the state are in
tournaments.recording.tables; the consumers only carry messages."""
