"""A data set of labelled positions kept as resumable shards: one positions file per unit of
work, and a manifest that says how the whole was made.

A data set is a folder::

    manifest.json            {"format": "damier-dataset/1", "variant": ..., "settings": {...},
                              "command": ..., "seeds": [first, last], "shards": {seed: count}}
    shard-000002001.txt      the positions of the task with seed 2001 (training.samples format)
    ...

A shard is written to a temporary name and renamed into place, so a shard that exists is
whole: a run stopped at any moment (or killed) resumes by making only the shards that are
missing. The manifest's settings are fixed when the folder is created; resuming with other
settings is refused, so that one data set is made by one recipe.

This module must not play, search or fit.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "data"
>>> create(folder, "russian", {"play_depth": 6}, "damier train positions ...", [1, 2])
>>> write_shard(folder, 1, [Sample(0xf, 0xf00, 0, 0, 35, 2, 7)])
1
>>> missing(folder, [1, 2])
[2]
>>> header, found = read(folder)
>>> header["variant"], len(found), load_manifest(folder)["shards"]
('russian', 1, {'1': 1})
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from damier.training import samples as positions_file
from damier.training.samples import Sample

FORMAT = "damier-dataset/1"
MANIFEST = "manifest.json"


def shard_path(folder: Path, seed: int) -> Path:
    """The file of the shard made by the task with ``seed``."""
    return Path(folder) / f"shard-{seed:09d}.txt"


def load_manifest(folder: Path) -> dict[str, Any]:
    """The manifest of the data set in ``folder`` (a ValueError naming the file when it is
    not one)."""
    path = Path(folder) / MANIFEST
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{folder}: not a data set (no {MANIFEST})") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: unreadable manifest ({e})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("variant"), str):
        raise ValueError(f"{path}: not a {FORMAT} manifest")
    return doc


def _save_manifest(folder: Path, doc: dict[str, Any]) -> None:
    path = Path(folder) / MANIFEST
    tmp = path.with_name(MANIFEST + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def create(folder: Path, variant: str, settings: dict[str, Any], command: str, seeds: list[int]) -> None:
    """Start the data set in ``folder``, or check that the one there was made with the same
    variant and ``settings`` (a ValueError saying what differs) and widen its seed range."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if (folder / MANIFEST).exists():
        doc = load_manifest(folder)
        if doc["variant"] != variant or doc.get("settings") != settings:
            raise ValueError(f"{folder}: a data set made with other settings "
                             f"({doc['variant']}, {doc.get('settings')}); use another folder")
        first, last = doc["seeds"]
        doc["seeds"] = [min(first, *seeds), max(last, *seeds)]
    else:
        doc = {"format": FORMAT, "variant": variant, "settings": settings, "command": command,
               "seeds": [min(seeds), max(seeds)], "shards": {}}
    _save_manifest(folder, doc)


def missing(folder: Path, seeds: Iterable[int]) -> list[int]:
    """The seeds of ``seeds`` whose shard is not in ``folder`` yet."""
    return [s for s in seeds if not shard_path(folder, s).exists()]


def write_shard(folder: Path, seed: int, found: Iterable[Sample]) -> int:
    """Write the shard of ``seed`` whole (temporary file, then rename) and count it in the
    manifest; the number of positions."""
    folder = Path(folder)
    doc = load_manifest(folder)
    rows = list(found)
    path = shard_path(folder, seed)
    tmp = path.with_name(path.name + ".tmp")
    positions_file.write(tmp, doc["variant"], {"seed": seed, "settings": doc["settings"]}, rows)
    os.replace(tmp, path)
    doc["shards"][str(seed)] = len(rows)
    _save_manifest(folder, doc)
    return len(rows)


def shards(folder: Path) -> list[Path]:
    """The shard files of the data set in ``folder``, in seed order."""
    return sorted(Path(folder).glob("shard-*.txt"))


def read(folder: Path) -> tuple[dict[str, Any], list[Sample]]:
    """A header in the manner of :func:`damier.training.samples.read` (the variant and, as
    provenance, the manifest) and the positions of every shard the manifest counts (a
    shard written after the manifest was read waits for the next read: the provenance
    and the positions agree)."""
    doc = load_manifest(folder)
    found: list[Sample] = []
    # the shards the manifest counts: a run still adding shards adds them after its manifest
    for seed in sorted(int(s) for s in doc["shards"]):
        path = shard_path(folder, seed)
        header, part = positions_file.read(path)
        if header["variant"] != doc["variant"]:
            raise ValueError(f"{path}: a {header['variant']} shard in a {doc['variant']} data set")
        found += part
    return {"variant": doc["variant"], "provenance": doc}, found


__all__ = ["FORMAT", "MANIFEST", "create", "load_manifest", "missing", "read", "shard_path",
           "shards", "write_shard"]
