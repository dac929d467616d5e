"""Each seat's cards, recovered from the play: an EGN record keeps no hands.

EGN records the cards in the order they fell; who played each follows from the rules
(the first lead, then each trick's winner leads), as EGN's replayer maps them. Each seat
was dealt what it played; the dealer who picked up the upcard was dealt what he played
and discarded, less the upcard. What the record does not show - a discard not recorded,
the hand of a loner's partner, the cards of a deal cut short - is filled with cards no
one is seen to hold, never a suit the seat showed it had none of (so no revoke is made
up), and marked as guessed: :mod:`.analyze` does not judge a decision made on a hand
with a guessed card.

A fault in the record (a card played twice, a trick of the wrong size, an impossible
discard, a call out of place) raises :class:`Fault` naming the deal and the trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.core.cards import EXT, Card, deck_codes, suit_of
from pyengine.core.rules import FirstLead, Rules
from pyengine.records.egn.cardtext import EgnCardError, card_text, read_card, suit_of_letter
from pyengine.records.egn.model import Deal

ROUND1_CALLS = ("Order", "PickUp", "Call", "Alone")   # EGN's replayer reads all as "order"
PASS = "Pass"
SUIT_CALLS = "shdc"


class Fault(ValueError):
    """A record the rules reject: ``deal`` (index in the record) and ``trick`` (0-based,
    None outside the play) say where; the message says what."""

    def __init__(self, deal: int, trick: int | None, message: str) -> None:
        self.deal, self.trick, self.reason = deal, trick, message
        where = f"deal {deal}" + ("" if trick is None else f", trick {trick + 1}")
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Contract:
    """Who made trump, how, and who sits out (from the calls alone)."""
    maker: int | None            # None: every call a pass (or the calls stop early)
    round: int                   # 1 or 2 (0: no maker)
    trump: int | None
    alone: bool
    defender_out: int | None     # the partner of a lone defender
    complete: bool               # the bidding reached a maker or the last pass

    def sitting_out(self, players: int) -> int | None:
        """The loner's partner."""
        return (self.maker + 2) % 4 if self.alone and self.maker is not None \
            and players == 4 else None


@dataclass
class Recovered:
    """One deal as the engine needs it: hands by seat as dealt, the upcard, the discard,
    who played each card, and what was guessed."""
    hands: list[list[Card]]
    upcard: Card
    contract: Contract
    discard: Card | None                        # the dealer's discard (guessed or not)
    leader: int | None                          # the first trick's leader
    seats: list[list[int]] = field(default_factory=list)     # per trick, seat per card
    cards: list[list[Card]] = field(default_factory=list)    # per trick
    winners: list[int] = field(default_factory=list)         # per complete trick
    guessed: set[tuple[int, Card]] = field(default_factory=set)
    complete: bool = True                       # every trick played (or passed out)


