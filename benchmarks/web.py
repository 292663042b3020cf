"""Load on the web API: concurrent HTTP clients against ``fourinarow serve``, beside the same
work done in-process in the same run.

    python benchmarks/web.py                              # its own server, 16 clients, the mix
    python benchmarks/web.py --clients 4 --requests 500 --seconds 20
    python benchmarks/web.py --sets end-easy,middle-easy --sample 50 --endpoints solve
    python benchmarks/web.py --url http://127.0.0.1:8000/    # a server already running

Unless --url names a running server (loopback addresses only: this is a load generator), the
script starts one, ``python -m fourinarow serve --host 127.0.0.1 --port 0 --max-time-ms T
--tt-mb MB`` (and --searches N, --keep-answers N if given), in a process of its own, reads the
URL it prints and stops it with SIGINT at the end. --clients threads (default 16) each hold one
keep-alive HTTP connection and send requests one after another, over the standard benchmark
positions (Pascal Pons' sets, from $FOURINAROW_BENCH_DIR or the benchmark folder beside the
checkout, else the sample in tests/data/bench; --sample evenly spaced positions of each of
--sets, default 10 of each of the six, the sets interleaved), to each endpoint in turn:

  solve   GET /solve?pos=MOVES          (the value of every column, 7x6)
  move    POST /api/v1/move {"pos": MOVES, "agent": "perfect", "time_ms": T}

For each endpoint a first pass sends every position once (row "1st": the server's tables have
not seen them, unless the endpoint before did), then the timed run sends --requests requests
(default 2000) or stops after --seconds (default 30), whichever comes first. Every answer is
checked against the set's exact score; a wrong one counts as an error, as do failed requests and
statuses other than 200. The server gives a /solve reply it has kept from before (every column
proven) again without a search: the line under each timed row counts those answers, and
--keep-answers 0 makes every request search, to measure the searches alone.

The columns after the | are the baseline: the same calls in the same order in this process on
one thread, on one solver kept across calls and shared by the endpoints as the server's pooled
solvers are: Solver.analyze (with the shipped book) for /solve, PerfectAgent.choose for /move,
with the same first pass; then HTTP latency over in-process latency. Under each timed row, the
CPU time per request of the server (read from /proc, when this script started it) and of the
client. The client and the server are separate processes but share this machine's cores (and
with anything else running: the load average is printed), so the client's own work, threads
under one GIL, weighs on the numbers too.

The exit status is 1 if any request failed or answered wrong, or the server stopped on its own;
2 for bad options or a server that did not start.
"""

from __future__ import annotations

import argparse
import ipaddress
import itertools
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote, urlsplit

from fourinarow.agents import Limit, PerfectAgent, make_agent
from fourinarow.core import Board
from fourinarow.search.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BENCH = ROOT.parent / "shared" / "bench" / "positions"
SAMPLE_BENCH = ROOT / "tests" / "data" / "bench"
SETS = {
    "end-easy": "Test_L3_R1",
    "middle-easy": "Test_L2_R1",
    "middle-medium": "Test_L2_R2",
    "begin-easy": "Test_L1_R1",
    "begin-medium": "Test_L1_R2",
    "begin-hard": "Test_L1_R3",
}
"""The standard sets (Pascal Pons' files), by the names benchmarks/solver.py gives them."""
ENDPOINTS = ("solve", "move")
URL_LINE = re.compile(r"fourinarow web app: (http://\S+)")
FULL = 100
"""What /solve answers for a full column (Pons' convention)."""


@dataclass(frozen=True)
class Position:
    """One benchmark position: its moves (1-based digits), exact score for the side to move and
    which columns are legal (read once, so that checking an answer costs the client little)."""

    moves: str
    score: int
    legal: tuple[bool, ...]

    @classmethod
    def read(cls, line: str) -> Position:
        """A position from a line ``moves score`` (more fields are ignored)."""
        moves, score = line.split()[:2]
        board = Board.from_moves(moves)
        return cls(moves, int(score), tuple(board.is_legal(c) for c in range(board.width)))


