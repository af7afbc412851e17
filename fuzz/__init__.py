"""Fuzz harnesses of damier (issue 15); see ``fuzz/common.py`` and ``fuzz/run.py``."""
