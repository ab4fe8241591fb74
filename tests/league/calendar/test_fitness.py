"""The one fitness rule (league.calendar.fitness): pure, no database."""

import datetime as dt

from league.calendar.fitness import (
    FIT,
    RESTING,
    RETIRED,
    SUSPENDED,
    Condition,
    fit_from,
    status_on,
)

DAY = dt.date(2027, 3, 1)


def test_a_fighter_with_nothing_against_him_is_fit():
    assert status_on(Condition(), DAY).kind == FIT


def test_a_suspension_covers_its_last_day_and_not_the_next():
    condition = Condition(suspended_until=DAY, suspension_reason="KO loss")
    on_the_day = status_on(condition, DAY)
    assert on_the_day.kind == SUSPENDED
    assert on_the_day.until == DAY and on_the_day.reason == "KO loss"
    assert status_on(condition, DAY + dt.timedelta(days=1)).fit


def test_retirement_wins_over_a_suspension_and_is_permanent():
    condition = Condition(retired_on=DAY, suspended_until=DAY + dt.timedelta(days=30))
    status = status_on(condition, DAY)
    assert status.kind == RETIRED and status.permanent
    assert fit_from(condition) is None
    # Retired later than the night: still fit that night.
    assert status_on(Condition(retired_on=DAY + dt.timedelta(days=1)), DAY).fit


def test_an_inactive_fighter_is_retired():
    assert status_on(Condition(active=False), DAY).kind == RETIRED


def test_rest_days_keep_a_fighter_out_after_a_bout_only_under_a_rest_rule():
    condition = Condition(last_bout=DAY - dt.timedelta(days=5))
    assert status_on(condition, DAY).fit
    resting = status_on(condition, DAY, rest_days=7)
    assert resting.kind == RESTING and resting.until == DAY + dt.timedelta(days=2)
    assert fit_from(condition, rest_days=7) == DAY + dt.timedelta(days=3)


def test_fit_from_is_the_day_after_the_longest_reason_to_wait():
    condition = Condition(
        suspended_until=DAY + dt.timedelta(days=10), last_bout=DAY, suspension_reason="cut"
    )
    assert fit_from(condition, rest_days=3) == DAY + dt.timedelta(days=11)
    assert fit_from(condition, rest_days=20) == DAY + dt.timedelta(days=21)
