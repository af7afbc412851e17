"""DXP, the DamExchange protocol (docs/protocols.md, "DXP"): :mod:`.messages` (the codec),
:mod:`.connection` (the framed connection), :mod:`.dxp_game` (one game to the confirmed
GAMEEND), :mod:`.session` (the two ends, initiator and follower) and :mod:`.dxp_engine` (a DXP
peer behind :class:`~damier.engine.api.EngineLike`)."""
