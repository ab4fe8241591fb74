"""Judges: 10-point must, knockdowns, penalties; decisions."""

from bouts.engine.result import decision_from_totals
from bouts.engine.webl.scoring import (
    AGGRESSOR,
    EVEN,
    VIEW,
    apply_knockdowns,
    apply_penalty,
    judge_params,
    judge_round,
)

NEUTRAL = judge_params({"bias": "none", "close_round": "even"}, None, None)


def test_round_goes_to_who_landed_more_and_better():
    assert judge_round(NEUTRAL, 40, 10, 20, 5, 0.5, (None, None)) == [10, 9]
    assert judge_round(NEUTRAL, 20, 5, 40, 10, 0.5, (None, None)) == [9, 10]


def test_close_round_even_or_by_view():
    assert judge_round(NEUTRAL, 30, 8, 30, 8, 0.5, (None, None)) == [10, 10]
    aggressor = judge_params({"close_round": "aggressor"}, None, None)
    assert aggressor[4] == AGGRESSOR
    assert judge_round(aggressor, 30, 8, 30, 8, 0.5, ("blue", "red")) == [9, 10]
    counter = judge_params({"close_round": "counterpuncher"}, None, None)
    assert judge_round(counter, 30, 8, 30, 8, 0.5, ("blue", "red")) == [10, 9]
    home = judge_params({"close_round": "home"}, "red", None)
    assert judge_round(home, 30, 8, 30, 8, 0.5, (None, None)) == [10, 9]
    assert NEUTRAL[4] == EVEN


def test_judges_count_with_a_small_error():
    # The same round can go either way on a judge's counting error when close.
    low, high = 0.0, 1.0
    assert judge_round(NEUTRAL, 31, 8, 30, 8, low, (None, None)) == [9, 10]
    assert judge_round(NEUTRAL, 31, 8, 30, 8, high, (None, None)) == [10, 9]
    # One uniform number per judge per round: red's score x (1 - n + 2 n u) against blue's.
    assert judge_round(NEUTRAL, 40, 8, 30, 8, 0.0, (None, None)) == [9, 10]


def test_a_judge_has_a_view_for_the_whole_bout():
    # view 0 leans to blue, 1 to red, 0.5 none: the same close round goes either way
    # on every round of the bout (this, not the per-round error, makes split decisions).
    to_blue = judge_params({}, None, None, 0.5, 0.0)
    to_red = judge_params({}, None, None, 0.5, 1.0)
    assert to_blue[2] == 1.0 - VIEW and to_blue[3] == 1.0 + VIEW
    assert to_red[2] == 1.0 + VIEW and to_red[3] == 1.0 - VIEW
    assert judge_round(to_blue, 31, 8, 30, 8, 0.5, (None, None)) == [9, 10]
    assert judge_round(to_red, 30, 8, 31, 8, 0.5, (None, None)) == [10, 9]
    assert NEUTRAL[2] == NEUTRAL[3] == 1.0


def test_taste_weighs_damage_against_punches():
    puncher = judge_params({}, None, None, 0.0)  # damage x0.5
    hurter = judge_params({}, None, None, 1.0)  # damage x1.5
    assert judge_round(puncher, 40, 5, 34, 8, 0.5, (None, None)) == [10, 9]
    assert judge_round(hurter, 40, 5, 34, 8, 0.5, (None, None)) == [9, 10]


def test_bias():
    slugger = judge_params({"bias": "slugger"}, None, None)
    boxer = judge_params({"bias": "boxer"}, None, None)
    # Red lands more, blue hurts more.
    assert judge_round(slugger, 40, 4, 28, 12, 0.5, (None, None)) == [9, 10]
    assert judge_round(boxer, 40, 4, 28, 12, 0.5, (None, None)) == [10, 9]
    hometown = judge_params({"bias": "hometown"}, "blue", None)
    assert hometown[3] > 1.0 and hometown[2] == 1.0
    champion = judge_params({"bias": "champion"}, None, "red")
    assert champion[2] > 1.0


def test_a_knockdown_round_is_10_8_for_the_man_who_scored_it():
    # Reference: "10-8 for the knockdown"; two knockdowns clearly more.
    assert apply_knockdowns([10, 9], 0, 1) == [10, 8]
    assert apply_knockdowns([10, 9], 0, 2) == [10, 7]
    assert apply_knockdowns([10, 9], 0, 5) == [10, 6]  # never below MIN_SCORE
    # The downed fighter had won the round on punches (or it was even): still 10-8
    # for the knockdown, never 10-10.
    assert apply_knockdowns([10, 9], 1, 0) == [8, 10]
    assert apply_knockdowns([10, 10], 1, 0) == [8, 10]
    assert apply_knockdowns([9, 10], 0, 1) == [10, 8]
    # Knockdowns on both sides cancel: one more for red is a 10-8 for blue ...
    assert apply_knockdowns([10, 9], 2, 1) == [8, 10]
    # ... and equal ones leave the round to the punches.
    assert apply_knockdowns([10, 9], 1, 1) == [10, 9]


def test_penalty_rule_of_step_5():
    # Penalised and won the round: a point to the opponent.
    assert apply_penalty([10, 9], "red") == [10, 10]
    # Penalised and lost or even: a point off.
    assert apply_penalty([9, 10], "red") == [8, 10]
    assert apply_penalty([10, 10], "blue") == [10, 9]


def test_decisions():
    assert decision_from_totals([[115, 113], [116, 112], [114, 114]]) == ("red", "MD")
    assert decision_from_totals([[115, 113], [112, 116], [114, 113]]) == ("red", "SD")
    assert decision_from_totals([[110, 118]] * 3) == ("blue", "UD")
    assert decision_from_totals([[114, 114], [115, 113], [113, 115]]) == (None, "DRAW")


def test_default_officials_are_resolve_officials_and_bout_judges():
    # The bout's path for officials=None: the same officials, views and draws.
    import random

    from bouts.engine.webl.officials import default_officials, resolve_officials
    from bouts.engine.webl.scoring import bout_judges

    for seed in range(300):
        for home in (None, "red", "blue"):
            slow, fast = random.Random(seed), random.Random(seed)
            referee, judges, doctor = resolve_officials(None, slow)
            views = bout_judges(judges, slow.random, home, None)
            assert default_officials(fast.random, home) == (referee, judges, doctor, tuple(views))
            assert fast.random() == slow.random()
