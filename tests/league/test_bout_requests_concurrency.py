"""Bout requests under concurrency (PostgreSQL row locks): a card's room and a
request's answer hold when two people act at once."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from bouts.models import Bout
from league.models import BoutRequest, RequestStatus
from league.services.bout_requests import (
    request_answer,
    request_approve,
    request_create,
    request_withdraw,
)
from tests.api import factories
from tests.api.managers import world

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises)"
    ),
]


def _together(*calls):
    """Run the calls in threads released at once; the errors they raised."""
    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait()
            call()
        except ValidationError as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_two_approvals_onto_a_one_bout_card_make_one_bout():
    factories.reset()
    w = world()
    w.league.bouts_per_event = 1
    w.league.save()
    asks = []
    for mine, theirs in zip(w.mine, w.theirs):
        asked = request_create(user=w.owner, fighter=mine, opponent=theirs)
        request_answer(user=w.other_manager, bout_request=asked, accept=True)
        asks.append(asked)
    errors = _together(
        *[
            lambda r=r: request_approve(user=w.commissioner, bout_request=r, event=w.event)
            for r in asks
        ]
    )
    assert Bout.objects.filter(event=w.event).count() == 1
    assert len(errors) == 1 and "is full" in errors[0].message_dict["event"][0]
    statuses = sorted(BoutRequest.objects.values_list("status", flat=True))
    assert statuses == [RequestStatus.ACCEPTED, RequestStatus.APPROVED]


def test_an_answer_and_a_withdrawal_at_once_leave_one_of_them():
    factories.reset()
    w = world()
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    errors = _together(
        lambda: request_answer(user=w.other_manager, bout_request=asked, accept=True),
        lambda: request_withdraw(user=w.owner, bout_request=asked),
    )
    final = BoutRequest.objects.get(pk=asked.pk).status
    if errors:
        # The withdrawal went first: the answer found it withdrawn and changed nothing.
        assert len(errors) == 1 and "status" in errors[0].message_dict
        assert final == RequestStatus.WITHDRAWN
    else:
        # The answer went first: an accepted request may still be withdrawn, and
        # the withdrawal, last, is what stands (no lost update).
        assert final == RequestStatus.WITHDRAWN
