"""Explain a position or a move: the facts that decide it, in words and as JSON.

:func:`explain` reads the board alone, without the solver: threats, tactics and Allis-style
rule proofs. Each result it states is proven by its own short argument (the tests check them
against the solver), so an explanation may leave a value unexplained but never contradicts it.

>>> from fourinarow.core import Board
>>> explanation = explain(Board.from_moves("112233"))
>>> explanation.proves
'win'
>>> print(explanation.sentences[-1])
X wins at once in column 4.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from fourinarow.analysis.explain.facts import (
    Cell,
    DoubleThreat,
    Fact,
    ForcedWin,
    GivesCellAbove,
    ImmediateWin,
    LeavesWin,
    LosesTo,
    MustBlock,
    RuleOfThumb,
    RuleProof,
    Threats,
    ZugzwangControl,
    player_name,
)
from fourinarow.analysis.explain.strategies import Strategy, find_strategy
from fourinarow.analysis.explain.tactics import double_threat, playable_threats, threat_cells
from fourinarow.core import Board, Column, Player
from fourinarow.search.checks import playable_board

__all__ = ["Explanation", "Proves", "explain"]

Proves = Literal["win", "loss", "at least a draw", "at most a draw", "draw"]
"""What an explanation's results prove for the player to move (or for the move explained)."""

LOSING_KINDS = (GivesCellAbove, LeavesWin, LosesTo)

FORCING_MOVES = 3
"""The most threats in a row a forced win may make before its finishing move."""


@dataclass(frozen=True)
class Explanation:
    """The facts that explain a position, or one move of it, with their sentences.

    Attributes:
        board: the position explained (not changed).
        column: the move explained (0-based), or None for the whole position.
        facts: observations first (threats, the rule of thumb), then results.
        proves: what the results prove for the player to move (for ``column``: what they prove
            of that move), or None when they prove nothing of the value: the solver's value is
            then the only reason.
        headline: the one sentence that says what ``proves`` says and why (for a hint or a
            review line), or None with it.
    """

    board: Board
    column: Column | None
    facts: tuple[Fact, ...]
    proves: Proves | None
    headline: str | None = None

    @property
    def sentences(self) -> tuple[str, ...]:
        """Every fact in one sentence, in order."""
        return tuple(fact.sentence() for fact in self.facts)

    @property
    def results(self) -> tuple[Fact, ...]:
        """The facts that claim something of the value under perfect play."""
        return tuple(fact for fact in self.facts if fact.result)

    def to_json(self) -> dict[str, Any]:
        """The explanation as JSON: the position (``moves``, ``width``, ``height``,
        ``connect``, ``to_move``), the ``column`` explained (1-based, or null), what it
        ``proves`` and its ``headline``, its ``facts`` and its ``sentences``."""
        board = self.board
        return {
            "moves": board.to_moves(),
            "width": board.width,
            "height": board.height,
            "connect": board.connect,
            "to_move": player_name(board.turn),
            "column": None if self.column is None else self.column + 1,
            "proves": self.proves,
            "headline": self.headline,
            "facts": [fact.to_json() for fact in self.facts],
            "sentences": list(self.sentences),
        }


def explain(board: Board, column: Column | None = None) -> Explanation:
    """Explain ``board`` for the player to move, or the move ``column`` (0-based) of it.

    Raises:
        InvalidPositionError: ``board`` is not a board.
        GameOverError: the game is over.
        InvalidMoveError: ``column`` is not a column of the board.
        IllegalMoveError: ``column`` is full.
    """
    board = playable_board(board, "there is nothing to explain")
    if column is not None:
        board.copy().push(column)  # raises for a column that cannot be played
    facts: list[Fact] = [
        Threats(1, tuple(threat_cells(board, 1))),
        Threats(2, tuple(threat_cells(board, 2))),
    ]
    thumb = _rule_of_thumb(board)
    if thumb is not None:
        facts.append(thumb)
    position = _position_facts(board)
    if column is None:
        wins = board.winning_moves()  # a win at once says it all: no other move is explained
        moves = {m: _move_facts(board, m) for m in (wins or board.legal_moves)}
        facts += position
        for m in moves:
            facts += [f for f in moves[m] if f not in position]
        proves, headline = _position_proves(board, position, moves)
    else:
        facts += [f for f in position if isinstance(f, MustBlock)]
        move = _move_facts(board, column)
        facts += move
        proves, headline = _move_proves(move, position)
    return Explanation(board.copy(), column, tuple(facts), proves, headline)


