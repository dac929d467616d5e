"""Every rule set in the seeds: web Euchre (000), the modern site's options (003),
six-card Bid Euchre (004), and the deck/table options (32 cards, joker, cutthroat)."""

from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.cards import (
    CLUBS,
    DIAMONDS,
    EXT,
    HEARTS,
    JOKER,
    NO_TRUMP_HIGH,
    NO_TRUMP_LOW,
    SPADES,
    card_name,
    parse_card,
)
from pyengine.core.events import BID, NAME, ORDER, PASS, Deal, GameOver, Play, Score, Trick
from pyengine.core.game import (
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    GameState,
    IllegalAction,
    JokerSuitAction,
    Phase,
    RedealAction,
)
from pyengine.core.options import OptionError, options_of, rules_from
from pyengine.core.rules import BID6, STANDARD, WEB, RulesError
from pyengine.measure.vectors import VARIANTS
from pyengine.players.player import RandomPlayer
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.replay import ReplayError, judge
from pyengine.records.transcript import from_game, loads

from .helpers import cards

P = parse_card
HANDS = ["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"]


def rigged(rules, hands, upcard, dealer=0, seed=1):
    g = GameState.new(rules, seed)
    g.hands = [cards(h) for h in hands]
    g.upcard = None if upcard is None else P(upcard)
    g.joker_suit = None
    g.dealer = dealer
    g.turn = (dealer + 1) % rules.players
    g.phase = Phase.AUCTION if rules.bid6 else Phase.BID1
    g.contract = g.high_bidder = None
    g.tricks_won = [0] * rules.teams
    g._legal = None
    return g


def play_out(g, player=None):
    """Play the current hand to its score with the given chooser (default: first legal)."""
    n = len(g.events)
    while g.phase is not Phase.GAME_OVER and not any(
            isinstance(e, Score) for e in g.events[n:]):
        g.apply(player(g) if player else g.legal_actions()[0])
    return next(e for e in g.events[n:] if isinstance(e, Score))


# --- web Euchre (seed 000) ----------------------------------------------------------

@pytest.mark.parametrize("tricks,alone,points", [
    # "| I Dichiaranti vincono 3 o 4 prese. | 1 | 0 |" ... "da solo e vince 5 prese | 4 | 0"
    (3, False, 1), (4, False, 1), (5, False, 2), (3, True, 1), (4, True, 1), (5, True, 4),
])
def test_web_scoring_table_makers(tricks, alone, points):
    assert WEB.hand_points(0, tricks, alone) == (points, 0)


@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_web_scoring_table_defenders(tricks):
    # "| I Difensori vincono 3 o piu' prese. | 0 | 2 |"
    assert WEB.hand_points(1, tricks, False) == (2, 0)


def test_web_sticks_the_dealer():
    # "Se anche i primi tre giocatori passano in questo giro, il mazziere e' obbligato a
    # dichiarare una briscola."
    g = rigged(WEB, HANDS, "KD", dealer=0)
    for _ in range(7):
        g.apply(BidAction(PASS))
    assert g.turn == 0 and BidAction(PASS) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="stick the dealer"):
        g.apply(BidAction(PASS))
    assert all(a.suit != DIAMONDS for a in g.legal_actions())


def test_web_has_no_canadian_rule_and_lead_is_dealers_left():
    # "In alcune varianti ... il compagno del mazziere ... deve giocare da solo. In questa
    # versione, pero', non usiamo questa regola."
    g = rigged(WEB, HANDS, "KD", dealer=0)
    g.apply(BidAction(PASS))
    assert BidAction(ORDER, DIAMONDS, False) in g.legal_actions()     # seat 2, partner
    g.apply(BidAction(ORDER, DIAMONDS, False))
    g.apply(DiscardAction(P("9S")))          # the dealer discards any card (web)
    assert g.phase is Phase.PLAY and g.turn == 1   # left of the dealer, not of the maker


