"""API and page speed: wrk against gunicorn on a league of 2,000 bouts.

    .venv/bin/python bench/season_throughput.py --bouts 2000 --keep   # builds the league
    .venv/bin/python bench/api_speed.py [--db ringside_bench] [--duration 15]
        [--connections 8] [--threads 2] [--json]

Reuses the league that bench/season_throughput.py left in ``ringside_bench``
(it refuses a database with fewer than ``--min-bouts`` completed bouts).

1. Queries per request, in-process: django's test client inside
   ``CaptureQueriesContext`` for each URL, for three different fighters/bouts
   (the count must not depend on which one, nor on the league's size).
2. Throughput and latency: ``gunicorn league.wsgi -w 2`` in production mode
   (DJANGO_DEBUG=0, DJANGO_SECRET_KEY, ALLOWED_HOSTS=127.0.0.1,
   DJANGO_SECURE_SSL_REDIRECT=0, DJANGO_SECURE_COOKIES=0; static files collected
   into a temporary directory by bench/gunicorn_settings.py), then
   ``wrk -t2 -c8 -d15s --latency`` per URL: requests/s, p50 and p99 latency.

URLs: /api/fighters/ (first page of the list), /api/fighters/<id>/career/,
/api/bouts/<id>/ (the whole record) and the web page /bouts/<id>/. wrk and
gunicorn share the machine's two cores. A fought bout's detail and page are
served from the Redis cache after the first request (bouts/report_cache.py), as
in production; the query counts are of a request after a warm one.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return round(float(number) * UNITS[unit], 2)


def parse_wrk(out: str) -> dict:
    row = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_ms": _ms(re.search(r"\s50%\s+(\S+)", out).group(1)),
        "p99_ms": _ms(re.search(r"\s99%\s+(\S+)", out).group(1)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
    }
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    row["non_2xx"] = int(bad.group(1)) if bad else 0
    errors = re.search(r"Socket errors: (.*)", out)
    row["socket_errors"] = errors.group(1).strip() if errors else ""
    return row


def targets() -> list[tuple[str, list[str]]]:
    """(label, [three URLs of that kind]) on the league in the database."""
    from bouts.models import Bout, BoutStatus

    done = list(
        Bout.objects.filter(status=BoutStatus.COMPLETED)
        .order_by("-date", "-id")
        .values_list("id", "red_id")[:3]
    )
    bouts = [b for b, _ in done]
    fighters = [f for _, f in done]
    from fighters.models import Fighter

    pages = max(1, min(3, -(-Fighter.objects.count() // 50)))
    lists = ["/api/fighters/"] + [f"/api/fighters/?page={p}" for p in range(2, pages + 1)]
    lists += ["/api/fighters/?ordering=-id"] * (3 - len(lists))
    return [
        ("fighter list", lists),
        ("fighter career", [f"/api/fighters/{f}/career/" for f in fighters]),
        ("bout (API)", [f"/api/bouts/{b}/" for b in bouts]),
        ("bout (page)", [f"/bouts/{b}/" for b in bouts]),
    ]


def query_counts(urls: list[str]) -> list[int]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    counts = []
    for url in urls:
        client.get(url)  # warm caches (content types, templates) first
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url}: HTTP {response.status_code}")
        counts.append(len(ctx.captured_queries))
    return counts


def start_gunicorn(env: dict, port: int, workers: int, logdir: Path):
    static = Path(tempfile.mkdtemp(prefix="ringside-static-"))
    prod = {
        **env,
        "DJANGO_SETTINGS_MODULE": "bench.gunicorn_settings",
        "BENCH_STATIC_ROOT": str(static),
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-" + os.urandom(24).hex(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "CONN_MAX_AGE": "600",
    }
    full = {**os.environ, **prod}
    subprocess.run(
        [h.PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=h.ROOT,
        env=full,
        check=True,
    )
    log = open(logdir / "gunicorn.log", "w")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [h.GUNICORN, "league.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}"],
        cwd=h.ROOT,
        env=full,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited: {(logdir / 'gunicorn.log').read_text()[-3000:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/fighters/", timeout=5)
            return proc
        except OSError:
            time.sleep(0.3)
    h.stop(proc)
    raise SystemExit("gunicorn did not answer within 60 s")


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(args) -> dict:
    args.port = args.port or free_port()
    env = h.bench_env(db=args.db, redis_db=args.redis_db)
    h.setup_django(env)
    from bouts.models import Bout, BoutStatus

    completed = Bout.objects.filter(status=BoutStatus.COMPLETED).count()
    if completed < args.min_bouts:
        raise SystemExit(
            f"{args.db} has {completed} completed bouts (< {args.min_bouts}): run "
            "bench/season_throughput.py --bouts 2000 --keep first"
        )
    from fighters.models import Fighter

    report = {"db": args.db, "completed_bouts": completed, "fighters": Fighter.objects.count()}
    rows = []
    kinds = targets()
    from django.conf import settings

    settings.FIGHTER_LIST_CACHE = False  # the queries counted are those that build a page
    for label, urls in kinds:
        rows.append({"endpoint": label, "url": urls[0], "queries": query_counts(urls)})
    logdir = Path(tempfile.mkdtemp(prefix="ringside-bench-api-"))
    # The fighter list's page cache (fighters/list_cache.py): "off" measures every
    # request building its page, as the first request after a change does.
    env = {**env, "FIGHTER_LIST_CACHE": "1" if args.list_cache == "on" else "0"}
    report["list_cache"] = args.list_cache
    proc = start_gunicorn(env, args.port, args.workers, logdir)
    try:
        for row in rows:
            url = f"http://127.0.0.1:{args.port}{row['url']}"
            with urllib.request.urlopen(url, timeout=30) as response:
                row["bytes"] = len(response.read())
            settle(args.settle_below)
            row["load"] = h.loadavg()
            out = subprocess.run(
                [
                    "wrk",
                    f"-t{args.threads}",
                    f"-c{args.connections}",
                    f"-d{args.duration}s",
                    "--latency",
                    url,
                ],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            row.update(parse_wrk(out))
            row["load_after"] = h.loadavg()
    finally:
        h.stop(proc)
    report["rows"] = rows
    report["wrk"] = f"-t{args.threads} -c{args.connections} -d{args.duration}s"
    report["gunicorn_workers"] = args.workers
    return report


def settle(below: float | None, timeout: float = 240) -> None:
    """Wait (up to ``timeout`` s) until the 1-minute load is under ``below``: the
    previous URL's wrk and gunicorn push it up, and a figure is taken quiet."""
    if below is None:
        return
    deadline = time.monotonic() + timeout
    while float(h.loadavg().split()[0]) >= below and time.monotonic() < deadline:
        time.sleep(5)


