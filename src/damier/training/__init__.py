"""Training the evaluation from damier's own search (``damier train``; docs/training.md).

The pipeline, one module per step:

1. :mod:`~damier.training.selfplay` — self-play games with randomised openings; their quiet
   positions labelled by a deeper search (:class:`~damier.training.selfplay.SelfPlayTask`,
   a unit of work for an executor);
2. :mod:`~damier.training.samples` — the positions file that keeps them;
3. :mod:`~damier.training.fit` — the logistic fit of the hand weights and the pattern
   tables;
4. :mod:`~damier.training.gate` — self-play games between the fitted and the current
   evaluation, the measure that decides whether new weights are shipped;
5. :mod:`~damier.training.tasks` — running the units of work on the executors of
   ``damier match`` (a process pool here, a Dask cluster when given one).

The weights files it writes are read by :mod:`damier.engine.weightfile`. This package sits
beside ``protocol`` (it uses the match executors and statistics) and below the apps.
"""