def _rule_of_thumb(board: Board) -> RuleOfThumb | None:
    """Allis' reading of the threats' rows on a board of even height, as an observation."""
    if board.height % 2:
        return None
    counts = []
    for player, wanted in ((1, 0), (2, 1)):  # X wants odd rows (row index 0, 2...), O even
        cells = [c for c in threat_cells(board, player) if c.row % 2 == wanted]
        if cells:
            parity = "odd" if wanted == 0 else "even"
            many = "threat" if len(cells) == 1 else "threats"
            counts.append(f"{player_name(player)} has {len(cells)} {parity} {many}")
    if not counts:
        return None
    return RuleOfThumb(
        board.turn,
        "on a board of even height, X (the first player) is helped by threats in odd rows and "
        "O by threats in even rows, as the rows fill two by two; " + " and ".join(counts),
    )


def _position_facts(board: Board) -> list[Fact]:
    """Facts about the position as it stands, for the player to move."""
    mover, other = board.turn, 3 - board.turn
    wins = board.winning_moves(mover)
    if wins:
        return [ImmediateWin(mover, c) for c in wins]
    facts: list[Fact] = []
    threat = double_threat(board, other)
    if threat is not None:
        facts.append(DoubleThreat(other, threat))
    else:
        blocks = playable_threats(board, other)
        if blocks:
            facts.append(MustBlock(mover, blocks[0].column))
    mover_bits, other_bits = board.bitboards[mover - 1], board.bitboards[other - 1]
    strategy = find_strategy(board.geometry, board.heights, mover_bits, other_bits)
    if strategy is not None:
        facts += _proof_facts(board, other, strategy, None)
    return facts


def _move_facts(board: Board, column: Column) -> list[Fact]:
    """Facts about the move ``column`` of the player to move."""
    mover, other = board.turn, 3 - board.turn
    if column in board.winning_moves(mover):
        return [ImmediateWin(mover, column)]
    after = board.copy()
    after.push(column)
    answers = playable_threats(after, other)
    if answers:
        above = Cell(column, board.heights[column] + 1)
        if above in answers:
            return [GivesCellAbove(mover, column, above)]
        return [LeavesWin(mover, column, answers[0])]
    threat = double_threat(after, mover)
    if threat is not None:
        return [DoubleThreat(mover, threat, column)]
    if after.is_game_over():  # the last cell, filled without a line: a draw
        return []
    mover_bits, other_bits = after.bitboards[mover - 1], after.bitboards[other - 1]
    strategy = find_strategy(after.geometry, after.heights, other_bits, mover_bits)
    if strategy is not None and strategy.win:
        return _proof_facts(after, mover, strategy, column)
    forced = _forced_win(board, after, column, FORCING_MOVES)
    if forced is not None:
        return [forced]
    if strategy is not None:
        return _proof_facts(after, mover, strategy, column)
    refutation = _refutation(after, FORCING_MOVES - 1)
    return [] if refutation is None else [LosesTo(mover, column, refutation)]


def _win_by(board: Board, column: Column, depth: int) -> Fact | None:
    """A proof that ``column`` wins for the player to move: a win at once, a double threat, a
    winning rule proof, or (with ``depth`` left) a threat the opponent must block first."""
    mover, other = board.turn, 3 - board.turn
    if column in board.winning_moves(mover):
        return ImmediateWin(mover, column)
    after = board.copy()
    after.push(column)
    if after.is_game_over() or after.winning_moves(other):
        return None
    threat = double_threat(after, mover)
    if threat is not None:
        return DoubleThreat(mover, threat, column)
    mover_bits, other_bits = after.bitboards[mover - 1], after.bitboards[other - 1]
    strategy = find_strategy(after.geometry, after.heights, other_bits, mover_bits)
    if strategy is not None and strategy.win:
        return _proof_facts(after, mover, strategy, column)[0]
    return _forced_win(board, after, column, depth)


def _forced_win(board: Board, after: Board, column: Column, depth: int) -> Fact | None:
    """A win by ``column`` that makes one threat the opponent must block, then wins on."""
    if depth <= 0:
        return None
    mover = board.turn
    threats = playable_threats(after, mover)
    if len(threats) != 1:
        return None
    block = threats[0]
    reply = after.copy()
    reply.push(block.column)  # cannot win: the opponent had no win at once
    if reply.is_game_over():
        return None
    for follow in reply.legal_moves:
        then = _win_by(reply, follow, depth - 1)
        if then is not None:
            return ForcedWin(mover, column, block, then)
    return None


