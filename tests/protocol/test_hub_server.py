"""The engine side of Hub-2 (``damier hub``): transcripts of whole sessions, malformed input,
and the process itself on real pipes."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from damier import Board
from damier.protocol.hub.server import HubServer, hub_score
from damier.protocol.hub.syntax import format_line, parse_line
from fuzz.positions import TURKISH_41_KINGS

from .helpers import damier_argv

START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"


class Transcript:
    """A server whose output lines are collected; ``wait_for`` blocks until a line arrives."""

    def __init__(self, **kwargs: object) -> None:
        self.lines: list[str] = []
        self.cond = threading.Condition()
        self.server = HubServer(self._write, **kwargs)  # type: ignore[arg-type]

    def _write(self, line: str) -> None:
        with self.cond:
            self.lines.append(line)
            self.cond.notify_all()

    def send(self, *lines: str) -> None:
        for line in lines:
            self.server.handle(line)

    def wait_for(self, prefix: str, timeout: float = 20.0) -> str:
        with self.cond:
            ok = self.cond.wait_for(
                lambda: any(x.startswith(prefix) for x in self.lines), timeout
            )
            assert ok, f"no {prefix!r} line within {timeout} s; got {self.lines}"
            return next(x for x in self.lines if x.startswith(prefix))


def test_handshake_lists_parameters() -> None:
    t = Transcript()
    t.send("hub")
    assert t.lines[0].startswith("id name=damier ")
    from damier.core import kernel

    assert parse_line(t.lines[0]).args["search"] == kernel.path()  # native or pure
    params = {parse_line(x).args["name"]: parse_line(x).args for x in t.lines if x.startswith("param")}
    assert params["variant"]["type"] == "enum"
    assert "normal" in params["variant"]["values"].split()
    assert params["level"] == {"name": "level", "value": "10", "type": "int", "min": "1", "max": "10"}
    assert t.lines[-1] == "wait"
    t.send("init")
    assert t.lines[-1] == "ready"


def test_think_transcript_info_and_done() -> None:
    t = Transcript()
    t.send("hub", "set-param name=level value=3", "init",
           f'pos pos={START} moves="32-28 19-23"', "level depth=3", "go think")
    done = parse_line(t.wait_for("done"))
    infos = [parse_line(x) for x in t.lines if x.startswith("info")]
    assert infos, t.lines
    for info in infos:
        assert {"depth", "score", "nodes", "nps", "pv"} <= set(info.args)
        float(info.args["score"])
    # 28x19 is forced (the only capture); Hub writes captures with the captured squares
    assert done.args["move"] == "28x19x23"
    assert infos[-1].args["pv"].split()[0] == "28x19x23"


def test_ping_unknown_and_malformed_lines() -> None:
    t = Transcript()
    t.send("ping", "frobnicate now=1", 'pos pos="unterminated', "=oops", "", "set-param name=level value=11")
    assert t.lines[0] == "pong"
    errors = [parse_line(x).args["message"] for x in t.lines[1:]]
    assert len(errors) == 3, t.lines   # the unknown command and the empty line are ignored
    assert "unterminated" in errors[0]
    assert "must start with a command" in errors[1]
    assert "1 to 10" in errors[2]


def test_bad_positions_and_searches_answer_error() -> None:
    t = Transcript()
    t.send("go think")
    t.send("pos pos=Wxyz")
    t.send(f'pos pos={START} moves="32-27 19-23 27-22 18x27 99-98"')
    t.send("level depth=zero", "level move-time=-1")
    t.send("pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "go think")
    t.lines.remove("done")  # after the refused go (see test_a_refused_go_still_answers_done)
    t.lines.remove("done")
    messages = [parse_line(x).args.get("message", "") for x in t.lines]
    assert all(x.startswith("error ") for x in t.lines), t.lines
    assert "go before pos" in messages[0]
    assert "expected 51 characters" in messages[1]
    assert "99-98" in messages[2]
    assert "not an integer" in messages[3] and "must not be negative" in messages[4]
    assert "no legal move" in messages[5]


def test_analyze_runs_until_stop_and_answers_done() -> None:
    t = Transcript()
    t.send(f"pos pos={START}", "level infinite", "go analyze")
    t.wait_for("info")
    t.send("pos pos=" + START)  # refused during an infinite search
    assert any("infinite search" in x for x in t.lines)
    t.send("ping")
    t.wait_for("pong")
    t.send("stop")
    done = parse_line(t.wait_for("done"))
    assert Board().parse_move(done.args["move"])
    t.send("quit")
    assert sum(x.startswith("done") for x in t.lines) == 1


def test_commands_during_a_finite_search_wait_for_done() -> None:
    t = Transcript()
    t.send(f"pos pos={START}", "level depth=2", "go think", "level depth=1", "go think")
    t.wait_for("done")
    t.server.shutdown()
    dones = [x for x in t.lines if x.startswith("done")]
    assert len(dones) == 2


@dataclass
class FakeInfo:
    depth: int
    score: int
    win_in: int | None
    nodes: int = 1000
    nps: int = 2_000_000
    time: float = 0.5
    pv: list[object] = field(default_factory=list)


class FakeEngine:
    """Reports one win-in-5 line then an exception: the server still answers done."""

    def __init__(self, variant: str, level: int) -> None:
        self.variant, self.level = variant, level

    def iterate(self, board: Board, limit: object, multipv: int = 1) -> Iterator[FakeInfo]:
        yield FakeInfo(4, 99_995, 5, pv=[board.parse_move("32-28")])
        raise RuntimeError("out of cheese")

    def stop(self) -> None:
        pass


def test_scores_in_men_and_search_failures_reported() -> None:
    t = Transcript(engine_factory=FakeEngine)
    t.send("set-param name=variant value=normal", f"pos pos={START}", "level move-time=1", "go think")
    t.wait_for("done")
    info = parse_line(next(x for x in t.lines if x.startswith("info")))
    assert info.args == {"depth": "4", "score": "99.94", "nodes": "1000", "time": "0.500",
                         "nps": "2.000", "pv": "32-28"}
    assert any("out of cheese" in x for x in t.lines if x.startswith("error"))
    assert t.lines[-1] == "done move=32-28"
    assert hub_score(-37, None) == -0.37 and hub_score(0, -3) == -(99.99 - 0.03)


def test_variant_parameter_selects_rules() -> None:
    t = Transcript()
    t.send("set-param name=variant value=losing", "set-param name=variant value=chess")
    assert len(t.lines) == 1 and "unknown variant" in t.lines[0]
    assert t.server.params["variant"] == "losing"
    t.send(f"pos pos={START}", "level depth=1", "go think")
    assert t.wait_for("done")
    assert t.server.board is not None and t.server.board.rules.name == "antidraughts"


def test_damier_hub_process_transcript() -> None:
    script = "\n".join([
        "hub", "set-param name=level value=2", "init", "ping", "nonsense",
        f'pos pos={START} moves="32-28 19-23"', "level depth=2", "go think", "quit",
    ]) + "\n"
    proc = subprocess.run(damier_argv("hub"), input=script, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0].startswith("id name=damier")
    assert out[out.index("wait") + 1:out.index("wait") + 3] == ["ready", "pong"]
    assert out[-1].startswith("done move=28x19x23")
    assert format_line("done", move="28x19x23") == "done move=28x19x23"


def test_damier_hub_exits_at_end_of_input() -> None:
    proc = subprocess.run(damier_argv("hub", "--level", "1"), input="hub\n", capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.splitlines()[-1] == "wait"


def test_ponder_waits_for_ponder_hit() -> None:
    t = Transcript()
    t.send(f'pos pos={START} moves="32-28 17-22"', "level move-time=0.2", "go ponder")
    t.wait_for("info")
    assert not any(x.startswith("done") for x in t.lines)
    t.send("ponder-hit")
    assert parse_line(t.wait_for("done")).args["move"]


def test_a_ponder_search_that_ends_sooner_holds_its_done_until_ponder_hit() -> None:
    t = Transcript()
    t.send("set-param name=level value=2", f'pos pos={START} moves="32-28 17-22"',
           "level depth=1", "go ponder")
    t.wait_for("info depth=1")
    assert not search_ends_within(t.server, 1.0)           # depth 1 reached, but pondering
    assert not any(x.startswith("done") for x in t.lines)
    t.send("pos pos=" + START)                             # refused, never a hang
    assert any("infinite search" in x for x in t.lines)
    t.send("ponder-hit")                                   # the search is done: answer now
    done = parse_line(t.wait_for("done"))
    board = Board()
    for mv in ("32-28", "17-22"):
        board.push(mv)
    assert board.parse_move(done.args["move"]) in board.legal_moves
    # a miss: stop ends the ponder search with one done
    t.send(f"pos pos={START}", "level depth=1", "go ponder")
    t.send("stop")
    t.server.shutdown()
    assert sum(x.startswith("done") for x in t.lines) == 2


def search_ends_within(server: HubServer, seconds: float) -> bool:
    """Whether the search thread ends within ``seconds`` (a held ponder search does not)."""
    search = server._search
    assert search is not None
    search.join(seconds)
    return not search.is_alive()


def test_hub_level_depth_1_then_go_think_answers_done() -> None:
    lines: list[str] = []
    answered = threading.Event()

    def write(line: str) -> None:
        lines.append(line)
        if line.startswith("done"):
            answered.set()

    server = HubServer(write)  # a board of kings, where depth 1 once searched for minutes
    board = Board("turkish", TURKISH_41_KINGS)
    for line in ("hub", "set-param name=variant value=turkish", "init",
                 f"pos pos={board.hub()}", "level depth=1", "go think"):
        server.handle(line)
    try:
        assert answered.wait(20.0), f"no done within {20.0} s: {lines[-3:]}"
    finally:
        server.handle("stop")
        server.shutdown()


def test_a_refused_go_still_answers_done() -> None:
    # issue 24: after a position it could not read, damier answered `error` to `go think`
    # and a client waiting for `done` (pydraughts' HubEngine) waited for ever
    t = Transcript()
    t.send("hub", "init", f'pos pos={START} moves="32-28 32-28"', "go think")
    assert [x.split()[0] for x in t.lines[-3:]] == ["error", "error", "done"], t.lines[-3:]
    t.send("go think")  # the unreadable position left none to search
    assert t.lines[-2].startswith("error") and t.lines[-1] == "done"


def test_english_from_a_client_that_writes_the_first_mover_as_white() -> None:
    # pydraughts sends English's start with "W" to move: the first player (Black) moves
    t = Transcript()
    t.send("hub", "set-param name=variant value=english", "init",
           'pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="11-15"', "level depth=1", "go think")
    done = t.wait_for("done")
    assert t.server.board is not None and t.server.board.ply == 1
    reply = Board("english")
    reply.push("11-15")
    assert reply.parse_move(done.split("=")[1].split()[0])  # a move of White, legal here
