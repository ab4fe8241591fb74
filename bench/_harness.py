"""Shared plumbing for the system benchmarks (not a benchmark itself).

The system benchmarks run against the real services: PostgreSQL on
127.0.0.1:5432 (user postgres, trust) in a database of their own that is dropped
and re-created on every run (``ringside_bench``), and Redis on 127.0.0.1:6379 in
one database number (``/9``) that is flushed, and nothing else. Leagues are
built with the project's own services and commands (``generate_roster``,
``league.services.season_schedule``), never with hand-made rows.

Django is configured from the environment, so ``bench_env()`` must be applied
(``setup_django``) before anything imports a model.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
CELERY = str(ROOT / ".venv" / "bin" / "celery")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
BENCH_DB = "ringside_bench"
REDIS_DB = 9

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def loadavg() -> str:
    """The 1/5/15-minute load averages: the machine is shared, figures are noisy."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def bench_env(*, db: str = BENCH_DB, redis_db: int = REDIS_DB, **extra) -> dict:
    """The environment every bench process (and worker, and gunicorn) runs with."""
    env = {
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{db}",
        "REDIS_URL": f"redis://127.0.0.1:6379/{redis_db}",
        "CELERY_BROKER_URL": f"redis://127.0.0.1:6379/{redis_db}",
        "DJANGO_SETTINGS_MODULE": "league.settings",
        "PYTHONPATH": str(ROOT),
        "LOG_LEVEL": "WARNING",
    }
    env.update({k: str(v) for k, v in extra.items()})
    return env


def reset_database(db: str = BENCH_DB) -> None:
    """Drop and re-create the bench database (never any other)."""
    import psycopg

    # ringside_bench* is the lead's; an engineer passes his own ringside_<name> (--db).
    if not db.startswith("ringside_") or db in {"ringside_", "ringside_test", "ringside_ci"}:
        raise SystemExit(f"refusing to drop {db!r}: bench databases are named ringside_<name>")
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db}"')


def flush_redis(redis_db: int = REDIS_DB) -> None:
    """Flush only the bench's Redis database number."""
    import redis

    if redis_db == 0:
        raise SystemExit("refusing to flush Redis database 0")
    redis.Redis(host="127.0.0.1", port=6379, db=redis_db).flushdb()


def migrate(env: dict) -> None:
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
    )


def setup_django(env: dict) -> None:
    os.environ.update(env)
    import django

    django.setup()


def fresh_services(
    env_kwargs: dict | None = None, *, db: str = BENCH_DB, redis_db: int = REDIS_DB
) -> dict:
    """Drop/re-create the database, flush the Redis DB, migrate, set Django up."""
    env = bench_env(db=db, redis_db=redis_db, **(env_kwargs or {}))
    db = env["DATABASE_URL"].rsplit("/", 1)[1]
    redis_db = int(env["REDIS_URL"].rsplit("/", 1)[1])
    reset_database(db)
    flush_redis(redis_db)
    migrate(env)
    setup_django(env)
    return env


# --- building a league with the project's own services --------------------------------

WEIGHT_CLASSES = (
    "heavyweight",
    "cruiserweight",
    "light_heavyweight",
    "super_middleweight",
    "middleweight",
    "super_welterweight",
    "welterweight",
    "super_lightweight",
    "lightweight",
    "super_featherweight",
    "featherweight",
    "super_bantamweight",
    "bantamweight",
    "super_flyweight",
    "flyweight",
    "light_flyweight",
    "minimumweight",
)


def _officials(count: int = 6) -> None:
    """A pool of rated officials (the league's Officials rotation uses them)."""
    from bouts.engine.base import (
        DOCTOR_CAUTION,
        JUDGE_BIAS,
        JUDGE_CLOSE_ROUND,
        REFEREE_FOULS,
        REFEREE_OVERALL,
        REFEREE_STOPPAGE,
    )
    from referees.services import doctor_create, judge_create, referee_create

    for n in range(count):
        referee_create(
            name=f"Bench Referee {n + 1}",
            fouls=REFEREE_FOULS[n % len(REFEREE_FOULS)],
            stoppage=REFEREE_STOPPAGE[n % len(REFEREE_STOPPAGE)],
            overall=REFEREE_OVERALL[n % len(REFEREE_OVERALL)],
        )
        doctor_create(name=f"Bench Doctor {n + 1}", caution=DOCTOR_CAUTION[n % 3])
    for n in range(count * 2):
        judge_create(
            name=f"Bench Judge {n + 1}",
            bias=JUDGE_BIAS[n % len(JUDGE_BIAS)],
            close_round=JUDGE_CLOSE_ROUND[n % len(JUDGE_CLOSE_ROUND)],
        )


def build_league(
    *,
    ruleset: str,
    divisions: int,
    fighters: int,
    seed: int = 1,
    slug: str = "bench",
    schedule: bool = True,
    name: str | None = None,
    officials: bool = True,
) -> dict:
    """A league of ``divisions`` divisions with ``fighters`` fighters each
    (``generate_roster --league``), officials, and (``schedule``) one round-robin
    season per division scheduled but not queued (``season_schedule(queue=False)``).
    Returns timings and the bout count."""
    from django.core.management import call_command

    from bouts.engine import get_ruleset
    from bouts.models import Bout
    from league import services
    from league.models import League

    rules = get_ruleset(ruleset)
    if rules.team:
        raise SystemExit(f"{ruleset} is a team ruleset: the system benchmarks fight one-on-one")
    if divisions > len(WEIGHT_CLASSES):
        raise SystemExit(f"at most {len(WEIGHT_CLASSES)} divisions (one per weight class)")
    started = time.perf_counter()
    league = League(
        name=name or f"Bench {ruleset} league",
        slug=slug,
        ruleset=ruleset,
        rounds=min(10, rules.max_rounds),
        title_rounds=min(12, rules.max_rounds),
        start_date=dt.date(2026, 1, 10),
        days_between_events=7,
    )
    league.full_clean()
    league.save()
    for weight_class in WEIGHT_CLASSES[:divisions]:
        league.divisions.create(weight_class=weight_class, name=weight_class.title())
    if officials:  # once a database: their names are unique
        _officials()
    call_command(
        "generate_roster",
        ruleset=ruleset,
        fighters=fighters * divisions,
        seed=seed,
        league=slug,
        verbosity=0,
        stdout=open(os.devnull, "w"),  # noqa: SIM115 - the command's summary is not wanted
    )
    roster = time.perf_counter()
    for division in league.divisions.order_by("id") if schedule else ():
        services.season_schedule(division=division, seed=seed, queue=False)
    scheduled = time.perf_counter()
    return {
        "league": league,
        "bouts": Bout.objects.filter(division__league=league).count(),
        "roster_s": roster - started,
        "schedule_s": scheduled - roster,
    }


def chronological_bouts(league, limit: int | None = None):
    from bouts.models import Bout, BoutStatus

    rows = Bout.objects.filter(division__league=league, status=BoutStatus.SCHEDULED).order_by(
        "date", "event_id", "order", "id"
    )
    return list(rows[:limit] if limit else rows)


# --- processes ------------------------------------------------------------------------


def rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(FileNotFoundError):
            out += [int(p) for p in (task / "children").read_text().split()]
    return sorted(set(out))


def wait_for_line(path: Path, needle: str, timeout: float, proc=None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and needle in path.read_text(errors="replace"):
            return
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"process exited early; see {path}:\n{path.read_text()[-3000:]}")
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {needle!r} in {path}")


def stop(proc, timeout: float = 30) -> None:
    """Stop a process we started (by its own id: TERM, then KILL)."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
