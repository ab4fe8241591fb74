"""The ruleset through Ringside's contract: simulate, officials, CLI, determinism, pins."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine import RULESETS, OptionError, simulate
from bouts.engine.pocket import RULESET
from bouts.engine.pocket.policy import DIE, Policy

ROOT = Path(__file__).resolve().parents[3]
RED = {
    "name": "Rocky Pocket",
    "style": "swarmer",
    "guard": "peek_a_boo",
    "speed": 3,
    "power": 4,
    "defence": 3,
    "chin": 4,
}
BLUE = {
    "name": "Bruno Dice",
    "style": "brawler",
    "guard": "cross_arm",
    "speed": 2,
    "power": 5,
    "defence": 2,
    "chin": 3,
}


def digest(result) -> str:
    return hashlib.sha256(json.dumps(result.to_dict(), sort_keys=True).encode()).hexdigest()


def test_registered_with_its_attributes():
    assert RULESETS["pocket"] is RULESET
    d = RULESET.describe()
    assert d["team"] is False and d["rating_range"] == [1, 5]
    assert d["default_rounds"] == 5 and d["max_rounds"] == 12
    assert d["source"] == "003_856a88e5b7008754.txt"


def test_result_fields_are_filled():
    for seed in range(40):
        r = simulate("pocket", RED, BLUE, seed=seed)
        assert r.winner in ("red", "blue", None)
        assert r.method in RULESET.methods
        assert 1 <= r.round <= 5 and len(r.time) == 4
        assert len(r.judges) == 3 and len(r.scorecards) == 3
        assert all(len(card) == len(r.rounds) for card in r.scorecards)
        for stats in r.rounds:
            for side in ("red", "blue"):
                assert {"landed", "thrown", "damage"} <= set(stats[side])
        for e in r.events:
            assert set(e) == {"round", "clock", "kind", "side", "text"}
        assert r.fighters == []
        json.dumps(r.to_dict())
        if r.method in ("UD", "SD", "MD", "DRAW"):
            assert r.round == 5 and r.time == "3:00"
        else:
            assert r.winner is not None


def test_every_method_occurs_and_decisions_follow_the_cards():
    seen = set()
    for seed in range(400):
        r = simulate("pocket", RED, BLUE, seed=seed, plans={"red": {"dirty": 15, "reckless": True}})
        seen.add(r.method)
        if r.method in ("UD", "SD", "MD", "DRAW"):
            totals = r.judge_totals()
            red_votes = sum(a > b for a, b in totals)
            blue_votes = sum(b > a for a, b in totals)
            if r.winner == "red":
                assert red_votes > blue_votes
            elif r.winner == "blue":
                assert blue_votes > red_votes
    assert {"KO", "TKO", "DQ", "UD"} <= seen


def test_knockdowns_and_ko_records():
    for seed in range(200):
        r = simulate("pocket", RED, BLUE, seed=seed)
        if r.method == "KO":
            assert r.knockdowns[-1]["count"] == 10
            assert r.knockdowns[-1]["fighter"] != r.winner
            return
    pytest.fail("no KO in 200 bouts")


def test_rounds_option():
    assert simulate("pocket", RED, BLUE, seed=1, rounds=1).scheduled_rounds == 1
    assert simulate("pocket", RED, BLUE, seed=1, rounds=12).scheduled_rounds == 12
    with pytest.raises(OptionError):
        simulate("pocket", RED, BLUE, seed=1, rounds=13)


def test_officials_names_and_validation():
    officials = {
        "referee": {"name": "Ref One", "fouls": "strict", "stoppage": "early"},
        "judges": [
            {"name": "A", "bias": "hometown"},
            {"name": "B"},
            {"name": "C", "close_round": "aggressor"},
        ],
        "doctor": {"name": "Doc", "caution": "cautious"},
    }
    r = simulate("pocket", RED, BLUE, seed=3, officials=officials)
    assert r.judges == ["A", "B", "C"] and r.details["referee"] == "Ref One"
    with pytest.raises(OptionError) as err:
        simulate("pocket", RED, BLUE, seed=3, officials={"referee": {"fouls": "harsh"}})
    assert err.value.field == "officials.referee.fouls"
    with pytest.raises(OptionError):
        simulate("pocket", RED, BLUE, seed=3, officials={"judges": [{}]})
    with pytest.raises(OptionError):
        simulate("pocket", RED, BLUE, seed=3, corners={"red": {"strategy": "genius"}})
    with pytest.raises(OptionError):
        simulate("pocket", RED, BLUE, seed=3, options={"special": 2})
    with pytest.raises(OptionError):
        simulate("pocket", RED, BLUE, seed=3, options={"champion": "green"})


def test_strict_referee_warns_more():
    def warnings(fouls):
        officials = {"referee": {"fouls": fouls}}
        plans = {"red": {"dirty": 20}, "blue": {"dirty": 20}}
        return sum(
            len(simulate("pocket", RED, BLUE, seed=s, officials=officials, plans=plans).fouls)
            for s in range(150)
        )

    assert warnings("strict") > warnings("normal") > warnings("lenient")


def test_special_every_round_option():
    r = simulate("pocket", RED, BLUE, seed=5, options={"special_each_round": True})
    specials = sum(s["red"]["specials"] for s in r.rounds)
    assert specials >= 1
    once = simulate("pocket", RED, BLUE, seed=5)
    assert sum(s["red"]["specials"] for s in once.rounds) <= 1


def test_a_custom_policy_is_used():
    class BodyOnly(Policy):
        def target(self, me, opp, bout):
            return "body"

        def punch(self, me, opp, bout):
            return DIE, "body"

    r = simulate("pocket", RED, BLUE, seed=2, plans={"red": BodyOnly()})
    assert sum(s["red"]["head"] for s in r.rounds) == 0
    assert sum(s["red"]["body"] for s in r.rounds) > 0


def test_higher_rating_wins_more_often_but_not_always():
    rng = random.Random(11)
    wins = 0
    n = 300
    for seed in range(n):
        strong = RULESET.generate_card(rng, 4.5)
        weak = RULESET.generate_card(rng, 2.0)
        wins += simulate("pocket", strong, weak, seed=seed).winner == "red"
    assert 0.7 * n < wins < n


# --- determinism --------------------------------------------------------------------
PINNED = {
    1: "3f80749c86ef6de2dd80f6287f8cda8cf4813a289d38d8b2cd6ef47c1ee30a44",
    2: "db1535a826346ecf93bb17b0f81355056a84e382ee73f053b6f1cb3697b04b01",
    3: "a654b2b8111ff43112eda018ecfa8af4128f13c16018eee17e2e890b09f5d6e1",
    4: "19a3078b35695c833621b829a55e0d98849fc6bc28dc960182115bc3360031c0",
    5: "ac11b2adfd3cd1e2b2b6991f1fa278720414c51765351f2499985f0b27e6ed0e",
}


def compute_pin(seed: int) -> str:
    plans = {"blue": {"dirty": 10, "target": "mixed"}}
    return digest(simulate("pocket", RED, BLUE, seed=seed, plans=plans))


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_pinned_results(seed):
    assert compute_pin(seed) == PINNED[seed]


def test_same_bytes_in_two_processes(tmp_path):
    red, blue = tmp_path / "red.json", tmp_path / "blue.json"
    red.write_text(json.dumps(RED))
    blue.write_text(json.dumps(BLUE))
    outs = []
    for hashseed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        cmd = [
            sys.executable,
            "-m",
            "bouts.engine",
            "simulate",
            "pocket",
            str(red),
            str(blue),
            "--seed",
            "99",
            "--json",
        ]
        outs.append(subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True).stdout)
    assert outs[0] == outs[1] and b'"ruleset": "pocket"' in outs[0]


# --- command line -----------------------------------------------------------------------
def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "bouts.engine", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_cli_card_validate_simulate_odds(tmp_path):
    out = run_cli("card", "pocket", "--seed", "4", "--rating", "4")
    assert out.returncode == 0
    card = json.loads(out.stdout)
    assert abs(RULESET.card_rating(card) - 4) <= 0.5
    path = tmp_path / "c.json"
    path.write_text(out.stdout)
    assert run_cli("validate", "pocket", str(path)).returncode == 0
    sim = run_cli("simulate", "pocket", str(path), str(path), "--seed", "1")
    assert sim.returncode == 0 and "Result:" in sim.stdout
    odds = run_cli("odds", "pocket", str(path), str(path), "-n", "50", "--workers", "1")
    assert odds.returncode == 0 and "red" in odds.stdout


def test_cli_bad_card_is_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**RED, "chin": 9}))
    out = run_cli("validate", "pocket", str(path))
    assert out.returncode == 1
    assert out.stderr.strip().splitlines() == ["error: chin: must be between 1 and 5 (got 9)"]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    red_rating=st.floats(1, 5),
    blue_rating=st.floats(1, 5),
    rounds=st.integers(1, 12),
)
def test_any_bout_keeps_its_books(seed, red_rating, blue_rating, rounds):
    rng = random.Random(seed)
    red = RULESET.generate_card(rng, red_rating)
    blue = RULESET.generate_card(rng, blue_rating)
    r = simulate("pocket", red, blue, seed=seed, rounds=rounds)
    taken = {
        "red": sum(s["blue"]["damage"] for s in r.rounds),
        "blue": sum(s["red"]["damage"] for s in r.rounds),
    }
    assert r.details["health"] == {side: 50 - taken[side] for side in ("red", "blue")}
    if r.method == "TKO":
        loser = "blue" if r.winner == "red" else "red"
        assert r.details["health"][loser] <= 0
    assert len(r.knockdowns) == sum(
        s[side]["knockdowns"] for s in r.rounds for side in ("red", "blue")
    )
    assert all(6 <= p <= 10 for card in r.scorecards for rnd in card for p in rnd)
    assert all(max(rnd) == 10 for card in r.scorecards for rnd in card)
