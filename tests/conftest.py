"""Every test gets its own XDG data directory: a game that finishes in a test (through
the CLI, or a subprocess that inherits the environment) adds to that record and
saves its unfinished games there, never to the user's own ~/.local/share/euchre64.

Under pytest-xdist (``make test`` runs two workers), a test marked ``alone`` runs with
no other test beside it (tests/turns.py). A test that runs longer than two minutes is
named on the terminal while it runs (tests/stall.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .stall import Watchdog
from .turns import Room

_ROOM = pytest.StashKey[Room]()
_DOG: list[Watchdog] = []             # the watchdog of this process, if it prints the dots


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("xdg-data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def pytest_configure(config: pytest.Config) -> None:
    # an xdist worker's basetemp is <the run's basetemp>/gwN: the parent is the run's own
    basetemp = config.getoption("basetemp")
    if os.environ.get("PYTEST_XDIST_WORKER") and basetemp:
        config.stash[_ROOM] = Room.open(Path(basetemp).parent)
    if not os.environ.get("PYTEST_XDIST_WORKER"):      # the process that prints the dots
        _DOG.append(Watchdog())
        _DOG[0].start()


def pytest_unconfigure(config: pytest.Config) -> None:
    room = config.stash.get(_ROOM, None)
    if room is not None:
        room.close()
    while _DOG:
        _DOG.pop().close()


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """A test starts (here or, under xdist, on a worker)."""
    for dog in _DOG:
        dog.started(nodeid)


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """A test ends."""
    for dog in _DOG:
        dog.ended(nodeid)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """The whole test (its fixtures' setup and teardown too) inside its turn."""
    room = item.config.stash.get(_ROOM, None)
    if room is None:
        return (yield)
    with room.turn(alone=item.get_closest_marker("alone") is not None):
        return (yield)
