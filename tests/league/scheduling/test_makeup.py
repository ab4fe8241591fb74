"""The make-up night planner (league.scheduling.makeup): plain Python."""

import datetime as dt

from league.scheduling.makeup import PostponedBout, next_makeup_night

LAST = dt.date(2027, 1, 1)


def plan(bouts, suspended=None, never=frozenset(), step=7):
    return next_makeup_night(
        [PostponedBout(pk, sides) for pk, sides in bouts],
        after=LAST,
        step_days=step,
        suspended=suspended or {},
        never=never,
    )


def test_the_night_is_the_first_date_of_the_rhythm_with_a_bout_free():
    # Fighter 1 suspended for 20 days: the first free night is the 4th week.
    night = plan([(10, (1, 2))], {1: [(LAST, LAST + dt.timedelta(days=20))]})
    assert night.date == LAST + dt.timedelta(days=21)
    assert night.bout_ids == (10,)


def test_every_bout_free_that_day_fights_each_side_once_in_season_order():
    bouts = [(10, (1, 2)), (11, (1, 3)), (12, (3, 4)), (13, (5, 6))]
    night = plan(bouts, {5: [(LAST, LAST + dt.timedelta(days=30))]})
    assert night.date == LAST + dt.timedelta(days=7)
    # 11 waits (fighter 1 fights 10); 13 waits (fighter 5 is suspended).
    assert night.bout_ids == (10, 12)


def test_a_side_that_can_never_fight_is_never_booked():
    assert plan([(10, (1, 2))], never={2}) is None
    night = plan([(10, (1, 2)), (11, (3, 4))], never={2})
    assert night.bout_ids == (11,)


def test_a_suspension_with_a_gap_is_respected_on_the_rhythm():
    # Suspended in two spells; free on day 14 between them.
    spans = {
        1: [
            (LAST, LAST + dt.timedelta(days=10)),
            (LAST + dt.timedelta(days=15), LAST + dt.timedelta(days=40)),
        ]
    }
    night = plan([(10, (1, 2))], spans)
    assert night.date == LAST + dt.timedelta(days=14)


def test_nothing_postponed_is_no_night():
    assert plan([]) is None
