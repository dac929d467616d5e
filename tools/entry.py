"""The ``euchre`` console command's first code: a Ctrl-C or ``kill`` during start-up
(while click, the engine and the tools are imported) ends it with one line, not a
traceback. Everything else is :mod:`tools.cli`'s.

SIGINT and SIGTERM are blocked while the modules are imported: a signal handler
that raises in the middle of an import can land in the import machinery's own
callbacks ("Exception ignored in ... _get_module_lock"), where the interrupt is
printed and lost. A signal that came meanwhile is delivered when the imports are
done, at a point where it ends the command cleanly (exit 130, or 143 for SIGTERM).

The window before this module runs - the interpreter's own start and the import
of this one small file - is as short as a Python program can make it.
"""

import sys


class StartupTerminated(KeyboardInterrupt):
    """SIGTERM before a command installs its own handling (pyengine.safeio). Defined
    here: a handler that imports modules could run in the middle of an import."""


def _terminated(signum: int, frame: object) -> None:
    raise StartupTerminated


def _imports() -> object:
    """The command's modules (and the shell's, which most runs need), signals held."""
    import signal

    stop = (signal.SIGINT, signal.SIGTERM)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, stop)
    try:
        signal.signal(signal.SIGTERM, _terminated)
        from .cli import main as cli_main

        if sys.argv[1:2] == ["play"]:
            import pyengine.play.shell  # noqa: F401  (imported by the command anyway)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)   # a pending signal lands here
    return cli_main


def main() -> None:
    try:
        cli_main = _imports()
        cli_main()
    except KeyboardInterrupt as exc:
        code = 143 if type(exc).__name__ in ("Terminated", "StartupTerminated") else 130
        try:
            sys.stderr.write("\neuchre: interrupted\n")
            sys.stderr.flush()
        except (OSError, KeyboardInterrupt):
            pass
        sys.exit(code)
    finally:
        _ignore_signals()


def _ignore_signals() -> None:
    """The command is over (its output written, its exit code chosen): a Ctrl-C or
    ``kill`` that lands while the interpreter shuts down would only print Python's
    "Exception ignored in threading._shutdown" traceback, so it is ignored now."""
    import signal

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)


if __name__ == "__main__":
    main()
