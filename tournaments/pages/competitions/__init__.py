"""The jury's and organisers' competition pages (``/jury/competitions/``): where a Grand Prix
match counts (R17), free games and variant hands entered (R18), the Cup's entries, draw and ties'
calendar (R16), a Grand Prix event's entrants and pairings (R17). The rules they call are
tournaments.core.competitions'; a match's life is tournaments.recording.matches'."""
