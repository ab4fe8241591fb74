"""Officials and corners: defaults, names, validation."""

from __future__ import annotations

import random

import pytest

from bouts.engine import OptionError
from bouts.engine.pocket.officials import JUDGES, REFEREES, resolve_corners, resolve_officials


def test_defaults_are_drawn_from_rng():
    referee, judges = resolve_officials(None, random.Random(1))
    assert referee["name"] in REFEREES
    assert referee["fouls"] == "normal" and referee["stoppage"] == "normal"
    assert len({j["name"] for j in judges}) == 3
    assert all(j["name"] in JUDGES and j["bias"] == "none" for j in judges)
    assert resolve_officials(None, random.Random(1)) == (referee, judges)


def test_given_officials_are_kept_and_missing_names_drawn():
    referee, judges = resolve_officials(
        {"referee": {"fouls": "lenient"}, "judges": [{"name": "A"}, {}, {"bias": "boxer"}]},
        random.Random(2),
    )
    assert referee["fouls"] == "lenient" and referee["name"] in REFEREES
    assert judges[0]["name"] == "A" and judges[2]["bias"] == "boxer"


@pytest.mark.parametrize(
    ("officials", "field"),
    [
        ({"referee": {"stoppage": "never"}}, "officials.referee.stoppage"),
        ({"referee": {"overall": "superb"}}, "officials.referee.overall"),
        ({"referee": {"name": ""}}, "officials.referee.name"),
        ({"judges": [{}, {}]}, "officials.judges"),
        ({"judges": [{}, {"close_round": "loud"}, {}]}, "officials.judges[1].close_round"),
        ({"doctor": {"caution": "reckless"}}, "officials.doctor.caution"),
        ({"referee": "Mills"}, "officials.referee"),
        ("nobody", "officials"),
    ],
)
def test_bad_officials(officials, field):
    with pytest.raises(OptionError) as err:
        resolve_officials(officials, random.Random(1))
    assert err.value.field == field


def test_corners():
    assert resolve_corners(None) == {"red": "average", "blue": "average"}
    assert resolve_corners({"red": {"strategy": "excellent", "cut": "poor"}})["red"] == "excellent"
    for bad, field in [
        ({"green": {}}, "corners.green"),
        ({"blue": {"cut": "butcher"}}, "corners.blue.cut"),
        ({"blue": {"strategy": "genius"}}, "corners.blue.strategy"),
    ]:
        with pytest.raises(OptionError) as err:
            resolve_corners(bad)
        assert err.value.field == field


def test_default_officials_are_fresh_for_every_bout():
    referee, judges = resolve_officials(None, random.Random(3))
    referee["name"] = judges[0]["name"] = "changed"
    again, judges_again = resolve_officials(None, random.Random(3))
    assert again["name"] != "changed" and judges_again[0]["name"] != "changed"
    assert len({judge["name"] for judge in judges_again}) == 3
