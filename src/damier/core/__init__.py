"""The rules core of damier: geometry, rules objects, positions, move generation, the game.

Pure Python with no third-party dependency and no I/O. Everything else in damier is built on
this package; nothing here imports from the other layers.
"""