def test_web_only_the_maker_goes_alone_and_lead_skips_the_sitting_out_seat():
    # "consentirlo solo al giocatore che dichiara o ordina la briscola"
    g = rigged(WEB, HANDS, "KD", dealer=0)
    g.apply(BidAction(PASS))
    g.apply(BidAction(PASS))
    g.apply(BidAction(ORDER, DIAMONDS, True))      # seat 3 alone: seat 1 sits out
    g.apply(DiscardAction(P("9S")))
    assert g.sitting_out == 1 and g.turn == 2     # dealer's left (1) is out: the next leads
    assert not any(isinstance(a, DefendAction) for a in g.legal_actions())


def test_web_random_first_dealer_and_game_to_ten():
    g = play_game(WEB, 5, [VariantPlayer()] * 4)
    assert g.events[0].cards == ()
    assert isinstance(g.events[-1], GameOver) and max(g.events[-1].total) >= 10


# --- the modern site's options (seed 003) -------------------------------------------

def test_standard_redeal_instead_of_stick():
    # "Con questa opzione disattivata, le carte vengono annullate e distribuisce il
    # giocatore successivo."
    r = rules_from("standard", {"stick_the_dealer": "false"})
    g = rigged(r, HANDS, "KD", dealer=0)
    for _ in range(8):
        g.apply(BidAction(PASS))
    assert g.events[-2].ev == "passed_out" and g.dealer == 1 and g.total == [0, 0]


def test_canadian_loner_leads_from_the_loners_left():
    # "quando un giocatore fa prendere la carta scoperta al mazziere e gioca da solo, deve
    # uscire il giocatore alla sinistra di chi gioca da solo."
    r = rules_from("standard", {"canadian_loner": "true"})
    g = rigged(r, HANDS, "KD", dealer=0)
    g.apply(BidAction(PASS))
    g.apply(BidAction(ORDER, DIAMONDS, True))     # seat 2 alone; dealer 0 sits out
    assert g.turn == 3
    g = rigged(STANDARD, HANDS, "KD", dealer=0)
    g.apply(BidAction(PASS))
    g.apply(BidAction(ORDER, DIAMONDS, True))
    assert g.turn == 1                            # without the option: the dealer's left


