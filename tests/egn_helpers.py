"""Where the EGN records are: ../shared/egn beside the checkout (EGN_DIR overrides), and
the small ones copied into tests/data/egn."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "egn"


def egn_dir() -> Path:
    """The folder of the shared EGN records (EGN_DIR, else ../shared/egn)."""
    return Path(os.environ.get("EGN_DIR") or ROOT.parent / "shared" / "egn")
