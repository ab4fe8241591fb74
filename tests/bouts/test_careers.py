"""The career table (pure): what one bout adds to each side's career."""

from hypothesis import given
from hypothesis import strategies as st

from bouts.careers import CAREER_FIELDS, career_deltas, line_credited

METHODS = ["KO", "TKO", "RTD", "DQ", "UD", "SD", "MD", "DRAW", "TD", "TDRAW", "SUB", "HEALTH"]


@given(
    winner=st.sampled_from(["red", "blue", None]),
    method=st.sampled_from(METHODS),
    title=st.booleans(),
    team=st.booleans(),
)
def test_one_bout_balances_between_the_two_sides(winner, method, title, team):
    red = career_deltas(winner=winner, method=method, side="red", is_title_bout=title, team=team)
    blue = career_deltas(winner=winner, method=method, side="blue", is_title_bout=title, team=team)
    assert set(red) <= set(CAREER_FIELDS) and set(blue) <= set(CAREER_FIELDS)
    assert red["bouts"] == blue["bouts"] == 1
    assert red.get("wins", 0) == blue.get("losses", 0)
    assert red.get("losses", 0) == blue.get("wins", 0)
    assert red.get("draws", 0) == blue.get("draws", 0) == (1 if winner is None else 0)
    for win, loss in (
        ("ko_wins", "ko_losses"),
        ("tko_wins", "tko_losses"),
        ("dq_wins", "dq_losses"),
    ):
        assert red.get(win, 0) == blue.get(loss, 0)
        assert red.get(loss, 0) == blue.get(win, 0)
    assert red.get("title_fights", 0) == blue.get("title_fights", 0) == int(title)
    assert red.get("title_wins", 0) + blue.get("title_wins", 0) == int(title and winner is not None)
    if team:
        assert not any(k.startswith(("ko_", "tko_", "dq_")) for k in {**red, **blue})


def test_stoppages_count_as_a_record_book_does():
    assert career_deltas(winner="red", method="KO", side="red", is_title_bout=False) == {
        "bouts": 1,
        "wins": 1,
        "ko_wins": 1,
    }
    assert career_deltas(winner="red", method="RTD", side="blue", is_title_bout=True) == {
        "bouts": 1,
        "losses": 1,
        "tko_losses": 1,
        "title_fights": 1,
    }
    assert career_deltas(winner=None, method="TDRAW", side="blue", is_title_bout=False) == {
        "bouts": 1,
        "draws": 1,
    }


def test_bench_lines_are_not_credited():
    assert line_credited({"fought": True}) and line_credited({})
    assert not line_credited({"fought": False})
