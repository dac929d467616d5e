"""The rules code: a short text naming a rule set, as the C64 shows it.

The C64's title, table and options screen show the rules in force as a code such
as ``WEB`` or ``STD T11 C1``: the preset, then one token for each option that
differs from the preset, in a fixed order. It is short enough for a 40-column
screen and says exactly which rules a shell game needs: ``euchre play --rules
"STD T11 C1"`` plays them (``--rules`` takes a code as well as a preset name), and
:func:`shell_words` spells the same rules as ``--rules standard -o target=11 -o
canadian_rule=true``.

======  ==========================  ===========================================
token   option                      values
======  ==========================  ===========================================
``T``   target                      a number: ``T11``
``S``   stick_the_dealer            ``S0`` / ``S1``
``C``   canadian_rule               ``C0`` / ``C1``
``A``   alone_allowed               ``A0`` / ``A1``
``L``   canadian_loner              ``L0`` / ``L1``
``D``   dealer_discard              ``DS`` same_suit / ``DA`` any
``F``   first_lead                  ``FM`` maker_left / ``FD`` dealer_left
``J``   first_dealer                ``JB`` black_jack / ``JR`` random
``P``   points_made, points_march,  all four at once: ``P1242`` (each 0-9), or
        points_lone_march,          with dots when one has two digits:
        points_euchre               ``P1.2.10.2``
``V``   defend_alone                ``V0`` / ``V1``
``Q``   points_defend_alone         a number: ``Q4``
``H``   farmers_hand                ``H0`` / ``H1``
``N``   no_ace_no_face_no_trump     ``N0`` / ``N1``
``K``   deck                        ``K24`` / ``K32``
``X``   joker                       ``X0`` / ``X1``
``Y``   players                     ``Y4`` / ``Y3``
``B``   bidding                     ``BU`` upcard / ``B6`` six_card_bid
``O``   the C64's opponents' level  ``O0`` EASY / ``O1`` NORMAL / ``O2`` HARD
======  ==========================  ===========================================

``O`` is not a rule: it names the level of the computer players (the C64's options
screen has an OPPONENTS line, pyengine.players.c64levels its twins), so a code names the
very game the C64 plays. :func:`rules_code` writes it last and only for EASY or HARD
(NORMAL is the default: every code written before it still means the same),
:func:`code_level` reads it, and the rules a code names ignore it.

The presets are ``BIT93``, ``WEB``, ``STD`` (standard) and ``BID6``; a code is read
in any case, its tokens separated by spaces (or commas).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyengine.core.rules import (
    PRESETS,
    Bidding,
    DealerDiscard,
    FirstDealer,
    FirstLead,
    OptionError,
    Rules,
    UnknownRules,
    apply_options,
    options_of,
    plain,
)

PRESET_CODES: dict[str, str] = {"bit93": "BIT93", "web": "WEB", "standard": "STD",
                                "bid6": "BID6"}
POINTS = ("points_made", "points_march", "points_lone_march", "points_euchre")


@dataclass(frozen=True)
class Token:
    """One token of the code: its letter, the option, and the value spellings of an
    enumerated option (None: a number, or 0/1 for a switch)."""

    letter: str
    option: str
    words: dict[object, str] | None = None


# The tokens in the order a code lists them (the C64's options screen follows it).
TOKENS: tuple[Token, ...] = (
    Token("T", "target"),
    Token("S", "stick_the_dealer"),
    Token("C", "canadian_rule"),
    Token("A", "alone_allowed"),
    Token("L", "canadian_loner"),
    Token("D", "dealer_discard", {DealerDiscard.SAME_SUIT: "S", DealerDiscard.ANY: "A"}),
    Token("F", "first_lead", {FirstLead.MAKER_LEFT: "M", FirstLead.DEALER_LEFT: "D"}),
    Token("J", "first_dealer", {FirstDealer.BLACK_JACK: "B", FirstDealer.RANDOM: "R"}),
    Token("P", "points"),
    Token("V", "defend_alone"),
    Token("Q", "points_defend_alone"),
    Token("H", "farmers_hand"),
    Token("N", "no_ace_no_face_no_trump"),
    Token("K", "deck"),
    Token("X", "joker"),
    Token("Y", "players"),
    Token("B", "bidding", {Bidding.UPCARD: "U", Bidding.SIX_CARD_BID: "6"}),
)
_BY_LETTER = {t.letter: t for t in TOKENS}
LEVEL_LETTER = "O"
LEVEL_DIGITS: dict[str, str] = {"easy": "0", "normal": "1", "hard": "2"}
DEFAULT_LEVEL = "normal"


def _spell(token: Token, rules: Rules) -> str:
    if token.option == "points":
        values = [getattr(rules, name) for name in POINTS]
        if all(0 <= v <= 9 for v in values):
            return "P" + "".join(str(v) for v in values)
        return "P" + ".".join(str(v) for v in values)
    value = getattr(rules, token.option)
    if token.words is not None:
        return token.letter + token.words[value]
    return token.letter + str(int(value))


def rules_code(rules: Rules, level: str = DEFAULT_LEVEL) -> str:
    """The code of ``rules`` (and of the C64's opponents' ``level``): ``WEB``,
    ``STD T11 C1``, ``BIT93 P1232``, ``WEB O2`` ..."""
    base = PRESETS.get(rules.name)
    if base is None:
        raise UnknownRules(f"rules {rules.name!r} are not a preset: no code names them")
    changed = set(options_of(rules))
    words = [PRESET_CODES[rules.name]]
    for token in TOKENS:
        names = POINTS if token.option == "points" else (token.option,)
        if changed.intersection(names):
            words.append(_spell(token, rules))
    if level != DEFAULT_LEVEL:
        words.append(LEVEL_LETTER + LEVEL_DIGITS[level])
    return " ".join(words)


def _preset_name(word: str) -> str | None:
    w = word.lower()
    if w in PRESETS:
        return w
    return next((name for name, code in PRESET_CODES.items() if code.lower() == w), None)


def looks_like_code(text: str) -> bool:
    """True when ``text`` starts with a preset's code or name (then it is read as a code)."""
    words = _split(text)
    return bool(words) and _preset_name(words[0]) is not None


