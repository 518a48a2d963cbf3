"""The OpenAPI 3.1 description of /api/v1/: every path and the shape of its answer. The tests read
each answer against the schema named here, so the description cannot drift from the views."""

from .http import api_view


def obj(properties, nullable=False):
    schema = {"type": ["object", "null"] if nullable else "object", "required": list(properties),
              "properties": properties}
    return schema


def ref(name, nullable=False):
    return {"oneOf": [{"$ref": f"#/components/schemas/{name}"}, {"type": "null"}]} if nullable else {
        "$ref": f"#/components/schemas/{name}"}


def array(items):
    return {"type": "array", "items": items}


INT = {"type": "integer"}
INT_OR_NULL = {"type": ["integer", "null"]}
NUMBER_OR_NULL = {"type": ["number", "null"]}
TEXT = {"type": "string"}
TEXT_OR_NULL = {"type": ["string", "null"]}
URL = {"type": "string", "format": "uri"}
URL_OR_NULL = {"type": ["string", "null"], "format": "uri"}
DATE = {"type": "string", "format": "date"}
DATE_OR_NULL = {"type": ["string", "null"], "format": "date"}
BOOL = {"type": "boolean"}

SCHEMAS = {
    "Team": obj({"id": INT, "name": TEXT, "url": URL}),
    "Player": obj({"id": INT, "name": TEXT, "membership_number": {
        "type": "string",
        "description": "The association's membership number: it tells apart players who share a name"}}),
    "Feast": obj({"id": TEXT, "name": TEXT}),
    "Competition": obj({"id": INT, "kind": {"enum": ["championship", "cup", "grand_prix", "free_games"]},
                        "name": TEXT, "slug": TEXT, "starts": DATE_OR_NULL, "place": TEXT, "url": URL}),
    "Index": obj({"version": TEXT, "openapi": URL, "seasons": URL, "register": URL}),
    "SeasonSummary": obj({"year": INT, "url": URL, "competitions": array(ref("Competition"))}),
    "Seasons": obj({"seasons": array(ref("SeasonSummary"))}),
    "Season": obj({"year": INT, "competitions": array(ref("Competition")), "teams": array(ref("Team"))}),
    "ChampionshipRow": obj({"place": INT, "team": ref("Team"), "played": INT, "total": INT,
                            "average": NUMBER_OR_NULL, "best": INT_OR_NULL}),
    "Championship": obj({"season": INT, "name": TEXT, "match_limit": INT, "rows": array(ref("ChampionshipRow"))}),
    "TieMatch": obj({"id": INT, "url": URL, "played_on": DATE, "score_a": INT, "score_b": INT,
                     "sum_a": INT, "sum_b": INT}),
    "PlayOff": obj({"id": INT, "url": URL, "played_on": DATE, "hand_sum_a": INT, "hand_sum_b": INT}),
    "Tie": obj({"slot": INT, "team_a": ref("Team", True), "team_b": ref("Team", True),
                "state": {"enum": ["not_started", "in_progress", "play_off_needed", "play_off_in_progress",
                                   "decided"]},
                "matches": array(ref("TieMatch")), "sums": obj({"a": INT, "b": INT}),
                "play_offs": array(ref("PlayOff")), "winner": ref("Team", True)}),
    "CupRound": obj({"round": INT, "name": TEXT, "date": DATE, "ties": array(ref("Tie"))}),
    "Cup": obj({"season": INT, "name": TEXT, "drawn": BOOL,
                "entries": array(ref("Team")) | {
                    "description": "Every team entered, in the order they entered, before and after the draw"},
                "rounds": array(ref("CupRound")),
                "standing": obj({"winner": ref("Team", True), "runner_up": ref("Team", True),
                                 "bronze": array(ref("Team"))})}),
    "TieBreak": obj({"kind": {"enum": ["best_match", "trophy", "shared"]}, "level": INT_OR_NULL,
                     "above": {}, "below": {}, "text": TEXT}, nullable=True),
    "GrandPrixRow": obj({"place": INT, "team": ref("Team"), "played": INT, "total": INT, "best": INT_OR_NULL,
                         "trophies": array(ref("Feast")), "tie_break": ref("TieBreak")}),
    "Pairing": obj({"id": INT, "played_on": DATE, "team_a": ref("Team"), "team_b": ref("Team"),
                    "confirmed": BOOL, "url": URL_OR_NULL, "hand_sum_a": INT_OR_NULL, "hand_sum_b": INT_OR_NULL}),
    "GrandPrix": obj({"season": INT, "name": TEXT, "slug": TEXT, "starts": DATE_OR_NULL, "place": TEXT,
                      "rows": array(ref("GrandPrixRow")), "pairings": array(ref("Pairing"))}),
    "FreeGameRow": obj({"place": INT, "player": ref("Player"), "games": INT, "points": INT}),
    "FreeGames": obj({"season": INT, "name": TEXT, "rows": array(ref("FreeGameRow")),
                      "winners": array(ref("Player"))}),
    "RegisterRow": obj({"place": INT, "player": ref("Player"), "points": INT, "trophies": INT,
                        "best_trophy": ref("Feast", True), "cups": array(INT)}),
    "CupAwarded": obj({"id": INT, "player": ref("Player"), "threshold": INT, "awarded_on": DATE,
                       "reached_by": obj({"trophy": ref("Feast"), "won_on": DATE})}),
    "Register": obj({"rows": array(ref("RegisterRow")), "cups_awarded": array(ref("CupAwarded"))}),
    "TeamMatch": obj({"id": INT, "url": URL, "played_on": DATE, "competition": ref("Competition"),
                      "kind": {"enum": ["regular", "tie_breaker"]}, "opponent": ref("Team"),
                      "score": INT_OR_NULL, "against": INT_OR_NULL, "hand_sum": INT_OR_NULL,
                      "hand_sum_against": INT_OR_NULL}),
    "TeamDetail": obj({"id": INT, "name": TEXT, "season": INT,
                       "players": obj({"driver": ref("Player"), "catcher": ref("Player"),
                                       "substitute": ref("Player", True)}),
                       "matches": array(ref("TeamMatch"))}),
    "Line": obj({"item": TEXT, "points": INT}),
    "Hand": {"type": "object", "required": ["number", "attackers", "holdings", "announcements", "score_a", "score_b",
                                            "raw_a", "raw_b", "lines"],
             "description": "The hand's facts as in the association's record format (holdings, announcements, "
                            "silent premiums, or the deal and tricks), its scores and the engine's lines. A Number "
                            "of a Suit or Trumps announcement has its number (R6a), except in hands stored before "
                            "messages said it.",
             "properties": {"number": INT, "attackers": {"enum": ["A", "B"]}, "holdings": {"type": "object"},
                            "announcements": array({"type": "object"}), "silent": array({"type": "object"}),
                            "deal": {"type": "object"}, "tricks": array(array(TEXT)),
                            "score_a": INT, "score_b": INT, "raw_a": INT, "raw_b": INT,
                            "lines": obj({"A": array(ref("Line")), "B": array(ref("Line"))})}},
    "MatchDetail": obj({"id": INT, "season": INT, "competition": ref("Competition"),
                        "kind": {"enum": ["regular", "tie_breaker"]}, "played_on": DATE, "place": TEXT,
                        "team_a": ref("Team"), "team_b": ref("Team"),
                        "players": obj({seat: ref("Player", True) for seat in
                                        ("A.driver", "A.catcher", "B.driver", "B.catcher")}),
                        "score_a": INT, "score_b": INT, "hand_sum_a": INT, "hand_sum_b": INT,
                        "hands": array(ref("Hand"))}),
}

