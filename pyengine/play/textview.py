"""Text rendering for shell play: cards, hands, the table, and the game's story.

Nothing here reads input or touches a stream; every function returns strings,
so :mod:`pyengine.play.shell` decides where they go and the tests can look at them.

* :class:`Style` says how a card looks: ``J♦`` in red (ANSI, on a terminal),
  ``J♦`` plain (a pipe or file), or ``JD`` / ``10H`` (``--ascii``). Black
  suits use the terminal's default colour, since literal black vanishes on a
  dark background.
* :func:`sort_hand` orders a hand for display: trump first once it is known
  (right bower, left bower, A, K, ...), then the other suits alternating colour.
* :func:`status_lines` is the compact block shown at each of the human's
  decisions, built only from that seat's :class:`~pyengine.core.game.SeatView`.
* :class:`Narrator` turns the event stream (the transcript's events) into
  lines of story, keeping just enough context (dealer, upcard, the trick so
  far) to say who did what; it hides other seats' face-down discards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pyengine.core.cards import (
    CONTRACT_WORDS,
    EFFECTIVE_SUIT,
    EXT,
    JOKER,
    JOKER_LABEL,
    JOKER_NAME,
    JOKER_SUIT,
    NO_TRUMP_HIGH,
    RANK_WORDS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TRUMP_RANK,
    Card,
    Suit,
    is_red,
    is_suit_contract,
    rank_of,
    rank_word,
    suit_of,
)
from pyengine.core.events import (
    BID,
    NAME,
    ORDER,
    PASS,
    Bid,
    Deal,
    Declare,
    Defend,
    Discard,
    Event,
    FirstDealer,
    GameOver,
    JokerSuit,
    PassedOut,
    Play,
    Redeal,
    Score,
    Trick,
)
from pyengine.core.game import SEAT_NAMES, Phase, SeatView, partner_of, team_of
from pyengine.core.rules import Rules

ANSI_RED = "\x1b[31m"
ANSI_BOLD = "\x1b[1m"
ANSI_RESET = "\x1b[0m"
ANSI_DEFAULT_FG = "\x1b[39m"   # ends the red only, so a bold line stays bold

# Display order of the suits when trump is unknown: alternate colours S H C D.
DISPLAY_SUIT_ORDER = (0, 1, 3, 2)

TEAM_NAMES = ("North-South", "East-West")


@dataclass(frozen=True)
class Style:
    """How text looks: suit symbols or letters, ANSI colour or none."""

    symbols: bool = True
    colour: bool = False

    @property
    def ascii(self) -> bool:
        """True when cards are written in plain ASCII."""
        return not self.symbols

    @property
    def dash(self) -> str:
        """A dash: ``-`` in ASCII, an em dash otherwise."""
        return "-" if self.ascii else "\u2014"

    @property
    def sep(self) -> str:
        """The separator between parts of a line."""
        return " | " if self.ascii else " \u00b7 "

    @property
    def arrow(self) -> str:
        """An arrow: ``->`` in ASCII."""
        return "->" if self.ascii else "\u2192"

    def suit(self, suit: Suit) -> str:
        """A suit as a symbol (coloured red if allowed) or a letter."""
        text = SUIT_SYMBOLS[suit] if self.symbols else SUITS[suit]
        return self._paint(text, suit)

    def card(self, card: Card) -> str:
        """A card as ``10♥`` or ``TH``, coloured red if allowed."""
        if card == JOKER:
            return JOKER_LABEL if self.symbols else JOKER_NAME
        rank = rank_of(card)
        word = RANK_WORDS[rank] if rank >= 0 else rank_word(rank)
        text = word + (SUIT_SYMBOLS if self.symbols else SUITS)[suit_of(card)]
        return self._paint(text, suit_of(card))

    def contract_word(self, trump: int) -> str:
        """A trump suit, or Bid Euchre's no-trump high/low."""
        return self.suit_word(trump) if is_suit_contract(trump) else CONTRACT_WORDS[trump]

    def suit_word(self, suit: Suit) -> str:
        """``♥ hearts`` / ``H (hearts)``: the symbol and the name."""
        if self.symbols:
            return f"{self.suit(suit)} {SUIT_NAMES[suit]}"
        return f"{SUITS[suit]} ({SUIT_NAMES[suit]})"

    def bold(self, text: str) -> str:
        """``text`` in bold when colour is allowed."""
        return f"{ANSI_BOLD}{text}{ANSI_RESET}" if self.colour else text

    def _paint(self, text: str, suit: Suit) -> str:
        if self.colour and is_red(suit):
            return f"{ANSI_RED}{text}{ANSI_DEFAULT_FG}"
        return text


