"""HARD's THINKING sign in real VICE, watched frame by frame (issue 42, items 3 and 6).

A HARD seat shows "THINKING" on row 22 from the start of its search to its end
(c64/think.oph, called by asm/levels.oph hard_play), at most a second. A screen read from
Python (``Vice.mem()``) is a round trip of unknown length on a loaded machine, so it could
miss a search of a few frames; :func:`start` instead puts a watcher inside the page that
reads row 22 from VICE's snapshot once after every emulated frame (the core runs frames on
the page's own thread, so none runs while the watcher reads) until :func:`stop`. It records
each run of frames that show the sign (:class:`Span`) and the frames it could not look at
(the core ran two frames between two looks). A span's length is the search's length in
frames, to a frame either way: the sign goes up and down inside frames the watcher sees the
end of. Two searches one after the other can fall in one frame's gap, so each span also
carries the decision it belongs to (:data:`DECISION_BYTES`) and a new decision starts a new
span.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..frontend.screen_read import COLS, SCREEN_RAM
from ..program.c64map import Symbols

THINK_ROW, THINK_COL = 22, 16           # c64/think.oph THINK_ROW, THINK_COL
SIGN = "THINKING"
GLYPH_MASK = 0x3F                       # the program runs in ECM: bits 6-7 pick the background


def sign_codes() -> list[int]:
    """The screen codes of the sign's letters (A = 1 ... Z = 26)."""
    return [ord(c) - ord("A") + 1 for c in SIGN]


# the watcher, in the page; a VICE snapshot (module C64MEM: name[16] major minor size[4],
# then 4 bytes, then the 64 KiB) is taken after each new frame and row 22 compared
_START_JS = """(() => {
  const g = window.EJS_emulator.gameManager;
  const want = %(want)s, at = %(at)d, mask = %(mask)d, keyAt = %(key_at)s;
  const w = window.__think = {spans: [], looked: 0, missed: 0, last: g.getFrameNum(),
                              on: null, onLast: null, onKey: null, stop: false, done: false,
                              error: null, memOff: -1};
  const name = 'C64MEM';
  const isMem = (st, i) => { for (let k = 0; k < 16; k++) {
      const c = k < name.length ? name.charCodeAt(k) : 0; if (st[i + k] !== c) return false; }
    return true; };
  const ram = () => { const st = g.getState();
    if (w.memOff < 0 || !isMem(st, w.memOff)) {
      w.memOff = -1;
      for (let i = 0; i < st.length - 16; i++) if (isMem(st, i)) { w.memOff = i; break; }
      if (w.memOff < 0) throw new Error('no C64MEM module in the snapshot');
    }
    return st.subarray(w.memOff + 26, w.memOff + 26 + 65536); };
  (async () => {
    try {
      while (!w.stop) {
        const f = g.getFrameNum();
        if (f === w.last) { await new Promise(r => setTimeout(r, 1)); continue; }
        w.missed += f - w.last - 1; w.last = f; w.looked++;
        const m = ram(); let shown = true;
        for (let i = 0; i < want.length; i++) if ((m[at + i] & mask) !== want[i]) shown = false;
        const key = keyAt.map(a => m[a]);
        if (w.on !== null && (!shown || key.join() !== w.onKey.join())) {
          w.spans.push([w.on, w.onLast, w.onKey]); w.on = null; }
        if (shown) { if (w.on === null) { w.on = f; w.onKey = key; } w.onLast = f; }
      }
    } catch (e) { w.error = String(e && e.message || e); }
    w.done = true;
  })();
  return g.getFrameNum();
})()"""

_STOP_JS = """(async () => {
  const w = window.__think; w.stop = true;
  while (!w.done) await new Promise(r => setTimeout(r, 1));
  if (w.on !== null) w.spans.push([w.on, w.onLast, w.onKey]);
  return {spans: w.spans, looked: w.looked, missed: w.missed, error: w.error};
})()"""


# which decision a frame belongs to: the core's hand, trick and place in the trick
# (asm/state.oph; the search keeps to its own variables, so they hold still while it runs)
DECISION_BYTES = ("hand_no", "tricks_done", "trick_count")


@dataclass(frozen=True)
class Span:
    """Frames (VICE's count from power-on) whose end showed the sign for one decision,
    first to last, and the decision: the core's (hand_no, tricks_done, trick_count)."""

    first: int
    last: int
    decision: tuple[int, ...]

    @property
    def frames(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Watch:
    """What the watcher saw between :func:`start` and :func:`stop`."""

    spans: tuple[Span, ...]
    looked: int             # frames whose end the watcher read
    missed: int             # frames it could not look at (two ran between two looks)

    def longest(self) -> Span:
        return max(self.spans, key=lambda sp: sp.frames)


def start(v: Any, symbols: Symbols) -> int:
    """Start the watcher in ``v``'s page; returns VICE's frame then."""
    js = _START_JS % dict(want=sign_codes(), at=SCREEN_RAM + THINK_ROW * COLS + THINK_COL,
                          mask=GLYPH_MASK,
                          key_at=[symbols.address(name) for name in DECISION_BYTES])
    return int(v.cmd(op="eval", js=js)["value"])


def stop(v: Any) -> Watch:
    """Stop the watcher; what it saw. RuntimeError if it failed in the page."""
    r = v.cmd(op="eval", js=_STOP_JS)["value"]
    if r["error"]:
        raise RuntimeError(f"the THINKING watcher failed in the page: {r['error']}")
    return Watch(tuple(Span(a, b, tuple(k)) for a, b, k in r["spans"]), int(r["looked"]),
                 int(r["missed"]))
