"""A round's actions: the punch's and move's events, a hurt hand, the checks after a punch,
counterpunches, the draws the checks make, the Foul Table by RN, a near knockdown."""

import random
from math import floor

import pytest

from bouts.engine.titlebout import actions, clock, cuts, fouls, knockdowns, tables, tko
from bouts.engine.titlebout.deck import C_RN, CENTER, DECK, ROUND_CARDS

from .helpers import card, make_bout, script

QUIET = {"referee_discretion": False, "advanced_timing": False, "throw_in_towel": False}


def test_play_round_logs_a_punch_and_a_move_at_the_round_clock():
    bout = make_bout(**QUIET)
    # red wins control, lands a 2-point hook; then pins blue on the near ropes
    cards = [card(cf=1), card(rn=10), card(result=30), card(cf=1), card(rn=70), card(pos=1)]
    script(bout, cards)
    actions.play_round(bout)
    punch, move = bout.events[-2:]
    assert punch == {
        "round": 1,
        "clock": clock.CLOCKS[3],
        "kind": "punch",
        "side": "red",
        "text": "Red lands a hook (2)",
    }
    assert move == {
        "round": 1,
        "clock": clock.CLOCKS[6],
        "kind": "move",
        "side": "red",
        "text": "Red pins Blue on the near ropes",
    }


def test_play_round_in_a_round_past_the_fifteenth():
    bout = make_bout(**QUIET)
    bout.rnd = 16
    script(bout, [card(cf=1), card(rn=10), card(result=30)])
    actions.play_round(bout)
    assert bout.events[-1]["round"] == 16 and bout.events[-1]["kind"] == "punch"


@pytest.mark.parametrize(
    ("hand", "pts", "lost"),
    [(1, 2, 1), (1, 3, 0), (2, 3, 1), (2, 2, 0), (3, 2, 1), (3, 3, 1)],
)
def test_hurt_hand(hand, pts, lost):
    bout = make_bout(**QUIET)
    red = bout.red
    red.hand = hand
    result = next(r for r in range(1, 81) if red.hit[r][0] == pts)
    got_pts, text = actions.hurt_hand(red, card(result=result))
    _pts, punch, plain = red.hit[result]
    assert got_pts == pts - lost
    assert text == (f" lands {punch} ({pts - lost})" if lost else plain)


def test_a_punch_checks_the_tko_and_holds_a_cut_back_in_a_ki_run(monkeypatch):
    bout = make_bout(**QUIET)
    red, blue = bout.red, bout.blue
    seen = []
    monkeypatch.setattr(tko, "tko_check", lambda s, f: seen.append(("tko", f)))
    monkeypatch.setattr(cuts, "cut_check", lambda s, f: seen.append(("cut", f)))
    red.pts, blue.alarm = 8, 10
    script(bout, [card(result=30, cut=True)])  # a 2-point hook: 10, the alarm's points
    assert actions.land(bout, red) == 2
    assert seen == [("tko", blue), ("cut", blue)] and bout.i == 1
    seen.clear()
    red.pts = 7
    bout.ki_timing, bout.ki_left = True, 2
    script(bout, [card(result=30, cut=True)])  # 9: no TKO check; the cut waits for the run
    actions.land(bout, red)
    assert seen == [] and bout.pending == [("cut", blue)]


def test_counter_rn_is_counter_with_its_card_drawn():
    def run(use_counter):
        bout = make_bout(**QUIET)
        script(bout, [card(rn=5, result=30)] + [card(result=30)] * 3)
        if use_counter:
            actions.counter(bout, bout.blue)
        else:
            bout.i = 1
            actions.counter_rn(bout, bout.blue, 5)
        side = (bout.next and bout.next.side), (bout.first and bout.first.side)
        return bout.i, bout.blue.pts, bout.blue.landed, side, bout.events

    assert run(True) == run(False)
    bout = make_bout(**QUIET)
    script(bout, [])  # no card left: no counter
    actions.counter(bout, bout.blue)
    assert bout.i == 0 and bout.blue.thrown == 0


def test_any_card_and_aux_rn_draw_as_before():
    a, b = random.Random(5), random.Random(5)
    bout = make_bout()
    bout.rng = a
    for _ in range(50):
        assert clock.any_card(bout) is DECK[floor(b.random() * 100.0)]
    assert tuple(c[C_RN] for c in DECK) == clock.RNS
    bout.rng = random.Random(9)
    rng = random.Random(9)
    for _ in range(200):
        rn = DECK[floor(rng.random() * 100.0)][C_RN]
        while rn < 0:
            rn = DECK[floor(rng.random() * 100.0)][C_RN]
        assert clock.aux_rn(bout) == rn


@pytest.mark.parametrize("rnd", [1, 2])
def test_stop_clock_takes_the_idle_half_as_before(rnd):
    bout = make_bout(advanced_timing=True)
    bout.rnd = rnd
    bout.full = list(DECK)
    bout.rng = random.Random(3)
    rng = random.Random(3)
    idle = bout.full[ROUND_CARDS:] if rnd % 2 == 1 else bout.full[:ROUND_CARDS]
    want = list(bout.deck) + [idle[floor(rng.random() * 50.0)] for _ in range(3)]
    clock.stop_clock(bout, 3)
    assert bout.deck == want and bout.returned == 3


def test_foul_kinds_are_the_foul_table_with_the_modifier():
    for tol, (mod, _allowed, _top) in tables.REF_APPROACH.items():
        for classic in (False, True):
            for rating in tables.FOUL_LEVELS:
                for rn in range(1, 81):
                    want = tables.foul(rating, min(80, max(1, rn + mod)), classic)
                    assert fouls.FOUL_KINDS[tol][classic][rating][rn] == want


def test_a_foul_card_calling_nothing_calls_no_foul(monkeypatch):
    bout = make_bout(**QUIET)
    monkeypatch.setattr(fouls, "foul", lambda *a: pytest.fail("no foul on a reminder"))
    script(bout, [card(rn=1)])  # RN 1 + 0: a reminder on every foul rating
    fouls.foul_check(bout, bout.red)
    assert bout.i == 1


def test_center_is_zero():
    assert CENTER == 0  # ``play_round`` tests a ring position by its truth


def test_kd_check_near_knockdown_still_scores_and_may_start_a_run():
    bout = make_bout(near_knockdown_ki=True, **QUIET)
    bout.blue.kd1 = 10
    # KD 11 + KD1 10 = 21: K1-10; the next card's KD 15 > 10: he stays up
    script(bout, [card(kd=11), card(kd=15)] + [card()] * 5)
    pts = knockdowns.kd_check(bout, bout.red, False)
    assert pts == 5 and bout.ki_side is bout.red
