"""The text engine protocol, in process: every command, its errors, and random sessions checked
against a board driven directly."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourinarow import __version__
from fourinarow.agents import Decision, InvalidAgentSpecError, Limit
from fourinarow.core import Board
from fourinarow.integrations.gtp import COMMANDS, GtpEngine, serve


def answer(engine: GtpEngine, line: str) -> tuple[bool, str]:
    """Whether the line succeeded, and its text (without the mark and the blank line)."""
    reply = engine.reply(line)
    assert reply is not None
    assert reply.endswith("\n\n")
    assert reply[0] in "=?"
    return reply[0] == "=", reply[1:-2].strip()


@pytest.fixture
def engine() -> GtpEngine:
    return GtpEngine("perfect", time_ms=0)


def test_the_administrative_commands(engine: GtpEngine) -> None:
    assert answer(engine, "protocol_version") == (True, "2")
    assert answer(engine, "name") == (True, "fourinarow")
    assert answer(engine, "version") == (True, __version__)
    assert answer(engine, "known_command genmove") == (True, "true")
    assert answer(engine, "known_command analyse") == (True, "true")
    assert answer(engine, "known_command komi") == (True, "false")
    ok, text = answer(engine, "list_commands")
    assert ok
    assert text.split("\n") == list(COMMANDS)


def test_an_id_is_repeated_in_the_answer(engine: GtpEngine) -> None:
    assert engine.reply("12 name") == "=12 fourinarow\n\n"
    assert engine.reply("13 genmove o") == "?13 it is x's turn, not o's\n\n"
    assert engine.reply("14") == "?14 no command after the id 14\n\n"


def test_lines_without_a_command_get_no_answer(engine: GtpEngine) -> None:
    assert engine.reply("") is None
    assert engine.reply("   \t ") is None
    assert engine.reply("# a comment") is None
    assert engine.reply("name # with a comment") == "= fourinarow\n\n"
    assert engine.reply("na\x01me\r") == "= fourinarow\n\n"


def test_colours_and_moves_in_every_accepted_spelling(engine: GtpEngine) -> None:
    for line in ("play b x3", "play white o3", "play X x2", "play o c", "play x4"):
        assert answer(engine, line) == (True, "")
    assert engine.board.moves == (3, 3, 2, 2, 4)
    assert answer(engine, "moves") == (True, "44335")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("play o x3", "the move x3 is x's, but the colour given is o's"),
        ("play o o3", "it is x's turn, not o's"),
        ("play x x7", "x7 is off the board: columns are x0-x6"),
        ("play x 3", "'3' is not a move: write x3 or o3 (the 0-based column 0-6), or a column"),
        ("play x h", "'h' is not a move"),
        ("play green x3", "'green' is not a colour"),
        ("play 3", "play 3: give the colour too, as in play x 3"),
        ("play x", "play x: give the move too, as in play x x3"),
        ("play white", "play white: give the move too, as in play white o3"),
        ("play", "usage: play COLOUR MOVE"),
        ("genmove", "usage: genmove COLOUR"),
        ("boardsize 7", "boards here are not square: write boardsize WxH or W H"),
        ("boardsize 0x6", "width 0 is out of range: width and height go from 1 to 20"),
        ("connect 9", "connect 9 does not fit a 7x6 board"),
        ("connect four", "connect: 'four' is not a whole number"),
        ("time_ms soon", "time_ms: 'soon' is not a number"),
        ("agent wizard", "unknown agent 'wizard'; accepted agents: random"),
        ("position 4444444", "column 4 is full"),
        ("undo", "there is no move to undo"),
        ("komi 6.5", "unknown command 'komi': list_commands lists them"),
        ("name now", "usage: name"),
    ],
)
def test_bad_commands_fail_with_a_message(engine: GtpEngine, line: str, message: str) -> None:
    ok, text = answer(engine, line)
    assert not ok
    assert message in text
    assert engine.board.moves == ()  # nothing changed
    assert (engine.board.width, engine.board.height, engine.board.connect) == (7, 6, 4)


def test_genmove_plays_the_move_and_names_it(engine: GtpEngine) -> None:
    answer(engine, "position 44444")  # x to move... no: five stones, o to move
    assert engine.board.turn == 2
    ok, text = answer(engine, "genmove w")
    assert ok
    assert text[0] == "o"
    assert engine.board.moves[-1] == int(text[1:])
    assert engine.board.ply == 6


def test_the_perfect_engine_wins_a_won_position(engine: GtpEngine) -> None:
    # X to move wins at once in column 4 (x3): three in a row on the bottom (O threatens 7)
    answer(engine, "position 172737")
    assert answer(engine, "genmove x") == (True, "x3")
    assert answer(engine, "result") == (True, "x")
    ok, text = answer(engine, "genmove o")
    assert not ok
    assert "the game is over (x): clear_board starts anew" in text
    assert answer(engine, "undo") == (True, "")
    assert answer(engine, "result") == (True, "none")


def test_analyze_values_every_playable_column(engine: GtpEngine) -> None:
    answer(engine, "position 444444")
    answer(engine, "time_ms 60000")  # until proven
    ok, text = answer(engine, "analyse")
    assert ok
    entries = dict(entry.split(":") for entry in text.split())
    assert "x3" not in entries  # full
    assert set(entries) == {"x0", "x1", "x2", "x4", "x5", "x6"}
    board = Board.from_moves("444444")
    from fourinarow.search.solver import Solver

    exact = Solver().analyze(board)
    for column, label in enumerate(exact.labels()):
        if column != 3:
            assert entries[f"x{column}"] == label


def test_a_new_shape_starts_a_new_game(engine: GtpEngine) -> None:
    answer(engine, "play x x3")
    assert answer(engine, "boardsize 5x4") == (True, "")
    assert (engine.board.width, engine.board.height, engine.board.ply) == (5, 4, 0)
    assert answer(engine, "boardsize 9 7") == (True, "")
    assert (engine.board.width, engine.board.height) == (9, 7)
    assert answer(engine, "connect 5") == (True, "")
    assert engine.board.connect == 5
    answer(engine, "play x x8")
    assert answer(engine, "clear_board") == (True, "")
    assert (engine.board.width, engine.board.connect, engine.board.ply) == (9, 5, 0)


def test_showboard_says_how_its_labels_map_to_moves(engine: GtpEngine) -> None:
    answer(engine, "play x x3")
    ok, text = answer(engine, "showboard")
    assert ok
    lines = text.split("\n")
    assert lines[0].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert lines[-2].split() == [".", ".", ".", "X", ".", ".", "."]
    assert lines[-1] == "columns 1-7 above are x0-x6 in moves; o to move"


def test_agent_and_time_can_be_changed(engine: GtpEngine) -> None:
    assert answer(engine, "agent level:3") == (True, "")
    assert engine.spec == "level:3"
    assert answer(engine, "time_ms 250") == (True, "")
    assert engine.limit().time == 0.25
    ok, text = answer(engine, "analyze")  # level 3 does not value columns
    assert not ok
    assert "level:3" in text


def test_a_bad_agent_or_shape_is_refused_at_start() -> None:
    with pytest.raises(InvalidAgentSpecError):
        GtpEngine("wizard")


def test_serve_answers_until_quit() -> None:
    out = io.StringIO()
    lines = ["name\n", "\n", "# note\n", "quit\n", "name\n"]
    assert serve(GtpEngine("random", seed=1), iter(lines), out) == 0
    assert out.getvalue() == "= fourinarow\n\n= \n\n"


def test_serve_reports_a_defect_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    engine = GtpEngine("random", seed=1)

    def broken(board: Board, limit: Limit | None = None) -> Decision:
        raise RuntimeError("a defect")

    engine.agent.choose = broken  # type: ignore[method-assign]
    out = io.StringIO()
    serve(engine, iter(["genmove x\n", "name\n"]), out)
    assert out.getvalue() == (
        "? internal error (see the engine's standard error)\n\n= fourinarow\n\n"
    )
    assert "RuntimeError: a defect" in capsys.readouterr().err


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=42), st.integers(0, 2**32))
def test_random_sessions_follow_the_rules(columns: list[int], seed: int) -> None:
    """Random play/genmove/undo commands leave the engine's board where a board driven
    directly is; illegal moves fail and change nothing."""
    engine = GtpEngine("random", time_ms=0, seed=seed)
    board = Board()
    for step, column in enumerate(columns):
        letter = "xo"[board.turn - 1]
        if step % 7 == 6 and board.moves:
            assert answer(engine, "undo") == (True, "")
            board.pop()
        elif step % 5 == 4:
            ok, text = answer(engine, f"genmove {letter}")
            assert ok == (board.outcome() is None)
            if ok:
                assert text[0] == letter
                board.push(int(text[1:]))
        else:
            ok, _ = answer(engine, f"play {letter} {letter}{column}")
            assert ok == board.is_legal(column)
            if ok:
                board.push(column)
        assert engine.board.moves == board.moves
