import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.scheduling.brackets import (
    BYE,
    build,
    decide_draw,
    expected_bouts,
    resolve,
    seeding_order,
)


def _play(bracket, pick):
    """Fight the bracket to the end, deciding each ready match with ``pick``;
    returns the final state and the matches fought."""
    results, fought = {}, []
    for _ in range(1000):
        state = resolve(bracket, results)
        if state.complete:
            return state, fought
        ready = state.ready
        assert ready, "the bracket stalled"
        for m in ready:
            results[m.key] = pick(m)
            fought.append(m)
    raise AssertionError("the bracket never finished")


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=64),
    double=st.booleans(),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_any_size_fights_to_one_champion(n, double, seed):
    rng = random.Random(seed)
    bracket = build(n, double=double)
    state, fought = _play(bracket, lambda m: rng.choice(["red", "blue"]))
    assert 1 <= state.champion <= n
    assert len(fought) in expected_bouts(n, double=double)
    # Every entrant appears (fights at least once), byes never fight.
    entrants = {s for m in fought for s in (m.red, m.blue)}
    assert entrants == set(range(1, n + 1))


@settings(max_examples=100, deadline=None)
@given(n=st.integers(min_value=2, max_value=64), double=st.booleans(), seed=st.integers(0, 999))
def test_each_entrant_eliminated_by_the_right_number_of_defeats(n, double, seed):
    rng = random.Random(seed)
    bracket = build(n, double=double)
    results = {}
    while True:
        state = resolve(bracket, results)
        if state.complete:
            break
        for m in state.ready:
            results[m.key] = rng.choice(["red", "blue"])
    defeats = dict.fromkeys(range(1, n + 1), 0)
    for m in state.matches.values():
        if m.status == "done":
            defeats[m.loser] += 1
    limit = 2 if double else 1
    for seed_, count in defeats.items():
        if seed_ == state.champion:
            assert count < limit
        else:
            assert count == limit


@pytest.mark.parametrize("n", range(2, 65))
def test_favourites_win_single_elimination_seeds_hold(n):
    """With the better seed always winning, seed 1 is champion and the final is 1 v 2."""
    bracket = build(n)
    state, fought = _play(bracket, lambda m: "red" if m.red < m.blue else "blue")
    assert state.champion == 1
    assert {fought[-1].red, fought[-1].blue} == {1, 2}
    # Byes go to the top seeds: exactly the first P - n seeds skip round one.
    slots = 1 << (n - 1).bit_length()
    first_round = {s for m in fought if m.key.startswith("W1.") for s in (m.red, m.blue)}
    assert first_round == set(range(slots - n + 1, n + 1))


def test_seeding_order_keeps_top_seeds_apart():
    assert seeding_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seeding_order(2) == [1, 2]


def test_double_elimination_grand_final_reset():
    bracket = build(4, double=True)
    # The losers' bracket champion wins F1: F2 must be fought.
    results = {"W1.1": "red", "W1.2": "red", "W2.1": "red", "L1.1": "red", "L2.1": "red"}
    state = resolve(bracket, results)
    assert [m.key for m in state.ready] == ["F1"]
    state = resolve(bracket, {**results, "F1": "blue"})
    assert [m.key for m in state.ready] == ["F2"] and not state.complete
    state = resolve(bracket, {**results, "F1": "blue", "F2": "blue"})
    assert state.champion == state.matches["F1"].blue
    # The winners' bracket champion wins F1: no reset.
    state = resolve(bracket, {**results, "F1": "red"})
    assert state.matches["F2"].status == "skipped" and state.champion == 1


def test_byes_resolve_without_bouts():
    state = resolve(build(3), {})
    assert state.matches["W1.1"].status == "bye"
    assert state.matches["W1.1"].winner == 1 and state.matches["W1.1"].loser == BYE
    assert [m.key for m in state.ready] == ["W1.2"]


def test_results_in_any_order_give_the_same_bracket():
    bracket = build(8, double=True)
    rng = random.Random(3)
    results = {}
    while not resolve(bracket, results).complete:
        for m in resolve(bracket, results).ready:
            results[m.key] = rng.choice(["red", "blue"])
    items = list(results.items())
    rng.shuffle(items)
    assert resolve(bracket, dict(items)).champion == resolve(bracket, results).champion


def test_bad_input():
    with pytest.raises(ValueError):
        build(1)
    with pytest.raises(ValueError):
        resolve(build(4), {"W9.9": "red"})
    with pytest.raises(ValueError):
        resolve(build(2), {"W1.1": "green"})


def test_draw_rule_rounds_won_then_finish_then_seed():
    # Rounds won across the three cards: red 2 of 3 on every card.
    cards = [[[10, 9], [10, 9], [8, 10]]] * 3
    assert decide_draw(cards, red_seed=5, blue_seed=1) == "red"
    # Rounds level (each wins one a card) -> the last round that differs decides.
    cards = [[[10, 9], [9, 10], [10, 10]]] * 3
    assert decide_draw(cards, red_seed=1, blue_seed=2) == "blue"
    # Nothing separates them -> the higher seed.
    cards = [[[10, 10], [10, 10]]] * 3
    assert decide_draw(cards, red_seed=4, blue_seed=2) == "blue"
    assert decide_draw([], red_seed=1, blue_seed=2) == "red"
