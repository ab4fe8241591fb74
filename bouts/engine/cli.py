"""``python -m bouts.engine``: list rulesets, generate, validate, simulate, odds.

Bad input is reported in one line on stderr with exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from . import RULESETS, get_ruleset, simulate
from .errors import EngineError
from .odds import odds


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2; the contract says 1
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(1)


def _load_json(path: str, what: str):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise EngineError(f"{what}: no such file {path!r}") from None
    except json.JSONDecodeError as exc:
        raise EngineError(
            f"{what}: {path} is not valid JSON ({exc.msg}, line {exc.lineno})"
        ) from None
    except OSError as exc:
        raise EngineError(f"{what}: cannot read {path!r} ({exc.strerror})") from None


def _optional_json(path: str | None, what: str):
    return None if path is None else _load_json(path, what)


def _parse_rating(text: str | None, rules):
    if text is None:
        return None
    try:
        rating = float(text)
    except ValueError:
        raise EngineError(f"--rating: not a number: {text!r}") from None
    low, high = rules.rating_range
    if not low <= rating <= high:
        raise EngineError(f"--rating: must be within {low}..{high} for {rules.name}")
    return rating


def _cmd_rulesets(args) -> int:
    rows = [rules.describe() for rules in RULESETS.values()]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            low, high = row["rating_range"]
            team = " (team)" if row["team"] else ""
            print(f"{row['name']:<10} {low}-{high}{team}  {row['description']}")
    return 0


def _cmd_card(args) -> int:
    rules = get_ruleset(args.ruleset)
    rating = _parse_rating(args.rating, rules)
    card = rules.generate_side(random.Random(args.seed), rating)
    print(json.dumps(card, indent=2, sort_keys=True))
    return 0


def _cmd_validate(args) -> int:
    rules = get_ruleset(args.ruleset)
    rules.validate_side(_load_json(args.card, "card"))
    print(f"{args.card}: valid {rules.name} {'side' if rules.team else 'card'}")
    return 0


def _bout_kwargs(args) -> dict:
    return {
        "rounds": args.rounds,
        "officials": _optional_json(args.officials, "officials"),
        "corners": _optional_json(args.corners, "corners"),
        "plans": _optional_json(args.plans, "plans"),
        "options": _optional_json(args.options, "options"),
    }


def _cmd_simulate(args) -> int:
    red = _load_json(args.red, "red")
    blue = _load_json(args.blue, "blue")
    result = simulate(args.ruleset, red, blue, seed=args.seed, **_bout_kwargs(args))
    if args.json:
        print(json.dumps(result.to_dict(), sort_keys=True, indent=2))
        return 0
    for event in result.events:
        print(f"R{event['round']} {event['clock']}  {event['text']}")
    print()
    for name, card in zip(result.judges, result.scorecards, strict=False):
        red_total = sum(r for r, _ in card)
        blue_total = sum(b for _, b in card)
        print(f"{name}: {red_total}-{blue_total}")
    winner = result.winner or "no winner"
    print(f"Result: {winner} by {result.method}, round {result.round} at {result.time}")
    return 0


def _cmd_odds(args) -> int:
    red = _load_json(args.red, "red")
    blue = _load_json(args.blue, "blue")
    if args.n < 1:
        raise EngineError("-n: must be at least 1")
    report = odds(
        args.ruleset,
        red,
        blue,
        n=args.n,
        seed=args.seed,
        workers=args.workers,
        **_bout_kwargs(args),
    )
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
        return 0
    print(f"{report['bouts']} bouts of {report['ruleset']} from seed {report['first_seed']}")
    print(f"red {report['red']:.1%}   blue {report['blue']:.1%}   draw {report['draw']:.1%}")
    for key, share in report["methods"].items():
        print(f"  {key:<16} {share:.1%}")
    return 0


def _add_bout_inputs(cmd) -> None:
    cmd.add_argument("--rounds", type=int, default=None)
    cmd.add_argument("--officials", help="JSON file: referee, judges, doctor")
    cmd.add_argument("--corners", help="JSON file: {red: {...}, blue: {...}}")
    cmd.add_argument("--plans", help="JSON file: {red: ..., blue: ...}")
    cmd.add_argument("--options", help="JSON file of ruleset options")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m bouts.engine", description="Ringside rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    cmd = sub.add_parser("rulesets", help="list the rulesets")
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(func=_cmd_rulesets)

    cmd = sub.add_parser("card", help="print a generated card (a side for team rulesets)")
    cmd.add_argument("ruleset")
    cmd.add_argument("--seed", type=int, required=True)
    cmd.add_argument("--rating")
    cmd.set_defaults(func=_cmd_card)

    cmd = sub.add_parser("validate", help="check a card file")
    cmd.add_argument("ruleset")
    cmd.add_argument("card")
    cmd.set_defaults(func=_cmd_validate)

    cmd = sub.add_parser("simulate", help="fight one bout")
    cmd.add_argument("ruleset")
    cmd.add_argument("red")
    cmd.add_argument("blue")
    cmd.add_argument("--seed", type=int, required=True)
    cmd.add_argument("--json", action="store_true")
    _add_bout_inputs(cmd)
    cmd.set_defaults(func=_cmd_simulate)

    cmd = sub.add_parser("odds", help="win and method probabilities from N bouts")
    cmd.add_argument("ruleset")
    cmd.add_argument("red")
    cmd.add_argument("blue")
    cmd.add_argument("-n", type=int, default=10_000)
    cmd.add_argument("--seed", type=int, default=0)
    cmd.add_argument("--workers", type=int, default=None)
    cmd.add_argument("--json", action="store_true")
    _add_bout_inputs(cmd)
    cmd.set_defaults(func=_cmd_odds)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