def sort_hand(hand: tuple[Card, ...] | list[Card], trump: Suit | None) -> list[Card]:
    """Display order: by suit (trump first once known), high rank to low within a suit."""
    if any(c >= len(EFFECTIVE_SUIT[0]) for c in hand) or (trump is not None and trump >= 4):
        return _sort_any(hand, trump)
    if trump is None:
        def key(c: Card) -> tuple[int, int]:
            return (DISPLAY_SUIT_ORDER.index(suit_of(c)), -rank_of(c))
        return sorted(hand, key=key)
    # Other suits keep alternating colours after trump: trump, then the next
    # suit of the other colour, and so on round the S H C D cycle.
    start = DISPLAY_SUIT_ORDER.index(trump)
    order = [DISPLAY_SUIT_ORDER[(start + k) % 4] for k in range(4)]
    eff, ranks = EFFECTIVE_SUIT[trump], TRUMP_RANK[trump]

    def tkey(c: Card) -> tuple[int, int]:
        s = eff[c]
        return (order.index(s), -ranks[c] if s == trump else -rank_of(c))
    return sorted(hand, key=tkey)


def _sort_any(hand: tuple[Card, ...] | list[Card], trump: Suit | None) -> list[Card]:
    """sort_hand for the variants' cards (7s, 8s, the joker) and no-trump contracts."""
    contract = trump if trump is not None else NO_TRUMP_HIGH
    start = DISPLAY_SUIT_ORDER.index(trump) if trump is not None and trump < 4 else 0
    order = [DISPLAY_SUIT_ORDER[(start + k) % 4] for k in range(4)]
    eff = EXT.effective_suit[contract]

    def key(c: Card) -> tuple[int, int]:
        s = eff[c]
        return (-1 if s == JOKER_SUIT else order.index(s),
                -EXT.power[contract][s if s < 4 else 0][c])
    return sorted(hand, key=key)


def seat_name(seat: int, human: int | None) -> str:
    """``You`` for the human's seat, else South, West, North or East."""
    return "You" if seat == human else SEAT_NAMES[seat]


def seat_word(seat: int, human: int | None) -> str:
    """A seat's name in mid-sentence: ``you`` or ``West``."""
    return "you" if seat == human else SEAT_NAMES[seat]


def team_label(team: int, human: int | None, players: int = 4) -> str:
    """A team's name as the score line shows it."""
    if players == 3:
        return seat_word(team, human)
    if human is None:
        return TEAM_NAMES[team]
    return "us" if team == team_of(human) else "them"


def score_text(total: tuple[int, ...] | list[int], human: int | None) -> str:
    """The score line."""
    if len(total) == 3:
        return ", ".join(f"{seat_name(s, human)} {total[s]}" for s in range(3))
    if human is None:
        return f"{TEAM_NAMES[0]} {total[0]}, {TEAM_NAMES[1]} {total[1]}"
    us = team_of(human)
    return f"us {total[us]}, them {total[1 - us]}"


def hand_text(cards: list[Card], style: Style, numbered: bool = True) -> str:
    """A hand, sorted for display, its cards numbered."""
    if not numbered:
        return " ".join(style.card(c) for c in cards)
    return "  ".join(f"{i}:{style.card(c)}" for i, c in enumerate(cards, 1))


