"""Labelled positions: the :class:`Sample` record and the positions file the pipeline keeps.

A positions file is UTF-8 text: a first line ``# damier-positions/1 {json header}`` (the
variant and how the positions were made: seeds, games, depths), then one position per
line, seven blank-separated fields::

    white black kings turn score result game

``white``, ``black`` and ``kings`` are the position's bitboards in hexadecimal, ``turn`` 0
(White) or 1, ``score`` the labelling search's score in centi-men from White's point of
view (clipped to ±:data:`SCORE_CLIP`), ``result`` the game's result for White in half
points (0, 1, 2) and ``game`` a number shared by the positions of one game (the fit keeps
whole games out of its training set to measure itself).

This module must not play, search or fit.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
>>> write(path, "russian", {"seeds": [1]}, [Sample(0xf, 0xf00, 0, 0, 35, 2, 7)])
>>> header, samples = read(path)
>>> header["variant"], samples[0].score, samples[0].result
('russian', 35, 2)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

MAGIC = "# damier-positions/1 "
SCORE_CLIP = 1000
"""Labels beyond a won position's worth are all the same to the fit."""


class Sample(NamedTuple):
    """One labelled quiet position (see the module docstring)."""

    white: int
    black: int
    kings: int
    turn: int
    score: int
    result: int
    game: int


def write(path: Path, variant: str, provenance: dict[str, Any], samples: Iterable[Sample]) -> None:
    """Write a positions file (beside it first, renamed over it when whole: a failure
    leaves the old file)."""
    header = json.dumps({"variant": variant, "provenance": provenance}, sort_keys=True)
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            f.write(MAGIC + header + "\n")
            for s in samples:
                f.write(f"{s.white:x} {s.black:x} {s.kings:x} {s.turn} {s.score} {s.result} {s.game}\n")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def read(path: Path) -> tuple[dict[str, Any], list[Sample]]:
    """The header and the positions of a positions file (a malformed line is a ValueError
    naming the file and the line)."""
    path = Path(path)
    with path.open(encoding="utf-8") as f:
        first = f.readline()
        if not first.startswith(MAGIC):
            raise ValueError(f"{path}: not a positions file (first line must start {MAGIC.strip()!r})")
        try:
            header = json.loads(first[len(MAGIC):])
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}:1: bad header ({e})") from None
        if not isinstance(header, dict) or not isinstance(header.get("variant"), str):
            raise ValueError(f"{path}:1: the header must name the variant")
        samples = [_parse(line, path, number) for number, line in enumerate(f, start=2)]
    return header, samples


def _parse(line: str, path: Path, number: int) -> Sample:
    fields = line.split()
    try:
        if len(fields) != 7:
            raise ValueError(f"{len(fields)} fields, expected 7")
        w, b, k = (int(x, 16) for x in fields[:3])
        turn, score, result, game = (int(x) for x in fields[3:])
        if turn not in (0, 1) or result not in (0, 1, 2) or abs(score) > SCORE_CLIP:
            raise ValueError("turn, score or result out of range")
    except ValueError as e:
        raise ValueError(f"{path}:{number}: {e}") from None
    return Sample(w, b, k, turn, score, result, game)


__all__ = ["MAGIC", "SCORE_CLIP", "Sample", "read", "write"]