@dataclass
class Run:
    """The outcome of one series of requests (over HTTP or in-process)."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    kept: int = 0  # answers the server gave from its kept replies (X-Cache: hit)
    wall: float = 0.0
    connections: int = 0

    def percentile(self, fraction: float) -> float:
        """The nearest-rank percentile of the latencies, in seconds (``nan`` when none)."""
        if not self.latencies:
            return math.nan
        ordered = sorted(self.latencies)
        return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]

    @property
    def rate(self) -> float:
        """Answered requests per second of wall time."""
        return len(self.latencies) / self.wall if self.wall > 0 else math.nan


# ------------------------------------------------------------------------------- positions


def load(bench_dir: Path, names: list[str], sample: int) -> list[Position]:
    """``sample`` evenly spaced positions of each named set, the sets interleaved, so that any
    prefix of the list is a mix. Lines are ``moves score`` (the sample adds a line number)."""
    chosen = []
    for name in names:
        rows = (bench_dir / SETS[name]).read_text().split("\n")
        rows = [row for row in rows if row.strip()]
        if 0 < sample < len(rows):
            step = len(rows) / sample
            rows = [rows[int(i * step)] for i in range(sample)]
        chosen.append([Position.read(row) for row in rows])
    mixed = itertools.chain.from_iterable(itertools.zip_longest(*chosen))
    return [position for position in mixed if position is not None]


# ----------------------------------------------------------------------------- the checks


def check_solve(position: Position, answer: Any) -> str | None:
    """What is wrong with a /solve answer, or ``None``: the scores of the legal columns are at
    most the position's score, and equal to it at the best column when every one is known."""
    width = len(position.legal)
    if not isinstance(answer, dict) or answer.get("pos") != position.moves:
        return f"answer without the position {position.moves!r}: {answer!r:.200}"
    scores = answer.get("score")
    if not isinstance(scores, list) or len(scores) != width:
        return f"{position.moves}: score is not a list of {width}: {scores!r:.200}"
    legal = [score for score, free in zip(scores, position.legal, strict=True) if free]
    full = [score for score, free in zip(scores, position.legal, strict=True) if not free]
    if any(value != FULL for value in full):
        return f"{position.moves}: a full column is not {FULL}: {scores}"
    known = [value for value in legal if value is not None]
    if not all(isinstance(value, int) for value in known):
        return f"{position.moves}: a score is not a whole number: {scores}"
    if known and max(known) > position.score:
        return f"{position.moves}: {scores} has a column above the exact {position.score}"
    if len(known) == len(legal) and max(known) != position.score:
        return f"{position.moves}: the best of {scores} is not the exact {position.score}"
    return None


def check_move(position: Position, answer: Any) -> str | None:
    """What is wrong with a /api/v1/move answer, or ``None``: a legal column, and when the
    score is exact, the position's exact score."""
    width = len(position.legal)
    if not isinstance(answer, dict):
        return f"{position.moves}: not a JSON object: {answer!r:.200}"
    column = answer.get("column")
    if not isinstance(column, int) or not 1 <= column <= width:
        return f"{position.moves}: no column 1..{width}: {answer!r:.200}"
    if not position.legal[column - 1]:
        return f"{position.moves}: column {column} is full"
    score = answer.get("score")
    if not isinstance(score, dict) or score.get("kind") != "exact":
        return None
    if score.get("value") != position.score:
        return f"{position.moves}: exact score {score.get('value')}, not {position.score}"
    return None


# ------------------------------------------------------------------------------- requests


@dataclass(frozen=True)
class Endpoint:
    """One endpoint under load: how to ask it about a position and how to check the answer."""

    name: str
    label: str
    request: Callable[[Position, str], tuple[str, str, bytes | None]]
    check: Callable[[Position, Any], str | None]


def solve_request(position: Position, prefix: str) -> tuple[str, str, bytes | None]:
    """``GET /solve?pos=MOVES``."""
    return "GET", f"{prefix}/solve?pos={quote(position.moves)}", None


def move_request(time_ms: float) -> Callable[[Position, str], tuple[str, str, bytes | None]]:
    """``POST /api/v1/move`` with the position, the perfect agent and ``time_ms``."""

    def request(position: Position, prefix: str) -> tuple[str, str, bytes | None]:
        body = {"pos": position.moves, "agent": "perfect", "time_ms": time_ms}
        return "POST", f"{prefix}/api/v1/move", json.dumps(body).encode()

    return request


def endpoints(time_ms: float) -> dict[str, Endpoint]:
    """The endpoints this benchmark knows, by name."""
    return {
        "solve": Endpoint("solve", "GET /solve", solve_request, check_solve),
        "move": Endpoint("move", "POST /api/v1/move", move_request(time_ms), check_move),
    }


