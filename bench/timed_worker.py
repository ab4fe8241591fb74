"""The project's Celery app with stopwatches, for the season benchmark.

    celery -A bench.timed_worker worker --concurrency 2 -P prefork ...

It is ``league.celery.app`` unchanged: the same tasks, settings and code paths.

One experiment, off unless ``BENCH_DIVISION_LOCK_OF_SELF=1``: division locks
taken with ``select_for_update()`` and no ``of=`` become
``select_for_update(of=("self",))`` in the pool processes — the change proposed
for league.services (its ``Division.objects.select_for_update()
.select_related("league")`` also locks the shared League row, so every
recording in a league waits for every other). bench/README.md reports both.
In each pool process (``worker_process_init``) it wraps, by module attribute,
the steps ``bouts.services.bout_run`` calls — ``_bout_claim``,
``bouts.inputs.simulate_inputs`` (the engine), ``bout_record`` and the league
hook ``league.services.bout_recorded`` it calls inside the recording
transaction — and writes one JSON line per task to
``$BENCH_TIMINGS_DIR/<pid>.jsonl``: wall seconds of each step and of the whole
task (``task_prerun`` .. ``task_postrun``). A stopwatch costs about a
microsecond; the bout pipeline is not otherwise touched.
"""

from __future__ import annotations

import json
import os
import time
from functools import wraps

from celery.signals import task_postrun, task_prerun, worker_process_init

from league.celery import app

__all__ = ["app"]

_current: dict = {}
_out = None


def _timed(key: str, func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return func(*args, **kwargs)
        finally:
            _current[key] = _current.get(key, 0.0) + time.perf_counter() - started

    return wrapper


@worker_process_init.connect
def _install(**_):
    global _out
    from bouts import inputs, services
    from league import services as league_services

    services._bout_claim = _timed("claim", services._bout_claim)
    inputs.simulate_inputs = _timed("simulate", inputs.simulate_inputs)
    services.bout_record = _timed("record", services.bout_record)
    league_services.bout_recorded = _timed("league", league_services.bout_recorded)
    if os.environ.get("BENCH_DIVISION_LOCK_OF_SELF") == "1":
        _division_lock_of_self()
    directory = os.environ.get("BENCH_TIMINGS_DIR")
    if directory:
        _out = open(os.path.join(directory, f"{os.getpid()}.jsonl"), "a", buffering=1)  # noqa: SIM115


def _division_lock_of_self() -> None:
    from django.db.models import QuerySet

    from league.models import Division

    original = QuerySet.select_for_update

    def select_for_update(self, nowait=False, skip_locked=False, of=(), no_key=False):
        if self.model is Division and not of:
            of = ("self",)
        return original(self, nowait=nowait, skip_locked=skip_locked, of=of, no_key=no_key)

    QuerySet.select_for_update = select_for_update


@task_prerun.connect
def _start(**_):
    _current.clear()
    _current["_t0"] = time.perf_counter()


@task_postrun.connect
def _finish(task_id=None, args=None, retval=None, **_):
    if _out is None or "_t0" not in _current:
        return
    line = {k: round(v, 6) for k, v in _current.items() if not k.startswith("_")}
    line["task"] = round(time.perf_counter() - _current["_t0"], 6)
    line["bout"] = (args or [None])[0]
    line["status"] = retval
    line["end"] = time.time()
    _out.write(json.dumps(line) + "\n")