def show(report: dict) -> None:
    print(
        f"{report['db']}: {report['completed_bouts']} completed bouts, {report['fighters']} "
        f"fighters; gunicorn -w {report['gunicorn_workers']}, wrk {report['wrk']} --latency; "
        f"fighter list cache {report['list_cache']}"
    )
    print(
        f"  {'endpoint':<15} {'url':<28} {'queries':>10} {'bytes':>7} {'req/s':>8} "
        f"{'p50 ms':>7} {'p99 ms':>7}  load"
    )
    for r in report["rows"]:
        q = "/".join(str(c) for c in r["queries"])
        bad = f"  non-2xx {r['non_2xx']}" if r["non_2xx"] else ""
        print(
            f"  {r['endpoint']:<15} {r['url']:<28} {q:>10} {r['bytes']:>7} {r['rps']:>8} "
            f"{r['p50_ms']:>7} {r['p99_ms']:>7}  {r['load']}{bad}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=h.BENCH_DB, help="reused, not dropped")
    parser.add_argument("--redis-db", type=int, default=h.REDIS_DB, help="the cache's Redis db")
    parser.add_argument("--min-bouts", type=int, default=2000)
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument(
        "--settle-below", type=float, default=None, help="wait for this 1-minute load per URL"
    )
    parser.add_argument(
        "--list-cache", choices=["on", "off"], default="on", help="the fighter list's page cache"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report)


if __name__ == "__main__":
    main()
