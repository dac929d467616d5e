"""The one check every real-VICE test module makes first: VICE set up and the .prg built.
Missing setup is a failure with the reason, never a skip (CI has ../shared/vice)."""

from __future__ import annotations

import pytest

from tools.vice import judge as vj
from tools.vice.run import setup_problem


def require_vice() -> None:
    """Fail the calling test, with the reason, unless real VICE and build/euchre.prg are
    there."""
    problem = setup_problem()
    if problem:
        pytest.fail(f"real VICE is not set up: {problem}", pytrace=False)
    if not vj.PRG.exists():
        pytest.fail(f"{vj.PRG} missing: run `make build`", pytrace=False)