class Client:
    """One keep-alive HTTP connection, opened again after the server closes it or fails."""

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.connection: HTTPConnection | None = None
        self.opened = 0

    def ask(self, method: str, path: str, body: bytes | None) -> tuple[int, bytes, bool]:
        """The status and body of one request, and whether the server answered from its kept
        replies (``X-Cache: hit``)."""
        if self.connection is None:
            self.connection = HTTPConnection(self.host, self.port, timeout=self.timeout)
            self.opened += 1
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, HTTPException):
            self.close()
            raise
        if response.will_close:
            self.close()
        return response.status, data, response.getheader("X-Cache") == "hit"

    def close(self) -> None:
        """Close the connection, if open."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def answer_error(endpoint: Endpoint, position: Position, status: int, data: bytes) -> str | None:
    """What is wrong with one HTTP answer, or ``None``."""
    if status != 200:
        return f"{endpoint.label} {position.moves}: HTTP {status} {data[:200]!r}"
    try:
        answer = json.loads(data)
    except ValueError:
        return f"{endpoint.label} {position.moves}: not JSON: {data[:200]!r}"
    return endpoint.check(position, answer)


def load_run(
    url: str,
    endpoint: Endpoint,
    positions: list[Position],
    *,
    clients: int,
    requests: int,
    seconds: float,
    timeout: float,
) -> Run:
    """``requests`` requests (positions in turn) from ``clients`` threads, each on its own
    keep-alive connection, stopping early after ``seconds``."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    prefix = parts.path.rstrip("/")
    run = Run()
    lock = threading.Lock()
    counter = itertools.count()
    deadline = time.perf_counter() + seconds

    def work() -> None:
        client = Client(host, port, timeout)
        try:
            while time.perf_counter() < deadline:
                with lock:
                    index = next(counter)
                if index >= requests:
                    break
                position = positions[index % len(positions)]
                method, path, body = endpoint.request(position, prefix)
                start = time.perf_counter()
                try:
                    status, data, kept = client.ask(method, path, body)
                except (OSError, HTTPException) as error:
                    with lock:
                        run.errors.append(f"{endpoint.label} {position.moves}: {error!r}")
                    continue
                took = time.perf_counter() - start
                problem = answer_error(endpoint, position, status, data)
                with lock:
                    if problem is None:
                        run.latencies.append(took)
                        run.kept += kept
                    else:
                        run.errors.append(problem)
        finally:
            client.close()
            with lock:
                run.connections += client.opened

    threads = [threading.Thread(target=work, daemon=True) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    run.wall = time.perf_counter() - start
    return run


# ------------------------------------------------------------------------------ in-process


def baseline_call(name: str, time_ms: float, solver: Solver) -> Callable[[Board], object]:
    """The library call behind an endpoint, on ``solver`` (kept across calls and shared by the
    endpoints, as the server's pooled solvers are)."""
    limit = Limit(time=time_ms / 1000)
    if name == "solve":
        return lambda board: solver.analyze(board, limit)
    agent = make_agent("perfect", seed=1)
    assert isinstance(agent, PerfectAgent)
    agent.solver = solver
    return lambda board: agent.choose(board, limit)


def baseline_run(
    call: Callable[[Board], object], positions: list[Position], requests: int, seconds: float
) -> tuple[Run, Run]:
    """The same requests in the same order as direct calls on this thread: a first pass over
    every position, then the timed run (stopping early after ``seconds``)."""
    boards = [Board.from_moves(position.moves) for position in positions]
    runs = Run(), Run()
    for run, count, limit in ((runs[0], len(boards), math.inf), (runs[1], requests, seconds)):
        start = time.perf_counter()
        for index in range(count):
            if time.perf_counter() - start >= limit:
                break
            before = time.perf_counter()
            call(boards[index % len(boards)])
            run.latencies.append(time.perf_counter() - before)
        run.wall = time.perf_counter() - start
    return runs


# ---------------------------------------------------------------------------------- server


def loopback_url(text: str) -> str:
    """``text`` if it is an http URL on a loopback address, else ``argparse`` refuses it."""
    parts = urlsplit(text)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if parts.scheme != "http" or not loopback:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an http:// URL on a loopback host (127.0.0.1, ::1 or localhost): "
            "this benchmark loads only servers on this machine"
        )
    return text


def _drain(stream: IO[str], lines: list[str], done: threading.Event) -> None:
    """Read the server's output to its end, so that it never blocks on a full pipe; keep the
    lines up to the URL line, and set ``done`` after it (or at the end, if none comes)."""
    for line in stream:
        if not done.is_set():
            lines.append(line)
            if URL_LINE.search(line):
                done.set()
    done.set()


