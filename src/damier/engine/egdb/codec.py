"""The compressed form of an endgame table: blocks of runs (the twin of ``egdb_codec.c``).

A table holds one *code* per index (see :mod:`damier.engine.egdb.values`). It is cut into
blocks of ``block_len`` indices; an offset table finds block ``b``, which is decoded from its
start up to the index asked for. Inside a block the codes are runs, one token each: a byte
whose low four bits name the code (0-14: the file's fifteen most frequent codes, 15: the code
is the next byte) and whose high four bits give the run's length (0-14: lengths 1-15; 15: a
base-128 varint follows, low bits first, holding ``length - 16``). Where any value will do
(:data:`DONT_CARE`: the side to move can capture, or the men of the index overlap) the encoder
continues the current run.

Layout: ``b"DKEG"``, u32 block_len, u64 size, u64 n_blocks, 16 bytes (the codes of symbols
0-14, then the format's version, :data:`VERSION`), ``n_blocks + 1`` u64 offsets from the
start of the data, the data; every integer little-endian.

>>> blob = encode(bytes([3, 3, DONT_CARE, 3, 0, 0, 7]), 4)
>>> table = Table(blob, 7)
>>> [table.code(i) for i in range(7)]
[3, 3, 3, 3, 0, 0, 7]

This module must not know positions or files.
"""

from __future__ import annotations

import mmap
import struct
from collections import Counter
from collections.abc import Iterator

DONT_CARE = 255
"""In a raw table being encoded: any value will do here."""

MAGIC = b"DKEG"
HEADER = 40
SYMBOLS = 15
ESCAPE = 15
LONG_RUN = 15
VERSION = 1


Blob = bytes | bytearray | memoryview | mmap.mmap
"""What a compressed table may be read from."""


class TableError(ValueError):
    """A compressed table that cannot be read (damaged, or of another configuration)."""


def _runs(raw: bytes) -> list[tuple[int, int]]:
    """(code, length) runs of one block, don't-care codes joining the current run."""
    code = next((c for c in raw if c != DONT_CARE), 0)
    runs: list[tuple[int, int]] = []
    length = 0
    for c in raw:
        if c in (DONT_CARE, code):
            length += 1
            continue
        runs.append((code, length))
        code, length = c, 1
    runs.append((code, length))
    return runs


def _token(code: int, length: int, symbol_of: dict[int, int]) -> bytes:
    sym = symbol_of.get(code, ESCAPE)
    run = LONG_RUN if length > LONG_RUN else length - 1
    out = bytearray([run << 4 | sym])
    if sym == ESCAPE:
        out.append(code)
    if run == LONG_RUN:
        x = length - (LONG_RUN + 1)
        while x >= 0x80:
            out.append(x & 0x7F | 0x80)
            x >>= 7
        out.append(x)
    return bytes(out)


def encode(raw: bytes, block_len: int) -> bytes:
    """The compressed form of ``raw`` (one code per index, :data:`DONT_CARE` allowed)."""
    freq = Counter(c for c in raw if c != DONT_CARE)
    ranked = sorted(freq, key=lambda c: (-freq[c], c))[:SYMBOLS]
    codes = ranked + [0] * (SYMBOLS - len(ranked))
    symbol_of: dict[int, int] = {}
    for s in range(SYMBOLS - 1, -1, -1):
        symbol_of[codes[s]] = s
    n_blocks = (len(raw) + block_len - 1) // block_len
    data = bytearray()
    offsets = []
    for b in range(n_blocks):
        offsets.append(len(data))
        for code, length in _runs(raw[b * block_len:(b + 1) * block_len]):
            data += _token(code, length, symbol_of)
    offsets.append(len(data))
    header = MAGIC + struct.pack("<IQQ", block_len, len(raw), n_blocks) + bytes(codes) + bytes([VERSION])
    return header + struct.pack(f"<{n_blocks + 1}Q", *offsets) + bytes(data)


class Table:
    """A compressed table of ``size`` codes, read one code at a time (``blob`` may be a
    memory map). The header and offsets are checked on opening; a block is checked as it
    is decoded."""

    def __init__(self, blob: Blob, size: int) -> None:
        view = memoryview(blob).cast("B")
        if len(view) < HEADER or bytes(view[:4]) != MAGIC:
            raise TableError("not a compressed endgame table")
        if view[24 + SYMBOLS] != VERSION:
            raise TableError("a table of another format version")
        self.block_len, stored, self.n_blocks = struct.unpack_from("<IQQ", view, 4)
        if stored != size:
            raise TableError(f"a table of {stored} codes where its configuration has {size}")
        if not self.block_len or self.n_blocks != (size + self.block_len - 1) // self.block_len:
            raise TableError("a damaged block table")
        if HEADER + 8 * (self.n_blocks + 1) > len(view):
            raise TableError("a damaged block table")
        self.size = size
        self.symbols = bytes(view[24:24 + SYMBOLS])
        self.view = view
        self.data_start = HEADER + 8 * (self.n_blocks + 1)
        end = struct.unpack_from("<Q", view, HEADER + 8 * self.n_blocks)[0]
        if self.data_start + end > len(view):
            raise TableError("a damaged block table")

    def code(self, index: int) -> int:
        """The code stored at ``index`` (any value where the file does not care)."""
        if not 0 <= index < self.size:
            raise IndexError(f"index {index} out of a table of {self.size}")
        b, left = divmod(index, self.block_len)
        start, end = struct.unpack_from("<QQ", self.view, HEADER + 8 * b)
        p, stop = self.data_start + start, self.data_start + end
        if not start <= end or stop > len(self.view):
            raise TableError(f"a damaged block table (block {b})")
        for code, length in self._tokens(p, stop):
            if left < length:
                return code
            left -= length
        raise TableError(f"block {b} ends before index {index}")

    def _tokens(self, p: int, stop: int) -> Iterator[tuple[int, int]]:
        """``(code, length)`` of the tokens from ``p`` to ``stop``."""
        view = self.view
        while p < stop:
            t = view[p]
            p += 1
            sym, run = t & 15, t >> 4
            if sym == ESCAPE:
                if p >= stop:
                    break
                code = view[p]
                p += 1
            else:
                code = self.symbols[sym]
            length = run + 1
            if run == LONG_RUN:
                x, shift = 0, 0
                while p < stop and view[p] & 0x80:
                    x |= (view[p] & 0x7F) << shift
                    shift += 7
                    p += 1
                if p >= stop:
                    break
                x |= view[p] << shift
                p += 1
                length = x + LONG_RUN + 1
            yield code, length


__all__ = ["DONT_CARE", "Blob", "Table", "TableError", "encode"]
