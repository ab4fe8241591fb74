"""``python -m bouts.engine``: output, determinism across processes, one-line errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bouts.engine import RULESETS

ROOT = Path(__file__).resolve().parents[2]
RULESET_NAMES = sorted(RULESETS)


def run(*args, hashseed="0"):
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    return subprocess.run(
        [sys.executable, "-m", "bouts.engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def assert_one_line_error(done):
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines and "Traceback" not in done.stderr
    assert lines[-1].startswith("error:")


def test_rulesets_json_lists_the_contract_fields():
    done = run("rulesets", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [row["name"] for row in rows] == list(RULESETS)
    for row in rows:
        assert {"name", "description", "rating_range", "team"} <= set(row)


def test_unknown_ruleset_exits_1_with_one_line():
    assert_one_line_error(run("card", "no-such-ruleset", "--seed", "1"))


def test_missing_argument_exits_1():
    assert_one_line_error(run("card"))


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_card_validate_simulate_round_trip(name, tmp_path):
    low, high = RULESETS[name].rating_range
    red = run("card", name, "--seed", "1", "--rating", str(high))
    blue = run("card", name, "--seed", "2", "--rating", str(low))
    assert red.returncode == 0 and blue.returncode == 0, red.stderr + blue.stderr
    (tmp_path / "red.json").write_text(red.stdout)
    (tmp_path / "blue.json").write_text(blue.stdout)
    done = run("validate", name, str(tmp_path / "red.json"))
    assert done.returncode == 0, done.stderr
    text = run(
        "simulate", name, str(tmp_path / "red.json"), str(tmp_path / "blue.json"), "--seed", "7"
    )
    assert text.returncode == 0, text.stderr
    assert "Result:" in text.stdout


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_byte_identical_across_processes(name, tmp_path):
    for seed, path in ((1, "red.json"), (2, "blue.json")):
        (tmp_path / path).write_text(run("card", name, "--seed", str(seed)).stdout)
    args = ("simulate", name, str(tmp_path / "red.json"), str(tmp_path / "blue.json"))
    first = run(*args, "--seed", "99", "--json", hashseed="1")
    second = run(*args, "--seed", "99", "--json", hashseed="12345")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_bad_inputs_are_one_line_errors(name, tmp_path):
    good = tmp_path / "good.json"
    good.write_text(run("card", name, "--seed", "3").stdout)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json")
    bad_card = tmp_path / "badcard.json"
    bad_card.write_text(json.dumps({"nonsense": True}))
    assert_one_line_error(run("validate", name, str(bad_json)))
    assert_one_line_error(run("validate", name, str(bad_card)))
    assert_one_line_error(run("validate", name, str(tmp_path / "missing.json")))
    assert_one_line_error(run("simulate", name, str(good), str(bad_card), "--seed", "1"))
    assert_one_line_error(run("simulate", name, str(good), str(good), "--seed", "x"))
    assert_one_line_error(run("card", name, "--seed", "1", "--rating", "999999"))
    assert_one_line_error(run("odds", name, str(good), str(good), "-n", "0"))


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_odds_prints_probabilities(name, tmp_path):
    for seed, path in ((1, "red.json"), (2, "blue.json")):
        (tmp_path / path).write_text(run("card", name, "--seed", str(seed)).stdout)
    done = run(
        "odds",
        name,
        str(tmp_path / "red.json"),
        str(tmp_path / "blue.json"),
        "-n",
        "300",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["bouts"] == 300
    assert report["red"] + report["blue"] + report["draw"] == pytest.approx(1.0)
