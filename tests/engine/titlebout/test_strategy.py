"""Strategies: the totals, the rating check, the contest, the solo tables."""

from bouts.engine.titlebout import ratings, strategy
from bouts.engine.titlebout.options import validate_plans

from .helpers import base_card, feed, make_bout


def test_pep_total():
    # Pep: FO 9 + excellent corner 4 + RN 25 (the 5) + Intellect 1 = 19
    assert strategy.total(9, 4, 25, True) == 19


def test_johnson_klitschko_totals():
    assert strategy.total(9, 4, 26, False) == 19  # Johnson, Keep Away
    assert strategy.total(8, 3, 35, False) == 16  # Klitschko, Go for the KO


def test_rating_check_uses_the_last_digit_and_zero_is_zero():
    assert strategy.digit(40) == 0 and strategy.digit(7) == 7
    assert strategy.rating_check(6, 26, False) and not strategy.rating_check(6, 27, False)
    assert strategy.rating_check(6, 30, False)
    assert strategy.rating_check(3, 27, True)  # Intellect: RN -4


def test_bonavena_solo_round_one():
    assert strategy.solo("first", "S", 13) == "work_the_body"
    assert strategy.solo("first", "B", 13) == "stick_and_move"
    assert strategy.solo("first", "B", 9) == "none"


def test_solo_tables_cover_1_to_20():
    for key, table in strategy.SOLO.items():
        assert table[-1][0] == 20, key
        tops = [t for t, _ in table]
        assert tops == sorted(tops)


def test_solo_phase():
    assert strategy.solo_phase(1, 12, 0, False) == "first"
    assert strategy.solo_phase(3, 12, 0, False) == "early"
    assert strategy.solo_phase(7, 12, 0, False) == "middle"
    assert strategy.solo_phase(11, 12, 2, False) == "ahead"
    assert strategy.solo_phase(11, 12, -2, False) == "behind"
    assert strategy.solo_phase(5, 12, 0, True) == "hurt"


def test_mods_cover_every_pair():
    names = [*strategy.STRATEGIES, "none"]
    for s in strategy.STRATEGIES:
        for o in names:
            assert len(strategy.MODS[s][o]) == 6
    assert strategy.MODS["keep_away"]["keep_away"] == (-4, -4, -4, 0, -4, -1)
    assert strategy.MODS["go_for_ko"]["go_for_ko"] == (1, 0, 4, 0, 3, 2)


def test_contest_higher_total_imposes_his_strategy(monkeypatch):
    johnson = base_card("Johnson", strategy={"FI": 5, "FO": 9, "CU": 5, "KO": 5})
    klitschko = base_card("Klitschko", strategy={"FI": 5, "FO": 5, "CU": 5, "KO": 8})
    bout = make_bout(johnson, klitschko)
    bout.corners["red"]["strategy"] = "excellent"
    bout.corners["blue"]["strategy"] = "good"
    bout.red.corner = bout.corners["red"]
    bout.blue.corner = bout.corners["blue"]
    bout.plans = {"red": {"strategy": "keep_away"}, "blue": {"strategy": "go_for_ko"}}
    feed(monkeypatch, "aux_rn", [26, 35])
    ratings.choose_strategies(bout, 0, 0)
    assert bout.red.strategy == "keep_away" and bout.blue.strategy == "none"
    assert bout.red.smod == strategy.MODS["keep_away"]["go_for_ko"]


def test_tie_negates_and_same_strategy_applies_to_both(monkeypatch):
    bout = make_bout()
    bout.plans = {"red": {"strategy": "load_up"}, "blue": {"strategy": "keep_away"}}
    feed(monkeypatch, "aux_rn", [25, 25])  # 6+2+5 each: a tie
    ratings.choose_strategies(bout, 0, 0)
    assert bout.red.strategy == "none" and bout.blue.strategy == "none"
    bout.plans = {"red": {"strategy": "go_for_ko"}, "blue": {"strategy": "go_for_ko"}}
    ratings.choose_strategies(bout, 0, 0)
    assert bout.red.strategy == bout.blue.strategy == "go_for_ko"


def test_one_strategy_needs_the_rating_check(monkeypatch):
    bout = make_bout()
    bout.plans = validate_plans({"red": {"strategy": "FI"}, "blue": {"strategy": "none"}})
    feed(monkeypatch, "aux_rn", [27])  # 7 > FI 6: cannot carry it out
    ratings.choose_strategies(bout, 0, 0)
    assert bout.red.strategy == "none"
    feed(monkeypatch, "aux_rn", [26])
    ratings.choose_strategies(bout, 0, 0)
    assert bout.red.strategy == "work_the_body"