def contract_of(deal: Deal, rules: Rules, up: Card) -> Contract:
    """The maker, round, trump and loner of ``deal``'s calls; Fault for a call out of
    place (a suit in round 1, an order in round 2, a call after trump is made)."""
    n = rules.players
    calls = deal.bidding.calls if deal.bidding else ()
    for i, call in enumerate(calls):
        if call == PASS:
            continue
        rnd = 1 if i < n else 2
        if i >= 2 * n:
            raise Fault(deal.index, None, f"call {i} ({call}): there are only {2 * n} calls")
        if rnd == 1 and call not in ROUND1_CALLS:
            raise Fault(deal.index, None, f"call {i} ({call}): round 1 only orders the "
                        "upcard up or passes")
        if rnd == 2 and call not in SUIT_CALLS:
            what = "a no-trump call is not played" if call == "n" else (
                "an unknown call" if call == "x" else "round 2 names a suit or passes")
            raise Fault(deal.index, None, f"call {i} ({call}): {what}")
        if i != len(calls) - 1:
            raise Fault(deal.index, None, f"call {i + 1} ({calls[i + 1]}): a call after "
                        f"trump was made by call {i}")
        maker = (deal.dealer + 1 + i) % n
        trump = suit_of(up) if rnd == 1 else suit_of_letter(call)
        if rnd == 1 and up == read_card("B"):
            raise Fault(deal.index, None, "a joker upcard (its suit named by the dealer) "
                        "is not read")
        alone = bool(deal.bidding and deal.bidding.alone) or call == "Alone"
        if deal.play is not None and deal.play.alone is not None:
            alone = alone or deal.play.alone
        defender = deal.bidding.alone_defender if deal.bidding else None
        out = None
        if defender is not None:
            if not rules.defend_alone:
                raise Fault(deal.index, None, f"seat {defender} defends alone, which the "
                            "ruleset does not allow")
            if not 0 <= defender < n or defender % 2 == maker % 2:
                raise Fault(deal.index, None, f"aloneDefender {defender} is not a defender")
            out = (defender + 2) % 4
        return Contract(maker, rnd, trump, alone, out, True)
    complete = len(calls) == 2 * n              # every seat passed twice
    if len(calls) > 2 * n:
        raise Fault(deal.index, None, f"{len(calls)} calls: there are at most {2 * n}")
    return Contract(None, 0, None, False, None, complete)


def first_leader(rules: Rules, deal: Deal, c: Contract, left_of_loner: bool) -> int:
    """Who leads the first trick, by the rules (as the engine's ``_start_play``)."""
    n = rules.players
    assert c.maker is not None
    if c.alone and c.round == 2 and left_of_loner:
        raise Fault(deal.index, None, "a loner who names trump in round 2 under "
                    "loner_lead LEFT_OF_LONER: the project leads from the dealer's left "
                    "then (a rule it does not play)")
    if rules.canadian_loner and c.alone and c.round == 1:
        first = c.maker
    else:
        first = c.maker if rules.first_lead is FirstLead.MAKER_LEFT else deal.dealer
    out = {c.sitting_out(n), c.defender_out}
    seat = (first + 1) % n
    while seat in out:
        seat = (seat + 1) % n
    return seat


def _card(deal: Deal, trick: int | None, text: str, trump: int | None) -> Card:
    try:
        return read_card(text, trump)
    except EgnCardError as exc:
        raise Fault(deal.index, trick, str(exc)) from None


def recover(deal: Deal, rules: Rules, left_of_loner: bool) -> Recovered:
    """The deal's hands and seats (module docstring); Fault names a fault."""
    n, size = rules.players, rules.hand_size
    if not 0 <= deal.dealer < n:
        raise Fault(deal.index, None, f"dealer {deal.dealer} is not a seat (0-{n - 1})")
    up = _card(deal, None, deal.upcard, None)
    if deal.bidding is not None and deal.bidding.exchanges:
        raise Fault(deal.index, None, "cards exchanged (cardExchanges: partners_best, "
                    "go_under): the project does not play card exchanges")
    c = contract_of(deal, rules, up)
    trump = c.trump
    played: list[list[Card]] = [[] for _ in range(n)]
    rec = Recovered([[] for _ in range(n)], up, c, None, None)
    voids: list[set[int]] = [set() for _ in range(n)]
    tricks = deal.play.tricks if deal.play else ()
    if tricks and c.maker is None:
        raise Fault(deal.index, 0, "cards are played but no one made trump")
    if c.maker is not None:
        assert trump is not None
        leader = first_leader(rules, deal, c, left_of_loner)
        given = deal.play.initial_lead if deal.play else None
        if given is not None and given != leader:
            raise Fault(deal.index, 0, f"initialLead is seat {given}, but seat {leader} "
                        "leads under the ruleset")
        rec.leader = leader
        out = {c.sitting_out(n), c.defender_out} - {None}
        active = n - len(out)
        eff = EXT.effective_suit[trump]
        for t, trick in enumerate(tricks):
            if t >= size:
                raise Fault(deal.index, t, f"a hand has {size} tricks")
            if not trick:
                raise Fault(deal.index, t, "an empty trick")
            if len(trick) != active and not (t == len(tricks) - 1 and len(trick) < active):
                raise Fault(deal.index, t, f"{len(trick)} cards, but {active} players play")
            cards = [_card(deal, t, x, trump) for x in trick]
            seats, seat = [], leader
            for _ in cards:
                seats.append(seat)
                seat = (seat + 1) % n
                while seat in out:
                    seat = (seat + 1) % n
            rec.seats.append(seats)
            rec.cards.append(cards)
            if len(cards) == active:
                led = eff[cards[0]]
                power = EXT.power[trump][led]
                leader = max(zip(seats, cards, strict=True), key=lambda sc: power[sc[1]])[0]
                rec.winners.append(leader)
        _check_play(deal, rec, eff)
        for seats, cards in zip(rec.seats, rec.cards, strict=True):
            for k, (seat, card) in enumerate(zip(seats, cards, strict=True)):
                played[seat].append(card)
                if k and eff[card] != eff[cards[0]]:
                    voids[seat].add(eff[cards[0]])
        rec.complete = len(rec.winners) == size
    else:
        rec.complete = c.complete
    _hands(deal, rules, rec, played, voids)
    return rec


SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs", "no-trump", "no-trump")


def _check_play(deal: Deal, rec: Recovered, eff: tuple[int, ...]) -> None:
    """Every card in the order it fell: played once, not the upcard (unless the dealer
    picked it up), following the suit led when the seat is seen to hold it later.
    Fault at the first that is not."""
    c, up = rec.contract, rec.upcard
    where: dict[Card, int] = {}
    later: dict[int, list[tuple[int, Card]]] = {}
    for t, (seats, cards) in enumerate(zip(rec.seats, rec.cards, strict=True)):
        for seat, card in zip(seats, cards, strict=True):
            later.setdefault(seat, []).append((t, card))
    for t, (seats, cards) in enumerate(zip(rec.seats, rec.cards, strict=True)):
        led = eff[cards[0]]
        for k, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            if card in where:
                raise Fault(deal.index, t, f"seat {seat} plays {card_text(card)}, already "
                            f"played in trick {where[card] + 1}")
            if card == up and not (c.round == 1 and seat == deal.dealer):
                turned = "turned down" if c.round == 2 else "picked up by the dealer"
                raise Fault(deal.index, t, f"seat {seat} plays {card_text(card)}, the "
                            f"upcard, which was {turned}")
            where[card] = t
            if k and eff[card] != led:
                held = [(u, x) for u, x in later[seat] if u > t and eff[x] == led]
                if held:
                    u, x = held[0]
                    trumps = "trump" if led == c.trump else SUIT_WORDS[led]
                    raise Fault(deal.index, t, f"seat {seat} revokes: plays {card_text(card)} "
                                f"on a {trumps} lead holding {card_text(x)} (played in "
                                f"trick {u + 1})")


