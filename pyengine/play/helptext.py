"""What ``?`` shows in the shell game: the keys and the rules in force, from ``Rules``.

Every line is built from the :class:`~pyengine.core.rules.Rules` value of the game, so
web, standard and Bid Euchre games describe themselves, not Bit #93: the keys
of the decisions these rules have, the cards of the deck in use, the trump
order, the bidding, the lead and the score. Lines fit 80 columns.
"""

from __future__ import annotations

import textwrap

from pyengine.core.rules import DealerDiscard, FirstLead, Rules
from pyengine.play.textview import Style

PRESET_TITLES = {"bit93": "Bit #93", "web": "web", "standard": "standard",
                 "bid6": "six-card Bid Euchre"}

WIDTH = 80
HINT_KEY = "t"
HINT_WORDS = (HINT_KEY, "hint")


def _keys(rules: Rules, hints: bool) -> list[str]:
    n = rules.hand_size
    lines = ["Keys:"]
    if rules.bid6:
        lines += ["  bid:              p pass, or a number of tricks 3-6",
                  "  declare:          s h d c a trump suit, hi no-trump high, lo no-trump low"]
    else:
        alone = rules.alone_allowed or rules.canadian_rule
        a = ", a alone (oa, o a)" if alone else ""
        lines.append(f"  bidding, round 1: p pass, o order up (dealer: pick up){a}")
        lines.append("  bidding, round 2: p pass, or a suit letter s h d c"
                     + ("; add a to go alone: ha, ah" if rules.alone_allowed else ""))
    if rules.joker:
        lines.append("  joker upcard:     the dealer names its suit, s h d c")
    if rules.farmers_hand or rules.no_ace_no_face_no_trump:
        lines.append("  a bad hand:       r ask for a new deal, k keep it")
    if rules.defend_alone:
        lines.append("  defending:        a defend alone, p with your partner")
    discard = "" if rules.bid6 else f", 1-{n + 1} when discarding"
    example = "JD, jd, 10h, Th" + (", XX (the joker)" if rules.joker else "")
    what = "play:          " if rules.bid6 else "discard / play:"
    lines += [f"  {what}   the card's number in your hand (1-{n}{discard})",
              f"                    or its name: {example}"]
    if hints:
        lines.append(f"  {HINT_KEY} (or hint)       a tip: what the search player would do, "
                     "and how")
        lines.append("                    it rates each choice")
    else:
        lines.append(f"  {HINT_KEY} (or hint)       a tip: what the computer player would do "
                     "(no ratings:")
        lines.append("                    the search player plays only four players, 24 "
                     "cards,")
        lines.append("                    no joker, no defending alone, no Bid Euchre)")
    lines.append("  u (or undo)       take back your last choice (the game is replayed from")
    lines.append("                    its seed, so no card changes)")
    lines.append("  l / g             the last trick / the score sheet so far")
    lines.append("  ? this help       q quit (the score so far is shown)")
    return lines


def _cards(rules: Rules) -> list[str]:
    ranks = ("7 8 " if rules.deck == 32 else "") + "9 10 J Q K A (T = 10)"
    joker = ", and the joker XX" if rules.joker else ""
    return textwrap.wrap(f"Cards: rank {ranks}, suit S spades, H hearts, D diamonds, "
                         f"C clubs{joker}.", WIDTH, subsequent_indent="  ")


def _trump_order(rules: Rules) -> list[str]:
    low = "10, 9" + (", 8, 7" if rules.deck == 32 else "")
    joker = "the joker, then " if rules.joker else ""
    lines = [f"trump order: {joker}right bower (the trump jack), left bower (the other "
             f"jack of the same colour, which counts as trump), A, K, Q, {low}"]
    if rules.bid6:
        lines.append("no-trump high: A high to 9 low in every suit; no-trump low: 9 high to A")
    return lines


def _bidding(rules: Rules) -> list[str]:
    if rules.bid6:
        return ["six cards each, no upcard; from the dealer's left each bids once, 3-6 "
                "tricks, higher than the last bid, or passes; the dealer bids last, may "
                "match the high bid, and must bid 3 if all others passed",
                "the high bidder names trump, no-trump high or no-trump low, and leads"]
    discard = ("and discards face down (a trump, if he holds another one)"
               if rules.dealer_discard is DealerDiscard.SAME_SUIT else
               "and discards any card face down")
    lines = [f"round 1: each in turn may order up the upcard's suit; the dealer picks "
             f"it up {discard}"]
    if rules.joker:
        lines.append("an upcard joker: the dealer names the suit it stands for")
    if rules.canadian_rule:
        lines.append("Canadian rule: the dealer's partner who orders up must go alone")
    lines.append("round 2: the upcard is turned down; name another suit or pass")
    if rules.stick_the_dealer:
        lines.append("stick the dealer: the dealer must name a suit in round 2")
    else:
        lines.append("no stick-the-dealer: if all pass twice the hand is not played and "
                     "the deal moves left")
    if rules.alone_allowed:
        lines.append("the player who makes trump may go alone (his partner sits out)")
    if rules.defend_alone:
        lines.append(f"a defender may go alone too: a lone euchre scores "
                     f"{rules.points_defend_alone}")
    if rules.farmers_hand:
        lines.append("farmer's hand: a player dealt no card above 10 may ask for a new "
                     "deal")
    if rules.no_ace_no_face_no_trump:
        lines.append("no ace, no face, no trump: that player may ask for a new deal")
    return lines


def _lead(rules: Rules) -> list[str]:
    if rules.bid6:
        return ["follow suit if you can; the winner of a trick leads the next"]
    who = ("the player left of the maker" if rules.first_lead is FirstLead.MAKER_LEFT
           else "the player left of the dealer")
    lines = [f"follow suit if you can; {who} leads first"]
    if rules.canadian_loner:
        lines.append("Canadian loner: a loner who ordered up in round 1 has the player "
                     "to his left lead first")
    return lines


def _score(rules: Rules) -> list[str]:
    t = rules.target
    if rules.bid6:
        return ["score: each side a point a trick; makers short of their bid lose it "
                "(scores may go below zero)",
                f"first to {t} wins, at the end of a hand in which that side made its "
                "bid or set the makers"]
    alone = rules.alone_allowed or rules.canadian_rule
    lone = f", alone all 5 tricks {rules.points_lone_march}" if alone else ""
    who = "each defender" if rules.players == 3 else "defenders"
    lines = [f"score: makers 3-4 tricks {rules.points_made}, all 5 tricks "
             f"{rules.points_march}{lone}; makers under 3 tricks are euchred: "
             f"{who} {rules.points_euchre}; first to {t} wins"]
    if rules.players == 3:
        lines.append(f"two players reach {t} in the same hand: the higher total wins; with "
                     "equal totals another hand is dealt")
    return lines


def help_lines(style: Style, rules: Rules, hints: bool = True) -> list[str]:
    """What ``?`` shows: the keys, the cards and the rules in force."""
    d = style.dash
    title = PRESET_TITLES.get(rules.name, rules.name)
    players = (["three players, cutthroat: each for himself, no partners"]
               if rules.players == 3 else [])
    bullets = [*players, *_trump_order(rules), *_bidding(rules), *_lead(rules),
               *_score(rules)]
    lines = [*_keys(rules, hints), *_cards(rules), f"Rules ({title}, as set for this game):"]
    for b in bullets:
        lines += textwrap.wrap(b, WIDTH, initial_indent=f"  {d} ", subsequent_indent="    ")
    return lines
