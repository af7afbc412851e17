"""PDN tokens: one compiled regular expression for the liberal reading grammar (docs/pdn.md, "The format"),
and the line source that feeds it from a file in bounded pieces.

The lexer owns what a token *is*; it knows nothing about games, moves or rules. Tokens are
matched with ``TOKEN.finditer`` over a chunk of text; ``match.lastgroup`` names the kind:

``tag``      ``[Name "value"]`` (may span lines after ``[``), ``tagx`` a bracketed line
that is not a proper tag (``[Empty]``), ``lbr`` a lone ``[``, ``badtag`` ``Name "value"]``
without its ``[``; ``comment`` ``{…}``, ``ucomment`` an unclosed ``{`` (it ends at the end
of the text or before a line that opens a tag, so that the next games survive); ``lcomment`` a
``;`` comment, ``escape`` a ``%`` line; ``setup`` ``/FEN "…"/``; ``nag`` ``$12``;
``result`` a game terminator (``1-0``, ``2-0``, ``1/2-1/2``, ``*`` …, never the start of
``1-18``); ``movenum`` ``12.`` / ``12...``; ``move`` a move with an optional strength sign
(``32-28``, ``28x19x10``, ``c3:e5``, ``a3b4``, ``1- 6``, ``h13,21-17``, ``17-21!``,
``29-23(?)``, ``32-28*``); ``ellipsis`` ``...``; ``unknown`` ``- -``; ``strength`` a sign
standing alone; ``lpar``/``rpar``; ``cr`` a literal backslash-r (broken CRLF conversion);
``junk`` anything else; ``eof``.

>>> [(m.lastgroup, m.group(m.lastgroup)) for m in TOKEN.finditer('1.32-28! 1-18 {hi} 1-1')]
[('movenum', '1.'), ('move', '32-28!'), ('move', '1-18'), ('comment', '{hi}'), ('result', '1-1'), ('eof', '')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, NamedTuple

from damier.core.errors import DamierError

MAX_LINE = 4 << 20
"""Longest line read from a file (bytes; characters of a text file): a PDN line is a tag or
some moves, a few kilobytes at most even for a game on one line, and a file of any length
is read in bounded memory only if its lines are bounded too. Classic Mac files, whose lines
end with a lone ``\\r``, are cut at their line ends, so they are not long lines."""


class LineTooLong(DamierError):
    """A line of the input is longer than :data:`MAX_LINE` (a binary file, or no line ends
    at all): reading stops there; the games before it have been read.

    ``line`` and ``offset`` (bytes) say where the line starts."""

    def __init__(self, line: int, offset: int, limit: int) -> None:
        super().__init__(f"line {line} (from byte {offset:,}) is longer than {limit:,} bytes "
                         "without a line end: not PDN text; reading stopped there")
        self.line = line
        self.offset = offset


class _Overlong(Exception):
    """Raised by :func:`_bounded_lines`; :func:`lines_of` says where."""

_SQ = r"(?:[a-zA-Z]\d{1,2}|\d{1,3})"
_STRING = r'"(?:[^"\\\n]++|\\.)*+"'
"""A quoted string. Possessive: the engine keeps no backtracking state per character, which
made a 4 MiB tag cost 590 MB."""
_TAG_LINE = r'[ \t]*\[[A-Z][A-Za-z0-9_]*[ \t]+"'
"""The start of a line that opens a tag: an unclosed comment stops before it."""

TOKEN = re.compile(
    r"\s*(?:"
    rf"(?P<tag>\[\s*[^\s\"\[\]{{}}][^\"\[\]\n{{}}]*{_STRING}\s*\])"
    r"|(?P<tagx>\[[^\[\]\n{}]*\])"
    r"|(?P<lbr>\[)"
    rf"|(?P<comment>\{{(?:[^}}\n]++|\n(?!{_TAG_LINE}))*+\}})"
    rf"|(?P<ucomment>\{{(?:[^}}\n]++|\n(?!{_TAG_LINE}))*+)"
    r"|(?P<lcomment>;[^\n]*)"
    r"|(?P<escape>%[^\n]*)"
    r"|(?P<setup>/[^/\n]*/)"
    r"|(?P<nag>\$\d+)"
    r"|(?P<result>(?:1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)(?![\w/.-]))"
    rf"|(?P<move>(?:[hH][a-zA-Z]?\d{{1,3}},)?(?:[a-zA-Z]\d[a-zA-Z]\d(?!\d)|{_SQ}(?:[-x:×][ \t]*+{_SQ})++)"
    r"(?:[!?]+|\([!?]+\))?\*?)"
    r"|(?P<movenum>\d+\.(?:[ \t]*\.\.\.?)?)"
    r"|(?P<ellipsis>\.\.\.)"
    r"|(?P<unknown>-[ \t]*-)"
    r"|(?P<strength>[!?]+|\([!?]+\))"
    r"|(?P<lpar>\()"
    r"|(?P<rpar>\))"
    rf"|(?P<badtag>[A-Z][A-Za-z0-9_]*[ \t]*{_STRING}\s*\])"
    r"|(?P<cr>\\r)"
    r"|(?P<junk>[^\s\[\]{}()]+|\S)"
    r"|(?P<eof>\Z)"
    r")"
)
"""The token expression; see the module docstring for the kinds."""

TAG_PARTS = re.compile(r'\[\s*([^"]*?)\s*"((?:[^"\\]++|\\.)*+)"\s*\]', re.S)
"""Name and raw value of a ``tag`` (or ``badtag`` after adding the ``[``) token."""

IDENTIFIER = re.compile(r"[A-Z][A-Za-z0-9_]*\Z")

MOVE_PARTS = re.compile(r"^(.*?)((?:[!?]+|\([!?]+\))?)(\*?)$")
"""Splits a ``move`` token into move text, strength sign and a trailing ``*``."""


def unescape(value: str) -> str:
    r"""A tag value with ``\"`` and ``\\`` resolved."""
    if "\\" not in value:
        return value
    return re.sub(r'\\(["\\])', r"\1", value)


class Chunk(NamedTuple):
    """A piece of input text made of whole lines (the first may start mid-line).

    ``lines`` holds one ``(char offset in text, line number, byte offset of the line,
    column of the first char)`` entry per line, for positions in errors and the index."""

    text: str
    lines: list[tuple[int, int, int, int]]

    def locate(self, pos: int) -> tuple[int, int, int]:
        """``(line, column, byte offset of the line)`` of char ``pos``; columns 1-based."""
        lines = self.lines
        lo, hi = 0, len(lines) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if lines[mid][0] <= pos:
                lo = mid
            else:
                hi = mid - 1
        start, lineno, offset, col = lines[lo]
        return lineno, col + pos - start + 1, offset


def decode(raw: bytes) -> str:
    """UTF-8 if the bytes are UTF-8, else ISO-8859-1 (docs/pdn.md, "Files and games")."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _bounded_lines(f: Any, limit: int) -> Iterator[bytes | str]:
    """The lines of a file object, none longer than ``limit`` (:class:`_Overlong` when one
    is): a line without ``\\n`` is cut after its last ``\\r`` (classic Mac line ends)."""
    pending = f.readline(0)[:0]  # b"" or "" as the file reads
    newline, cr = ("\n", "\r") if isinstance(pending, str) else (b"\n", b"\r")
    while True:
        raw = pending + f.readline(limit + 1 - len(pending))
        pending = raw[:0]
        if not raw:
            return
        if len(raw) > limit and not raw.endswith(newline):
            cut = raw.rfind(cr)
            if cut < 0:
                raise _Overlong
            raw, pending = raw[:cut + 1], raw[cut + 1:]
        yield raw


def lines_of(source: IO[bytes] | IO[str] | Iterable[str], start_offset: int = 0,
             start_line: int = 1, max_line: int = MAX_LINE,
             stopped: list[LineTooLong] | None = None) -> Iterator[tuple[str, int, int]]:
    """``(text, line number, byte offset)`` for each line, without a BOM, ``\\r\\n`` → ``\\n``.

    A file object is read a bounded line at a time: a line longer than ``max_line`` raises
    :class:`LineTooLong`, or with a ``stopped`` list, is put there and ends the lines (so
    that what was read before it is still read); an iterable of strings is taken as it
    comes."""
    offset = start_offset
    lineno = start_line
    first = True
    raws: Iterator[bytes | str] = iter(
        _bounded_lines(source, max_line) if hasattr(source, "readline") else source)
    while True:
        try:
            raw = next(raws, None)
        except _Overlong:
            if stopped is None:
                raise LineTooLong(lineno, offset, max_line) from None
            stopped.append(LineTooLong(lineno, offset, max_line))
            return
        if raw is None:
            return
        if isinstance(raw, bytes):
            size = len(raw)
            text = decode(raw)
        else:
            text = raw
            size = len(raw.encode("utf-8", "surrogatepass"))
        if first:
            first = False
            if text.startswith("\ufeff"):
                text = text[1:]
        if text.endswith("\r\n"):
            text = text[:-2] + "\n"
        elif text.endswith("\r"):
            text = text[:-1] + "\n"
        elif "\r" in text:
            text = text.replace("\r", "\n")
        if not text.endswith("\n"):
            text += "\n"  # lines given without their end (a list of strings)
        yield text, lineno, offset
        offset += size
        lineno += 1


def chunks(lines: Iterator[tuple[str, int, int]], size: int = 1 << 16,
           first_column: int = 0) -> Iterator[Chunk]:
    """Group lines into chunks of about ``size`` characters (memory stays bounded); the
    first ``first_column`` characters of the first line are skipped."""
    parts: list[str] = []
    entries: list[tuple[int, int, int, int]] = []
    length = 0
    for text, lineno, offset in lines:
        col = 0
        if first_column:
            text, col, first_column = text[first_column:], first_column, 0
        entries.append((length, lineno, offset, col))
        parts.append(text)
        length += len(text)
        if length >= size:
            yield Chunk("".join(parts), entries)
            parts, entries, length = [], [], 0
    if parts:
        yield Chunk("".join(parts), entries)


def rest_of(chunk: Chunk, pos: int) -> Chunk:
    """The part of ``chunk`` from char ``pos`` on (to be joined with the next chunk)."""
    line, col, offset = chunk.locate(pos)
    entries = [(0, line, offset, col - 1)]
    entries += [(s - pos, n, o, c) for s, n, o, c in chunk.lines if s > pos]
    return Chunk(chunk.text[pos:], entries)


def join(first: Chunk, second: Chunk) -> Chunk:
    """Two consecutive chunks as one."""
    shift = len(first.text)
    entries = first.lines + [(s + shift, n, o, c) for s, n, o, c in second.lines]
    return Chunk(first.text + second.text, entries)
