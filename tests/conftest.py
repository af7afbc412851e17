"""Settings every test shares.

The engine's opening book is off (``DAMIER_BOOK=off``, inherited by the servers and
command lines the tests start): the tests of the search, the protocols and the apps ask for
searched moves from positions the shipped books know, and a book the user built in
``$XDG_DATA_HOME`` must not change what they see. ``tests/engine/test_book.py`` turns it on
where it tests the book.

For the same reason the endgame tables are the package's only (``DAMIER_EGDB`` names the
package's folder): tables a user built with ``damier egdb build`` (e.g. five pieces) in
``$XDG_DATA_HOME`` must not change the searches the tests check. The tests of that folder
unset it.

Property tests (``hypothesis``) have no deadline: how long one example takes is a matter for
``bench/``, and on a loaded two-core machine a 200 ms default deadline failed a Glicko-2
property that takes microseconds when the machine is idle.
"""

from __future__ import annotations

import os

from hypothesis import settings

from damier.engine.egdb.database import PACKAGE_DIR

settings.register_profile("damier", deadline=None)
settings.load_profile("damier")

os.environ["DAMIER_BOOK"] = "off"
os.environ["DAMIER_EGDB"] = str(PACKAGE_DIR)
