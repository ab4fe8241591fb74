"""Thin Celery tasks: the work is in ``league.notices.services`` and ``webhooks``."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from bouts.queueing import send
from league.notices import services, webhooks


@shared_task(acks_late=True)
def notify_bouts_booked(bout_ids: list[int]) -> int:
    return services.bouts_booked(bout_ids)


@shared_task(acks_late=True)
def notify_bouts_resulted(bout_ids: list[int]) -> int:
    return services.bouts_resulted(bout_ids)


@shared_task(acks_late=True)
def notify_request_changed(request_id: int, created: bool) -> int:
    return services.request_changed(request_id, created=created)


@shared_task(acks_late=True)
def send_notice_emails(pairs: list[list]) -> int:
    return services.notice_emails_send(pairs)


@shared_task
def notify_plans_due() -> int:
    """Beat: fight nights whose plans lock within 24 hours."""
    return services.plans_due_notify()


@shared_task
def send_daily_digests() -> int:
    """Beat, daily: one email each to the users on the digest."""
    return services.digests_send()


@shared_task(bind=True, acks_late=True, max_retries=webhooks.MAX_TRIES - 1)
def deliver_webhook(self, delivery_id: int) -> bool:
    """Post one webhook delivery; on failure retry after 1, 2, 4 … times
    WEBHOOK_RETRY_BASE seconds, and give up (the row says so) after MAX_TRIES."""
    try:
        return webhooks.delivery_attempt(delivery_id)
    except webhooks.DeliveryFailed as exc:
        if self.request.retries >= self.max_retries:
            webhooks.delivery_give_up(delivery_id)
            return False
        countdown = settings.WEBHOOK_RETRY_BASE * (2**self.request.retries)
        retry = self.retry(exc=exc, countdown=countdown, throw=False)
        if self.request.is_eager:
            # Eager (the embedded default, the tests): Celery runs the retry
            # when the task returns it; raised, it would end the tries.
            return retry
        raise retry from None


@shared_task(acks_late=True)
def post_results(bout_ids: list[int]) -> int:
    return webhooks.results_post(bout_ids)


@shared_task(acks_late=True)
def post_title_change(title_id: int) -> int:
    return webhooks.title_changed(title_id)


@shared_task
def resend_lost_deliveries() -> int:
    """Beat: webhook deliveries whose task never ran are sent again."""
    ids = webhooks.lost_deliveries()
    for delivery_id in ids:
        send(deliver_webhook, delivery_id)
    return len(ids)
