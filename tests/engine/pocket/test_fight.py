"""Every rule statement of the Pocket Boxing beta rules, with scripted dice."""

from __future__ import annotations

import pytest

from bouts.engine.pocket import tables
from bouts.engine.pocket.fight import BoutOver, Fighter
from bouts.engine.pocket.policy import DIE, DIRTY, SPECIAL

from .helpers import NO, YES, Fixed, card, die, make_bout


# --- initiative -------------------------------------------------------------------
def test_initiative_highest_roll_takes_control():
    bout, red, blue = make_bout([die(2), die(5)])
    assert bout.initiative() is blue
    bout, red, blue = make_bout([die(6), die(1)])
    assert bout.initiative() is red


def test_initiative_speed_is_added_to_the_roll():
    bout, red, _blue = make_bout([die(3), die(4)], red=card(speed=5))  # 3+2 > 4
    assert bout.initiative() is red


def test_initiative_tie_goes_to_the_brawler_after_the_first_roll():
    # the first roll's tie is rolled again, the second's goes to the brawler
    bout, _red, blue = make_bout([die(4), die(4), die(2), die(2)], blue=card(style="brawler"))
    assert bout.initiative() is blue
    assert bout.rng.left == 0


def test_initiative_tie_without_a_single_brawler_is_rolled_again():
    bout, red, blue = make_bout([die(4), die(4), die(5), die(5), die(1), die(2)])
    assert bout.initiative() is blue
    bout, red, blue = make_bout(
        [die(3), die(3), die(1), die(1), die(6), die(2)],
        red=card(style="brawler"),
        blue=card(style="brawler"),
    )
    assert bout.initiative() is red


def test_hidden_ratings_give_an_eighth_a_point_above_one():
    for rating in range(1, 6):
        fighter = Fighter("red", card(power=rating, defence=6 - rating), None)
        assert fighter.power_p == (rating - 1) / 8
        assert fighter.defence_p == (5 - rating) / 8


# --- how an exchange ends -------------------------------------------------------------
def test_exchange_ends_on_a_miss():
    bout, red, blue = make_bout([die(1)])
    bout.exchange(red, blue)
    assert blue.health == 50 and bout.rng.left == 0
    assert red.stats["thrown"] == 1 and red.stats["landed"] == 0
    assert "misses" in bout.events[-1]["text"]


def test_exchange_ends_when_the_defender_steps_back():
    bout, red, blue = make_bout([die(6), die(1)])  # uppercut 3, cross_arm STEP BACK
    bout.exchange(red, blue)
    assert blue.health == 50 and bout.rng.left == 0
    assert "steps back" in bout.events[-1]["text"]


def test_worked_example_jab_to_head_does_not_get_through_guard_up():
    # "A JAB to the HEAD worth 1 will not get through a GUARD UP - the exchange ends"
    for guard_face in (2, 4):  # cross_arm GUARD UP -2 and GUARD UP -1
        bout, red, blue = make_bout([die(2), die(guard_face)])
        bout.exchange(red, blue)
        assert blue.health == 50 and bout.rng.left == 0
        assert "blocked" in bout.events[-1]["text"]


