"""Files the commands write: checked before the work starts, replaced whole when it ends.

A command that writes a file must never lose what the file held, nor the work it did:

* :func:`check_output` refuses, before any work, an output that cannot be written (a
  folder, a missing folder, no permission), or one that is also an input of a command that
  streams its output (``damier puzzles mine a.pdn -o a.pdn`` would read what it writes);
* :func:`keep_game` appends a finished game to a PDN file and, when the disk refuses it,
  says so and prints the game on standard error instead of losing it;
* :func:`replaced` writes a text file beside the output and renames it over the output
  only when the writing ends well, so that ``damier pdn convert same.pdn -o same.pdn``
  converts the file in place instead of emptying it first, and a crash leaves the old
  file as it was.

This module must not know any command; it raises :class:`~damier.cli.UsageError`.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with replaced(folder / "out.txt") as f:
...     _ = f.write("whole")
>>> (folder / "out.txt").read_text(), sorted(p.name for p in folder.iterdir())
('whole', ['out.txt'])
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from damier.cli import UsageError
from damier.protocol.pdnout import append_pdn


def check_output(path: str | Path, inputs: Iterable[str | Path] = (), *,
                 what: str = "output") -> Path:
    """``path`` if a file can be written (or appended to) there, else a :class:`UsageError`
    saying why; also refused when it is one of ``inputs``."""
    out = Path(path)
    if out.is_dir():
        raise UsageError(f"{what} {str(out)[:200]!r} is a folder, not a file")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{what} {str(out)[:200]!r}: no folder {str(folder)[:200]!r}")
    writable = os.access(out, os.W_OK) if out.exists() else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise UsageError(f"{what} {str(out)[:200]!r} cannot be written (permission denied)")
    for given in inputs:
        if out.exists() and Path(given).exists() and os.path.samefile(out, given):
            raise UsageError(f"{what} {str(out)[:200]!r} is also an input: write elsewhere")
    return out


def keep_game(path: str | Path, pdn: str) -> bool:
    """Append the game ``pdn`` to the PDN file ``path``; if that fails (a full disk, the file
    removed or locked since the start), print why and the game itself on standard error.
    Whether it was appended."""
    try:
        append_pdn(path, pdn)
        return True
    except OSError as e:
        print(f"damier: could not append the game to {str(path)[:200]}: {str(e)[:200]}; "
              f"here it is:\n{pdn}", file=sys.stderr, flush=True)
        return False


@contextmanager
def replaced(path: str | Path, *, keep_on_interrupt: bool = False) -> Iterator[TextIO]:
    """A text file to write that replaces ``path`` when the block ends without an exception
    (with ``keep_on_interrupt``, also when it ends by Ctrl-C: what was written is kept);
    otherwise ``path`` is left as it was."""
    out = check_output(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent or ".")
    done = False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            try:
                yield f
            except KeyboardInterrupt:
                if not keep_on_interrupt:
                    raise
                f.flush()
                _commit(tmp, out)
                done = True
                raise
        _commit(tmp, out)
        done = True
    finally:
        if not done:
            Path(tmp).unlink(missing_ok=True)


@contextmanager
def streamed(path: str | None) -> Iterator[TextIO]:
    """Where a command streams what it finds, as it finds it: the file ``path`` (written from
    its start, so that an interrupted run keeps what it found; check it first with
    :func:`check_output`), or standard output when ``path`` is empty. Only the file is closed."""
    if not path:
        yield sys.stdout
        return
    with open(path, "w", encoding="utf-8") as out:
        yield out


def _commit(tmp: str, out: Path) -> None:
    """Rename ``tmp`` over ``out``, with the permissions a new file would have had (mkstemp
    makes it 0600), or those of the file it replaces."""
    if out.exists():
        mode = out.stat().st_mode & 0o777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)
    os.replace(tmp, out)


__all__ = ["check_output", "keep_game", "replaced", "streamed"]
