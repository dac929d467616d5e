"""How actions change a position: :meth:`Moves.apply` and every consequence the rules
draw from a decision - the next seat, the dealer's pickup, a trick won, a hand scored,
the next deal (the deck's chance steps, from the game's RNG)."""

from __future__ import annotations

from pyengine.core import bid6
from pyengine.core.actions import (
    ACTION_TYPES,
    BID_EVENTS,
    Action,
    BidAction,
    DefendAction,
    DiscardAction,
    IllegalAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.core.cards import EXT, EXT_CARDS, JOKER, Card, Suit
from pyengine.core.deal import deal_variant
from pyengine.core.events import (
    KEEP,
    PASS,
    REDEAL,
    Bid,
    Deal,
    Declare,
    Defend,
    Discard,
    GameOver,
    JokerSuit,
    PassedOut,
    Play,
    Redeal,
    Score,
    Trick,
)
from pyengine.core.phase import Phase
from pyengine.core.position import Position
from pyengine.core.rules import FirstLead

# Play and Trick events are frozen values: every Play(seat, card) and Trick(winner) made
# once and shared, instead of one new object a card (a tenth of a hand's time; issue 13)
_PLAY_EVENTS = tuple(tuple(Play(s, Card(c)) for c in range(EXT_CARDS)) for s in range(4))
_TRICK_EVENTS = tuple(Trick(s) for s in range(4))
# Phase.X is an attribute lookup on the enum's class (about 50 ns): the hot paths
# below use these names instead (issue 13)
_BID1, _AUCTION = Phase.BID1, Phase.AUCTION
_new_object = object.__new__


class Moves(Position):
    """A position that actions change (module docstring); a GameState is one."""

    def _deal(self) -> None:
        r = self.rules
        self.hand_no += 1
        if self.hand_no <= len(self.given_deals):     # a recorded game's own deal
            hands, upcard = self.given_deals[self.hand_no - 1]
        else:
            hands, upcard, _ = deal_variant(self.rng, self.dealer, self.codes, r.players,
                                            r.hand_size, upcard=not r.bid6)
        self.hands = list(map(list, hands))
        self.upcard = upcard
        self.joker_suit = None
        self.bids = []
        self.trump = self.maker = self.sitting_out = self.discarded = None
        self.defender_out = self.contract = self.high_bidder = None
        self.alone = False
        self.made_round = 0
        self.queue = []
        self.trick, self.played = [], []
        self.tricks_won = [0] * r.teams
        self.tricks_played = 0
        self.events.append(Deal(self.hand_no, self.dealer, hands, upcard))
        self.turn = self.left_of(self.dealer)
        if r.bid6:
            self.phase = Phase.AUCTION
        elif upcard == JOKER:
            self.phase = Phase.JOKER
            self.turn = self.dealer
        else:
            self._offer_redeals()

    def _offer_redeals(self) -> None:
        r = self.rules
        if not (r.farmers_hand or r.no_ace_no_face_no_trump):     # no seat may ask
            self.queue = []
            self.phase = Phase.BID1
            self.turn = (self.dealer + 1) % r.players
            return
        seats = [(self.dealer + k) % self.players for k in range(1, self.players + 1)]
        self.queue = [s for s in seats if self.redeal_reason(s) is not None]
        if self.queue:
            self.phase = Phase.REDEAL
            self.turn = self.queue[0]
        else:
            self.phase = Phase.BID1
            self.turn = self.left_of(self.dealer)

    # --- moves --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to move; IllegalAction says why not.

        ``action`` is a value like those of :meth:`legal_actions` (a string is refused
        with a TypeError: :meth:`parse_action` reads one).
        """
        # An action that is one of the listed values themselves (what a player picks
        # from view.legal) is legal without comparing it field by field (issue 13).
        listed = self._legal
        if listed is not None:
            for a in listed:
                if a is action:
                    break
            else:
                listed = None
        if listed is None:
            self._check(action)
        self._legal = None
        self.actions.append(action)
        if isinstance(action, PlayAction):
            self._apply_play(action.card)
        elif isinstance(action, BidAction):
            if self.phase is _AUCTION:
                self._apply_bid6(action)
            else:
                self._apply_bid(action)
        elif isinstance(action, DiscardAction):
            self._apply_discard(action.card)
        elif isinstance(action, JokerSuitAction):
            self._apply_joker(action.suit)
        elif isinstance(action, RedealAction):
            self._apply_redeal(action.redeal)
        elif isinstance(action, DefendAction):
            self._apply_defend(action.alone)
        else:
            self._apply_declare(action.trump)

    def _check(self, action: Action) -> None:
        """Raise TypeError or IllegalAction unless ``action`` may be applied now."""
        if not isinstance(action, ACTION_TYPES):
            hint = (f"; g.parse_action({action!r}) reads one" if isinstance(action, str)
                    else "")
            raise TypeError(f"apply() takes an action such as those of legal_actions(), "
                            f"not {type(action).__name__} {action!r}{hint}")
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))

    def _next_active(self, seat: int) -> int:
        nxt = self.left_of(seat)
        while nxt == self.sitting_out or nxt == self.defender_out:
            nxt = self.left_of(nxt)
        return nxt

    def _apply_joker(self, suit: Suit) -> None:
        self.joker_suit = suit
        self.events.append(JokerSuit(self.turn, suit))
        self._offer_redeals()

    def _apply_redeal(self, redeal: bool) -> None:
        seat = self.turn
        self.events.append(Redeal(seat, REDEAL if redeal else KEEP, self.redeal_reason(seat)))  # type: ignore[arg-type]
        if redeal:
            self._deal()
            return
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
        else:
            self.phase = Phase.BID1
            self.turn = self.left_of(self.dealer)

    def _apply_bid(self, a: BidAction) -> None:
        seat = self.turn
        rnd = 1 if self.phase is _BID1 else 2
        shared = BID_EVENTS.get(id(a))        # one of the listed bids: its event made
        if shared is not None:
            bid = shared[seat][rnd]
        else:
            bid = _new_object(Bid)              # Bid(seat, rnd, a.call, a.suit, a.alone)
            bid.__dict__.update(seat=seat, round=rnd, call=a.call, suit=a.suit,
                                alone=a.alone, tricks=None)
        self.bids.append(bid)
        self.events.append(bid)
        if a.call == PASS:
            if seat != self.dealer:
                self.turn = self.left_of(seat)
            elif rnd == 1:
                self.phase = Phase.BID2
                self.turn = self.left_of(self.dealer)
            else:
                self.events.append(PassedOut())
                self._next_hand()
            return
        self.trump = a.suit
        self.maker = seat
        self.alone = a.alone
        self.sitting_out = self.partner(seat) if a.alone else None
        self.made_round = rnd
        if self.rules.defend_alone:
            self.queue = [s for s in (self.left_of(seat), self.left_of(self.left_of(self.left_of(
                seat)))) if self.team(s) != self.team(seat)]
            self.phase = Phase.DEFEND
            self.turn = self.queue[0]
            return
        self._after_making()

    def _apply_defend(self, alone: bool) -> None:
        seat = self.turn
        self.events.append(Defend(seat, alone))
        self.queue.pop(0)
        if alone:
            self.defender_out = self.partner(seat)
            self.queue = []
        if self.queue:
            self.turn = self.queue[0]
        else:
            self._after_making()

    def _after_making(self) -> None:
        """Round 1: the dealer picks up and discards, unless he sits out."""
        if self.made_round == 1 and self.dealer not in (self.sitting_out, self.defender_out):
            self.hands[self.dealer].append(self.upcard)  # type: ignore[arg-type]
            self.phase = Phase.DISCARD
            self.turn = self.dealer
        else:
            self._start_play()

    def _apply_bid6(self, a: BidAction) -> None:
        seat = self.turn
        bid = Bid(seat, 1, a.call, None, False, a.tricks)
        self.bids.append(bid)
        self.events.append(bid)
        if a.tricks is not None:
            self.contract, self.high_bidder = a.tricks, seat
        if seat == self.dealer:
            self.phase = Phase.DECLARE
            self.turn = self.high_bidder  # type: ignore[assignment]
        else:
            self.turn = self.left_of(seat)

    def _apply_declare(self, trump: int) -> None:
        self.trump = trump  # type: ignore[assignment]
        self.maker = self.turn
        self.events.append(Declare(self.turn, trump))
        self._start_play()

    def _apply_discard(self, card: Card) -> None:
        self.hands[self.dealer].remove(card)
        self.discarded = card
        self.events.append(Discard(self.dealer, card))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        r = self.rules
        if r.bid6:                                  # "Il miglior offerente attacca"
            self.turn = self.maker  # type: ignore[assignment]
            return
        if r.canadian_loner and self.alone and self.made_round == 1:
            first = self.maker                      # the player to the loner's left leads
        else:
            first = self.maker if r.first_lead is FirstLead.MAKER_LEFT else self.dealer
        self.turn = self._next_active(first)  # type: ignore[arg-type]

    def _apply_play(self, card: Card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        self.played.append(card)
        self.events.append(_PLAY_EVENTS[seat][card])    # Play(seat, card)
        sitting_out, defender_out = self.sitting_out, self.defender_out
        players = self.rules.players
        if len(trick) < players - (sitting_out is not None) - (defender_out is not None):
            nxt = (seat + 1) % players
            while nxt == sitting_out or nxt == defender_out:
                nxt = (nxt + 1) % players
            self.turn = nxt
            return
        trump = self.trump
        table = EXT.power[trump][EXT.effective_suit[trump][trick[0][1]]]  # type: ignore[index]
        winner, best = trick[0][0], table[trick[0][1]]
        for s, c in trick:                      # the highest power is always unique
            if table[c] > best:
                winner, best = s, table[c]
        self.events.append(_TRICK_EVENTS[winner])      # Trick(winner)
        self.tricks_won[winner if players == 3 else winner & 1] += 1
        self.tricks_played += 1
        self.trick = []
        self.turn = winner
        if not self.hands[winner]:              # the winner played: every hand is done
            self._score_hand()

    def hand_points(self) -> tuple[int, ...]:
        """Points of the hand just played, by team (the scoring tables)."""
        r = self.rules
        makers = self.team(self.maker)  # type: ignore[arg-type]
        if r.bid6:
            return bid6.hand_points(makers, self.contract,  # type: ignore[arg-type]
                                    (self.tricks_won[0], self.tricks_won[1]))
        taken = self.tricks_won[makers]
        if r.teams == 2 and self.defender_out is None:
            return r.hand_points(makers, taken, self.alone)
        points = [0] * r.teams
        if taken >= 3:
            points[makers] = r.hand_points(0, taken, self.alone)[0]
        else:
            won = r.points_defend_alone if self.defender_out is not None else r.points_euchre
            for t in range(r.teams):
                if t != makers:
                    points[t] = won
        return tuple(points)

    def _score_hand(self) -> None:
        r = self.rules
        makers = self.team(self.maker)  # type: ignore[arg-type]
        points = self.hand_points()
        for t in range(r.teams):
            self.total[t] += points[t]
        total = tuple(self.total)
        self.events.append(Score(makers, tuple(self.tricks_won), points, total,
                                 self.contract if r.bid6 else None))
        winner = self._winner(makers)
        if winner is not None:
            self.events.append(GameOver(winner, total))
            self.phase = Phase.GAME_OVER
            return
        self._next_hand()

    def _winner(self, makers: int) -> int | None:
        """The team that wins at the end of this hand, if any."""
        r, total = self.rules, self.total
        if r.bid6:
            team = bid6.may_win(makers, self.contract, (self.tricks_won[0], self.tricks_won[1]))  # type: ignore[arg-type]
            return team if total[team] >= r.target else None
        if max(total) < r.target:               # no team has reached the target
            return None
        over = [t for t in range(r.teams) if total[t] >= r.target]
        best = max(total[t] for t in over)
        leaders = [t for t in over if total[t] == best]
        return leaders[0] if len(leaders) == 1 else None   # cutthroat tie: play on

    def _next_hand(self) -> None:
        self.dealer = self.left_of(self.dealer)
        self._deal()
