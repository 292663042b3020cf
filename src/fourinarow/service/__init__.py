"""The application layer: what every front end (terminal, desktop, web, GTP) asks of the engine,
decided once.

- :mod:`~fourinarow.service.budgets`: how long a hint, an analysis, a review position and a whole
  review may search, aware of opening books, and the one share of it that goes to proofs;
- :mod:`~fourinarow.service.judgement`: prove, then estimate: every column narrowed together by
  the solver, the rest filled in by the engine's estimates;
- :mod:`~fourinarow.service.jobs`: a running search or review as one handle: progress to iterate,
  ``stop()`` and ``wait()``;
- :mod:`~fourinarow.service.words`: values as words and as JSON records, with "win in N" counted
  one way everywhere (the winner's own moves);
- :mod:`~fourinarow.service.coach`: a review as players know it (the evaluation graph, the best
  line) and learning from one's mistakes (exercises, verdicts, missed ones in the puzzle
  history).

:mod:`~fourinarow.service.games` is the front ends' door to the player's saved games.

:mod:`~fourinarow.service.reviews` and :mod:`~fourinarow.service.puzzles` are the front ends'
only door to :mod:`fourinarow.analysis` and :mod:`fourinarow.puzzles`.

Front ends parse input and render output; what they show comes from here.
"""
