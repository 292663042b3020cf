"""Adapters that let our agents play where researchers and other programs work.

- :mod:`fourinarow.integrations.gtp`: a text engine protocol (the GTP subset OpenSpiel's
  ``GTPBot`` speaks, and commands of our own) over standard input and output.
- :mod:`fourinarow.integrations.pettingzoo`: an AEC environment of any shape laid out as
  PettingZoo's ``connect_four_v3``, and our agents as policies for it (extra ``pettingzoo``).
- :mod:`fourinarow.integrations.gymnasium`: ``fourinarow/ConnectFour-v0``, a single-agent
  Gymnasium environment against any of our agents (extra ``gymnasium``).
- :mod:`fourinarow.integrations.kaggle`: Kaggle ConnectX's agent call, submissions that run on
  the standard library alone (``fourinarow kaggle export``), and Kaggle's agents as ours.

Each adapter is a module of its own (Kaggle's a package), imported by name, so that a framework it
needs is loaded only when that adapter is used.
"""

from __future__ import annotations
