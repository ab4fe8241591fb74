"""The seed's round formulas and worked examples (steps 1, 4, 6-10), checked where the
round applies them: what a pair of lines means (``fighter.pair_meaning``), steps 5-8
(``steps.exchange``), steps 9-12 (``steps.harm``) and step 10's knockdowns
(``incidents.knocks``), with scripted draws (0.5 for every draw not given: a
noise of exactly 1)."""

import math

import pytest

from bouts.engine.webl.fighter import Fighter, pair_meaning
from bouts.engine.webl.incidents import knocks
from bouts.engine.webl.officials import DOCTOR, WARN_CHANCE
from bouts.engine.webl.plans import parse_line
from bouts.engine.webl.steps import exchange, harm

from .helpers import ScriptedRng, card

NO_TKO = float("-inf")  # a TKO line nothing reaches


def meaning(red_card, blue_card, red_text, blue_text):
    """The two Fighters (no weight rule) and what their lines mean for a round."""
    red = Fighter("red", red_card, blue_card, False)
    blue = Fighter("blue", blue_card, red_card, False)
    return red, blue, pair_meaning(red, blue, parse_line(red_text), parse_line(blue_text))


def exchanged(red_card, blue_card, red_text, blue_text, factors=(1.0, 1.0), draws=()):
    """Steps 5-8 of round 1: ``(red's landed, blue's, the damage each takes before the
    head/body multiplier, after it, each one's point penalties)``; no unintentional
    fouls, the referee's normal chance of a warning for dirty fighting."""
    red, blue, (exchanging, *_) = meaning(red_card, blue_card, red_text, blue_text)
    rng = ScriptedRng(draws, default=0.5)
    refereeing = (rng, WARN_CHANCE["normal"], 0.0, [], [])
    return exchange(rng.random, red, blue, 1, *factors, exchanging, (0.0, refereeing))


def injured(red_damage, red_text="5/7/8", blue_text="5/7/8", draw=0.5):
    """Step 9 for red taking ``red_damage`` (after the head/body multiplier), his injury
    draw ``draw``: whether he is injured."""
    red, blue, (_, harming, *_) = meaning(card(tgh=30), card(tgh=30), red_text, blue_text)
    rng = ScriptedRng([draw], default=0.99)
    incidents = (rng, DOCTOR["balanced"], [], [], [])
    damage = (0.0, 0.0, 0.0, 0.0, red_damage, 0.0, 0, 0)
    harm(rng.random, red, blue, 1, damage, harming, 300.0, 300.0, (NO_TKO, NO_TKO, incidents))
    return bool(red.injuries)


def knocked(damage, opponent_target="", draws=()):
    """Step 10 for a fighter with 100 starting endurance (TGH 10) taking ``damage``
    before the head/body multiplier: ``(knockdowns, knocked out)``."""
    fighter = Fighter("red", card(tgh=10), card(), False)
    opponent = Fighter("blue", card(), card(tgh=10), False)
    lines = fighter.knock[opponent_target]
    incidents = (ScriptedRng(draws, default=0.5), DOCTOR["balanced"], [], [], [])
    downs, stop = knocks(fighter, opponent, damage, lines, 1, incidents)
    return downs, stop is not None


def test_recovery_regains_15_percent_of_lost_endurance_and_2_more_per_unused_point():
    # Seed, step 1: started with 120, has 90 after round 3 -> begins round 4 with 94.5;
    # with only 18 energy points spent, 2 x 0.02 x 30 = 1.2 more: 95.7. The share is the
    # line's (pair_meaning's last two values); bout.play_rounds adds lost x share.
    *_, full, _ = meaning(card(), card(), "5/7/8", "5/7/8")[2]
    *_, rested, _ = meaning(card(), card(), "5/7/6", "5/7/8")[2]
    assert 90 + (120 - 90) * full == pytest.approx(94.5)
    assert 90 + (120 - 90) * rested == pytest.approx(95.7)


def test_the_endurance_factor_scales_str_spd_and_agl():
    # Seed, step 4: began with 100, begins the round with 80 -> attributes x 0.8: SPD in
    # what he lands, STR and SPD in his damage, AGL in his DEF_RATE.
    fresh = exchanged(card(), card(), "5/7/8", "5/7/8")
    tired = exchanged(card(), card(), "5/7/8", "5/7/8", factors=(0.8, 1.0))
    assert tired[0] == pytest.approx(fresh[0] * 0.8)  # red lands: SPD x 0.8
    assert tired[3] == pytest.approx(fresh[3] * 0.8 * math.sqrt(0.8))  # red's damage
    assert tired[1] == pytest.approx(fresh[1] / math.sqrt(0.8))  # blue vs red's DEF_RATE


def test_punches_landed_is_8_agg_spd_over_the_root_of_3_def_rate():
    # Step 7: AGG 5, SPD 12 against DEF 9 x AGL 10 = 90.
    landed = exchanged(card(spd=12), card(agl=10), "5/7/8", "5/6/9")[0]
    assert landed == pytest.approx(8 * 5 * 12 / math.sqrt(3 * 90))


def test_targeting_head_or_body_lands_15_percent_fewer():
    plain = exchanged(card(spd=12), card(agl=10), "5/7/8", "5/6/9")[0]
    for line in ("5H/7/8", "5B/7/8"):
        landed = exchanged(card(spd=12), card(agl=10), line, "5/6/9")[0]
        assert landed == pytest.approx(plain * 0.85)


