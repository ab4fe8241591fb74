"""The contract: registry, CLI, determinism across processes, pinned results."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bouts.engine import RULESETS, generate_card, simulate
from bouts.engine.webl import RULESET

from .helpers import card

ROOT = Path(__file__).resolve().parents[3]


def test_registered_with_contract_attributes():
    rules = RULESETS["webl"]
    assert rules is RULESET
    info = rules.describe()
    assert info["source"] == "000_541864343c75525e.txt"
    assert info["rating_range"] == [6.0, 16.0]
    assert info["team"] is False
    assert info["default_rounds"] == 12
    assert {"KO", "TKO", "RTD", "DQ", "UD", "SD", "MD", "DRAW"} <= set(info["methods"])


def _cli(*args, tmp_path=None, hashseed="0"):
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bouts.engine", *args],
        cwd=tmp_path or ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_is_byte_identical_across_processes(tmp_path):
    red = tmp_path / "red.json"
    blue = tmp_path / "blue.json"
    plans = tmp_path / "plans.json"
    red.write_text(json.dumps(generate_card("webl", 1, 12)))
    blue.write_text(json.dumps(generate_card("webl", 2, 11)))
    plans.write_text(json.dumps({"red": "4H/7/9\n5) if score < 0 then 6/7/7 (ins)"}))
    args = ("simulate", "webl", str(red), str(blue), "--seed", "9", "--json", "--plans", str(plans))
    one = _cli(*args, hashseed="1")
    two = _cli(*args, hashseed="12345")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["ruleset"] == "webl"


def test_cli_card_validate_and_errors(tmp_path):
    out = _cli("card", "webl", "--seed", "3", "--rating", "12")
    assert out.returncode == 0
    generated = json.loads(out.stdout)
    assert RULESET.card_rating(generated) == pytest.approx(12, abs=0.15)
    path = tmp_path / "card.json"
    path.write_text(json.dumps(generated))
    assert _cli("validate", "webl", str(path)).returncode == 0
    path.write_text(json.dumps({**generated, "str": 44}))
    bad = _cli("validate", "webl", str(path))
    assert bad.returncode == 1
    assert bad.stderr.strip() == "error: str: must be between 1 and 30 (got 44)"
    plans = tmp_path / "plans.json"
    plans.write_text(json.dumps({"blue": "5/5/5\n5/5/5 (dance)"}))
    path.write_text(json.dumps(generated))
    bad = _cli("simulate", "webl", str(path), str(path), "--seed", "1", "--plans", str(plans))
    assert bad.returncode == 1
    assert bad.stderr.startswith("error: plans.blue, line 2: unknown style 'dance'")
    assert "Traceback" not in bad.stderr


def test_cli_odds(tmp_path):
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card()))
    out = _cli("odds", "webl", str(path), str(path), "-n", "40", "--workers", "1", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["bouts"] == 40


def test_same_seed_same_result():
    a = simulate("webl", card(), card(str=12), seed=5).to_dict()
    b = simulate("webl", card(), card(str=12), seed=5).to_dict()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _digest(seed):
    red = generate_card("webl", seed * 2 + 1)
    blue = generate_card("webl", seed * 2 + 2)
    result = simulate("webl", red, blue, seed=seed)
    return hashlib.sha256(json.dumps(result.to_dict(), sort_keys=True).encode()).hexdigest()


# Pinned so that an optimisation cannot silently change results. If a rule change is
# intended, regenerate with: python -c "from tests.engine.webl.test_ruleset import _digest;
# print([_digest(s) for s in range(5)])" (and _batch_digest() for BATCH_PINNED).
# Re-pinned for the judges' per-bout view and one counting error per round (RULES.md);
# re-pinned (seeds 2-4) for step 9's "x0.25 if the fighter is throwing body blows"
# (issue 16: was x0.5 on the body puncher's opponent); re-pinned (seeds 1, 3) for step
# 5's "after one warning, the fighter has one point taken away" (the first warning was free).
PINNED = {
    0: "36d77f57e1bb0d5f60fedb072493449aa74efbc312ec1e333c8b32827d4ef0d1",
    1: "bddd46a295a7339a9483a3a1fb08153538816dabadc1831ae13026b341bb9e04",
    2: "fa7dd7a9b4ed5537b0f48336c594f79fcc41c3a34f58df53c8f8e6360fde799f",
    3: "d5bf923edac880ee9f8a759bcccbde1ce262e6e9e68a831cd3dc4ba263a564f8",
    4: "9eb57b9d50c3b2795fe29395da1fa10ff78948a44a82bb476b0e48e8aad4bba3",
}


@pytest.mark.parametrize("seed", range(5))
def test_pinned_results(seed):
    assert _digest(seed) == PINNED[seed]


BATCH_PLANS = (
    None,
    "5/7/8",
    "4H/7!/9\n3) 6/7/7 (ins)\nif endurance_percent > 80 then 5B/8/7 (ring)\n"
    "9) if round >= 9 and score < -2 then towel",
    "1) 4B/8/8; if score < 0 then 8/4/8\n4) 6/6/8\n6) if score < 2 then 10/4/6",
    "6/6/8 (clinch)\nif roundswon < roundslost then 8/6/6 (allout)",
    "5C/7/8 (cut)\nif opp = 2 then 7/8/5 (feint)",
    "4/6/10 (counter)\nif hiscuts > 0 then 6H/8/6 (outside)",
    "7/7!/6 (inside)\nif warnings >= 2 then 6/7/7",
)


def _batch_digest(n: int = 240) -> str:
    """One hash over a batch of bouts with every input varied: officials, corners,
    options, plans and lengths (the per-bout pins above use the defaults only)."""
    import random

    from bouts.engine.base import (
        DOCTOR_CAUTION,
        JUDGE_BIAS,
        JUDGE_CLOSE_ROUND,
        REFEREE_FOULS,
        REFEREE_OVERALL,
        REFEREE_STOPPAGE,
        STRATEGY_SKILL,
    )

    rng = random.Random(2026)
    digest = hashlib.sha256()
    for i in range(n):
        red = RULESET.generate_card(rng, 6 + 10 * rng.random())
        blue = RULESET.generate_card(rng, 6 + 10 * rng.random())
        red["name"], blue["name"] = f"Red {i}", f"Blue {i}"
        officials = corners = options = None
        if i % 3:
            officials = {
                "referee": {
                    "fouls": rng.choice(REFEREE_FOULS),
                    "stoppage": rng.choice(REFEREE_STOPPAGE),
                    "overall": rng.choice(REFEREE_OVERALL),
                },
                "judges": [
                    {"bias": rng.choice(JUDGE_BIAS), "close_round": rng.choice(JUDGE_CLOSE_ROUND)}
                    for _ in range(3)
                ],
                "doctor": {"caution": rng.choice(DOCTOR_CAUTION)},
            }
        if i % 4 == 1:
            corners = {s: {"strategy": rng.choice(STRATEGY_SKILL)} for s in ("red", "blue")}
        if i % 5 == 2:
            options = {
                "home": rng.choice(("red", "blue", None)),
                "champion": rng.choice(("red", "blue", None)),
                "weight_rule": bool(i % 2),
            }
        plans = {"red": rng.choice(BATCH_PLANS), "blue": rng.choice(BATCH_PLANS)}
        result = simulate(
            "webl",
            red,
            blue,
            rounds=rng.choice((4, 6, 8, 10, 12, 12, 12, 15)),
            seed=i,
            officials=officials,
            corners=corners,
            plans=plans,
            options=options,
        )
        digest.update(json.dumps(result.to_dict(), sort_keys=True).encode())
    return digest.hexdigest()


# Re-pinned for "10-8 for the knockdown" (issue 16: a knockdown round goes to the man who
# scored it, 10-8 / 10-7), then for step 9's "x0.25 if the fighter is throwing body blows",
# then for step 5's "after one warning, the fighter has one point taken away".
BATCH_PINNED = "d1fa8e8f82988955e575ebb5ff965c5430b3a421707c8dcefad6896f7200898e"


def test_pinned_batch_with_every_input_varied():
    assert _batch_digest() == BATCH_PINNED
