"""The ``euchre`` console command's first code: a Ctrl-C or ``kill`` during start-up
(while click, the engine and the tools are imported) ends it with one line, not a
traceback. Everything else is :mod:`tools.cli`'s.

The window before this module runs - the interpreter's own start and the import
of this one small file - is as short as a Python program can make it.
"""

import sys


class StartupTerminated(KeyboardInterrupt):
    """SIGTERM before a command installs its own handling (pyengine.safeio). Defined
    here: a handler that imports modules could run in the middle of an import."""


def _terminated(signum: int, frame: object) -> None:
    raise StartupTerminated


def main() -> None:
    try:
        import signal

        signal.signal(signal.SIGTERM, _terminated)
        from tools.cli import main as cli_main

        cli_main()
    except KeyboardInterrupt as exc:
        code = 143 if type(exc).__name__ in ("Terminated", "StartupTerminated") else 130
        try:
            sys.stderr.write("\neuchre: interrupted\n")
            sys.stderr.flush()
        except (OSError, KeyboardInterrupt):
            pass
        sys.exit(code)


if __name__ == "__main__":
    main()
