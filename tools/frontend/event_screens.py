"""The C64 table after each game event, predicted from pyengine's events.

``Frontend(record_events=True)`` keeps the screen as it is when the program
reports the next event (so the previous one is drawn and its pause is over).
:func:`event_problems` walks the reference transcript (pyengine's game, which
the driver has already found identical to the 6502's), keeps the table a
player sees (score, tricks, trump line, dealer, the backs and OUT, the middle,
South's hand) and checks, after every event that is not followed by a South
prompt, the regions of tools/frontend/screen_regions.py: the status rows, the names,
the backs, the middle, the hand, row 21 (blank: no numbers or bids while the
computer plays), the message line the event writes, and the keys line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.core.cards import SUITS, parse_card
from pyengine.core.rules import BIT93, Rules

from ..machine.screen import COLS
from .screen_read import (
    BACKS_COL,
    BACKS_ROW,
    HAND_COLS,
    ROW_CHOICES,
    ROW_HAND,
    ROW_INFO,
    ROW_KEYS,
    ROW_MSG,
    ROW_STATUS,
    SEAT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    UPCARD_COL,
    UPCARD_ROW,
    Screen,
    display_order,
)
from .screen_regions import (
    ANY,
    BACK_GLYPH,
    BACKS_MAX,
    BG_BACK,
    GREY,
    HINT,
    JOKER_CHIP_DROP,
    LABEL_DOWN,
    LABEL_UP,
    LIGHT_BLUE,
    TEXT,
    UPCARD_LABEL_COL,
    UPCARD_LABEL_ROW,
    Cell,
    Model,
    draw_names,
    draw_rules_code,
    score_words,
    tricks_words,
)

KEYS_WAITING = "ANY KEY: HURRY UP   RUN/STOP: QUIT"
MSG_PASSED_OUT = "ALL PASSED TWICE: NO HAND"


@dataclass
class Table:
    """What the front end shows, kept event by event (c64/hooks.oph's on_* handlers)."""

    seed: int
    total: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trump: int | None = None
    maker: int = 0
    alone: bool = False
    dealer: int | None = None
    out: int | None = None
    defender_out: int | None = None                   # a lone defender's partner
    backs: list[int] = field(default_factory=lambda: [0] * 4)
    south: list[int] = field(default_factory=list)    # South's cards as shown
    south_trump: int | None = None                    # the sort they are shown in
    upcard: int | None = None
    joker_suit: int | None = None                     # named for an upcard joker
    middle: str = "none"                              # none, up, down, trick
    trick: list[tuple[int, int]] = field(default_factory=list)
    message: str | None = None                        # None: whatever South's prompt left
    message_suit: int | None = None                   # "X NAMES <suit>"
    message_alone: bool = False                       # and " ALONE" after it
    prompt_messages: bool = True                      # False: keys at the prompts (fuzz)
    south_human: bool = True                          # False: the demo
    rules: Rules = BIT93                              # the rules code, top left

    def __post_init__(self) -> None:
        sides = self.rules.teams              # two teams, or three cutthroat seats
        self.total, self.tricks = [0] * sides, [0] * sides

    def _say(self, text: str | None, suit: int | None = None, alone: bool = False) -> None:
        self.message, self.message_suit, self.message_alone = text, suit, alone

    def apply(self, e: dict) -> None:
        kind = e["ev"]
        seat = e.get("seat")
        if kind == "first_dealer":
            self.dealer = e["dealer"]
            self._say(f"{SEAT_WORDS[self.dealer]} DEALS FIRST")
        elif kind == "deal":
            self.dealer, self.trump, self.out = e["dealer"], None, None
            self.defender_out = None
            self.tricks = [0] * self.rules.teams
            self.backs = [5] * self.rules.players + [0] * (4 - self.rules.players)
            self.south = [parse_card(c) for c in e["hands"][0]]
            self.south_trump = None
            self.upcard, self.middle, self.trick = parse_card(e["upcard"]), "up", []
            self.joker_suit = None
            self._say(f"{SEAT_WORDS[self.dealer]} DEALS")
        elif kind == "joker_suit":            # c64/jokerask.oph
            self.joker_suit = SUITS.index(e["suit"])
            self._say(f"{SEAT_WORDS[seat]} NAMES THE JOKER ", self.joker_suit)
        elif kind == "bid":
            if e["round"] == 2:
                self.middle = "down"
            if e["call"] == "pass":
                self._say(f"{SEAT_WORDS[seat]} PASSES")
                return
            self.trump, self.maker, self.alone = SUITS.index(e["suit"]), seat, e["alone"]
            if e["round"] == 2:
                self._say(f"{SEAT_WORDS[seat]} NAMES ", self.trump, e["alone"])
            elif seat == self.dealer:
                self._say(f"{SEAT_WORDS[seat]} PICKS IT UP", None, e["alone"])
            else:
                self._say(f"{SEAT_WORDS[seat]} ORDERS IT UP", None, e["alone"])
            self.south_trump = self.trump
            if e["alone"]:
                self.out = (seat + 2) % 4
        elif kind == "discard":
            self.middle = "none"
            if seat == 0:                     # the dealer took the upcard, put one away
                self.south.append(self.upcard)
                self.south.remove(parse_card(e["card"]))
            self._say(f"{SEAT_WORDS[seat]} DISCARDS")
        elif kind == "passed_out":
            self._say(MSG_PASSED_OUT)
        elif kind == "redeal":                # the standard options (c64/asks.oph)
            self._say(f"{SEAT_WORDS[seat]} " + ("ASKS FOR A NEW DEAL" if e["call"] == "redeal"
                                                else "KEEPS THE HAND"))
        elif kind == "defend":
            self._say(f"{SEAT_WORDS[seat]} DEFENDS " + ("ALONE" if e["alone"] else
                                                        "WITH PARTNER"))
            if e["alone"]:
                self.defender_out = (seat + 2) % 4
        elif kind == "play":
            card = parse_card(e["card"])
            if self.middle != "trick":
                self.middle, self.trick = "trick", []
            self.trick.append((seat, card))
            self.backs[seat] -= 1
            if seat == 0:
                self.south.remove(card)
            lead = len(self.trick) == 1           # who plays: never the last trick's taker
            self._say(f"{SEAT_WORDS[seat]} {'LEADS' if lead else 'PLAYS'}")
        elif kind == "trick":
            self.tricks[e["winner"] if self.rules.players == 3 else e["winner"] % 2] += 1
            self.middle, self.trick = "none", []
            self._say(f"{SEAT_WORDS[e['winner']]} TAKES THE TRICK")
        elif kind == "score":
            self.total = list(e["total"])
            made = e["tricks"][e["makers"]]
            lead = "EUCHRED! " if made < 3 else "MARCH! " if made == 5 else ""
            if self.rules.players == 3:          # c64/threeseats.oph score_three_says
                maker = e["makers"]
                if made >= 3:
                    self._say(f"{lead}{SEAT_WORDS[maker]} SCORES {e['points'][maker]}")
                else:
                    a, b = (SEAT_WORDS[s] for s in range(3) if s != maker)
                    self._say(f"{lead}{a} AND {b} SCORE {self.rules.points_euchre}")
            else:
                team = 0 if e["points"][0] else 1
                self._say(f"{lead}{('WE', 'THEY')[team]} SCORE {e['points'][team]}")
            self.trump = None

    def model(self) -> Model:
        m = Model()
        m.region_cells(ROW_STATUS, 0, 1, COLS, "score")
        m.text(ROW_STATUS, 0, f"GAME {self.seed}", TEXT, "score")
        m.text(ROW_STATUS, 15, "EUCHRE 64", HINT, "score")
        m.text(ROW_STATUS, *score_words(self.total), TEXT, "score")
        draw_rules_code(m, self.rules)
        m.region_cells(ROW_INFO, 0, 1, COLS, "trump line")
        if self.trump is not None:
            col = m.text(ROW_INFO, 0, "TRUMP ", TEXT, "trump line")
            col = m.suit(ROW_INFO, col, self.trump, "trump line")
            words = f" BY {SEAT_WORDS[self.maker]}" + (" ALONE" if self.alone else "")
            m.text(ROW_INFO, col, words, TEXT, "trump line")
            m.text(ROW_INFO, *tricks_words(self.tricks), TEXT, "trump line")
        draw_names(m, self.dealer, self.rules.players)
        for seat in range(1, self.rules.players):
            r, c, region = BACKS_ROW[seat], BACKS_COL[seat], f"backs {SEAT_WORDS[seat]}"
            m.region_cells(r, c, 2, BACKS_MAX, region)
            if seat in (self.out, self.defender_out):
                m.text(r, c, "OUT", HINT, region)
                continue
            for i in range(self.backs[seat]):
                for dr in (0, 1):
                    m.put(r + dr, c + i, Cell(BACK_GLYPH, BG_BACK, LIGHT_BLUE), region)
        m.region_cells(6, 9, 11, 21, "trick")
        if self.middle in ("up", "down"):
            down = self.middle == "down"
            m.text(UPCARD_LABEL_ROW, UPCARD_LABEL_COL, LABEL_DOWN if down else LABEL_UP, HINT,
                   "trick")
            m.card(UPCARD_ROW, UPCARD_COL, self.upcard, "trick", colour=GREY if down else None)
            if self.joker_suit is not None:
                m.suit(UPCARD_ROW + JOKER_CHIP_DROP, UPCARD_COL, self.joker_suit, "trick")
        for seat, card in self.trick:
            m.card(TRICK_ROW[seat], TRICK_COL[seat], card, "trick")
        m.region_cells(ROW_HAND, 0, 3, COLS, "hand")
        for pos, card in enumerate(display_order(self.south, self.south_trump)):
            m.card(ROW_HAND, HAND_COLS[pos], card, "hand", trump=self.south_trump)
        m.region_cells(ROW_CHOICES, 0, 1, COLS, "choices")
        m.region_cells(ROW_MSG, 0, 1, COLS, "message")
        if self.message is None:              # what South's prompt left
            for c in range(COLS):
                m.put(ROW_MSG, c, ANY, "message")
        else:
            col = m.text(ROW_MSG, 0, self.message, TEXT, "message")
            if self.message_suit is not None:
                col = m.suit(ROW_MSG, col, self.message_suit, "message")
            if self.message_alone:
                m.text(ROW_MSG, col, " ALONE", TEXT, "message")
        m.region_cells(ROW_KEYS, 0, 1, COLS, "keys")
        m.text(ROW_KEYS, 0, KEYS_WAITING, HINT, "keys")
        return m


def _south_decides(e: dict) -> bool:
    return e.get("seat") == 0 and e["ev"] in ("bid", "discard", "play", "redeal", "defend",
                                              "joker_suit")


def event_problems(seed: int, events: list[dict], drawn: dict[int, Screen],
                   prompt_messages: bool = True, south_human: bool = True,
                   rules: Rules = BIT93) -> str | None:
    """The first event after which the screen (``drawn[i]``: the screen once event i
    is drawn) differs from the table the reference events make; None if none does.
    ``prompt_messages`` False: keys pressed at South's prompts (fuzz) may have left
    another message than the prompt's own; ``south_human`` False: the demo, where
    South's seat is the computer's too."""
    table = Table(seed, prompt_messages=prompt_messages, south_human=south_human,
                  rules=rules)
    for i, e in enumerate(events):
        table.apply(e)
        if i + 1 >= len(events) or (south_human and _south_decides(events[i + 1])) \
                or i not in drawn:
            continue
        model = table.model()
        if e["ev"] == "first_dealer":         # the cards dealt for it lie over each other
            for r in range(6, 17):
                for c in range(9, 30):
                    model.put(r, c, ANY, "trick")
        problems = model.problems(drawn[i])
        if problems:
            return (f"game {seed}, after event {i} {e}: " + "; ".join(problems)
                    + "\n" + drawn[i].text())
    return None
