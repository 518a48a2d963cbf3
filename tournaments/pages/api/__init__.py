"""The public read-only API (``/api/v1/``): the standings, the Cup, Grand Prix results, the
free-game table, the trophy register, teams and confirmed matches as JSON, for the association's
website and anyone else. No login, GET only, open to every origin; confirmed matches only. Every
figure comes from the same functions the public pages call."""
