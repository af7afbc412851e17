"""``python -m damier.cli``: the same as the ``damier`` command."""

import sys

from damier.cli import main

if __name__ == "__main__":
    sys.exit(main())
