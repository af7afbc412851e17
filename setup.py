"""Build of damier's native kernel (the C extension ``damier._kernel``).

Everything else about the package is in pyproject.toml. The kernel is our own C
(``src/damier/native/*.c`` and its CPython binding ``native/binding/*.c``, C11 with the GCC/Clang builtins), compiled with the machine's
compiler and no other dependency. It is optional: when it cannot be compiled the package
installs anyway and damier runs on its pure-Python path (``damier.core.kernel`` says which
path runs; ``DAMIER_PURE=1`` forces the pure one).

The population count instruction: x86-64's baseline has none, so the kernel counts bits with
shifts and adds (``native/bits.h``) unless it is compiled with ``-mpopcnt``; with it, perft
runs 14% faster. The build adds the flag when the compiler accepts it and the CPU doing the
build has the instruction (a probe program asks it), since the package is normally built on
the machine that runs it. A copied build on a CPU without it refuses to load (the module's
init checks the CPU) and damier runs on the pure-Python path. ``DAMIER_PORTABLE=1`` builds
without the flag (for a build meant for other machines).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from glob import glob
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

KERNEL = Extension(
    "damier._kernel",
    # the kernel (native/*.c) and its CPython binding (native/binding/*.c)
    sources=sorted(glob("src/damier/native/*.c") + glob("src/damier/native/binding/*.c")),
    depends=sorted(glob("src/damier/native/*.h") + glob("src/damier/native/binding/*.h")),
    extra_compile_args=["-std=c11", "-O3"],
    optional=True,
)

# Exits 0 when the CPU running it has the instruction; compiled with -mpopcnt, so a compiler
# that does not target x86 (or lacks the builtin) fails here and the flag is left out.
PROBE = """
int main(void)
{
    __builtin_cpu_init();
    volatile unsigned long long x = 0xF0F0;
    return !(__builtin_cpu_supports("popcnt") && __builtin_popcountll(x) == 8);
}
"""


def cpu_counts_bits(compiler: object) -> bool:
    """Whether ``-mpopcnt`` compiles, links and runs here (the build machine has POPCNT)."""
    if os.environ.get("DAMIER_PORTABLE", "") not in ("", "0"):
        return False
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text(PROBE, encoding="utf-8")
        try:
            objects = compiler.compile([str(source)], output_dir=tmp, extra_postargs=["-mpopcnt"])  # type: ignore[attr-defined]
            compiler.link_executable(objects, "probe", output_dir=tmp)  # type: ignore[attr-defined]
            return subprocess.run([str(Path(tmp) / "probe")], check=False, timeout=30).returncode == 0
        except Exception:  # noqa: BLE001 - any failure means: build without the flag
            return False


class BuildKernel(build_ext):
    """build_ext that adds ``-mpopcnt`` to the kernel where the build machine has POPCNT."""

    def build_extensions(self) -> None:
        if cpu_counts_bits(self.compiler):
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-mpopcnt"]
        super().build_extensions()


setup(ext_modules=[KERNEL], cmdclass={"build_ext": BuildKernel})