@contextmanager
def server(extra: list[str], log: IO[str], wait: float = 60) -> Iterator[tuple[str, Any]]:
    """A ``fourinarow serve`` subprocess on 127.0.0.1 (port 0): its URL and the process.

    Raises:
        RuntimeError: it stopped, or did not print its URL within ``wait`` seconds.
    """
    command = [sys.executable, "-m", "fourinarow", "serve", "--host", "127.0.0.1"]
    command += ["--port", "0", *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    assert process.stdout is not None
    lines: list[str] = []
    done = threading.Event()
    reader = threading.Thread(target=_drain, args=(process.stdout, lines, done), daemon=True)
    reader.start()
    try:
        done.wait(wait)
        match = next((m for m in map(URL_LINE.search, lines) if m), None)
        if match is None:
            with suppress(subprocess.TimeoutExpired):
                process.wait(timeout=1 if reader.is_alive() else 10)
            ending = "is still running" if process.returncode is None else "stopped"
            said = "".join(lines)[-500:].strip()
            raise RuntimeError(
                f"the server printed no URL and {ending} (exit status {process.returncode})"
                + (f"; it printed: {said}" if said else "")
            )
        yield match.group(1), process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        reader.join(timeout=5)


# ----------------------------------------------------------------------------------- table


def ms(seconds: float) -> str:
    """Seconds as milliseconds for the table, to two decimals below 1 ms, one below 100 ms."""
    if math.isnan(seconds):
        return "-"
    value = seconds * 1e3
    return f"{value:.2f}" if value < 1 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def ratio(numerator: float, denominator: float) -> str:
    """``a / b`` as ``12.3x``."""
    if math.isnan(numerator) or math.isnan(denominator) or denominator <= 0:
        return "-"
    value = numerator / denominator
    return f"{value:.1f}x" if value < 100 else f"{value:.0f}x"


HEADER = (
    f"{'endpoint':<22}{'clients':>8}{'requests':>9}{'errors':>7}{'req/s':>8}{'p50':>8}"
    f"{'p90':>8}{'p99':>8}{'max':>8}  |{'req/s':>7}{'p50':>8}{'p99':>8}{'p50 x':>8}{'p99 x':>8}"
)


def row(label: str, clients: int, http: Run, base: Run) -> str:
    """One line of the table: the HTTP run, then the in-process baseline and the ratios."""
    p50, p99 = http.percentile(0.5), http.percentile(0.99)
    base50, base99 = base.percentile(0.5), base.percentile(0.99)
    return (
        f"{label:<22}{clients:>8}{len(http.latencies) + len(http.errors):>9}"
        f"{len(http.errors):>7}{http.rate:>8.0f}{ms(p50):>8}{ms(http.percentile(0.9)):>8}"
        f"{ms(p99):>8}{ms(max(http.latencies, default=math.nan)):>8}  |"
        f"{base.rate:>7.0f}{ms(base50):>8}{ms(base99):>8}{ratio(p50, base50):>8}"
        f"{ratio(p99, base99):>8}"
    )


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used, from /proc (``nan`` where
    there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------------------ main


def arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--url", type=loopback_url, help="a running server (loopback only); default: start one"
    )
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (16)")
    parser.add_argument("--requests", type=int, default=2000, help="per endpoint (2000)")
    parser.add_argument("--seconds", type=float, default=30, help="at most, per endpoint (30)")
    parser.add_argument(
        "--endpoints", default=",".join(ENDPOINTS), help=f"of {', '.join(ENDPOINTS)} (both)"
    )
    parser.add_argument(
        "--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS) + " (all)"
    )
    parser.add_argument("--sample", type=int, default=10, help="positions per set (10; 0: all)")
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help=f"the sets (default {DEFAULT_BENCH} if there, else {SAMPLE_BENCH})",
    )
    parser.add_argument(
        "--time-ms",
        type=float,
        default=3000,
        help="the server's --max-time-ms, each move's time_ms and the baseline's limit (3000)",
    )
    parser.add_argument("--searches", type=int, help="the server's --searches (its default)")
    parser.add_argument(
        "--keep-answers",
        type=int,
        help="the server's --keep-answers (its default; 0: every /solve is searched)",
    )
    parser.add_argument(
        "--tt-mb", type=float, default=64, help="the server's and the baseline's tables (64 MB)"
    )
    parser.add_argument(
        "--timeout", type=float, default=60, help="seconds a client waits for an answer (60)"
    )
    args = parser.parse_args()
    args.endpoints = args.endpoints.split(",")
    args.sets = args.sets.split(",")
    for name in args.endpoints:
        if name not in ENDPOINTS:
            parser.error(f"no endpoint {name!r}: the endpoints are {', '.join(ENDPOINTS)}")
    for name in args.sets:
        if name not in SETS:
            parser.error(f"no set {name!r}: the sets are {', '.join(SETS)}")
    if args.clients < 1 or args.requests < 1 or args.seconds <= 0 or args.sample < 0:
        parser.error("--clients and --requests are at least 1, --seconds above 0, --sample >= 0")
    if args.bench_dir is None:
        args.bench_dir = DEFAULT_BENCH if DEFAULT_BENCH.is_dir() else SAMPLE_BENCH
    missing = [SETS[name] for name in args.sets if not (args.bench_dir / SETS[name]).is_file()]
    if missing:
        parser.error(f"{args.bench_dir} does not hold {', '.join(missing)}")
    return args


