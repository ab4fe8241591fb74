"""Sending the pipeline's tasks: to ``BOUTS_QUEUE`` when it is set (the worker
tests give each worker its own queue), else to Celery's default queue. Bouts,
derivations and sweeps all go the same way, so the workers that fight a league's
bouts also derive it."""

from __future__ import annotations

from django.conf import settings


def send(task, *args) -> None:
    """``task.delay(*args)``, on ``BOUTS_QUEUE`` when it is set (eagerly: run here)."""
    queue = getattr(settings, "BOUTS_QUEUE", None)
    if queue:
        task.apply_async(args, queue=queue)
    else:
        task.delay(*args)
