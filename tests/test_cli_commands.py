"""The sub-command registry of ``damier``: every command is found by name, and only the
module of the command being run is imported (start-up time is measured in
``bench/startup.py``, not here)."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from damier.cli import COMMANDS, Command, command_named, main

HEAVY = ("damier.engine", "damier.protocol", "damier.formats.pdn", "damier.core.diagram",
         "damier.web", "asyncio")


def modules_after(argv: list[str]) -> set[str]:
    """The modules loaded by running ``damier ARGV`` in a fresh interpreter."""
    code = ("import sys\nfrom damier.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('\\n'.join(sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          timeout=60, check=True)
    return set(done.stderr.split())


@pytest.mark.parametrize("argv", [["moves"], ["perft", "--depth", "1"]])
def test_light_commands_import_nothing_heavy(argv: list[str]) -> None:
    loaded = modules_after(argv)
    assert f"damier.cli.{argv[0]}" in loaded
    heavy = sorted(m for m in loaded if m.startswith(HEAVY))
    assert not heavy, f"damier {argv[0]} imported {heavy}"
    others = {c.module for c in COMMANDS if c.name != argv[0]}
    assert not loaded & others


def test_help_imports_no_command_and_lists_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert not {c.module for c in COMMANDS} & modules_after(["--help"])
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command.name in out and command.summary in out


@pytest.mark.parametrize("command", COMMANDS, ids=[c.name for c in COMMANDS])
def test_each_module_registers_its_command(command: Command) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    importlib.import_module(command.module).register(sub)
    assert set(sub.choices) == {command.name, *command.aliases}
    assert command_named(command.name) is command


def test_aliases_and_unknown_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert command_named("analyze") is command_named("analyse")
    assert command_named("nonsense") is None
    with pytest.raises(SystemExit) as stop:
        main(["mvoes"])
    assert stop.value.code == 2
    assert "invalid choice: 'mvoes'" in capsys.readouterr().err


def test_without_the_web_extra_damier_says_how_to_add_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """``damier`` alone starts the web app; in an installation without the ``web`` extra
    (``pipx install .``) it says in one line which command adds it, with no traceback."""
    monkeypatch.setitem(sys.modules, "damier.web.app", None)  # as if starlette were absent
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    assert main([]) == 2
    assert capsys.readouterr().err.rstrip().endswith("in the damier checkout: pip install '.[web]'")
    (tmp_path / "pipx_metadata.json").write_text("{}")  # what pipx leaves in its environments
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("damier serve: the web app needs the 'web'")
    assert err.rstrip().endswith("in the damier checkout: pipx install --force '.[web]'")
