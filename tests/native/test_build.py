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
SOURCES = sorted(NATIVE.rglob("*.c"))  # the kernel and binding/, its CPython binding


def compiler() -> list[str]:
    return shlex.split(sysconfig.get_config_var("CC") or "cc")


def test_there_are_sources() -> None:
    names = {p.relative_to(NATIVE).as_posix() for p in SOURCES}
    assert {"gen64.c", "gen128.c", "layout.c", "binding/module.c", "binding/generator.c",
            "binding/convert.c"} <= names


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.relative_to(NATIVE).as_posix())
def test_compiles_without_warnings(source: Path) -> None:
    include = sysconfig.get_paths()["include"]
    cmd = [*compiler(), "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
           f"-I{include}", str(source)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"


BITS_CHECK = r"""
#include <stdio.h>
#include "bits.h"
int main(void)
{
    unsigned long long x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        unsigned long long v = x & (x >> (i % 64));  /* sparse and dense words */
        int n = 0;
        for (unsigned long long w = v; w; w &= w - 1)
            n++;
        if (popcount64(v) != n || popcount64(~0ULL) != 64 || popcount64(0) != 0) {
            printf("popcount64(%llx) = %d, expected %d\n", v, popcount64(v), n);
            return 1;
        }
    }
#ifdef __POPCNT__
    printf("ok: instruction\n");
#else
    printf("ok: shifts and adds\n");
#endif
    return 0;
}
"""


@pytest.mark.parametrize("flags", [[], ["-mpopcnt"]], ids=["shifts-and-adds", "instruction"])
def test_both_bit_counts_count_right(flags: list[str], tmp_path: Path) -> None:
    """bits.h counts with shifts and adds, or with the instruction where the build enables it
    (setup.py adds -mpopcnt on a machine that has it): both give the bits counted one by one."""
    source = tmp_path / "bits_check.c"
    source.write_text(BITS_CHECK, encoding="utf-8")
    exe = tmp_path / "bits_check"
    cmd = [*compiler(), "-std=c11", "-O2", *flags, f"-I{NATIVE}", str(source), "-o", str(exe)]
    built = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if flags and built.returncode != 0:  # a compiler that does not target x86 has no -mpopcnt
        assert "popcnt" in built.stderr, built.stderr
        return
    assert built.returncode == 0, built.stderr
    ran = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    if flags and ran.returncode < 0:  # SIGILL: this CPU lacks the instruction (setup.py would not use it)
        return
    expected = "ok: instruction\n" if flags else "ok: shifts and adds\n"
    assert ran.returncode == 0 and ran.stdout == expected, ran.stdout + ran.stderr