def _refutation(board: Board, depth: int) -> Fact | None:
    """A proven winning move of the player to move, if one is found."""
    for column in board.legal_moves:
        found = _win_by(board, column, depth)
        if found is not None:
            return found
    return None


def _proof_facts(
    board: Board, player: Player, strategy: Strategy, column: Column | None
) -> list[Fact]:
    """A rule proof for ``player`` and, where it rests on answering on top, the zugzwang
    control it shows."""
    geometry = board.geometry

    def cell(index: int) -> Cell:
        return Cell(*geometry.cell(index))

    line = tuple(cell(i) for i in range(geometry.cells + geometry.width) if strategy.line >> i & 1)
    threat = None if strategy.threat is None else cell(strategy.threat)
    proof = RuleProof(
        player,
        rules=strategy.rules,
        proven="win" if strategy.win else "draw",
        column=column,
        pairs=tuple((cell(a), cell(b)) for a, b in strategy.pairs),
        threat=threat,
        line=line,
    )
    if threat is not None:
        reason = (
            f"answering on top in every column, {player_name(player)} leaves "
            f"{player_name(3 - player)} to play first in each pair of cells, until it must play "
            f"right below {player_name(player)}'s {threat.parity} threat at {threat.name}"
        )
    else:
        reason = (
            f"answering on top in every column, {player_name(player)} leaves "
            f"{player_name(3 - player)} to play first in each pair of cells and takes the upper one"
        )
        if strategy.pairs:
            reason += ", and takes one of each playable pair when the opponent takes the other"
    return [proof, ZugzwangControl(player, reason, column)]


def _winning(facts: Iterable[Fact], player: Player) -> Fact | None:
    """The first fact that proves a win for ``player``."""
    for fact in facts:
        if fact.player != player:
            continue
        if isinstance(fact, (ImmediateWin, DoubleThreat, ForcedWin)):
            return fact
        if isinstance(fact, RuleProof) and fact.proven == "win":
            return fact
    return None


def _drawing(facts: Iterable[Fact], player: Player) -> Fact | None:
    """The first rule proof that ``player`` at least draws."""
    return next((f for f in facts if isinstance(f, RuleProof) and f.player == player), None)


def _loses(facts: list[Fact], mover: Player) -> bool:
    return any(isinstance(f, LOSING_KINDS) and f.player == mover for f in facts)


def _position_proves(
    board: Board, position: list[Fact], moves: dict[Column, list[Fact]]
) -> tuple[Proves | None, str | None]:
    """What the facts prove of the position's value for the player to move, and the sentence
    that says it in one line."""
    mover, other = board.turn, 3 - board.turn
    every_move = [f for facts in moves.values() for f in facts]
    won = _winning(position, mover) or _winning(every_move, mover)
    if won is not None:
        return "win", won.sentence()
    lost = _winning(position, other)
    if lost is not None:
        return "loss", lost.sentence()
    if all(_loses(moves[m], mover) for m in moves):
        return "loss", f"Every column loses for {player_name(mover)}."
    at_least, at_most = _drawing(every_move, mover), _drawing(position, other)
    if at_least is not None and at_most is not None:
        return "draw", f"{at_least.sentence()} {at_most.sentence()}"
    if at_least is not None:
        return "at least a draw", at_least.sentence()
    if at_most is not None:
        return "at most a draw", at_most.sentence()
    return None, None


def _move_proves(facts: list[Fact], position: list[Fact]) -> tuple[Proves | None, str | None]:
    """What the facts prove of one move's value for the player who makes it, and the sentence
    that says it."""
    for fact in facts:
        if isinstance(fact, (ImmediateWin, DoubleThreat, ForcedWin)):
            return "win", fact.sentence()
        if isinstance(fact, LOSING_KINDS):
            return "loss", fact.sentence()
        if isinstance(fact, RuleProof):
            return ("win" if fact.proven == "win" else "at least a draw"), fact.sentence()
    for fact in position:
        if isinstance(fact, DoubleThreat) and fact.column is None:
            return "loss", fact.sentence()
    return None, None
