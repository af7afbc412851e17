"""DXP, the DamExchange protocol (PROTOCOLS.md §2): :mod:`.messages` (the codec),
:mod:`.session` (games between damier's engine and a DXP peer, both roles)."""
