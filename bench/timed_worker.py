"""The project's Celery app with stopwatches, for the season benchmark.

    celery -A bench.timed_worker worker --concurrency 2 -P prefork ...

It is ``league.celery.app`` unchanged: the same tasks, settings and code paths.
In each pool process (``worker_process_init``) it wraps, by module attribute,
the steps of the pipeline — ``bouts.services.recording.bouts_claim`` (claim),
``bouts.inputs.simulate_inputs`` (the engine), ``bouts.services.recording
.bouts_record`` (the batch's rows, one transaction) and
``league.services.projector.division_project`` (derive), and a play-until
run's ``season_book_night`` (book: drawn, booked, snapshotted, queued) and
``fixtures_settle_fought`` (settle) in ``league.calendar.runner`` — and writes one JSON
line per task to ``$BENCH_TIMINGS_DIR/<pid>.jsonl``: the task's name, how many
bouts it carried, and the wall seconds of each step and of the whole task. A
stopwatch costs about a microsecond; nothing else is touched.
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


def timed(store: dict, key: str, func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return func(*args, **kwargs)
        finally:
            store[key] = store.get(key, 0.0) + time.perf_counter() - started

    return wrapper


@worker_process_init.connect
def _install(**_):
    global _out
    from bouts import inputs
    from bouts.services import recording
    from league.calendar import runner
    from league.services import projector

    recording.bouts_claim = timed(_current, "claim", recording.bouts_claim)
    runner.bouts_claim = timed(_current, "claim", runner.bouts_claim)
    inputs.simulate_inputs = timed(_current, "engine", inputs.simulate_inputs)
    recording.bouts_record = timed(_current, "record", recording.bouts_record)
    projector.division_project = timed(_current, "derive", projector.division_project)
    # A play-until run's own steps: drawing and booking a night (its bouts
    # snapshotted with their plans and queued), settling a stretch's fixtures.
    runner.season_book_night = timed(_current, "book", runner.season_book_night)
    runner.fixtures_settle_fought = timed(_current, "settle", runner.fixtures_settle_fought)
    directory = os.environ.get("BENCH_TIMINGS_DIR")
    if directory:
        _out = open(os.path.join(directory, f"{os.getpid()}.jsonl"), "a", buffering=1)  # noqa: SIM115


@task_prerun.connect
def _start(**_):
    _current.clear()
    _current["_t0"] = time.perf_counter()


@task_postrun.connect
def _finish(task=None, args=None, retval=None, **_):
    if _out is None or "_t0" not in _current:
        return
    line = {k: round(v, 6) for k, v in _current.items() if not k.startswith("_")}
    line["task"] = getattr(task, "name", "?")
    line["seconds"] = round(time.perf_counter() - _current["_t0"], 6)
    first = (args or [None])[0]
    line["bouts"] = len(first) if isinstance(first, list) else 1
    if line["task"] == "league.tasks.advance_division" and isinstance(retval, dict):
        line["bouts"], line["nights"] = retval.get("bouts", 0), retval.get("nights", 0)
    if line["task"] == "league.tasks.derive_division" and isinstance(retval, dict):
        line["derived"] = retval.get("derived", 0)
    line["end"] = time.time()
    _out.write(json.dumps(line) + "\n")