def test_defend_alone_scores_four_for_a_euchre():
    # "anche un difensore puo' giocare da solo e segnare 4 punti se manda 'euchred' i
    # dichiaranti."
    r = rules_from("standard", {"defend_alone": "true"})
    hands = ["9H TH QH KH 9C", "JD JH AD KD QD", "TC QC KC 9S TS", "AS KS QS JS AC"]
    g = rigged(r, hands, "TD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, False))    # seat 0 orders diamonds, weakly
    assert g.phase is Phase.DEFEND and g.turn == 1
    g.apply(DefendAction(True))                   # seat 1 defends alone; seat 3 sits out
    assert g.defender_out == 3 and g.phase is Phase.PLAY     # the dealer sits out: no pickup
    score = play_out(g)
    assert score.tricks[1] >= 3 and score.points == (0, 4)


def test_defend_alone_makers_who_make_it_score_as_usual():
    r = rules_from("standard", {"defend_alone": "true"})
    hands = ["JD JH AD KD QD", "9H TH QH KH 9C", "TC QC KC 9S TS", "AS KS QS JS AC"]
    g = rigged(r, hands, "TD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, False))
    g.apply(DefendAction(False))
    g.apply(DefendAction(True))                   # seat 3, the dealer, defends alone
    assert g.defender_out == 1 and g.phase is Phase.DISCARD
    score = play_out(g)
    assert score.tricks[0] == 5 and score.points == (2, 0)


@pytest.mark.parametrize("option,hand,reason", [
    # "Farmer's hand e le ridistribuzioni 'niente assi, niente figure, niente briscole'
    # permettono a chi ha una mano pessima di chiedere una nuova distribuzione."
    ("farmers_hand", "9H TH 9C TC TS", "farmers_hand"),
    ("no_ace_no_face_no_trump", "9H TH 9C TC 9S", "no_ace_no_face_no_trump"),
])
def test_bad_hand_may_ask_for_a_new_deal(option, hand, reason):
    r = rules_from("standard", {option: "true"})
    g = rigged(r, [hand, "QH KH AH JD QD", "JS JC TD KD AD", "QS QC KC AC JH"], "9D", dealer=3)
    g._offer_redeals()
    assert g.phase is Phase.REDEAL and g.turn == 0 and g.redeal_reason(0) == reason
    hand_no, dealer = g.hand_no, g.dealer
    g.apply(RedealAction(True))
    assert g.events[-2].to_json() == {"ev": "redeal", "seat": 0, "call": "redeal",
                                      "reason": reason}
    assert g.hand_no == hand_no + 1 and g.dealer == dealer     # the same dealer deals again


def test_no_trump_means_no_redeal_under_no_ace_no_face_no_trump():
    r = rules_from("standard", {"no_ace_no_face_no_trump": "true"})
    g = rigged(r, ["9H TH 9C TC 9D", "QH KH AH JD QD", "JS JC TD KD AD", "QS QC KC AC JH"],
               "AD", dealer=3)
    assert g.redeal_reason(0) is None             # 9D is a trump candidate


def test_target_score_option():
    r = rules_from("standard", {"target": "3"})
    g = play_game(r, 2, [VariantPlayer()] * 4)
    scores = [e for e in g.events if isinstance(e, Score)]
    assert max(scores[-1].total) >= 3 and all(max(s.total) < 3 for s in scores[:-1])


# --- deck and table options (seed 004's list for standard Euchre) -------------------

def test_32_card_deck_adds_sevens_and_eights_below_the_nine():
    assert [card_name(c) for c in EXT.trump_order[HEARTS]] == \
        ["XX", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"]
    g = GameState.new(rules_from("standard", {"deck": "32"}), 9)
    deal = g.events[1]
    dealt = [c for h in deal.hands for c in h]
    assert len(set(dealt)) == 20 and set(dealt) <= set(range(32))
    assert EXT.power[SPADES][HEARTS][P("8H")] > EXT.power[SPADES][HEARTS][P("7H")] > 0
    assert EXT.power[SPADES][HEARTS][P("9H")] > EXT.power[SPADES][HEARTS][P("8H")]


def test_joker_is_the_highest_trump_and_follows_trump():
    assert EXT.effective_suit[CLUBS][JOKER] == CLUBS
    assert EXT.power[CLUBS][CLUBS][JOKER] > EXT.power[CLUBS][CLUBS][P("JC")]


def test_joker_upcard_dealer_names_its_suit():
    r = rules_from("standard", {"joker": "true"})
    g = rigged(r, HANDS, "XX", dealer=0)
    g.phase, g.turn, g._legal = Phase.JOKER, 0, None
    g.apply(JokerSuitAction(HEARTS))
    assert g.phase is Phase.BID1 and g.up_suit == HEARTS
    assert BidAction(ORDER, HEARTS, False) in g.legal_actions()
    for _ in range(4):
        g.apply(BidAction(PASS))
    assert all(a.suit != HEARTS for a in g.legal_actions())   # turned down like a suit


def test_cutthroat_three_players_each_for_himself():
    r = rules_from("standard", {"players": "3"})
    assert not r.alone_allowed and r.teams == 3
    g = GameState.new(r, 4)
    assert len(g.events[1].hands) == 3 and g.total == [0, 0, 0]
    hands = ["9S TS QS KS AS", "JS JC AC KC QC", "9H TH QH KH AH"]
    g = rigged(r, hands, "9C", dealer=2)
    g.apply(BidAction(ORDER, CLUBS, False))       # seat 0 orders clubs: euchred for sure
    assert not any(a.alone for a in g.legal_actions() if isinstance(a, BidAction))
    score = play_out(g)
    assert score.tricks[0] < 3 and score.points == (0, 2, 2)   # each opponent scores


def test_cutthroat_refuses_partnership_options():
    with pytest.raises(OptionError, match="defend_alone=true cannot be used with players=3"):
        rules_from("standard", {"players": "3", "defend_alone": "true"})


# --- six-card Bid Euchre (seed 004) --------------------------------------------------

B6 = ["9S TS QS KS AS JS", "9H TH QH KH AH JH", "9D TD QD KD AD JD", "9C TC QC KC AC JC"]


def test_bid6_deals_all_24_cards_six_each_without_an_upcard():
    g = GameState.new(BID6, 3)
    deal = g.events[1]
    assert isinstance(deal, Deal) and deal.upcard is None
    assert sorted(c for h in deal.hands for c in h) == list(range(24))
    assert deal.to_json()["upcard"] is None and g.phase is Phase.AUCTION


def test_bid6_each_bid_higher_than_the_last_and_the_dealer_may_match():
    # "un numero di prese da 3 a 6 ... piu' alto della dichiarazione precedente, oppure
    # passa. Il mazziere dichiara per ultimo e puo' prendersi il contratto pareggiando"
    g = rigged(BID6, B6, None, dealer=3)
    assert [a.tricks for a in g.legal_actions()] == [None, 3, 4, 5, 6]
    g.apply(BidAction(BID, None, False, 4))
    assert [a.tricks for a in g.legal_actions()] == [None, 5, 6]
    with pytest.raises(IllegalAction, match="higher than the last"):
        g.apply(BidAction(BID, None, False, 4))
    g.apply(BidAction(PASS))
    g.apply(BidAction(PASS))
    assert [a.tricks for a in g.legal_actions()] == [None, 4, 5, 6]   # the dealer matches
    g.apply(BidAction(BID, None, False, 4))
    assert g.phase is Phase.DECLARE and g.turn == 3 and g.contract == 4


def test_bid6_dealer_must_bid_three_when_all_pass():
    # "se tutti gli altri hanno passato, il mazziere deve dichiarare almeno 3."
    g = rigged(BID6, B6, None, dealer=3)
    for _ in range(3):
        g.apply(BidAction(PASS))
    assert BidAction(PASS) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="must bid at least 3"):
        g.apply(BidAction(PASS))


def test_bid6_no_trump_orders_and_high_bidder_leads():
    # "Nel senza briscola alto non ci sono briscole ne' bower ... Nel senza briscola basso
    # l'ordine si inverte, quindi il nove e' la carta migliore"
    hi, lo = EXT.power[NO_TRUMP_HIGH][SPADES], EXT.power[NO_TRUMP_LOW][SPADES]
    order = cards("9S TS JS QS KS AS")
    assert [hi[c] for c in order] == sorted(hi[c] for c in order)
    assert [lo[c] for c in order] == sorted((lo[c] for c in order), reverse=True)
    assert EXT.effective_suit[NO_TRUMP_HIGH][P("JC")] == CLUBS     # no bowers
    g = rigged(BID6, B6, None, dealer=3)
    g.apply(BidAction(PASS))
    g.apply(BidAction(BID, None, False, 3))
    g.apply(BidAction(PASS))
    g.apply(BidAction(PASS))
    g.apply(DeclareAction(NO_TRUMP_LOW))
    assert g.phase is Phase.PLAY and g.turn == 1   # "Il miglior offerente attacca"


@pytest.mark.parametrize("bid,tricks,points", [
    # "Entrambe le squadre segnano un punto per ogni presa che fanno."
    (3, (4, 2), (4, 2)), (6, (6, 0), (6, 0)),
    # "Se i dichiaranti vincono meno prese di quelle dichiarate ... perdono il valore
    # della dichiarazione"
    (4, (3, 3), (-4, 3)), (6, (5, 1), (-6, 1)),
])
def test_bid6_scoring(bid, tricks, points):
    from pyengine.core.bid6 import hand_points
    assert hand_points(0, bid, tricks) == points


def test_bid6_scores_go_negative_and_only_a_made_bid_or_a_set_wins():
    # "Le prese fatte contro una dichiarazione mantenuta non fanno vincere la partita."
    g = rigged(BID6, B6, None, dealer=3)
    g.total = [-3, 31]
    g.apply(BidAction(BID, None, False, 3))       # seat 0 (team 0) bids 3
    for _ in range(3):
        g.apply(BidAction(PASS))
    g.apply(DeclareAction(SPADES))
    score = play_out(g, lambda g: g.legal_actions()[-1])
    if score.tricks[0] >= 3:
        assert not g.over or g.events[-1].winner == 0   # team 1's 31 + tricks cannot win
    else:
        assert score.total[0] == -6


def test_bid6_whole_games_reach_32():
    for seed in range(6):
        g = play_game(BID6, seed, [VariantPlayer()] * 4)
        last = [e for e in g.events if isinstance(e, Score)][-1]
        winner = g.events[-1].winner
        assert last.total[winner] >= 32
        made = last.tricks[last.makers] >= last.bid
        assert winner == (last.makers if made else 1 - last.makers)


# --- combinations, options, the command line ----------------------------------------

@pytest.mark.parametrize("options,message", [
    ({"joker": "true"}, "joker=true cannot be used with bidding=six_card_bid"),
    ({"deck": "32"}, "deck=32 cannot be used with bidding=six_card_bid"),
    ({"target": "10"}, "target=10 cannot be used"),
    ({"canadian_loner": "true"}, "canadian_loner=true"),
])
def test_bid6_refuses_the_options_seed_004_excludes(options, message):
    # "Nessuna si applica: Bid Euchre usa sempre il mazzo da 24 carte senza jolly"
    with pytest.raises(OptionError, match=message):
        rules_from("bid6", options)


def test_rules_value_itself_refuses_bad_combinations():
    with pytest.raises(RulesError, match="deck=30"):
        dataclasses.replace(STANDARD, deck=30)


@pytest.mark.parametrize("args,message", [
    (["--rules", "nope"], "unknown rules preset 'nope'"),
    (["-o", "colour=red"], "unknown option 'colour'"),
    (["-o", "joker=maybe"], "joker=maybe: expected true or false"),
    (["-o", "target"], "write NAME=VALUE"),
    (["--rules", "bid6", "-o", "joker=true"], "joker=true cannot be used"),
])
def test_bad_rules_or_options_are_one_line_and_exit_2(args, message):
    r = CliRunner().invoke(cli, ["play", "--auto", "--seed", "1", *args])
    assert r.exit_code == 2 and message in r.output
    assert "Traceback" not in r.output and r.output.strip().count("\n") == 0


def test_rules_command_lists_every_preset_and_option():
    from pyengine.core.options import OPTION_NAMES
    from pyengine.core.rules import PRESETS
    out = CliRunner().invoke(cli, ["rules"]).output
    assert all(f"  {p} " in out for p in PRESETS) and all(f"  {o} [" in out
                                                          for o in OPTION_NAMES)


@pytest.mark.parametrize("label,name,options", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_shell_auto_game_and_replay_for_every_variant(tmp_path, label, name, options):
    out = tmp_path / "t.json"
    args = ["play", "--auto", "--seed", "11", "--ascii", "--rules", name,
            "--transcript", str(out)]
    for k, v in options.items():
        args += ["-o", f"{k}={str(v).lower()}"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    r = CliRunner().invoke(cli, ["replay", "-q", str(out)])
    assert r.exit_code == 0 and "OK:" in r.output, r.output


def test_shell_human_plays_bid6_through_prompts():
    import io

    from pyengine.play.shell import run_shell_game
    answers = io.StringIO("x\n" + "p\n3\nhi\n" * 40 + "1\n" * 400)
    out = io.StringIO()
    code = run_shell_game(seed=21, auto=False, transcript=None, ascii_only=True,
                          rules_name="bid6", stdin=answers, stdout=out)
    text = out.getvalue()
    assert "Your bid: [p]ass" in text and "is not an answer here" in text
    assert code in (0, 1)


# --- properties per preset: every game keeps the invariants -------------------------

@pytest.mark.parametrize("label,name,options", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_every_variant_keeps_the_invariants(label, name, options):
    rules = rules_from(name, options)
    codes = set(GameState.new(rules, 0).codes)
    for seed in range(8):
        players = [RandomPlayer(seed * 7 + s) if (seed + s) % 3 == 0 else VariantPlayer()
                   for s in range(rules.players)]
        g = GameState.new(rules, seed)
        while not g.over:
            action = players[g.turn].decide(g.view(g.turn))
            assert action in g.legal_actions()
            g.apply(action)
        total = [0] * rules.teams
        trump, table = None, []
        for e in g.events:
            if isinstance(e, Deal):
                dealt = [c for h in e.hands for c in h] + ([e.upcard] if e.upcard is not None
                                                          else [])
                assert len(dealt) == len(set(dealt)) and set(dealt) <= codes
                assert all(len(h) == rules.hand_size for h in e.hands)
                trump = None
            elif e.ev in ("declare",):
                trump = e.trump
            elif e.ev == "bid" and e.call in (ORDER, NAME):
                trump = e.suit
            elif isinstance(e, Play):
                table.append(e)
            elif isinstance(e, Trick):
                led = EXT.effective_suit[trump][table[0].card]
                assert max(table, key=lambda p: EXT.power[trump][led][p.card]).seat == e.winner
                table = []
            elif isinstance(e, Score):
                # no hand after the game is decided (cutthroat: a tie at the top plays on)
                tied = total.count(max(total)) > 1
                assert max(total) < rules.target or rules.bid6 or tied
                total = [a + b for a, b in zip(total, e.points, strict=True)]
                assert list(e.total) == total and sum(e.tricks) == rules.hand_size
        assert isinstance(g.events[-1], GameOver)
        assert total[g.events[-1].winner] >= rules.target
        t = from_game(g)
        assert t.options == options_of(rules)
        judge(loads(t.dumps()))


def test_replay_rejects_a_transcript_whose_options_changed():
    rules = rules_from("standard", {"defend_alone": True})
    t = from_game(play_game(rules, 3, [VariantPlayer()] * 4))
    t.options = {}
    with pytest.raises(ReplayError):
        judge(t)
    t.options = {"joker": "perhaps"}          # the schema: an option's exact type
    with pytest.raises(ReplayError, match='options.joker: "perhaps" is not a boolean'):
        judge(t)
    t.options = {"players": 3, "bidding": "six_card_bid"}   # typed, but the rules refuse
    with pytest.raises(ReplayError, match="cannot replay: option"):
        judge(t)


def test_variant_player_defends_alone_when_strong_and_bids_no_trump():
    from pyengine.players.varplayer import best_contract
    assert best_contract(tuple(cards("9S 9H 9D 9C TS TH")))[0] == NO_TRUMP_LOW
    assert best_contract(tuple(cards("AS AH AD AC KS KH")))[0] == NO_TRUMP_HIGH
    r = rules_from("standard", {"defend_alone": "true"})
    hands = ["9H TH QH KH 9C", "JD JH AD KD QD", "TC QC KC 9S TS", "AS KS QS JS AC"]
    g = rigged(r, hands, "TD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, False))
    assert VariantPlayer().decide(g.view(1)) == DefendAction(True)
