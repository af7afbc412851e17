"""The compressed form of an endgame table: blocks of runs (the twin of ``egdb_codec.c``).

A table holds one *code* per index (see :mod:`damier.engine.egdb.values`). It is cut into
blocks of ``block_len`` indices; an offset table finds block ``b``, which is decoded from its
start up to the index asked for. Inside a block the codes are runs, one token each: a byte
whose low four bits name the code (0-14: the file's fifteen most frequent codes, 15: the code
is the next byte) and whose high four bits give the run's length (0-14: lengths 1-15; 15: a
base-128 varint follows, low bits first, holding ``length - 16``). Where any value will do
(:data:`DONT_CARE`: the side to move can capture, or the men of the index overlap) the encoder
continues the current run.

Version 2 (:data:`VERSION`, what :func:`encode` writes) codes those token bytes with one
canonical Huffman code per table (at most :data:`HUFFMAN_BITS` bits a byte, read least
significant bit first, each block starting on a byte); version 1 files (the token bytes as
they are) are still read.

Layout: ``b"DKEG"``, u32 block_len, u64 size, u64 n_blocks, 16 bytes (the codes of symbols
0-14, then the format's version), in version 2 the 128 bytes of the code lengths of the 256
byte values (4 bits each, the even value in the low half), ``n_blocks + 1`` u64 offsets from
the start of the data, the data; every integer little-endian.

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
VERSION = 2
HUFFMAN_BITS = 12
LENGTHS = 128


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


def huffman_lengths(freq: list[int]) -> list[int]:
    """Code lengths (at most :data:`HUFFMAN_BITS`) of the 256 byte values counted in ``freq``:
    the two-queue method on the values sorted by (count, value), leaves first on equal
    weights, counts halved until the longest code fits (``egdb_codec.c`` does the same).

    >>> [n for n in huffman_lengths([5, 1, 1, 2] + [0] * 252)[:4]]
    [1, 3, 3, 2]
    """
    freq = list(freq)
    while True:
        order = sorted((v for v in range(256) if freq[v]), key=lambda v: (freq[v], v))
        n = len(order)
        length = [0] * 256
        if n <= 1:
            for v in order:
                length[v] = 1
            return length
        weight = [freq[v] for v in order]
        parent = [0] * (2 * n - 1)
        leaf, inner = 0, n
        for _ in range(n - 1):
            pick = []
            for _ in range(2):
                if leaf < n and (inner >= len(weight) or weight[leaf] <= weight[inner]):
                    pick.append(leaf)
                    leaf += 1
                else:
                    pick.append(inner)
                    inner += 1
            parent[pick[0]] = parent[pick[1]] = len(weight)
            weight.append(weight[pick[0]] + weight[pick[1]])
        depth = [0] * len(weight)
        for a in range(len(weight) - 2, -1, -1):
            depth[a] = depth[parent[a]] + 1
        if max(depth[:n]) <= HUFFMAN_BITS:
            for a, v in enumerate(order):
                length[v] = depth[a]
            return length
        freq = [(f + 1) // 2 for f in freq]


def canonical_codes(length: list[int]) -> list[int]:
    """The canonical codes of ``length``, bit-reversed to be read least significant bit first."""
    code = [0] * 256
    nxt = 0
    for n in range(1, HUFFMAN_BITS + 1):
        for v in range(256):
            if length[v] == n:
                code[v] = int(format(nxt, f"0{n}b")[::-1], 2)
                nxt += 1
        nxt <<= 1
    return code


def encode(raw: bytes, block_len: int) -> bytes:
    """The compressed form of ``raw`` (one code per index, :data:`DONT_CARE` allowed)."""
    freq = Counter(c for c in raw if c != DONT_CARE)
    ranked = sorted(freq, key=lambda c: (-freq[c], c))[:SYMBOLS]
    codes = ranked + [0] * (SYMBOLS - len(ranked))
    symbol_of: dict[int, int] = {}
    for s in range(SYMBOLS - 1, -1, -1):
        symbol_of[codes[s]] = s
    n_blocks = (len(raw) + block_len - 1) // block_len
    blocks = [b"".join(_token(code, length, symbol_of)
                       for code, length in _runs(raw[b * block_len:(b + 1) * block_len]))
              for b in range(n_blocks)]
    counts = Counter(b"".join(blocks))
    length = huffman_lengths([counts.get(v, 0) for v in range(256)])
    code = canonical_codes(length)
    data = bytearray()
    offsets = []
    for block in blocks:
        offsets.append(len(data))
        bits = nbits = 0
        for byte in block:
            bits |= code[byte] << nbits
            nbits += length[byte]
        data += bits.to_bytes((nbits + 7) // 8, "little")
    offsets.append(len(data))
    lengths = bytes(length[v] | length[v + 1] << 4 for v in range(0, 256, 2))
    header = MAGIC + struct.pack("<IQQ", block_len, len(raw), n_blocks) + bytes(codes) + bytes([VERSION])
    return header + lengths + struct.pack(f"<{n_blocks + 1}Q", *offsets) + bytes(data)


class Table:
    """A compressed table of ``size`` codes, read one code at a time (``blob`` may be a
    memory map). The header and offsets are checked on opening; a block is checked as it
    is decoded (the last blocks decoded are kept)."""

    CACHED_BLOCKS = 256

    def __init__(self, blob: Blob, size: int) -> None:
        view = memoryview(blob).cast("B")
        if len(view) < HEADER or bytes(view[:4]) != MAGIC:
            raise TableError("not a compressed endgame table")
        self.version = view[24 + SYMBOLS]
        if self.version not in (1, 2):
            raise TableError("a table of another format version")
        header = HEADER + (LENGTHS if self.version == 2 else 0)
        self.block_len, stored, self.n_blocks = struct.unpack_from("<IQQ", view, 4)
        if stored != size:
            raise TableError(f"a table of {stored} codes where its configuration has {size}")
        if not self.block_len or self.n_blocks != (size + self.block_len - 1) // self.block_len:
            raise TableError("a damaged block table")
        if header + 8 * (self.n_blocks + 1) > len(view):
            raise TableError("a damaged block table")
        self.size = size
        self.symbols = bytes(view[24:24 + SYMBOLS])
        self.view = view
        self.offsets = header
        self.data_start = header + 8 * (self.n_blocks + 1)
        end = struct.unpack_from("<Q", view, header + 8 * self.n_blocks)[0]
        if self.data_start + end > len(view):
            raise TableError("a damaged block table")
        self.lut: list[int] = []
        if self.version == 2:
            self.lut = _lookup_table(bytes(view[HEADER:HEADER + LENGTHS]))
        self._blocks: dict[int, list[tuple[int, int]]] = {}

    def code(self, index: int) -> int:
        """The code stored at ``index`` (any value where the file does not care)."""
        if not 0 <= index < self.size:
            raise IndexError(f"index {index} out of a table of {self.size}")
        b, left = divmod(index, self.block_len)
        for code, length in self._runs_of(b):
            if left < length:
                return code
            left -= length
        raise TableError(f"block {b} ends before index {index}")

    def _runs_of(self, b: int) -> list[tuple[int, int]]:
        runs = self._blocks.get(b)
        if runs is None:
            start, end = struct.unpack_from("<QQ", self.view, self.offsets + 8 * b)
            p, stop = self.data_start + start, self.data_start + end
            if not start <= end or stop > len(self.view):
                raise TableError(f"a damaged block table (block {b})")
            raw = bytes(self.view[p:stop])
            want = min(self.block_len, self.size - b * self.block_len)
            runs = []
            for run in _tokens(raw if self.version == 1 else _huffman_bytes(raw, self.lut), self.symbols):
                if want <= 0:
                    break
                runs.append(run)
                want -= run[1]
            if len(self._blocks) >= self.CACHED_BLOCKS:
                self._blocks.clear()
            self._blocks[b] = runs
        return runs


def _lookup_table(lengths: bytes) -> list[int]:
    """Next :data:`HUFFMAN_BITS` bits -> ``byte << 4 | code length`` (0: no code)."""
    length = [lengths[v // 2] >> (4 * (v & 1)) & 15 for v in range(256)]
    if max(length) > HUFFMAN_BITS or sum(1 << (HUFFMAN_BITS - n) for n in length if n) > 1 << HUFFMAN_BITS:
        raise TableError("a damaged Huffman code")
    code = canonical_codes(length)
    lut = [0] * (1 << HUFFMAN_BITS)
    for v in range(256):
        if length[v]:
            for x in range(code[v], 1 << HUFFMAN_BITS, 1 << length[v]):
                lut[x] = v << 4 | length[v]
    return lut


def _huffman_bytes(data: bytes, lut: list[int]) -> bytes:
    """The bytes coded in ``data`` (up to the padding of its last byte)."""
    bits = int.from_bytes(data, "little")
    left = 8 * len(data)
    mask = (1 << HUFFMAN_BITS) - 1
    out = bytearray()
    while left > 0:
        e = lut[bits & mask]
        n = e & 15
        if n == 0 or n > left:
            break
        out.append(e >> 4)
        bits >>= n
        left -= n
    return bytes(out)


def _tokens(data: bytes, symbols: bytes) -> Iterator[tuple[int, int]]:
    """``(code, length)`` of the tokens of a block's bytes."""
    p, stop = 0, len(data)
    while p < stop:
        t = data[p]
        p += 1
        sym, run = t & 15, t >> 4
        if sym == ESCAPE:
            if p >= stop:
                break
            code = data[p]
            p += 1
        else:
            code = symbols[sym]
        length = run + 1
        if run == LONG_RUN:
            x, shift = 0, 0
            while p < stop and data[p] & 0x80:
                x |= (data[p] & 0x7F) << shift
                shift += 7
                p += 1
            if p >= stop:
                break
            x |= data[p] << shift
            p += 1
            length = x + LONG_RUN + 1
        yield code, length


__all__ = ["DONT_CARE", "Blob", "Table", "TableError", "encode", "huffman_lengths"]