def trick_text(trick: tuple[tuple[int, Card], ...] | list[tuple[int, Card]], style: Style,
               human: int | None) -> str:
    """The trick on the table."""
    return ", ".join(f"{seat_name(s, human)} {style.card(c)}" for s, c in trick)


def status_lines(v: SeatView, hand_no: int, style: Style) -> list[str]:
    """The compact table view for seat ``v.seat`` (the human) at a decision."""
    me = v.seat
    sep = style.sep
    up = "" if v.upcard is None else f"upcard: {style.card(v.upcard)}{sep}"
    if v.upcard == JOKER and v.up_suit is not None:
        up = f"upcard: {style.card(v.upcard)} as {style.suit_word(v.up_suit)}{sep}"
    head = (f"Hand {hand_no}{sep}dealer: {seat_name(v.dealer, me)}{sep}"
            f"{up}score: {score_text(v.total, me)}")
    lines = [style.bold(head)]
    if v.trump is None:
        if v.upcard is None:
            high = ("no bid yet" if v.contract is None
                    else f"high bid {v.contract} by {seat_word(v.high_bidder, me)}")
            lines.append(f"  bidding ({high})")
        else:
            turned = " (turned down)" if v.round == 2 else ""
            lines.append(f"  bidding, round {v.round}{turned}")
    else:
        made = f"trump: {style.contract_word(v.trump)}, made by {seat_word(v.maker, me)}"
        if v.contract is not None:
            made += f" (bid {v.contract})"
        if v.alone:
            made += f" alone ({seat_word(v.sitting_out, me)} sitting out)"
        if v.defender_out is not None:
            made += f"; {seat_word(v.defender_out, me)} sits out (defending alone)"
        if v.players == 3:
            won = ", ".join(f"{seat_word(s, me)} {v.tricks_won[s]}" for s in range(3))
            lines.append(f"  {made}{sep}tricks: {won}")
        else:
            us = team_of(me)
            lines.append(f"  {made}{sep}tricks: us {v.tricks_won[us]}, "
                         f"them {v.tricks_won[1 - us]}")
        if v.trick:
            lines.append(f"  on the table: {trick_text(v.trick, style, me)}")
        elif v.phase is Phase.PLAY:
            lines.append("  on the table: nothing yet, your lead")
    lines.append(f"  your hand: {hand_text(sort_hand(v.hand, v.trump), style)}")
    return lines


def bid_text(bid: Bid, dealer: int, upcard: Card, style: Style, human: int | None) -> str:
    """A bid in words."""
    who = seat_name(bid.seat, human)
    if bid.call == PASS:
        return f"{who}: pass"
    if bid.call == BID:
        return f"{who}: bid {bid.tricks}"
    if bid.call == ORDER:
        what = (f"pick up {style.card(upcard)}" if bid.seat == dealer
                else f"order up {style.card(upcard)}")
    elif bid.call == NAME:
        what = f"name {style.suit_word(bid.suit)}"
    else:
        what = f"{bid.call} {bid.suit}"
    if bid.alone:
        partner = partner_of(bid.seat)
        what += (f", alone ({seat_word(partner, human)} sit"
                 f"{'' if partner == human else 's'} out)")
    return f"{who}: {what}"


