"""What a plan sandbox try costs: ``--fights`` bouts (200, the page's default) of the
largest plan the WeBL engine allows (RULES.md "Plan limits": 50 statements, 160
condition tokens, 4,000 characters), through the sandbox's own core
(``league.sandbox.core.fight_many``: the engine, then the counting), in this process.

    .venv/bin/python bench/sandbox_cost.py [--fights 200] [--rounds 15] [--repeat 3] [--json]
    .venv/bin/python bench/sandbox_cost.py --fights 5 --rounds 3 --repeat 1   # a check only

Prints the plan's size, then per repeat the seconds for the whole try and the share
spent counting (the engine alone is timed on the same seeds), and the fights per
second. No database: the core is pure. Figures are taken alone on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

import django

django.setup()

from bouts.engine import PlanError, generate_card, simulate  # noqa: E402
from bouts.engine.webl.plans import (  # noqa: E402
    MAX_PLAN_CHARS,
    MAX_STATEMENTS,
    parse_plan,
)
from league.sandbox.core import fight_many  # noqa: E402

# Lines that keep both fighters standing (no all-out head-hunting, no fouls):
# every fight goes the distance, so every statement is read every round — the
# worst case for what the plan costs (the report gives the rounds fought).
LINES = ("5/7/8", "6H/6/8 (inside)", "6B/6/8 (counter)", "5/5/10 (clinch)", "4/4/12 (outside)")
CONDITIONS = (
    "round > {n}",
    "endurance_percent < {p}",
    "roundswon > roundslost",
    "hisknockdowns > 0",
    "score < 0 and round > {n}",
)


def largest_plan() -> str:
    """As many statements and condition tokens as the limits take: conditional
    statements while they fit, then plain round blocks up to 50 statements."""
    statements: list[str] = []
    i = 0
    while len(statements) < MAX_STATEMENTS:
        condition = CONDITIONS[i % len(CONDITIONS)].format(n=1 + i % 14, p=20 + i % 60)
        line = LINES[i % len(LINES)]
        candidate = [*statements, f"if {condition} then {line}"]
        try:
            parse_plan("\n".join(candidate))
        except PlanError:
            break
        statements = candidate
        i += 1
    block = 1
    while len(statements) < MAX_STATEMENTS:
        candidate = [*statements, f"{block}) {LINES[block % len(LINES)]}"]
        text = "\n".join(candidate)
        if len(text) > MAX_PLAN_CHARS:
            break
        statements = candidate
        block = block % 15 + 1
    text = "\n".join(statements)
    parse_plan(text)  # the engine takes it
    return text


def run(args) -> dict:
    plan = largest_plan()
    parsed = parse_plan(plan)
    mine = generate_card("webl", 1, rating=12)
    theirs = generate_card("webl", 2, rating=12)
    repeats = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        fight_many(
            "webl",
            mine=mine,
            theirs=theirs,
            side="red",
            my_plan=plan,
            their_plan=plan,
            rounds=args.rounds,
            n=args.fights,
            seed=args.seed,
        )
        whole = time.perf_counter() - start
        start = time.perf_counter()
        for i in range(args.fights):
            simulate(
                "webl",
                mine,
                theirs,
                rounds=args.rounds,
                seed=args.seed + i,
                plans={"red": plan, "blue": plan},
            ).to_dict()
        engine = time.perf_counter() - start
        rounds_fought = sum(
            simulate(
                "webl",
                mine,
                theirs,
                rounds=args.rounds,
                seed=args.seed + i,
                plans={"red": plan, "blue": plan},
            ).round
            for i in range(args.fights)
        )
        repeats.append(
            {
                "seconds": round(whole, 4),
                "engine_seconds": round(engine, 4),
                "fights_per_second": round(args.fights / whole, 1) if whole else None,
                "rounds_per_fight": round(rounds_fought / args.fights, 2),
            }
        )
    return {
        "fights": args.fights,
        "rounds": args.rounds,
        "plan_characters": len(plan),
        "plan_statements": len(parsed.rules),
        "plan_conditions": sum(1 for rule in parsed.rules if rule.test is not None),
        "repeats": repeats,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"plan: {report['plan_characters']} characters, {report['plan_statements']} statements "
        f"({report['plan_conditions']} conditional); {args.fights} fights of {args.rounds} rounds"
    )
    for n, rep in enumerate(report["repeats"], start=1):
        print(
            f"  try {n}: {rep['seconds']:.3f} s ({rep['fights_per_second']} fights/s, "
            f"{rep['rounds_per_fight']} rounds a fight; "
            f"the engine alone {rep['engine_seconds']:.3f} s)"
        )


if __name__ == "__main__":
    main()
