"""Celery tasks: thin (fetch by id, call the service).

``simulate_bout`` is enqueued on commit by ``bouts.services.bout_queue``. With the
settings' acks-late, reject-on-worker-lost and prefetch 1, a message is only
acknowledged after the bout ran, and a worker that dies mid-bout leaves it to be
redelivered; ``bouts.services`` makes every redelivery, retry or duplicate a
no-op once the bout is completed.
"""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.db import InterfaceError, OperationalError, close_old_connections

from bouts import services

logger = logging.getLogger(__name__)

# Database errors worth another try: a lost connection, a failover, a lock timeout.
RETRY_ON = (OperationalError, InterfaceError)
MAX_RETRIES = 5
BACKOFF_CAP_SECONDS = 60


def backoff(retries: int) -> int:
    """Exponential backoff: 1, 2, 4, ... seconds, capped."""
    return min(BACKOFF_CAP_SECONDS, 2**retries)


@shared_task(bind=True, max_retries=MAX_RETRIES, acks_late=True)
def simulate_bout(self, bout_id: int) -> str:
    tries = self.request.retries or 0
    while True:
        try:
            return services.bout_run(bout_id=bout_id)
        except RETRY_ON as exc:
            if not self.request.is_eager:
                # Drop the broken connection so the next try opens a fresh one.
                close_old_connections()
            if tries >= self.max_retries:
                logger.error("simulate_bout(%s): giving up after database errors: %s", bout_id, exc)
                try:
                    services.bout_fail(
                        bout_id=bout_id,
                        reason=f"Database error, gave up after {tries + 1} tries: {exc}",
                    )
                except RETRY_ON:
                    logger.exception("simulate_bout(%s): could not mark the bout failed", bout_id)
                return "failed"
            logger.warning("simulate_bout(%s): database error, retrying: %s", bout_id, exc)
            if not self.request.is_eager:
                raise self.retry(exc=exc, countdown=backoff(tries)) from exc
            # Embedded default: no broker to hand the retry to (and a Retry raised
            # from an eager task would reach the caller), so retry in-process.
            tries += 1
            time.sleep(0.01 * 2**tries)
