"""The annotated move tree of a stored game: variations, comments, NAGs and strength signs.

A game's main line lives in the store's ``moves`` table (one row per move, the game
service's source of truth). Everything else a PDN game can carry around it — side
variations, comments, NAGs (``$n``) and strength signs (``!``, ``?!`` …) — lives in one
:class:`~damier.formats.pdn.Game` tree per game, kept here. Three rules hold it together:

* **The tree's main line is the game.** :func:`reconcile` makes the tree's main line equal
  to the board's moves (called before every use): moves added by play are appended; after
  an undo (or an undo and a different move) the old main line is cut at the first move that
  differs, and everything that hung from the cut part goes with it. Alternatives at the
  point of divergence stay. Nothing hangs from the last move of the game.
* **Nodes are named by their route**, not by a number that shifts: ``"12"`` is the 12th
  node of the main line; ``"12:1/15"`` takes the second child (index 1) at step 12 and
  then follows main continuations to step 15; ``"12:1,14:2/16"`` branches twice. Steps
  count nodes from the root (a ``/FEN/`` setup inside a variation is a step too).
* **The main line is stored once**, in the ``moves`` table. The tree's JSON (see
  :func:`to_storage`) holds one item per main-line move with what hangs from it (comments,
  NAGs, alternatives) but not the move itself: :func:`from_storage` pairs item ``i`` with the
  game's move ``i``. Moves of side lines are stored by identity, ``[from, to, [captured],
  huff]`` square numbers like the ``moves`` table, so reading them back never depends on
  parsing notation; a stored move that is no longer legal (a bug, or a hand-edited database)
  ends its line instead of failing the game. An undo cuts the stored tree in the same
  commit as the moves (:func:`damier.web.services.game_session.save`). Trees stored before
  this form (no ``"v": 2``) carry their main line's moves and are still read.

The JSON the page gets (:func:`view`) lists annotations per main-line move and gives every
side-line node its move, move number, position (``pieces`` and ``fen``) and id.

This module must not touch HTTP or the store; :mod:`damier.web.services.records` stores the JSON.
"""

from __future__ import annotations

import re
from typing import Any

from damier.core.board import Board
from damier.core.colors import color_name
from damier.core.errors import DamierError
from damier.core.fen import square_chars, write_fen
from damier.core.move import Move
from damier.core.position import Position
from damier.core.rules import Rules
from damier.formats.pdn import Game, Node
from damier.web.errors import reasons

MAX_NODES = 20_000
"""Largest tree accepted from storage or built by editing (a whole annotated book is far
below; the bound keeps one game's JSON and its rendering small)."""
MAX_COMMENT = 2000
"""Longest comment text kept (characters)."""

_ID = re.compile(r"^(?:(\d+:\d+(?:,\d+:\d+)*)/)?(\d+)$")


