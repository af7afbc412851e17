"""Separate virtual environments for the peer libraries measured beside damier.

py-draughts and pydraughts both install a package called ``draughts``, so each lives in
its own venv under ``bench/`` (created on first use, reused afterwards). damier itself is
put on the peers' ``sys.path`` from ``src/`` so that both sides run in one process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

PEERS = {
    # py-draughts 1.10.1 (its Turbo engine generator) and dame-rs (Rust, Python API)
    "peers": ["py-draughts==1.10.1", "dame-rs"],
    # pydraughts (PDN reader, variants)
    "pydraughts": ["pydraughts"],
}


def python_of(name: str) -> Path:
    """The python of venv ``bench/.venv-<name>``, created and filled if missing."""
    venv = BENCH / f".venv-{name}"
    python = venv / "bin" / "python"
    stamp = venv / ".installed"
    if not stamp.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PEERS[name]], check=True)
        stamp.touch()
    return python
