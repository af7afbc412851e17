"""Fast legal-move generation, move application and perft for every rules object.

This is the hot code of the library: plain ints, tuples and lists only, so that it can be
compiled or ported later without touching the rest. One :class:`MoveGenerator` is built per
:class:`~damier.core.rules.Rules`; it binds every parameter and table to closure constants
once, so the generation loops contain no variant names and few branches.

A *fast move* is the tuple ``(frm, to, remove, kings_xor, path, huff)``:

* ``frm``, ``to``: single-bit masks of the start and end squares (equal for a king that
  comes back to its square);
* ``remove``: bitboard of the opponent pieces that disappear (the captured pieces, plus the
  huffed piece in Czech traditional rules);
* ``kings_xor``: what to XOR into the kings bitboard after removing ``remove``: ``frm ^ to``
  for a king, ``to`` for a man that is crowned, 0 otherwise — so applying a move is
  branch-free (:meth:`MoveGenerator.apply`);
* ``path``: the landing squares (indices) of a capture in order, ending with the index of
  ``to``; ``()`` for a quiet move;
* ``huff``: bitboard of the opponent piece huffed before this move (0 almost always).

The identity of a move is ``(frm, to, captured set, huff)`` (RULES.md §2.8): routes that
differ only in where a king paused or in the order round a closed path are one move.

The capture search follows RULES.md §2.7: the moving piece is lifted from the board first
(2.6.7), jumped pieces stay on the board as blockers until the move ends (2.6.8) unless the
variant removes them at once (Turkish), and a sequence is emitted only when it cannot be
continued (2.6.5). The choice among sequences (majority, free, king priority, Italian,
Spanish and Frisian priorities) is made in one place, :func:`_make_chooser`.

Positions in the hot functions are four ints ``(white, black, kings, turn)``; the methods
taking a :class:`~damier.core.position.Position` are thin wrappers.

This module must not parse or print text, and must not track game history.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core import diagonal
from damier.core.colors import WHITE
from damier.core.geometry import Geometry
from damier.core.position import Position
from damier.core.rules import Rules

FastMove = tuple[int, int, int, int, tuple[int, ...], int]
"""``(frm, to, remove, kings_xor, path, huff)``; see the module docstring."""

_Out = list[FastMove]
_Jump = tuple[int, int, int, int]  # (jumped mask, landing index, landing mask, direction)


def _shift(bits: int, amount: int) -> int:
    return bits << amount if amount >= 0 else bits >> -amount


def _source_mask(g: Geometry, d: int, steps: int) -> int:
    """Mask of squares that can make ``steps`` steps in direction ``d``, or -1 when shifting
    any bitboard by ``steps * shift[d]`` can never land a square off the board on a playing
    square (the padded layout then needs no mask)."""
    s = g.shift[d]
    can = 0
    unsafe = False
    for i in range(g.squares):
        j = i
        for _ in range(steps):
            j = g.step[d][j] if j >= 0 else -1
        if j >= 0:
            can |= g.mask[i]
        else:
            # a step off the board must land on a ghost bit or outside every square, at
            # every intermediate step
            b = g.mask[i]
            for _ in range(steps):
                b = _shift(b, s)
                if b & g.all_squares and not _reachable(g, i, d, b):
                    unsafe = True
    return can if unsafe else -1


def _reachable(g: Geometry, i: int, d: int, bit: int) -> bool:
    """Whether ``bit`` is a real step of the ray from ``i`` in direction ``d``."""
    return any(g.mask[j] == bit for j in g.rays[d][i])


class MoveGenerator:
    """Move generation for one rules object. Build once per variant (see :func:`generator`).

    >>> from damier.core.variants import get_variant
    >>> from damier.core.position import start_position
    >>> gen = generator(get_variant("international"))
    >>> p = start_position(gen.rules)
    >>> len(gen.legal(p)), gen.count(p), gen.perft(p, 3)
    (9, 9, 658)
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geometry = g = rules.geometry
        self.index_of = g.index_of_mask
        self.mask = g.mask
        self.all_squares = g.all_squares
        self.promotion_rows = rules.promotion_rows
        self.legal_raw: Callable[[int, int, int, int], list[FastMove]]
        self.count_raw: Callable[[int, int, int, int], int]
        self.captures_raw: Callable[[int, int, int, int], list[FastMove]]
        self.sequences_raw: Callable[[int, int, int, int, bool], list[FastMove]]
        self.quiets_raw: Callable[[int, int, int, int], list[FastMove]]
        self.quiet_count_raw: Callable[[int, int, int, int], int]
        self.has_capture_raw: Callable[[int, int, int, int], bool]
        self.perft_raw: Callable[[int, int, int, int, int], int]
        _build(self, rules, g)
        # Variants whose rules depend on Position.aux replace the position-level entry points.
        self.stateful = False
        self._legal_pos: Callable[[Position], list[FastMove]] = self._legal_plain
        self._apply_pos: Callable[[Position, FastMove], Position] = apply_plain
        self._perft_pos: Callable[[Position, int], int] | None = None
        if rules.huffing:
            from damier.core import huffing

            huffing.install(self)
        if rules.king_move_limit:
            from damier.core import kingmoves

            kingmoves.install(self)

    def _legal_plain(self, pos: Position) -> list[FastMove]:
        return self.legal_raw(pos[0], pos[1], pos[2], pos[3])

    # -- wrappers on Position ------------------------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """All legal moves of the side to move, under every rule of the variant."""
        return self._legal_pos(pos)

    def apply(self, pos: Position, m: FastMove) -> Position:
        """The position after move ``m`` (side to move switched, variant state updated)."""
        return self._apply_pos(pos, m)

    def captures(self, pos: Position) -> list[FastMove]:
        """The legal captures after the variant's choice rules (empty if none)."""
        return self.captures_raw(pos[0], pos[1], pos[2], pos[3])

    def capture_sequences(self, pos: Position, complete_only: bool = True) -> list[FastMove]:
        """Every capture sequence of every piece before the choice rules (routes may repeat).

        With ``complete_only=False`` every prefix of every sequence is listed too, and a king
        may stop on any landing square (the physically possible moves of huffing rules).
        """
        return self.sequences_raw(pos[0], pos[1], pos[2], pos[3], complete_only)

    def quiets(self, pos: Position) -> list[FastMove]:
        """All non-capturing moves of the side to move (whether or not a capture exists)."""
        return self.quiets_raw(pos[0], pos[1], pos[2], pos[3])

    def has_capture(self, pos: Position) -> bool:
        """Whether the side to move can capture (a cheap bitboard test)."""
        return self.has_capture_raw(pos[0], pos[1], pos[2], pos[3])

    def count(self, pos: Position) -> int:
        """The number of legal moves (quiet moves are counted, not built)."""
        if self.stateful:
            return len(self._legal_pos(pos))
        return self.count_raw(pos[0], pos[1], pos[2], pos[3])

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions after ``depth`` plies (no draw rules), bulk-counted."""
        if not self.stateful:
            return self.perft_raw(pos[0], pos[1], pos[2], pos[3], depth)
        if self._perft_pos is not None:
            return self._perft_pos(pos, depth)
        if depth <= 0:
            return 1
        moves = self._legal_pos(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self._apply_pos(pos, m), depth - 1) for m in moves)

    def captured_order(self, m: FastMove) -> list[int]:
        """The captured squares (indices) of a fast move in the order they were jumped."""
        g = self.geometry
        cap = m[2] & ~m[5]
        out: list[int] = []
        cur = self.index_of[m[0]]
        for land in m[4]:
            for j in g.between(cur, land):
                if g.mask[j] & cap:
                    out.append(j)
                    break
            cur = land
        return out


def apply_plain(pos: Position, m: FastMove) -> Position:
    """The position after fast move ``m`` by the side to move (``aux`` kept)."""
    frm, to, remove, kx, _path, _huff = m
    white, black, kings, turn, aux = pos
    if turn == WHITE:
        return Position(white ^ frm ^ to, black & ~remove, (kings & ~remove) ^ kx, 1, aux)
    return Position(white & ~remove, black ^ frm ^ to, (kings & ~remove) ^ kx, 0, aux)


def _build(gen: MoveGenerator, rules: Rules, g: Geometry) -> None:  # noqa: C901 - one kernel
    """Bind every table and parameter into the closures of ``gen``."""
    MASK = g.mask
    INDEX = g.index_of_mask
    ALL = g.all_squares
    PROMO = rules.promotion_rows
    FLYING = rules.flying_kings
    AT_END = rules.remove_at_end
    NO_REVERSE = rules.no_reverse_capture
    MUST_CONTINUE = rules.king_must_continue
    PROMO_HOW = rules.promotion_in_capture
    MEN_TAKE_KINGS = rules.men_capture_kings
    REVERSE = tuple(g.direction_index((-dr, -dc)) for dr, dc in g.directions)
    man_step_dirs = (rules.directions(rules.man_steps, 0), rules.directions(rules.man_steps, 1))
    man_cap_dirs = (rules.directions(rules.man_captures, 0), rules.directions(rules.man_captures, 1))
    king_step_dirs = rules.directions(rules.king_steps, 0)
    king_cap_dirs = rules.directions(rules.king_captures, 0)

    # Quiet man moves: per colour, (shift, source mask, target bit -> fast move) per direction.
    def quiet_dirs(color: int) -> tuple[tuple[int, int, dict[int, FastMove]], ...]:
        out = []
        for d in man_step_dirs[color]:
            table: dict[int, FastMove] = {}
            for i in range(g.squares):
                j = g.step[d][i]
                if j >= 0:
                    to = MASK[j]
                    table[to] = (MASK[i], to, 0, to if to & PROMO[color] else 0, (), 0)
            out.append((g.shift[d], _source_mask(g, d, 1), table))
        return tuple(out)

    MAN_QUIET = (quiet_dirs(0), quiet_dirs(1))
    # Man captures in bulk: per colour, per capture direction: (shift, two-step source mask,
    # landing bit -> single-capture fast move, continuation checks from the landing square in
    # every other direction except straight back).
    _CapDir = tuple[int, int, dict[int, FastMove], tuple[tuple[int, int], ...]]

    def man_cap_dirs_table(color: int) -> tuple[_CapDir, ...]:
        out = []
        for d in man_cap_dirs[color]:
            table: dict[int, FastMove] = {}
            for i in range(g.squares):
                j = g.step[d][i]
                land = g.step[d][j] if j >= 0 else -1
                if land >= 0:
                    lm = MASK[land]
                    table[lm] = (MASK[i], lm, MASK[j], lm if lm & PROMO[color] else 0, (land,), 0)
            cont = tuple(
                (g.shift[d2], _source_mask(g, d2, 2)) for d2 in man_cap_dirs[color] if d2 != REVERSE[d]
            )
            out.append((g.shift[d], _source_mask(g, d, 2), table, cont))
        return tuple(out)

    MAN_CAP = (man_cap_dirs_table(0), man_cap_dirs_table(1))
    MAN_CAP_UP = tuple(tuple((s, two, cont) for s, two, _t, cont in MAN_CAP[c] if s > 0) for c in (0, 1))
    MAN_CAP_DOWN = tuple(tuple((-s, two, cont) for s, two, _t, cont in MAN_CAP[c] if s < 0) for c in (0, 1))
    CROWNED_MEN_CONTINUE = PROMO_HOW == "continue_as_man"
    # Single captures are all equal under most choice rules; these rank them by the victim.
    VICTIMS_DIFFER = rules.capture_rule in ("spanish", "max_value")
    # Man jumps: per colour, per square, the (jumped mask, landing, landing mask, direction).
    MAN_JUMPS: tuple[tuple[tuple[_Jump, ...], ...], ...] = tuple(
        tuple(
            tuple(
                (MASK[g.step[d][i]], g.step[d][g.step[d][i]], MASK[g.step[d][g.step[d][i]]], d)
                for d in man_cap_dirs[c]
                if g.step[d][i] >= 0 and g.step[d][g.step[d][i]] >= 0
            )
            for i in range(g.squares)
        )
        for c in (0, 1)
    )
    # King rays: per square, per capture direction: (direction, ray mask, ray indices, up?)
    RAY_MASK = g.ray_mask
    RAYS = g.rays
    STEP = g.step
    SHIFT = g.shift
    KING_CAP = tuple(
        tuple((d, RAY_MASK[d][i], RAYS[d][i], SHIFT[d] > 0) for d in king_cap_dirs if RAYS[d][i])
        for i in range(g.squares)
    )
    KING_JUMPS: tuple[tuple[_Jump, ...], ...] = tuple(
        tuple(
            (MASK[STEP[d][i]], STEP[d][STEP[d][i]], MASK[STEP[d][STEP[d][i]]], d)
            for d in king_cap_dirs
            if STEP[d][i] >= 0 and STEP[d][STEP[d][i]] >= 0
        )
        for i in range(g.squares)
    )
    # Quiet king moves: per square, per step direction: (ray mask, up?, moves nearest first)
    KING_QUIET = tuple(
        tuple(
            (
                RAY_MASK[d][i] if FLYING else (MASK[STEP[d][i]] if STEP[d][i] >= 0 else 0),
                SHIFT[d] > 0,
                tuple(
                    (MASK[i], MASK[j], 0, MASK[i] ^ MASK[j], (), 0)
                    for j in (RAYS[d][i] if FLYING else RAYS[d][i][:1])
                ),
            )
            for d in king_step_dirs
            if RAYS[d][i]
        )
        for i in range(g.squares)
    )
    KING_DETECT = tuple(
        tuple(
            (d, RAY_MASK[d][i], SHIFT[d] > 0) for d in king_cap_dirs if len(RAYS[d][i]) >= 2
        )
        for i in range(g.squares)
    )

    # -- capture search -------------------------------------------------------------------

    def man_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, color: int, out: _Out, complete: bool,
    ) -> bool:
        found = False
        promo = PROMO[color]
        for over, land, lm, d in MAN_JUMPS[color][cur]:
            if not targets & over:
                continue
            nocc = occ if AT_END else occ ^ over
            if nocc & lm or (NO_REVERSE and last >= 0 and d == REVERSE[last]):
                continue
            found = True
            ncap = cap | over
            npath = path + (land,)
            if lm & promo and PROMO_HOW != "continue_as_man":
                if PROMO_HOW == "promote_and_stop":
                    out.append((fm, lm, ncap, lm, npath, 0))
                    continue
                # promote_and_continue: the man is a king from here on (Russian rules)
                if (
                    not king_search(fm, land, nocc, theirs & ~ncap, theirs, ncap, npath, d,
                                    out, complete, lm)
                    or not complete
                ):
                    out.append((fm, lm, ncap, lm, npath, 0))
                continue
            if (
                not man_search(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, color,
                               out, complete)
                or not complete
            ):
                out.append((fm, lm, ncap, lm if lm & promo else 0, npath, 0))
        return found

    def plain_man_search(
        fm: int, cur: int, occ: int, targets: int, cap: int, path: tuple[int, ...],
        color: int, out: _Out,
    ) -> bool:
        """:func:`man_search` for the common rules: pieces removed at the end, a crowned man
        continues as a man, no turn restriction."""
        found = False
        promo = PROMO[color]
        for over, land, lm, _d in MAN_JUMPS[color][cur]:
            if targets & over and not occ & lm:
                found = True
                ncap = cap | over
                npath = path + (land,)
                if not plain_man_search(fm, land, occ, targets ^ over, ncap, npath, color, out):
                    out.append((fm, lm, ncap, lm if lm & promo else 0, npath, 0))
        return found

    PLAIN_MEN = AT_END and not NO_REVERSE and PROMO_HOW == "continue_as_man"

    def king_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, out: _Out, complete: bool, crowned: int,
    ) -> bool:
        """Capture continuations of a king on ``cur``. ``crowned`` is the crowning square's
        mask for a man promoted during this capture (Russian), else 0."""
        found = False
        rev = REVERSE[last] if NO_REVERSE and last >= 0 else -1
        if not FLYING:
            for over, land, lm, d in KING_JUMPS[cur]:
                if not targets & over or d == rev:
                    continue
                nocc = occ if AT_END else occ ^ over
                if nocc & lm:
                    continue
                found = True
                ncap = cap | over
                npath = path + (land,)
                if (
                    not king_search(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, out,
                                    complete, crowned)
                    or not complete
                ):
                    out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
            return found
        for d, rmask, ray, inc in KING_CAP[cur]:
            if d == rev:
                continue
            blockers = rmask & occ
            if not blockers:
                continue
            victim = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            nocc = occ if AT_END else occ ^ victim
            # landing squares: the ray squares past the victim up to the next blocker
            k = ray.index(INDEX[victim]) + 1
            n = len(ray)
            landings = []
            while k < n and not nocc & MASK[ray[k]]:
                landings.append(ray[k])
                k += 1
            if not landings:
                continue
            found = True
            ntargets = targets ^ victim
            ncap = cap | victim
            continued = False
            ends = []
            for land in landings:
                npath = path + (land,)
                if king_search(fm, land, nocc, ntargets, theirs, ncap, npath, d, out, complete,
                               crowned):
                    continued = True
                    if not complete:
                        ends.append((land, npath))
                else:
                    ends.append((land, npath))
            if continued and MUST_CONTINUE and complete:
                continue
            for land, npath in ends:
                lm = MASK[land]
                out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
        return found

    def sequences(white: int, black: int, kings: int, turn: int, complete: bool) -> _Out:
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return []
        men = mine & ~kings
        cand = 0
        if men:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            empty = ALL & ~(white | black)
            for s, two, _table, _cont in MAN_CAP[turn]:
                if s > 0:
                    cand |= (((((men & two) << s) & targets) << s) & empty) >> (s + s)
                else:
                    cand |= (((((men & two) >> -s) & targets) >> -s) & empty) << -(s + s)
            cand &= men
        return sequences_of(white, black, kings, turn, cand, complete)

    def sequences_of(white: int, black: int, kings: int, turn: int, cand: int, complete: bool) -> _Out:
        """The capture sequences of the men in ``cand`` (those that can jump) and of every
        king of the side to move."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        out: _Out = []
        occ = white | black
        if cand:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            plain = PLAIN_MEN and complete
            while cand:
                low = cand & -cand
                cand ^= low
                if plain:
                    plain_man_search(low, INDEX[low], occ ^ low, targets, 0, (), turn, out)
                else:
                    man_search(low, INDEX[low], occ ^ low, targets, theirs, 0, (), -1, turn, out,
                               complete)
        k = mine & kings
        while k:
            low = k & -k
            k ^= low
            king_search(low, INDEX[low], occ ^ low, theirs, theirs, 0, (), -1, out, complete, 0)
        return out

    choose = _make_chooser(gen, rules)

    def captures(white: int, black: int, kings: int, turn: int) -> _Out:
        raw = sequences(white, black, kings, turn, True)
        return choose(raw, kings) if raw else raw

    # -- capture detection ----------------------------------------------------------------

    def king_can_capture(k: int, theirs: int, occ: int, empty: int) -> bool:
        while k:
            low = k & -k
            k ^= low
            i = INDEX[low]
            if FLYING:
                for d, rmask, inc in KING_DETECT[i]:
                    blockers = rmask & occ
                    if not blockers:
                        continue
                    first = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
                    if first & theirs:
                        j = STEP[d][INDEX[first]]
                        if j >= 0 and MASK[j] & empty:
                            return True
            else:
                for over, _land, lm, _d in KING_JUMPS[i]:
                    if over & theirs and lm & empty:
                        return True
        return False

    def has_capture(white: int, black: int, kings: int, turn: int) -> bool:
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return False
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        if men:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            for s, two, _table, _cont in MAN_CAP[turn]:
                if s > 0:
                    if (((men & two) << s & targets) << s) & empty:
                        return True
                elif (((men & two) >> -s & targets) >> -s) & empty:
                    return True
        k = mine & kings
        return bool(k) and king_can_capture(k, theirs, occ, empty)

    # -- quiet moves ------------------------------------------------------------------------

    def king_quiets(k: int, occ: int, out: _Out) -> None:
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, moves in KING_QUIET[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    out.extend(moves)
                    continue
                if inc:
                    n = (rmask & ((blockers & -blockers) - 1)).bit_count()
                else:
                    n = (rmask >> blockers.bit_length()).bit_count()
                if n:
                    out.extend(moves[:n])

    def king_quiet_count(k: int, occ: int) -> int:
        n = 0
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, _moves in KING_QUIET[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    n += rmask.bit_count()
                elif inc:
                    n += (rmask & ((blockers & -blockers) - 1)).bit_count()
                else:
                    n += (rmask >> blockers.bit_length()).bit_count()
        return n

    def quiet_count(white: int, black: int, kings: int, turn: int) -> int:
        mine = white if turn == WHITE else black
        occ = white | black
        empty = ALL & ~occ
        n = 0
        men = mine & ~kings
        if men:
            for s, src, _table in MAN_QUIET[turn]:
                n += (((men & src) << s if s > 0 else (men & src) >> -s) & empty).bit_count()
        if mine & kings:
            n += king_quiet_count(mine & kings, occ)
        return n

    def quiets(white: int, black: int, kings: int, turn: int) -> _Out:
        mine = white if turn == WHITE else black
        occ = white | black
        empty = ALL & ~occ
        out: _Out = []
        append = out.append
        men = mine & ~kings
        if men:
            for s, src, table in MAN_QUIET[turn]:
                t = ((men & src) << s if s > 0 else (men & src) >> -s) & empty
                while t:
                    low = t & -t
                    t ^= low
                    append(table[low])
        if mine & kings:
            king_quiets(mine & kings, occ, out)
        return out

    # Single man captures without continuation are by far the most common captures; they are
    # found for all men at once with shifts. ``None`` means "some capture may continue, a
    # king can capture, or a crowning capture needs care: use the full search".
    def single_captures(white: int, black: int, kings: int, turn: int) -> int | None:
        """The number of capture moves if they are all single man captures (0 if none)."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return 0
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
        total = 0
        found = 0
        # directions split by the sign of their shift: no branch inside the loops
        for s, two, cont in MAN_CAP_UP[turn]:
            land = (((men & two) << s & targets) << s) & empty
            if land:
                found |= land
                total += land.bit_count()
                for s2, two2 in cont:
                    if s2 > 0:
                        if (((land & two2) << s2 & targets) << s2) & empty:
                            return None
                    elif (((land & two2) >> -s2 & targets) >> -s2) & empty:
                        return None
        for s, two, cont in MAN_CAP_DOWN[turn]:
            land = (((men & two) >> s & targets) >> s) & empty
            if land:
                found |= land
                total += land.bit_count()
                for s2, two2 in cont:
                    if s2 > 0:
                        if (((land & two2) << s2 & targets) << s2) & empty:
                            return None
                    elif (((land & two2) >> -s2 & targets) >> -s2) & empty:
                        return None
        if found and (
            (found & PROMO[turn] and not CROWNED_MEN_CONTINUE) or (VICTIMS_DIFFER and theirs & kings)
        ):
            return None
        if mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
            return None
        return total

    # Frisian men capture in all eight directions: the same test written out with the four
    # diagonal shifts (h, h + 1), the vertical two-row shift (N + 1, exact in the padded
    # layout) and the horizontal one-square shift (masked to stay in its row).
    EIGHT = g.shape == "dark" and all(set(man_cap_dirs[c]) == set(range(8)) for c in (0, 1))
    if EIGHT:
        S1 = g.size // 2
        S2 = S1 + 1
        SV = g.size + 1
        LEFT2 = sum(MASK[i] for i in range(g.squares) if STEP[6][i] >= 0 and STEP[6][STEP[6][i]] >= 0)
        RIGHT2 = sum(MASK[i] for i in range(g.squares) if STEP[7][i] >= 0 and STEP[7][STEP[7][i]] >= 0)
        assert g.directions[4:] == ((-2, 0), (2, 0), (0, -2), (0, 2))
        assert SHIFT[4] == -SV and SHIFT[6] == -1

    def single_captures_eight(white: int, black: int, kings: int, turn: int) -> int | None:
        """:func:`single_captures` for men that capture in all eight directions."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return 0
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        tg = theirs if MEN_TAKE_KINGS else theirs & ~kings
        ur = (((men >> S1) & tg) >> S1) & empty
        ul = (((men >> S2) & tg) >> S2) & empty
        dl = (((men << S1) & tg) << S1) & empty
        dr = (((men << S2) & tg) << S2) & empty
        up = (((men >> SV) & tg) >> SV) & empty
        dn = (((men << SV) & tg) << SV) & empty
        lf = ((((men & LEFT2) >> 1) & tg) >> 1) & empty
        rt = ((((men & RIGHT2) << 1) & tg) << 1) & empty
        found = ur | ul | dl | dr | up | dn | lf | rt
        if found:
            if (found & PROMO[turn] and not CROWNED_MEN_CONTINUE) or (VICTIMS_DIFFER and theirs & kings):
                return None
            # a landing may jump on in every direction but straight back: the landings that
            # may go up-right are those reached in any direction but down-left, and so on
            diag = ur | ul | dl | dr
            orth = up | dn | lf | rt
            if (
                (((((diag & ~dl | dl & (ur | ul | dr)) | orth) >> S1 & tg) >> S1) & empty)
                or (((((diag & ~dr | dr & (ur | ul | dl)) | orth) >> S2 & tg) >> S2) & empty)
                or (((((diag & ~ur | ur & (ul | dl | dr)) | orth) << S1 & tg) << S1) & empty)
                or (((((diag & ~ul | ul & (ur | dl | dr)) | orth) << S2 & tg) << S2) & empty)
                or ((((diag | up | lf | rt | dn & (up | lf | rt)) >> SV & tg) >> SV) & empty)
                or ((((diag | dn | lf | rt | up & (dn | lf | rt)) << SV & tg) << SV) & empty)
                or (((((diag | up | dn | lf | rt & (up | dn | lf)) & LEFT2) >> 1 & tg) >> 1) & empty)
                or (((((diag | up | dn | rt | lf & (up | dn | rt)) & RIGHT2) << 1 & tg) << 1) & empty)
            ):
                return None
        if mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
            return None
        if not found:
            return 0
        return (ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count() + up.bit_count()
                + dn.bit_count() + lf.bit_count() + rt.bit_count())

    if EIGHT:
        single_captures = single_captures_eight  # the same test, written out

    def single_capture_moves(white: int, black: int, kings: int, turn: int) -> _Out:
        """The capture moves when :func:`single_captures` found only single man captures."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        empty = ALL & ~(white | black)
        men = mine & ~kings
        targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
        out: _Out = []
        for s, two, table, _cont in MAN_CAP[turn]:
            if s > 0:
                land = (((men & two) << s & targets) << s) & empty
            else:
                land = (((men & two) >> -s & targets) >> -s) & empty
            while land:
                low = land & -land
                land ^= low
                out.append(table[low])
        return out

    def generic_count(white: int, black: int, kings: int, turn: int) -> int:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return len(choose(sequences(white, black, kings, turn, True), kings))
        if n:
            return n
        mine = white if turn == WHITE else black
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        if men:
            for s, src, _table in MAN_QUIET[turn]:
                n += (((men & src) << s if s > 0 else (men & src) >> -s) & empty).bit_count()
        if mine & kings:
            n += king_quiet_count(mine & kings, occ)
        return n

    def generic_legal(white: int, black: int, kings: int, turn: int) -> _Out:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return choose(sequences(white, black, kings, turn, True), kings)
        if n:
            return single_capture_moves(white, black, kings, turn)
        return quiets(white, black, kings, turn)

    count: Callable[[int, int, int, int], int] = generic_count
    legal: Callable[[int, int, int, int], _Out] = generic_legal

    def perft(white: int, black: int, kings: int, turn: int, depth: int) -> int:
        if depth <= 1:
            return count(white, black, kings, turn) if depth == 1 else 1
        total = 0
        depth -= 1
        moves = legal(white, black, kings, turn)
        if depth == 1:
            if turn == WHITE:
                for frm, to, rem, kx, _p, _h in moves:
                    total += count(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1)
            else:
                for frm, to, rem, kx, _p, _h in moves:
                    total += count(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0)
            return total
        if turn == WHITE:
            for frm, to, rem, kx, _p, _h in moves:
                total += perft(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1, depth)
        else:
            for frm, to, rem, kx, _p, _h in moves:
                total += perft(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0, depth)
        return total

    def full_captures(white: int, black: int, kings: int, turn: int) -> _Out:
        return choose(sequences(white, black, kings, turn, True), kings)

    def captures_of(white: int, black: int, kings: int, turn: int, cand: int) -> _Out:
        return choose(sequences_of(white, black, kings, turn, cand, True), kings)

    diagonal_men = (
        g.shape == "dark"
        and set(man_step_dirs[0]) == {g.direction_index((-1, -1)), g.direction_index((-1, 1))}
        and set(man_cap_dirs[0]) in ({0, 1}, {0, 1, 2, 3})
    )
    if diagonal_men:
        up_right, up_left, down_left, down_right = (g.direction_index(d) for d in
                                                    ((-1, 1), (-1, -1), (1, -1), (1, 1)))

        def table_for(color: int, d: int) -> dict[int, FastMove]:
            for (_s, _two, table, _cont), dd in zip(MAN_CAP[color], man_cap_dirs[color], strict=True):
                if dd == d:
                    return table
            return {}

        def quiet_for(color: int, d: int) -> dict[int, FastMove]:
            for (_s, _src, table), dd in zip(MAN_QUIET[color], man_step_dirs[color], strict=True):
                if dd == d:
                    return table
            return {}

        count, legal = diagonal.build(
            g.size, ALL, PROMO,
            men_back=len(man_cap_dirs[0]) == 4,
            men_take_kings=MEN_TAKE_KINGS,
            crowned_men_continue=CROWNED_MEN_CONTINUE,
            victims_differ=VICTIMS_DIFFER,
            quiet_tables=(
                (quiet_for(0, up_right), quiet_for(0, up_left)),
                (quiet_for(1, down_left), quiet_for(1, down_right)),
            ),
            capture_tables=tuple(
                tuple(table_for(c, d) for d in (up_right, up_left, down_left, down_right))
                for c in (0, 1)
            ),
            king_can_capture=king_can_capture,
            king_quiets=king_quiets,
            king_quiet_count=king_quiet_count,
            full_captures=full_captures,
            captures_of=captures_of,
        )

    gen.legal_raw = legal
    gen.count_raw = count
    gen.captures_raw = captures
    gen.sequences_raw = sequences
    gen.quiets_raw = quiets
    gen.quiet_count_raw = quiet_count
    gen.has_capture_raw = has_capture
    gen.perft_raw = perft


def _make_chooser(gen: MoveGenerator, rules: Rules) -> Callable[[_Out, int], _Out]:
    """The capture-choice rule of the variant, plus removal of duplicate routes (§2.8)."""
    rule = rules.capture_rule
    king_priority = rules.king_priority
    man_value, king_value = rules.man_value, rules.king_value
    mask = gen.mask

    def unique(raw: _Out) -> _Out:
        if len(raw) < 2:
            return raw
        seen: set[tuple[int, int, int]] = set()
        out = []
        for m in raw:
            key = (m[0], m[1], m[2])
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out

    def by_king_first(raw: _Out, kings: int) -> _Out:
        by_king = [m for m in raw if m[0] & kings]
        return by_king or raw

    def most(raw: _Out, key: Callable[[FastMove], int]) -> _Out:
        values = [key(m) for m in raw]
        best = max(values)
        return [m for m, v in zip(raw, values, strict=True) if v == best]

    def choose(raw: _Out, kings: int) -> _Out:
        if king_priority:
            raw = by_king_first(raw, kings)
        if rule == "free":
            return unique(raw)
        if rule == "max_count":
            best = 0
            for m in raw:
                c = m[2].bit_count()
                if c > best:
                    best = c
            if best == 1:
                return raw  # single captures cannot repeat a move
            return unique([m for m in raw if m[2].bit_count() == best])
        if rule == "max_value":
            extra = king_value - man_value
            best = -1
            keep: _Out = []
            for m in raw:
                cap = m[2]
                v = man_value * cap.bit_count() + (extra * (cap & kings).bit_count() if kings else 0)
                if v > best:
                    best, keep = v, [m]
                elif v == best:
                    keep.append(m)
            return unique(by_king_first(keep, kings))
        raw = most(raw, lambda m: m[2].bit_count())
        if rule == "italian":
            raw = by_king_first(raw, kings)
        raw = most(raw, lambda m: (m[2] & kings).bit_count())
        if rule == "italian" and len(raw) > 1:
            # the sequence that meets a king first: compare the king pattern in capture order
            keys = [tuple(1 if mask[i] & kings else 0 for i in gen.captured_order(m)) for m in raw]
            top = max(keys)
            raw = [m for m, k in zip(raw, keys, strict=True) if k == top]
        return unique(raw)

    return choose


_GENERATORS: dict[str, MoveGenerator] = {}


def generator(rules: Rules) -> MoveGenerator:
    """The shared :class:`MoveGenerator` of a rules object (built on first use)."""
    gen = _GENERATORS.get(rules.name)
    if gen is None or gen.rules is not rules:
        gen = MoveGenerator(rules)
        _GENERATORS[rules.name] = gen
    return gen
