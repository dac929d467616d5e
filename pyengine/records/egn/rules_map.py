"""EGN's ``ruleset`` and the project's rules, both ways.

A record's ruleset becomes the ``standard`` preset (random first dealer, the dealer
discards any card, the first lead from the dealer's left) with options; a switch the
project does not play is named, so a record that needs one is refused in one line
(:func:`rules_of`). Every name of EGN's ruleset (v1.6) is here:

========================  ===========================================================
EGN                       the project
========================  ===========================================================
``std``                   ``stick_the_dealer``
``canadian``              ``canadian_rule`` (the dealer's partner who orders goes alone)
``loner_lead``            LEFT_OF_DEALER: ``first_lead=dealer_left``; LEFT_OF_LONER:
                          also ``canadian_loner`` (his left leads), for a loner made
                          by ordering up; a loner who names trump in round 2 under
                          LEFT_OF_LONER is refused (the project leads from the dealer's
                          left then)
``loner_march_score``     ``points_lone_march``
``loner_euchred_score``   ``points_euchre`` when it equals it (2); else not played
``defend_alone``          ``defend_alone`` (``points_defend_alone`` 4)
``joker``                 ``joker``: ``B`` is the benny
``min_rank``              9: ``deck=24``; 7: ``deck=32``; 8, 6: not played
``num_players``           4; 3: ``players=3`` (cutthroat); others: not played
``winning_score``         ``target`` (0: not played)
``num_deals``             0 only: a fixed number of deals is not played
``farmers``               not played (EGN's farmer's hand trades cards with the kitty;
                          the project's ``farmers_hand`` asks for a new deal)
``partners_best``,        not played (card exchanges)
``go_under``
``allow_no_trump``        not played (a no-trump call in round 2)
``fast_break``,           not played (scoring the project does not keep)
``four_trick_tokens``
========================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.core.rules import (
    STANDARD,
    DealerDiscard,
    FirstDealer,
    FirstLead,
    Rules,
    apply_options,
)

LEFT_OF_DEALER, LEFT_OF_LONER = "LEFT_OF_DEALER", "LEFT_OF_LONER"
DEFAULTS: dict[str, object] = {
    "std": True, "min_rank": 9, "winning_score": 10, "num_deals": 0, "canadian": False,
    "loner_lead": LEFT_OF_DEALER, "loner_march_score": 4, "loner_euchred_score": 2,
    "defend_alone": False, "farmers": False, "partners_best": False, "go_under": False,
    "joker": False, "num_players": 4, "allow_no_trump": False, "fast_break": False,
    "four_trick_tokens": False,
}
NOT_PLAYED = {
    "farmers": "farmers (a farmer's hand traded with the kitty)",
    "partners_best": "partners_best (the loner's partner passes his best card)",
    "go_under": "go_under (a poor hand traded with the kitty)",
    "allow_no_trump": "allow_no_trump (a no-trump call)",
    "fast_break": "fast_break (no score when the defenders take the first two tricks only)",
    "four_trick_tokens": "four_trick_tokens (a token for four tricks)",
}


class RulesetError(ValueError):
    """A ruleset the project cannot play; the message names what it needs."""


@dataclass(frozen=True)
class Mapped:
    """A record's rules: the project's, and whether a loner's left leads (LEFT_OF_LONER)."""
    rules: Rules
    loner_left_leads: bool


def _value(ruleset: dict, name: str) -> object:
    return ruleset.get(name, DEFAULTS[name])


