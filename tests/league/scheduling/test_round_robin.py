import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.scheduling.round_robin import round_robin


def _corner_runs(sequence):
    longest = run = 1
    for a, b in itertools.pairwise(sequence):
        run = run + 1 if a == b else 1
        longest = max(longest, run)
    return longest


@given(st.integers(min_value=2, max_value=40))
def test_everyone_meets_everyone_exactly_once(n):
    rounds = round_robin(list(range(n)))
    pairs = [frozenset(p) for r in rounds for p in r]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)


@given(st.integers(min_value=2, max_value=40))
def test_nobody_fights_twice_in_a_round_and_byes_rotate(n):
    rounds = round_robin(list(range(n)))
    byes = Counter()
    for r in rounds:
        seen = [c for pair in r for c in pair]
        assert len(seen) == len(set(seen))
        for c in set(range(n)) - set(seen):
            byes[c] += 1
    if n % 2:
        assert all(len(r) == (n - 1) // 2 for r in rounds)
        assert byes == Counter(range(n))  # one bye each
    else:
        assert not byes


@given(st.integers(min_value=2, max_value=40))
def test_corners_balanced_and_alternating(n):
    rounds = round_robin(list(range(n)))
    corners = {c: [] for c in range(n)}
    for r in rounds:
        for red, blue in r:
            corners[red].append("red")
            corners[blue].append("blue")
    for sequence in corners.values():
        reds = sequence.count("red")
        assert abs(reds - (len(sequence) - reds)) <= 1
        # Alternating: never the same corner three bouts running (odd counts: never twice).
        assert _corner_runs(sequence) <= (1 if n % 2 else 2)


def test_four_competitors_golden():
    assert round_robin("abcd") == [
        [("d", "a"), ("b", "c")],
        [("b", "d"), ("c", "a")],
        [("d", "c"), ("a", "b")],
    ]


def test_fewer_than_two_and_duplicates():
    assert round_robin([]) == []
    assert round_robin(["solo"]) == []
    with pytest.raises(ValueError):
        round_robin(["a", "a"])
