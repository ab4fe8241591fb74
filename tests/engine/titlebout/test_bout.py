"""Sequence of play, with scripted decks: the book's worked examples."""

import pytest

from bouts.engine.titlebout import (
    actions,
    clock,
    cuts,
    fouls,
    incidents,
    knockdowns,
    ratings,
    rounds,
    tables,
    tko,
)
from bouts.engine.titlebout.state import BoutOver, RoundOver

from .helpers import base_card, card, feed, make_bout, script

QUIET = {"referee_discretion": False, "advanced_timing": False, "throw_in_towel": False}


def test_control_checks_alternate_jackson_joshua():
    # Jackson CF 10 flips a CF 20: not in control; Joshua (CF 9) flips a 6: in control
    jackson = base_card("Jackson", fresh={"cf_b": 10, "cf_s": 10})
    joshua = base_card("Joshua", fresh={"cf_b": 9, "cf_s": 9})
    bout = make_bout(jackson, joshua, cf_conversion=False)
    script(bout, [card(cf=20), card(cf=6)])
    assert actions.control(bout, bout.red) is bout.blue
    assert bout.i == 2
    script(bout, [card(cf=20), card(cf=16), card(cf=10)])  # back to Jackson: 10 <= 10
    assert actions.control(bout, bout.red) is bout.red


def test_round_ends_when_the_deck_runs_out():
    bout = make_bout()
    script(bout, [card(cf=20), card(cf=20)])
    with pytest.raises(RoundOver):
        actions.control(bout, bout.red)


def test_punches_landed_against_defense_jackson_joshua():
    # Jackson PL 1-34 against Joshua's DEF +2 -> 1-36; Joshua PL 1-32 against -4 -> 1-28
    jackson = base_card("Jackson", fresh={"def": -4})
    joshua = base_card("Joshua", fresh={"def": 2, "pl": [1, 32], "pm": [33, 48]})
    bout = make_bout(jackson, joshua, **QUIET)
    script(bout, [card(rn=36), card(result=30)])
    actions.action(bout, bout.red)
    assert bout.red.landed == 1 and bout.red.pts == 2  # a 2-point hook
    script(bout, [card(rn=37)])
    actions.action(bout, bout.red)
    assert bout.red.missed == 1
    script(bout, [card(rn=28), card(result=5)])
    actions.action(bout, bout.blue)
    assert bout.blue.landed == 1 and bout.blue.pts == 3  # a 3-point jab
    script(bout, [card(rn=29)])
    actions.action(bout, bout.blue)
    assert bout.blue.missed == 1