def server_options(args: argparse.Namespace) -> list[str]:
    """The ``fourinarow serve`` options this run asks for."""
    extra = ["--max-time-ms", f"{args.time_ms:g}"]
    if args.searches is not None:
        extra += ["--searches", str(args.searches)]
    if args.keep_answers is not None:
        extra += ["--keep-answers", str(args.keep_answers)]
    extra += ["--tt-mb", f"{args.tt_mb:g}"]
    return extra


def measure(
    args: argparse.Namespace, url: str, positions: list[Position], server_pid: int | None
) -> list[str]:
    """The first pass, the timed run and the baseline of every endpoint, printing the table;
    the errors seen."""
    known = endpoints(args.time_ms)
    solver = Solver(tt_mb=args.tt_mb)
    solver.prepare()
    errors: list[str] = []
    print(HEADER)
    print("-" * len(HEADER), flush=True)
    for name in args.endpoints:
        endpoint = known[name]
        call = baseline_call(name, args.time_ms, solver)
        base_first, base = baseline_run(call, positions, args.requests, args.seconds)
        common = {"clients": args.clients, "timeout": args.timeout}
        first = load_run(
            url, endpoint, positions, requests=len(positions), seconds=math.inf, **common
        )
        errors += first.errors
        print(row(f"{endpoint.label} 1st", args.clients, first, base_first), flush=True)
        server_before = math.nan if server_pid is None else cpu_seconds(server_pid)
        client_before = time.process_time()
        http = load_run(
            url, endpoint, positions, requests=args.requests, seconds=args.seconds, **common
        )
        client_cpu = time.process_time() - client_before
        server_cpu = math.nan if server_pid is None else cpu_seconds(server_pid) - server_before
        errors += http.errors
        print(row(endpoint.label, args.clients, http, base), flush=True)
        count = len(http.latencies) + len(http.errors)
        print(
            f"{'':<22}CPU per request: server {ms(server_cpu / count)} ms, "
            f"client {ms(client_cpu / count)} ms; {http.connections} connections; "
            f"{http.kept} answers kept from before (X-Cache: hit)"
        )
    return errors


def main() -> int:
    args = arguments()
    positions = load(args.bench_dir, args.sets, args.sample)
    print(
        f"{len(positions)} positions ({args.sample or 'all'} of each of {', '.join(args.sets)}"
        f" from {args.bench_dir}); per endpoint: a first pass (1st: each position once), then "
        f"up to {args.requests} requests or {args.seconds:g} s"
    )
    print(
        f"client ({args.clients} threads, one keep-alive connection each) and server are "
        f"separate processes sharing this machine's {os.cpu_count()} cores (load average "
        f"{os.getloadavg()[0]:.2f} at the start); latencies in ms; after the | the same calls "
        "in-process on one thread, and HTTP over in-process"
    )
    if args.url is not None:
        print(f"server: {args.url} (already running)")
        errors, died = measure(args, args.url, positions, None), False
    else:
        with tempfile.TemporaryFile("w+") as log, ExitStack() as stack:
            try:
                url, process = stack.enter_context(server(server_options(args), log))
            except RuntimeError as failure:
                log.seek(0)
                stderr = log.read()[-500:].strip()
                print(
                    f"web.py: {failure}; its standard error: {stderr or '(nothing)'}",
                    file=sys.stderr,
                )
                return 2
            print(f"server: {url} (fourinarow serve {' '.join(server_options(args))})")
            errors = measure(args, url, positions, process.pid)
            died = process.poll() is not None
            stack.close()  # stops the server
            log.seek(0)
            if died or errors:
                print("server's standard error (end):\n" + log.read()[-2000:])
    for error in errors[:10]:
        print(f"error: {error}")
    if len(errors) > 10:
        print(f"... {len(errors) - 10} more errors")
    if died:
        print("the server stopped during the run")
    return 1 if errors or died else 0


if __name__ == "__main__":
    sys.exit(main())
