"""Position keys of the game database, and a game's moves replayed in bulk to their keys.

A position's *key* is a 64-bit Zobrist hash of its pieces by square and the side to move,
salted with the variant (format version 1 of docs/database.md, "Position keys"): the XOR of
``piece_key(kind, square)`` over the pieces (``kind`` 0 white man, 1 black man, 2 white
king, 3 black king; ``square`` the 0-based index of the square in the variant's numbering),
``TURN_KEY`` when the second side (Black) is to move, and :func:`variant_salt`. The numbers
are splitmix64's finaliser of a counter (:func:`mix`), so the key never depends on the
engine's bitboard layouts. Variant state (Frisian king-move counts, huffing) is not part of it.

:func:`replay_texts` replays a game's main line given as move texts: on the kernel in one
call (``damier._kernel.replay``: parse, match against the native legal list, apply) and, from
the first text the kernel cannot match alone (a huff, an ambiguous short capture …), on the
Python path (:meth:`~damier.core.board.Board.parse_move`), which is also the whole path where
the kernel is absent (``DAMIER_PURE=1``). :func:`replay_indices` replays moves stored as
their indices in the legal list. Both give the same :class:`Replay` on both paths (tests
compare them). This module must not store anything.

>>> from damier.core.variants import get_variant
>>> from damier.core.position import start_position
>>> rules = get_variant("international")
>>> r = replay_texts(rules, start_position(rules), ["32-28", "19-23", "28x19", "14x23", "9-9"])
>>> r.count, r.stopped, list(r.indices)
(4, '9-9', [6, 2, 0, 0])
>>> r.key_list()[0] == position_key(rules, start_position(rules)), r.material_at(4)
(True, (19, 19, 0, 0))
>>> replay_indices(rules, start_position(rules), r.indices).keys == r.keys
True
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from damier.core import kernel
from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.movegen import MoveGenerator, generator
from damier.core.position import Position
from damier.core.rules import Rules

KEY_SEED = 0x64616D6965720000
"""The counter's start ("damier" in ASCII)."""
MASK64 = (1 << 64) - 1


def mix(x: int) -> int:
    """splitmix64's finaliser of ``x + golden ratio`` (64-bit).

    >>> hex(mix(0))
    '0xe220a8397b1dcdaf'
    """
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def piece_key(kind: int, square: int) -> int:
    """The number of a piece of ``kind`` (0-3) on square index ``square``."""
    return mix(KEY_SEED + kind * 256 + square)


TURN_KEY = mix(KEY_SEED + 0xFFFF)


MATERIAL_KEY = mix(KEY_SEED + 0x10000)


def material_key(variant: str, counts: int) -> int:
    """The key of a material balance (the index of the material search): ``counts`` is the
    four counts of :func:`material` as one little-endian 32-bit number (white men, black
    men, white kings, black kings).

    >>> material_key("international", 20 | 20 << 8) != material_key("russian", 20 | 20 << 8)
    True
    """
    return mix(variant_salt(variant) ^ MATERIAL_KEY ^ counts)


@cache
def variant_salt(name: str) -> int:
    """The variant's part of its keys: the first 8 bytes of BLAKE2b of its name."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")


def _base_name(rules: Rules) -> str:
    """The registered variant's name (a GameType with other square names keys as its base)."""
    return rules.name.split("@", 1)[0]


@cache
def _square_keys(rules: Rules) -> list[tuple[int, int, int, int, int]]:
    g = rules.geometry
    return [(g.mask[i], piece_key(0, i), piece_key(1, i), piece_key(2, i), piece_key(3, i))
            for i in range(g.squares)]


def position_key(rules: Rules, position: Position) -> int:
    """The key of ``position`` (an unsigned 64-bit int; see the module docstring).

    >>> from damier.core.board import Board
    >>> b = Board()
    >>> position_key(b.rules, b.position) == position_key(b.rules, Board().position)
    True
    """
    white, black, kings = position[0], position[1], position[2]
    key = variant_salt(_base_name(rules)) ^ (TURN_KEY if position[3] else 0)
    for mask, wm, bm, wk, bk in _square_keys(rules):
        if white & mask:
            key ^= wk if kings & mask else wm
        elif black & mask:
            key ^= bk if kings & mask else bm
    return key


def material(position: Position) -> tuple[int, int, int, int]:
    """``(white men, black men, white kings, black kings)``."""
    white, black, kings = position[0], position[1], position[2]
    wk, bk = (white & kings).bit_count(), (black & kings).bit_count()
    return white.bit_count() - wk, black.bit_count() - bk, wk, bk


