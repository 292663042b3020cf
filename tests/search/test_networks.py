"""The learned evaluation's files and its pure-Python twin (fourinarow.search.networks).

Every test here uses a network of random weights written by :func:`random_network` (seeded), so
that none depends on the values of the shipped weights."""

from __future__ import annotations

import hashlib
import random
import tomllib
import warnings
from pathlib import Path

import pytest

from fourinarow.core import Board, Geometry, InvalidBoardSizeError
from fourinarow.search import networks
from fourinarow.search.networks import Network, NetworkError, network_file_name, network_for

ROOT = Path(__file__).resolve().parents[2]


def random_network(
    shape: tuple[int, int, int], h1: int = 32, h2: int = 16, seed: int = 1, features: int = 0
) -> Network:
    """A network of random weights (in the trained ranges) for ``shape``."""
    return Network.random(Geometry(*shape), h1, h2, seed=seed, features=features)


def random_game(rng: random.Random, shape: tuple[int, int, int]) -> Board:
    """A random game's position, perhaps finished."""
    board = Board(*shape)
    for _ in range(rng.randrange(shape[0] * shape[1] + 1)):
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    return board


@pytest.fixture
def shipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty folder standing for the shipped networks, and an empty digest table."""
    monkeypatch.setattr(networks, "_shipped_folder", lambda: tmp_path)
    monkeypatch.setattr(networks, "DIGESTS", {})
    monkeypatch.setattr(networks, "_loaded", {})
    return tmp_path


def ship(folder: Path, network: Network, *, data: bytes | None = None) -> Path:
    """Put ``network`` (or ``data`` under its name) among the shipped files, with its digest."""
    path = folder / network_file_name(network.shape)
    path.write_bytes(network.to_bytes())
    networks.DIGESTS[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    if data is not None:
        path.write_bytes(data)
    networks._loaded.clear()  # read afresh
    return path


def flipped(data: bytes, index: int) -> bytes:
    return data[:index] + bytes([data[index] ^ 0x01]) + data[index + 1 :]


# ------------------------------------------------------------------ the model, by hand


def hand_network(features: int = 0, **changes: object) -> Network:
    """A 5x4 network of 2 and 1 units whose every weight is 0 unless ``changes`` sets it."""
    shape = Geometry(5, 4, 4)
    weights: dict[str, object] = {
        "w1": [[0, 0] for _ in range((2 + 2 * features) * shape.cells)],
        "b1": [0, 0],
        "w2": [[0, 0]],
        "b2": [0],
        "w3": [0],
        "b3": 0,
    }
    weights.update(changes)
    return Network(
        shape,
        **weights,  # type: ignore[arg-type]
        value_scale=9,
        value_limit=1000,
        features=features,
    )


def threat_cells(board: Board, player: int) -> list[int]:
    """The empty cells (``column * height + row``) where a stone of ``player`` would make a line
    of ``connect``, by counting the runs of their stones on both sides of each empty cell."""
    found = []
    for column in range(board.width):
        for row in range(board.heights[column], board.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = 0
                for sign in (1, -1):
                    c, r = column + sign * dc, row + sign * dr
                    while 0 <= c < board.width and 0 <= r < board.height:
                        if board.cell(c, r) != player:
                            break
                        run += 1
                        c, r = c + sign * dc, r + sign * dr
                if run >= board.connect - 1:
                    found.append(column * board.height + row)
                    break
    return found


def test_the_output_divides_toward_zero_and_shifts_toward_minus_infinity() -> None:
    # a2 = clamp(640 >> 6, 0, 127) = 10; out = 10 * -1000 = -10000; value = trunc(-90000 / 8128)
    assert hand_network(b2=[640], w3=[-1000]).output([0, 0]) == -11  # floor would be -12
    assert hand_network(b2=[640], w3=[1000]).output([0, 0]) == 11
    assert hand_network(b2=[-1], w3=[1000], b3=8128).output([0, 0]) == 9  # -1 >> 6 is -1: a2 = 0
    assert hand_network(b2=[127 * 64 * 3], w3=[1]).output([0, 0]) == 0  # a2 = 127: 127*9 // 8128
    assert hand_network(b2=[127 * 64 * 3], w3=[1000]).output([0, 0]) == 140  # 127000*9 // 8128
    assert hand_network(b3=10**9).output([0, 0]) == 1000  # the value limit
    assert hand_network(b3=-(10**9)).output([0, 0]) == -1000


def test_the_first_layer_is_clamped_and_weighs_the_second() -> None:
    network = hand_network(w2=[[64, -64]], w3=[8128])
    # a1 = (127, 0): s2 = 127 * 64 = 8128, >> 6 = 127; out = 127 * 8128; value = 127 * 9
    assert network.output([500, -3]) == 1000  # 1143, limited
    assert network.output([3, 500]) == 0  # a1 = (3, 127): s2 < 0
    assert network.output([7, 0]) == 63  # a2 = 7: 7 * 8128 * 9 // 8128


def test_each_stone_adds_its_row_in_each_view() -> None:
    cells = 20
    w1 = [[0, 0] for _ in range(2 * cells)]
    w1[4 * 4 + 0] = [3, 0]  # a stone of the viewer on column 4, row 0
    w1[cells + 4 * 4 + 1] = [0, 5]  # an opponent's stone on column 4, row 1
    network = hand_network(w1=w1, b1=[1, 2])
    board = Board.from_moves("55", width=5, height=4)  # player 1 on (4, 0), player 2 on (4, 1)
    first, second = network.accumulators(board)
    assert first == [1 + 3, 2 + 5]
    assert second == [1, 2]  # from player 2's view the stones are on other features
    w1[cells + 4 * 4 + 0] = [-7, 0]  # player 1's stone, seen by player 2
    w1[4 * 4 + 1] = [0, 11]  # player 2's own stone
    assert network.accumulators(board)[1] == [1 - 7, 2 + 11]


@pytest.mark.parametrize("shape", [(7, 6, 4), (9, 7, 5), (5, 4, 3)], ids=str)
def test_the_accumulators_updated_per_stone_are_those_from_scratch(
    shape: tuple[int, int, int],
) -> None:
    network = random_network(shape, 16, 8, seed=sum(shape))
    rng = random.Random(7)
    for _ in range(5):
        board = Board(*shape)
        accumulators = network.accumulators(board)
        while not board.is_game_over():
            column = rng.choice(board.legal_moves)
            network.add_stone(accumulators, board.turn, column, board.heights[column])
            board.push(column)
            assert accumulators == network.accumulators(board)


def test_threat_cells_add_their_rows_in_the_side_to_move_s_view() -> None:
    cells = 20
    w1 = [[0, 0] for _ in range(4 * cells)]
    w1[2 * cells + 3 * 4 + 0] = [3, 0]  # the side to move completes a line on (3, 0)
    w1[3 * cells + 3 * 4 + 1] = [0, 5]  # the opponent would on (3, 1), not playable yet
    w1[3 * cells + 3 * 4 + 0] = [100, 100]  # not the opponent's threat: no row
    network = hand_network(features=1, w1=w1, b1=[1, 2], w2=[[64, 64 * 2]], w3=[8128])
    board = Board.from_moves("112233", width=5, height=4)  # rows 0 and 1 of columns 1-3
    assert network.threat_features(board) == [2 * cells + 12, 3 * cells + 13]
    assert network.accumulators(board)[0] == [1, 2]  # the stones' rows are all 0
    assert network.evaluate(board) == network.output([1 + 3, 2 + 5]) == (4 + 2 * 7) * 9
    assert network.output([1 + 3, 2 + 5]) == network.output([1, 2], [52, 73])
    board.push(4)  # the second player to move: the same cells, the other way round
    assert network.threat_features(board) == [2 * cells + 13, 3 * cells + 12]
    assert network.evaluate(board) == network.output(network.accumulators(board)[1], [53, 72])


@pytest.mark.parametrize("shape", [(7, 6, 4), (9, 7, 5), (5, 4, 3)], ids=str)
def test_threat_features_are_both_sides_completing_cells(shape: tuple[int, int, int]) -> None:
    network = random_network(shape, 8, 4, seed=2, features=1)
    plain = random_network(shape, 8, 4, seed=2)
    rng = random.Random(3)
    both = 0
    for _ in range(60):
        board = random_game(rng, shape)
        cells = board.width * board.height
        own = threat_cells(board, board.turn)
        theirs = threat_cells(board, 3 - board.turn)
        expected = [2 * cells + c for c in own] + [3 * cells + c for c in theirs]
        assert network.threat_features(board) == expected, board.to_moves()
        assert plain.threat_features(board) == []
        both += len(set(own) & set(theirs))
        stones = network.accumulators(board)[board.turn - 1]
        assert network.evaluate(board) == network.output(stones, expected)
    assert both > 0  # a cell of both sides' threats is met (and counted twice)


def test_the_value_is_the_side_to_move_s_view() -> None:
    network = random_network((7, 6, 4), seed=3)
    board = Board.from_moves("4455")
    first, _second = network.accumulators(board)
    assert network.evaluate(board) == network.output(first)
    board.push(2)
    assert network.evaluate(board) == network.output(network.accumulators(board)[1])


def test_a_board_of_another_shape_is_refused() -> None:
    with pytest.raises(InvalidBoardSizeError, match="7x6 connect 4 boards, not for 8x7"):
        random_network((7, 6, 4)).evaluate(Board(8, 7))


# ------------------------------------------------------------------ the file


def test_a_network_survives_its_file(tmp_path: Path) -> None:
    network = random_network((9, 7, 5), 24, 8, seed=5)
    data = network.to_bytes()
    cells = 63
    assert len(data) == 24 + 2 * cells * 24 * 2 + 24 * 2 + 8 * 24 + 8 * 4 + 8 * 2 + 4 + 32
    assert data[:8] == b"FIARNET1"
    assert data[8:12] == bytes([9, 7, 5, 0])
    assert hashlib.sha256(data[:-32]).digest() == data[-32:]
    path = tmp_path / "9x7c5.net"
    path.write_bytes(data)
    again = Network.read(path)
    assert again.to_bytes() == data
    assert (again.h1, again.h2, again.value_scale, again.value_limit) == (24, 8, 9, 1000)
    rng = random.Random(2)
    for _ in range(20):
        board = random_game(rng, (9, 7, 5))
        assert again.evaluate(board) == network.evaluate(board)


def test_a_network_with_threat_features_survives_its_file() -> None:
    network = random_network((7, 6, 4), 16, 8, seed=6, features=1)
    assert len(network.w1) == 4 * 42
    data = network.to_bytes()
    assert data[8:12] == bytes([7, 6, 4, 1])
    assert len(data) == 24 + 4 * 42 * 16 * 2 + 16 * 2 + 8 * 16 + 8 * 4 + 8 * 2 + 4 + 32
    again = Network.from_bytes(data)
    assert again.features == 1
    assert again.to_bytes() == data
    rng = random.Random(4)
    for _ in range(20):
        board = random_game(rng, (7, 6, 4))
        assert again.evaluate(board) == network.evaluate(board)
    assert Network.from_bytes(random_network((7, 6, 4)).to_bytes()).features == 0


def test_the_file_is_little_endian_and_feature_major() -> None:
    w1 = [[0, 0] for _ in range(40)]
    w1[1] = [0x0102, -2]
    network = hand_network(w1=w1, b3=0x01020304)
    data = network.to_bytes()
    assert data[12:24] == bytes([2, 0, 1, 0, 9, 0, 0, 0, 0xE8, 0x03, 0, 0])
    assert data[24 + 4 : 24 + 8] == bytes([2, 1, 0xFE, 0xFF])  # feature 1's row
    assert data[-36:-32] == bytes([4, 3, 2, 1])


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: flipped(d, 100), "is damaged"),
        (lambda d: flipped(d, len(d) - 1), "is damaged"),
        (lambda d: d[:-1], "is damaged"),
        (lambda d: b"FIARNET2" + d[8:], "is not a network file"),
        (lambda d: b"", "is not a network file"),
    ],
    ids=["a weight", "the digest", "truncated", "magic", "empty"],
)
def test_a_damaged_file_is_refused(damage: object, message: str, tmp_path: Path) -> None:
    path = tmp_path / "7x6c4.net"
    path.write_bytes(damage(random_network((7, 6, 4)).to_bytes()))  # type: ignore[operator]
    with pytest.raises(NetworkError, match=f"^network file {path} {message}"):
        Network.read(path)


def resealed(network: Network, header: bytes | None = None, cut: int = 0) -> bytes:
    """The network's file with its header's first 24 bytes replaced, or ``cut`` bytes of
    weights fewer, and a digest that matches."""
    body = network.to_bytes()[:-32]
    if header is not None:
        body = header + body[24:]
    body = body[: len(body) - cut]
    return body + hashlib.sha256(body).digest()


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        (bytes([7, 6, 9, 0]), "has a bad board shape: connect 9 does not fit"),
        (bytes([7, 6, 4, 2]), "has a features byte of 2 [(]0: stones, 1: stones and threat"),
    ],
)
def test_a_header_out_of_range_is_refused(numbers: bytes, message: str) -> None:
    network = random_network((7, 6, 4))
    header = network.to_bytes()[:24]
    with pytest.raises(NetworkError, match=message):
        Network.from_bytes(resealed(network, header[:8] + numbers + header[12:]))


def test_numbers_out_of_range_are_refused() -> None:
    network = random_network((7, 6, 4), 8, 4)
    header = network.to_bytes()[:24]
    with pytest.raises(NetworkError, match="has a value scale of 0"):
        Network.from_bytes(resealed(network, header[:16] + bytes(4) + header[20:]))
    with pytest.raises(NetworkError, match="has a value limit of -1"):
        Network.from_bytes(resealed(network, header[:20] + b"\xff\xff\xff\xff"))
    with pytest.raises(NetworkError, match="has hidden layers of 0 and 4 units"):
        Network.from_bytes(resealed(network, header[:12] + bytes(2) + header[14:]))
    with pytest.raises(NetworkError, match="has 1419 bytes of weights where its header says 1420"):
        Network.from_bytes(resealed(network, cut=1))


def test_a_first_layer_that_could_leave_16_bits_is_refused() -> None:
    network = random_network((7, 6, 4), 8, 4)
    for row in network.w1:
        row[3] = 800  # 42 cells * 800 > 32767
    with pytest.raises(NetworkError, match="unit 3 could leave 16 bits"):
        Network.from_bytes(network.to_bytes())


def test_threat_rows_need_no_bound() -> None:
    # the threat cells' rows are added in 32 bits: only the stones' rows are bounded
    network = random_network((7, 6, 4), 8, 4, features=1)
    for row in network.w1[2 * 42 :]:
        row[3] = 32767
    again = Network.from_bytes(network.to_bytes())
    board = Board.from_moves("445566")  # threat cells on both sides of both rows
    assert len(again.threat_features(board)) == 4
    assert again.evaluate(board) == network.evaluate(board)


# ------------------------------------------------------------------ the shipped networks


def test_the_shipped_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-data"]["fourinarow.search.networks"] == ["*.net"]


def test_every_shipped_file_has_its_digest_and_is_read() -> None:
    folder = Path(networks.__file__).parent
    assert {path.name for path in folder.glob("*.net")} == set(networks.DIGESTS)
    for name in networks.DIGESTS:
        width, height, connect = (int(n) for n in name[:-4].replace("c", "x").split("x"))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            found = network_for(Geometry(width, height, connect))
        assert found is not None
        assert found.shape == Geometry(width, height, connect)


def test_a_shipped_network_is_read_once(shipped: Path) -> None:
    network = random_network((7, 6, 4))
    ship(shipped, network)
    found = network_for(Geometry(7, 6, 4))
    assert found is not None
    assert found.to_bytes() == network.to_bytes()
    assert network_for(Geometry(7, 6, 4)) is found
    assert network_for(Geometry(6, 7, 4)) is None


@pytest.mark.parametrize("where", [100, -1], ids=["a weight", "the digest"])
def test_a_damaged_shipped_file_is_refused_with_one_warning(shipped: Path, where: int) -> None:
    network = random_network((7, 6, 4))
    path = ship(shipped, network)
    data = path.read_bytes()
    path.write_bytes(flipped(data, where % len(data)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert network_for(Geometry(7, 6, 4)) is None
        assert network_for(Geometry(7, 6, 4)) is None
    assert len(caught) == 1
    assert caught[0].category is RuntimeWarning
    assert str(caught[0].message) == (
        f"network file {path} is damaged (its SHA-256 is not the shipped one); the engine uses "
        "the threats evaluation instead (reinstalling fourinarow fixes it)"
    )


def test_an_unknown_shipped_file_is_refused(shipped: Path) -> None:
    network = random_network((7, 6, 4))
    path = ship(shipped, network)
    networks.DIGESTS.clear()
    with pytest.warns(RuntimeWarning, match=f"network file {path} is not one this package ships"):
        assert network_for(Geometry(7, 6, 4)) is None


def test_a_shipped_file_under_another_shape_s_name_is_refused(shipped: Path) -> None:
    network = random_network((6, 7, 4))
    path = shipped / "7x6c4.net"
    path.write_bytes(network.to_bytes())
    networks.DIGESTS[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.warns(RuntimeWarning, match="is for 6x7 connect 4 boards"):
        assert network_for(Geometry(7, 6, 4)) is None
