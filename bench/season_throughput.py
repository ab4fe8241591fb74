"""A commissioner's season end to end: ``simulate_season SLUG --wait`` on
PostgreSQL + Redis with real Celery workers, and worker memory.

    .venv/bin/python bench/season_throughput.py [--ruleset titlebout] [--divisions 1]
        [--fighters 64] [--concurrency 2] [--batch 50] [--rss] [--json]
        [--plans corner|normal|largest]   (webl: every fighter's standing plan)

1. Drops and re-creates the database ``ringside_bench`` (``--db``: another
   ``ringside_<name>`` of your own), flushes Redis DB 9 (``--redis-db``), migrates.
2. Builds a league with the project's own code: officials, ``generate_roster
   --league`` (``--fighters`` per division, ``--divisions`` divisions).
3. Starts one Celery worker with ``--concurrency`` pool processes
   (``celery -A bench.timed_worker worker``: the project's app with stopwatches
   around claim, engine, record and derive in each pool process) and waits
   until it answers a ping. With ``--plans`` (webl) every fighter first gets a
   standing plan of its own text: ``normal`` the reference's example (4
   statements, 2 conditions), ``largest`` a plan at the limits written to cost
   the most (50 statements, every condition false and read every round: RULES.md,
   "Plan limits"); ``corner`` (the default) leaves the corners to write theirs.
4. The clock starts; this process runs the command a commissioner runs,
   ``simulate_season SLUG --wait`` (in-process, ``call_command``), which
   makes every division's fixtures and starts a "play until" job to the end of
   the seasons: one run per division on the workers, each fighting its nights
   back to back (docs/calendar.md), then follows the job and the league
   projector's derivation; the clock stops when the command returns —
   standings, rankings and titles derived.
5. Reports bouts per second over the whole command (goal >= 200 for one
   64-fighter division, >= 300 for 8 divisions of 16), the number of nights,
   the split per bout and per night (schedule and queue in this process; book,
   claim, engine, record, settle and derive summed over the pool processes),
   tasks, ``check_league``, and with ``--rss`` the pool processes' memory.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

GOAL_BOUTS_PER_S = 200
# The reference's example plan (bouts/engine/webl/RULES.md, "Plan limits": "normal").
NORMAL_PLAN = "1) 2B/2/16; if score < -50 then 8/4/8\n4) 2/2/16\n6) if score < -40 then 10/4/6"


def standing_plan(kind: str, k: int) -> str:
    """Fighter ``k``'s plan text: unique per fighter (parsed plans are cached by text)."""
    if kind == "normal":
        return f"{NORMAL_PLAN} # fighter {k}"
    # 50 statements whose conditions are all false: each is read every round
    return "2/2/16\n" + "\n".join(f"if round > {99 + j + k} then 5/5/5" for j in range(49))


def give_standing_plans(league, kind: str) -> int:
    """Every fighter of ``league`` gets a standing plan of ``kind``, each checked by
    the ruleset as the plan service checks it. Returns how many."""
    from bouts.models import DefaultPlan
    from bouts.plans import plan_problems
    from fighters.models import Fighter

    rows = []
    fighters = Fighter.objects.filter(divisions__league=league).distinct()
    for k, fighter in enumerate(fighters.order_by("pk")):
        text = standing_plan(kind, k)
        problems = plan_problems(league.ruleset, "red", text)
        if problems:
            raise SystemExit(f"the {kind} plan is refused: {problems}")
        rows.append(DefaultPlan(ruleset=league.ruleset, fighter=fighter, data=text))
    DefaultPlan.objects.bulk_create(rows)
    return len(rows)


