"""Where a player loses: every decision of some games judged after the fact.

Two judges, both imperfect and both stated:

* **card play and discards: double-dummy loss.** With every hand face up the
  open-hand solver gives the exact points of the hand (for the deciding
  seat's side) after each legal card; the loss of a decision is the best
  card's value minus the chosen one's. A good imperfect-information player
  also "loses" here (it cannot see the cards), so compare players on the same
  categories rather than reading the numbers as absolute errors.
* **bids: the search player's regret.** ``pimc`` rates every legal bid from
  the bidder's own view; the regret is its best rating minus the rating of the
  bid made. It judges by its own model (other seats bid like ``ref``), so it
  is evidence, not proof.

``python -m pyengine.measure.audit --games N`` plays N games of ``ref`` against
``pimc`` (seatings alternate) and prints the tables, grouped by situation.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, Card
from pyengine.core.events import PASS
from pyengine.core.game import BidAction, GameState, Phase, SeatView
from pyengine.core.rules import BIT93, FirstLead
from pyengine.players.pimc import ARENA, PimcConfig, PimcPlayer, hand_value
from pyengine.players.player import Player, RefPlayer
from pyengine.players.solver import BIT_OF, active_order, make_solver, to_mask

POSITIONS = ("left of dealer", "dealer's partner", "right of dealer", "dealer")


@dataclass
class Tally:
    """Decisions of one kind: how many, the points they lost, how many lost any."""
    n: int = 0
    loss: float = 0.0
    costly: int = 0            # decisions that lost something

    def add(self, loss: float) -> None:
        """Count one decision that lost ``loss`` points against the judge."""
        self.n += 1
        self.loss += loss
        self.costly += loss > 1e-9


@dataclass
class Audit:
    """Tallies by (player, kind of decision)."""
    by: dict[tuple[str, str], Tally] = field(default_factory=dict)

    def add(self, player: str, what: str, loss: float) -> None:
        """Count one decision of ``player`` of kind ``what``."""
        self.by.setdefault((player, what), Tally()).add(loss)

    def lines(self, players: tuple[str, str] = ("ref", "pimc"), top: int = 25) -> list[str]:
        """Side by side, the situations where the first player loses most, worst first."""
        a, b = players
        whats = {w for _, w in self.by}
        order = sorted(whats, key=lambda w: -self.by.get((a, w), Tally()).loss)
        out = [f"| decision | {a}: count | {a}: with a loss | {a}: mean loss | {a}: total "
               f"| {b}: count | {b}: mean loss | {b}: total |",
               "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for w in order[:top]:
            ta, tb = self.by.get((a, w), Tally()), self.by.get((b, w), Tally())
            out.append(f"| {w} | {ta.n} | {_pct(ta.costly, ta.n)} | {_mean(ta)} | "
                       f"{ta.loss:.1f} | {tb.n} | {_mean(tb)} | {tb.loss:.1f} |")
        for p in players:
            for group in ("bid", "play", "discard"):
                ts = [t for (q, w), t in self.by.items() if q == p and _group(w) == group]
                n, loss = sum(t.n for t in ts), sum(t.loss for t in ts)
                out.append(f"| **{p}, all {group} decisions** | {n} | "
                           f"{_pct(sum(t.costly for t in ts), n)} | "
                           f"{loss / n if n else 0:.3f} | {loss:.1f} | | | |")
        return out


def _group(what: str) -> str:
    if what.startswith("bid"):
        return "bid"
    return "discard" if what == "discard" else "play"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def _mean(t: Tally) -> str:
    return f"{t.loss / t.n:.3f}" if t.n else "-"


def card_values(g: GameState, seat: int, tiebreak: float = 0.0) -> dict[Card, float]:
    """Open-hand value (points of the hand for seat's side) after each legal card."""
    trump = g.trump
    out = tuple(s for s in (g.sitting_out, g.defender_out) if s is not None)
    makers = g.maker & 1
    solver = make_solver(trump, makers, out)
    won = g.tricks_won[makers]
    active = 4 - len(out)
    vals = {}
    leader = g.trick[0][0] if g.trick else seat
    for a in g.legal_actions():
        c = a.card
        masks = [0 if s in out else to_mask([x for x in g.hands[s] if not (s == seat and x == c)],
                                            trump) for s in range(4)]
        t2 = list(g.trick) + [(seat, c)]
        if len(t2) == active:
            led = EFFECTIVE_SUIT[trump][t2[0][1]]
            w = max(t2, key=lambda sc: POWER[trump][led][sc[1]])[0]
            total = won + ((w & 1) == makers) + (solver.tricks(masks, w) if masks[w] else 0)
        else:
            total = won + solver.tricks(masks, leader, [(s, BIT_OF[trump][x]) for s, x in t2])
        vals[c] = hand_value(g.rules, seat, g.maker, total, g.alone, tiebreak)
    return vals


def _discard_values(g: GameState) -> dict[Card, float]:
    trump, d = g.trump, g.dealer
    out = tuple(s for s in (g.sitting_out,) if s is not None)
    solver = make_solver(trump, g.maker & 1, out)
    r = g.rules
    if r.canadian_loner and g.alone and g.made_round == 1:
        first = g.maker
    else:
        first = g.maker if r.first_lead is FirstLead.MAKER_LEFT else g.dealer
    leader = active_order((first + 1) % 4, out)[0]
    vals = {}
    for a in g.legal_actions():
        masks = [0 if s in out else to_mask([x for x in g.hands[s]
                                             if not (s == d and x == a.card)], trump)
                 for s in range(4)]
        vals[a.card] = hand_value(r, d, g.maker, solver.tricks(masks, leader), g.alone, 0.0)
    return vals


def play_category(g: GameState, v: SeatView, card: Card) -> str:
    """The kind of a card play, for the audit's table (lead, follow, ...)."""
    trump = v.trump
    side = "maker side" if (v.seat & 1) == (v.maker & 1) else "defenders"
    if v.alone and (v.seat & 1) == (v.maker & 1):
        side = "lone maker"
    elif v.alone:
        side = "against a loner"
    eff = EFFECTIVE_SUIT[trump]
    if not v.trick:
        kind = "lead trump" if eff[card] == trump else "lead side suit"
        return f"{side}: {kind}"
    led = eff[v.trick[0][1]]
    table = POWER[trump][led]
    win_seat, win_card = max(v.trick, key=lambda sc: table[sc[1]])
    partner_wins = (win_seat & 1) == (v.seat & 1)
    pos = ("2nd", "3rd", "4th")[min(len(v.trick), 3) - 1]
    can_follow = any(eff[c] == led for c in v.hand)
    if can_follow:
        kind = "follow suit"
    elif eff[card] == trump:
        kind = "trump in"
    else:
        kind = "throw off"
    who = "partner winning" if partner_wins else "opponent winning"
    return f"{side}: {pos} hand, {who}, {kind}"


def bid_category(v: SeatView, action: BidAction) -> str:
    """The kind of a bid, for the audit's table (seat position, call)."""
    pos = POSITIONS[(v.seat - v.dealer - 1) % 4]
    call = "pass" if action.call == PASS else ("alone" if action.alone else "call")
    forced = (v.round == 1 and action.call != PASS and v.rules.canadian_rule
              and v.seat == (v.dealer + 2) % 4)
    if forced:
        call = "forced loner (Canadian rule)"
    near = " (a side at 8+)" if max(v.total) >= 8 else ""
    return f"bid round {v.round}, {pos}: {call}{near}"


JUDGE = PimcConfig(worlds=48, time=0.0, seed=7)     # not the arena player's own worlds


def audit_games(games: int, make_players: Callable[[int], list[Player]],
                names: Callable[[int], list[str]], judge: PimcConfig = JUDGE,
                seed: int = 0, rules=BIT93,
                progress: Callable[[int], None] | None = None) -> Audit:
    """Judge every decision of ``games`` games; ``progress(1)`` after each game."""
    au = Audit()
    pimc_judge = PimcPlayer(judge)
    for i in range(games):
        number = seed + i
        players = make_players(number)
        who = names(number)
        g = GameState.new(rules, number)
        while not g.over:
            s = g.turn
            v = g.view(s)
            a = players[s].decide(v)
            if len(v.legal) > 1:
                if v.phase is Phase.PLAY:
                    vals = card_values(g, s)
                    au.add(who[s], play_category(g, v, a.card), max(vals.values()) - vals[a.card])
                elif v.phase is Phase.DISCARD:
                    vals = _discard_values(g)
                    au.add(who[s], "discard", max(vals.values()) - vals[a.card])
                elif v.phase in (Phase.BID1, Phase.BID2):
                    ratings = {r.action: r.value for r in pimc_judge.rate(v)}
                    au.add(who[s], bid_category(v, a), max(ratings.values()) - ratings[a])
            g.apply(a)
        if progress:
            progress(1)
    return au


def ref_against_pimc(games: int, pimc: PimcConfig = ARENA, seed: int = 0,
                     progress: Callable[[int], None] | None = None) -> Audit:
    """Audit ref's and pimc's decisions in ``games`` games against the judge."""
    ref, pim = RefPlayer(), PimcPlayer(pimc)

    def players(n: int) -> list[Player]:
        return [ref, pim, ref, pim] if n % 2 == 0 else [pim, ref, pim, ref]

    def names(n: int) -> list[str]:
        return ["ref", "pimc", "ref", "pimc"] if n % 2 == 0 else ["pimc", "ref", "pimc", "ref"]

    return audit_games(games, players, names, seed=seed, progress=progress)


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.measure.audit``: print the audit's table."""
    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.audit")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    for line in ref_against_pimc(args.games, seed=args.seed).lines():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
