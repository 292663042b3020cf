"""What a hostile or careless client costs ``fourinarow serve``: six bounded checks on loopback.

    python benchmarks/web_abuse.py starve       # cheap requests while clients hog every search
    python benchmarks/web_abuse.py disconnect   # clients that send half a body and go away
    python benchmarks/web_abuse.py slowloris    # sockets that trickle a request's headers
    python benchmarks/web_abuse.py cache        # /solve with many distinct space-padded queries
    python benchmarks/web_abuse.py diagrams     # cheap requests beside hard-to-order diagrams
    python benchmarks/web_abuse.py review       # the review of a 380-move 20x20 game
    python benchmarks/web_abuse.py all

Each check starts its own server (``python -m fourinarow serve --host 127.0.0.1 --port 0``,
plus the options given after ``--``, such as ``-- --searches 1``), reads its standard error
into a temporary file and stops it with SIGINT at the end.

starve: --clients threads (default 16) each send ``GET /api/v1/analyze`` of the empty 20x20
board with the server's whole time cap (a pure-Python search, which holds the interpreter's
lock), one after another, for --seconds (default 20); meanwhile one probe thread asks, in turn,
``/api/v1/position``, ``/solve`` of a position the 7x6 book holds (a different one each time,
so no kept answer helps), ``/solve`` of a finished game (400) and ``/solve`` of a position of
the Middle-Medium sample (which mostly needs a search; add ``-- --keep-answers 0`` so that each
one searches), and prints each one's latency (p50, p90, max) beside the same probes on the idle
server first.

disconnect: --requests (default 20) POSTs to ``/api/v1/move`` announcing a 1000-byte body,
sending 500 bytes and closing; then counts the lines and tracebacks the server logged.

slowloris: --sockets (default 25) connections that each send one byte of a request line every
second; after --seconds (default 15) it counts how many the server still holds open.

cache: --requests (default 20000) ``/solve`` queries of a few book positions, each padded with
a different number of spaces (valid: the server ignores them); prints the server's resident
memory before and after, and how many answers were kept hits.

diagrams: first each route that takes a diagram (``/api/v1/position``, ``/api/v1/analyze``,
``/solve``, ``POST /api/v1/move``, ``POST /api/v1/kaggle``) is sent the 20x20 diagram of
tests/data/grids/unordered-20x20.txt (connect 20), whose order of play the search gives up on,
three times: the best answer time and the answer. Then --clients threads (default 32) send it
to those routes in turn, one after another, for --seconds (default 15), while one probe thread
asks ``/solve?pos=4453`` (a kept answer: no search) every 50 ms; its latency is printed beside
the same probe on the idle server. Add ``-- --max-time-ms 200`` for a small cap.

review: ``GET /api/v1/review`` of a 380-move random 20x20 connect-5 game in which no move wins,
--requests times (default 6): each answer's time and how many moves were proven.

Loopback only; every loop is bounded. Exit status 0 (it measures; it judges nothing).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import quote, urlsplit

URL_LINE = re.compile(r"fourinarow web app: (http://\S+)")

UNORDERED = Path(__file__).resolve().parents[1] / "tests" / "data" / "grids" / "unordered-20x20.txt"
"""A 20x20 diagram (connect 20) whose order of play the search gives up on."""


@contextmanager
def server(extra: list[str]) -> Iterator[tuple[str, int, int, Path]]:
    """A server subprocess: its host, port, pid and the file its standard error goes to."""
    log = Path(tempfile.mkstemp(prefix="fourinarow-serve-", suffix=".log")[1])
    with log.open("w") as err:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fourinarow",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = URL_LINE.search(line)
    if match is None:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r} {log.read_text()}")
    parts = urlsplit(match.group(1))
    assert parts.hostname is not None
    assert parts.port is not None
    try:
        yield parts.hostname, parts.port, process.pid, log
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def get(connection: HTTPConnection, path: str) -> tuple[int, bytes, dict[str, str]]:
    """One GET on a keep-alive connection: status, body, headers."""
    connection.request("GET", path)
    answer = connection.getresponse()
    return answer.status, answer.read(), dict(answer.getheaders())


def summary(latencies: list[float]) -> str:
    """p50, p90 and max in milliseconds."""
    if not latencies:
        return "no answers"
    ordered = sorted(latencies)

    def at(fraction: float) -> float:
        return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)] * 1000

    return f"n={len(ordered):4d}  p50 {at(0.5):8.1f} ms  p90 {at(0.9):8.1f} ms  max {at(1):8.1f} ms"


def book_positions(count: int, seed: int = 1) -> list[str]:
    """Distinct 7x6 positions of 2 to 8 moves where nobody has won (the book holds them)."""
    from fourinarow.core import Board

    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        board = Board()
        for _ in range(rng.randint(2, 8)):
            board.push(rng.choice(list(board.legal_moves)))
            if board.is_game_over():
                break
        if not board.is_game_over():
            found[board.to_moves()] = None
    return list(found)


# ------------------------------------------------------------------------------- checks


def searched_positions() -> list[str]:
    """7x6 positions of 20 to 30 moves (the sample of the Middle-Medium set): solved in 1-100
    ms, most past what a quick try proves."""
    sample = Path(__file__).resolve().parents[1] / "tests" / "data" / "bench" / "Test_L2_R2"
    return [line.split()[0] for line in sample.read_text().splitlines() if line.strip()]


def starve(args: argparse.Namespace) -> None:
    """Cheap requests beside clients that keep every search slot busy."""
    probes = book_positions(400)
    searched = searched_positions()
    with server(args.serve) as (host, port, _, _):

        def probe(until: float) -> dict[str, list[float]]:
            seen: dict[str, list[float]] = {
                "position": [],
                "solve (book)": [],
                "finished": [],
                "solve (search)": [],
            }
            connection = HTTPConnection(host, port, timeout=60)
            i = 0
            while time.monotonic() < until and i < len(probes):
                pos = probes[i]
                i += 1
                for name, path in (
                    ("position", f"/api/v1/position?pos={pos}"),
                    ("solve (book)", f"/solve?pos={pos}"),
                    ("finished", "/solve?pos=4455667"),
                    ("solve (search)", f"/solve?pos={searched[i % len(searched)]}"),
                ):
                    start = time.perf_counter()
                    status, _, _ = get(connection, path)
                    seen[name].append(time.perf_counter() - start)
                    if status >= 500:
                        print(f"  {name}: status {status}")
                time.sleep(0.05)
            connection.close()
            return seen

        idle = probe(time.monotonic() + 3)
        stop = threading.Event()
        done = [0]
        statuses: dict[int, int] = {}

        def hog() -> None:
            connection = HTTPConnection(host, port, timeout=120)
            while not stop.is_set():
                status, _, _ = get(connection, "/api/v1/analyze?size=20x20&pos=")
                done[0] += 1
                statuses[status] = statuses.get(status, 0) + 1
            connection.close()

        hogs = [threading.Thread(target=hog, daemon=True) for _ in range(args.clients)]
        for thread in hogs:
            thread.start()
        time.sleep(2)  # every slot taken
        loaded = probe(time.monotonic() + args.seconds)
        stop.set()
        for thread in hogs:
            thread.join(120)
    print(
        f"starve: {args.clients} clients on /api/v1/analyze?size=20x20 ({done[0]} answered, "
        f"statuses {statuses}), server {' '.join(args.serve) or '(defaults)'}"
    )
    for name in idle:
        print(f"  {name:14s} idle:   {summary(idle[name])}")
        print(f"  {name:14s} loaded: {summary(loaded[name])}")


def disconnect(args: argparse.Namespace) -> None:
    """Half a body, then the client goes away."""
    with server(args.serve) as (host, port, _, log):
        for _ in range(args.requests):
            with socket.create_connection((host, port), timeout=10) as sock:
                sock.sendall(
                    b"POST /api/v1/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 1000\r\n\r\n" + b'{"pos": "' + b"4" * 491
                )
                time.sleep(0.05)
        time.sleep(1)
        text = log.read_text()
    lines = text.splitlines()
    print(
        f"disconnect: {args.requests} requests, the server logged {len(lines)} lines, "
        f"{text.count('Traceback')} tracebacks"
    )
    for line in lines[:3]:
        print(f"  | {line[:150]}")


def slowloris(args: argparse.Namespace) -> None:
    """Connections that never finish their headers."""
    request = b"GET /api/v1/agents HTTP/1.1\r\nHost: x\r\nX-a: " + b"b" * 200
    with server(args.serve) as (host, port, _, _):
        sockets = [socket.create_connection((host, port), timeout=5) for _ in range(args.sockets)]
        open_at: list[tuple[float, int]] = []
        start = time.monotonic()
        closed = [False] * len(sockets)
        step = 0
        while time.monotonic() - start < args.seconds:
            for i, sock in enumerate(sockets):
                if closed[i]:
                    continue
                try:
                    sock.sendall(request[step % len(request) : step % len(request) + 1])
                    sock.setblocking(False)
                    try:
                        if sock.recv(4096) == b"":
                            closed[i] = True
                    except BlockingIOError:
                        pass
                    finally:
                        sock.setblocking(True)
                except OSError:
                    closed[i] = True
            step += 1
            open_at.append((time.monotonic() - start, closed.count(False)))
            time.sleep(1)
        for sock in sockets:
            sock.close()
    marks = ", ".join(f"{t:.0f} s: {n}" for t, n in open_at[:: max(1, len(open_at) // 8)])
    print(
        f"slowloris: {args.sockets} sockets, open after {args.seconds:g} s: "
        f"{open_at[-1][1]} ({marks})"
    )


def rss_kb(pid: int) -> int:
    """A process's resident memory in kilobytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]


