"""The front end's sounds and pauses, from outside: SID writes and frames per event.

``Frontend(record_events=True)`` keeps, for each event, its SID writes and the frames
it waited (until the program reported the next event). These checks say what they
must be from the reference events alone (c64/hooks.oph's on_* handlers, the effects
of c64/sound.oph, the pause units of docs/frontend.md); tools/frontend/judge.py runs
them on every game it plays.
"""

from __future__ import annotations

from .driver import Frontend

# SID effects (c64/sound.oph): (frequency high byte, frames) of each note
NOTES = {
    "card": ((0x30, 2),),
    "trick": ((0x22, 4), (0x2D, 6)),
    "euchre": ((0x10, 8), (0x0C, 8), (0x09, 14)),
    "march": ((0x22, 4), (0x2B, 4), (0x33, 4), (0x44, 12)),
    "alone": ((0x33, 6), (0x26, 6), (0x33, 10)),
    "deal": ((0x28, 1), (0x34, 1), (0x28, 1), (0x34, 1), (0x2C, 3)),
    "pass": ((0x16, 3),),
    "make": ((0x23, 3), (0x2C, 3), (0x34, 6)),
}
TITLE_TUNE = (0x1A, 0x23, 0x2C, 0x34, 0x2C, 0x23, 0x27, 0x2E, 0x3A, 0x34, 0x2C, 0x23,
              0x27, 0x1A, 0x23)                 # the title's notes (c64/sound.oph notes_title)
SFX_ERROR = 0x06
SFX_WIN, SFX_LOSE = 0x22, 0x19                  # the first notes of the game's end
SID_FREQ_HI, SID_CTRL, SID_GATE = 0x01, 0x04, 0x01
SID_SETUP = {0x03: 0x08, 0x05: 0x09, 0x06: 0xA4, 0x18: 0x0F}   # pulse width, envelope, volume
SPEED_FRAMES = {"NO WAIT": 0, "FAST": 8}          # frames a pause unit lasts


def effect_of(e: dict, players: int = 4) -> str | None:
    """The effect an event starts, from the reference events (c64/hooks.oph); a trick's
    sound is for South's side: his team, or South alone in cutthroat (``players`` 3)."""
    if e["ev"] == "play":
        return "card"
    if e["ev"] == "first_dealer" and not e["cards"]:     # drawn at random: the table laid
        return "deal"                                      # out with the deal's sound
    if e["ev"] == "deal":
        return "deal"
    if e["ev"] == "bid":
        return "pass" if e["call"] == "pass" else "alone" if e["alone"] else "make"
    if e["ev"] == "trick":
        ours = e["winner"] == 0 if players == 3 else e["winner"] % 2 == 0
        return "trick" if ours else None
    if e["ev"] == "score":
        made = e["tricks"][e["makers"]]
        return "euchre" if made < 3 else "march" if made == 5 else None
    if e["ev"] == "redeal":                   # the standard options (c64/asks.oph)
        return "pass" if e["call"] == "redeal" else None
    if e["ev"] == "defend":
        return "alone" if e["alone"] else None
    return None


def effect_notes(effect: str, frames: int) -> list[int]:
    """The notes (frequency high bytes) an effect writes in its first ``frames`` frames:
    the first at once, each next one when the last has lasted its frames."""
    notes = NOTES[effect]
    out, at = [notes[0][0]], notes[0][1] + 1
    for freq, length in notes[1:]:
        if at > frames:
            break
        out.append(freq)
        at += length + 1
    return out


