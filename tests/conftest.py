"""Every test gets its own XDG data directory: a game that finishes in a test (through
the CLI, or a subprocess that inherits the environment) adds to that record and
saves its unfinished games there, never to the user's own ~/.local/share/euchre64."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("xdg-data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
