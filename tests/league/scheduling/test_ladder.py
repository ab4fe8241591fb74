"""The challenge ladder's rules (pure core): reach, the swap, draws, one open
challenge a fighter, fitness, replay."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.scheduling.ladder import (
    CHALLENGER,
    DEFENDER,
    Fought,
    LadderError,
    apply,
    check_challenge,
    check_reach,
    replay,
    within_reach,
)

LADDER = ["A", "B", "C", "D", "E"]  # A at the top


def _refusal(*args, **kwargs) -> LadderError:
    with pytest.raises(LadderError) as caught:
        check_challenge(*args, **kwargs)
    return caught.value


def test_a_fighter_may_challenge_up_to_reach_places_above():
    check_challenge(LADDER, "E", "C", reach=2)
    check_challenge(LADDER, "E", "D", reach=2)
    assert within_reach(LADDER, "E", 2) == ["C", "D"]
    error = _refusal(LADDER, "E", "B", reach=2)
    assert error.field == DEFENDER
    assert str(error) == "B is 3 places above E; a fighter may challenge up to 2 places above him."


def test_a_challenge_goes_up_the_ladder_and_not_to_oneself():
    assert "not above" in str(_refusal(LADDER, "B", "D", reach=3))
    assert "himself" in str(_refusal(LADDER, "B", "B", reach=3))
    assert _refusal(LADDER, "Z", "A", reach=3).field == CHALLENGER


def test_one_open_challenge_a_fighter_as_challenger_or_defender():
    busy = {"C": "against B", "B": "against C"}
    error = _refusal(LADDER, "C", "A", reach=2, busy=busy)
    assert error.field == CHALLENGER and "already has an open challenge (against B)" in str(error)
    error = _refusal(LADDER, "D", "B", reach=2, busy=busy)
    assert error.field == DEFENDER and "fought first" in str(error)
    check_challenge(LADDER, "E", "D", reach=2, busy=busy)


def test_an_unfit_fighter_neither_challenges_nor_is_challenged_and_is_told_why():
    unfit = {"D": "suspended until 5 Dec 2026"}
    error = _refusal(LADDER, "D", "C", reach=2, unfit=unfit)
    assert str(error) == "D cannot fight now: suspended until 5 Dec 2026."
    error = _refusal(LADDER, "E", "D", reach=2, unfit=unfit)
    assert str(error) == "D cannot be challenged now: suspended until 5 Dec 2026."


def test_the_challengers_win_swaps_the_two_and_leaves_those_between():
    assert apply(LADDER, Fought("E", "C", CHALLENGER)) == ["A", "B", "E", "D", "C"]


def test_a_draw_or_the_defenders_win_keeps_the_ranks():
    assert apply(LADDER, Fought("E", "C", None)) == LADDER
    assert apply(LADDER, Fought("E", "C", DEFENDER)) == LADDER


def test_a_win_by_a_challenger_already_above_changes_nothing():
    assert apply(["A", "C", "B"], Fought("C", "B", CHALLENGER)) == ["A", "C", "B"]


def test_reach_is_between_one_and_ten():
    check_reach(3)
    for bad in (0, 11, True, "2"):
        with pytest.raises(LadderError):
            check_reach(bad)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(
                    st.integers(0, n - 1),
                    st.integers(0, n - 1),
                    st.sampled_from([CHALLENGER, DEFENDER, None]),
                ),
                max_size=12,
            ),
        )
    )
)
def test_replay_keeps_everyone_once_and_is_deterministic(case):
    n, steps = case
    start = list(range(n))
    fought = [Fought(a, b, w) for a, b, w in steps if a != b]
    once = replay(start, fought)
    assert sorted(once) == start and replay(start, fought) == once
    # Without the challengers' wins the ladder never moves.
    assert replay(start, [f for f in fought if f.winner != CHALLENGER]) == start