@dataclass
class Replay:
    """A replayed main line: ``count`` moves, their ``indices`` in the legal list, the keys
    of the ``count + 1`` positions met (``keys``: 8 bytes each, little-endian) and their
    material (``material``: 4 bytes each, see :func:`material`), the last ``position``, and
    the text where it stopped (``None``: all were played)."""

    count: int
    indices: bytes
    keys: bytes
    material: bytes
    position: Position
    stopped: str | None = None

    def key_list(self) -> list[int]:
        """The keys as ints."""
        return list(memoryview(self.keys).cast("Q"))

    def material_at(self, ply: int) -> tuple[int, int, int, int]:
        """The material of the position after ``ply`` moves."""
        m = self.material
        return m[4 * ply], m[4 * ply + 1], m[4 * ply + 2], m[4 * ply + 3]


@cache
def square_tables(rules: Rules) -> tuple[bytes, bytes]:
    """The kernel's tables of square names: ``numbers[n]`` and ``letters[file * 16 + rank]``
    hold the square index + 1 (0: no such square)."""
    numbers, letters = bytearray(256), bytearray(26 * 16)
    names = rules.names
    for i in range(rules.geometry.squares):
        n = names.number(i)
        if n < 256:
            numbers[n] = i + 1
        alg = names.algebraic(i)
        if alg[:1].isalpha() and alg[1:].isdigit() and int(alg[1:]) < 16:
            letters[(ord(alg[0]) - ord("a")) * 16 + int(alg[1:])] = i + 1
    return bytes(numbers), bytes(letters)


def _native(gen: MoveGenerator) -> Any:
    """The kernel's Generator behind ``gen``, or None on the Python path (no kernel,
    ``DAMIER_PURE=1``, a variant the kernel does not cover)."""
    module = kernel.native_module()
    if module is None or not hasattr(module, "replay"):
        return None
    return getattr(gen, "native", None)


def _from_native(answer: tuple[Any, ...]) -> Replay:
    count, indices, keys, mat, pos = answer
    return Replay(count, indices, keys, mat, Position(*pos))


def _python(rules: Rules, gen: MoveGenerator, done: Replay, moves: Iterable[str | int]) -> Replay:
    """Play ``moves`` (texts, or indices in the legal list) after ``done`` on the Python path,
    to the end or the first that cannot be played."""
    indices = bytearray(done.indices)
    keys = array("Q", memoryview(done.keys).cast("Q"))
    mats = bytearray(done.material)
    position = done.position
    for move in moves:
        legal = gen.legal(position)
        try:
            index = move if isinstance(move, int) else \
                legal.index(Board(rules, position=position).parse_move(move).fast)
        except (DamierError, ValueError):
            index = 256
        if index >= min(len(legal), 256):
            return Replay(len(indices), bytes(indices), keys.tobytes(), bytes(mats), position,
                          str(move))
        position = gen.apply(position, legal[index])
        indices.append(index)
        keys.append(position_key(rules, position))
        mats.extend(material(position))
    return Replay(len(indices), bytes(indices), keys.tobytes(), bytes(mats), position, None)


def _start(rules: Rules, position: Position) -> Replay:
    return Replay(0, b"", array("Q", [position_key(rules, position)]).tobytes(),
                  bytes(material(position)), position)


def replay_texts(rules: Rules, position: Position, texts: list[str]) -> Replay:
    """Replay main-line move texts from ``position`` (see the module docstring)."""
    gen = generator(rules)
    native = _native(gen)
    if native is None:
        return _python(rules, gen, _start(rules, position), texts)
    numbers, letters = square_tables(rules)
    done = _from_native(kernel.native_module().replay(  # type: ignore[union-attr]
        native, position, texts, numbers, letters, variant_salt(_base_name(rules))))
    if done.count == len(texts):
        return done
    return _python(rules, gen, done, texts[done.count:])


def replay_indices(rules: Rules, position: Position, indices: bytes) -> Replay:
    """Replay moves stored as their indices in the legal list (stops at one out of range)."""
    gen = generator(rules)
    native = _native(gen)
    if native is None:
        return _python(rules, gen, _start(rules, position), indices)
    done = _from_native(kernel.native_module().replay_indices(  # type: ignore[union-attr]
        native, position, indices, variant_salt(_base_name(rules))))
    if done.count < len(indices):
        done.stopped = str(indices[done.count])
    return done
