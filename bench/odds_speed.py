"""Odds speed: a 10,000-bout matchup across both cores, per ruleset.

    .venv/bin/python bench/odds_speed.py [-n 10000] [--workers 2] [--ruleset NAME ...]
        [--no-cli] [--json]

For each ruleset two sides are generated with the engine's own CLI
(``python -m bouts.engine card R --seed S --rating X``, two ratings a little
apart), written to JSON files, then timed two ways:

- ``api``: ``bouts.engine.odds.odds(ruleset, red, blue, n=N, workers=2)`` in
  this process (pool start-up included: every call makes its own pool);
- ``cli``: ``python -m bouts.engine odds R red.json blue.json -n N`` as a
  subprocess (interpreter start-up and imports included), which is what a
  person or script pays.

Goal: <= 3 s wall for titlebout. The load average is printed with each row: on
a shared machine the two cores are not ours alone.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

GOALS_S = {"titlebout": 3.0}


def make_sides(ruleset: str, directory: Path) -> tuple[Path, Path]:
    rules = json.loads(
        subprocess.run(
            [h.PYTHON, "-m", "bouts.engine", "rulesets", "--json"],
            cwd=h.ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    info = next(r for r in rules if r["name"] == ruleset)
    low, high = info["rating_range"]
    paths = []
    for side, seed, share in (("red", 11, 0.6), ("blue", 12, 0.5)):
        rating = low + (high - low) * share
        if isinstance(low, int) and isinstance(high, int):
            rating = round(rating)
        card = subprocess.run(
            [
                h.PYTHON,
                "-m",
                "bouts.engine",
                "card",
                ruleset,
                "--seed",
                str(seed),
                "--rating",
                str(rating),
            ],
            cwd=h.ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        path = directory / f"{ruleset}-{side}.json"
        path.write_text(card)
        paths.append(path)
    return paths[0], paths[1]


def measure(ruleset: str, n: int, workers: int, cli: bool, directory: Path) -> dict:
    from bouts.engine.odds import odds

    red_path, blue_path = make_sides(ruleset, directory)
    red, blue = json.loads(red_path.read_text()), json.loads(blue_path.read_text())
    row = {"ruleset": ruleset, "n": n, "workers": workers, "load": h.loadavg()}
    started = time.perf_counter()
    report = odds(ruleset, red, blue, n=n, workers=workers)
    row["api_s"] = round(time.perf_counter() - started, 2)
    row["red"], row["blue"], row["draw"] = report["red"], report["blue"], report["draw"]
    if cli:
        started = time.perf_counter()
        subprocess.run(
            [
                h.PYTHON,
                "-m",
                "bouts.engine",
                "odds",
                ruleset,
                str(red_path),
                str(blue_path),
                "-n",
                str(n),
                "--workers",
                str(workers),
            ],
            cwd=h.ROOT,
            capture_output=True,
            check=True,
        )
        row["cli_s"] = round(time.perf_counter() - started, 2)
    row["goal_s"] = GOALS_S.get(ruleset)
    row["load_after"] = h.loadavg()
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--no-cli", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from bouts.engine import RULESETS

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.ruleset or list(RULESETS):
            rows.append(measure(name, args.n, args.workers, not args.no_cli, Path(tmp)))
            if not args.json:
                r = rows[-1]
                goal = r["goal_s"]
                verdict = "" if goal is None else ("ok" if r["api_s"] <= goal else "over")
                print(
                    f"{r['ruleset']:<10} n={r['n']} workers={r['workers']}  api {r['api_s']:>6} s  "
                    f"cli {r.get('cli_s', '-'):>6} s  goal {goal or '-'} {verdict}  "
                    f"(red {r['red']:.3f} blue {r['blue']:.3f} draw {r['draw']:.3f}; "
                    f"load {r['load']} -> {r['load_after']})",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