def test_partially_blocked_punch_scores_one():
    bout = make_bout(**QUIET)
    script(bout, [card(rn=10), card(result=1)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 1


def test_counterpunch_after_a_miss_in_the_cpd_range():
    # a miss at 45-48 (CPD 45) lets the opponent counter on PL + CP (34 + 5 = 39)
    bout = make_bout(**QUIET)
    script(bout, [card(rn=46), card(rn=39), card(result=30)])
    actions.action(bout, bout.red)
    assert bout.red.missed == 1 and bout.blue.landed == 1 and bout.blue.pts == 2
    script(bout, [card(rn=46), card(rn=40)])  # 40 > 39: the counter misses
    actions.action(bout, bout.red)
    assert bout.blue.landed == 1
    script(bout, [card(rn=44)])  # below the CPD: a clean miss
    actions.action(bout, bout.red)
    assert bout.blue.thrown == 1


def test_words_are_misses_on_a_counter():
    bout = make_bout(**QUIET)
    script(bout, [card(rn=46), card(rn=-1)])
    actions.action(bout, bout.red)
    assert bout.blue.thrown == 0


def test_one_punch_power_knockdown_check_scores_five_without_knockdown():
    # RN 4 inside KP 7: KD 11 against KD1 4 -> "5": five points, no knockdown
    blue = base_card("B", fresh={"kd1": 4})
    bout = make_bout(None, blue, **QUIET)
    script(bout, [card(rn=4), card(kd=11)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 5 and not bout.knockdowns


def test_knockdown_ko_check_count_and_killer_instinct():
    # KD 18 against KD1 4 -> K. KOR 5 against KO 3: he rises; the KDC is 3.
    blue = base_card("B", fresh={"kd1": 4, "kd2": 4, "ko": 3})
    bout = make_bout(None, blue, **QUIET)
    script(bout, [card(rn=4), card(kd=18), card(kor=5), card(kdc=3)])
    actions.action(bout, bout.red)
    assert bout.knockdowns[0]["count"] == 3 and bout.knockdowns[0]["fighter"] == "blue"
    assert bout.red.pts == 6
    assert bout.blue.kd1 == 8  # KD1 + KD2 for the rest of the round
    assert bout.ki_left == bout.red.ki and bout.ki_side is bout.red


def test_a_near_knockdown_he_survives_scores_six():
    # KD 17 against KD1 4 -> K1-10; the next card's KD 15 > 10: he stays up. The
    # reference's reading: 6 points, his KD1 rises by his KD2, no killer instinct
    blue = base_card("B", fresh={"kd1": 4, "kd2": 3})
    bout = make_bout(None, blue, **QUIET)
    script(bout, [card(rn=4), card(kd=17), card(kd=15)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 6 and not bout.knockdowns
    assert bout.blue.kd1 == 7 and bout.ki_left == 0 and bout.next is None
    # option near_knockdown_ki (an invention): 5 points and a KI run
    bout = make_bout(None, blue, near_knockdown_ki=True, **QUIET)
    script(bout, [card(rn=4), card(kd=17), card(kd=15)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 5 and bout.ki_side is bout.red


def test_knockout():
    blue = base_card("B", fresh={"kd1": 4, "ko": 3})
    bout = make_bout(None, blue, **QUIET)
    script(bout, [card(rn=4), card(kd=18), card(kor=19)])
    with pytest.raises(BoutOver):
        actions.action(bout, bout.red)
    assert bout.bout_end == ("red", "KO", False)


def test_louis_kd2_is_added_after_a_knockdown():
    # Louis KD1 2, KD2 3: his temporary KD1 for the rest of the round is 5
    louis = base_card("Louis", fresh={"kd1": 2, "kd2": 3, "ko": 1})
    bout = make_bout(base_card("Opp"), louis, **QUIET)
    script(bout, [card(rn=4), card(kd=20), card(kor=1), card(kdc=2)])
    actions.action(bout, bout.red)
    assert bout.blue.kd1 == 5


def test_carry_over_raises_kd1_by_one_plus_kd2():
    # 2/4 enters the next round at 3|4: a temporary 7
    f = base_card("F", fresh={"kd1": 2, "kd2": 4})
    bout = make_bout(f, None)
    bout.red.carry = True
    ratings.refresh(bout, bout.red)
    assert bout.red.kd1 == 7
    zero = make_bout(base_card("Z", fresh={"kd1": 0, "kd2": 0}))
    zero.red.carry = True
    ratings.refresh(zero, zero.red)
    assert zero.red.kd1 == 1  # a 0/0 fighter is treated as a 1


def test_tko_on_points_in_one_and_two_rounds():
    bout = make_bout(**QUIET)
    bout.red.pts = 32
    with pytest.raises(BoutOver):
        tko.tko_check(bout, bout.blue)
    assert bout.bout_end == ("red", "TKO", False)
    bout = make_bout(**QUIET)
    bout.blue.against = [26]
    bout.red.pts = 24
    with pytest.raises(BoutOver):
        tko.tko_check(bout, bout.blue)
    bout = make_bout(**QUIET)
    bout.blue.against = [26]
    bout.red.pts = 23
    tko.tko_check(bout, bout.blue)  # 49: not yet


def test_absorber_and_referee_stoppage_shift_thresholds():
    absorber = base_card("A", traits=["absorber"])
    bout = make_bout(None, absorber, **QUIET)
    bout.red.pts = 32
    tko.tko_check(bout, bout.blue)
    assert tko.thresholds(bout, bout.blue) == (40, 60, 75)
    bout.ref = dict(bout.ref, stoppage="late")
    assert tko.thresholds(bout, bout.red) == (33, 53, 63)


def test_towel_with_five_points_left(monkeypatch):
    bout = make_bout(referee_discretion=False)
    feed(monkeypatch, "rn20", [12])
    bout.red.pts = 25  # 5 short of 30: the corner throws the towel; RN 12: ignored
    tko.tko_check(bout, bout.blue)
    assert bout.blue.towel_used
    assert bout.events[-1]["kind"] == "towel"
    tko.tko_check(bout, bout.blue)  # once per corner
    assert len(bout.events) == 1


def test_a_towel_the_referee_acts_on_is_a_tko(monkeypatch):
    # the book's towel table: "Immediately stops the bout and award a TKO to the opposing
    # fighter" (a normal referee: RN 19-20)
    bout = make_bout()
    bout.blue.against = [26]
    bout.red.pts = 20  # 46 over two rounds: 4 short of 50
    feed(monkeypatch, "rn20", [19])
    with pytest.raises(BoutOver):
        tko.tko_check(bout, bout.blue)
    assert bout.bout_end == ("red", "TKO", False)


def test_cooper_cut_and_the_same_swelling_again():
    cooper = base_card("Cooper", cut=6)
    bout = make_bout(None, cooper, **QUIET)
    script(bout, [card(rn=36)])
    cuts.cut_check(bout, bout.blue)
    assert "under left eye" in bout.blue.locations
    assert bout.blue.cut_rating == 7 and bout.blue.damage == 1
    script(bout, [card(rn=34)])  # 34 + 7 = 41: the same place
    cuts.cut_check(bout, bout.blue)
    assert bout.blue.cut_rating == 7  # no second +1
    assert bout.blue.damage == 2
    assert bout.blue.locations["under left eye"][0] == 2


def test_chuvalo_damage_points(monkeypatch):
    chuvalo = base_card("Chuvalo", cut=0)
    bout = make_bout(None, chuvalo, **QUIET)
    bout.corners["blue"]["cut"] = "excellent"
    b = bout.blue
    script(bout, [card(rn=76)])  # major cut over the right eye: 5
    cuts.cut_check(bout, b)
    assert b.damage == 5
    feed(monkeypatch, "aux_rn", [10])  # corner: good reduction, -2
    cuts.corner_work(bout, b)
    assert b.damage == 3
    script(bout, [card(rn=43 - b.cut_rating)])  # minor swelling under the right eye: 1
    cuts.cut_check(bout, b)
    assert b.damage == 4
    feed(monkeypatch, "aux_rn", [70])  # the corner fails to reduce the swelling
    cuts.corner_work(bout, b)
    assert b.damage == 4
    script(bout, [card(rn=76 - b.cut_rating)])  # the cut over the right eye reopens: +5
    cuts.cut_check(bout, b)
    assert b.damage == 9
    feed(monkeypatch, "aux_rn", [70, 30])  # two injuries: the cut man works a level lower
    cuts.corner_work(bout, b)
    assert b.damage == 8
    feed(monkeypatch, "rn20", [14])  # normal referee, RN 14: lets them fight on
    script(bout, [card(rn=70 - b.cut_rating), card()])  # major cut under the left eye: 11
    cuts.cut_check(bout, b)
    assert b.damage == 11
    assert "lets them fight on" in bout.events[-1]["text"]


def test_chuvalo_cut_on_the_last_card_is_seen_after_the_corner_works(monkeypatch):
    bout = make_bout(**QUIET)
    b = bout.blue
    b.damage = 8
    b.cut_rating = 0
    script(bout, [card(rn=70)])  # the round's last card: +3 = 11, no check yet
    cuts.cut_check(bout, b)
    assert b.damage == 11 and bout.events[-1]["kind"] == "cut"
    bout.corners["blue"]["cut"] = "excellent"
    feed(monkeypatch, "aux_rn", [10] * 10)  # the corner takes 2 off: 9, below 10
    feed(monkeypatch, "rn20", [1, 1])
    rounds.between_rounds(bout)
    assert b.damage == 9
    assert not any(e["kind"] in ("referee", "doctor") for e in bout.events)


def test_wepner_referee_calls_the_doctor(monkeypatch):
    bout = make_bout(**QUIET)
    bout.blue.damage = 14
    feed(monkeypatch, "rn20", [7, 5])  # normal referee 1-10: the doctor; balanced 1-11: continue
    cuts.damage_check(bout, bout.blue)
    assert bout.events[-1]["kind"] == "doctor"
    assert "allows the bout to go on" in bout.events[-1]["text"]


def test_damage_21_stops_the_bout():
    bout = make_bout(**QUIET)
    bout.blue.damage = 21
    with pytest.raises(BoutOver):
        cuts.damage_check(bout, bout.blue)
    assert bout.bout_end == ("red", "TKO", False)


def test_greb_fouls(monkeypatch):
    greb = base_card("Greb", foul="E")
    bout = make_bout(greb, None, head_butt=False, **QUIET)
    script(bout, [card(rn=61)])  # RN 61 under E: a warning for the head butt
    fouls.foul_check(bout, bout.red)
    assert bout.fouls[-1]["type"] == "head butt" and bout.fouls[-1]["penalty"] == "warning"
    bout.red.warnings = 3  # the fourth warning with a normal referee needs a check
    feed(monkeypatch, "aux_rn", [64])  # RN 64: 1-65 takes a point
    script(bout, [card(rn=73)])
    fouls.foul_check(bout, bout.red)
    assert bout.fouls[-1]["penalty"] == "point" and bout.red.deducted == 1
    strict = make_bout(greb, None, head_butt=False, **QUIET)
    strict.tolerance = "strict"
    strict.red.warnings = 3
    feed(monkeypatch, "aux_rn", [64])  # strict: 61-80 disqualifies
    script(strict, [card(rn=73)])
    with pytest.raises(BoutOver):
        fouls.foul_check(strict, strict.red)
    assert strict.bout_end == ("blue", "DQ", False)


def test_foul_damage_option():
    bout = make_bout(head_butt=False, **QUIET)
    fouls.warn(bout, bout.red, "low blow", "for hitting below the belt")
    assert bout.blue.end_extra == 2


def test_patterson_fatigue_keeps_the_gash():
    # CF 11/10 fresh, 10/9 fatigued; -2 from a gash: 8/7
    patterson = base_card(
        "Patterson", fresh={"cf_b": 11, "cf_s": 10}, fatigued={"cf_b": 10, "cf_s": 9}
    )
    slugger = base_card("S", style="S")
    bout = make_bout(patterson, slugger)
    bout.red.fatigued = True
    bout.red.cf_bout = -2
    ratings.set_cfs(bout)
    assert bout.red.cf == 7  # against a slugger: cf_s 9 - 2
    boxer = make_bout(patterson, base_card("B", style="B"))
    boxer.red.fatigued = True
    boxer.red.cf_bout = -2
    ratings.set_cfs(boxer)
    assert boxer.red.cf == 8


def test_louis_tua_control_factors_and_style_choice():
    louis = base_card("Louis", style="E", fresh={"cf_b": 10, "cf_s": 12, "kp": 12})
    tua = base_card("Tua", style="S", fresh={"cf_b": 8, "cf_s": 10})
    bout = make_bout(louis, tua, cf_conversion=False)
    assert ratings.choose_style(bout, bout.red, 0) == "S"  # keeps his power
    bout.red.style = "S"
    ratings.set_cfs(bout)
    assert (bout.red.cf, bout.blue.cf, bout.red.kp) == (12, 10, 12)
    bout.red.style = "B"
    ratings.set_cfs(bout)
    assert (bout.red.cf, bout.blue.cf, bout.red.kp) == (12, 8, 10)  # boxing costs 2 KP
    converted = make_bout(louis, tua)
    converted.red.style = "S"
    ratings.set_cfs(converted)
    assert (converted.red.cf, converted.blue.cf) == (10, 8)  # 12 vs 10 -> 10 vs 8


def test_akinwande_tua():
    akinwande = base_card("Akinwande", style="B", fresh={"cf_b": 9, "cf_s": 10})
    tua = base_card("Tua", style="S", fresh={"cf_b": 8, "cf_s": 10})
    bout = make_bout(akinwande, tua, cf_conversion=False)
    assert (bout.red.cf, bout.blue.cf) == (10, 8)


def test_louis_frazier_slugs():
    louis = base_card("Louis", style="E", fresh={"cf_b": 10, "cf_s": 12, "kp": 12})
    frazier = base_card("Frazier", style="S", fresh={"cf_b": 12, "cf_s": 10})
    bout = make_bout(louis, frazier)
    assert ratings.choose_style(bout, bout.red, 0) == "S"


def test_aggressor_jackson_akinwande():
    jackson = base_card("Jackson", agg=8, rating=10)
    akinwande = base_card("Akinwande", agg=4, rating=7)
    bout = make_bout(jackson, akinwande)
    assert ratings.aggressor_for_round(bout) is bout.red
    tied = make_bout(base_card("J", agg=5, rating=7), base_card("A", agg=5, rating=10))
    assert ratings.aggressor_for_round(tied) is tied.blue  # the higher overall rating
    tied.rnd = 2
    tied.last_winner = tied.red
    assert ratings.aggressor_for_round(tied) is tied.red  # the winner of the previous round


def test_three_knockdown_rule():
    bout = make_bout(three_knockdown=True, **QUIET)
    bout.blue.kd_counts = [3, 4]
    script(bout, [card(rn=4), card(kd=20, kd2=20)])  # after a knockdown: the KD2 number
    with pytest.raises(BoutOver):
        actions.action(bout, bout.red)
    assert bout.bout_end == ("red", "TKO", False)


def test_an_events_time_from_cards_used():
    bout = make_bout()
    script(bout, [card()] * 50)
    bout.i = 25
    assert clock.ev(bout, "punch", "red", "") == "1:30" == bout.events[-1]["clock"]
    bout.i = 50
    assert clock.ev(bout, "punch", "red", "") == "3:00"


def test_the_clock_stands_still_while_time_is_stopped():
    # "hitting on the break" (a special): the event, then time stops for the warning;
    # the cards given back must not turn the clock back
    bout = make_bout(head_butt=False)
    bout.full = [card()] * 100
    script(bout, [card()] * 20 + [card(special=6)] + [card()] * 29)
    bout.i = 20
    incidents.special(bout, bout.red)
    times = [e["clock"] for e in bout.events]
    assert times == sorted(times) and times[0] == times[-1] == "1:15"
    bout.i += 1  # the next card makes up for the stopped time...
    assert clock.ev(bout, "punch", "red", "") == "1:15"
    bout.i += 1  # ...then the clock runs on
    assert clock.ev(bout, "punch", "red", "") == "1:19"  # 22 cards: 79.2 s


def test_the_clock_never_runs_past_the_bell():
    # the referee's late bell: five more cards, still 3:00 at most
    bout = make_bout()
    script(bout, [card()] * 55)
    bout.i = 55
    assert clock.ev(bout, "punch", "red", "") == "3:00"
    clock.remove_cards(bout, 3)  # a count on the last card
    assert clock.ev(bout, "punch", "red", "") == "3:00"


def test_a_stoppage_between_rounds_is_at_3_00(monkeypatch):

    bout = make_bout(**QUIET)
    bout.blue.rib = True
    script(bout, [card()] * 50)
    bout.i = 40  # the round ended early (the referee's early bell)
    clock.bell(bout)
    feed(monkeypatch, "aux_rn", [50, 50, 1])  # carry-over checks (red, blue), then the rib: RN 1
    with pytest.raises(BoutOver):
        rounds.between_rounds(bout)
    assert bout.bout_end == ("red", "RTD", True)
    assert bout.events[-1]["clock"] == "3:00" and rounds.result(bout).time == "3:00"


def test_hand_injuries():
    bout = make_bout(**QUIET)
    bout.red.hand = 1  # hurt hand: 2-point punches score 1
    script(bout, [card(rn=10), card(result=30)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 1
    bout.red.hand = 3  # broken hand: every punch -1
    script(bout, [card(rn=10), card(result=5)])
    actions.action(bout, bout.red)
    assert bout.red.pts == 3


def test_clash_of_heads_each_time_costs_cf():
    bout = make_bout(**QUIET)
    before = bout.blue.cf
    for _ in range(2):
        script(bout, [card(injury=1)])
        incidents.injury(bout, bout.red)
    assert bout.blue.cf == before - 2
    assert all(i["severity"] == 2 for i in bout.injuries)


def test_rib_injury_scores_three():
    bout = make_bout(**QUIET)
    script(bout, [card(injury=2)])
    incidents.injury(bout, bout.red)
    assert bout.red.pts == 3 and bout.blue.rib
    assert bout.red.landed == bout.red.thrown == 1  # the body shot is thrown and lands


def test_southpaw_costs_the_orthodox_fighter_cf_for_five_rounds():
    lefty = base_card("Lefty", southpaw=True)
    bout = make_bout(base_card("Righty"), lefty, cf_conversion=False)
    assert bout.red.cf == 9 and bout.blue.cf == 10
    bout.rnd = 6
    ratings.set_cfs(bout)
    assert bout.red.cf == 10
    both = make_bout(lefty, lefty)
    assert both.red.deff == 2  # two southpaws: DEF +2 for three rounds


def test_rounds_with_a_scripted_deck_end_and_are_scored():
    bout = make_bout(**QUIET)
    script(bout, [card(cf=1, rn=10, result=30)] * 20 + [card(cf=20)] * 30)
    actions.play_round(bout)
    assert bout.red.pts > 0
    won = rounds.end_of_round(bout)
    # 7 punches of 2 (control, RN and RESULT cards each), +1 aggressor: 15 -> 10-9
    assert won == 3 and bout.cards[0][0] == [10, 9]


def test_ki_strength_run_uses_no_control_checks():
    bout = make_bout(**QUIET)
    knockdowns.start_ki(bout, bout.red)
    assert bout.ki_left == bout.red.ki
    knockdowns.start_ki(bout, bout.blue)  # not cumulative
    assert bout.ki_side is bout.red


def test_missing_punches_option_costs_endurance():
    bout = make_bout(missing_punches=True, **QUIET)
    end = bout.red.end
    bout.red.missed = 4
    rounds.end_of_round(bout)
    assert bout.red.end == end - 4


def test_constants():
    assert tables.DAMAGE_MAY == 10 and tables.DAMAGE_MUST == 16 and tables.DAMAGE_STOP == 21


def test_frazier_misses_with_the_converted_cpd_range():
    # Frazier: PM 33-47, old CP 37 (33-37) -> CPD 43 (43-47); RN 41 is a clean miss
    frazier = base_card("Frazier", fresh={"pl": [1, 32], "pm": [33, 47], "cpd": 43,
                                          "clinch": [48, 60]})  # fmt: skip
    bout = make_bout(frazier, None, **QUIET)
    script(bout, [card(rn=41)])
    actions.action(bout, bout.red)
    assert bout.red.missed == 1 and bout.blue.thrown == 0
    script(bout, [card(rn=45), card(rn=70)])  # inside 43-47: the opponent tries a counter
    actions.action(bout, bout.red)
    assert bout.blue.thrown == 0 and bout.i == 2  # the counter card was used (a miss)


def test_a_five_point_counter_ends_the_killer_instinct_run():
    # Fighter A's KI run; four cards in, B counters for 5: A loses control
    blue = base_card("B", fresh={"kp": 7})
    red = base_card("A", fresh={"kd1": 4})
    bout = make_bout(red, blue, **QUIET)
    knockdowns.start_ki(bout, bout.red)
    bout.ki_left = 4
    script(bout, [card(rn=46), card(rn=4), card(kd=11)])  # miss, counter in KP, KD 11 vs 4 -> 5
    actions.action(bout, bout.red)
    assert bout.blue.pts == 5
    assert bout.ki_left == 0 and bout.next is bout.blue


def _reference_play_round(bout):
    """The round loop written plainly with ``control`` and ``action``."""
    first = bout.aggressor
    bout.next = None
    bout.ki_left = 0
    bout.ki_side = None
    bout.trapper = None
    try:
        while True:
            if bout.next is not None:
                att = bout.next
            elif bout.ki_left > 0:
                att = bout.ki_side
            else:
                att = actions.control(bout, first)
            actions.action(bout, att)
            if bout.ki_left <= 0 and bout.ki_side is not None:
                knockdowns.end_ki(bout)
            first = bout.first
    except RoundOver:
        pass


def test_inlined_round_loop_matches_control_and_action(monkeypatch):
    """play_round inlines action and land: whole bouts come out the same as with
    the plain loop, across options (KI timing, clinching, injuries off...)."""
    import json
    import random

    from bouts.engine.titlebout import RULESET, officials
    from bouts.engine.titlebout.bout import simulate_bout
    from bouts.engine.titlebout.options import DEFAULTS, validate_options

    inlined = actions.play_round

    for seed in range(60):
        rng = random.Random(seed)
        red = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(1, 10)))
        blue = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(1, 10)))
        opts = {
            k: (not v) for k, v in DEFAULTS.items() if isinstance(v, bool) and rng.random() < 0.3
        }
        options = validate_options(opts)
        outs = []
        for loop in (inlined, _reference_play_round):
            monkeypatch.setattr(actions, "play_round", loop)
            r = random.Random(seed)
            offs, corners = officials.officials(None, r), officials.corners(None, r)
            res = simulate_bout(red, blue, 12, r, offs, corners, {}, options)
            outs.append(json.dumps(res.to_dict(), sort_keys=True))
        assert outs[0] == outs[1], seed