def _hands(deal: Deal, rules: Rules, rec: Recovered, played: list[list[Card]],
           voids: list[set[int]]) -> None:
    """Fill ``rec.hands``, ``rec.discard`` and ``rec.guessed`` from what was played."""
    n, size, c, up = rules.players, rules.hand_size, rec.contract, rec.upcard
    picks_up = c.round == 1 and deal.dealer not in (c.sitting_out(n), c.defender_out)
    discard_text = deal.bidding.discard if deal.bidding else None
    discard = None if discard_text is None else _card(deal, None, discard_text, c.trump)
    if discard is not None and not picks_up:
        raise Fault(deal.index, None, f"discard {card_text(discard)}, but the dealer did "
                    "not pick up the upcard")
    hands = [list(p) for p in played]
    known: set[Card] = {x for p in played for x in p} | {up}
    if discard is not None:
        if discard in known and discard != up:
            raise Fault(deal.index, None, f"the dealer discards {card_text(discard)}, "
                        "which is also played")
        known.add(discard)
    if deal.player_cards is not None:
        for seat, texts in enumerate(deal.player_cards[:n]):
            for x in texts:
                card = _card(deal, None, x, c.trump)
                if card not in hands[seat]:
                    owner = next((s for s in range(n) if card in hands[s]), None)
                    if owner is not None or card == up:
                        raise Fault(deal.index, None, f"{card_text(card)} is dealt to seat "
                                    f"{seat} but played by another seat"
                                    if owner is not None else
                                    f"{card_text(card)} is dealt to seat {seat} and is the "
                                    "upcard")
                    if len(hands[seat]) >= size + (seat == deal.dealer and picks_up):
                        raise Fault(deal.index, None, f"seat {seat} is dealt more than "
                                    f"{size} cards")
                    hands[seat].append(card)
                    known.add(card)
    if picks_up:
        dealer = hands[deal.dealer]
        if discard is not None and discard not in dealer:
            dealer.append(discard)
        if up in dealer:
            dealer.remove(up)
            extra = [x for x in dealer if x not in played[deal.dealer]]
            if discard is None and rec.complete and len(extra) == 1 and len(dealer) == size:
                discard = extra[0]          # dealt to him (playerCards) and never played
            elif discard is None and rec.complete:
                # the upcard was played: the discard is some card no one saw
                discard = _fill_one(deal, rules, rec, known, voids, deal.dealer, dealer)
        elif rec.complete:
            if discard is not None and discard != up:
                raise Fault(deal.index, None, f"the dealer picked up {card_text(up)} but "
                            "neither plays nor discards it")
            discard = up
        if discard is not None and discard != up and discard not in dealer:
            dealer.append(discard)
        rec.discard = discard
    for seat in range(n):
        if len(hands[seat]) > size:
            raise Fault(deal.index, None, f"seat {seat} holds {len(hands[seat])} cards")
    pool = [x for x in deck_codes(rules.deck, rules.joker) if x not in known]
    kitty = _kitty(deal, c.trump)
    for k in kitty:
        if k in known:
            raise Fault(deal.index, None, f"{card_text(k)} is in the kitty and also played, "
                        "dealt or the upcard")
    pool = [x for x in pool if x not in kitty]
    order = sorted(range(n), key=lambda s: -len(voids[s]))   # the most constrained first
    for seat in order:
        while len(hands[seat]) < size:
            ok = [x for x in pool if c.trump is None
                  or EXT.effective_suit[c.trump][x] not in voids[seat]]
            if not ok:
                raise Fault(deal.index, None, f"no card is left to make up seat {seat}'s "
                            "hand (the record's cards do not add up)")
            pool.remove(ok[0])
            hands[seat].append(ok[0])
            rec.guessed.add((seat, ok[0]))
    if deal.player_cards is not None:           # the order the record deals them in
        for seat, texts in enumerate(deal.player_cards[:n]):
            given = [_card(deal, None, x, c.trump) for x in texts]
            if len(given) == size and set(given) == set(hands[seat]):
                hands[seat] = given
    if picks_up and rec.discard is None:         # a deal cut short: a card not played
        mine = [x for x in hands[deal.dealer] if (deal.dealer, x) in rec.guessed]
        rec.discard = mine[0] if mine else up
    rec.hands = hands


def _kitty(deal: Deal, trump: int | None) -> list[Card]:
    if deal.kitty is None:
        return []
    return [_card(deal, None, x, trump) for x in deal.kitty if x]


def _fill_one(deal: Deal, rules: Rules, rec: Recovered, known: set[Card],
              voids: list[set[int]], seat: int, hand: list[Card]) -> Card:
    kitty = set(_kitty(deal, rec.contract.trump))
    for x in deck_codes(rules.deck, rules.joker):
        if x not in known and x not in kitty:
            known.add(x)
            rec.guessed.add((seat, x))
            return x
    raise Fault(deal.index, None, "no card is left for the dealer's discard")