SCHEMAS["Error"] = obj({"detail": {"type": "string",
                                    "description": "What went wrong, in words, in the language asked for"}})

YEAR = {"name": "year", "in": "path", "required": True, "schema": INT}
ACCEPT_LANGUAGE = {
    "name": "Accept-Language", "in": "header", "required": False, "schema": {"type": "string", "example": "hu"},
    "description": "en or hu (the default): names of feasts and cup rounds, and every error's detail."}
CORS = {"Access-Control-Allow-Origin": {"schema": TEXT, "description": "*: any origin may read"}}


def error(description):
    return {"description": description, "headers": CORS,
            "content": {"application/json": {"schema": ref("Error")}}}


PATHS = [
    # (path, schema, summary, parameters)
    ("/", "Index", "Where everything is", []),
    ("/seasons/", "Seasons", "Every season with its competitions", []),
    ("/seasons/{year}/", "Season", "A season's competitions and teams", [YEAR]),
    ("/seasons/{year}/championship/", "Championship", "The Team Championship table (R15)", [YEAR]),
    ("/seasons/{year}/cup/", "Cup", "The Hungarian Cup: every tie and the final standing (R16)", [YEAR]),
    ("/seasons/{year}/grand-prix/{slug}/", "GrandPrix",
     "A Grand Prix event's results with the tie-break deciding each place, and its pairings (R17)",
     [YEAR, {"name": "slug", "in": "path", "required": True, "schema": TEXT}]),
    ("/seasons/{year}/free-games/", "FreeGames", "The free-game table of the year (R18)", [YEAR]),
    ("/seasons/{year}/teams/{team_id}/", "TeamDetail", "A team, its players and its confirmed matches",
     [YEAR, {"name": "team_id", "in": "path", "required": True, "schema": INT}]),
    ("/seasons/{year}/matches/{match_id}/", "MatchDetail",
     "A confirmed match with its hands and the engine's lines (404 until it is confirmed)",
     [YEAR, {"name": "match_id", "in": "path", "required": True, "schema": INT}]),
    ("/register/", "Register", "The national trophy register and the cups awarded (R20)", []),
]


def operation(schema, summary, parameters):
    return {"get": {
        "summary": summary, "parameters": parameters + [{
            "name": "If-None-Match", "in": "header", "required": False, "schema": TEXT,
            "description": "An ETag from an earlier answer: 304 Not Modified when nothing changed."},
            ACCEPT_LANGUAGE],
        "responses": {
            "200": {"description": "OK", "headers": {"ETag": {"schema": TEXT}} | CORS,
                    "content": {"application/json": {"schema": ref(schema)}}},
            "304": {"description": "Not modified since the ETag given"},
            "404": error("No such season, competition, team or confirmed match"),
            "500": error("The server failed; nothing was changed (the API only reads)"),
        }}}


def document(server_url):
    return {
        "openapi": "3.1.0",
        "info": {"title": "Royal Tarokk tournaments: public API", "version": "1",
                 "description": "Read-only results of the association's competitions. No login; any origin may "
                                "read (CORS). Only confirmed matches appear. Each answer carries an ETag; send it "
                                "back in If-None-Match to get 304 when nothing changed. Names of feasts and cup "
                                "rounds follow the Accept-Language header (en, hu), and so does the detail of an "
                                "error, which is JSON: {\"detail\": \"...\"}."},
        "servers": [{"url": server_url}],
        "paths": {path: operation(schema, summary, parameters) for path, schema, summary, parameters in PATHS},
        "components": {"schemas": SCHEMAS},
    }


def schema_of(path):
    """The schema name of a path template, e.g. "/seasons/{year}/cup/" -> "Cup"."""
    return next(schema for template, schema, _summary, _parameters in PATHS if template == path)


@api_view
def description(request):
    return document(request.build_absolute_uri("/api/v1"))
