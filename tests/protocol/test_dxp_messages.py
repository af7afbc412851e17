"""Every DXP message type encoded and decoded exactly (docs/protocols.md, "DXP messages"), the traffic
captured between two Scan 2.0 instances, framing, and precise errors."""

from __future__ import annotations

import pytest

from damier.protocol.dxp import messages as m
from damier.protocol.errors import DxpMessageError

START_B = "zzzzzzzzzzzzzzzezzzzzeeeeweeeeewwwwwwwwwwwwwwwwwww"

EXAMPLES: list[tuple[str, m.Message]] = [
    ("R01Tornado voor Windows 4.0        W060065A",
     m.GameRequest("Tornado voor Windows 4.0", "W", 60, 65)),
    ("R01Scan 2.0                        Z001075A", m.GameRequest("Scan 2.0", "Z", 1, 75)),
    ("R01MatchMaker                      W001040BW" + START_B,
     m.GameRequest("MatchMaker", "W", 1, 40, "W", START_B)),
    ("AScan 2.0                        0", m.GameAccept("Scan 2.0", 0)),
    ("ATornado voor Windows 4.0        3", m.GameAccept("Tornado voor Windows 4.0", 3)),
    ("M0012061100", m.Move(12, 6, 11, ())),
    ("M001205250422122320", m.Move(12, 5, 25, (22, 12, 23, 20))),
    ("M0000332900", m.Move(0, 33, 29, ())),
    ("M000032210127", m.Move(0, 32, 21, (27,))),
    ("M000016270121", m.Move(0, 16, 27, (21,))),
    ("E00", m.GameEnd(0, 0)),
    ("E21", m.GameEnd(2, 1)),
    ("E30", m.GameEnd(3, 0)),
    ("CWhat do you think about move 35?", m.Chat("What do you think about move 35?")),
    ("Cgameend sent due to all 40 moves completed, reason=0",
     m.Chat("gameend sent due to all 40 moves completed, reason=0")),
    ("B005Z", m.BackRequest(5, "Z")),
    ("B123W", m.BackRequest(123, "W")),
    ("K0", m.BackAccept(0)),
    ("K1", m.BackAccept(1)),
]


@pytest.mark.parametrize(("text", "message"), EXAMPLES, ids=[t[:12] for t, _ in EXAMPLES])
def test_round_trip(text: str, message: m.Message) -> None:
    assert m.decode(text) == message
    assert message.encode() == text


def test_every_message_type_is_covered() -> None:
    assert {type(msg).__name__ for _, msg in EXAMPLES} == {
        "GameRequest", "GameAccept", "Move", "GameEnd", "Chat", "BackRequest", "BackAccept"}


def test_lengths_of_the_fixed_width_messages() -> None:
    assert len(m.GameRequest("x").encode()) == 43
    assert len(m.GameRequest("x", position=START_B, to_move="Z").encode()) == 94
    assert len(m.GameAccept("x").encode()) == 34
    twenty = m.Move(0, 1, 46, tuple(range(2, 22)))
    assert len(twenty.encode()) == 51 and m.decode(twenty.encode()) == twenty


def test_long_names_are_cut_to_32_characters() -> None:
    text = m.GameAccept("N" * 40).encode()
    assert text == "A" + "N" * 32 + "0"


BAD: list[tuple[str, str]] = [
    ("", "empty message"),
    ("X123", "unknown message type 'X'"),
    ("R01Scan", "GAMEREQ 'R01Scan': length 7, expected 43 (start A) or 94 (start B)"),
    ("R0xScan 2.0                        Z001075A", "version (columns 1-2) must be 2 digits, got '0x'"),
    ("R01 Scan 2.0                       Z001075A", "initiator name (columns 3-34) must not start"),
    ("R01Scan 2.0                        Q001075A", "follower colour (column 35) must be W or Z, got 'Q'"),
    ("R01Scan 2.0                        Z0a1075A", "thinking time (columns 36-38) must be 3 digits"),
    ("R01Scan 2.0                        Z001075C", "start (column 42) must be A or B, got 'C'"),
    ("R01MatchMaker                      W001040BW" + START_B[:-1] + "x",
     "square 50 (column 93) is 'x'"),
    ("AScan 2.0                        7", "acceptance code 7 is not 0, 1, 2 or 3"),
    ("AScan", "GAMEACC 'AScan': length 5, expected 34"),
    ("M001206110", "length 10, expected at least 11"),
    ("M00120611012", "length 12, expected 13 for 1 captured pieces"),
    ("M0012061101xx", "captured square 1 (columns 11-12) must be 2 digits, got 'xx'"),
    ("M0012001100", "from square 00 does not exist"),
    ("E4", "length 2, expected 3"),
    ("E40", "reason 4 is not 0, 1, 2 or 3"),
    ("E02", "stop code 2 is not 0 or 1"),
    ("C", "empty chat text"),
    ("B000W", "move number 000 does not exist"),
    ("B01W", "length 4, expected 5"),
    ("B001X", "colour to move (column 4) must be W or Z, got 'X'"),
    ("K", "length 1, expected 2"),
    ("M" + "0" * 130, "message of 131 characters (at most 127)"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[b[:10] or "empty" for b, _ in BAD])
def test_bad_messages_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(DxpMessageError) as e:
        m.decode(text)
    assert why in str(e.value)


def test_encoding_refuses_what_does_not_fit() -> None:
    with pytest.raises(DxpMessageError, match="does not fit in 3 digits"):
        m.GameRequest("x", minutes=1000).encode()
    with pytest.raises(DxpMessageError, match="not start with a blank"):
        m.GameAccept(" x").encode()
    with pytest.raises(DxpMessageError, match="1-126 characters"):
        m.Chat("y" * 127).encode()
    with pytest.raises(DxpMessageError, match="not ASCII"):
        m.Chat("café").encode()
    assert m.Move(12345, 1, 2).encode().startswith("M9999")   # informational time clamps


def test_framing_and_deframing() -> None:
    assert m.frame(m.GameEnd()) == b"E00\0"
    d = m.Deframer()
    assert d.feed(b"M00003329") == []
    assert d.feed(b"00\0E0") == ["M0000332900"]
    assert d.feed(b"0\0CHi\0") == ["E00", "CHi"]
    assert d.pending == b""
    with pytest.raises(DxpMessageError, match="without a NUL terminator"):
        m.Deframer().feed(b"M" * 200)
    with pytest.raises(DxpMessageError, match="two NUL bytes in a row"):
        m.Deframer().feed(b"E00\0\0")
    with pytest.raises(DxpMessageError, match="byte 0xff is not ASCII"):
        m.Deframer().feed(b"C\xff\0")