def needs(ruleset: dict) -> list[str]:
    """What ``ruleset`` needs that the project does not play (empty: nothing)."""
    out = [why for name, why in NOT_PLAYED.items() if _value(ruleset, name)]
    rank = _value(ruleset, "min_rank")
    if rank not in (9, 7):
        out.append(f"min_rank={rank} (the project plays 24 cards, 9 up, or 32, 7 up)")
    players = _value(ruleset, "num_players")
    if players not in (3, 4):
        out.append(f"num_players={players} (the project plays 4, or 3 cutthroat)")
    deals = _value(ruleset, "num_deals")
    if deals:
        out.append(f"num_deals={deals} (a fixed number of deals; the project plays to a "
                   "score)")
    target = _value(ruleset, "winning_score")
    if not deals and target == 0:
        out.append("winning_score=0 (no target score)")
    elif isinstance(target, int) and target > 100:
        out.append(f"winning_score={target} (the project plays to at most 100)")
    euchred = _value(ruleset, "loner_euchred_score")
    if euchred != 2:
        out.append(f"loner_euchred_score={euchred} (the project scores 2 for every euchre)")
    if players == 3 and _value(ruleset, "loner_lead") == LEFT_OF_LONER:
        out.append("loner_lead=LEFT_OF_LONER with 3 players (no partners to leave out)")
    return out


def rules_of(ruleset: dict) -> Mapped:
    """The project's rules for ``ruleset``; RulesetError names, in one line, every
    switch the project does not play."""
    missing = needs(ruleset)
    if missing:
        raise RulesetError("the record needs rules the project does not play: "
                           + "; ".join(missing))
    options: dict[str, object] = {
        "stick_the_dealer": bool(_value(ruleset, "std")),
        "canadian_rule": bool(_value(ruleset, "canadian")),
        "points_lone_march": _value(ruleset, "loner_march_score"),
        "defend_alone": bool(_value(ruleset, "defend_alone")),
        "joker": bool(_value(ruleset, "joker")),
        "deck": 32 if _value(ruleset, "min_rank") == 7 else 24,
        "target": _value(ruleset, "winning_score"),
    }
    left_of_loner = _value(ruleset, "loner_lead") == LEFT_OF_LONER
    if left_of_loner:
        options["canadian_loner"] = True
    if _value(ruleset, "num_players") == 3:
        options["players"] = 3
    from pyengine.core.rules import OptionError

    try:
        rules = apply_options(STANDARD, options)
    except OptionError as exc:
        raise RulesetError(f"the record's ruleset cannot be played: {exc}") from None
    return Mapped(rules, left_of_loner)


def ruleset_of(rules: Rules) -> tuple[dict, list[str]]:
    """EGN's ruleset for the project's ``rules`` (only what differs from EGN's defaults,
    ``std`` and ``canadian`` always), and what EGN cannot say about them: a game that
    uses those is still written, and the rules are kept whole in the description."""
    out: dict[str, object] = {"std": rules.stick_the_dealer, "canadian": rules.canadian_rule}
    if rules.canadian_loner:
        out["loner_lead"] = LEFT_OF_LONER
    if rules.points_lone_march != 4:
        out["loner_march_score"] = rules.points_lone_march
    if rules.defend_alone:
        out["defend_alone"] = True
    if rules.joker:
        out["joker"] = True
    if rules.deck == 32:
        out["min_rank"] = 7
    if rules.players == 3:
        out["num_players"] = 3
    if rules.target != 10:
        out["winning_score"] = rules.target
    unsaid = []
    if rules.canadian_loner:
        unsaid.append("a loner who names trump in round 2 leads from the dealer's left "
                      "(LEFT_OF_LONER says only an ordering loner's)")
    if rules.first_dealer is FirstDealer.BLACK_JACK:
        unsaid.append("the first dealer is the first black jack dealt")
    if rules.first_lead is FirstLead.MAKER_LEFT:
        unsaid.append("the first lead is from the maker's left")
    if rules.dealer_discard is DealerDiscard.SAME_SUIT:
        unsaid.append("the dealer discards a trump if he holds another")
    if not rules.alone_allowed:
        unsaid.append("no one may go alone")
    if (rules.points_made, rules.points_march, rules.points_euchre) != (1, 2, 2):
        unsaid.append("other points for a hand")
    if rules.points_defend_alone != 4:
        unsaid.append("other points for a lone defence")
    if rules.farmers_hand or rules.no_ace_no_face_no_trump:
        unsaid.append("a poor hand may ask for a new deal")
    if rules.bid6:
        unsaid.append("six-card Bid Euchre")
    return out, unsaid