@dataclass
class Narrator:
    """Turns events into story lines for the seat ``human`` (None: show everything)."""

    style: Style
    human: int | None = None
    dealer: int = 0
    upcard: Card = Card(0)
    trump: Suit | None = None
    maker: int | None = None
    alone: bool = False
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trick_no: int = 0
    players: int = 4

    def feed(self, ev: Event) -> list[str]:
        """The lines that narrate one event."""
        st, me = self.style, self.human
        if isinstance(ev, FirstDealer):
            if not ev.cards:
                return [f"{seat_name(ev.dealer, me)} deal{'' if ev.dealer == me else 's'} "
                        "first (chosen at random)."]
            shown = ", ".join(f"{seat_name(i % 4, me)} {st.card(c)}"
                              for i, c in enumerate(ev.cards))
            return ["Choosing the first dealer: cards dealt face up until a black jack:",
                    f"  {shown} {st.arrow} {seat_word(ev.dealer, me)} deal"
                    f"{'' if ev.dealer == me else 's'} first."]
        if isinstance(ev, Deal):
            self.dealer, self.upcard = ev.dealer, ev.upcard
            self.trump = self.maker = None
            self.alone = False
            self.players = len(ev.hands)
            self.trick, self.tricks, self.trick_no = [], [0] * min(self.players, 3), 0
            if self.players == 4:
                self.tricks = [0, 0]
            up = "" if ev.upcard is None else f"{st.sep}upcard: {st.card(ev.upcard)}"
            out = ["", st.bold(f"{st.dash * 2} Hand {ev.hand}{st.sep}dealer: "
                               f"{seat_name(ev.dealer, me)}{up} {st.dash * 2}")]
            if me is None:
                for s in range(len(ev.hands)):
                    out.append(f"  {SEAT_NAMES[s]:<5}: "
                               f"{hand_text(sort_hand(ev.hands[s], None), st, False)}")
            else:
                out.append(f"  your hand: {hand_text(sort_hand(ev.hands[me], None), st, False)}")
            return out
        if isinstance(ev, Bid):
            out = [bid_text(ev, self.dealer, self.upcard, st, me)]
            if ev.call != PASS:
                self.trump, self.maker, self.alone = ev.suit, ev.seat, ev.alone
            elif ev.round == 1 and ev.seat == self.dealer and self.upcard is not None:
                out.append(f"{seat_name(self.dealer, me)} turn"
                           f"{'' if self.dealer == me else 's'} down {st.card(self.upcard)}; "
                           "round 2: name another suit or pass.")
            return out
        if isinstance(ev, Discard):
            who = seat_name(ev.seat, me)
            if me is None or ev.seat == me:
                return [f"{who}: discard {st.card(ev.card)} (face down)"]
            return [f"{who}: discard a card face down"]
        if isinstance(ev, PassedOut):
            return ["All passed twice: hand not played, the deal moves left."]
        if isinstance(ev, Play):
            self.trick.append((ev.seat, ev.card))
            return []
        if isinstance(ev, Trick):
            self.trick_no += 1
            self.tricks[ev.winner if self.players == 3 else team_of(ev.winner)] += 1
            line = (f"Trick {self.trick_no}: {trick_text(self.trick, st, me)} "
                    f"{st.arrow} {seat_word(ev.winner, me)} take"
                    f"{'' if ev.winner == me else 's'} it")
            self.trick = []
            return [line]
        if isinstance(ev, Score):
            return self._score(ev)
        if isinstance(ev, GameOver):
            return self.final_lines(ev.total, ev.winner)
        return self._variant(ev)

    def _variant(self, ev: Event) -> list[str]:
        """The variants' own events."""
        st, me = self.style, self.human
        if isinstance(ev, Declare):
            self.trump, self.maker = ev.trump, ev.seat
            return [f"{seat_name(ev.seat, me)}: declare {st.contract_word(ev.trump)}"]
        if isinstance(ev, JokerSuit):
            return [f"{seat_name(ev.seat, me)}: the joker upcard stands for "
                    f"{st.suit_word(ev.suit)}"]
        if isinstance(ev, Redeal):
            why = "a farmer's hand" if ev.reason == "farmers_hand" else \
                "no ace, no face, no trump"
            what = "asks for a new deal" if ev.call == "redeal" else "keeps the hand"
            return [f"{seat_name(ev.seat, me)} ({why}): {what}"]
        if isinstance(ev, Defend):
            if not ev.alone:
                return [f"{seat_name(ev.seat, me)}: defend with partner"]
            return [f"{seat_name(ev.seat, me)}: defend alone "
                    f"({seat_word(partner_of(ev.seat), me)} sits out)"]
        return [repr(ev)]

    def _score(self, ev: Score) -> list[str]:
        me = self.human
        makers = ev.makers
        if ev.bid is not None:
            taken = ev.tricks[makers]
            verdict = "made it;" if taken >= ev.bid else "set!"
            gained = ", ".join(f"{team_label(t, me)} {ev.points[t]:+d}" for t in (0, 1))
            who = team_label(makers, me)
            makers_name = who if me is None else f"the makers ({who})"
            return [f"Hand over: {makers_name} bid {ev.bid} and took {taken}: {verdict} "
                    f"{gained}.", f"  Score: {score_text(ev.total, me)}"]
        if len(ev.total) == 3:
            taken = ev.tricks[makers]
            gained = ", ".join(f"{seat_word(s, me)} +{p}" for s, p in enumerate(ev.points) if p)
            word = "euchred! " if taken < 3 else (self._march() + " " if taken == 5 else "")
            return [f"Hand over: {seat_word(makers, me)} made trump and took {taken}: "
                    f"{word}{gained}.", f"  Score: {score_text(ev.total, me)}"]
        taken = ev.tricks[makers]
        gainer = 0 if ev.points[0] else 1
        who = team_label(makers, me)
        if taken < 3:
            verdict = f"euchred! {team_label(gainer, me)} +{ev.points[gainer]}"
        elif taken == 5:
            verdict = f"{self._march()} {who} +{ev.points[gainer]}"
        else:
            verdict = f"{who} +{ev.points[gainer]}"
        makers_name = "the makers" if me is None else f"the makers ({who})"
        return [f"Hand over: {makers_name} took {taken} trick{'s' if taken != 1 else ''}: "
                f"{verdict}.", f"  Score: {score_text(ev.total, me)}"]

    def _march(self) -> str:
        return "lone march!" if self.alone else "march!"

    def final_lines(self, total: tuple[int, ...] | list[int], winner: int) -> list[str]:
        """The lines after the game: the final score and the winner."""
        me = self.human
        if len(total) == 3:
            return ["", self.style.bold(f"Game over: {seat_name(winner, me)} "
                                        f"win{'' if winner == me else 's'}"),
                    f"Final score: {score_text(total, me)}"]
        if me is None:
            result = f"{TEAM_NAMES[winner]} win"
        else:
            result = "You and North win!" if winner == team_of(me) else "East and West win."
        return ["", self.style.bold(f"Game over: {result}"),
                f"Final score: {TEAM_NAMES[0]} {total[0]}, {TEAM_NAMES[1]} {total[1]}"]