class TreeError(ValueError):
    """A node id that names no node (``status`` 404), an edit the tree does not allow
    (409), or an illegal move (422), with the reason and a stable ``code`` (the web
    app's error codes); ``args`` are the parameters of its message."""

    def __init__(self, message: str, status: int, code: str, **args: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.args_ = args


# -- building and syncing ------------------------------------------------------------------------


def new_tree(rules: Rules, start: Position) -> Game:
    """An empty tree from ``start``."""
    game = Game(rules)
    game.root.position = start
    return game


def reconcile(tree: Game, moves: list[Move]) -> bool:
    """Make the tree's main line equal to ``moves``; whether anything changed."""
    changed = False
    node = tree.root
    for mv in moves:
        main = node.variations[0] if node.variations else None
        if main is not None and main.move == mv:
            node = main
            continue
        if main is not None:
            node.variations.pop(0)  # the old game move: cut with its subtree
        node = node.add_main_variation(mv)
        changed = True
    if node.variations:
        node.variations.clear()
        changed = True
    return changed


def has_annotations(tree: Game) -> bool:
    """Whether the tree holds anything beyond its main line's moves."""
    for node in tree.walk():
        if node.comments_before or node.comments_after or node.nags or node.strength:
            return True
        if len(node.variations) > 1 or node.setup is not None and node.parent is not None:
            return True
    return False


def count_nodes(tree: Game) -> int:
    """Nodes of the tree (root excluded)."""
    return sum(1 for _ in tree.walk()) - 1


# -- node ids ------------------------------------------------------------------------------------


def node_id(node: Node) -> str:
    """The route name of ``node`` (see the module docstring)."""
    branches: list[str] = []
    steps = node.path()
    for depth, step in enumerate(steps, 1):
        assert step.parent is not None
        index = step.parent.variations.index(step)
        if index:
            branches.append(f"{depth}:{index}")
    end = str(len(steps))
    return f"{','.join(branches)}/{end}" if branches else end


def find_node(tree: Game, ident: str) -> Node:
    """The node named ``ident``; :class:`TreeError` if there is none."""
    m = _ID.match(ident.strip()) if isinstance(ident, str) and len(ident) < 2000 else None
    if m is None:
        raise TreeError(f"{ident!r} is not a node id (like '12' or '12:1/15')", 404,
                        "node_not_found")
    branches = [tuple(int(x) for x in b.split(":")) for b in (m.group(1) or "").split(",") if b]
    end = int(m.group(2))
    node = tree.root
    depth = 0
    for at, index in [*branches, (end + 1, 0)]:
        if at <= depth:
            raise TreeError(f"node {ident!r}: branch points must increase", 404,
                            "node_not_found")
        while depth < min(at - 1, end):
            if not node.variations:
                raise TreeError(f"no node {ident!r}: the line ends at step {depth}", 404,
                                "node_not_found")
            node = node.variations[0]
            depth += 1
        if at > end:
            break
        if index >= len(node.variations):
            raise TreeError(f"no node {ident!r}: step {at} has {len(node.variations)} moves",
                            404, "node_not_found")
        node = node.variations[index]
        depth += 1
    return node


# -- editing -------------------------------------------------------------------------------------


def add_move(tree: Game, ident: str, move_text: str) -> Node:
    """Play ``move_text`` after node ``ident`` as a side variation (or follow an existing
    child that plays it). Not at the end of the main line: that is the game's own move."""
    node = find_node(tree, ident)
    if node.is_mainline() and not node.variations:
        raise TreeError("this is the end of the game: play the move in the game, or "
                        "continue from here as a new game", 409, "end_of_game")
    board = Board(tree.rules, position=node.position)
    try:
        move = board.parse_move(move_text)
    except DamierError as e:
        raise TreeError(str(e), 422, "illegal_move", move=move_text, **reasons(e)) from None
    for child in node.variations:
        if child.move == move:
            return child
    if count_nodes(tree) >= MAX_NODES:
        raise TreeError(f"the tree is full ({MAX_NODES} moves)", 422, "tree_full")
    return node.add_variation(move)


def promote(tree: Game, ident: str) -> Node:
    """Move the variation that ``ident`` belongs to one place up among its alternatives.
    A variation never takes the place of the game's own move."""
    node = _variation_start(find_node(tree, ident))
    parent = node.parent
    assert parent is not None
    index = parent.variations.index(node)
    if index == 1 and parent.is_mainline():
        raise TreeError("this variation is already first after the game's move", 409,
                        "variation_first")
    parent.promote(node)
    return node


def delete(tree: Game, ident: str) -> Node:
    """Delete node ``ident`` and everything after it (not a move of the game); returns the
    parent."""
    node = find_node(tree, ident)
    if node.parent is None or node.is_mainline():
        raise TreeError("moves of the game cannot be deleted here (undo takes back moves)", 409,
                        "game_move")
    parent = node.parent
    parent.remove_variation(node)
    return parent


def set_comment(tree: Game, ident: str, text: str) -> Node:
    """Replace the comments after node ``ident`` (``""`` deletes them; ``"0"``/root: the
    comment before the first move)."""
    node = find_node(tree, ident)
    text = text.strip()
    if len(text) > MAX_COMMENT:
        raise TreeError(f"comment too long (limit {MAX_COMMENT} characters)", 422,
                        "comment_too_long")
    node.comments_after = [text] if text else []
    return node


def _variation_start(node: Node) -> Node:
    """The first node of the variation holding ``node``."""
    cur = node
    while cur.parent is not None and not cur.starts_variation():
        cur = cur.parent
    if cur.parent is None:
        raise TreeError("moves of the game are not a variation", 409, "game_move")
    return cur


# -- storage -------------------------------------------------------------------------------------


STORAGE_VERSION = 2
"""The form of :func:`to_storage`: 2, main-line moves left to the ``moves`` table."""


def to_storage(tree: Game) -> dict[str, Any]:
    """The tree as JSON for the store (see the module docstring)."""
    root = tree.root
    out: dict[str, Any] = {"v": STORAGE_VERSION, "line": _line_out(root, main=True)}
    if root.comments_after:
        out["ca"] = list(root.comments_after)
    if root.nags:
        out["nags"] = list(root.nags)
    return out


def _node_out(node: Node, main: bool = False) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if node.move is not None:
        if not main:  # a main-line move is the moves table's
            mv = node.move
            d["m"] = [mv.from_square, mv.to_square, sorted(mv.captured), mv.huff]
    else:
        d["setup"] = node.setup
    for key, value in (("cb", node.comments_before), ("ca", node.comments_after),
                       ("nags", node.nags)):
        if value:
            d[key] = list(value)
    if node.strength:
        d["s"] = node.strength
    return d


def _line_out(parent: Node, main: bool = False) -> list[dict[str, Any]]:
    """The main continuation of ``parent`` as a list; each node carries its alternatives
    (``main``: the game's own line, whose moves are not written)."""
    line: list[dict[str, Any]] = []
    node = parent
    while node.variations:
        main_child = node.variations[0]
        d = _node_out(main_child, main)
        if len(node.variations) > 1:
            d["alt"] = [[_node_out(alt), *_line_out(alt)] for alt in node.variations[1:]]
        line.append(d)
        node = main_child
    return line


def from_storage(rules: Rules, start: Position, data: Any, main_line: list[Move]) -> Game:
    """The tree stored by :func:`to_storage` over the game's moves ``main_line``; parts that
    no longer replay are dropped."""
    tree = new_tree(rules, start)
    if not isinstance(data, dict):
        return tree
    root = tree.root
    root.comments_after = _strings(data.get("ca"))
    root.nags = _ints(data.get("nags"))
    budget = [MAX_NODES]
    main = main_line if data.get("v") == STORAGE_VERSION else None
    _line_in(root, data.get("line"), budget, main)
    return tree


def _line_in(parent: Node, items: Any, budget: list[int], main: list[Move] | None = None) -> None:
    """Read a stored line below ``parent``; ``main``: the game's moves, the line's own."""
    if not isinstance(items, list):
        return
    node = parent
    for i, item in enumerate(items):
        if not isinstance(item, dict) or budget[0] <= 0:
            return
        alts = item.get("alt")
        if main is not None:
            child = _node_in(node, item, main[i]) if i < len(main) else None
        else:
            child = _node_in(node, item)
        if child is None:
            return
        budget[0] -= 1
        if isinstance(alts, list):
            for alt in alts:
                if isinstance(alt, list) and alt and isinstance(alt[0], dict):
                    first = _node_in(node, alt[0])
                    if first is not None:
                        budget[0] -= 1
                        _line_in(first, alt[1:], budget)
        node = child


def _node_in(parent: Node, d: dict[str, Any], move: Move | None = None) -> Node | None:
    try:
        if move is not None:
            child = parent.add_variation(move)
        elif "setup" in d:
            child = parent.add_setup(str(d["setup"]))
        else:
            child = parent.add_variation(_stored_move(parent, d.get("m")))
    except (DamierError, ValueError, TypeError):
        return None
    child.comments_before = _strings(d.get("cb"))
    child.comments_after = _strings(d.get("ca"))
    child.nags = _ints(d.get("nags"))
    strength = d.get("s")
    child.strength = strength if isinstance(strength, str) and len(strength) <= 20 else ""
    return child


def _stored_move(parent: Node, m: Any) -> Move:
    if not (isinstance(m, list) and len(m) == 4):
        raise ValueError("bad stored move")
    frm, to, captured, huff = m
    found = Board(parent.rules, position=parent.position).find_move(frm, to, captured, huff)
    if found is None:
        raise ValueError("stored move is not legal")
    return found


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _ints(value: Any) -> list[int]:
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)] \
        if isinstance(value, list) else []


