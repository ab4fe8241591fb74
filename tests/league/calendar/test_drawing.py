"""A night's card drawn from a season's fixtures (league.calendar.drawing): pure."""

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from league.calendar.drawing import Fixture, draw_card, first_drawable, night_dates
from league.calendar.fitness import RETIRED, SUSPENDED, Status
from league.scheduling.round_robin import round_robin

FIT = Status("fit")


def season_fixtures(count: int) -> list[Fixture]:
    fixtures, position = [], 0
    for pairs in round_robin(list(range(count))):
        for red, blue in pairs:
            position += 1
            fixtures.append(Fixture(position, position, red, blue))
    return fixtures


def everyone_fit(side):
    return FIT


def test_with_everyone_fit_the_cards_are_the_round_robins_rounds():
    fixtures = season_fixtures(8)
    rounds = round_robin(list(range(8)))
    left = list(fixtures)
    for pairs in rounds:
        card = draw_card(left, everyone_fit)
        assert [(f.red, f.blue) for f in card.fixtures] == pairs
        drawn = {f.key for f in card.fixtures}
        left = [f for f in left if f.key not in drawn]
    assert left == []


def test_a_suspended_fighters_fixtures_wait_and_the_others_fight():
    fixtures = season_fixtures(6)

    def status(side):
        return Status(SUSPENDED, dt.date(2027, 1, 1), "KO loss") if side == 0 else FIT

    card = draw_card(fixtures, status)
    on_card = {side for f in card.fixtures for side in (f.red, f.blue)}
    assert 0 not in on_card
    assert len(card.fixtures) == 2  # five fit fighters: two bouts, one sits out
    waiting_for_zero = [k for k, why in card.waiting.items() if why == "KO loss"]
    assert len(waiting_for_zero) == 5


def test_a_retired_fighters_fixtures_can_never_be_fought():
    fixtures = season_fixtures(4)

    def status(side):
        return Status(RETIRED, reason="retired") if side == 3 else FIT

    card = draw_card(fixtures, status)
    assert len(card.never) == 3
    assert all(why == "retired" for why in card.never.values())


def test_the_longest_waiting_fixture_goes_first():
    fixtures = [Fixture("late", 9, "a", "b"), Fixture("early", 1, "a", "c")]
    card = draw_card(fixtures, everyone_fit)
    assert [f.key for f in card.fixtures] == ["early"]
    assert card.waiting == {"late": "already on this card"}


def test_never_two_of_one_camp_on_a_card_where_the_league_says_so():
    fixtures = [Fixture(1, 1, "a", "b"), Fixture(2, 2, "c", "d")]
    camps = {"a": "gym", "c": "gym"}
    assert len(draw_card(fixtures, everyone_fit).fixtures) == 2
    card = draw_card(fixtures, everyone_fit, camp_of=camps)
    assert [f.key for f in card.fixtures] == [1]
    assert "same camp" in card.waiting[2]


def test_a_card_size_limit_is_kept():
    card = draw_card(season_fixtures(8), everyone_fit, max_bouts=2)
    assert len(card.fixtures) == 2


@given(
    count=st.integers(min_value=2, max_value=12),
    out=st.sets(st.integers(min_value=0, max_value=11), max_size=6),
)
def test_a_card_is_deterministic_and_each_fighter_fights_once_and_only_when_fit(count, out):
    fixtures = season_fixtures(count)

    def status(side):
        return Status(SUSPENDED, reason="cut") if side in out else FIT

    first = draw_card(fixtures, status)
    again = draw_card(list(reversed(fixtures)), status)
    assert [f.key for f in first.fixtures] == [f.key for f in again.fixtures]
    sides = [s for f in first.fixtures for s in (f.red, f.blue)]
    assert len(sides) == len(set(sides))
    assert not set(sides) & out
    # Maximal: no fixture left waiting could have joined the card.
    for fixture in fixtures:
        if fixture in first.fixtures:
            continue
        assert fixture.red in out or fixture.blue in out or {fixture.red, fixture.blue} & set(sides)


def test_night_dates_step_by_the_leagues_rhythm():
    start = dt.date(2027, 1, 1)
    dates = list(night_dates(start, 14, until=dt.date(2027, 2, 12)))
    assert dates == [dt.date(2027, 1, 15), dt.date(2027, 1, 29), dt.date(2027, 2, 12)]


def test_first_drawable_is_when_both_sides_of_some_fixture_are_fit():
    fixtures = [Fixture(1, 1, "a", "b"), Fixture(2, 2, "c", "d")]
    fit = {"a": dt.date(2027, 3, 1), "b": dt.date(2027, 1, 1), "c": None, "d": dt.date(2027, 1, 1)}
    assert first_drawable(fixtures, fit.get) == dt.date(2027, 3, 1)
    assert first_drawable([fixtures[1]], fit.get) is None