def start_worker(env: dict, *, concurrency: int, logdir: Path):
    name = f"bench-{os.getpid()}@{socket.gethostname()}"
    log = open(logdir / "worker.log", "w")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [
            h.CELERY,
            "-A",
            "bench.timed_worker",
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
    from league.celery import app

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit((logdir / "worker.log").read_text()[-3000:])
        replies = app.control.ping(destination=[name], timeout=1.0) or []
        if replies:
            return proc
    raise SystemExit("the worker did not answer")


def read_timings(directory: Path) -> list[dict]:
    rows = []
    for path in directory.glob("*.jsonl"):
        rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows


def run(args) -> dict:
    env = h.fresh_services(
        {
            "BOUTS_BATCH_SIZE": args.batch,
            "CONN_MAX_AGE": 600,
            "BOUTS_QUEUE": "",
            # Production settings: DEBUG keeps a log of every query (up to 9,000).
            "DJANGO_DEBUG": 0,
            "DJANGO_SECRET_KEY": "bench-only-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": 0,
        },
        db=args.db,
        redis_db=args.redis_db,
    )
    from django.core.management import call_command

    from bench.timed_worker import timed
    from bouts.models import Bout, BoutStatus
    from league import services
    from league.management.commands import _league
    from league.models import Event
    from league.selectors import league_check

    built = h.build_league(
        ruleset=args.ruleset,
        divisions=args.divisions,
        fighters=args.fighters,
        seed=args.seed,
        schedule=False,
    )
    league = built["league"]
    if args.seasons > 1:
        # Ten seasons of a living league: cards develop, the worn retire,
        # prospects keep the divisions full, and play until goes on through
        # each season break (docs/calendar.md, "The season break").
        league.auto_advance_seasons = True
        league.development = True
        league.roster_size = args.fighters
        league.save(update_fields=["auto_advance_seasons", "development", "roster_size"])
    plans = give_standing_plans(league, args.plans) if args.plans != "corner" else 0
    workdir = Path(tempfile.mkdtemp(prefix="ringside-bench-"))
    timings = workdir / "timings"
    timings.mkdir()
    worker = start_worker(
        {**env, "BENCH_TIMINGS_DIR": str(timings)}, concurrency=args.concurrency, logdir=workdir
    )
    pool = h.children(worker.pid)
    rss: list[tuple[float, int]] = []
    stop_sampling = threading.Event()

    def sample():
        while not stop_sampling.wait(1.0):
            total = sum(h.rss_kb(pid) or 0 for pid in pool)
            done = Bout.objects.filter(status=BoutStatus.COMPLETED).count()
            rss.append((done, total))

    here: dict = {}
    services.season_schedule = timed(here, "schedule", services.season_schedule)
    _league.job_start = timed(here, "queue", _league.job_start)
    load_before = h.loadavg()
    sampler = threading.Thread(target=sample, daemon=True)
    if args.rss:
        sampler.start()
    started = time.perf_counter()
    try:
        call_command(
            "simulate_season",
            league.slug,
            "--wait",
            "--seasons",
            str(args.seasons),
            stdout=open(os.devnull, "w"),  # noqa: SIM115
        )
        elapsed = time.perf_counter() - started
    finally:
        stop_sampling.set()
        h.stop(worker)
    load_after = h.loadavg()
    bouts = Bout.objects.filter(division__league=league)
    total = bouts.count()
    tasks = read_timings(timings)
    runs = [t for t in tasks if t["task"] == "league.tasks.advance_division"]
    fights = [t for t in tasks if t["task"] == "bouts.tasks.simulate_bouts"] + runs
    derives = [t for t in tasks if t["task"] == "league.tasks.derive_division"] + runs
    nights = Event.objects.filter(league=league).count()

    def per_bout(rows, key):
        return round(1000 * sum(r.get(key, 0.0) for r in rows) / max(1, total), 3)

    report = {
        "ruleset": args.ruleset,
        "divisions": args.divisions,
        "fighters_per_division": args.fighters,
        "concurrency": args.concurrency,
        "batch": args.batch,
        "standing_plans": f"{plans} ({args.plans})",
        "bouts": total,
        "completed": bouts.filter(status=BoutStatus.COMPLETED).count(),
        "failed": bouts.filter(status=BoutStatus.FAILED).count(),
        "postponed": bouts.filter(status=BoutStatus.POSTPONED).count(),
        "nights": nights,
        "bouts_per_night": round(total / max(1, nights), 1),
        "completed_per_s": round(bouts.filter(status=BoutStatus.COMPLETED).count() / elapsed, 1),
        "seasons": args.seasons,
        "seconds": round(elapsed, 2),
        "seconds_per_season": round(elapsed / args.seasons, 2),
        "bouts_per_s": round(total / elapsed, 1),
        "goal_bouts_per_s": GOAL_BOUTS_PER_S,
        "load_before": load_before,
        "load_after": load_after,
        "ms_per_bout": {
            "schedule": round(1000 * here.get("schedule", 0) / total, 3),
            "queue": round(1000 * here.get("queue", 0) / total, 3),
            "claim": per_bout(fights, "claim"),
            "engine": per_bout(fights, "engine"),
            "record": per_bout(fights, "record"),
            "derive": per_bout(derives, "derive"),
            "book": per_bout(runs, "book"),
            "settle": per_bout(runs, "settle"),
            "tasks_total": per_bout(fights + derives[: len(derives) - len(runs)], "seconds"),
        },
        "ms_per_night": {
            key: round(1000 * sum(r.get(key, 0.0) for r in runs) / max(1, nights), 2)
            for key in ("book", "claim", "engine", "record", "settle", "derive", "seconds")
        },
        "tasks": {
            "advance_division": len(runs),
            "simulate_bouts": len(fights) - len(runs),
            "derive_division": len(derives) - len(runs),
        },
        "check_league": league_check(league=league),
    }
    if args.rss:
        report["rss_mib"] = [
            (done, round(kb / 1024, 1)) for done, kb in rss[:: max(1, len(rss) // 12)]
        ]
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="titlebout")
    parser.add_argument("--divisions", type=int, default=1)
    parser.add_argument("--fighters", type=int, default=64, help="per division")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--batch", type=int, default=50, help="BOUTS_BATCH_SIZE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seasons", type=int, default=1, help="through this many seasons (auto-advance)"
    )
    parser.add_argument(
        "--db", default=h.BENCH_DB, help="dropped and re-created: ringside_bench or your own"
    )
    parser.add_argument("--redis-db", type=int, default=h.REDIS_DB, help="flushed")
    parser.add_argument("--rss", action="store_true", help="sample the pool processes' RSS")
    parser.add_argument(
        "--plans",
        choices=("corner", "normal", "largest"),
        default="corner",
        help="webl: every fighter's standing plan (corner: none, the corners write theirs)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, default=str))
        return
    for key, value in report.items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
