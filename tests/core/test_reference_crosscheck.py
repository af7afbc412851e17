"""The fast generator agrees with the slow reference generator on random positions.

This is the evidence for variants without published perft counts (Turkish, the huffing
rules of ``czech-traditional``, ``old-french`` and ``malaysian``, Thai from its real start,
German; docs/perft.md "Without published counts") and a second, independent code path for
every other variant, and for the alternative readings the variant modules document:
positions from random games and random placements with many kings, in every registered
variant; the legal moves must be the same set of (from, to, captured set, huff) and the
fast generator must not list a move twice.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from damier.core.movegen import generator
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import all_variants
from tests.core import reference
from tests.core.positions import playout_positions, scattered_positions

PLAYOUT = 2000
SCATTERED = 2000


def fast_keys(rules: Rules, pos: Position) -> list[tuple[object, ...]]:
    gen = generator(rules)
    g = rules.geometry
    keys = []
    for m in gen.legal(pos):
        frm, to, remove, _kx, _path, huff = m
        captured = frozenset(g.coords(i) for i in g.squares_of(remove & ~huff))
        keys.append((
            g.coords(gen.index_of[frm]),
            g.coords(gen.index_of[to]),
            captured,
            g.coords(gen.index_of[huff]) if huff else None,
        ))
    return keys


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_fast_generator_matches_reference(rules: Rules) -> None:
    positions = playout_positions(rules, PLAYOUT, seed=7) + scattered_positions(rules, SCATTERED, seed=11)
    for pos in positions:
        fast = fast_keys(rules, pos)
        assert len(fast) == len(set(fast)), f"duplicate move in {pos}"
        expected = reference.legal_keys(rules, pos)
        assert set(fast) == expected, (
            f"{rules.name}: {pos}\nonly fast: {set(fast) - expected}\nonly reference: {expected - set(fast)}"
        )


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_perft_from_start_matches_reference(rules: Rules) -> None:
    """The counts of variants without published perft (Thai from its real start, Malaysian,
    Old French, German …) rest on this: the reference plays every move on its own board."""
    pos = start_position(rules)
    depth = 4 if rules.size <= 8 else 3
    assert generator(rules).perft(pos, depth) == reference.perft(rules, pos, depth)


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_bulk_count_matches_move_list(rules: Rules) -> None:
    gen = generator(rules)
    for pos in playout_positions(rules, 400, seed=3) + scattered_positions(rules, 400, seed=5):
        assert gen.count(pos) == len(gen.legal(pos))
        assert gen.has_capture(pos) == any(m[2] for m in generator(rules).legal_raw(*pos[:4]))


def _alternatives() -> list[Rules]:
    """The readings the variant modules document beside their choice, each one rules
    parameter or two away: the parameters in combinations no registered variant uses."""
    from damier.core.variants import get_variant

    def alt(name: str, reading: str, **changes: object) -> Rules:
        return replace(get_variant(name), name=f"{name}@{reading}", **changes)  # type: ignore[arg-type]

    forward = ((-1, -1), (-1, 1))
    return [
        alt("thai", "mindsports", no_reverse_capture=True),
        alt("german", "setupgroup", man_captures=forward, king_lands_behind=True),
        alt("german", "ludii", remove_at_end=False),
        alt("malaysian", "strict", huffing=False),
    ]


@pytest.mark.parametrize("rules", _alternatives(), ids=lambda r: r.name)
def test_alternative_readings_match_reference(rules: Rules) -> None:
    for pos in playout_positions(rules, 1000, seed=29) + scattered_positions(rules, 1000, seed=31):
        fast = fast_keys(rules, pos)
        assert len(fast) == len(set(fast)), f"duplicate move in {pos}"
        assert set(fast) == reference.legal_keys(rules, pos), f"{rules.name}: {pos}"


HUFFING = [r for r in all_variants() if r.huffing]


@pytest.mark.parametrize("rules", HUFFING, ids=lambda r: r.name)
def test_huffing_strict_captures_match_reference(rules: Rules) -> None:
    """Under the huff the legal moves are the physical ones, so the choice rules show only in
    what must be played to escape the huff: the generator's strict captures."""
    gen = generator(rules)
    g = rules.geometry
    for pos in playout_positions(rules, 1000, seed=19) + scattered_positions(rules, 1000, seed=23):
        fast = {
            (g.coords(gen.index_of[m[0]]), g.coords(gen.index_of[m[1]]),
             frozenset(g.coords(i) for i in g.squares_of(m[2])), None)
            for m in gen.captures(pos)
        }
        board = reference.board_of(pos, rules)
        seqs = reference.capture_sequences(rules, board, pos.turn)
        expected = {m.key() for m in reference.choose(rules, board, seqs, board)} if seqs else set()
        assert fast == expected, f"{rules.name}: {pos}"


@pytest.mark.parametrize("rules", HUFFING, ids=lambda r: r.name)
def test_huffing_offenders_match_reference(rules: Rules) -> None:
    """[Zapletal 5]: after each physically possible move the set of pieces that may be
    huffed is the same as the reference's reading of Zapletal (for every choice rule)."""
    gen = generator(rules)
    g = rules.geometry
    for pos in playout_positions(rules, 300, seed=13) + scattered_positions(rules, 300, seed=17):
        board = reference.board_of(pos, rules)
        for m in gen.legal(pos):
            if m[5]:
                continue  # the huff itself is checked by the move-list comparison
            after = gen.apply(pos, m)
            ref_move = reference.RefMove(
                g.coords(gen.index_of[m[0]]),
                g.coords(gen.index_of[m[1]]),
                tuple(g.coords(i) for i in gen.captured_order(m)),
                False,
            )
            expected = reference.offenders_after(rules, board, pos.turn, ref_move)
            got = {g.coords(i) for i in g.squares_of(after.aux)}
            assert got == expected, f"{pos} {ref_move}: {got} != {expected}"
