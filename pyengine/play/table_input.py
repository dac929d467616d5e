"""The table's keyboard input, guarded against what the terminal library cannot read.

Textual reads the terminal in a thread of its own (its ``LinuxDriver``): bytes are
decoded as UTF-8 and parsed into keys by its ``XTermParser``. Some input kills that
thread: an escape sequence with a huge number (``ESC [ 99999999999999999999 ~``
raises ``OverflowError`` inside the parser), or bytes that are not UTF-8
(``UnicodeDecodeError``). The library then closes the whole app with a traceback,
and the game with it. The cause is the library's; the promise that a stray key
never ends a game is ours.

:class:`GuardedLinuxDriver` is Textual's own driver, with its input loop started
again when the parser fails: the sequence being read is dropped (it was not a key
anyway), a new parser and decoder take over, and the game never notices. Only
the errors a parser or a decoder raises on bad data are caught; an error of the
terminal itself (``OSError``: the terminal closed) still ends the thread as before.
"""

from __future__ import annotations

import sys

from textual.driver import Driver

PARSE_ERRORS = (ArithmeticError, ValueError, LookupError)   # OverflowError, chr()'s
                                                             # ValueError, UnicodeDecodeError


def guarded_driver() -> type[Driver] | None:
    """The driver the table runs with: the guarded one where Textual uses its Linux
    driver (every POSIX terminal), else None (Textual's own choice)."""
    if sys.platform == "win32":
        return None
    from textual.drivers.linux_driver import LinuxDriver

    class GuardedLinuxDriver(LinuxDriver):
        """Textual's terminal driver whose input thread survives input it cannot parse."""

        def run_input_thread(self) -> None:
            """Textual's input loop, started afresh (new parser, new decoder) whenever
            the bytes read make it fail; the bytes of that sequence are lost."""
            while not self.exit_event.is_set():
                try:
                    super().run_input_thread()
                    return
                except PARSE_ERRORS:
                    continue

    return GuardedLinuxDriver
