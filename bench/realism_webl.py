"""Outcome distribution of WeBL bouts between generated fighters with the default plans.

    .venv/bin/python bench/realism_webl.py [-n 5000] [--rounds 12] [--plan TEXT]
    .venv/bin/python bench/realism_webl.py --underdog [-n 2000] [--seed 1]

Matchmaking: the red fighter's rating is drawn uniformly over the rating range, the blue
fighter's is red's plus a normal gap (sd 1.0, clipped to the range), as a matchmaker pairs
fighters of a similar level. Prints the shares of KO, TKO, RTD, DQ, decisions (UD/SD/MD),
draws, the round distribution of stoppages, and the upset rate by rating gap.
Compare with professional boxing (US 2017): decision 46.5%, TKO 35.1%, KO 18.1%, DQ 0.2%.

``--underdog``: do plans matter? For rating gaps of 0.5, 1 and 2 points, the same
bouts (cards and seeds) are fought twice: the underdog (blue) with his corner's
default plan, then with ``chosen_plan`` (a manager's plan from the seed's formulas);
the favourite keeps the default plan. Prints the underdog's win rate both ways.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.webl import RULESET
from bouts.engine.webl.default_plans import profile_style
from bouts.engine.webl.plans import STYLE_TEXT

TARGET = {"KO": 18.1, "TKO": 35.1, "DQ": 0.2, "decision": 46.5}


def chosen_plan(me: dict, opp: dict) -> str:
    """A manager's plan from the seed's formulas, for his fighter ``me`` against ``opp``.

    Damage dealt is POW x sqrt(AGG) / the opponent's DEF, damage taken ~ 1 / my DEF:
    with AGG + POW + DEF = 20 the ratio POW x sqrt(AGG) x DEF peaks near 4/8/8, and a low
    AGG also tires less (step 12) and rests more (step 1). Body blows add 15% damage,
    quarter the fighter's own injury chance (step 9) and wear the opponent down to a
    TKO; so 3B/9/8, with the style that suits the matchup (what a good corner picks),
    then the head (knockdown lines at 10/12.5/15% instead of 25/30/35%) against an
    exhausted man, or late when behind on the cards."""
    style = profile_style(me, opp)
    suffix = f" ({STYLE_TEXT[style]})" if style else ""
    return f"3B/9/8{suffix}\nif opp = exhausted then 6H/9/5\n10) if score < 0 then 6H/9/5\n"


def underdog(n: int, seed: int, rounds: int) -> None:
    low, high = RULESET.rating_range
    print(f"underdog (blue) win rate, {n} bouts of {rounds} rounds per gap, seed {seed}:")
    print("  gap   default plan   chosen plan")
    for gap in (0.5, 1.0, 2.0):
        rng = random.Random(seed)
        pairs = []
        for _ in range(n):
            rating = low + gap + (high - low - gap) * rng.random()
            pairs.append(
                (RULESET.generate_card(rng, rating), RULESET.generate_card(rng, rating - gap))
            )
        rates = []
        for choose in (False, True):
            wins = 0
            for i, (favourite, dog) in enumerate(pairs):
                plans = {"blue": chosen_plan(dog, favourite) if choose else None}
                result = simulate("webl", favourite, dog, rounds=rounds, seed=i, plans=plans)
                wins += result.winner == "blue"
            rates.append(100.0 * wins / n)
        print(f"  {gap:3.1f}   {rates[0]:9.1f}%   {rates[1]:10.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=None, help="bouts (5000; --underdog: 2000)")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gap", type=float, default=1.0, help="sd of the rating gap")
    parser.add_argument("--plan", default=None, help="plan text for both corners")
    parser.add_argument("--underdog", action="store_true", help="default vs chosen plan")
    args = parser.parse_args()
    if args.underdog:
        underdog(args.n or 2000, args.seed, args.rounds)
        return
    args.n = args.n or 5000
    low, high = RULESET.rating_range
    rng = random.Random(args.seed)
    methods: Counter = Counter()
    stop_rounds: Counter = Counter()
    upsets: Counter = Counter()
    bins: Counter = Counter()
    plans = {"red": args.plan, "blue": args.plan} if args.plan else None
    scored = unanimous = even = 0  # rounds on the cards; all three alike; 10-10 per judge
    for i in range(args.n):
        r_rating = low + (high - low) * rng.random()
        b_rating = min(high, max(low, r_rating + rng.gauss(0, args.gap)))
        red = RULESET.generate_card(rng, r_rating)
        blue = RULESET.generate_card(rng, b_rating)
        result = simulate("webl", red, blue, rounds=args.rounds, seed=i, plans=plans)
        methods[result.method] += 1
        for r1, r2, r3 in zip(*result.scorecards):
            scored += 1
            unanimous += r1 == r2 == r3
            even += (r1[0] == r1[1]) + (r2[0] == r2[1]) + (r3[0] == r3[1])
        if result.method in ("KO", "TKO", "RTD", "DQ"):
            stop_rounds[result.round] += 1
        gap = RULESET.card_rating(red) - RULESET.card_rating(blue)
        if abs(gap) < 0.2 or result.winner is None:
            continue
        favourite = "red" if gap > 0 else "blue"
        key = min(int(abs(gap)), 3)
        bins[key] += 1
        if result.winner != favourite:
            upsets[key] += 1
    n = args.n
    share = {m: 100.0 * c / n for m, c in methods.items()}
    decisions = sum(share.get(m, 0) for m in ("UD", "SD", "MD"))
    print(f"{n} bouts of {args.rounds} rounds, generated fighters, default plans")
    print(f"  KO        {share.get('KO', 0):5.1f}%   (US 2017: {TARGET['KO']}%)")
    print(f"  TKO       {share.get('TKO', 0):5.1f}%   (US 2017: {TARGET['TKO']}%)")
    print(f"  RTD       {share.get('RTD', 0):5.1f}%")
    print(f"  DQ        {share.get('DQ', 0):5.1f}%   (US 2017: {TARGET['DQ']}%)")
    print(f"  decision  {decisions:5.1f}%   (US 2017: {TARGET['decision']}%)")
    for m in ("UD", "SD", "MD"):
        of_decisions = 100 * share.get(m, 0) / max(decisions, 1e-9)
        print(f"    {m}      {share.get(m, 0):5.1f}%  ({of_decisions:4.1f}% of decisions)")
    print(f"  draw      {share.get('DRAW', 0) + share.get('TDRAW', 0):5.1f}%")
    print(
        f"  rounds on the cards: all three judges alike {100 * unanimous / max(scored, 1):.1f}%, "
        f"10-10 {100 * even / max(3 * scored, 1):.1f}% of judges' rounds"
    )
    stops = sum(stop_rounds.values()) or 1
    early = ", ".join(f"R{r}:{100 * c / stops:.0f}%" for r, c in sorted(stop_rounds.items()))
    print(f"  stoppage rounds: {early}")
    print("  upset rate by rating gap (average-attribute points):")
    for key in sorted(bins):
        label = f"{key}-{key + 1}" if key < 3 else "3+"
        print(f"    gap {label:<4} {100 * upsets[key] / bins[key]:5.1f}%  ({bins[key]} bouts)")


if __name__ == "__main__":
    main()
