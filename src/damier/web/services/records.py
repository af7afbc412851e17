"""Working on a game record: its side variations and comments, and continuing it (or any
position of its tree) as a new game.

:func:`edit_tree` adds a side variation, promotes or deletes one, or sets a comment, under
the game's lock, and stores the tree (or forgets it when nothing is left beyond the
moves); the game itself never changes, but its ``version`` goes up so that the page knows
the newer state (an engine thinking on the game meanwhile thinks again).
:func:`continue_game` stores a new game made of the moves that lead to a node;
:func:`node_position` is the position at any node with its legal moves (the analysis board
offers them while the player browses). The tree itself is :mod:`damier.web.services.gametree`'s.

This module must not know about HTTP.
"""

from __future__ import annotations

from typing import Any

from damier.formats.pdn import Game
from damier.web.errors import WebError
from damier.web.services import gametree
from damier.web.services.game_clock import parse_time_control
from damier.web.services.game_session import Session, check_players, stored_tree, tree_of
from damier.web.services.json_views import position_json
from damier.web.services.pdn_games import game_rows
from damier.web.storage.game_store import Store

EDIT_ACTIONS = ("add", "promote", "delete", "comment")


async def edit_tree(store: Store, s: Session, action: str, node: str,
                    move: str | None = None, text: str | None = None) -> str:
    """Change the tree (see :data:`EDIT_ACTIONS`); returns the id of the node to show."""
    if action not in EDIT_ACTIONS:
        raise WebError(422, f"action must be one of {', '.join(EDIT_ACTIONS)}",
                       "bad_tree_action")
    if action == "add" and not move:
        raise WebError(422, 'give the move to add, e.g. {"move": "32-28"}', "move_missing")
    async with s.lock:
        tree = tree_of(s)
        try:
            if action == "add":
                target = gametree.add_move(tree, node, move or "")
            elif action == "promote":
                target = gametree.promote(tree, node)
            elif action == "delete":
                target = gametree.delete(tree, node)
            else:
                target = gametree.set_comment(tree, node, text or "")
        except gametree.TreeError as e:
            raise WebError(e.status, str(e), e.code, **e.args_) from None
        save_tree(store, s.row.id, tree)
        s.version += 1  # the page takes the newer state (the game's moves are unchanged)
    return gametree.node_id(target)


def save_tree(store: Store, gid: int, tree: Game) -> None:
    """Store the tree of game ``gid`` (or forget it when it holds nothing)."""
    stored = stored_tree(tree)
    if stored is not None:
        store.set_tree(gid, stored)
    else:
        store.delete_tree(gid)


async def node_position(s: Session, node: str) -> dict[str, Any]:
    """The position at a node of the game's tree with its legal moves (the history up to it
    counts: repetitions, huffing), for the analysis board."""
    async with s.lock:
        try:
            at = gametree.find_node(tree_of(s), node)
        except gametree.TreeError as e:
            raise WebError(e.status, str(e), e.code, **e.args_) from None
        board = at.board()
    body = position_json(board)
    body.update(node=gametree.node_id(at), ply=at.ply(), main=at.is_mainline())
    return body


async def continue_game(store: Store, s: Session, node: str | None,
                        players: dict[str, Any]) -> int:
    """Store a new game from the position after ``node`` (default: the end of the game)
    with the moves that lead there; ``players`` as for a new game (``white``, ``black``,
    ``level``, ``time_control``). Returns its id."""
    white = players.get("white", "human")
    black = players.get("black", "human")
    level = players.get("level", 3)
    check_players(white, black, level)
    tc = parse_time_control(players.get("time_control"))
    async with s.lock:
        tree = tree_of(s)
        try:
            at = gametree.find_node(tree, node) if node else tree.end()
        except gametree.TreeError as e:
            raise WebError(e.status, str(e), e.code, **e.args_) from None
        board = at.board()
    if board.outcome() is not None:
        raise WebError(409, f"the game is over in that position: {board.outcome()}",
                       "position_decided")
    tags = {"Event": f"continued from game {s.row.id}"}
    row, moves = game_rows(board.rules, board.start_position, board.move_stack, tags,
                           white, black, level, tc)
    return store.create_game(row, moves)


__all__ = ["EDIT_ACTIONS", "continue_game", "edit_tree", "node_position", "save_tree"]
