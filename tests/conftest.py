"""Every test gets its own XDG data directory: a game that finishes in a test (through
the CLI, or a subprocess that inherits the environment) adds to that record and
saves its unfinished games there, never to the user's own ~/.local/share/euchre64.

Under pytest-xdist (``make test`` runs two workers), a test marked ``alone`` runs with
no other test beside it (tests/turns.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .turns import Room

_ROOM = pytest.StashKey[Room]()


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


def pytest_unconfigure(config: pytest.Config) -> None:
    room = config.stash.get(_ROOM, None)
    if room is not None:
        room.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """The whole test (its fixtures' setup and teardown too) inside its turn."""
    room = item.config.stash.get(_ROOM, None)
    if room is None:
        return (yield)
    with room.turn(alone=item.get_closest_marker("alone") is not None):
        return (yield)
