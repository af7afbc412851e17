"""DXP (DamExchange) messages, encoded and decoded exactly (docs/protocols.md, "DXP messages").

Each message type is a frozen dataclass with ``encode() -> str`` (the text without the NUL
terminator) and a ``decode`` class method; :func:`decode` dispatches on the header letter.
Widths are fixed, numbers zero-padded, names blank-padded to 32 characters. Decoding is
strict and every failure is a :class:`~damier.protocol.errors.DxpMessageError` that names the
message, the field, its columns and what was expected. :func:`frame` and :class:`Deframer`
handle the NUL-terminated wire format.

Colours are ``"W"`` (white) and ``"Z"`` (zwart, black); squares are numbers 1..50.
This module must not do I/O or know the rules (a MOVE is validated by the game session).

>>> decode("M0012061100")
Move(seconds=12, from_square=6, to_square=11, captured=())
>>> decode("M001205250422122320").captured
(22, 12, 23, 20)
>>> GameRequest("Scan 2.0", follower_color="Z", minutes=1, moves=75).encode()
'R01Scan 2.0                        Z001075A'
>>> decode("E4")
Traceback (most recent call last):
...
damier.protocol.errors.DxpMessageError: DXP GAMEEND 'E4': length 2, expected 3 (E + reason + stop code)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from damier.protocol.errors import DxpMessageError

NAME_WIDTH = 32
MAX_LENGTH = 127
DEFAULT_PORT = 27531
POSITION_CHARS = "wzWZe"


def _bad(kind: str, text: str, why: str) -> DxpMessageError:
    return DxpMessageError(f"DXP {kind} {text!r}: {why}")


def _number(kind: str, text: str, start: int, width: int, field: str) -> int:
    digits = text[start:start + width]
    if len(digits) != width or not digits.isdigit() or not digits.isascii():
        raise _bad(kind, text, f"{field} (columns {start}-{start + width - 1}) must be "
                               f"{width} digits, got {digits!r}")
    return int(digits)


def _length(kind: str, text: str, expected: int, layout: str) -> None:
    """A message of fixed length: ``layout`` names its fields (``"K + code"``)."""
    if len(text) != expected:
        raise _bad(kind, text, f"length {len(text)}, expected {expected} ({layout})")


def _digit(kind: str, code: int, what: str) -> int:
    """A code written as one digit, checked before it is encoded."""
    if not 0 <= code <= 9:
        raise DxpMessageError(f"DXP {kind}: {what} {code} is not one digit")
    return code


def _name(value: str, what: str) -> str:
    if not value or value[0] == " ":
        raise DxpMessageError(f"DXP {what} name {value!r} must be non-empty and not start with a blank")
    if len(value) > NAME_WIDTH:
        value = value[:NAME_WIDTH]
    _check_chars(value, what)
    return value.ljust(NAME_WIDTH)


def _check_chars(text: str, what: str) -> None:
    for ch in text:
        if not 1 <= ord(ch) <= 127:
            raise DxpMessageError(f"DXP {what}: character {ch!r} is not ASCII 1-127")


def _color(kind: str, text: str, pos: int, field: str) -> str:
    ch = text[pos:pos + 1]
    if ch not in ("W", "Z"):
        raise _bad(kind, text, f"{field} (column {pos}) must be W or Z, got {ch!r}")
    return ch


@dataclass(frozen=True)
class GameRequest:
    """GAMEREQ ``R``: the Initiator proposes a game (follower's colour, time, move limit and
    optionally a start position: ``position`` is 50 characters ``wzWZe``, ``to_move`` W/Z)."""

    name: str
    follower_color: str = "W"
    minutes: int = 1
    moves: int = 0
    to_move: str | None = None
    position: str | None = None
    version: int = 1
    header: ClassVar[str] = "R"

    def encode(self) -> str:
        if self.follower_color not in ("W", "Z"):
            raise DxpMessageError(f"DXP GAMEREQ: follower colour must be W or Z, not {self.follower_color!r}")
        for value, width, field in ((self.version, 2, "version"), (self.minutes, 3, "minutes"),
                                    (self.moves, 3, "moves")):
            if not 0 <= value < 10 ** width:
                raise DxpMessageError(f"DXP GAMEREQ: {field} {value} does not fit in {width} digits")
        text = (f"R{self.version:02d}{_name(self.name, 'GAMEREQ')}{self.follower_color}"
                f"{self.minutes:03d}{self.moves:03d}")
        if self.position is None:
            return text + "A"
        if self.to_move not in ("W", "Z"):
            raise DxpMessageError(f"DXP GAMEREQ: side to move must be W or Z, not {self.to_move!r}")
        if len(self.position) != 50 or any(c not in POSITION_CHARS for c in self.position):
            raise DxpMessageError("DXP GAMEREQ: position must be 50 characters of w z W Z e")
        return f"{text}B{self.to_move}{self.position}"

    @classmethod
    def decode(cls, text: str) -> GameRequest:
        kind = "GAMEREQ"
        if len(text) not in (43, 94):
            raise _bad(kind, text, f"length {len(text)}, expected 43 (start A) or 94 (start B)")
        version = _number(kind, text, 1, 2, "version")
        name = text[3:35]
        if name[0] == " ":
            raise _bad(kind, text, "initiator name (columns 3-34) must not start with a blank")
        color = _color(kind, text, 35, "follower colour")
        minutes = _number(kind, text, 36, 3, "thinking time")
        moves = _number(kind, text, 39, 3, "number of moves")
        start = text[42]
        if start == "A":
            if len(text) != 43:
                raise _bad(kind, text, f"length {len(text)}, expected 43 with start A")
            return cls(name.rstrip(), color, minutes, moves, None, None, version)
        if start != "B":
            raise _bad(kind, text, f"start (column 42) must be A or B, got {start!r}")
        if len(text) != 94:
            raise _bad(kind, text, f"length {len(text)}, expected 94 with start B")
        to_move = _color(kind, text, 43, "side to move")
        position = text[44:94]
        for i, ch in enumerate(position):
            if ch not in POSITION_CHARS:
                raise _bad(kind, text, f"square {i + 1} (column {44 + i}) is {ch!r}, "
                                       "expected w, z, W, Z or e")
        return cls(name.rstrip(), color, minutes, moves, to_move, position, version)


@dataclass(frozen=True)
class GameAccept:
    """GAMEACC ``A``: the Follower's answer. ``code`` 0 accept, 1 version not supported,
    2 refuses this game, 3 refuses any game."""

    name: str
    code: int = 0
    header: ClassVar[str] = "A"

    def encode(self) -> str:
        return f"A{_name(self.name, 'GAMEACC')}{_digit('GAMEACC', self.code, 'acceptance code')}"

    @classmethod
    def decode(cls, text: str) -> GameAccept:
        _length("GAMEACC", text, 34, "A + name 32 + code")
        if text[1] == " ":
            raise _bad("GAMEACC", text, "follower name (columns 1-32) must not start with a blank")
        code = _number("GAMEACC", text, 33, 1, "acceptance code")
        if code > 3:
            raise _bad("GAMEACC", text, f"acceptance code {code} is not 0, 1, 2 or 3")
        return cls(text[1:33].rstrip(), code)


@dataclass(frozen=True)
class Move:
    """MOVE ``M``: seconds used (informational), from, to, and the captured squares."""

    seconds: int
    from_square: int
    to_square: int
    captured: tuple[int, ...] = ()
    header: ClassVar[str] = "M"

    def encode(self) -> str:
        seconds = min(max(self.seconds, 0), 9999)
        for sq in (self.from_square, self.to_square, *self.captured):
            if not 1 <= sq <= 99:
                raise DxpMessageError(f"DXP MOVE: square {sq} does not fit in 2 digits")
        if len(self.captured) > 58:
            raise DxpMessageError("DXP MOVE: too many captured pieces for one message")
        caps = "".join(f"{sq:02d}" for sq in self.captured)
        return f"M{seconds:04d}{self.from_square:02d}{self.to_square:02d}{len(self.captured):02d}{caps}"

    @classmethod
    def decode(cls, text: str) -> Move:
        kind = "MOVE"
        if len(text) < 11:
            raise _bad(kind, text, f"length {len(text)}, expected at least 11")
        seconds = _number(kind, text, 1, 4, "time")
        frm = _number(kind, text, 5, 2, "from square")
        to = _number(kind, text, 7, 2, "to square")
        count = _number(kind, text, 9, 2, "number captured")
        if len(text) != 11 + 2 * count:
            raise _bad(kind, text, f"length {len(text)}, expected {11 + 2 * count} for {count} "
                                   "captured pieces")
        caps = tuple(_number(kind, text, 11 + 2 * i, 2, f"captured square {i + 1}")
                     for i in range(count))
        for field, sq in (("from square", frm), ("to square", to)):
            if sq == 0:
                raise _bad(kind, text, f"{field} 00 does not exist")
        if 0 in caps:
            raise _bad(kind, text, "captured square 00 does not exist")
        return cls(seconds, frm, to, caps)


@dataclass(frozen=True)
class GameEnd:
    """GAMEEND ``E``: ``reason`` 0 none/acknowledge, 1 I lose, 2 draw, 3 I win; ``stop`` 0
    willing to play another game, 1 stop entirely."""

    reason: int = 0
    stop: int = 0
    header: ClassVar[str] = "E"

    def encode(self) -> str:
        if self.reason not in (0, 1, 2, 3) or self.stop not in (0, 1):
            raise DxpMessageError(f"DXP GAMEEND: reason {self.reason} / stop {self.stop} out of range")
        return f"E{self.reason}{self.stop}"

    @classmethod
    def decode(cls, text: str) -> GameEnd:
        _length("GAMEEND", text, 3, "E + reason + stop code")
        reason = _number("GAMEEND", text, 1, 1, "reason")
        stop = _number("GAMEEND", text, 2, 1, "stop code")
        if reason > 3:
            raise _bad("GAMEEND", text, f"reason {reason} is not 0, 1, 2 or 3")
        if stop > 1:
            raise _bad("GAMEEND", text, f"stop code {stop} is not 0 or 1")
        return cls(reason, stop)


@dataclass(frozen=True)
class Chat:
    """CHAT ``C``: free text, 1 to 126 characters."""

    text: str
    header: ClassVar[str] = "C"

    def encode(self) -> str:
        if not 1 <= len(self.text) <= MAX_LENGTH - 1:
            raise DxpMessageError(f"DXP CHAT: text must be 1-126 characters, got {len(self.text)}")
        _check_chars(self.text, "CHAT")
        return "C" + self.text

    @classmethod
    def decode(cls, text: str) -> Chat:
        if len(text) < 2:
            raise _bad("CHAT", text, "empty chat text")
        return cls(text[1:])


@dataclass(frozen=True)
class BackRequest:
    """BACKREQ ``B``: take back to move number ``move`` (1-999) with ``color`` to move."""

    move: int
    color: str
    header: ClassVar[str] = "B"

    def encode(self) -> str:
        if not 1 <= self.move <= 999 or self.color not in ("W", "Z"):
            raise DxpMessageError(f"DXP BACKREQ: move {self.move} / colour {self.color!r} out of range")
        return f"B{self.move:03d}{self.color}"

    @classmethod
    def decode(cls, text: str) -> BackRequest:
        _length("BACKREQ", text, 5, "B + move 3 + colour")
        move = _number("BACKREQ", text, 1, 3, "move number")
        if move == 0:
            raise _bad("BACKREQ", text, "move number 000 does not exist")
        return cls(move, _color("BACKREQ", text, 4, "colour to move"))


@dataclass(frozen=True)
class BackAccept:
    """BACKACC ``K``: ``code`` 0 accepted, any other digit refused."""

    code: int = 0
    header: ClassVar[str] = "K"

    def encode(self) -> str:
        return f"K{_digit('BACKACC', self.code, 'code')}"

    @classmethod
    def decode(cls, text: str) -> BackAccept:
        _length("BACKACC", text, 2, "K + code")
        return cls(_number("BACKACC", text, 1, 1, "acceptance code"))


Message = Union[GameRequest, GameAccept, Move, GameEnd, Chat, BackRequest, BackAccept]  # noqa: UP007
_TYPES: dict[str, type[GameRequest] | type[GameAccept] | type[Move] | type[GameEnd]
             | type[Chat] | type[BackRequest] | type[BackAccept]] = {
    "R": GameRequest, "A": GameAccept, "M": Move, "E": GameEnd, "C": Chat,
    "B": BackRequest, "K": BackAccept,
}


def decode(text: str) -> Message:
    """Decode one message (without its NUL); :class:`DxpMessageError` says what is wrong."""
    if not text:
        raise DxpMessageError("DXP: empty message")
    if len(text) > MAX_LENGTH:
        raise DxpMessageError(f"DXP: message of {len(text)} characters (at most {MAX_LENGTH})")
    _check_chars(text, "message")
    cls = _TYPES.get(text[0])
    if cls is None:
        raise DxpMessageError(
            f"DXP: unknown message type {text[0]!r} in {text[:40]!r} (expected one of R A M E C B K)"
        )
    return cls.decode(text)


def frame(message: Message | str) -> bytes:
    """The bytes on the wire: the message text and one NUL."""
    text = message if isinstance(message, str) else message.encode()
    if not 1 <= len(text) <= MAX_LENGTH or "\0" in text:
        raise DxpMessageError(f"DXP: cannot send {text[:40]!r}: 1-127 characters without NUL")
    return text.encode("ascii") + b"\0"


class Deframer:
    """Splits a byte stream into message texts at NUL bytes; a run of more than 127 bytes
    without a NUL, or a byte outside ASCII 1-127, raises :class:`DxpMessageError`."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[str]:
        """Add received bytes; returns the complete messages they finish."""
        self._buf += data
        out: list[str] = []
        while (end := self._buf.find(b"\0")) >= 0:
            chunk = bytes(self._buf[:end])
            del self._buf[:end + 1]
            out.append(self._text(chunk))
        if len(self._buf) > MAX_LENGTH:
            raise DxpMessageError(
                f"DXP: {len(self._buf)} bytes without a NUL terminator (messages are at most "
                f"{MAX_LENGTH} characters): {bytes(self._buf[:40])!r}"
            )
        return out

    @staticmethod
    def _text(chunk: bytes) -> str:
        if not chunk:
            raise DxpMessageError("DXP: empty message (two NUL bytes in a row)")
        if len(chunk) > MAX_LENGTH:
            raise DxpMessageError(f"DXP: message of {len(chunk)} bytes (at most {MAX_LENGTH})")
        bad = next((b for b in chunk if b > 127), None)
        if bad is not None:
            raise DxpMessageError(f"DXP: byte 0x{bad:02x} is not ASCII in {chunk[:40]!r}")
        return chunk.decode("ascii")

    @property
    def pending(self) -> bytes:
        """Bytes received after the last NUL."""
        return bytes(self._buf)