def test_exchange_continues_while_punches_land():
    # cross 2 to the body vs GUARD UP -2 (+2 body) = 4; hook 2 body vs GUARD DOWN = 0 -> ends
    pol = Fixed(target="body")
    bout, red, blue = make_bout([die(4), die(2), NO, die(5), die(5)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 46
    assert red.stats["landed"] == 1 and red.stats["thrown"] == 2


# --- the guard die ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("guard_face", "target", "expected"),
    [
        (2, "head", 1),  # uppercut 3, GUARD UP -2 on the head
        (4, "head", 2),  # GUARD UP -1
        (2, "body", 5),  # GUARD UP +2 on the body
        (4, "body", 4),  # GUARD UP +1
        (5, "head", 5),  # GUARD DOWN +2 on the head
        (5, "body", 1),  # GUARD DOWN -2 on the body
        (6, "head", 6),  # OPEN +3
        (6, "body", 6),
    ],
)
def test_guard_die_modifies_damage(guard_face, target, expected):
    pol = Fixed(punches=[(DIE, target)], target=target)
    # uppercut, the guard face, the power die; then a miss ends the exchange
    bout, red, blue = make_bout([die(6), die(guard_face), NO, die(1)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 50 - expected


def test_duck_and_counter_is_one_undefended_punch_then_the_exchange_ends():
    # red jabs, blue (peek-a-boo) ducks and counters with a hook 2: no guard die for red
    bout, red, blue = make_bout([die(2), die(4), die(4), NO], blue=card(guard="peek_a_boo"))
    bout.exchange(red, blue)
    assert red.health == 48 and blue.health == 50 and bout.rng.left == 0
    assert blue.stats["counters"] == 1 and blue.stats["damage"] == 2


def test_swarmer_counters_add_one():
    bout, red, blue = make_bout(
        [die(2), die(4), die(4), NO], blue=card(guard="peek_a_boo", style="swarmer")
    )
    bout.exchange(red, blue)
    assert red.health == 47  # hook 2 + 1


def test_a_counter_can_miss():
    bout, red, blue = make_bout([die(2), die(4), die(1)], blue=card(guard="peek_a_boo"))
    bout.exchange(red, blue)
    assert red.health == 50 and "misses" in bout.events[-1]["text"]


def test_good_defence_may_reroll_an_open_face():
    # defence 5: 50% chance; YES re-rolls the OPEN into STEP BACK
    bout, red, blue = make_bout([die(6), die(6), YES, die(1)], blue=card(defence=5))
    bout.exchange(red, blue)
    assert blue.health == 50


def test_power_adds_a_point_on_its_hidden_die():
    bout, red, blue = make_bout([die(2), die(6), YES, die(1)], red=card(power=5))
    bout.exchange(red, blue)
    assert blue.health == 50 - 5  # jab 1 + OPEN 3 + power 1


# --- the special punch and injuries -----------------------------------------------------------
def test_worked_example_special_punch_against_open_defence():
    # "Special punch 5 + D  Defense is Open +3  Broken Nose +1  Total damage 8"
    pol = Fixed(punches=[(SPECIAL, "head")])
    # guard OPEN, power die, injury die BROKEN NOSE; 8 stuns: the clinch roll succeeds
    bout, red, blue = make_bout([die(6), NO, die(1), die(6)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 50 - 8 and bout.rng.left == 0
    assert blue.injuries == ["broken nose"] and blue.hurt_head == 1
    assert bout.injuries[0]["type"] == "broken nose"
    assert bout.injuries[0]["location"] == "head" and bout.injuries[0]["severity"] == 2
    assert not red.special_ready


def test_worked_example_note_body_special_does_not_count_the_broken_nose():
    pol = Fixed(punches=[(SPECIAL, "body")], target="body")
    bout, red, blue = make_bout([die(6), NO, die(1), die(6)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 42 and blue.injuries == [] and bout.injuries == []


def test_the_hardest_punch_is_the_most_damage_the_texts_hold():
    # a special punch on an OPEN guard with power, at a fighter with every head injury
    pol = Fixed(punches=[(SPECIAL, "head")])
    bout, red, blue = make_bout(
        [die(6), YES, die(1), die(6), die(6)], red=card(power=5), red_policy=pol
    )
    blue.hurt_head = 1 + 1 + 2  # broken nose, cut eye, broken jaw
    bout.exchange(red, blue)
    assert blue.health == 50 - tables.MOST_DAMAGE == 50 - 13
    assert "SPECIAL to the head (13, caught open)" in bout.events[0]["text"]


def test_special_injures_only_against_an_open_guard():
    pol = Fixed(punches=[(SPECIAL, "head")])
    bout, red, blue = make_bout([die(5), NO, die(6)], red_policy=pol)  # GUARD DOWN: 5+2
    bout.exchange(red, blue)
    assert blue.health == 43 and blue.injuries == []


def test_special_can_be_avoided():
    pol = Fixed(punches=[(SPECIAL, "head")])
    bout, red, blue = make_bout([die(1)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 50 and red.stats["specials"] == 1


def test_broken_nose_adds_one_to_every_scoring_head_punch():
    pol = Fixed(punches=[(DIE, "head"), (DIE, "body")])
    # jab 1 head OPEN +3 +1 nose = 5; jab 1 body GUARD UP (+1 body) = 2, no nose; then a miss
    rolls = [die(2), die(6), NO, die(2), die(4), NO, die(1)]
    bout, red, blue = make_bout(rolls, red_policy=pol, blue_policy=Fixed(clinch=False))
    blue.hurt_head = 1
    bout.exchange(red, blue)
    assert blue.health == 50 - 5 - 2 and bout.rng.left == 0


def test_cracked_rib_adds_one_to_every_scoring_body_punch():
    pol = Fixed(punches=[(SPECIAL, "body")], target="body")
    # special to the body against OPEN: 8 and a CRACKED RIB; the stunned blue clinches
    bout, red, blue = make_bout([die(6), NO, die(4), die(6)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.injuries == ["cracked rib"] and blue.health == 42
    # next exchange: a jab to the body through GUARD UP (+1 body): 1 + 1 + 1, then a miss
    bout.rng.values += [die(2), die(4), NO, die(1)]
    bout.exchange(red, blue)
    assert blue.health == 42 - 3 and bout.rng.left == 0


def test_an_injury_is_not_suffered_twice():
    pol = Fixed(punches=[(SPECIAL, "head")])
    bout, red, blue = make_bout([die(6), NO, die(1), die(6)], red_policy=pol)
    blue.injuries.append("broken nose")
    blue.hurt_head = 1
    bout.exchange(red, blue)
    assert blue.hurt_head == 1 and bout.injuries == []


# --- the dirty punch --------------------------------------------------------------------
def test_dirty_punch_unseen_damage_counts_and_exchange_continues():
    pol = Fixed(punches=[(DIRTY, "head")])
    bout, red, blue = make_bout([die(4), die(1)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 50 - tables.DIRTY_DAMAGE and red.warnings == 0
    assert red.stats["thrown"] == 2 and bout.fouls == []


@pytest.mark.parametrize("roll", [5, 6])
def test_dirty_punch_warning_on_five_or_six_stops_the_exchange(roll):
    pol = Fixed(punches=[(DIRTY, "head")])
    bout, red, blue = make_bout([die(roll)], red_policy=pol)
    bout.exchange(red, blue)
    assert blue.health == 50 and red.warnings == 1 and bout.rng.left == 0
    assert bout.fouls == [
        {
            "round": 1,
            "time": "0:03",
            "fighter": "red",
            "type": "dirty punch",
            "penalty": "warning",
            "points": 0,
        }
    ]


def test_three_warnings_disqualify():
    pol = Fixed(punches=[(DIRTY, "head")])
    bout, red, blue = make_bout([die(6)], red_policy=pol)
    red.warnings = 2
    with pytest.raises(BoutOver) as over:
        bout.exchange(red, blue)
    assert (over.value.winner, over.value.method) == ("blue", "DQ")
    assert bout.fouls[-1]["penalty"] == "disqualification"


@pytest.mark.parametrize(
    ("fouls", "rolls", "warned"),
    [
        ("strict", [die(4)], True),
        ("normal", [die(4), die(1)], False),
        ("lenient", [die(5), die(1)], False),
        ("lenient", [die(6)], True),
        ("very_lenient", [die(6), die(3), die(1)], False),
        ("very_lenient", [die(6), die(4)], True),
    ],
)
def test_referee_foul_tolerance_shifts_the_warning_roll(fouls, rolls, warned):
    pol = Fixed(punches=[(DIRTY, "head")])
    bout, red, blue = make_bout(rolls, red_policy=pol, fouls=fouls)
    bout.exchange(red, blue)
    assert (red.warnings == 1) is warned and bout.rng.left == 0


# --- health and TKO -----------------------------------------------------------------------
def test_fighters_start_with_fifty_health():
    _bout, red, blue = make_bout()
    assert red.health == blue.health == 50 == tables.HEALTH


def test_tko_as_soon_as_health_reaches_zero():
    bout, red, blue = make_bout([die(6), die(6), NO])
    blue.health = 6
    with pytest.raises(BoutOver) as over:
        bout.exchange(red, blue)
    assert (over.value.winner, over.value.method) == ("red", "TKO")
    assert blue.health == 0


def test_early_stopping_referee_stops_it_at_two():
    bout, red, blue = make_bout([die(6), die(6), NO], stoppage="early")
    blue.health = 8
    with pytest.raises(BoutOver):
        bout.exchange(red, blue)


def test_a_counter_can_win_by_tko():
    bout, red, blue = make_bout([die(2), die(4), die(4), NO], blue=card(guard="peek_a_boo"))
    red.health = 2
    with pytest.raises(BoutOver) as over:
        bout.exchange(red, blue)
    assert (over.value.winner, over.value.method) == ("blue", "TKO")


# --- stun and clinch -------------------------------------------------------------------------
def test_seven_in_an_exchange_stuns_and_a_five_or_six_clinches():
    # uppercut 3 OPEN = 6, then a jab blocked by GUARD UP: 6 is no stun
    bout, red, blue = make_bout([die(6), die(6), NO, die(2), die(2)])
    bout.exchange(red, blue)
    assert blue.health == 44 and "stunned" not in bout.events[-1]["text"]
    # 6, then cross 2 against GUARD UP -1 = 1: 7 in the exchange stuns; a 5 clinches
    rolls = [die(6), die(6), NO, die(4), die(4), NO, die(5)]
    bout, red, blue = make_bout(rolls, blue=card(style="swarmer"))
    bout.exchange(red, blue)
    assert blue.health == 43 and bout.rng.left == 0
    assert "stunned" in bout.events[-1]["text"] and "clinches" in bout.events[-1]["text"]
    # ... and a 4 does not (not a boxer)
    rolls[-1] = die(4)
    bout, red, blue = make_bout([*rolls, die(1)], blue=card(style="swarmer"))
    bout.exchange(red, blue)
    assert "cannot tie him up" in bout.events[-1]["text"]


def test_failed_clinch_the_exchange_continues():
    rolls = [die(6), die(6), NO, die(4), die(4), NO, die(4), die(1)]
    bout, red, blue = make_bout(rolls, blue=card(style="swarmer"))
    bout.exchange(red, blue)
    assert bout.rng.left == 0 and "cannot tie him up" in bout.events[-1]["text"]


def test_boxer_clinches_on_four():
    rolls = [die(6), die(6), NO, die(4), die(4), NO, die(4)]
    bout, red, blue = make_bout(rolls, red=card(style="swarmer"), blue=card(style="boxer"))
    # swarmer uppercut 3 OPEN = 6, cross 2 GUARD UP -1 = 1 -> 7; boxer clinches on a 4
    red.fighter_die = tables.FIGHTER_DICE["swarmer"]
    bout.exchange(red, blue)
    assert bout.rng.left == 0 and "clinches" in bout.events[-1]["text"]


def test_stunned_fighter_may_decline_to_clinch():
    rolls = [die(6), die(6), NO, die(1)]
    bout, red, blue = make_bout(rolls, blue_policy=Fixed(clinch=False))
    blue.health = 50
    # uppercut OPEN 6 + one from a broken jaw = 8: stunned; no clinch roll, red misses next
    blue.hurt_head = 1
    bout.exchange(red, blue)
    assert bout.rng.left == 0 and blue.health == 43


# --- knockdowns and the ten count -----------------------------------------------------------------
def test_ten_in_an_exchange_is_a_knockdown_beaten_count_ends_the_exchange():
    # uppercut OPEN 6 (+1 power) = 7 stun -> no clinch; uppercut GUARD DOWN 5 -> 12: down
    rolls = [die(6), die(6), YES, die(6), die(5), NO, die(2), die(2)]
    bout, red, blue = make_bout(rolls, red=card(power=2), blue_policy=Fixed(clinch=False))
    bout.exchange(red, blue)
    assert blue.knockdowns == 1 and bout.rng.left == 0
    assert bout.knockdowns[0]["fighter"] == "blue"
    assert red.stats["knockdowns"] == 1


@pytest.mark.parametrize(
    ("number", "total", "up"),
    [
        (1, 4, True),
        (1, 3, False),
        (2, 7, True),
        (2, 6, False),
        (3, 9, True),
        (3, 8, False),
        (4, 11, True),
        (4, 10, False),
        (5, 12, True),
        (5, 11, False),
    ],
)
def test_ten_count_targets(number, total, up):
    first = min(6, total - 1)
    bout, red, blue = make_bout([die(first), die(total - first)])
    blue.knockdowns = number - 1
    if up:
        bout.knockdown(red, blue)
        assert bout.knockdowns[-1]["count"] < 10
    else:
        with pytest.raises(BoutOver) as over:
            bout.knockdown(red, blue)
        assert (over.value.winner, over.value.method) == ("red", "KO")
        assert bout.knockdowns[-1]["count"] == 10


def test_chin_adds_to_the_count_roll():
    bout, red, blue = make_bout([die(3), die(3)], blue=card(chin=4))  # 6 + 1 = 7
    assert blue.chin_modifier == 1
    blue.knockdowns = 1
    bout.knockdown(red, blue)  # second knockdown needs 7: beaten
    assert blue.knockdowns == 2


# --- rounds and the clock ------------------------------------------------------------
def test_rounds_are_three_minutes_and_the_bout_five_rounds():
    from bouts.engine.pocket import RULESET

    assert tables.ROUND_SECONDS == 180
    assert RULESET.default_rounds == 5


def test_a_round_runs_exchanges_until_the_bell():
    # spread die 6 -> clock 28+20 = 48; initiative red; red misses (51); spread 6 -> 99;
    # blue wins initiative and misses (102); 150; red misses (153); 201 -> bell
    rolls = [die(6), die(6), die(1), die(1), die(6), die(1), die(6), die(1)]
    rolls += [die(6), die(6), die(1), die(1), die(6)]
    bout, _red, _blue = make_bout(rolls)
    bout.fight_round(1)
    assert bout.rng.left == 0
    assert bout.exchanges == 3
    assert bout.events[-1]["kind"] == "bell" and bout.events[-1]["clock"] == "3:00"
    assert [e["clock"] for e in bout.events[:-1]] == ["0:51", "1:42", "2:33"]


def test_a_policy_punch_of_no_known_kind_is_refused():
    bout, red, blue = make_bout(red_policy=Fixed(punches=[("jab", "head")]))
    with pytest.raises(ValueError, match="die, special or dirty"):
        bout.exchange(red, blue)
