"""Settings every test shares.

The engine's opening book is off (``DAMIER_BOOK=off``, inherited by the servers and
command lines the tests start): the tests of the search, the protocols and the apps ask for
searched moves from positions the shipped books know, and a book the user built in
``$XDG_DATA_HOME`` must not change what they see. ``tests/engine/test_book.py`` turns it on
where it tests the book.
"""

from __future__ import annotations

import os

os.environ["DAMIER_BOOK"] = "off"