def cache(args: argparse.Namespace) -> None:
    """Distinct, valid, space-padded /solve keys."""
    positions = book_positions(8, seed=2)
    with server(args.serve) as (host, port, pid, _):
        connection = HTTPConnection(host, port, timeout=60)
        for pos in positions:
            get(connection, f"/solve?pos={pos}")
        before = rss_kb(pid)
        hits = 0
        start = time.perf_counter()
        for i in range(args.requests):
            pos = positions[i % len(positions)]
            pad = i // len(positions) + 1
            text = " " * (pad % 2000) + pos + " " * (pad // 2000)
            status, body, headers = get(connection, f"/solve?pos={quote(text)}")
            if status != 200:
                raise SystemExit(f"status {status}: {body[:200]!r}")
            hits += headers.get("x-cache", headers.get("X-Cache")) == "hit"
        wall = time.perf_counter() - start
        after = rss_kb(pid)
        connection.close()
    grown = (after - before) / 1024
    print(
        f"cache: {args.requests} distinct padded keys in {wall:.1f} s, {hits} hits; server "
        f"memory {before / 1024:.0f} -> {after / 1024:.0f} MB (+{grown:.1f} MB, "
        f"{(after - before) * 1024 / args.requests:.0f} bytes per request)"
    )


def send(
    connection: HTTPConnection, method: str, path: str, body: object = None
) -> tuple[int, bytes]:
    """One request on a keep-alive connection, a JSON body if given: status and body."""
    data = None if body is None else json.dumps(body)
    headers = {} if data is None else {"Content-Type": "application/json"}
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    return answer.status, answer.read()


def hard_diagram_calls() -> dict[str, tuple[str, str, object]]:
    """The unordered diagram as each route takes it: method, path and body."""
    rows = UNORDERED.read_text().split()
    grid = quote("/".join(rows))
    cells = [".XO".index(cell) for row in rows for cell in row]
    mark = 1 if sum(1 for cell in cells if cell) % 2 == 0 else 2
    kaggle = {
        "action": "act",
        "configuration": {"rows": 20, "columns": 20, "inarow": 20, "actTimeout": 60},
        "state": {"observation": {"board": cells, "mark": mark}},
    }
    return {
        "position": ("GET", f"/api/v1/position?grid={grid}&connect=20", None),
        "analyze": ("GET", f"/api/v1/analyze?grid={grid}&connect=20", None),
        "solve": ("GET", f"/solve?grid={grid}&connect=20", None),
        "move": ("POST", "/api/v1/move", {"grid": "/".join(rows), "connect": 20}),
        "kaggle": ("POST", "/api/v1/kaggle", kaggle),
    }


def diagrams(args: argparse.Namespace) -> None:
    """Hard-to-order diagrams on every route that takes one, beside a cheap request."""
    calls = hard_diagram_calls()
    with server(args.serve) as (host, port, _, _):
        connection = HTTPConnection(host, port, timeout=120)
        send(connection, "GET", "/solve?pos=4453")  # kept from now on
        print(f"diagrams: server {' '.join(args.serve) or '(defaults)'}; one diagram per route:")
        for name, (method, path, body) in calls.items():
            seconds = []
            for _ in range(3):
                start = time.perf_counter()
                status, answer = send(connection, method, path, body)
                seconds.append(time.perf_counter() - start)
            print(f"  {name:9s} {status} in {min(seconds) * 1000:6.0f} ms: {answer[:100]!r}")
        idle = []
        for _ in range(40):
            start = time.perf_counter()
            send(connection, "GET", "/solve?pos=4453")
            idle.append(time.perf_counter() - start)
        stop = threading.Event()
        statuses: dict[tuple[str, int], int] = {}

        def hog(name: str) -> None:
            method, path, body = calls[name]
            own = HTTPConnection(host, port, timeout=120)
            while not stop.is_set():
                status, _ = send(own, method, path, body)
                statuses[name, status] = statuses.get((name, status), 0) + 1
            own.close()

        names = list(calls)
        hogs = [
            threading.Thread(target=hog, args=(names[i % len(names)],), daemon=True)
            for i in range(args.clients)
        ]
        for thread in hogs:
            thread.start()
        time.sleep(2)
        loaded = []
        wrong = 0
        until = time.monotonic() + args.seconds
        while time.monotonic() < until:
            start = time.perf_counter()
            status, answer = send(connection, "GET", "/solve?pos=4453")
            loaded.append(time.perf_counter() - start)
            wrong += status != 200 or json.loads(answer)["score"] != [-5, -5, -2, -3, -4, -2, -2]
            time.sleep(0.05)
        stop.set()
        for thread in hogs:
            thread.join(120)
        connection.close()
    print(f"  /solve?pos=4453 idle:   {summary(idle)}")
    print(
        f"  /solve?pos=4453 loaded: {summary(loaded)}, {wrong} wrong, beside {args.clients} clients"
    )
    print(f"  their answers: {dict(sorted(statuses.items()))}")


def long_game(plies: int = 380, seed: int = 3) -> str:
    """A random 20x20 connect-5 game of ``plies`` moves in which no move wins."""
    from fourinarow.core import Board

    rng = random.Random(seed)
    board = Board(20, 20, 5)
    while board.ply < plies:
        wins = board.winning_moves()
        safe = [c for c in board.legal_moves if c not in wins]
        if safe:
            board.push(rng.choice(safe))
        else:
            board = Board(20, 20, 5)
    return board.to_moves()


def review(args: argparse.Namespace) -> None:
    """The review of a long 20x20 game, again and again."""
    path = f"/api/v1/review?size=20x20&connect=5&pos={quote(long_game())}"
    with server(args.serve) as (host, port, _, _):
        connection = HTTPConnection(host, port, timeout=120)
        print(f"review: a 380-move 20x20 game, server {' '.join(args.serve) or '(defaults)'}")
        for _ in range(args.requests):
            start = time.perf_counter()
            status, answer = send(connection, "GET", path)
            seconds = time.perf_counter() - start
            graded = json.loads(answer).get("graded_by") if status == 200 else answer[:100]
            print(f"  {status} in {seconds * 1000:6.0f} ms, graded by {graded!r}")
        connection.close()


CHECKS: dict[str, Callable[[argparse.Namespace], None]] = {
    "starve": starve,
    "disconnect": disconnect,
    "slowloris": slowloris,
    "cache": cache,
    "diagrams": diagrams,
    "review": review,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("check", choices=[*CHECKS, "all"])
    parser.add_argument("--clients", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--requests", type=int, default=None)
    parser.add_argument("--sockets", type=int, default=25)
    argv = sys.argv[1:]
    serve = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    args = parser.parse_args(argv)
    args.serve = serve  # options for fourinarow serve, after --
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    names = list(CHECKS) if args.check == "all" else [args.check]
    for name in names:
        run = argparse.Namespace(**vars(args))
        if run.seconds is None:
            run.seconds = {"starve": 20.0, "slowloris": 15.0, "diagrams": 15.0}.get(name, 0.0)
        if run.requests is None:
            run.requests = {"disconnect": 20, "cache": 20000, "review": 6}.get(name, 0)
        if run.clients is None:
            run.clients = {"diagrams": 32}.get(name, 16)
        CHECKS[name](run)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
