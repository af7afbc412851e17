"""The OpenAPI 3.0 description of the JSON API, served at ``/api/openapi.json``.

It describes every HTTP route of the app but the page and its static files (games, records,
reviews, puzzles, the opening explorer, engines and variants) with the parameters and bodies
it takes and every answer it gives, errors included, so that tools can drive the API: the
fuzz harness ``fuzz/openapi.py`` generates requests from it with schemathesis (no answer may
be a 5xx, and every answer must be one described here). ``tests/robustness/test_fuzz.py``
checks that no route of the app is left out. The reference with examples stays
``docs/web.md``; the WebSockets ``/ws/games/{id}`` and ``/ws/online/{id}`` are described
there and in ``docs/online.md`` only (OpenAPI 3.0 has no words for them), and so is the page
``/online``. This module only describes; it must not handle requests.

>>> sorted(describe()["paths"])[:3]
['/api/engines', '/api/explorer', '/api/explorer/games/{eid}']
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

JSON = "application/json"
PDN = "application/x-pdn"
Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
NUM: Schema = {"type": "number"}
BOOL: Schema = {"type": "boolean"}
OBJ: Schema = {"type": "object"}
COLOR: Schema = {"type": "string", "enum": ["white", "black"]}
PLAYER: Schema = {"type": "string", "enum": ["human", "engine"]}
SIDE: Schema = {"type": "string", "enum": ["human", "engine", "online"]}
"""Who plays a side of a stored game (``online``: a person through a seat, see online.md)."""


def nullable(schema: Schema) -> Schema:
    return {**schema, "nullable": True}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def obj(properties: dict[str, Schema], *required: str) -> Schema:
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


TIME_CONTROL = nullable({"oneOf": [STR, obj({"initial": NUM, "increment": NUM})]})
NEW_GAME_PLAYERS = {"white": PLAYER, "black": PLAYER, "level": INT, "time_control": TIME_CONTROL}

SCHEMAS: dict[str, Schema] = {
    "Error": obj({"error": STR, "code": STR}, "error", "code"),
    "Move": obj({"notation": STR, "long": STR, "from": INT, "to": INT, "path": array(INT),
                 "captured": array(INT), "huff": nullable(INT)}, "notation", "from", "to"),
    "Position": obj({"variant": STR, "fen": STR, "turn": COLOR, "pieces": STR,
                     "legal_moves": array(ref("Move")), "result": nullable(STR),
                     "reason": nullable(STR)}, "fen", "turn", "legal_moves"),
    "Game": obj({"id": INT, "variant": STR, "start_fen": STR, "fen": STR, "turn": COLOR,
                 "ply": INT, "white": SIDE, "black": SIDE, "status": STR,
                 "legal_moves": array(ref("Move")), "moves": array(ref("Move")),
                 "positions": array(STR), "result": nullable(STR), "version": INT,
                 "tags": OBJ, "tree": nullable(OBJ)}, "id", "variant", "fen", "ply"),
    "GameList": obj({"games": array(obj({"id": INT, "variant": STR, "ply": INT,
                                         "result": nullable(STR), "status": STR})),
                     "total": INT}, "games", "total"),
    "Variant": obj({"name": STR, "title": STR, "size": INT, "squares_count": INT,
                    "first_player": COLOR, "first_player_choice": BOOL, "start_fen": STR,
                    "huffing": BOOL, "gametype": STR}, "name", "size", "start_fen"),
    "Engine": obj({"name": STR, "builtin": BOOL, "protocol": STR,
                   "variants": nullable(array(STR)), "analyse": BOOL}, "name"),
    "GameImport": obj({"imported": INT, "ids": array(INT), "games": array(ref("Game")),
                       "errors": array(OBJ)}, "imported", "ids"),
    "ReviewProgress": obj({"status": {"type": "string", "enum": [
        "queued", "running", "done", "cancelled", "failed"]}, "done": INT, "total": INT,
        "settings": obj({"seconds": nullable(NUM), "depth": nullable(INT)}),
        "error": STR}, "status"),
    "Review": obj({"status": STR, "settings": OBJ, "created": NUM,
                   "plies": array(obj({"ply": INT, "move": STR, "mark": nullable(STR)})),
                   "summary": OBJ}, "status"),
    "PuzzleStats": obj({"player": STR, "score": INT, "streak": INT, "best_streak": INT,
                        "solved": INT, "failed": INT}, "player", "score"),
    "Puzzle": obj({"id": INT, "variant": STR, "fen": STR, "side": COLOR, "steps": INT,
                   "title": nullable(STR), "source": nullable(STR), "kind": nullable(STR),
                   "position": ref("Position"), "stats": ref("PuzzleStats")},
                  "id", "variant", "fen", "position"),
    "PuzzleAnswer": obj({"result": {"type": "string", "enum": ["right", "wrong"]},
                         "solved": BOOL, "alternative": BOOL, "move": nullable(STR),
                         "reply": nullable(STR), "step": INT, "position": ref("Position"),
                         "stats": ref("PuzzleStats")}, "result", "solved", "step"),
    "Hint": obj({"level": INT, "from": INT, "move": STR}, "level", "from"),
    "PuzzleSolution": obj({"step": INT, "moves": array(obj({"notation": STR, "long": STR,
                                                             "from": INT, "to": INT,
                                                             "position": ref("Position")},
                                                            "notation", "position")),
                           "stats": ref("PuzzleStats")}, "step", "moves", "stats"),
    "PuzzleImport": obj({"name": STR, "added": INT, "duplicates": INT, "already": BOOL,
                         "rejected": array(STR)}, "added"),
    "ExplorerLookup": obj({"variant": STR, "fen": STR, "games_total": INT,
                           "moves": array(obj({"move": STR, "games": INT, "white": INT,
                                               "draws": INT, "black": INT,
                                               "rating": nullable(INT)})),
                           "games": array(OBJ), "top_games": array(OBJ),
                           "building": obj({"done": INT, "total": INT})}, "moves", "games"),
    "ExplorerSearch": obj({"total": INT, "page": INT, "per_page": INT,
                           "games": array(obj({"id": INT, "white": STR, "black": STR,
                                               "result": STR, "date": STR,
                                               "ply": nullable(INT)})),
                           "building": obj({"done": INT, "total": INT})},
                          "total", "games"),
    "ExplorerGame": obj({"id": INT, "variant": STR, "white": nullable(STR),
                         "black": nullable(STR), "result": nullable(STR), "moves": STR},
                        "id", "variant", "moves"),
    "ExplorerImport": obj({"name": STR, "games": INT, "skipped": INT, "already": BOOL,
                           "errors": array(STR)}, "games"),
    "ExplorerSources": obj({"sources": array(obj({"name": STR, "games": INT})), "games": INT},
                           "sources", "games"),
    "Challenge": obj({"id": STR, "by": STR, "variant": STR, "title": STR,
                      "time_control": nullable(OBJ), "color": STR, "rated": BOOL,
                      "public": BOOL, "status": STR, "game": nullable(INT),
                      "opponent": nullable(STR), "created": NUM, "mine": BOOL},
                     "id", "by", "variant", "status"),
    "OnlineGame": obj({"game": ref("Game"), "online": obj({
        "rated": BOOL, "players": OBJ, "you": array(COLOR), "seat_links": OBJ,
        "takeback": nullable(COLOR), "rematch": nullable(COLOR), "rematch_game": nullable(INT),
        "absence_ms": INT, "server_time": INT}, "players", "you")}, "game", "online"),
    "Rating": obj({"rating": INT, "deviation": INT, "games": INT, "provisional": BOOL},
                  "rating", "deviation"),
}


def _param(name: str, where: str, schema: Schema, about: str) -> Schema:
    return {"name": name, "in": where, "required": where == "path", "schema": schema,
            "description": about}


GID = _param("gid", "path", {"type": "integer", "minimum": 1}, "a game's id")
PID = _param("pid", "path", {"type": "integer", "minimum": 1}, "a puzzle's id")
EID = _param("eid", "path", {"type": "integer", "minimum": 1}, "a game of the explorer")
VARIANT_Q = _param("variant", "query", STR, "a variant name (default international)")
PLAYER_Q = _param("player", "query", {"type": "string", "maxLength": 40},
                  "the solver's name (default: default)")
NAME_Q = _param("name", "query", STR, "a name for the imported collection")

ERRORS = {
    400: "the body is not readable (bad JSON, nested too deep, bad Content-Length)",
    404: "no such game, node, puzzle, variant or route",
    409: "not possible now (game over, not your turn, nothing to take back ...)",
    413: "the body is too large (JSON 64 KB, PDN 5 MB)",
    415: "wrong Content-Type",
    422: "an invalid value (illegal move, bad FEN, unknown variant, out of range ...)",
    403: "refused: a spectator acting, a forged browser key or seat link, or a text/plain "
         "import without Origin or token (a form on another site could send it)",
    429: "too many wrong secrets from this address lately",
    503: "the database could not store the change: nothing was changed",
}
BODY_ERRORS = (400, 413, 415, 422)
"""What any route with a body may answer besides its own errors."""


def answers(ok: dict[int, Schema], *errors: int, media: str = JSON) -> Schema:
    """The responses: each success status with its schema, each error with the error body."""
    out: Schema = {str(status): {"description": "done", "content": {media: {"schema": schema}}}
                   for status, schema in ok.items()}
    for status in sorted(set(errors)):
        out[str(status)] = {"description": ERRORS[status],
                            "content": {JSON: {"schema": ref("Error")}}}
    return out


def json_body(properties: dict[str, Schema], *required: str) -> Schema:
    return {"required": True, "content": {JSON: {"schema": obj(properties, *required)}}}


PDN_BODY: Schema = {"required": True, "content": {
    "text/plain": {"schema": STR}, PDN: {"schema": STR}}}


def operation(summary: str, params: list[Schema], ok: dict[int, Schema], *errors: int
              ) -> Schema:
    """A GET or DELETE (no body)."""
    return {"summary": summary, "parameters": params, "responses": answers(ok, *errors)}


def post(summary: str, params: list[Schema], body: Schema, ok: dict[int, Schema],
         *errors: int) -> Schema:
    return {"summary": summary, "parameters": params, "requestBody": body,
            "responses": answers(ok, *BODY_ERRORS, *errors)}


def game_action(summary: str, body: Schema) -> Schema:
    """A POST that changes a game and answers its new state."""
    return {"post": post(summary, [GID], body, {200: ref("Game")}, 404, 409)}


def game_paths() -> dict[str, Schema]:
    """``/api/games`` and what acts on one game (:mod:`damier.web.routes.games_api`)."""
    wait = {"wait": BOOL}
    return {
        "/api/games": {
            "get": operation("saved games, most recently changed first", [
                _param("limit", "query", {"type": "integer", "minimum": 1, "maximum": 1000},
                       "games per page (100)"),
                _param("offset", "query", {"type": "integer", "minimum": 0}, "games skipped")],
                {200: ref("GameList")}, 422),
            "post": post("new game", [], json_body({
                "variant": STR, "fen": nullable(STR), **NEW_GAME_PLAYERS,
                "first_player": COLOR, "engine": STR,
                "tags": {"type": "object", "additionalProperties": STR}, **wait}),
                {201: ref("Game")}, 409)},
        "/api/games/import": {"post": post(
            "PDN text to games", [VARIANT_Q],
            {"required": True, "content": {**PDN_BODY["content"],
                                           JSON: {"schema": obj({"pdn": STR}, "pdn")}}},
            {201: ref("GameImport")}, 403)},
        "/api/games/{gid}": {
            "get": operation("a game", [GID], {200: ref("Game")}, 404),
            "delete": operation("delete a game", [GID], {200: obj({"deleted": INT})}, 404)},
        "/api/games/{gid}/pdn": {"get": {
            "summary": "the game as PDN", "parameters": [GID],
            "responses": answers({200: STR}, 404, media=PDN)}},
        "/api/games/{gid}/moves": game_action(
            "play a move", json_body({"move": STR, **wait}, "move")),
        "/api/games/{gid}/undo": game_action("take back", json_body({})),
        "/api/games/{gid}/resign": game_action("resign", json_body({"color": COLOR})),
        "/api/games/{gid}/draw": game_action(
            "offer, accept, decline or claim a draw", json_body({"action": {
                "type": "string", "enum": ["offer", "accept", "decline", "claim"]},
                "color": COLOR})),
        "/api/games/{gid}/huff": game_action(
            "huff, then move (Czech traditional)",
            json_body({"square": INT, "move": STR, **wait})),
    }


def record_paths() -> dict[str, Schema]:
    """Variations, positions of the tree, continuing, reviews (records_api, review_api)."""
    node = {"type": "string", "maxLength": 2000}
    return {
        "/api/games/{gid}/variations": game_action(
            "edit the analysis tree", json_body({
                "action": {"type": "string", "enum": ["add", "promote", "delete", "comment"]},
                "node": node, "move": STR, "text": STR}, "action", "node")),
        "/api/games/{gid}/position": {"get": operation(
            "a position of the game's tree with its legal moves",
            [GID, _param("node", "query", node, "a node id like 12 or 4:1/6 (0)")],
            {200: ref("Position")}, 404)},
        "/api/games/{gid}/continue": {"post": post(
            "a new game from a node of this one", [GID],
            json_body({"node": node, **NEW_GAME_PLAYERS}), {201: ref("Game")}, 404, 409)},
        "/api/games/{gid}/review": {
            "post": post("review the game with the engine", [GID], json_body({
                "seconds": {"type": "number", "minimum": 0.02, "maximum": 10},
                "depth": {"type": "integer", "minimum": 1, "maximum": 40}, "force": BOOL}),
                {200: ref("Review"), 202: ref("ReviewProgress")}, 404, 409),
            "get": operation("the review: done, or its progress", [GID],
                       {200: ref("Review"), 202: ref("ReviewProgress")}, 404),
            "delete": operation("cancel the running review", [GID], {200: ref("ReviewProgress")},
                          404, 409)},
    }


def puzzle_paths() -> dict[str, Schema]:
    """Puzzles (:mod:`damier.web.routes.puzzles_api`)."""
    step = _param("step", "query", INT, "the solver's move in the solution: 0, 2, ... (0)")
    return {
        "/api/puzzles/next": {"get": operation("the next puzzle the player has not met",
                                         [VARIANT_Q, PLAYER_Q], {200: ref("Puzzle")}, 404,
                                         422)},
        "/api/puzzles/stats": {"get": operation(
            "a player's stats and the puzzles per variant", [PLAYER_Q],
            {200: obj({"player": STR, "score": INT, "puzzles": OBJ}, "puzzles")}, 422)},
        "/api/puzzles/import": {"post": post(
            "a PDN problem collection", [NAME_Q, VARIANT_Q], PDN_BODY,
            {200: ref("PuzzleImport"), 201: ref("PuzzleImport")}, 403)},
        "/api/puzzles/{pid}": {"get": operation("one puzzle (without its solution)", [PID],
                                          {200: ref("Puzzle")}, 404)},
        "/api/puzzles/{pid}/moves": {"post": post(
            "judge the solver's move", [PID],
            json_body({"move": STR, "step": INT, "player": {"type": "string", "maxLength": 40},
                       "hints": INT}, "move"),
            {200: ref("PuzzleAnswer")}, 404)},
        "/api/puzzles/{pid}/hint": {"get": operation(
            "the piece to move (level 1) or the move (level 2)",
            [PID, step, _param("level", "query", {"type": "integer", "enum": [1, 2]},
                               "1 the piece, 2 the move (1)")],
            {200: ref("Hint")}, 404, 422)},
        "/api/puzzles/{pid}/solution": {"post": post(
            "the rest of the solution (the solver gives up: a failure)", [PID],
            json_body({"step": INT, "player": {"type": "string", "maxLength": 40}}),
            {200: ref("PuzzleSolution")}, 404)},
    }


def explorer_paths() -> dict[str, Schema]:
    """The opening explorer (:mod:`damier.web.routes.explorer_api`)."""
    return {
        "/api/explorer": {"get": operation(
            "the moves and games of a position",
            [VARIANT_Q, _param("fen", "query", {"type": "string", "maxLength": 2000},
                               "the position (the start)"),
             _param("since", "query", INT, "games of this year or later"),
             _param("until", "query", INT, "games of this year or earlier"),
             _param("min_rating", "query", INT, "the players' mean rating at least"),
             _param("max_rating", "query", INT, "the players' mean rating at most")],
            {200: ref("ExplorerLookup")}, 422)},
        "/api/explorer/search": {"get": operation(
            "games by players, event, dates, result, variant, position or opening",
            [_param(name, "query", {"type": "string", "maxLength": 200}, about)
             for name, about in (("player", "part of a player's name (either colour)"),
                                 ("white", "part of White's name"),
                                 ("black", "part of Black's name"),
                                 ("event", "part of the event's name"),
                                 ("from", "first date (yyyy[.mm[.dd]])"),
                                 ("to", "last date (yyyy[.mm[.dd]])"),
                                 ("result", "white, draw, black or unknown"))]
            + [VARIANT_Q,
               _param("fen", "query", {"type": "string", "maxLength": 2000},
                      "a position the games reach"),
               _param("material", "query", {"type": "string", "enum": ["0", "1"]},
                      "1: the same material and side to move as fen"),
               _param("opening", "query", {"type": "string", "maxLength": 2000},
                      "the first moves, separated by spaces"),
               _param("page", "query", {"type": "integer", "minimum": 1}, "page (1)"),
               _param("per_page", "query", {"type": "integer", "minimum": 1, "maximum": 100},
                      "games per page (20)")],
            {200: ref("ExplorerSearch")}, 422)},
        "/api/explorer/sources": {"get": operation("the files imported", [],
                                             {200: ref("ExplorerSources")})},
        "/api/explorer/import": {"post": post(
            "PDN games added to the explorer", [NAME_Q, VARIANT_Q], PDN_BODY,
            {200: ref("ExplorerImport"), 201: ref("ExplorerImport")}, 403)},
        "/api/explorer/games/{eid}": {"get": operation("one game of the explorer", [EID],
                                                 {200: ref("ExplorerGame")}, 404)},
        "/api/explorer/games/{eid}/open": {"post": post(
            "store a game of the explorer as a game of the app",
            [EID, _param("ply", "query", {"type": "integer", "minimum": 0},
                         "the ply to show (returned as view_ply)")], json_body({}),
            {201: ref("Game")}, 404)},
    }


CID = _param("cid", "path", STR, "an invitation's id (the secret of its link)")
SECRETS = (403, 429)
"""What a route that reads the browser key may answer (a forged key; too many of them)."""


def online_paths() -> dict[str, Schema]:
    """Games between people (docs/online.md); their WebSocket is described there only."""
    challenge = json_body({"name": STR, "variant": STR, "time_control": nullable(
        {"oneOf": [STR, obj({"initial": NUM, "increment": NUM, "delay": NUM})]}),
        "color": STR, "rated": BOOL, "public": BOOL}, "name")
    return {
        "/api/online/challenges": {
            "get": operation("the lobby: open public invitations", [],
                             {200: array(ref("Challenge"))}, *SECRETS),
            "post": post("an invitation", [], challenge,
                         {201: obj({"challenge": ref("Challenge"), "invite": STR})}, 429, 503)},
        "/api/online/challenges/{cid}": {"get": operation(
            "one invitation", [CID], {200: ref("Challenge")}, 404, *SECRETS)},
        "/api/online/challenges/{cid}/accept": {"post": post(
            "accept an invitation: the game starts", [CID], json_body({"name": STR}, "name"),
            {200: obj({"game": INT}, "game")}, 404, 409, 429, 503)},
        "/api/online/challenges/{cid}/decline": {"post": post(
            "decline an invitation (its creator cancels it)", [CID], json_body({}),
            {200: ref("Challenge")}, 404, 409, 429, 503)},
        "/api/online/games/{gid}": {"get": operation(
            "a game between people with the seats this browser holds", [GID],
            {200: ref("OnlineGame")}, 404, *SECRETS)},
        "/api/online/games/{gid}/act": {"post": post(
            "a seat acts (move, offers, claims, resignation, rematch)", [GID],
            json_body({"action": STR, "move": STR, "ply": INT, "color": COLOR}, "action"),
            {200: obj({"ok": BOOL, "ply": INT, "game": INT})}, 403, 404, 409, 429, 503)},
        "/api/online/seat": {"post": post(
            "a seat link moves the seat to this browser", [], json_body({"seat": STR}, "seat"),
            {200: obj({"game": INT, "color": COLOR}, "game", "color")}, 403, 429, 503)},
        "/api/online/players/{name}": {"get": operation(
            "a player's ratings and games", [_param("name", "path", STR, "a player's name")],
            {200: obj({"name": STR, "since": NUM, "ratings": OBJ, "games": array(OBJ)},
                      "name", "ratings", "games")}, 404, 422)},
        "/api/online/leaders/{variant}": {"get": operation(
            "the best rated players of a variant",
            [_param("variant", "path", STR, "a variant")],
            {200: array(obj({"name": STR, "rating": INT, "deviation": INT}))}, 404)},
    }


def describe() -> dict[str, Any]:
    """The OpenAPI document (a JSON-ready dict)."""
    return {
        "openapi": "3.0.3",
        "info": {"title": "damier web API", "version": "2",
                 "description": "See docs/web.md. Every POST sends Content-Type "
                                "application/json (PDN imports also text/plain)."},
        "paths": {
            "/api/openapi.json": {"get": operation("this description", [], {200: OBJ})},
            "/api/variants": {"get": operation("the variants", [], {200: array(ref("Variant"))})},
            "/api/variants/{name}": {"get": operation(
                "one variant with its squares", [_param("name", "path", STR, "a variant")],
                {200: ref("Variant")}, 404)},
            "/api/engines": {"get": operation("the engines this server offers", [],
                                        {200: array(ref("Engine"))})},
            "/api/levels": {"get": operation("the playing levels and their measured scores", [],
                                       {200: OBJ})},
            "/api/position": {"post": post("read a FEN", [], json_body({"variant": STR,
                                                                       "fen": STR}),
                                           {200: ref("Position")})},
            **game_paths(),
            **record_paths(),
            **puzzle_paths(),
            **explorer_paths(),
            **online_paths(),
        },
        "components": {"schemas": SCHEMAS},
    }


async def openapi_json(request: Request) -> JSONResponse:
    """``GET /api/openapi.json``."""
    return JSONResponse(describe())
