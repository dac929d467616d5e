"""The C64's frame fitted to a terminal's height (``euchre c64`` without ``--auto``).

Each frame is the narration (a line an event), the 25 rows and the ``keys>`` line. In a
terminal shorter than that (80x24 is the common size) the top rows scroll away, and
they carry the game number, the score and trump. :func:`frame_lines` fits the frame:

1. the narration moves beside the screen (right of its 40 columns), the newest last;
2. blank rows are dropped, the lowest first (rows 0 and 1 never);
3. the message and keys rows (23 and 24) share one line, side by side;
4. if it is still too tall, rows are dropped from the middle (rows 0-1 and the bottom
   lines stay).

A terminal tall enough, or none known (output to a pipe or file), gets the frame as it
always was: narration lines, then the 25 rows.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

SCREEN_COLS = 40                # the C64's columns
GAP = 2                         # between the screen and the narration beside it
KEYS_LINE = 1                   # the terminal's line that reads the keys ("keys> ")
KEEP_TOP = 2                    # rows 0-1: game number, score, trump, the bids
MSG_ROW, KEYS_ROW = 23, 24      # the message and keys rows (c64/table.oph)


@dataclass(frozen=True)
class Row:
    """A screen row as text (for blank tests and widths) and as shown (maybe coloured);
    ``tail`` is the row shown with its trailing blanks cut (used beside another)."""

    text: str
    shown: str
    tail: str


def frame_lines(rows: list[Row], narration: list[str], height: int | None,
                width: int = 80) -> list[str]:
    """The lines to write for one frame in a terminal ``height`` lines tall and ``width``
    wide (None: unknown, the whole frame as before)."""
    if height is None or len(narration) + len(rows) + KEYS_LINE <= height:
        return narration + ["\n".join(r.shown for r in rows)]
    budget = max(height - KEYS_LINE, KEEP_TOP + 1)
    keep = list(range(len(rows)))
    for r in reversed(range(KEEP_TOP, len(rows))):        # 2. blank rows, lowest first
        if len(keep) <= budget:
            break
        if not rows[r].text.strip():
            keep.remove(r)
    lines = [rows[r].shown for r in keep]
    plain = [rows[r].text for r in keep]
    paired = False
    if len(lines) > budget and keep[-2:] == [MSG_ROW, KEYS_ROW] \
            and width >= 2 * SCREEN_COLS:                 # 3. message and keys side by side
        keys = rows[KEYS_ROW]
        lines[-2:] = [lines[-2] + keys.tail[:width - SCREEN_COLS - 1]]
        plain[-2:] = [plain[-2]]
        paired = True
    while len(lines) > budget:                            # 4. the middle rows go
        middle = KEEP_TOP + (len(lines) - KEEP_TOP - 1) // 2
        del lines[middle], plain[middle]
    room = width - SCREEN_COLS - GAP                      # 1. the narration beside
    beside = len(lines) - (1 if paired else 0)
    if room > 0 and narration:
        told = [w for t in narration for w in textwrap.wrap(t.strip(), room,
                                                              subsequent_indent=" ")]
        if len(told) > beside:
            more = len(told) - beside + 1
            told = [f"({more} more events)"] + told[-(beside - 1):] if beside > 1 else []
        for i, t in enumerate(told):
            lines[i] = lines[i] + " " * GAP + t[:room]
    return ["\n".join(lines)]
