"""Trained evaluation weights as files: ``<variant>.json`` with the hand weights and how they
were made, beside the pattern tables (``.ptw``) it names.

The training pipeline (:mod:`damier.training`, ``damier train``) writes one such file per
variant; :func:`damier.engine.evaluate.weights_for` uses the one shipped in
``damier/engine/data`` for a variant when there is one. The format (UTF-8 JSON)::

    {"format": "damier-weights/1",
     "variant": "russian",
     "weights": {"king": 262, "advance": [0, 3, ...], ..., "patterns": "russian.ptw"},
     "provenance": {"command": "damier train ...", "seeds": [...], "positions": 5210, ...}}

``weights`` holds fields of :class:`~damier.engine.weights.Weights` (integers, lists of
integers, and ``patterns``: the name of a pattern file in the same folder, or ""); the
pattern file is resolved against the folder of the JSON file, so a candidate can be tried
from a work folder before it is shipped. ``provenance`` is free-form (the command, seeds,
data size, fit errors, the match that admitted it).

This module must not evaluate or search; it reads and writes the files (a bad file is a
:class:`ValueError` saying what is wrong and where).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = write(folder / "russian.json", "russian", {"king": 260, "advance": (0, 1)}, {"seeds": [1]})
>>> read(path)["king"], read(path)["advance"]
(260, (0, 1))
>>> provenance(path)
{'seeds': [1]}
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from damier.engine.patterns import DATA

FORMAT = "damier-weights/1"
MAX_BYTES = 1 << 20
"""A weights file is a few kilobytes; anything larger is refused unread."""

FieldValue = int | tuple[int, ...] | str


def _document(path: Path) -> dict[str, Any]:
    if path.stat().st_size > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES} bytes, not a weights file")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a weights file ({e})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path}: not a weights file (format must be {FORMAT!r})")
    if not isinstance(doc.get("weights"), dict):
        raise ValueError(f"{path}: 'weights' must be an object")
    return doc


def read(path: Path) -> dict[str, FieldValue]:
    """The weight fields of the file at ``path`` (``patterns`` as an absolute path, or "")."""
    return load(path)[1]


def load(path: Path) -> tuple[str, dict[str, FieldValue]]:
    """``(variant, weight fields)`` of the file at ``path``, read and checked once."""
    path = Path(path)
    document = _document(path)
    variant = document.get("variant")
    if not isinstance(variant, str):
        raise ValueError(f"{path}: 'variant' must be a string")
    return variant, _fields(path, document["weights"])


def _fields(path: Path, weights: dict[str, Any]) -> dict[str, FieldValue]:
    out: dict[str, FieldValue] = {}
    for name, value in weights.items():
        if name == "patterns":
            if not isinstance(value, str) or "/" in value or "\\" in value:
                raise ValueError(f"{path}: 'patterns' must be a file name in the same folder")
            out[name] = str(path.resolve().parent / value) if value else ""
        elif isinstance(value, int) and not isinstance(value, bool):
            out[name] = value
        elif isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in value):
            out[name] = tuple(value)
        else:
            raise ValueError(f"{path}: weight {name!r} must be an integer or a list of integers")
    return out


def variant_of(path: Path) -> str:
    """The variant the file at ``path`` was trained for."""
    return load(path)[0]


def provenance(path: Path) -> dict[str, Any]:
    """How the weights at ``path`` were made (as written)."""
    value = _document(Path(path)).get("provenance", {})
    return value if isinstance(value, dict) else {}


def write(path: Path, variant: str, fields: dict[str, Any], provenance: dict[str, Any]) -> Path:
    """Write a weights file (``fields["patterns"]``, if given, is reduced to its file name:
    the tables must sit beside the JSON file). Returns ``path``."""
    path = Path(path)
    weights = {k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}
    if weights.get("patterns"):
        weights["patterns"] = Path(str(weights["patterns"])).name
    doc = {"format": FORMAT, "variant": variant, "weights": weights, "provenance": provenance}
    tmp = path.with_name(f".{path.name}.tmp")  # renamed over the file when whole
    try:
        tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


@lru_cache(maxsize=64)
def shipped(variant: str) -> dict[str, FieldValue] | None:
    """The weight fields shipped for ``variant`` (``data/<variant>.json``), if any."""
    path = DATA / f"{variant}.json"
    return read(path) if path.is_file() else None


__all__ = ["FORMAT", "FieldValue", "provenance", "read", "shipped", "variant_of", "write"]
