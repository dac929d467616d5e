"""Arena matches on a Dask distributed cluster (the optional ``cluster`` extra).

``euchre arena --scheduler tcp://HOST:8786`` and ``make strength SCHEDULER=...`` send the
same work list the local processes play (:func:`pyengine.measure.arena.tasks`: one task a
match, its game number, seats and players' seeds all in the task) to a running Dask
scheduler, one task a match, and gather the results. A match depends only on its task,
so the results are the same, match for match, as on local processes (tests/test_cluster.py
checks it on a ``LocalCluster`` of two workers). Every worker needs the same
``euchre64`` installed (``pip install 'euchre64[cluster]'``, and ``[openspiel]`` for
IS-MCTS matches); docs/strength.md says how to start one.

Dask (``dask[distributed]``) was chosen over a hand-written socket pool: it starts workers
on many machines (``dask scheduler`` / ``dask worker``, SSH, Kubernetes, batch systems),
re-runs the tasks of a worker that dies, and its ``LocalCluster`` lets CI test the path.

The address is checked before anything connects (:func:`scheduler_address`: ``tcp://HOST:PORT``
or ``HOST:PORT``; ``tls://`` needs security settings the commands do not take). Connecting is
bounded as a whole by :data:`CONNECT_SECONDS`, Dask's handshake included (its own timeout
covers only the TCP connect, so a port that accepts and then says nothing, or garbage,
held ``Client()`` for ever): :func:`check_scheduler` first asks the address who it is, and
only a Dask scheduler's answer lets a ``Client`` be built. A ``Client`` whose start fails
is closed here, not left to its destructor (which waited 40 s at exit and printed a
traceback).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

INSTALL_HINT = ("a scheduler address needs Dask's distributed scheduler: "
                "pip install 'euchre64[cluster]' (dask[distributed])")
# The whole connect - TCP, Dask's handshake, the scheduler's answer - in seconds. A real
# scheduler answers in milliseconds; this is how long an address that says nothing is
# waited for.
CONNECT_SECONDS = 20.0
CLOSE_SECONDS = 5.0
EXAMPLE = "tcp://HOST:8786"


class ClusterError(RuntimeError):
    """The cluster cannot be used (not installed, not reachable); the message says why."""


def available() -> bool:
    """True if dask.distributed can be imported."""
    import importlib.util
    return importlib.util.find_spec("distributed") is not None


def scheduler_address(text: str) -> str:
    """``text`` as the ``tcp://HOST:PORT`` address Dask connects to (``HOST:PORT`` gets
    ``tcp://``); :class:`ClusterError`, in one line, for anything else."""
    given = text.strip()
    if not given:
        raise ClusterError(f"the scheduler address is empty: give one such as {EXAMPLE}, "
                           "or leave the option out to play on local processes")
    scheme, sep, _ = given.partition("://")
    if not sep:
        given, scheme = f"tcp://{given}", "tcp"
    scheme = scheme.lower()
    if scheme == "tls":
        raise ClusterError(f"{text!r}: a tls:// scheduler needs Dask security settings "
                           "(certificates and keys) that this command does not take; use "
                           f"{EXAMPLE} (through an SSH tunnel if the network is not trusted)")
    if scheme != "tcp":
        raise ClusterError(f"{text!r} is not a scheduler address this command can use: "
                           f"write {EXAMPLE} (tcp:// with a host and a port)")
    try:
        parts = urlsplit(given)
        port = parts.port
    except ValueError:
        port, parts = None, None
    if parts is None or not parts.hostname or port is None or not 0 < port < 65536 \
            or parts.path not in ("", "/") or parts.query or parts.fragment \
            or parts.username is not None:
        raise ClusterError(f"{text!r} is not a scheduler address: write {EXAMPLE} "
                           "(tcp:// with a host and a port from 1 to 65535)")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"tcp://{host}:{port}"


def check_scheduler(address: str, seconds: float | None = None) -> None:
    """Ask ``address`` (a :func:`scheduler_address`) who it is, the whole exchange within
    ``seconds`` (default :data:`CONNECT_SECONDS`); :class:`ClusterError` unless a Dask
    scheduler answers."""
    import asyncio

    from distributed.comm import connect

    limit = CONNECT_SECONDS if seconds is None else seconds

    async def ask() -> object:
        comm = await connect(address, timeout=limit)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(ask(), limit))
    except TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer "
                           f"within {limit:g} s") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    except Exception as exc:                     # garbage read as Dask's frames, ...
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: what answers "
                           f"there is not one ({type(exc).__name__})") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: what answers "
                           "there is not one")


def connect_client(address: str) -> Any:
    """A ``distributed.Client`` on the scheduler at ``address`` (checked: :func:`check_scheduler`
    first), or :class:`ClusterError`. The Client's own start is bounded too (its timeout
    does not cover the handshake either): it is built on a thread of its own, waited for
    :data:`CONNECT_SECONDS`, and closed here if it fails, does not finish in time, or a
    Ctrl-C comes meanwhile."""
    import threading

    from distributed import Client

    built: list[Any] = []
    outcome: dict[str, Any] = {}

    class OwnedClient(Client):
        """A Client this module can close even when its constructor fails."""

        def start(self, **kwargs: Any) -> None:
            built.append(self)
            super().start(**kwargs)

    def build() -> None:
        try:
            outcome["client"] = OwnedClient(address, timeout=CONNECT_SECONDS,
                                            set_as_default=False)
        except BaseException as exc:             # handed to the waiting thread
            outcome["error"] = exc

    check_scheduler(address)
    maker = threading.Thread(target=build, name="euchre-dask-connect", daemon=True)
    try:
        maker.start()
        maker.join(CONNECT_SECONDS)
    except BaseException:                        # Ctrl-C while it connects
        for client in built:
            close_client(client)
        raise
    if "client" in outcome:
        return outcome["client"]
    for client in built:
        close_client(client)
    exc = outcome.get("error")
    if exc is None:
        why = f"no answer within {CONNECT_SECONDS:g} s"
    elif isinstance(exc, (OSError, TimeoutError)):
        why = str(exc) or type(exc).__name__
    else:                                        # Dask's own failure inside its start
        why = f"Dask's client could not start ({type(exc).__name__}: {exc})"
    raise ClusterError(f"cannot reach the Dask scheduler at {address}: {why}")


def close_client(client: Any) -> None:
    """Close ``client`` within :data:`CLOSE_SECONDS`, whatever state its start left it in;
    if that fails, mark it closed so that its destructor does not try again at exit."""
    try:
        client.close(timeout=CLOSE_SECONDS)
    except Exception:
        pass
    finally:
        if getattr(client, "status", "closed") != "closed":
            client.status = "closed"
            try:
                client._loop_runner.stop()
            except Exception:
                pass


def run_on_cluster(run_task: Callable[[Any], Any], work: list[Any], address: str,
                   progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``[run_task(t) for t in work]`` on the scheduler at ``address``, in any order."""
    address = scheduler_address(address)
    if not available():
        raise ClusterError(INSTALL_HINT)
    from distributed import as_completed

    client = connect_client(address)
    results: list[Any] = []
    try:
        futures = client.map(run_task, work, pure=False)
        try:
            for future in as_completed(futures, loop=client.loop):
                results.append(future.result())
                if progress:
                    progress(len(results), len(work))
        except BaseException:                 # Ctrl-C or a failed task: leave no work behind
            client.cancel(futures)
            raise
    finally:
        close_client(client)
    return results
