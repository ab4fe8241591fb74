"""Card helpers: flattening to dotted names and CSV cells round-trip any JSON card."""

from hypothesis import given
from hypothesis import strategies as st

from fighters.cards import card_diff, flatten, format_cell, parse_cell, unflatten

keys = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=6)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(keys, inner, min_size=1, max_size=3)
    ),
    max_leaves=10,
)
cards = st.dictionaries(keys, values, max_size=6)


@given(cards)
def test_flatten_round_trip(card):
    assert unflatten(flatten(card)) == card


@given(values)
def test_cell_round_trip(value):
    assert parse_cell(format_cell(value)) == value or (value == "" and parse_cell("") is None)


def test_flatten_names_nested_fields():
    card = {"fresh": {"pl": [1, 27], "ko": 3}, "style": "B"}
    assert flatten(card) == {"fresh.pl": [1, 27], "fresh.ko": 3, "style": "B"}


def test_diff():
    before = {"fresh": {"ko": 3, "pl": [1, 2]}, "style": "B"}
    after = {"fresh": {"ko": 4, "pl": [1, 2]}, "agg": 5}
    assert card_diff(before, after) == {
        "agg": [None, 5],
        "fresh.ko": [3, 4],
        "style": ["B", None],
    }
