"""Reading EGN as the specification writes it: every version's names, the cards' other
spellings, the ruleset mapped (or refused in one line naming what the project does not
play), and the record's own claims checked."""

from __future__ import annotations

import json

import pytest

from pyengine.core.rules import FirstLead
from pyengine.records.egn.cardtext import EgnCardError, card_text, read_card
from pyengine.records.egn.judge import judge
from pyengine.records.egn.parse import EgnError, record_of
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.rules_map import RulesetError, rules_of
from tests.egn_helpers import DATA


def _raw(name: str = "six_points_in_two_hands.egn") -> dict:
    return json.loads((DATA / name).read_text())


def test_cards_in_every_spelling_the_notation_allows() -> None:
    assert card_text(read_card("Nc")) == "9c"          # N: another 9
    assert card_text(read_card("TD")) == "Td"
    assert card_text(read_card("R", trump=1)) == "Jh"  # the bowers by their role
    assert card_text(read_card("L", trump=1)) == "Jd"
    assert card_text(read_card("B")) == "B"            # the benny
    for text in ("Xx", "Xc", "Jx", "Jt", "Zz", "", "10h"):
        with pytest.raises(EgnCardError):
            read_card(text)


def test_ruleset_maps_to_the_standard_preset_with_options() -> None:
    m = rules_of({"std": False, "canadian": True, "loner_lead": "LEFT_OF_LONER",
                  "loner_march_score": 5, "winning_score": 11, "min_rank": 7})
    r = m.rules
    assert (r.stick_the_dealer, r.canadian_rule, r.canadian_loner) == (False, True, True)
    assert (r.points_lone_march, r.target, r.deck) == (5, 11, 32)
    assert r.first_lead is FirstLead.DEALER_LEFT and m.loner_left_leads


def test_ruleset_the_project_does_not_play_is_named_in_one_line() -> None:
    with pytest.raises(RulesetError) as caught:
        rules_of({"farmers": True, "num_deals": 8, "winning_score": 0, "fast_break": True})
    text = str(caught.value)
    assert "\n" not in text
    for word in ("farmers", "num_deals=8", "fast_break"):
        assert word in text


def test_version_1_0_names_are_read() -> None:
    raw = _raw()
    raw["version"] = "1.0.0"
    for deal in raw["deals"]:
        deal["initial_state"] = deal.pop("initialState")
        deal["initial_state"]["player_cards"] = [[], [], [], []]
        deal["initial_state"]["kitty"] = ["", "", ""]
        deal["phases"][1]["tricks_annotations"] = {"0": ["a note, 1.0 style"]}
    record = record_of(raw, "old")
    assert record.deals[0].play.notes == {0: ("a note, 1.0 style",)}   # type: ignore[union-attr]
    assert judge(record).game.total == [10, 9]                        # type: ignore[union-attr]


def test_later_versions_are_read() -> None:
    raw = _raw()
    raw["version"] = "1.6"
    assert judge(record_of(raw, "new")).game.total == [10, 9]          # type: ignore[union-attr]
    raw["version"] = "2.0"
    with pytest.raises(EgnError):
        record_of(raw, "future")


def test_a_wrong_final_score_is_refused() -> None:
    raw = _raw()
    raw["metadata"]["finalScore"] = [10, 8]
    with pytest.raises(Fault) as caught:
        judge(record_of(raw, "claims"))
    assert "finalScore is 10-8 but the play scores 10-9" in str(caught.value)


def test_card_exchanges_are_refused() -> None:
    raw = _raw()
    raw["deals"][0]["phases"][0]["cardExchanges"] = [{"receiver": 1, "cards": ["Jd"]}]
    with pytest.raises(Fault) as caught:
        judge(record_of(raw, "exchange"))
    assert caught.value.deal == 0 and "exchange" in str(caught.value)


def test_condensed_deals_are_refused_with_the_way_out() -> None:
    raw = _raw()
    raw["deals"][1] = "AAECAwQ="
    with pytest.raises(EgnError, match="condensed"):
        record_of(raw, "packed")


def test_a_call_after_trump_is_made_is_refused() -> None:
    raw = _raw()
    calls = raw["deals"][0]["phases"][0]["calls"]
    calls.append("Pass")
    with pytest.raises(Fault) as caught:
        judge(record_of(raw, "late call"))
    assert caught.value.deal == 0 and "after trump was made" in str(caught.value)


def test_a_card_played_twice_is_refused_naming_the_trick() -> None:
    raw = _raw()
    tricks = raw["deals"][0]["phases"][1]["tricks"]
    tricks[1][1] = tricks[0][1]
    with pytest.raises(Fault) as caught:
        judge(record_of(raw, "twice"))
    assert caught.value.deal == 0 and caught.value.trick in (0, 1)


def _with_alternative(raw: dict, deal: int, branch: int, phases: list) -> dict:
    raw["deals"][deal]["alternativeLines"] = [{"branchIndex": branch, "phases": phases}]
    return raw


def test_alternative_line_is_played_on_the_deal_s_own_hands() -> None:
    from pyengine.records.egn.alternatives import verdicts

    raw = _raw()
    calls = len(raw["deals"][0]["phases"][0]["calls"])
    tricks = raw["deals"][0]["phases"][1]["tricks"]
    # the main line's own cards from trick 2 on, as an alternative: the same points
    same = _with_alternative(raw, 0, calls + len(tricks[0]), [
        {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks[1:]}])
    main = judge(record_of(_raw(), "main")).game
    points = [e for e in main.events if e.ev == "score"][0].points   # type: ignore[union-attr]
    verdict = verdicts(record_of(same, "alt"))[0, 0]
    assert verdict.startswith("follows the rules") and f"points {points[0]}-{points[1]}" in verdict
    # the same line with two cards of trick 2 swapped between seats: not their cards
    broken = json.loads(json.dumps(same))
    alt_tricks = broken["deals"][0]["alternativeLines"][0]["phases"][0]["tricks"]
    alt_tricks[0][1], alt_tricks[1][2] = alt_tricks[1][2], alt_tricks[0][1]
    assert verdicts(record_of(broken, "alt"))[0, 0].startswith("does not follow the rules")


def test_version_1_6_without_phase_numbers_and_with_team_names_is_read() -> None:
    raw = _raw()
    raw["version"] = "1.6"
    raw["metadata"]["teamNames"] = ["North-South", "East-West"]
    raw["metadata"]["date"] = "2026-06-13"
    for deal in raw["deals"]:
        for phase in deal["phases"]:
            phase.pop("phaseNumber", None)
    assert judge(record_of(raw, "1.6")).game.total == [10, 9]          # type: ignore[union-attr]


def test_a_1_0_viewer_s_own_fields_beside_the_game_are_left_aside() -> None:
    raw = _raw()
    raw["version"] = "1.0.0"
    raw.update({"timings": {"0": 0}, "views": [{"id": "default-view"}], "viewSwitches": {},
                "videoUrl": ""})
    assert judge(record_of(raw, "1.0 viewer")).game.total == [10, 9]   # type: ignore[union-attr]
    raw["version"] = "1.4"                  # today's versions: the schema's word stands
    with pytest.raises(EgnError, match="timings"):
        record_of(raw, "1.4 with extras")
