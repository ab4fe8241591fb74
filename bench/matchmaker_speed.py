"""How long the career leagues' weekly matchmaker takes for a large division.

    .venv/bin/python bench/matchmaker_speed.py [--fighters 1000] [--weeks 3] [--json]

Builds one WeBL division of ``--fighters`` fighters in ``ringside_bench`` (dropped
and re-created; PostgreSQL, see _harness.py), switches the league to the career
game, spreads the fighters over camps of three, then makes ``--weeks`` fight
nights in a row with ``league.services.weekly.matchmake_week`` (so the rematch
window and the rotating odd one out have history to read). For each week it
prints the whole service (reads, pairing, the event and its bouts written,
scheduled not queued) and the pure pairing alone (``league.scheduling.weekly``),
in seconds. The issue's target: a 1,000-fighter league's week in under a second.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h


def run(args) -> dict:
    h.fresh_services()
    built = h.build_league(
        ruleset="webl", divisions=1, fighters=args.fighters, seed=args.seed, schedule=False
    )
    from fighters.models import Camp, Fighter
    from league.models import League
    from league.scheduling.weekly import weekly_pairs
    from league.services import weekly

    league = built["league"]
    League.objects.filter(pk=league.pk).update(career_mode=True, rematch_weeks=4)
    league.refresh_from_db()
    division = league.divisions.get()
    ids = list(division.fighters.order_by("id").values_list("id", flat=True))
    camps = Camp.objects.bulk_create(
        [Camp(name=f"Bench camp {n}") for n in range((len(ids) + 2) // 3)]
    )
    for n, camp in enumerate(camps):
        Fighter.objects.filter(pk__in=ids[3 * n : 3 * n + 3]).update(camp=camp)
    night = dt.date(2026, 3, 7)
    weeks = []
    for week in range(args.weeks):
        date = night + dt.timedelta(weeks=week)
        entrants = weekly.week_entrants(division, league, date, weekly.ranked_fighters(division))
        started = time.perf_counter()
        weekly_pairs(entrants, week=date.toordinal(), seed=args.seed)
        pure = time.perf_counter() - started
        started = time.perf_counter()
        report = weekly.matchmake_week(league, date)[0]
        whole = time.perf_counter() - started
        weeks.append(
            {
                "week": week + 1,
                "fighters": len(entrants),
                "bouts": report.bouts,
                "unmatched": len(report.unmatched),
                "service_s": round(whole, 4),
                "pairing_s": round(pure, 4),
            }
        )
    return {"fighters": args.fighters, "load": h.loadavg(), "weeks": weeks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fighters", type=int, default=1000)
    parser.add_argument("--weeks", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = run(args)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{out['fighters']} fighters (load {out['load']})")
    for row in out["weeks"]:
        print(
            f"week {row['week']}: {row['bouts']} bouts of {row['fighters']} fighters "
            f"({row['unmatched']} unmatched): service {row['service_s']:.3f} s, "
            f"pairing {row['pairing_s']:.4f} s"
        )


if __name__ == "__main__":
    main()
