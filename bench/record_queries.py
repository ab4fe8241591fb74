"""Statements per bout for recording and for derivation as a division grows
(in-process, PostgreSQL).

    .venv/bin/python bench/record_queries.py [--ruleset titlebout] [--fighters 100]
        [--batch 50] [--json]

Builds one division of ``--fighters`` fighters in ``ringside_bench`` (dropped and
re-created) and schedules its round robin (100 fighters: 4,950 bouts), queued
with the Celery send switched off (nothing goes to Redis). Then, batch by batch
in league order, this process does what a worker and the projector do:
``bouts_claim``, the engine, ``bouts_record`` (one transaction for the batch),
the league's projection request, and ``division_project`` — each inside
Django's ``CaptureQueriesContext`` (``COPY`` statements are counted too). It
prints statements per bout (amortized over the batch) and milliseconds per bout
for recording and for derivation at each size of the division: both should stay
flat from 100 to 5,000 completed bouts (nothing reads the whole division).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

MARKS = (100, 500, 1000, 2000, 3000, 4000, 4900)


def run(args) -> dict:
    h.fresh_services({"BOUTS_BATCH_SIZE": args.batch})
    built = h.build_league(
        ruleset=args.ruleset, divisions=1, fighters=args.fighters, seed=args.seed, schedule=False
    )
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bouts import inputs, signals
    from bouts.models import Bout, BoutStatus
    from bouts.services import bouts_queue, bouts_record, recording, scheduling
    from league import services
    from league.models import ProjectionRequest
    from league.selectors import league_check

    league = built["league"]
    division = league.divisions.get()
    scheduling.enqueue_on_commit = lambda ids: None  # this process fights them
    # The league's receivers would derive as each batch commits: done by hand
    # below, so that recording and derivation are measured apart.
    signals.recorded.disconnect(dispatch_uid="league.recorded")
    season = services.season_schedule(division=division, seed=args.seed, queue=False)
    ids = list(
        Bout.objects.filter(event__season=season)
        .order_by("date", "event_id", "order", "id")
        .values_list("pk", flat=True)
    )
    for start in range(0, len(ids), 500):
        bouts_queue(bouts=ids[start : start + 500])
    rows = []
    done = 0
    marks = list(MARKS)
    for start in range(0, len(ids), args.batch):
        chunk = ids[start : start + args.batch]
        claimed = recording.bouts_claim(bout_ids=chunk)
        fought = [(b, inputs.simulate_inputs(b.inputs).to_dict()) for b in claimed]
        with CaptureQueriesContext(connection) as rec:
            began = time.perf_counter()
            bouts_record(fought=fought)
            record_s = time.perf_counter() - began
        ProjectionRequest.objects.bulk_create(
            [
                ProjectionRequest(division=division, bout_id=pk, kind=ProjectionRequest.RECORDED)
                for pk in chunk
            ]
        )
        with CaptureQueriesContext(connection) as der:
            began = time.perf_counter()
            services.division_project(division_id=division.pk)
            derive_s = time.perf_counter() - began
        before = done
        done += len(fought)
        if marks and done >= marks[0]:
            while marks and done >= marks[0]:
                marks.pop(0)
            n = len(fought)
            rows.append(
                {
                    "completed_before": before,
                    "batch": n,
                    "record_statements_per_bout": round(len(rec) / n, 2),
                    "derive_statements_per_bout": round(len(der) / n, 2),
                    "record_ms_per_bout": round(1000 * record_s / n, 2),
                    "derive_ms_per_bout": round(1000 * derive_s / n, 2),
                }
            )
    return {
        "ruleset": args.ruleset,
        "fighters": args.fighters,
        "bouts": len(ids),
        "completed": Bout.objects.filter(status=BoutStatus.COMPLETED).count(),
        "load": h.loadavg(),
        "by_size": rows,
        "check_league": league_check(league=league),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="titlebout")
    parser.add_argument("--fighters", type=int, default=100)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, default=str))
        return
    for key, value in report.items():
        if key != "by_size":
            print(f"{key:>14}: {value}")
    print(
        f"{'completed':>10} {'rec stmts/bout':>15} {'der stmts/bout':>15} "
        f"{'rec ms/bout':>12} {'der ms/bout':>12}"
    )
    for row in report["by_size"]:
        print(
            f"{row['completed_before']:>10} {row['record_statements_per_bout']:>15} "
            f"{row['derive_statements_per_bout']:>15} {row['record_ms_per_bout']:>12} "
            f"{row['derive_ms_per_bout']:>12}"
        )


if __name__ == "__main__":
    main()