def intro_line(rules: Rules) -> str:
    """Who the human plays with and against, said once at the start."""
    if rules.players == 3:
        return ("You are South, against West and North: three players, each for himself.\n"
                "Type ? at any prompt for help.")
    return ("You are South; your partner is North, against West and East.\n"
            "Type ? at any prompt for help.")


WIDTH = 80


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible_len(text: str) -> int:
    """Columns ``text`` takes on a terminal: colour codes take none."""
    return len(_ANSI.sub("", text))


def fit(line: str, width: int = WIDTH) -> list[str]:
    """``line`` broken between words to fit ``width`` columns (colour codes take no
    room), continuation lines indented two more than the first."""
    if "\n" in line:
        return [part for piece in line.split("\n") for part in fit(piece, width)]
    if visible_len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    indent = " " * (lead + 2)
    out: list[str] = []
    current = line[:lead]
    for word in line[lead:].split(" "):
        if not word and current.strip() == "":
            continue                                # no blank at the start of a line
        gap = "" if current.strip() == "" else " "
        if current.strip() and visible_len(current + gap + word) > width:
            out.append(current.rstrip(" "))
            current, gap = indent, ""
        current += gap + word
    out.append(current.rstrip(" "))
    return out


def fit_prompt(prompt: str, width: int = WIDTH) -> str:
    """A prompt that fits: all but its last line end in a newline, and the last
    keeps the prompt's trailing space for the answer."""
    lines = fit(prompt.rstrip(" "), width - 8)          # leave room to type the answer
    return "\n".join(lines) + prompt[len(prompt.rstrip(" ")):]
