"""Engine protocols and engine matches (the protocol layer).

* :mod:`damier.protocol.hub` — the Hub-2 text protocol (GUI <-> engine over stdin/stdout):
  a server that exposes damier's engine, and an asyncio client (with a synchronous wrapper)
  that drives any Hub engine process.
* :mod:`damier.protocol.dxp` — DamExchange (engine <-> engine over TCP): the message codec
  and the Initiator/Follower game sessions.
* :mod:`damier.protocol.match` — engine matches: players, one game, opening sets, Elo and
  SPRT statistics, and a runner that spreads games over any
  :class:`concurrent.futures.Executor` (a local process pool, or a Dask cluster).

This layer imports the core, the formats and the engine; it must never import the
applications (``damier.cli``, ``damier.web``). Listening sockets bind 127.0.0.1 unless the
user names another address.
"""
