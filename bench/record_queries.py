"""Queries and time per recorded bout as the league grows (in-process, PostgreSQL).

    .venv/bin/python bench/record_queries.py [--ruleset titlebout] [--bouts 2000]
        [--divisions 8] [--every 1] [--profile N] [--json]

Builds the same league as bench/season_throughput.py in ``ringside_bench``
(dropped and re-created), snapshots its bouts with ``bouts.services.bout_queue``
(the Celery send is switched off in this process: nothing is queued to Redis),
then fights them one after another in chronological order in this process:
``bouts.inputs.simulate_inputs`` (the engine), then ``bouts.services.bout_record``
inside django's ``CaptureQueriesContext``. For each window of the league's
growth it prints the queries per recorded bout (goal: constant, <= 15), the
recording time, and the SQL time by statement kind; ``--profile N`` runs
cProfile over the recording of N bouts at the end (the biggest league) and
prints the top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

GOAL_QUERIES = 15


def kind_of(sql: str) -> str:
    """A short label for a statement: verb and table."""
    text = sql.strip()
    verb = text.split(None, 1)[0].upper()
    table = re.search(r'(?:FROM|INTO|UPDATE)\s+"([a-z_]+)"', text)
    label = f"{verb} {table.group(1) if table else ''}".strip()
    if verb == "SELECT" and "FOR UPDATE" in text:
        label += " FOR UPDATE"
    return label


def run(args) -> dict:
    h.fresh_services({"db": args.db})
    fighters = args.fighters
    if not fighters:
        from season_throughput import fighters_for

        fighters = fighters_for(args.bouts, args.divisions)
    built = h.build_league(
        ruleset=args.ruleset, divisions=args.divisions, fighters=fighters, seed=args.seed
    )
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from bouts import inputs, services

    services._enqueue = lambda bout_id: None  # snapshot only: this process fights them
    bouts = h.chronological_bouts(built["league"], limit=args.bouts)
    started = time.perf_counter()
    with transaction.atomic():
        for bout in bouts:
            services.bout_queue(bout=bout)
    snapshot_ms = (time.perf_counter() - started) / len(bouts) * 1000

    per_bout = []
    profiled = None
    profile_from = len(bouts) - args.profile if args.profile else len(bouts)
    profiler = cProfile.Profile()
    for index, bout in enumerate(bouts):
        bout.refresh_from_db()
        t0 = time.perf_counter()
        result = inputs.simulate_inputs(bout.inputs)
        t1 = time.perf_counter()
        # The query log is a bounded deque: a full one makes CaptureQueriesContext
        # count nothing, so start every capture from an empty log.
        connection.queries_log.clear()
        if index >= profile_from:
            profiler.enable()
        with CaptureQueriesContext(connection) as ctx:
            services.bout_record(bout=bout, result=result)
        if index >= profile_from:
            profiler.disable()
        t2 = time.perf_counter()
        kinds = Counter()
        sql_time = defaultdict(float)
        for q in ctx.captured_queries:
            kind = kind_of(q["sql"])
            kinds[kind] += 1
            sql_time[kind] += float(q["time"])
        per_bout.append(
            {
                "n": index + 1,
                "queries": len(ctx.captured_queries),
                "simulate_ms": (t1 - t0) * 1000,
                "record_ms": (t2 - t1) * 1000,
                "kinds": kinds,
                "sql_ms": {k: v * 1000 for k, v in sql_time.items()},
            }
        )
        if args.progress and (index + 1) % args.progress == 0:
            recent = per_bout[-args.progress :]
            print(
                f"{index + 1} bouts: queries {min(r['queries'] for r in recent)}.."
                f"{max(r['queries'] for r in recent)}, record "
                f"{sum(r['record_ms'] for r in recent) / len(recent):.0f} ms, "
                f"load {h.loadavg()}",
                file=sys.stderr,
                flush=True,
            )
    if args.profile:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(35)
        profiled = out.getvalue()

    windows = []
    edges = [1, 10, 100, 250, 500, 1000, 1500, 2000, 5000, 10000]
    edges = [e for e in edges if e <= len(per_bout)]
    if edges[-1] != len(per_bout):
        edges.append(len(per_bout))
    lo = 0
    for hi in edges:
        rows = per_bout[lo:hi]
        lo = hi
        if not rows:
            continue
        kinds = Counter()
        sql_ms = defaultdict(float)
        for r in rows:
            kinds.update(r["kinds"])
            for k, v in r["sql_ms"].items():
                sql_ms[k] += v
        n = len(rows)
        windows.append(
            {
                "bouts": f"{rows[0]['n']}-{rows[-1]['n']}",
                "queries_min": min(r["queries"] for r in rows),
                "queries_max": max(r["queries"] for r in rows),
                "queries_mean": round(sum(r["queries"] for r in rows) / n, 2),
                "simulate_ms": round(sum(r["simulate_ms"] for r in rows) / n, 2),
                "record_ms": round(sum(r["record_ms"] for r in rows) / n, 2),
                "sql_ms": round(sum(sql_ms.values()) / n, 2),
                "by_kind": {
                    k: [round(kinds[k] / n, 2), round(sql_ms[k] / n, 2)]
                    for k in sorted(kinds, key=lambda k: -sql_ms[k])
                },
            }
        )
    return {
        "ruleset": args.ruleset,
        "divisions": args.divisions,
        "fighters_per_division": fighters,
        "bouts": len(per_bout),
        "snapshot_ms_per_bout": round(snapshot_ms, 2),
        "windows": windows,
        "queries_all_min": min(r["queries"] for r in per_bout),
        "queries_all_max": max(r["queries"] for r in per_bout),
        "goal_queries": GOAL_QUERIES,
        "load": h.loadavg(),
        "profile": profiled,
    }


def show(report: dict) -> None:
    print(
        f"{report['ruleset']}: {report['bouts']} bouts recorded in-process "
        f"({report['divisions']} divisions x {report['fighters_per_division']} fighters), "
        f"load {report['load']}; snapshot {report['snapshot_ms_per_bout']} ms/bout"
    )
    verdict = "ok" if report["queries_all_max"] <= GOAL_QUERIES else "over"
    print(
        f"  queries per recorded bout: {report['queries_all_min']}..{report['queries_all_max']} "
        f"(goal constant, <= {GOAL_QUERIES}: {verdict})"
    )
    print(f"  {'bouts':>11} {'queries':>13} {'simulate':>9} {'record':>8} {'sql':>8}  ms/bout")
    for w in report["windows"]:
        q = f"{w['queries_min']}..{w['queries_max']} ({w['queries_mean']})"
        print(
            f"  {w['bouts']:>11} {q:>13} {w['simulate_ms']:>9} {w['record_ms']:>8} {w['sql_ms']:>8}"
        )
    last = report["windows"][-1]
    print(f"  SQL by statement in the last window ({last['bouts']}): count, ms per bout")
    for kind, (count, ms) in last["by_kind"].items():
        print(f"    {kind:<44} {count:>5} {ms:>8}")
    if report["profile"]:
        print(report["profile"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="titlebout")
    parser.add_argument("--bouts", type=int, default=2000)
    parser.add_argument("--divisions", type=int, default=8)
    parser.add_argument("--fighters", type=int, help="per division (default: just enough)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="cProfile the last N recordings")
    parser.add_argument("--db", default=h.BENCH_DB, help="dropped and re-created")
    parser.add_argument("--progress", type=int, default=0, help="a stderr line every N bouts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        show(report)


if __name__ == "__main__":
    main()
