"""Standard file formats built on the core: PDN games (:mod:`damier.formats.pdn`) and the
GameType tag (:mod:`damier.formats.gametype`). (SVG pictures of a position are the core's,
:mod:`damier.core.diagram`, so that a board can draw itself in a notebook.)

This layer imports only :mod:`damier.core` (and the standard library); it must not import
the engine, the protocols or the apps. FEN and move notation themselves live in the core.
"""
