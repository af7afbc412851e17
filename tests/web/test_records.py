"""Game records in the web app: imported games kept whole (result, tags, comments,
variations, NAGs), read-only finished games, continuing as a new game, editing variations
on the analysis board, and the PDN export that writes it all back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from damier.formats.pdn import parse_game
from damier.web.app import create_app
from tests.web.conftest import LOCAL

ANNOTATED = """[Event "Club final"]
[White "Anna"]
[Black "Ben"]
[Result "1/2-1/2"]
[Round "3"]

{A quiet game.} 1. 32-28! 19-23 $1 {the usual reply} 2. 28x19 14x23
(2... 13x24 {takes the other way} 3. 34-30 (3. 33-29 24x33) 3... 9-13)
3. 34-29 $6 23x34 4. 40x29 1/2-1/2
"""


def imported(client: TestClient, pdn: str, **query: str) -> dict[str, Any]:
    r = client.post("/api/games/import", content=pdn.encode(), params=query,
                    headers={"content-type": "application/x-pdn"})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def edit(client: TestClient, gid: int, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/variations", json=body)


def test_imported_game_keeps_result_tags_comments_variations_and_nags(client: TestClient) -> None:
    game = imported(client, ANNOTATED)["games"][0]
    assert game["status"] == "over" and game["result"] == "1/2-1/2"
    assert game["reason"] == "result recorded in the game" and game["winner"] is None
    assert game["reason_code"] == "recorded"
    assert game["tags"]["Round"] == "3" and game["tags"]["White"] == "Anna"
    assert game["legal_moves"] == [] and game["ply"] == 7
    tree = game["tree"]
    assert tree["comments"] == ["A quiet game."]
    first, second, _, fourth = tree["main"][:4]
    assert first["strength"] == "!" and second["nags"] == [1]
    assert second["comments_after"] == ["the usual reply"]
    assert tree["main"][4]["nags"] == [6]
    (line,) = fourth["alternatives"]
    assert [n["notation"] for n in line] == ["13x24", "34-30", "9-13"]
    assert [n["number"] for n in line] == ["2...", "3.", "3..."]
    assert line[0]["id"] == "4:1/4" and line[0]["comments_after"] == ["takes the other way"]
    (sub,) = line[1]["alternatives"]
    assert [n["notation"] for n in sub] == ["33-29", "24x33"] and sub[0]["id"] == "4:1,5:1/5"
    assert sub[1]["pieces"][32] == "b"  # black man on 33 after 24x33
    listed = client.get("/api/games").json()["games"][0]
    assert listed["result"] == "1/2-1/2" and listed["status"] == "over"
    assert listed["white"] == "Anna"
    # export writes everything back, and reads back to the same tree
    text = client.get(f"/api/games/{game['id']}/pdn").text
    assert '[Result "1/2-1/2"]' in text and '[Round "3"]' in text
    for piece in ("{A quiet game.}", "32-28!", "$1", "{the usual reply}", "(2...13x24",
                  "(3.33-29 24x33)", "$6"):
        assert piece in text, piece
    back = parse_game(text)
    original = parse_game(ANNOTATED)
    assert same_tree(back.root, original.root) and back.result == "1/2-1/2"


def same_tree(a: Any, b: Any) -> bool:
    """Moves, setups, comments, NAGs and strength signs of two trees are equal (comments
    compared as PDN can write them: braces become parentheses)."""
    if (a.move and a.move.key()) != (b.move and b.move.key()) or a.setup != b.setup:
        return False
    if (written(a.comments_before), written(a.comments_after), a.nags, a.strength) != \
            (written(b.comments_before), written(b.comments_after), b.nags, b.strength):
        return False
    return len(a.variations) == len(b.variations) and all(
        same_tree(x, y) for x, y in zip(a.variations, b.variations, strict=True))


def written(comments: list[str]) -> list[str]:
    return [c.replace("{", "(").replace("}", ")").replace("\r\n", "\n") for c in comments]


def test_text_without_a_game_is_refused_and_saves_nothing(client: TestClient) -> None:
    for text in ("hello, this is not a game", "   ", "{just a comment}", "*"):
        r = client.post("/api/games/import", content=text.encode(),
                        headers={"content-type": "application/x-pdn"})
        assert r.status_code == 422 and r.json()["code"] == "pdn_empty", (text, r.text)
    r = client.post("/api/games/import", content=b"1. 99-1 *",
                    headers={"content-type": "application/x-pdn"})
    assert r.status_code == 422 and "99-1" in r.json()["errors"][0]["error"]
    assert client.get("/api/games").json()["total"] == 0
    r = client.post("/api/games/import?variant=nonsense", content=b"1. 32-28 *",
                    headers={"content-type": "application/x-pdn"})
    assert r.status_code == 422 and client.get("/api/games").json()["total"] == 0


def test_variant_of_untagged_games_can_be_given(client: TestClient) -> None:
    game = imported(client, "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *", variant="russian")["games"][0]
    assert game["variant"] == "russian" and game["ply"] == 4 and game["status"] == "playing"


def test_finished_record_is_read_only_and_continues_as_a_new_game(client: TestClient) -> None:
    game = imported(client, ANNOTATED)["games"][0]
    gid = game["id"]
    r = client.post(f"/api/games/{gid}/moves", json={"move": "5-10"})
    assert r.status_code == 409 and "over" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/undo", json={})
    assert r.status_code == 409 and r.json()["code"] == "record_read_only"
    r = client.post(f"/api/games/{gid}/continue", json={})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != gid and new["status"] == "playing" and new["ply"] == 7
    assert new["fen"] == game["fen"] and new["tags"]["Event"] == f"continued from game {gid}"
    assert client.post(f"/api/games/{new['id']}/moves", json={"move": "9-14"}).status_code == 200
    # from a node of a variation, against the engine
    r = client.post(f"/api/games/{gid}/continue",
                    json={"node": "4:1,5:1/6", "black": "engine", "level": 1})
    assert r.status_code == 201, r.text
    assert [m["notation"] for m in r.json()["moves"]] == ["32-28", "19-23", "28x19", "13x24",
                                                           "33-29", "24x33"]
    for body, status in (({"node": "9:9/9"}, 404), ({"node": "x"}, 404), ({"white": "cat"}, 422),
                         ({"level": 11}, 422), ({"node": 3}, 422)):
        assert client.post(f"/api/games/{gid}/continue", json=body).status_code == status, body
    assert client.get(f"/api/games/{gid}").json()["ply"] == 7  # the record is unchanged


def test_variations_are_added_promoted_commented_and_deleted(client: TestClient,
                                                              db_path: Path) -> None:
    gid = imported(client, "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *")["games"][0]["id"]
    r = edit(client, gid, action="add", node="1", move="18-22")
    assert r.status_code == 200, r.text
    assert r.json()["node"] == "2:1/2"
    assert [n["notation"] for n in r.json()["tree"]["main"][1]["alternatives"][0]] == ["18-22"]
    assert edit(client, gid, action="add", node="2:1/2", move="37-32").json()["node"] == "2:1/3"
    again = edit(client, gid, action="add", node="1", move="18-22").json()
    assert again["node"] == "2:1/2"  # an existing move is followed, not added twice
    assert edit(client, gid, action="add", node="1", move="17-22").json()["node"] == "2:2/2"
    state = edit(client, gid, action="promote", node="2:2/2").json()
    assert state["node"] == "2:1/2"
    alts = state["tree"]["main"][1]["alternatives"]
    assert [line[0]["notation"] for line in alts] == ["17-22", "18-22"]
    assert edit(client, gid, action="promote", node="2:1/2").status_code == 409
    state = edit(client, gid, action="comment", node="2:2/3", text="a plan").json()
    assert state["tree"]["main"][1]["alternatives"][1][1]["comments_after"] == ["a plan"]
    assert state["moves"][1]["notation"] == "19-23" and state["ply"] == 5  # game unchanged
    # the tree survives a restart
    with TestClient(create_app(db_path), base_url=LOCAL) as other:
        kept = other.get(f"/api/games/{gid}").json()["tree"]["main"][1]["alternatives"]
        assert [[n["notation"] for n in line] for line in kept] == [["17-22"],
                                                                   ["18-22", "37-32"]]
        text = other.get(f"/api/games/{gid}/pdn").text
        assert "(1...17-22) (1...18-22 2.37-32 {a plan})" in text.replace("\n", " ")
    state = edit(client, gid, action="delete", node="2:1/2").json()
    assert len(state["tree"]["main"][1]["alternatives"]) == 1
    state = edit(client, gid, action="delete", node="2:1/2").json()
    assert state["tree"] is None
    for body, status, code in (
        ({"action": "add", "node": "5", "move": "10-14"}, 409, "end_of_game"),
        ({"action": "add", "node": "2", "move": "99-1"}, 422, "illegal_move"),
        ({"action": "add", "node": "2"}, 422, "move_missing"),
        ({"action": "delete", "node": "3"}, 409, "game_move"),
        ({"action": "promote", "node": "3"}, 409, "game_move"),
        ({"action": "fly", "node": "3"}, 422, "bad_tree_action"),
        ({"action": "add", "node": "7", "move": "32-28"}, 404, "node_not_found"),
        ({"action": "add", "node": "3:4/3", "move": "32-28"}, 404, "node_not_found"),
        ({"action": "add", "node": "nonsense", "move": "32-28"}, 404, "node_not_found"),
        ({"action": "comment", "node": "1", "text": "x" * 3000}, 422, "comment_too_long"),
        ({"node": "1"}, 422, "node_missing"),
    ):
        r = edit(client, gid, **body)
        assert (r.status_code, r.json()["code"]) == (status, code), body
    assert client.post("/api/games/999/variations",
                       json={"action": "add", "node": "1", "move": "18-22"}).status_code == 404


def test_variations_of_a_live_game_follow_play_and_undo(client: TestClient) -> None:
    gid = client.post("/api/games", json={}).json()["id"]
    for mv in ("32-28", "19-23", "28x19"):
        client.post(f"/api/games/{gid}/moves", json={"move": mv})
    assert edit(client, gid, action="add", node="1", move="18-22").status_code == 200
    state = client.post(f"/api/games/{gid}/moves", json={"move": "14x23"}).json()
    assert state["tree"]["main"][1]["alternatives"][0][0]["notation"] == "18-22"
    assert len(state["tree"]["main"]) == 4
    client.post(f"/api/games/{gid}/undo", json={})
    client.post(f"/api/games/{gid}/undo", json={})
    state = client.post(f"/api/games/{gid}/undo", json={}).json()
    assert state["ply"] == 1 and state["tree"] is None  # undone past the branch: gone
    text = client.get(f"/api/games/{gid}/pdn").text
    assert "18-22" not in text and "1.32-28 *" in text


def test_the_main_line_is_stored_once_and_an_undo_cuts_the_stored_tree(db_path: Path) -> None:
    from damier.web.storage.game_store import Store

    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        gid = imported(client, ANNOTATED)["games"][0]["id"]
        live = client.post("/api/games", json={}).json()["id"]
        for mv in ("32-28", "19-23", "28x19", "14x23"):
            client.post(f"/api/games/{live}/moves", json={"move": mv})
        assert edit(client, live, action="add", node="3", move="13x24").status_code == 200
        store = Store(db_path)
        stored = store.get_tree(gid)
        assert stored["v"] == 2 and len(stored["line"]) == 7
        assert all("m" not in item for item in stored["line"])  # the moves table has them
        assert stored["line"][3]["alt"][0][0]["m"] == [13, 24, [19], None]  # side lines keep theirs
        assert store.get_tree(live)["line"][3]["alt"][0][0]["m"] == [13, 24, [19], None]
        client.post(f"/api/games/{live}/undo", json={})  # past the branch: cut in the same commit
        assert store.get_tree(live) is None and len(store.moves(live)) == 3
        # a tree stored in the first form (main-line moves included) is still read
        old = {"line": [{"m": [32, 28, [], None]}, {"m": [19, 23, [], None], "ca": ["old form"],
                                                    "alt": [[{"m": [18, 22, [], None]}]]}]}
        store.set_tree(live, old)
        store.close()
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        tree = client.get(f"/api/games/{live}").json()["tree"]
        assert tree["main"][1]["comments_after"] == ["old form"]
        assert tree["main"][1]["alternatives"][0][0]["notation"] == "18-22"
        annotated = client.get(f"/api/games/{gid}").json()["tree"]
        assert annotated["main"][0]["strength"] == "!" and annotated["main"][4]["nags"] == [6]
