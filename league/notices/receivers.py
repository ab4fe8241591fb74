"""Listening (connected in ``LeagueConfig.ready``): bouts booked and recorded
(the bouts app's signals, sent on commit), bout requests made and answered, a
title changing hands. Each receiver only queues a thin task, so a notice or a
webhook never slows or breaks what it tells of."""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.db.models.signals import post_save

from bouts import signals
from bouts.queueing import send
from league.models import BoutRequest, RequestStatus, Title
from league.notices import tasks

log = logging.getLogger(__name__)

_ANSWERED = {RequestStatus.ACCEPTED, RequestStatus.DECLINED, RequestStatus.REFUSED}


def _queue(task, *args) -> None:
    try:
        send(task, *args)
    except Exception:  # the broker down (or the task failed eagerly): the fact stands
        log.exception("Could not queue %s", task.name)


def on_scheduled(sender, bouts, **kwargs) -> None:
    ids = sorted(fact.id for fact in bouts)
    if ids:
        _queue(tasks.notify_bouts_booked, ids)


def on_recorded(sender, bouts, **kwargs) -> None:
    ids = sorted(fact.id for fact in bouts)
    if ids:
        _queue(tasks.notify_bouts_resulted, ids)
        _queue(tasks.post_results, ids)


def on_request_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    if created:
        transaction.on_commit(partial(_queue, tasks.notify_request_changed, instance.pk, True))
    elif instance.status in _ANSWERED and (update_fields is None or "status" in update_fields):
        transaction.on_commit(partial(_queue, tasks.notify_request_changed, instance.pk, False))


def on_title_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    if created or update_fields is None or "champion" not in update_fields:
        return
    transaction.on_commit(partial(_queue, tasks.post_title_change, instance.pk))


def connect() -> None:
    signals.scheduled.connect(on_scheduled, dispatch_uid="league.notices.scheduled")
    signals.recorded.connect(on_recorded, dispatch_uid="league.notices.recorded")
    post_save.connect(on_request_saved, sender=BoutRequest, dispatch_uid="league.notices.request")
    post_save.connect(on_title_saved, sender=Title, dispatch_uid="league.notices.title")
