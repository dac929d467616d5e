"""``euchre arena --scheduler`` at its edges (issue 45, item 1): a bad address is one line
before anything connects, an address that answers but is no Dask scheduler is refused
within the connect bound (Dask's handshake included), and nothing waits at exit or prints
a traceback. The servers here are on 127.0.0.1 at a port the system picks; the connect
bound is lowered to one second in the child (CONNECT_SECONDS), so a refusal comes fast,
and the assertions hold whether it comes from the bound or from the garbage read."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import BIT93
from pyengine.measure.arena import run_matches
from pyengine.measure.cluster import ClusterError, scheduler_address

ROOT = Path(__file__).resolve().parent.parent
ARENA = ["arena", "--team-a", "random", "--team-b", "random", "--matches", "2"]


@pytest.mark.parametrize("address", ["nope", "tcp://", "unix:///x", "inproc://x",
                                     "127.0.0.1", "tls://127.0.0.1:1", "", "  ",
                                     "tcp://127.0.0.1:99999", "tcp://127.0.0.1:0",
                                     "tcp://h:1/path", "ws://127.0.0.1:8786"])
def test_a_bad_address_is_one_line_before_any_connect(address: str) -> None:
    with pytest.raises(ClusterError) as caught:
        scheduler_address(address)
    assert "\n" not in str(caught.value)
    r = CliRunner().invoke(cli, [*ARENA, "--scheduler", address])
    assert r.exit_code == 2, r.output
    assert "--scheduler: " in r.output and "Traceback" not in r.output, r.output
    with pytest.raises(ClusterError):                # the library refuses it too
        run_matches(BIT93, "random", "random", 2, scheduler=address)


def test_the_addresses_dask_takes_are_kept() -> None:
    assert scheduler_address("tcp://127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address("localhost:8786") == "tcp://localhost:8786"
    assert scheduler_address("TCP://[::1]:8786") == "tcp://[::1]:8786"


def test_tls_says_what_it_needs() -> None:
    r = CliRunner().invoke(cli, [*ARENA, "--scheduler", "tls://127.0.0.1:1"])
    assert r.exit_code == 2 and "security settings" in r.output, r.output


def test_an_empty_scheduler_is_not_a_silent_local_run() -> None:
    # --scheduler '' ran locally without a word
    r = CliRunner().invoke(cli, [*ARENA, "--scheduler", ""])
    assert r.exit_code == 2 and "address is empty" in r.output, r.output
    assert "matches won" not in r.output


def test_delta_is_a_number_and_belongs_to_sprt() -> None:
    r = CliRunner().invoke(cli, [*ARENA, "--sprt", "--delta", "nan"])
    assert r.exit_code == 2 and "nan is not a number" in r.output, r.output
    r = CliRunner().invoke(cli, [*ARENA, "--delta", "0.2"])
    assert r.exit_code == 2 and "--delta belongs to --sprt" in r.output, r.output
    assert "matches won" not in r.output
    r = CliRunner().invoke(cli, [*ARENA, "--baseline", "random"])
    assert r.exit_code == 2 and "belongs to --sprt" in r.output  # the same as --baseline


class FakeServer:
    """A loopback port that accepts connections and then answers ``reply`` (b"": says
    nothing, the connection left open)."""

    def __init__(self, reply: bytes) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.reply = reply
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.reply:
                try:
                    conn.sendall(self.reply)
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()
        for c in self.held:
            c.close()


@pytest.fixture(params=[b"", b"HTTP/1.0 400 Bad request\r\n\r\n", b"\xff" * 64],
                ids=["silent", "http", "bytes"])
def fake(request: pytest.FixtureRequest) -> Iterator[FakeServer]:
    server = FakeServer(request.param)
    yield server
    server.close()


def _cli_in_child(args: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    """``euchre ARGS`` in a fresh interpreter with a 1 s connect bound; killed with its
    group (and the test failed) if it outlives ``timeout``."""
    code = textwrap.dedent(f"""
        import sys
        import pyengine.measure.cluster as cluster
        cluster.CONNECT_SECONDS = 1.0
        from pyengine.cli import cli
        sys.argv = ["euchre"] + {args!r}
        cli()
    """)
    p = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate(timeout=30)
        pytest.fail(f"still running after {timeout} s: the connect was not bounded")
    return subprocess.CompletedProcess(p.args, p.returncode, out.decode(), err.decode())


def test_a_port_that_is_no_dask_scheduler_is_refused_in_one_line(fake: FakeServer) -> None:
    # python3 -m http.server 18799, then --scheduler tcp://127.0.0.1:18799: still
    # waiting after 10 minutes, then a Client.__del__ TimeoutError traceback
    r = _cli_in_child([*ARENA, "--scheduler", f"tcp://127.0.0.1:{fake.port}"])
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert "cannot reach the Dask scheduler" in r.stderr, r.stderr[-2000:]
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("Error: cannot reach"), r.stderr


def test_a_client_whose_start_fails_is_closed_here(fake: FakeServer) -> None:
    # the half-built Client was left to its destructor: 40 s at exit and a traceback.
    # Past the check (as if the scheduler went silent after it), the Client's own start
    # meets the fake server: bounded, closed, one line.
    code = textwrap.dedent(f"""
        import pyengine.measure.cluster as cluster
        cluster.CONNECT_SECONDS = 1.0
        cluster.check_scheduler = lambda address, seconds=None: None
        try:
            cluster.connect_client("tcp://127.0.0.1:{fake.port}")
        except cluster.ClusterError as exc:
            print("refused:", exc)
    """)
    p = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate(timeout=30)
        pytest.fail("the Client's start was not bounded")
    assert p.returncode == 0 and out.decode().startswith("refused: cannot reach"), out
    assert b"Traceback" not in err and b"Exception ignored" not in err, err.decode()