# -- the page's view -----------------------------------------------------------------------------


def view(tree: Game) -> dict[str, Any] | None:
    """The annotations and side lines for the page, or ``None`` when there are none.

    ``{"comments": [...], "main": [entry per main-line move]}``; an entry holds the
    move's ``comments_before``, ``comments_after``, ``nags``, ``strength`` and
    ``alternatives`` (side lines replacing that move); a side line is a list of nodes
    ``{id, ply, number, color, notation, from, to, path, captured, huff, pieces, fen,
    comments_before, comments_after, nags, strength, alternatives}`` (a ``/FEN/`` setup
    node has ``setup`` instead of the move fields).
    """
    if not has_annotations(tree):
        return None
    root = tree.root
    first = tree.rules.first_player
    start_turn = root.position.turn
    main: list[dict[str, Any]] = []
    node = root
    depth = 0
    while node.variations:
        child = node.variations[0]
        depth += 1
        entry = _notes(child)
        entry["alternatives"] = [
            _side_line(alt, f"{depth}:{i}", depth, first, start_turn)
            for i, alt in enumerate(node.variations[1:], 1)
        ]
        main.append(entry)
        node = child
    return {"comments": list(root.comments_after), "main": main}


def _notes(node: Node) -> dict[str, Any]:
    return {
        "comments_before": list(node.comments_before),
        "comments_after": list(node.comments_after),
        "nags": list(node.nags),
        "strength": node.strength,
    }


