"""Installed where there is no C compiler, damier runs on its pure-Python path and says
plainly that the kernel was not built and what to install (issue 24: it said "cannot import
name '_kernel' from partially initialized module 'damier' (most likely due to a circular
import)")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import damier
from damier.core.kernel import NOT_BUILT


def test_a_missing_kernel_is_said_plainly(tmp_path: Path) -> None:
    copy = tmp_path / "damier"
    shutil.copytree(Path(damier.__file__).parent, copy,
                    ignore=shutil.ignore_patterns("_kernel*", "native", "__pycache__", "data"))
    shutil.copytree(Path(damier.__file__).parent / "engine" / "data", copy / "engine" / "data",
                    dirs_exist_ok=True)
    code = ("from damier.core import kernel\n"
            "print(kernel.path()); print(kernel.pure_reason())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path, reason = done.stdout.splitlines()
    assert path == "pure" and reason == NOT_BUILT
    assert "circular" not in reason and "C compiler" in reason
