"""Webhook deliveries retried by a real Celery worker (PostgreSQL + Redis): the
backoff is Celery's own retry with a countdown, on the queue it came from."""

import hashlib
import hmac
import time

import pytest

from bouts.queueing import send
from league.models import DeliveryStatus, WebhookDelivery
from league.notices import tasks, webhooks
from tests.bouts.test_worker import Worker

from .receiver import Receiver

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_worker_retries_with_backoff_until_the_receiver_takes_it(w, settings):
    queue = f"webhook-test-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    worker = Worker(queue, concurrency=1, env={"WEBHOOK_RETRY_BASE": "1"}).start()
    try:
        with Receiver(down_for=2) as receiver:
            hook = webhooks.webhook_create(
                user=w.commissioner, league=w.league, url=receiver.url, kinds=["result"]
            )
            delivery = WebhookDelivery.objects.create(
                webhook=hook, kind="result", key="result:1", payload={"text": "Ace won"}
            )
            send(tasks.deliver_webhook, delivery.pk)
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                delivery.refresh_from_db()
                if delivery.status != DeliveryStatus.PENDING:
                    break
                time.sleep(0.3)
        assert delivery.status == DeliveryStatus.DELIVERED, worker.output()
        assert delivery.attempts == 3 and receiver.hits == 3
        [(body, headers)] = receiver.taken
        expected = "sha256=" + hmac.new(hook.secret.encode(), body, hashlib.sha256).hexdigest()
        assert headers["X-Ringside-Signature"] == expected
    finally:
        worker.stop()