def _side_line(first_node: Node, branches: str, depth: int, first: int,
               start_turn: int) -> list[dict[str, Any]]:
    """The nodes of the line that starts with ``first_node`` (at step ``depth``)."""
    out: list[dict[str, Any]] = []
    node: Node | None = first_node
    parent = first_node.parent
    assert parent is not None
    ply = parent.ply()
    while node is not None:
        assert node.parent is not None
        d = _notes(node)
        d["id"] = f"{branches}/{depth}"
        d.update(_position_fields(node))
        if node.move is not None:
            ply += 1
            d.update(_move_fields(node, ply, first, start_turn))
        else:
            d["setup"] = node.setup
        alts = node.parent.variations
        d["alternatives"] = [] if alts[0] is not node else [
            _side_line(alt, f"{branches},{depth}:{i}", depth, first, start_turn)
            for i, alt in enumerate(alts[1:], 1)
        ]
        out.append(d)
        node = node.variations[0] if node.variations else None
        depth += 1
    return out


def _position_fields(node: Node) -> dict[str, Any]:
    return {"pieces": square_chars(node.position, node.rules, empty="."),
            "fen": write_fen(node.position, node.rules)}


def _move_fields(node: Node, ply: int, first: int, start_turn: int) -> dict[str, Any]:
    assert node.parent is not None and node.move is not None
    mv = node.move
    mover = node.parent.position.turn
    offset = 0 if start_turn == first else 1
    number = (ply - 1 + offset) // 2 + 1
    return {
        "ply": ply,
        "color": color_name(mover),
        "number": f"{number}." if mover == first else f"{number}...",
        "notation": Board(node.rules, position=node.parent.position).notation(mv),
        "from": mv.from_square,
        "to": mv.to_square,
        "path": mv.path or [mv.to_square],
        "captured": mv.captured,
        "huff": mv.huff,
    }


__all__ = [
    "MAX_NODES", "TreeError", "add_move", "count_nodes", "delete", "find_node",
    "from_storage", "has_annotations", "new_tree", "node_id", "promote", "reconcile",
    "set_comment", "to_storage", "view",
]
