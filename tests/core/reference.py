"""A slow, obviously-correct reference move generator for cross-checking the fast one.

Written independently of ``damier.core.movegen``: a board is a dict from (row, col) cells
to pieces, every move is found by walking squares one step at a time, and each rule
parameter of a :class:`damier.core.rules.Rules` object is applied in the plainest way the
rule book states it (docs/rules/: FMJD 4, ČFD 4, Zapletal 4 and 5, the variants' pages). It shares nothing
with the fast generator but the rules object's parameters and the geometry's cell list.

Moves are compared as ``(from cell, to cell, frozenset(captured cells), huffed cell)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from damier.core.colors import BLACK, WHITE
from damier.core.position import Position
from damier.core.rules import Rules

Cell = tuple[int, int]


@dataclass(frozen=True)
class Piece:
    color: int
    king: bool


@dataclass(frozen=True)
class RefMove:
    start: Cell
    end: Cell
    captured: tuple[Cell, ...]  # in capture order
    promotes: bool
    huff: Cell | None = None

    def key(self) -> tuple[Cell, Cell, frozenset[Cell], Cell | None]:
        return (self.start, self.end, frozenset(self.captured), self.huff)


def board_of(pos: Position, rules: Rules) -> dict[Cell, Piece]:
    g = rules.geometry
    out = {}
    for i in range(g.squares):
        bit = g.mask[i]
        if pos.white & bit:
            out[g.coords(i)] = Piece(WHITE, bool(pos.kings & bit))
        elif pos.black & bit:
            out[g.coords(i)] = Piece(BLACK, bool(pos.kings & bit))
    return out


def _on_board(rules: Rules, cell: Cell) -> bool:
    r, c = cell
    n = rules.size
    if not (0 <= r < n and 0 <= c < n):
        return False
    return rules.shape == "full" or (r + c) % 2 == 1


def _dirs(steps: tuple[tuple[int, int], ...], color: int) -> list[tuple[int, int]]:
    return [(dr if color == WHITE else -dr, dc) for dr, dc in steps]


def _crown_row(rules: Rules, color: int) -> int:
    return 0 if color == WHITE else rules.size - 1


def quiet_moves(rules: Rules, board: dict[Cell, Piece], color: int) -> list[RefMove]:
    out = []
    for cell, piece in board.items():
        if piece.color != color:
            continue
        steps = rules.king_steps if piece.king else rules.man_steps
        for dr, dc in _dirs(steps, WHITE if piece.king else color):
            r, c = cell
            while True:
                r, c = r + dr, c + dc
                if not _on_board(rules, (r, c)) or (r, c) in board:
                    break
                promotes = not piece.king and r == _crown_row(rules, color)
                out.append(RefMove(cell, (r, c), (), promotes))
                if not (piece.king and rules.flying_kings):
                    break
    return out


def capture_sequences(
    rules: Rules, board: dict[Cell, Piece], color: int, complete_only: bool = True
) -> list[RefMove]:
    """Every capture sequence of every piece (prefixes too when not ``complete_only``)."""
    out: list[RefMove] = []
    for cell, piece in board.items():
        if piece.color == color:
            rest = dict(board)
            del rest[cell]  # FMJD 4.8: the start square is empty once the piece left it
            _search(rules, rest, color, cell, cell, piece.king, (), None, out, complete_only)
    return out


def _search(
    rules: Rules,
    board: dict[Cell, Piece],
    color: int,
    start: Cell,
    cur: Cell,
    king: bool,
    taken: tuple[Cell, ...],
    last: tuple[int, int] | None,
    out: list[RefMove],
    complete_only: bool,
) -> bool:
    """Extend a capture from ``cur``; ``taken`` pieces are still on ``board`` when removal
    happens at the end of the move. Returns whether any jump was possible."""
    steps = rules.king_captures if king else rules.man_captures
    any_jump = False
    for dr, dc in _dirs(steps, WHITE if king else color):
        if rules.no_reverse_capture and last is not None and (dr, dc) == (-last[0], -last[1]):
            continue
        r, c = cur[0] + dr, cur[1] + dc
        if king and rules.flying_kings:
            while _on_board(rules, (r, c)) and (r, c) not in board:
                r, c = r + dr, c + dc
        victim = (r, c)
        if not _on_board(rules, victim) or victim not in board:
            continue
        vp = board[victim]
        if vp.color == color or victim in taken:
            continue  # own pieces and jumped pieces cannot be jumped (2.6.6-2.6.8)
        if not king and vp.king and not rules.men_capture_kings:
            continue
        after = dict(board)
        if not rules.remove_at_end:
            del after[victim]
        landings = []
        r, c = victim[0] + dr, victim[1] + dc
        while _on_board(rules, (r, c)) and (r, c) not in after:
            landings.append((r, c))
            if not (king and rules.flying_kings) or rules.king_lands_behind:
                break  # a short jump, or a Thai king: directly behind the piece taken
            r, c = r + dr, c + dc
        if not landings:
            continue
        any_jump = True
        results = []
        for land in landings:
            now_taken = taken + (victim,)
            crowned = not king and land[0] == _crown_row(rules, color)
            how = rules.promotion_in_capture
            if crowned and how == "promote_and_stop":
                results.append((land, False, now_taken, True))
                continue
            goes_on_as_king = king or (crowned and how == "promote_and_continue")
            sub: list[RefMove] = []
            went_on = _search(
                rules, after, color, start, land, goes_on_as_king, now_taken, (dr, dc), sub,
                complete_only,
            )
            if crowned and how == "promote_and_continue":
                sub = [RefMove(m.start, m.end, m.captured, True, m.huff) for m in sub]
            out.extend(sub)
            results.append((land, went_on, now_taken, goes_on_as_king))
        some_continue = any(went for _, went, _, _ in results)
        for land, went_on, now_taken, as_king in results:
            if complete_only:
                if went_on:
                    continue
                if king and rules.flying_kings and rules.king_must_continue and some_continue:
                    continue
            promotes = (not king and land[0] == _crown_row(rules, color)) or (as_king and not king)
            out.append(RefMove(start, land, now_taken, promotes))
    return any_jump


def choose(
    rules: Rules, board: dict[Cell, Piece], seqs: list[RefMove], start_board: dict[Cell, Piece]
) -> list[RefMove]:
    """Apply the capture-choice rule of the variant (majority, free, priorities)."""

    def is_king(m: RefMove) -> bool:
        return start_board[m.start].king

    def kings_taken(m: RefMove) -> int:
        return sum(1 for c in m.captured if start_board[c].king)

    if rules.king_priority and any(is_king(m) for m in seqs):
        seqs = [m for m in seqs if is_king(m)]
    rule = rules.capture_rule
    if rule == "max_count" or rule in ("italian", "spanish"):
        best = max(len(m.captured) for m in seqs)
        seqs = [m for m in seqs if len(m.captured) == best]
    if rule == "italian" and any(is_king(m) for m in seqs):
        seqs = [m for m in seqs if is_king(m)]
    if rule in ("italian", "spanish"):
        best = max(kings_taken(m) for m in seqs)
        seqs = [m for m in seqs if kings_taken(m) == best]
    if rule == "italian":
        def pattern(m: RefMove) -> tuple[bool, ...]:
            return tuple(start_board[c].king for c in m.captured)

        best_p = max(pattern(m) for m in seqs)
        seqs = [m for m in seqs if pattern(m) == best_p]
    if rule == "max_value":
        def value(m: RefMove) -> int:
            return sum(rules.king_value if start_board[c].king else rules.man_value for c in m.captured)

        best = max(value(m) for m in seqs)
        seqs = [m for m in seqs if value(m) == best]
        if any(is_king(m) for m in seqs):
            seqs = [m for m in seqs if is_king(m)]
    if rules.king_breaks_ties and any(is_king(m) for m in seqs):
        seqs = [m for m in seqs if is_king(m)]
    return seqs


def strict_moves(rules: Rules, board: dict[Cell, Piece], color: int) -> list[RefMove]:
    seqs = capture_sequences(rules, board, color)
    if seqs:
        return choose(rules, board, seqs, board)
    return quiet_moves(rules, board, color)


def legal_keys(rules: Rules, pos: Position) -> set[tuple[Cell, Cell, frozenset[Cell], Cell | None]]:
    """The identities of the legal moves of ``pos`` by the reference rules."""
    return {m.key() for m in legal_moves(rules, pos)}


def legal_moves(rules: Rules, pos: Position) -> list[RefMove]:
    board = board_of(pos, rules)
    color = pos.turn
    if rules.huffing:
        return _huffing_moves(rules, pos, board, color)
    moves = strict_moves(rules, board, color)
    if rules.king_move_limit:
        moves = _king_limit(rules, pos, board, color, moves)
    return moves


def _king_limit(rules: Rules, pos: Position, board: dict[Cell, Piece], color: int,
                moves: list[RefMove]) -> list[RefMove]:
    from damier.core.kingmoves import side_state

    square, count = side_state(pos.aux, color)
    has_men = any(p.color == color and not p.king for p in board.values())
    if square < 0 or count < rules.king_move_limit or not has_men:
        return moves
    blocked = rules.geometry.coords(square)
    return [m for m in moves if not (m.start == blocked and not m.captured)]


def _physical(rules: Rules, board: dict[Cell, Piece], color: int) -> list[RefMove]:
    return capture_sequences(rules, board, color, complete_only=False) + quiet_moves(rules, board, color)


def _huffing_moves(rules: Rules, pos: Position, board: dict[Cell, Piece], color: int) -> list[RefMove]:
    moves = _physical(rules, board, color)
    g = rules.geometry
    for i in range(g.squares):
        bit = g.mask[i]
        if pos.aux & bit:
            cell = g.coords(i)
            if cell in board and board[cell].color != color:
                without = dict(board)
                del without[cell]
                moves += [
                    RefMove(m.start, m.end, m.captured, m.promotes, cell)
                    for m in _physical(rules, without, color)
                ]
    return moves


def offenders_after(rules: Rules, board: dict[Cell, Piece], color: int, move: RefMove) -> set[Cell]:
    """Huffing (Zapletal, read for every choice rule): the pieces of ``color`` that may be
    huffed after ``move`` played in ``board`` (cells after the move).

    "The opponent may remove the stone with which he should have jumped": after a move that
    is not one of the legal captures, the pieces that could have made a legal capture, when
    the move was not made by one of them; the moving piece itself when it could have made a
    legal capture and made another (a smaller one under the majority rule), or "a multiple
    jump [not] carried out to its full extent"."""
    strict = capture_sequences(rules, board, color)
    if not strict:
        return set()
    strict = choose(rules, board, strict, board)
    key = (move.start, move.end, frozenset(move.captured))
    if any((m.start, m.end, frozenset(m.captured)) == key for m in strict):
        return set()
    obliged = {m.start for m in strict}
    out: set[Cell] = set()
    if not move.captured:
        out = set(obliged)
    else:
        if move.start not in obliged:
            out |= obliged
        complete = capture_sequences(rules, board, color)
        if move.start in obliged or not any((m.start, m.end, frozenset(m.captured)) == key for m in complete):
            out.add(move.start)
    if move.start in out:
        out.discard(move.start)
        out.add(move.end)
    return out


