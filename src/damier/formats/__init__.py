"""Standard file formats built on the core: PDN games (:mod:`damier.formats.pdn`), the
GameType tag (:mod:`damier.formats.gametype`) and SVG board pictures
(:mod:`damier.formats.svg`).

This layer imports only :mod:`damier.core` (and the standard library); it must not import
the engine, the protocols or the apps. FEN and move notation themselves live in the core.
"""
