"""``euchre play``: a game of Euchre in the shell, South (seat 0) against the computer.

The engine (:class:`~pyengine.core.game.GameState`) runs the game; this module only
asks the human for decisions, reads the answers and prints what happens (the
words and the look of the cards are :mod:`pyengine.play.textview`'s). Seats 1-3 are
:class:`~pyengine.players.varplayer.VariantPlayer` (the reference player wherever the
rules are Bit #93's shape); with ``auto`` seat 0 is too.

Variants add prompts: Bid Euchre's bid (``p`` or 3-6) and declaration (``s h d
c``, ``hi``, ``lo``), the joker upcard's suit (the dealer), a new deal on
request (``r``/``k``) and defending alone (``a``/``p``).

Answers (``?`` at any prompt shows them):

* bidding, round 1: ``p`` pass, ``o`` order up (the dealer: pick up), ``a``
  alone (``oa``, ``o a`` too); the dealer's partner may only pass or order up
  alone (Canadian rule), and the prompt says so.
* bidding, round 2: ``p``, or a suit letter ``s h d c`` with ``a`` before or
  after it to go alone (``ha``, ``a h``); suit names and symbols work too. The
  prompt is short; a note above it says which suit is turned down.
* discard and play: the card's number in the displayed hand, or its name
  (``JD``, ``jd``, ``10h``, ``Th``).
* ``?`` shows the keys and the rules in force (:mod:`pyengine.play.helptext`); ``t``
  (or ``hint``) asks the search player for a tip (:mod:`pyengine.play.hints`).
* ``q`` quits, showing the score so far.

An answer the shell cannot read, or one the rules reject, gets a one-line
reason (the rules' reasons come from :meth:`GameState.why_illegal`) and the
same prompt again.

Exit codes:

* 0 - the game was played to the end, or the player quit with ``q``
* 1 - the input ended (EOF) before the game was over, the transcript
  could not be written at the end (it is then printed on stderr), or a game
  of computers only (``--auto``) was not decided within the hand limit
  (:data:`pyengine.players.runner.MAX_HANDS` deals)
* 2 - a usage error found before the game starts: unknown rules preset, or a
  transcript path that cannot be written (a missing or locked folder, a FIFO,
  a device) or that exists (``--force`` replaces it)
* 130 - interrupted with Ctrl-C (SIGINT); 143 - ended by SIGTERM (``kill``)

Every way out (end, ``q``, EOF, Ctrl-C, ``kill``) prints the score so far and,
with ``--transcript``, writes the events so far (an unfinished game's transcript
simply has no ``game_over``; the shell says so). The transcript is written as
the game goes (:mod:`pyengine.records.transcript_writer`), so even ``kill -9`` leaves the
game so far in ``FILE.partial``. A line that is not text in the input's encoding,
or longer than an answer can be, is refused like any other bad answer.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from pyengine.core.cards import (
    NO_TRUMP_HIGH,
    NO_TRUMP_LOW,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardParseError,
    card_name,
    parse_card,
    suit_of,
)
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    GameState,
    IllegalAction,
    JokerSuitAction,
    Phase,
    PlayAction,
    RedealAction,
    SeatView,
)
from pyengine.core.options import OptionError, parse_assignment, rules_from
from pyengine.core.rng import SEED_MAX, SEED_MIN
from pyengine.core.rules import Rules, UnknownRules
from pyengine.play.helptext import help_lines
from pyengine.play.terminal import colour_allowed, edited_line, line_editing, locale_is_ascii
from pyengine.play.textview import (
    Narrator,
    Style,
    fit,
    fit_prompt,
    intro_line,
    score_text,
    seat_word,
    sort_hand,
    status_lines,
)
from pyengine.players.player import Player
from pyengine.players.runner import MAX_HANDS, HandLimitReached
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.safeio import UnreadableLine, exit_code_of, read_line, shielded, stop_signals
from pyengine.records.transcript import from_game
from pyengine.records.transcript_writer import TranscriptWriter, check_target

HUMAN = 0

EXIT_OK = 0
EXIT_EOF = 1
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPT = 130

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "h?", "help")


class AnswerError(ValueError):
    """An answer that is not a legal choice now; the message says why, in one line."""


class Quit(Exception):
    """The player typed q."""


class EndOfInput(Exception):
    """stdin ended before the game did."""


class OutputClosed(Exception):
    """Nobody reads stdout any more (``euchre play --auto | head``)."""


class _Out:
    """stdout that turns a broken pipe into one OutputClosed, then stays silent.

    The Python documentation's recipe: once the reader has gone, point the
    real file descriptor at /dev/null so the interpreter's final flush does
    not complain either.
    """

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.closed = stream is None        # no stdout at all (>&-): play on, silently

    def write(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.stream.write(text)
        except OSError:                     # a broken pipe; a full disk or a lost terminal
            self._close()
            raise OutputClosed from None

    def flush(self) -> None:
        if self.closed:
            return
        try:
            self.stream.flush()
        except OSError:
            self._close()
            raise OutputClosed from None

    def _close(self) -> None:
        self.closed = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
        except (OSError, AttributeError, ValueError):
            pass


# --- reading answers ----------------------------------------------------------

def _shown(text: str, most: int = 20) -> str:
    """An answer quoted back in a reason: a pasted page is not repeated whole."""
    return text if len(text) <= most else text[:most - 3] + "..."


_PASS_WORDS = {"p", "pass"}
_ORDER_WORDS = {"o", "order", "up", "pick", "pickup", "accept", "yes", "y"}
_ALONE_WORDS = {"a", "alone"}


def _suit_word(word: str) -> int | None:
    w = word.lower()
    for i, name in enumerate(SUIT_NAMES):
        if w in (SUITS[i].lower(), name, name.rstrip("s"), SUIT_SYMBOLS[i]):
            return i
    return None


def _bid_tokens(text: str) -> list[str]:
    """Split a bid answer into words; ``ha``/``ah``/``oa`` count as two words."""
    out: list[str] = []
    for w in text.lower().replace(",", " ").replace("+", " ").split():
        known = (w in _PASS_WORDS or w in _ORDER_WORDS or w in _ALONE_WORDS
                 or _suit_word(w) is not None)
        if not known and len(w) == 2 and "a" in w:
            out.extend(w)
        else:
            out.append(w)
    return out


def parse_bid(text: str, game: GameState) -> BidAction:
    """Read a bid for the seat to move; raise AnswerError (with the rules' reason)."""
    tokens = _bid_tokens(text)
    rnd = game.bid_round
    up_suit = suit_of(game.upcard)
    passing = ordering = alone = False
    suit: int | None = None
    for w in tokens:
        if w in _PASS_WORDS:
            passing = True
        elif w in _ORDER_WORDS:
            ordering = True
        elif w in _ALONE_WORDS:
            alone = True
        elif _suit_word(w) is not None:
            if suit is not None:
                raise AnswerError("name one suit only, e.g. h or ha")
            suit = _suit_word(w)
        else:
            keys = "p, o or a" if rnd == 1 else "p or a suit letter s h d c"
            raise AnswerError(f"{_shown(text.strip())!r} is not a bid: answer {keys} (? for help)")
    if passing:
        if ordering or alone or suit is not None:
            raise AnswerError("pass is a whole answer by itself: type p")
        action = BidAction(PASS)
    elif rnd == 1:
        if suit is not None and suit != up_suit:
            action = BidAction(NAME, suit, alone)
        else:
            action = BidAction(ORDER, up_suit, alone)
    else:
        if suit is None:
            if ordering:
                action = BidAction(ORDER, up_suit, alone)
            else:
                raise AnswerError("to go alone, name the suit too, e.g. ha or a h")
        else:
            action = BidAction(NAME, suit, alone)
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action


def parse_card_answer(text: str, shown: list[Card], game: GameState) -> Action:
    """Read a card (by number in ``shown`` or by name) for a discard or a play."""
    t = text.strip()
    n = len(shown)
    if t.isascii() and t.isdigit():    # not ², ① or ⒏: str.isdigit() takes those
        i = int(t) if len(t) <= 3 else 0
        if not 1 <= i <= n:
            raise AnswerError(f"{_shown(t)}: there is no card {_shown(t)}; pick a number "
                              f"{_range(n)} "
                              f"or a card name like {card_name(shown[0])}")
        card = shown[i - 1]
    else:
        try:
            card = parse_card(t)
        except CardParseError as exc:
            if len(t) <= 3 and t[:1].upper() in "9TJQKA1":
                raise AnswerError(f"{exc}; or pick a number {_range(n)}") from None
            raise AnswerError(f"{_shown(t)!r} is not a card: type its number ({_range(n)}) "
                              f"or its name, e.g. {card_name(shown[0])}") from None
        if card not in shown:
            raise AnswerError(f"you do not hold {t.upper()}")
    action: Action = (DiscardAction(card) if game.phase is Phase.DISCARD
                      else PlayAction(card))
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action


def parse_variant_answer(text: str, game: GameState) -> Action:
    """Answers to the variants' own questions (see VARIANT_PROMPTS)."""
    w = text.strip().lower()
    p = game.phase
    action: Action | None = None
    if p is Phase.AUCTION:
        if w in _PASS_WORDS:
            action = BidAction(PASS)
        elif w.isascii() and w.isdigit() and len(w) <= 3:
            action = BidAction(BID, None, False, int(w))
    elif p is Phase.DECLARE:
        contract = {"hi": NO_TRUMP_HIGH, "high": NO_TRUMP_HIGH, "lo": NO_TRUMP_LOW,
                    "low": NO_TRUMP_LOW}.get(w, _suit_word(w))
        action = None if contract is None else DeclareAction(contract)
    elif p is Phase.JOKER:
        suit = _suit_word(w)
        action = None if suit is None else JokerSuitAction(suit)
    elif p is Phase.REDEAL:
        action = {"r": RedealAction(True), "redeal": RedealAction(True),
                  "k": RedealAction(False), "keep": RedealAction(False)}.get(w)
    elif p is Phase.DEFEND:
        action = {"a": DefendAction(True), "alone": DefendAction(True),
                  "p": DefendAction(False), "partner": DefendAction(False),
                  "n": DefendAction(False), "no": DefendAction(False)}.get(w)
    if action is None:
        raise AnswerError(f"{_shown(text.strip())!r} is not an answer here (? for help)")
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action


VARIANT_PROMPTS = {
    Phase.AUCTION: lambda v: ("Your bid: [p]ass or a number of tricks "
                              + "/".join(str(a.tricks) for a in v.legal if a.call == BID)
                              + ("" if BidAction(PASS) in v.legal else " (you must bid)")
                              + "? "),
    Phase.DECLARE: lambda v: "Declare [s]pades [h]earts [d]iamonds [c]lubs, "
                             "no-trump [hi]gh or [lo]w? ",
    Phase.JOKER: lambda v: "The joker is the upcard: name its suit [s h d c]? ",
    Phase.REDEAL: lambda v: "Your hand may be thrown in: [r]edeal or [k]eep? ",
    Phase.DEFEND: lambda v: "Defend [a]lone (your partner sits out) or with your [p]artner? ",
}


# --- prompts ------------------------------------------------------------------

def _range(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"


def bid_prompt(v: SeatView, style: Style) -> tuple[list[str], str]:
    """Lines to explain the choice, and the prompt itself, from the legal bids."""
    legal = v.legal
    notes: list[str] = []
    up = style.card(v.upcard)
    if v.round == 1:
        dealer = v.seat == v.dealer
        verb = "pick up" if dealer else "order up"
        can_order = any(a.call == ORDER and not a.alone for a in legal)
        can_alone = any(a.call == ORDER and a.alone for a in legal)
        keys = ["[p]ass"]
        if can_order:
            keys.append(f"[o] {verb}")
        if can_alone:
            keys.append(f"[a] {verb} alone")
        if can_alone and not can_order:
            notes.append(f"Canadian rule: as the dealer's partner "
                         f"you may order up only if you go alone ({seat_word(v.dealer, v.seat)} "
                         "would sit out).")
        return notes, f"Round 1, upcard {up}: {', '.join(keys)}? "
    suits = sorted({a.suit for a in legal if a.call == NAME})
    names = " ".join(f"[{SUITS[s].lower()}]{SUIT_NAMES[s][1:]}" for s in suits)
    alone = any(a.alone for a in legal)
    may_pass = BidAction(PASS) in legal
    must = "" if may_pass else " (stick the dealer: you must)"
    tail = f"; add a to go alone, e.g. {SUITS[suits[0]].lower()}a" if alone else ""
    notes.append(f"Round 2: {up} is turned down; name another suit as trump{must}{tail}.")
    keys = "[p]ass or " if may_pass else ""
    return notes, f"Round 2: {keys}{names}? "


def card_prompt(v: SeatView, game: GameState, style: Style) -> tuple[list[str], str]:
    """The notes and the prompt line for choosing a card."""
    n = len(v.hand)
    notes: list[str] = []
    if v.phase is Phase.DISCARD:
        legal = {a.card for a in v.legal}
        if len(legal) < n:
            notes.append("You hold another trump, so your discard must be a trump: "
                         + " ".join(style.card(c) for c in sort_hand(list(legal), v.trump)))
        return notes, f"Discard a card face down [{_range(n)} or name]: "
    led = game.led_suit()
    if led is None:
        return notes, f"Your lead [{_range(n)} or name]: "
    return notes, f"Your card, follow {style.suit_word(led)} if you can [{_range(n)} or name]: "


# --- the session ---------------------------------------------------------------

def choose_style(stdout: TextIO, ascii_only: bool,
                 env: Mapping[str, str] | None = None) -> Style:
    """Symbols + colour on a terminal, symbols alone on a pipe, letters with --ascii
    (or when the locale or the stream has no UTF-8); no colour under NO_COLOR or
    TERM=dumb (:mod:`pyengine.play.terminal`)."""
    if ascii_only or locale_is_ascii(env):
        return Style(symbols=False, colour=False)
    encoding = getattr(stdout, "encoding", None)
    if encoding:
        try:
            "".join(SUIT_SYMBOLS).encode(encoding)
            "\u00b7\u2014\u2192".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return Style(symbols=False, colour=False)
    isatty = getattr(stdout, "isatty", None)
    return Style(symbols=True, colour=bool(isatty and isatty()) and colour_allowed(env))


@dataclass
class Session:
    """One shell game: the state, the players, the terminal's input and output."""
    game: GameState
    players: list[Player | None]      # None: the human
    style: Style
    stdin: TextIO
    stdout: _Out
    narrator: Narrator
    shown_events: int = 0
    max_hands: int | None = None      # a game of computers only stops after this many deals
    edit_lines: bool = False          # a terminal: read with readline (editing, history)
    record: Callable[[list], None] | None = None     # the transcript, kept as we go

    def say(self, *lines: str) -> None:
        """Print lines, each wrapped to the terminal's width."""
        for line in lines:
            for part in fit(line):
                self.stdout.write(part + "\n")
        self.stdout.flush()

    def flush_events(self) -> None:
        """Narrate the game's events not shown yet."""
        events = self.game.events
        while self.shown_events < len(events):
            self.say(*self.narrator.feed(events[self.shown_events]))
            self.shown_events += 1

    def run(self) -> None:
        """Play to the end; raises Quit, EndOfInput or KeyboardInterrupt to stop early."""
        g = self.game
        while True:
            self.flush_events()
            if self.record is not None:
                self.record(g.events)
            if g.over:
                return
            if self.max_hands is not None and g.hand_no > self.max_hands:
                raise HandLimitReached(g, self.max_hands)
            seat = g.turn
            player = self.players[seat]
            if player is None:
                g.apply(self.ask(seat))
            else:
                g.apply(player.decide(g.view(seat)))

    def read(self, prompt: str) -> str:
        """Read one line of input after ``prompt``."""
        if self.edit_lines:
            line = edited_line(fit_prompt(prompt))
        else:
            while True:
                self.stdout.write(fit_prompt(prompt))
                self.stdout.flush()
                try:
                    line = read_line(self.stdin)
                    break
                except UnreadableLine as exc:
                    self.stdout.write("\n")
                    self.say(f"  {exc}")
        if not line:
            self.stdout.write("\n")
            raise EndOfInput
        isatty = getattr(self.stdin, "isatty", None)
        if not (isatty and isatty()):
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo piped input
        return line.strip()

    def ask(self, seat: int) -> Action:
        """Show the table and ask until the answer is legal."""
        g = self.game
        v = g.view(seat)
        self.say("", *status_lines(v, g.hand_no, self.style))
        shown = sort_hand(v.hand, v.trump)
        if v.phase in (Phase.BID1, Phase.BID2):
            notes, prompt = bid_prompt(v, self.style)
        elif v.phase in VARIANT_PROMPTS:
            notes, prompt = [], VARIANT_PROMPTS[v.phase](v)
        else:
            notes, prompt = card_prompt(v, g, self.style)
        self.say(*notes)
        while True:
            answer = self.read(prompt)
            low = answer.lower()
            if low in QUIT_WORDS:
                raise Quit
            if low in HELP_WORDS:
                from pyengine.players.pimc import supports
                self.say(*help_lines(self.style, g.rules, hints=supports(g.rules)))
                continue
            from pyengine.play.hints import hint_lines, is_hint_request
            if is_hint_request(answer, v):
                self.say(*hint_lines(v, self.style))
                continue
            if not answer:
                self.say("Type your choice (? for help, q to quit).")
                continue
            try:
                if v.phase in (Phase.BID1, Phase.BID2):
                    return parse_bid(answer, g)
                if v.phase in VARIANT_PROMPTS:
                    return parse_variant_answer(answer, g)
                return parse_card_answer(answer, shown, g)
            except AnswerError as exc:
                self.say(f"  {exc}")


def run_shell_game(seed: int | None, auto: bool, transcript: Path | None, ascii_only: bool,
                   rules_name: str, stdin: TextIO | None = None,
                   stdout: TextIO | None = None, options: tuple[str, ...] = (),
                   force: bool = False) -> int:
    """Play one game in the shell; return the exit code (see the module docstring)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        with stop_signals():
            return _checked(seed, auto, transcript, ascii_only, rules_name, stdin, stdout,
                            options, force)
    except KeyboardInterrupt as exc:      # before the game, or after its transcript
        print("\neuchre play: interrupted", file=sys.stderr)
        return exit_code_of(exc)


def _checked(seed: int | None, auto: bool, transcript: Path | None, ascii_only: bool,
             rules_name: str, stdin: TextIO, stdout: TextIO, options: tuple[str, ...],
             force: bool) -> int:
    try:
        chosen = dict(parse_assignment(o) for o in options)
        rules: Rules = rules_from(rules_name, chosen)
    except (UnknownRules, OptionError) as exc:
        print(f"euchre play: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if seed is not None and not SEED_MIN <= seed <= SEED_MAX:
        print(f"euchre play: game number {seed} is out of range ({SEED_MIN}-{SEED_MAX})",
              file=sys.stderr)
        return EXIT_USAGE
    writer = None
    if transcript is not None:
        problem = check_target(transcript, force)
        if problem:
            print(f"euchre play: --transcript: {problem}", file=sys.stderr)
            return EXIT_USAGE
        writer = TranscriptWriter(transcript, force)
    style = choose_style(stdout, ascii_only)
    out = _Out(stdout)
    try:
        return _play(seed, auto, writer, rules, style, stdin, out)
    except OutputClosed:
        return EXIT_FAILED
    finally:
        if writer is not None:
            writer.close()


def _play(seed: int | None, auto: bool, writer: TranscriptWriter | None, rules: Rules,
          style: Style, stdin: TextIO, stdout: _Out) -> int:
    human = None if auto else HUMAN
    narrator = Narrator(style, human)

    def say(*lines: str) -> None:
        for line in lines:
            stdout.write(line + "\n")
        stdout.flush()

    chosen = seed is None
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_MIN, SEED_MAX + 1)
    game = GameState.new(rules, seed)
    players: list[Player | None] = [VariantPlayer() for _ in range(rules.players)]
    if human is not None:
        players[human] = None

    def record(events: list) -> None:
        assert writer is not None
        problem = writer.update([e.to_json() for e in events])
        if problem:
            say(f"  (transcript: {problem}; the game goes on, and the writing is "
                "tried again after every move)")

    session = Session(game, players, style, stdin, stdout, narrator,
                      max_hands=MAX_HANDS if human is None else None,
                      edit_lines=human is not None and line_editing(stdin, stdout.stream),
                      record=None if writer is None else record)
    if writer is not None:
        try:
            writer.open(from_game(game))
        except OSError as exc:
            print(f"euchre play: --transcript: cannot write {writer.partial} "
                  f"({exc.strerror})", file=sys.stderr)
            return EXIT_USAGE
    code = EXIT_OK
    stopped = None
    try:
        if chosen:
            say(f"Game number {seed} {style.dash} replay it with: euchre play --seed {seed}")
        else:
            say(f"Game number {seed}")
        if human is not None:
            say(intro_line(rules))
        session.run()
    except Quit:
        stopped = "You quit"
    except EndOfInput:
        stopped, code = "Input ended", EXIT_EOF
    except KeyboardInterrupt as exc:
        stopped, code = "Interrupted", exit_code_of(exc)
    except OutputClosed:
        stopped, code = "Output closed", EXIT_FAILED
    except IllegalAction as exc:   # a computer player's bug: say it, keep the evidence
        stopped, code = f"Engine error ({exc})", EXIT_FAILED
    except HandLimitReached as exc:
        say("", f"Game {seed} was not decided after {exc.limit:,} deals: "
            "stopped at the hand limit.")
        stopped, code = "Stopped", EXIT_FAILED
    with shielded():                  # a Ctrl-C now waits until the transcript is written
        return _finish(game, writer, say, stopped, code)


def _finish(game: GameState, writer: TranscriptWriter | None, tell: Callable[..., None],
            stopped: str | None, code: int) -> int:
    def say(*lines: str) -> None:       # the reader may go now too: write the file anyway
        try:
            tell(*lines)
        except OutputClosed:
            pass

    if stopped is not None:
        if stopped == "Interrupted":
            say("")
        say("", f"{stopped} during hand {game.hand_no}. "
            f"Score so far: {score_text(game.total, None)}")
    if writer is None:
        return code
    events = [e.to_json() for e in game.events]
    problem = writer.finish(events)
    if problem:
        say(f"Could not write the transcript to {writer.path}: {problem}. "
            "It follows on the error output, so that the game is not lost.")
        t = from_game(game)
        try:
            sys.stderr.write(t.dumps())
            sys.stderr.flush()
        except OSError:
            pass
        return code or EXIT_FAILED
    note = "" if game.over else " (the game is unfinished: no game_over event)"
    say(f"Transcript written to {writer.path}{note}.")
    return code
