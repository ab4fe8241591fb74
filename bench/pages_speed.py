"""Every public page and API read: wrk against gunicorn on the 2,016-bout league,
quiet, and while a season is being fought by a Celery worker (a fight night).

    .venv/bin/python bench/season_throughput.py --fighters 64        # the league
    .venv/bin/python bench/pages_speed.py [--db ringside_bench] [--duration 15]
        [--mode quiet|season|both] [--only TEXT] [--json]

Reuses the league bench/season_throughput.py leaves in ``--db`` (at least
``--min-bouts`` completed bouts). One row per URL (bench/README.md, "Pages"):

1. Queries per request, in-process (django's test client): the build (the read
   cache off) and a kept answer (on).
2. ``gunicorn league.wsgi -w 2`` in production mode with the Redis cache
   (bench/api_speed.py's ``start_gunicorn``), then ``wrk -t2 -c8 -d<duration>s
   --latency`` per URL: requests/s, p50, p99, and the machine's load before it.
3. ``--mode season``: the same on a copy of the database (``<db>_night``, made
   from it as a template, dropped first), while one Celery worker of
   ``--concurrency`` processes fights new leagues' seasons back to back
   (``simulate_season``, the same path as bench/season_throughput.py); each row
   also says how many bouts were recorded during its run (0: no fight night
   was on, the row is not a fight-night figure).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h
from api_speed import free_port, parse_wrk, settle, start_gunicorn


def _first(model, **filters):
    return model.objects.filter(**filters).order_by("id").values_list("pk", flat=True).first()


def targets() -> list[tuple[str, str]]:
    """(label, URL) for every public page and API read on the bench league."""
    from bouts.models import Bout, BoutStatus
    from fighters.models import Camp, Career, CornerMan, RatingCard
    from league.models import Division, Event, League, Season, Title, Tournament
    from referees.models import Doctor, Judge, Referee

    league = League.objects.order_by("id").first()
    division = Division.objects.filter(league=league).order_by("id").first()
    busiest = (
        Career.objects.order_by("-bouts", "fighter_id").values_list("fighter_id", flat=True).first()
    )
    event = Event.objects.filter(league=league).order_by("-date", "-id").first()
    bout = _first(Bout, status=BoutStatus.COMPLETED)
    season = _first(Season, division=division)
    rows = [
        ("home", "/"),
        ("events", "/events/"),
        ("league's events", f"/events/?league={league.slug}"),
        ("league", f"/leagues/{league.slug}/"),
        ("league history", f"/leagues/{league.slug}/history/"),
        ("event", f"/events/{event.pk}/"),
        ("event status", f"/events/{event.pk}/status.json"),
        ("division", f"/divisions/{division.pk}/"),
        ("title", f"/divisions/{division.pk}/title/"),
        ("fighters", "/fighters/"),
        ("fighters search", "/fighters/?q=a"),
        ("fighter", f"/fighters/{busiest}/"),
        ("scouting", f"/fighters/{busiest}/scouting/"),
        ("bout", f"/bouts/{bout}/"),
        ("plan help", "/help/plans/"),
        ("referee", f"/referees/{_first(Referee)}/"),
        ("judge", f"/judges/{_first(Judge)}/"),
        ("doctor", f"/doctors/{_first(Doctor)}/"),
        ("api fighters", "/api/fighters/"),
        ("api fighter", f"/api/fighters/{busiest}/"),
        ("api career", f"/api/fighters/{busiest}/career/"),
        ("api his bouts", f"/api/fighters/{busiest}/bouts/"),
        ("api bouts?fighter", f"/api/bouts/?fighter={busiest}"),
        ("api bout", f"/api/bouts/{bout}/"),
        ("api cards", "/api/cards/"),
        ("api card", f"/api/cards/{_first(RatingCard)}/"),
        ("api camps", "/api/camps/"),
        ("api camp", f"/api/camps/{_first(Camp)}/") if Camp.objects.exists() else None,
        ("api corner men", "/api/corner-men/"),
        ("api corner man", f"/api/corner-men/{_first(CornerMan)}/")
        if CornerMan.objects.exists()
        else None,
        ("api referees", "/api/referees/"),
        ("api referee", f"/api/referees/{_first(Referee)}/"),
        ("api judges", "/api/judges/"),
        ("api doctors", "/api/doctors/"),
        ("api leagues", "/api/leagues/"),
        ("api league", f"/api/leagues/{league.pk}/"),
        ("api divisions", "/api/divisions/"),
        ("api division", f"/api/divisions/{division.pk}/"),
        ("api seasons", "/api/seasons/"),
        ("api season", f"/api/seasons/{season}/") if season else None,
        ("api events", "/api/events/"),
        ("api event", f"/api/events/{event.pk}/"),
        ("api standings", f"/api/standings/?division={division.pk}"),
        ("api rankings", f"/api/rankings/?division={division.pk}"),
        ("api tournaments", "/api/tournaments/"),
        ("api titles", "/api/titles/"),
        ("api title", f"/api/titles/{_first(Title)}/") if Title.objects.exists() else None,
        ("api history", f"/api/leagues/{league.slug}/history/"),
        ("api records", f"/api/leagues/{league.slug}/records/"),
        ("api hall of fame", f"/api/leagues/{league.slug}/hall-of-fame/"),
        ("api awards", f"/api/seasons/{season}/awards/") if season else None,
    ]
    tournament = _first(Tournament, league=league)
    if tournament:
        rows += [
            ("tournament", f"/tournaments/{tournament}/"),
            ("api bracket", f"/api/tournaments/{tournament}/bracket/"),
        ]
    from league.models import Ladder

    ladder = _first(Ladder, league=league)
    rows += [("api ladders", "/api/ladders/"), ("api challenges", "/api/ladder-challenges/")]
    if ladder:
        rows.append(("ladder", f"/ladders/{ladder}/"))
    return [row for row in rows if row]


def query_counts(url: str) -> tuple[int, int]:
    """Queries of a build (the read cache off) and of a kept answer (on)."""
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    counts = []
    for kept in (False, True):
        settings.READ_CACHE = kept
        client.get(url)  # warm: templates, content types, the kept entry
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url}: HTTP {response.status_code}")
        counts.append(len(ctx.captured_queries))
    return counts[0], counts[1]


# --- a fight night ------------------------------------------------------------------


def clone_database(source: str, target: str) -> None:
    """``target`` dropped and made again from ``source`` (PostgreSQL's template copy)."""
    import psycopg

    if not target.startswith("ringside_") or target == source:
        raise SystemExit(f"refusing to drop {target!r}")
    with psycopg.connect(h.PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [source]
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}"')


class FightNight:
    """New leagues' seasons fought back to back by the worker until ``stop()``."""

    def __init__(self, fighters: int):
        self.fighters = fighters
        self.stopping = threading.Event()
        self.leagues = 0
        self.error = None
        self.next_slug = self._build()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _build(self) -> str:
        slug = f"night{self.leagues + 1}"
        h.build_league(
            ruleset="titlebout", divisions=1, fighters=self.fighters, seed=self.leagues + 2,
            slug=slug, schedule=False, name=f"Fight night {self.leagues + 1}", officials=False,
        )  # fmt: skip
        self.leagues += 1
        return slug

    def _loop(self) -> None:
        import os

        from django.core.management import call_command
        from django.db import connection

        try:
            while not self.stopping.is_set():
                slug = self.next_slug
                with open(os.devnull, "w") as quiet:
                    call_command("simulate_season", slug, "--wait", stdout=quiet)
                if not self.stopping.is_set():
                    self.next_slug = self._build()
        except Exception as error:  # reported with the rows
            self.error = repr(error)
        finally:
            connection.close()

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()


def completed() -> int:
    from bouts.models import Bout, BoutStatus

    return Bout.objects.filter(status=BoutStatus.COMPLETED).count()


# --- the run ------------------------------------------------------------------------


WRK = ("wrk", "--latency")


def wrk(args, url: str) -> dict:
    out = subprocess.run(
        [*WRK, f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return parse_wrk(out)


def measure(args, env: dict, rows: list[dict], *, night: FightNight | None = None) -> None:
    """wrk every row's URL against a fresh gunicorn (its own Redis cache, flushed)."""
    h.flush_redis(args.redis_db)
    logdir = Path(tempfile.mkdtemp(prefix="ringside-bench-pages-"))
    proc = start_gunicorn(env, args.port, args.workers, logdir)
    mode = "season" if night else "quiet"
    try:
        for row in rows:
            url = f"http://127.0.0.1:{args.port}{row['url']}"
            with urllib.request.urlopen(url, timeout=60) as response:
                row["bytes"] = len(response.read())
            settle(args.settle_below)
            before, load = completed(), h.loadavg()
            row[mode] = {**wrk(args, url), "load": load, "bouts_during": completed() - before}
    finally:
        h.stop(proc)


def run(args) -> dict:
    args.port = args.port or free_port()
    env = h.bench_env(db=args.db, redis_db=args.redis_db)
    h.migrate(env)  # a league left by older code: the pages read today's tables
    h.setup_django(env)
    done = completed()
    if done < args.min_bouts:
        raise SystemExit(
            f"{args.db} has {done} completed bouts (< {args.min_bouts}): run "
            "bench/season_throughput.py --fighters 64 first"
        )
    rows = [
        {"label": label, "url": url}
        for label, url in targets()
        if not args.only or any(text in label or text in url for text in args.only)
    ]
    for row in rows:
        row["queries"] = query_counts(row["url"])
    report = {"db": args.db, "completed_bouts": done, "rows": rows}
    report["wrk"] = f"-t{args.threads} -c{args.connections} -d{args.duration}s"
    report["gunicorn_workers"] = args.workers
    if args.mode in ("quiet", "both"):
        measure(args, env, rows)
    if args.mode in ("season", "both"):
        report["night"] = fight_night(args, rows)
    return report


def fight_night(args, rows: list[dict]) -> dict:
    """The rows again on ``<db>_night`` while the worker fights seasons."""
    from django.db import connections
    from season_throughput import start_worker

    connections.close_all()
    night_db = f"{args.db}_night"
    clone_database(args.db, night_db)
    env = h.bench_env(
        db=night_db,
        redis_db=args.redis_db,
        # The worker's production settings, as season_throughput.py gives them.
        CONN_MAX_AGE=600,
        BOUTS_QUEUE="",
        DJANGO_DEBUG=0,
        DJANGO_SECRET_KEY="bench-only-" + "x" * 40,
        ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT=0,
    )
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = night_db
    connections.close_all()
    night = FightNight(args.night_fighters)
    workdir = Path(tempfile.mkdtemp(prefix="ringside-bench-night-"))
    (workdir / "timings").mkdir()
    worker = start_worker(
        {**env, "BENCH_TIMINGS_DIR": str(workdir / "timings")},
        concurrency=args.concurrency,
        logdir=workdir,
    )
    started, before = time.perf_counter(), completed()
    try:
        night.start()
        measure(args, env, rows, night=night)
    finally:
        night.stop()
        h.stop(worker)
    elapsed = time.perf_counter() - started
    return {
        "db": night_db,
        "worker_processes": args.concurrency,
        "leagues_fought": night.leagues,
        "bouts_per_s": round((completed() - before) / elapsed, 1),
        "error": night.error,
    }


def show(report: dict) -> None:
    print(
        f"{report['db']}: {report['completed_bouts']} completed bouts; gunicorn -w "
        f"{report['gunicorn_workers']}, wrk {report['wrk']} --latency, Redis cache"
    )
    if "night" in report:
        print(f"  fight night: {report['night']}")
    quiet = any("quiet" in r for r in report["rows"])
    columns = f"{'req/s':>7} {'p50':>6} {'p99':>7} {'load':<15}" if quiet else ""
    columns += "  night req/s    p50     p99  bouts load" if "night" in report else ""
    print(f"  {'page or read':<18} {'url':<34} {'queries':>8} {'bytes':>7}  {columns}")
    for r in report["rows"]:
        line = f"  {r['label']:<18} {r['url'][:34]:<34} {'/'.join(map(str, r['queries'])):>8} "
        line += f"{r.get('bytes', ''):>7}  "
        for mode in ("quiet", "season"):
            m = r.get(mode)
            if m is None:
                continue
            bad = f" non-2xx {m['non_2xx']}" if m["non_2xx"] else ""
            bouts = f"{m['bouts_during']:>6} " if mode == "season" else ""
            line += f"{m['rps']:>7} {m['p50_ms']:>6} {m['p99_ms']:>7} {bouts}{m['load']:<15}{bad}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=h.BENCH_DB, help="reused, not dropped")
    parser.add_argument("--redis-db", type=int, default=h.REDIS_DB, help="flushed per mode")
    parser.add_argument("--min-bouts", type=int, default=2000)
    parser.add_argument("--mode", choices=("quiet", "season", "both"), default="both")
    parser.add_argument("--only", nargs="*", help="rows whose label or URL holds one of these")
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's")
    parser.add_argument("--concurrency", type=int, default=2, help="the Celery worker's")
    parser.add_argument("--night-fighters", type=int, default=64, help="per fight-night league")
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument("--settle-below", type=float, default=None, help="1-minute load per URL")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        show(report)


if __name__ == "__main__":
    main()
