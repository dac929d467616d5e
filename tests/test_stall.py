"""A test that runs long is named while it runs (issue 45, item 5: the dots sat at 93 %
for 15 minutes and nothing said which test ran). A real pytest run with this project's
conftest, whose one test waits for a file that this test writes only once the watchdog
has named it: no fixed wait on either side."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_long_test_is_named_while_it_runs(tmp_path: Path) -> None:
    go = tmp_path / "go"
    (tmp_path / "test_waits.py").write_text(textwrap.dedent(f"""
        import os, time
        def test_waits_for_its_file():
            end = time.monotonic() + 300
            while not os.path.exists({str(go)!r}) and time.monotonic() < end:
                time.sleep(0.05)
            assert os.path.exists({str(go)!r})
    """))
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers = alone: alone\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env |= {"PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            "EUCHRE_TEST_STALL": "1"}
    p = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "tests.conftest",
                          "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                          "-c", str(tmp_path / "pytest.ini"), str(tmp_path)],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    assert p.stdout is not None
    seen = b""
    end = time.monotonic() + 300                       # a bound for a hang, not a wait
    try:
        while b"[still running after" not in seen:
            assert time.monotonic() < end and p.poll() is None, seen[-2000:]
            seen += p.stdout.read1(4096)
        go.write_text("")
        rest, _ = p.communicate(timeout=300)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait(30)
    text = (seen + rest).decode(errors="replace")
    assert "test_waits.py::test_waits_for_its_file]" in text, text
    assert p.returncode == 0 and "1 passed" in text, text
