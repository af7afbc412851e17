"""The loader (damier.core.kernel): which path runs, the one line that says so on the pure
path, and variants whose rules the kernel does not know staying on the pure path."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

from damier.core import kernel
from damier.core.movegen import MoveGenerator, generator
from damier.core.native_movegen import NativeMoveGenerator
from damier.core.rules import Rules
from damier.core.variants import all_variants, get_variant

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT,
        env={**os.environ, **env},
    )


def test_every_variant_runs_on_the_native_path() -> None:
    assert kernel.path() == "native"
    for rules in all_variants():
        assert kernel.unsupported(rules) is None, rules.name
        assert isinstance(generator(rules), NativeMoveGenerator), rules.name


def test_damier_pure_says_so_once_on_first_use() -> None:
    code = ("from damier import Board\n"
            "from damier.core.movegen import generator, MoveGenerator\n"
            "b = Board(); b.push('32-28'); Board('russian').legal_moves.count()\n"
            "print(type(generator(b.rules)).__name__)")
    proc = run_python(code, DAMIER_PURE="1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "MoveGenerator"
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "pure" in lines[0] and "DAMIER_PURE" in lines[0], proc.stderr


def test_native_path_is_silent() -> None:
    proc = run_python("from damier import Board; print(Board().legal_moves.count())")
    assert proc.returncode == 0 and proc.stdout.strip() == "9" and proc.stderr == ""


@dataclasses.dataclass(frozen=True)
class RulesWithANewParameter(Rules):
    lands_behind: bool = False


def test_a_rule_the_kernel_does_not_know_keeps_the_variant_on_the_pure_path() -> None:
    base = get_variant("international")
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(Rules)}
    same = RulesWithANewParameter(**{**fields, "name": "test-default"})
    new = RulesWithANewParameter(**{**fields, "name": "test-new"}, lands_behind=True)
    assert kernel.unsupported(same) is None
    assert "lands_behind" in (kernel.unsupported(new) or "")
    assert kernel.native_object(new) is None
    gen = generator(new)
    assert type(gen) is MoveGenerator


def test_perft_cli_names_the_path(capsys: object) -> None:
    from damier.cli import main

    assert main(["perft", "--depth", "2"]) == 0
    out = capsys.readouterr()  # type: ignore[attr-defined]
    assert out.out.strip().splitlines()[-1] == "81"
    assert "native" in out.err