def position_of(rules: Rules, board: dict[Cell, Piece], turn: int, aux: int) -> Position:
    """The bitboard position of a reference board."""
    g = rules.geometry
    white = black = kings = 0
    for cell, piece in board.items():
        bit = g.mask[g.index_at(*cell)]
        if piece.color == WHITE:
            white |= bit
        else:
            black |= bit
        if piece.king:
            kings |= bit
    return Position(white, black, kings, turn, aux)


def play(rules: Rules, pos: Position, move: RefMove) -> Position:
    """The position after ``move``, with the state the rules keep: the pieces that may be
    huffed (:func:`offenders_after`) or the Frisian king-move count (same encoding as
    ``damier.core.kingmoves``, so that positions compare equal)."""
    g = rules.geometry
    board = board_of(pos, rules)
    if move.huff is not None:
        del board[move.huff]
    color = pos.turn
    aux = 0
    if rules.huffing:
        aux = sum(g.mask[g.index_at(*c)] for c in offenders_after(rules, board, color, move))
    elif rules.king_move_limit:
        aux = _next_king_count(rules, pos, board, move)
    piece = board.pop(move.start)
    for cell in move.captured:
        del board[cell]
    board[move.end] = Piece(color, piece.king or move.promotes)
    return position_of(rules, board, BLACK if color == WHITE else WHITE, aux)


def _next_king_count(rules: Rules, pos: Position, board: dict[Cell, Piece], move: RefMove) -> int:
    """Frisian: the count of successive quiet moves of one king, per side (bytes 0-1 White,
    2-3 Black: square index + 1, count); a capture or a man's move clears the mover's."""
    from damier.core.kingmoves import side_state

    shift = 0 if pos.turn == WHITE else 16
    aux = pos.aux & ~(0xFFFF << shift)
    if move.captured or not board[move.start].king:
        return aux
    g = rules.geometry
    square, count = side_state(pos.aux, pos.turn)
    same_king = square >= 0 and g.coords(square) == move.start
    count = count + 1 if same_king else 1
    return aux | ((g.index_at(*move.end) + 1) << shift) | (count << (shift + 8))


def perft(rules: Rules, pos: Position, depth: int) -> int:
    """The number of positions ``depth`` plies on, by the reference rules (no bulk counting:
    every move is played)."""
    if depth == 0:
        return 1
    return sum(perft(rules, play(rules, pos, m), depth - 1) for m in legal_moves(rules, pos))
