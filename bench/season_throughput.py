"""Season throughput through Celery on PostgreSQL + Redis, and worker memory.

    .venv/bin/python bench/season_throughput.py [--ruleset titlebout] [--bouts 2000]
        [--divisions 8] [--concurrency 2] [--plain] [--rss-every 200] [--json]

1. Drops and re-creates the database ``ringside_bench``, flushes Redis DB 9,
   migrates.
2. Builds a league with the project's own code: officials, ``generate_roster
   --league`` (fighters spread over the divisions), one round-robin season per
   division with ``league.services.season_schedule(queue=False)``.
3. Starts two Celery worker processes as a subprocess
   (``celery -A bench.timed_worker worker --concurrency 2 -P prefork
   --without-gossip --without-mingle``; ``--plain`` uses ``-A league`` itself —
   bench.timed_worker is the same app with stopwatches around the pipeline's
   steps) and waits until they answer a ping.
4. Snapshots the first ``--bouts`` bouts in chronological order with
   ``bouts.services.bout_queue`` inside one transaction, so all the
   ``simulate_bout`` messages are sent by ``transaction.on_commit`` at once when
   it commits: the clock starts at that commit.
5. Polls the database until every bout is completed or failed, sampling the RSS
   of the worker's pool processes from /proc every ``--rss-every`` bouts.

Reports bouts per second from the commit to the last completion (goal >= 200
with two workers), the time per bout split between claiming, simulating
(engine), recording (bouts' rows) and the league hook (standings, ratings,
titles in the same transaction) and celery overhead, how that split moves as the
league grows, and the RSS curve (goal: flat).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

GOAL_BOUTS_PER_S = 200


def fighters_for(bouts: int, divisions: int) -> int:
    """Fewest fighters per division whose round robins give ``bouts`` bouts."""
    n = 2
    while divisions * n * (n - 1) // 2 < bouts:
        n += 1
    return n


def start_workers(env: dict, *, plain: bool, concurrency: int, logdir: Path):
    name = f"bench-{os.getpid()}@{socket.gethostname()}"
    app = "league" if plain else "bench.timed_worker"
    log = open(logdir / "worker.log", "w")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [
            h.CELERY,
            "-A",
            app,
            "worker",
            "--concurrency",
            str(concurrency),
            "-P",
            "prefork",
            "--without-gossip",
            "--without-mingle",
            "-n",
            name,
            "-l",
            "warning",
        ],
        cwd=h.ROOT,
        env={**os.environ, **env},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    from league.celery import app as celery_app

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"worker exited: {(logdir / 'worker.log').read_text()[-3000:]}")
        if celery_app.control.ping(destination=[name], timeout=1.0):
            break
    else:
        h.stop(proc)
        raise SystemExit("the worker did not answer a ping within 90 s")
    deadline = time.monotonic() + 30
    while len(h.children(proc.pid)) < concurrency and time.monotonic() < deadline:
        time.sleep(0.1)
    return proc


def read_timings(directory: Path) -> list[dict]:
    rows = []
    for path in directory.glob("*.jsonl"):
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                row["pid"] = int(path.stem)
                rows.append(row)
    rows.sort(key=lambda r: r["end"])
    return rows


def split(rows: list[dict]) -> dict:
    """Mean milliseconds per bout of each step."""
    if not rows:
        return {}
    n = len(rows)

    def mean(key):
        return sum(r.get(key, 0.0) for r in rows) / n * 1000

    claim, simulate, record, league, task = (
        mean(k) for k in ("claim", "simulate", "record", "league", "task")
    )
    return {
        "bouts": n,
        "claim_ms": round(claim, 2),
        "simulate_ms": round(simulate, 2),
        "record_ms": round(record - league, 2),
        "league_hook_ms": round(league, 2),
        "other_ms": round(task - claim - simulate - record, 2),
        "task_ms": round(task, 2),
    }


def schedule_and_queue(league, *, seed: int, limit: int, progress: dict) -> None:
    """Pipeline mode (a background thread): schedule one division's season at a
    time and queue its bouts one by one as simulate_season does, so the workers
    fight while the rest is still being scheduled."""
    from django.db import connection

    from bouts.models import Bout
    from bouts.services import bout_queue
    from league import services

    try:
        for division in league.divisions.order_by("id"):
            season = services.season_schedule(division=division, seed=seed, queue=False)
            bouts = Bout.objects.filter(event__season=season).order_by("date", "order", "id")
            for bout in bouts:
                if progress["queued"] >= limit:
                    return
                bout_queue(bout=bout)
                progress["queued"] += 1
    except BaseException as exc:  # reported by the main thread
        progress["error"] = repr(exc)
        raise
    finally:
        progress["finished"] = True
        connection.close()


def run_pipeline(args) -> dict:
    """Memory mode: workers start first; bouts are scheduled and queued while
    they fight (see schedule_and_queue). Bouts/s here is bounded by scheduling."""
    import threading

    report: dict = {"load_before": h.loadavg(), "ruleset": args.ruleset, "mode": "pipeline"}
    env = h.fresh_services({"db": args.db, "redis_db": args.redis_db})
    from bouts.models import Bout, BoutStatus

    fighters = args.fighters or fighters_for(args.bouts, args.divisions)
    built = h.build_league(
        ruleset=args.ruleset,
        divisions=args.divisions,
        fighters=fighters,
        seed=args.seed,
        schedule=False,
    )
    league = built["league"]
    report.update(
        divisions=args.divisions, fighters_per_division=fighters, roster_s=round(built["roster_s"])
    )
    workdir = Path(tempfile.mkdtemp(prefix="ringside-bench-"))
    timings = workdir / "timings"
    timings.mkdir()
    worker_env = {**env, "BENCH_TIMINGS_DIR": str(timings), "CONN_MAX_AGE": "600"}
    if args.division_lock_of_self:
        # Without it the scheduler's season_schedule (which holds the League row for
        # a whole season) blocks every recording: see bench/README.md, finding 1.
        worker_env["BENCH_DIVISION_LOCK_OF_SELF"] = "1"
        report["experiment"] = "division lock of=('self',)"
    proc = start_workers(worker_env, plain=args.plain, concurrency=args.concurrency, logdir=workdir)
    pool = h.children(proc.pid)
    progress = {"queued": 0, "finished": False}
    t0 = time.time()
    thread = threading.Thread(
        target=schedule_and_queue,
        args=(league,),
        kwargs={"seed": args.seed, "limit": args.bouts, "progress": progress},
        daemon=True,
    )
    thread.start()
    curve = [{"done": 0, "s": 0.0, "rss_kb": [h.rss_kb(p) for p in pool], "load": h.loadavg()}]
    bouts = Bout.objects.filter(division__league=league)
    next_sample = args.rss_every
    done = 0
    deadline = time.monotonic() + args.timeout
    try:
        while not (progress["finished"] and done >= progress["queued"]):
            if proc.poll() is not None:
                raise SystemExit(f"worker died: {(workdir / 'worker.log').read_text()[-3000:]}")
            if time.monotonic() > deadline:
                report["timed_out"] = True
                break
            time.sleep(max(args.poll, 1.0))
            done = bouts.filter(status__in=[BoutStatus.COMPLETED, BoutStatus.FAILED]).count()
            if done >= next_sample:
                curve.append(
                    {
                        "done": done,
                        "queued": progress["queued"],
                        "s": round(time.time() - t0, 1),
                        "rss_kb": [h.rss_kb(p) for p in pool],
                        "load": h.loadavg(),
                    }
                )
                # Written as it goes: a run stopped early still leaves its curve.
                (workdir / "curve.json").write_text(json.dumps(curve))
                print(json.dumps(curve[-1]), file=sys.stderr, flush=True)
                while next_sample <= done:
                    next_sample += args.rss_every
    finally:
        h.stop(proc)
    completed = bouts.filter(status=BoutStatus.COMPLETED).count()
    report.update(
        queued=progress["queued"],
        completed=completed,
        failed=bouts.filter(status=BoutStatus.FAILED).count(),
        error=progress.get("error"),
        elapsed_s=round(time.time() - t0, 1),
        rss_curve=curve,
        workdir=str(workdir),
        load_end=h.loadavg(),
    )
    rows = read_timings(timings)
    if rows:
        fifths = max(1, math.ceil(len(rows) / 5))
        report["split"] = split(rows)
        report["split_by_fifth"] = [
            split(rows[i : i + fifths]) for i in range(0, len(rows), fifths)
        ]
    h.flush_redis(args.redis_db)
    return report


def run(args) -> dict:
    if args.pipeline:
        return run_pipeline(args)
    report: dict = {"load_before": h.loadavg(), "ruleset": args.ruleset}
    env = h.fresh_services({"db": args.db, "redis_db": args.redis_db})
    fighters = args.fighters or fighters_for(args.bouts, args.divisions)
    built = h.build_league(
        ruleset=args.ruleset, divisions=args.divisions, fighters=fighters, seed=args.seed
    )
    league = built["league"]
    report.update(
        divisions=args.divisions,
        fighters_per_division=fighters,
        bouts_in_league=built["bouts"],
        roster_s=round(built["roster_s"], 1),
        schedule_s=round(built["schedule_s"], 1),
    )
    bouts = h.chronological_bouts(league, limit=args.bouts)
    ids = [b.pk for b in bouts]
    report["bouts"] = len(ids)

    from django.db import transaction
    from django.db.models import Max

    from bouts.models import Bout, BoutStatus
    from bouts.services import bout_queue

    workdir = Path(tempfile.mkdtemp(prefix="ringside-bench-"))
    timings = workdir / "timings"
    timings.mkdir()
    worker_env = {**env, "BENCH_TIMINGS_DIR": str(timings), "CONN_MAX_AGE": "600"}
    if args.division_lock_of_self:
        worker_env["BENCH_DIVISION_LOCK_OF_SELF"] = "1"
        report["experiment"] = "division lock of=('self',)"
    proc = start_workers(worker_env, plain=args.plain, concurrency=args.concurrency, logdir=workdir)
    pool = h.children(proc.pid)
    curve = []
    try:
        curve.append({"done": 0, "s": 0.0, "rss_kb": [h.rss_kb(p) for p in pool]})
        snap_started = time.perf_counter()
        with transaction.atomic():
            for bout in bouts:
                bout_queue(bout=bout)
            snapshot_s = time.perf_counter() - snap_started
            t0 = time.time()  # the commit: on_commit sends every message from here
        enqueued_s = time.time() - t0
        report.update(snapshot_s=round(snapshot_s, 2), enqueue_s=round(enqueued_s, 2), commit_at=t0)
        report["load_start"] = h.loadavg()
        pending = Bout.objects.filter(pk__in=ids)
        next_sample = args.rss_every
        done = 0
        deadline = time.monotonic() + args.timeout
        while done < len(ids):
            if proc.poll() is not None:
                raise SystemExit(f"worker died: {(workdir / 'worker.log').read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out with {done}/{len(ids)} bouts done")
            time.sleep(args.poll)
            done = pending.filter(status__in=[BoutStatus.COMPLETED, BoutStatus.FAILED]).count()
            if done >= next_sample or done >= len(ids):
                curve.append(
                    {
                        "done": done,
                        "s": round(time.time() - t0, 1),
                        "rss_kb": [h.rss_kb(p) for p in pool],
                        "load": h.loadavg(),
                    }
                )
                (workdir / "curve.json").write_text(json.dumps(curve))
                while next_sample <= done:
                    next_sample += args.rss_every
        polled_end = time.time()
        report["load_end"] = h.loadavg()
    finally:
        h.stop(proc)
    rows = read_timings(timings)
    last = max((r["end"] for r in rows), default=polled_end)
    db_last = pending.aggregate(m=Max("completed_at"))["m"]
    elapsed = (last if rows else polled_end) - t0
    completed = pending.filter(status=BoutStatus.COMPLETED).count()
    failed = list(pending.filter(status=BoutStatus.FAILED).values_list("pk", "failure_reason")[:5])
    report.update(
        completed=completed,
        failed=len(ids) - completed,
        failed_sample=failed,
        elapsed_s=round(elapsed, 2),
        bouts_per_s=round(len(ids) / elapsed, 1),
        goal_bouts_per_s=GOAL_BOUTS_PER_S,
        db_last_completed_after_s=round(db_last.timestamp() - t0, 2) if db_last else None,
        rss_curve=curve,
        workdir=str(workdir),
    )
    if rows:
        report["split"] = split(rows)
        busy = sum(r["task"] for r in rows)
        report["worker_busy_fraction"] = round(busy / (args.concurrency * elapsed), 3)
        fifths = max(1, math.ceil(len(rows) / 5))
        report["split_by_fifth"] = [
            split(rows[i : i + fifths]) for i in range(0, len(rows), fifths)
        ]
        report["record_ms_p50_p99"] = [
            round(1000 * q, 1)
            for q in (
                statistics.median(r.get("record", 0.0) for r in rows),
                sorted(r.get("record", 0.0) for r in rows)[int(0.99 * (len(rows) - 1))],
            )
        ]
    if not args.keep:
        h.flush_redis(args.redis_db)
    return report


def show(report: dict) -> None:
    print(
        f"{report['ruleset']}: {report['bouts']} bouts of {report['bouts_in_league']} scheduled "
        f"({report['divisions']} divisions x {report['fighters_per_division']} fighters; roster "
        f"{report['roster_s']} s, schedule {report['schedule_s']} s, snapshot "
        f"{report['snapshot_s']} s, enqueue {report['enqueue_s']} s)"
    )
    verdict = "ok" if report["bouts_per_s"] >= GOAL_BOUTS_PER_S else "below goal"
    print(
        f"  {report['completed']} completed, {report['failed']} failed in {report['elapsed_s']} s: "
        f"{report['bouts_per_s']} bouts/s (goal >= {GOAL_BOUTS_PER_S}: {verdict})"
    )
    print(
        f"  load before {report['load_before']}, at start {report['load_start']}, "
        f"at end {report['load_end']}"
    )
    for reason in report["failed_sample"]:
        print(f"  failed: {reason}")
    if "split" in report:
        print(
            f"  worker busy {report['worker_busy_fraction']:.0%}; "
            f"record p50/p99 {report['record_ms_p50_p99']} ms"
        )
        print(
            f"  {'bouts':>12} {'claim':>7} {'simulate':>9} {'record':>8} {'league':>8} "
            f"{'other':>7} {'task':>8}  (ms per bout, per worker)"
        )
        for label, s in [("all", report["split"])] + [
            (f"fifth {i + 1}", s) for i, s in enumerate(report["split_by_fifth"])
        ]:
            print(
                f"  {label:>12} {s['claim_ms']:>7} {s['simulate_ms']:>9} {s['record_ms']:>8} "
                f"{s['league_hook_ms']:>8} {s['other_ms']:>7} {s['task_ms']:>8}"
            )
    print("  RSS of the pool processes (MiB) by bouts done:")
    for point in report["rss_curve"]:
        rss = ", ".join(f"{(k or 0) / 1024:.1f}" for k in point["rss_kb"])
        print(f"  {point['done']:>7} {point['s']:>8} s  [{rss}]  load {point.get('load', '')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="titlebout")
    parser.add_argument("--bouts", type=int, default=2000)
    parser.add_argument("--divisions", type=int, default=8)
    parser.add_argument("--fighters", type=int, help="per division (default: just enough)")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plain", action="store_true", help="celery -A league (no stopwatches)")
    parser.add_argument("--rss-every", type=int, default=200)
    parser.add_argument("--poll", type=float, default=0.25)
    parser.add_argument("--timeout", type=float, default=3600)
    parser.add_argument(
        "--division-lock-of-self",
        action="store_true",
        help="experiment: lock only the division row (see bench/timed_worker.py)",
    )
    parser.add_argument(
        "--pipeline", action="store_true", help="memory mode: schedule/queue while fighting"
    )
    parser.add_argument("--keep", action="store_true", help="keep Redis DB 9 (the database stays)")
    parser.add_argument("--db", default=h.BENCH_DB, help="dropped and re-created")
    parser.add_argument("--redis-db", type=int, default=h.REDIS_DB, help="flushed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json or args.pipeline:
        print(json.dumps(report, indent=2, default=str))
    else:
        show(report)


if __name__ == "__main__":
    main()
