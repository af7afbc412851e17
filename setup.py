"""Build of damier's native kernel (the C extension ``damier._kernel``).

Everything else about the package is in pyproject.toml. The kernel is our own C
(``src/damier/native/*.c``, C11 with the GCC/Clang builtins), compiled with the machine's
compiler and no other dependency. It is optional: when it cannot be compiled the package
installs anyway and damier runs on its pure-Python path (``damier.core.kernel`` says which
path runs; ``DAMIER_PURE=1`` forces the pure one).
"""

from glob import glob

from setuptools import Extension, setup

KERNEL = Extension(
    "damier._kernel",
    sources=sorted(glob("src/damier/native/*.c")),
    depends=sorted(glob("src/damier/native/*.h")),
    extra_compile_args=["-std=c11", "-O3"],
    optional=True,
)

setup(ext_modules=[KERNEL])
