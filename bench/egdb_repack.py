"""Re-encode endgame tables in the current file format, keeping every value (a tool).

Reads each table of a variant's folder (any format version the readers know), marks the
positions a file need not keep (men overlapping, or a capture for the side to move), encodes
them again with :func:`damier.engine.egdb.codec`'s current format, checks that the new file
decodes to the same values, and replaces the file and its ``MANIFEST.json`` record (bytes,
sha256). Used to move the shipped tables to format 2 (Huffman-coded runs):

    .venv/bin/python bench/egdb_repack.py src/damier/engine/data/egdb/international
    .venv/bin/python bench/egdb_repack.py ~/.local/share/damier/egdb/international

Prints one line per table (bytes before and after) and the totals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from damier.core import kernel  # noqa: E402
from damier.core.variants import get_variant  # noqa: E402
from damier.engine.egdb.build import BLOCK_LEN, MANIFEST, config_name  # noqa: E402
from damier.engine.egdb.codec import VERSION  # noqa: E402
from damier.engine.egdb.database import EndgameDatabase  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="a variant's folder of tables, e.g. .../egdb/international")
    ap.add_argument("--block-len", type=int, default=BLOCK_LEN)
    args = ap.parse_args()
    folder: Path = args.folder
    rules = get_variant(folder.name)
    db = EndgameDatabase.open(rules, [folder.parent])
    if db.native is None:
        raise SystemExit("re-encoding needs the native kernel")
    from damier import _kernel  # type: ignore[attr-defined]

    manifest_path = folder / MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else None
    before = after = 0
    for config in sorted(db.files, key=sum):
        path = db.files[config]
        old_size = path.stat().st_size
        values = db.native.decode(config, True)
        blob = db.native.encode(values, args.block_len)
        check = _kernel.Egdb(kernel.native_object(rules))
        check.add(config, blob, False)
        if check.decode(config, True) != values:
            raise SystemExit(f"{path}: the new file does not decode to the same values")
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, path)
        if manifest is not None and config_name(config) in manifest["tables"]:
            record = manifest["tables"][config_name(config)]
            record["bytes"] = len(blob)
            record["sha256"] = hashlib.sha256(blob).hexdigest()
        before += old_size
        after += len(blob)
        print(f"{config_name(config)}: {old_size} -> {len(blob)} bytes", flush=True)
    if manifest is not None:
        manifest["format"] = f"dkeg {VERSION}"
        manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    db.close()
    print(f"{len(db.files)} tables: {before} -> {after} bytes ({before / max(after, 1):.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
