"""Celery tasks: thin (ids in, a service called).

``simulate_bouts`` is sent on commit, in batches, by ``bouts.services`` when bouts
are queued. With the settings' acks-late, reject-on-worker-lost and prefetch 1, a
message is only acknowledged after its bouts ran, and a worker that dies
mid-batch leaves it to be redelivered; the services make every redelivery, retry
or duplicate a no-op for the bouts already recorded. ``resend_stale_bouts`` runs
on Celery beat (``BOUTS_SWEEP_EVERY``) and re-sends the bouts whose message was
lost.
"""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.db import InterfaceError, OperationalError, close_old_connections

from bouts import services
from bouts.models import Bout

logger = logging.getLogger(__name__)

# Database errors worth another try: a lost connection, a failover, a lock timeout.
RETRY_ON = (OperationalError, InterfaceError)
MAX_RETRIES = 5
BACKOFF_CAP_SECONDS = 60


def backoff(retries: int) -> int:
    """Exponential backoff: 1, 2, 4, ... seconds, capped."""
    return min(BACKOFF_CAP_SECONDS, 2**retries)


def _run_with_retries(task, bout_ids: list[int]) -> dict:
    tries = task.request.retries or 0
    while True:
        try:
            return {str(k): v for k, v in services.bouts_run(bout_ids=bout_ids).items()}
        except RETRY_ON as exc:
            if not task.request.is_eager:
                # Drop the broken connection so the next try opens a fresh one.
                close_old_connections()
            if tries >= task.max_retries:
                logger.error(
                    "simulate_bouts(%s): giving up after database errors: %s", bout_ids, exc
                )
                for bout_id in bout_ids:
                    try:
                        services.bout_fail(
                            bout_id=bout_id,
                            reason=f"Database error, gave up after {tries + 1} tries: {exc}",
                        )
                    except RETRY_ON:
                        logger.exception("could not mark bout %s failed", bout_id)
                return {str(i): "failed" for i in bout_ids}
            logger.warning("simulate_bouts(%s): database error, retrying: %s", bout_ids, exc)
            if not task.request.is_eager:
                raise task.retry(exc=exc, countdown=backoff(tries)) from exc
            # Embedded default: no broker to hand the retry to (and a Retry raised
            # from an eager task would reach the caller), so retry in-process.
            tries += 1
            time.sleep(0.01 * 2**tries)


@shared_task(bind=True, max_retries=MAX_RETRIES, acks_late=True)
def simulate_bouts(self, bout_ids: list[int]) -> dict:
    """Fight and record a batch of queued bouts: ``{bout id: status}``."""
    return _run_with_retries(self, [int(i) for i in bout_ids])


@shared_task(bind=True, max_retries=MAX_RETRIES, acks_late=True)
def simulate_bout(self, bout_id: int) -> str:
    """One bout (messages sent before batches existed are still understood)."""
    outcome = _run_with_retries(self, [int(bout_id)])
    if str(bout_id) in outcome:
        return outcome[str(bout_id)]
    status = Bout.objects.filter(pk=bout_id).values_list("status", flat=True).first()
    return status or "missing"


@shared_task
def resend_stale_bouts() -> int:
    """Beat: re-send bouts queued or running for longer than ``BOUTS_STALE_AFTER``."""
    return services.bouts_resend_stale()