def _split(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip()) if w]


def _number(token: str, text: str) -> int:
    if not text.isdigit():
        raise OptionError(f"rules code token {token!r}: expected a number after "
                          f"{token[0]!r}, e.g. {token[0]}10")
    return int(text)


def parse_code(text: str) -> tuple[str, dict[str, object]]:
    """A code as (preset name, {option: value}); OptionError or UnknownRules naming the
    token that cannot be read."""
    words = _split(text)
    if not words:
        raise UnknownRules("an empty rules code (write a preset, e.g. WEB or STD T11)")
    name = _preset_name(words[0])
    if name is None:
        known = ", ".join(PRESET_CODES.values())
        raise UnknownRules(f"rules code {text.strip()!r}: it starts with {words[0]!r}, "
                           f"not a preset (known: {known})")
    options: dict[str, object] = {}
    for word in words[1:]:
        w = word.upper()
        if w[0] == LEVEL_LETTER:
            _level_of(word)                  # checked here, read by code_level
            continue
        token = _BY_LETTER.get(w[0])
        if token is None:
            letters = "".join(t.letter for t in TOKENS) + LEVEL_LETTER
            raise OptionError(f"rules code token {word!r}: no option is called {w[0]!r} "
                              f"(the letters are {letters})")
        rest = w[1:]
        if token.option == "points":
            parts = rest.split(".") if "." in rest else list(rest)
            if len(parts) != len(POINTS) or not all(p.isdigit() for p in parts):
                raise OptionError(f"rules code token {word!r}: P takes the four points "
                                  "(made, march, lone march, euchre), e.g. P1242 or "
                                  "P1.2.10.2")
            for option, part in zip(POINTS, parts, strict=True):
                options[option] = int(part)
            continue
        if token.option in options:
            raise OptionError(f"rules code token {word!r}: {token.letter} is given twice")
        if token.words is not None:
            back = {spelt: value for value, spelt in token.words.items()}
            if rest not in back:
                choices = " or ".join(token.letter + s for s in back)
                raise OptionError(f"rules code token {word!r}: expected {choices}")
            options[token.option] = back[rest]
        elif isinstance(getattr(Rules(), token.option), bool):
            if rest not in ("0", "1"):
                raise OptionError(f"rules code token {word!r}: expected {token.letter}0 "
                                  f"or {token.letter}1")
            options[token.option] = rest == "1"
        else:
            options[token.option] = _number(word, rest)
    return name, options


def _level_of(word: str) -> str:
    back = {digit: level for level, digit in LEVEL_DIGITS.items()}
    level = back.get(word[1:])
    if level is None:
        raise OptionError(f"rules code token {word!r}: expected O0 (easy), O1 (normal) "
                          "or O2 (hard)")
    return level


def code_level(text: str) -> str | None:
    """The opponents' level a code's ``O`` token names (None: the code has none);
    OptionError for a token that cannot be read or is given twice."""
    levels = [_level_of(w.upper()) for w in _split(text)[1:] if w.upper()[0] == LEVEL_LETTER]
    if len(levels) > 1:
        raise OptionError("rules code: O is given twice")
    return levels[0] if levels else None


def rules_from_code(text: str) -> Rules:
    """The rules a code names (OptionError or UnknownRules with one line)."""
    name, options = parse_code(text)
    return apply_options(PRESETS[name], options) if options else PRESETS[name]


def shell_words(rules: Rules) -> str:
    """The same rules in the shell's spelling: ``--rules standard -o target=11``."""
    words = [f"--rules {rules.name}"]
    words += [f"-o {k}={str(plain(v)).lower()}" for k, v in options_of(rules).items()]
    return " ".join(words)


__all__ = ["LEVEL_DIGITS", "PRESET_CODES", "TOKENS", "Token", "code_level", "looks_like_code",
           "parse_code",
           "rules_code", "rules_from_code", "shell_words"]
