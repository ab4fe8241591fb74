"""CPU per request, in-process and independent of the machine's load: the four
URLs of ``api_speed.py`` through Django's own WSGI application (the handler
gunicorn calls: every middleware, DRF, the Redis report cache), production
settings, one process, no network.

    .venv/bin/python bench/request_profile.py [--db ringside_bench] [--redis-db 9]
        [--requests 200] [--profile LABEL] [--top 30] [--json]

Reuses a league left by ``season_throughput.py`` (``--db``; nothing is written).
For each URL (the same choice of fighter and bout as ``api_speed.py``): 20 warm
requests (caches, the report cache, connections), then ``--requests`` requests
measured three ways:

* ``cpu_ms``: ``time.process_time()`` per request — this process's CPU only
  (PostgreSQL's and Redis' own work is not in it). On a shared machine it still
  moves a little with load (caches, frequency); ``calls`` does not.
* ``calls``: Python function calls per request, counted by cProfile over a
  second run of the same requests (deterministic for a given code and data).
* ``queries``: SQL statements per request.

``--profile LABEL`` (``list``, ``career``, ``bout``, ``page``) prints cProfile's
top functions (own time and cumulative) for that URL. For instruction counts,
run one URL under callgrind twice and subtract:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python \\
        bench/request_profile.py --only list --requests 0   # then --requests 100

Production settings as ``api_speed.py`` gives gunicorn: DJANGO_DEBUG=0, a random
secret key, ``bench.gunicorn_settings`` (static files collected into a temporary
directory, needed by the page's manifest storage), CONN_MAX_AGE=600.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _harness as h

LABELS = {"list": "fighter list", "career": "fighter career", "bout": "bout (API)"}
LABELS["page"] = "bout (page)"
WARM = 20


def production_env(args) -> dict:
    env = h.bench_env(db=args.db, redis_db=args.redis_db)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "bench.gunicorn_settings",
            "BENCH_STATIC_ROOT": tempfile.mkdtemp(prefix="ringside-static-"),
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + os.urandom(24).hex(),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_SECURE_COOKIES": "0",
            "CONN_MAX_AGE": "600",
        }
    )
    subprocess.run(
        [h.PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=h.ROOT,
        env={**os.environ, **env},
        check=True,
    )
    return env


def make_caller():
    """One GET through the WSGI application, as gunicorn makes it; returns
    (status, body bytes)."""
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()

    def get(url: str) -> tuple[str, int]:
        path, _, query = url.partition("?")
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "HTTP_HOST": "127.0.0.1:8000",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_ACCEPT": "*/*",
            "HTTP_USER_AGENT": "wrk",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        seen = {}

        def start_response(status, headers, exc_info=None):
            seen["status"] = status

        body = app(environ, start_response)
        size = sum(len(chunk) for chunk in body)
        if hasattr(body, "close"):
            body.close()
        return seen["status"], size

    return get


def measure(get, url: str, requests: int) -> dict:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(WARM):
        status, size = get(url)
    if not status.startswith("200"):
        raise SystemExit(f"{url}: {status}")
    with CaptureQueriesContext(connection) as ctx:
        get(url)
    queries = len(ctx.captured_queries)
    started = time.process_time()
    for _ in range(requests):
        get(url)
    cpu = time.process_time() - started
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(requests):
        get(url)
    profile.disable()
    calls = pstats.Stats(profile).total_calls
    n = max(1, requests)
    return {
        "url": url,
        "bytes": size,
        "queries": queries,
        "cpu_ms": round(1000 * cpu / n, 3),
        "calls": round(calls / n),
    }


def show_profile(get, url: str, requests: int, top: int) -> None:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(requests):
        get(url)
    profile.disable()
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(key).print_stats(top)
        print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=h.BENCH_DB, help="read only")
    parser.add_argument("--redis-db", type=int, default=h.REDIS_DB)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--only", choices=sorted(LABELS), help="one URL (for callgrind)")
    parser.add_argument("--profile", choices=sorted(LABELS), help="print cProfile's top")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    h.setup_django(production_env(args))
    from api_speed import targets

    urls = {label: urls[0] for label, urls in targets()}
    get = make_caller()
    if args.profile:
        url = urls[LABELS[args.profile]]
        for _ in range(WARM):
            get(url)
        show_profile(get, url, args.requests, args.top)
        return
    if args.only:
        url = urls[LABELS[args.only]]
        for _ in range(WARM):
            get(url)
        for _ in range(args.requests):
            get(url)
        return
    rows = [{"endpoint": label, **measure(get, url, args.requests)} for label, url in urls.items()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{args.db}: {args.requests} requests each after {WARM} warm; load {h.loadavg()}")
    print(f"  {'endpoint':<15} {'url':<30} {'queries':>7} {'bytes':>7} {'cpu ms':>7} {'calls':>7}")
    for r in rows:
        print(
            f"  {r['endpoint']:<15} {r['url']:<30} {r['queries']:>7} {r['bytes']:>7} "
            f"{r['cpu_ms']:>7} {r['calls']:>7}"
        )


if __name__ == "__main__":
    main()
