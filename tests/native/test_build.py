"""The kernel's C compiles cleanly with warnings as errors (issue 13 item 6): every file of
src/damier/native, with the machine's C compiler (the one Python was built with), -Wall
-Wextra -Werror, as C11."""

from __future__ import annotations

import shlex
import subprocess
import sysconfig
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[2] / "src" / "damier" / "native"
SOURCES = sorted(NATIVE.glob("*.c"))


def compiler() -> list[str]:
    return shlex.split(sysconfig.get_config_var("CC") or "cc")


def test_there_are_sources() -> None:
    assert {"gen64.c", "gen128.c", "layout.c", "module.c"} <= {p.name for p in SOURCES}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_compiles_without_warnings(source: Path) -> None:
    include = sysconfig.get_paths()["include"]
    cmd = [*compiler(), "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
           f"-I{include}", str(source)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"