def sound_problems(fe: Frontend, events: list[dict], south_human: bool = True) -> str | None:
    """Each event not followed by South's prompt starts its effect and plays as much
    of it as its pause lasts (at NO WAIT only the first note), or no new note if
    it starts none and none plays on; the game's end plays the tune of the winner."""
    writes = fe.c64.sid_writes
    problem = gate_problems(writes[fe.sid_start:])
    if problem:
        return problem
    if events and events[0]["ev"] == "first_dealer" and 0 in fe.sid_span:
        dealt = [w.value for w in writes[fe.sid_start:fe.sid_span[0][0]]
                 if w.reg == SID_FREQ_HI]
        want = [NOTES["card"][0][0]] * len(events[0]["cards"])
        if dealt != want:
            return (f"SID while the first dealer is dealt for: notes "
                    f"{[hex(v) for v in dealt]}, want {[hex(v) for v in want]}")
    playing = False                   # an effect may still be playing (not checked)
    for i in range(len(events) - 1):
        effect = effect_of(events[i], fe.rules.players)
        if i not in fe.sid_span or (south_human and south_decides(events[i + 1])):
            playing = True
            continue
        start, end = fe.sid_span[i]
        got = [w.value for w in writes[start:end] if w.reg == SID_FREQ_HI]
        if effect is None:
            if playing:
                playing = fe.pauses[i] == 0
                continue
            want = []
        else:
            want = effect_notes(effect, fe.pauses[i])
            playing = fe.pauses[i] == 0 or len(want) < len(NOTES[effect])
        if effect is not None and len(want) == len(NOTES[effect]) and fe.pauses[i] > sum(
                f + 1 for _, f in NOTES[effect]):
            released = releases(writes[start:end])
            if released != len(want):
                return (f"SID after event {i} {events[i]}: {released} of its {len(want)} "
                        f"notes let go with their waveform kept (a release)")
        if got != want:
            return (f"SID after event {i} {events[i]}: notes {[hex(v) for v in got]}, want "
                    f"{[hex(v) for v in want]}")
    last = len(events) - 1
    if events[last]["ev"] == "game_over" and last in fe.sid_span:
        notes = [w.value for w in writes[fe.sid_span[last][0]:] if w.reg == SID_FREQ_HI]
        want = SFX_WIN if events[last]["winner"] == 0 else SFX_LOSE
        if notes[:1] != [want]:
            return f"SID at the game's end: notes {[hex(v) for v in notes[:3]]}, want {want:#x}"
    return None


def gate_problems(writes) -> str | None:
    """Each note starts with the gate bit (after a gate-off with its waveform: the attack
    starts afresh) and is let go keeping its waveform, so its release sounds: a control
    write of 0 (waveform cleared, the note cut dead) is a fault."""
    ctrl = [w.value for w in writes if w.reg == SID_CTRL]
    if 0 in ctrl:
        return "SID: a note cut dead (control register written 0: no release)"
    for i, w in enumerate(writes):
        if w.reg != SID_FREQ_HI:
            continue
        after = [x.value for x in writes[i + 1:i + 4] if x.reg == SID_CTRL][:2]
        if len(after) == 2 and (after[1] != after[0] | SID_GATE or after[0] & SID_GATE):
            return (f"SID: a note (frequency ${w.value:02X}) did not start with the gate "
                    f"going off then on: control {[hex(v) for v in after]}")
    return None


def releases(writes) -> int:
    """Notes let go with the waveform kept: control writes without the gate bit that are
    not the first half of a new note's gate-off/gate-on."""
    ctrl = [w for w in writes if w.reg in (SID_CTRL, SID_FREQ_HI, 0x00)]
    count = 0
    for i, w in enumerate(ctrl):
        if w.reg == SID_CTRL and w.value and not w.value & SID_GATE:
            nxt = ctrl[i + 1] if i + 1 < len(ctrl) else None
            if not (nxt is not None and nxt.reg == SID_CTRL and nxt.value == w.value | SID_GATE):
                count += 1
    return count


def silence(fe: Frontend) -> str | None:
    """Sound off: no note from the start of the game."""
    first = min(fe.sid_span.values(), default=(len(fe.c64.sid_writes), 0))[0]
    notes = [w for w in fe.c64.sid_writes[first:] if w.reg == SID_FREQ_HI]
    return f"sound off, yet {len(notes)} notes played" if notes else None


def pace_units(e: dict) -> int:
    """The computer's pause after an event, in units of one card's pause (c64/hooks.oph)."""
    kind = e["ev"]
    if kind == "bid":
        return 1 if e["call"] == "pass" else 3
    if kind == "play":
        return 0 if e["seat"] == 0 else 1
    if kind == "redeal":
        return 4 if e["call"] == "redeal" else 1
    if kind == "defend":
        return 3 if e["alone"] else 1
    return {"first_dealer": 4, "deal": 2, "discard": 1, "passed_out": 4, "trick": 3,
            "score": 6, "joker_suit": 2}.get(kind, 0)


def pause_problems(fe: Frontend, events: list[dict], speed: str) -> str | None:
    """Each event not followed by South's prompt waits exactly its pause."""
    for i in range(len(events) - 1):
        if i not in fe.pauses or south_decides(events[i + 1]):
            continue
        want = pace_units(events[i]) * SPEED_FRAMES[speed]
        if fe.pauses[i] != want:
            return (f"the pause after event {i} {events[i]} at {speed}: {fe.pauses[i]} "
                    f"frames, want {want}")
    return None


def south_decides(e: dict) -> bool:
    return e.get("seat") == 0 and e["ev"] in ("bid", "discard", "play", "redeal", "defend",
                                              "joker_suit")