def test_punches_landed_are_randomised_by_the_noise():
    # 1 + 0.12 (u1 - u2): draws 0.9 and 0.1 -> x 1.096 (red's are the two after step
    # 5's draws for an unintentional foul, red's and blue's).
    plain = exchanged(card(spd=12), card(agl=10), "5/7/8", "5/6/9")[0]
    draws = (0.5, 0.5, 0.9, 0.1)
    noisy = exchanged(card(spd=12), card(agl=10), "5/7/8", "5/6/9", draws=draws)[0]
    assert noisy == pytest.approx(plain * 1.096)


def test_punches_landed_are_capped_at_8_times_agg():
    assert exchanged(card(spd=30), card(agl=1), "5/7/8", "5/14/1")[0] == 40


def test_def_rate_is_never_below_one():
    # Step 6: DEF 1 x AGL 1 x a factor of 0.05 is 0.05: DEF_RATE 1.
    landed = exchanged(card(spd=1), card(agl=1), "4/7/9", "5/14/1", factors=(1.0, 0.05))[0]
    assert landed == pytest.approx(8 * 4 * 1 / math.sqrt(3))


def test_damage_is_pow_str_root_agg_spd_over_def_rate():
    # Step 8: POW 7, STR 11, AGG 6, SPD 11 against DEF 7 x AGL 11 = 77.
    damage = exchanged(card(str=11, spd=11), card(agl=11), "6/7/7", "6/7/7")[3]
    assert damage == pytest.approx(7 * 11 * math.sqrt(66) / 77)


def test_damage_modifiers_are_applied_successively():
    # Seed, step 8: body blows and dirty: "multiplied by 1.15 ... and multiplied again
    # by 1.1, for a total of 1.215". 1.15 x 1.1 is 1.265: the rule (successive
    # multiplication) is kept and the slip in the total recorded in RULES.md. Knockdowns
    # measure the damage before the head/body multiplier, dirty fighting included.
    plain = exchanged(card(), card(), "6/7/7", "6/7/7")[3]
    _, _, _, knock_damage, _, damage, _, _ = exchanged(card(), card(), "6B/7!/7", "6/7/7")
    assert knock_damage == pytest.approx(plain * 1.1)
    assert damage == pytest.approx(plain * 1.1 * 1.15)
    head = exchanged(card(), card(), "6H/7/7", "6/7/7")[5]
    assert head == pytest.approx(plain * 0.85)


def test_a_warned_dirty_fighter_does_only_5_percent_more_damage():
    plain = exchanged(card(), card(), "6/7/7", "6/7/7")[3]
    # red's first draw (the referee's 50% warning) warns him; a point, not a DQ
    warned = exchanged(card(), card(), "6/7!/7", "6/7/7", draws=(0.0,))
    assert warned[3] == pytest.approx(plain * 1.05)
    assert warned[6] == 1  # the point he loses


@pytest.mark.parametrize(
    ("red_text", "blue_text", "chance"),
    [
        ("5/7/8", "5/7/8", 0.144),  # 12 points of damage -> 14.4%
        ("5/7/8", "5H/7/8", 0.216),  # against head punches x1.5: 21.6%
        ("5B/7/8", "5/7/8", 0.036),  # throwing body blows himself x0.25 (RULES.md)
        ("5/7/8", "5B/7/8", 0.144),  # the other's body blows change nothing
        ("5B/7/8", "5H/7/8", 0.054),
    ],
)
def test_injury_chance_is_damage_squared_over_ten_percent(red_text, blue_text, chance):
    # Seed, step 9: the fighter is injured when his draw falls under the chance.
    assert injured(12.0, red_text, blue_text, draw=chance - 1e-9)
    assert not injured(12.0, red_text, blue_text, draw=chance + 1e-9)


@pytest.mark.parametrize(
    ("target", "lines"),
    [("", (15, 20, 25)), ("C", (15, 20, 25)), ("H", (10, 12.5, 15)), ("B", (25, 30, 35))],
)
def test_knockdown_lines_are_shares_of_starting_endurance_by_targeting(target, lines):
    # Step 10: 15/20/25% of starting endurance; head punches 10/12.5/15%, body 25/30/35%.
    assert Fighter("red", card(tgh=10), card(), False).knock[target] == pytest.approx(lines)


def test_knockdowns_by_damage():
    assert knocked(14.9) == (0, False)  # a stun
    assert knocked(15) == (1, False)
    assert knocked(20) == (2, False)
    assert knocked(25) == (0, True)
    assert knocked(29, "B") == (1, False)


def test_damage_beyond_a_knockout_is_used_again_for_knockdowns():
    # Seed, step 10: 100 endurance, 25 damage from head punches: KO at 15, the remaining
    # 10 are a knockdown (reported unless the draw puts the knockout first).
    assert knocked(25, "H") == (1, True)
    assert knocked(25, "H", draws=(0.1,)) == (0, True)


def test_round2_is_round_to_2_dp_bit_for_bit():
    import random

    from bouts.engine.webl.formulas import round2

    rng = random.Random(3)
    values = [(rng.random() * 2 - 1) * scale for scale in (1, 100, 5000) for _ in range(20000)]
    values += [k / 1000 for k in range(-5000, 5000)]  # halves (x.xx5) and exact cents
    values += [k / 100 + 0.005 for k in range(-2000, 2000)]
    values += [0.0, -0.0, -0.001, 0.004, -0.004, 1e12, -1e12, float("inf"), float("nan")]
    for x in values:
        assert repr(round2(x)) == repr(round(x, 2)), x
