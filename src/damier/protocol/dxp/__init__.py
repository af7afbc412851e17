"""DXP, the DamExchange protocol (docs/protocols.md, "DXP"): :mod:`.messages` (the codec),
:mod:`.session` (games between damier's engine and a DXP peer, both roles)."""
