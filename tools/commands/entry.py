"""The ``euchre`` console command's first code: a signal during start-up ends it in one line.

A Ctrl-C or ``kill`` during start-up (while click, the engine and the tools are
imported) ends it with one line, not a traceback. Everything else is
:mod:`tools.commands.cli`'s.

SIGINT, SIGTERM, SIGHUP and SIGQUIT are blocked while the modules are imported: a
signal handler
that raises in the middle of an import can land in the import machinery's own
callbacks ("Exception ignored in ... _get_module_lock"), where the interrupt is
printed and lost. A signal that came meanwhile is delivered when the imports are
done, at a point where it ends the command cleanly (exit 128 + the signal: 130 for
Ctrl-C, 143 for SIGTERM). click runs without its standalone mode, which would turn
a Ctrl-C in its own code (before a command installs its handling) into "Aborted!"
and exit 1.

The signals are blocked from the first line of ``pyengine/__init__.py`` when the
process is the ``euchre`` command, not when :func:`main` starts: the console
script imports the package and this module and runs code of its own (a regular
expression compiled for ``sys.argv[0]``) before it calls :func:`main`, and a
Ctrl-C there was a traceback. The window before that - the interpreter's own
start - is as short as a Python program can make it.
"""

import sys

try:                                  # a Ctrl-C here ends the command quietly (SystemExit)
    import signal

    STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
    # pyengine's __init__ holds them for this command (and only for it: importing this
    # module elsewhere blocks nothing); once the imports are done the mask is the one
    # the command started with
    _BEFORE = signal.pthread_sigmask(signal.SIG_BLOCK, ()) - set(STOPS)
except KeyboardInterrupt:
    raise SystemExit(130) from None


class StartupTerminated(KeyboardInterrupt):
    """SIGTERM, SIGHUP or SIGQUIT before a command installs its own handling
    (pyengine.safeio); ``signum`` says which. Defined here: a handler that imports
    modules could run in the middle of an import."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminated(signum: int, frame: object) -> None:
    raise StartupTerminated(signum)


def _imports() -> object:
    """The command's modules (and the shell's, which most runs need), signals held
    (since this module was imported)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        for sig in STOPS[1:]:
            signal.signal(sig, _terminated)
        from .cli import cli

        if sys.argv[1:2] == ["play"]:
            import pyengine.play.shell  # noqa: F401  (imported by the command anyway)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, _BEFORE)   # a pending signal lands here
    return cli


def _run(cli: object) -> int:
    """click's main without its standalone mode: the exit code; a Ctrl-C raised again."""
    import click

    try:
        rv = cli.main(prog_name="euchre", standalone_mode=False)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):
            raise exc.__cause__ from None
        click.echo("Aborted!", err=True)       # the end of the input at a click prompt
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    return rv if isinstance(rv, int) else 0


def main() -> None:
    try:
        cli = _imports()
        code = _run(cli)
    except KeyboardInterrupt as exc:
        code = 128 + getattr(exc, "signum", 2)   # SIGINT's number: a plain Ctrl-C
        try:
            sys.stderr.write("\neuchre: interrupted\n")
            sys.stderr.flush()
        except (OSError, KeyboardInterrupt):
            pass
        sys.exit(code)
    finally:
        _ignore_signals()
    sys.exit(code)


def _ignore_signals() -> None:
    """The command is over (its output written, its exit code chosen): a Ctrl-C or
    ``kill`` that lands while the interpreter shuts down would only print Python's
    "Exception ignored in threading._shutdown" traceback, so it is ignored now."""
    for sig in STOPS:
        signal.signal(sig, signal.SIG_IGN)


if __name__ == "__main__":
    main()
