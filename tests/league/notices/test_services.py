"""Word when it happens: the notices written where things happen (by listening),
their email (Django's test outbox), per-user settings, the digest, plans due."""

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from bouts.services.recording import bout_record
from league.models import Event, NoticeKind, NoticeSettings, Notification
from league.notices import services
from league.services.bout_requests import (
    request_answer,
    request_approve,
    request_create,
    request_refuse,
)
from tests.league.conftest import fake_result

pytestmark = pytest.mark.django_db


def _titles(user, kind=None):
    rows = Notification.objects.filter(user=user)
    if kind:
        rows = rows.filter(kind=kind)
    return list(rows.order_by("pk").values_list("title", flat=True))


def _booked_bout(w, capture):
    with capture(execute=True):
        asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    with capture(execute=True):
        accepted = request_answer(user=w.other_manager, bout_request=asked, accept=True)
    with capture(execute=True):
        approved = request_approve(user=w.commissioner, bout_request=accepted, event=w.event)
    return approved.bout


def test_request_received_answered_booked_and_result_reach_inbox_and_email(
    w, django_capture_on_commit_callbacks
):
    bout = _booked_bout(w, django_capture_on_commit_callbacks)
    assert _titles(w.other_manager, NoticeKind.REQUEST_RECEIVED) == ["Ace 0 asks to fight Bolt 0"]
    assert _titles(w.owner, NoticeKind.REQUEST_ANSWERED) == [
        "Bolt 0's camp accepted: Ace 0 vs Bolt 0"
    ]
    assert _titles(w.owner, NoticeKind.BOOKED) == ["Ace 0 fights Bolt 0"]
    assert _titles(w.other_manager, NoticeKind.BOOKED) == ["Bolt 0 fights Ace 0"]
    with django_capture_on_commit_callbacks(execute=True):
        bout_record(bout=bout, result=fake_result("red", "KO"))
    assert _titles(w.owner, NoticeKind.RESULT) == ["Ace 0 beat Bolt 0 by knockout in round 3"]
    assert _titles(w.other_manager, NoticeKind.RESULT) == [
        "Bolt 0 lost to Ace 0 by knockout in round 3"
    ]
    subjects = {(m.to[0], m.subject) for m in mail.outbox}
    assert ("owner@example.com", "Ringside: Ace 0 fights Bolt 0") in subjects
    assert ("rival@example.com", "Ringside: Ace 0 asks to fight Bolt 0") in subjects
    assert len(mail.outbox) == 6  # received, accepted, 2 booked, 2 results
    assert Notification.objects.filter(emailed_at__isnull=True).count() == 0
    assert _titles(w.commissioner) == []  # he has no fighter in it


def test_a_fact_announced_twice_is_one_notice_and_one_email(w, django_capture_on_commit_callbacks):
    bout = _booked_bout(w, django_capture_on_commit_callbacks)
    before = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        services.bouts_booked([bout.pk])
    assert _titles(w.owner, NoticeKind.BOOKED) == ["Ace 0 fights Bolt 0"]
    assert len(mail.outbox) == before


def test_a_decline_note_and_a_refusal_reason_reach_the_asker(w, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
        request_answer(user=w.other_manager, bout_request=first, accept=False, answer="Not now")
        second = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
        request_refuse(user=w.commissioner, bout_request=second, answer="Too uneven")
    bodies = list(
        Notification.objects.filter(user=w.owner, kind=NoticeKind.REQUEST_ANSWERED)
        .order_by("pk")
        .values_list("title", "body")
    )
    assert "declined" in bodies[0][0] and '"Not now"' in bodies[0][1]
    assert "refused" in bodies[1][0] and '"Too uneven"' in bodies[1][1]


def test_a_kind_switched_off_is_neither_in_the_inbox_nor_emailed(
    w, django_capture_on_commit_callbacks
):
    services.settings_update(user=w.owner, kinds_off=[NoticeKind.BOOKED], daily_digest=False)
    _booked_bout(w, django_capture_on_commit_callbacks)
    assert _titles(w.owner, NoticeKind.BOOKED) == []
    assert _titles(w.other_manager, NoticeKind.BOOKED) == ["Bolt 0 fights Ace 0"]
    assert not [m for m in mail.outbox if "fights" in m.subject and m.to == ["owner@example.com"]]


def test_the_daily_digest_sends_one_email_instead_of_one_each(
    w, django_capture_on_commit_callbacks
):
    services.settings_update(user=w.owner, kinds_off=[], daily_digest=True)
    _booked_bout(w, django_capture_on_commit_callbacks)
    assert not [m for m in mail.outbox if m.to == ["owner@example.com"]]
    assert services.digests_send() == 1
    [digest] = [m for m in mail.outbox if m.to == ["owner@example.com"]]
    assert digest.subject == "Ringside: 2 new notices today"
    assert "Ace 0 fights Bolt 0" in digest.body and "accepted" in digest.body
    assert services.digests_send() == 0  # nothing new: no second email


def test_a_user_without_an_email_address_still_has_his_inbox(w, django_capture_on_commit_callbacks):
    w.owner.email = ""
    w.owner.save(update_fields=["email"])
    _booked_bout(w, django_capture_on_commit_callbacks)
    assert _titles(w.owner, NoticeKind.BOOKED) == ["Ace 0 fights Bolt 0"]
    assert all(m.to != [""] for m in mail.outbox)


def test_plans_due_within_24_hours_notify_each_manager_once(w, django_capture_on_commit_callbacks):
    bout = _booked_bout(w, django_capture_on_commit_callbacks)
    now = timezone.now()
    Event.objects.filter(pk=bout.event_id).update(fight_at=now + dt.timedelta(hours=30))
    assert services.plans_due_notify(now) == 0  # 30 hours away: not yet
    Event.objects.filter(pk=bout.event_id).update(plans_due_at=now + dt.timedelta(hours=20))
    with django_capture_on_commit_callbacks(execute=True):
        assert services.plans_due_notify(now) == 2
        assert services.plans_due_notify(now + dt.timedelta(hours=1)) == 0
    [title] = _titles(w.owner, NoticeKind.PLANS_DUE)
    assert title.startswith(f"Plans due for {w.event.name} (")
    body = Notification.objects.get(user=w.owner, kind=NoticeKind.PLANS_DUE).body
    assert body.startswith("Plans lock in 20 hours") and "Ace 0 vs Bolt 0" in body


def test_a_fired_night_is_not_due(w, django_capture_on_commit_callbacks):
    bout = _booked_bout(w, django_capture_on_commit_callbacks)
    now = timezone.now()
    Event.objects.filter(pk=bout.event_id).update(
        fight_at=now + dt.timedelta(hours=2), fired_at=now
    )
    assert services.plans_due_notify(now) == 0


def test_marking_read_touches_only_his_own_notices(w, django_capture_on_commit_callbacks):
    _booked_bout(w, django_capture_on_commit_callbacks)
    theirs = Notification.objects.filter(user=w.other_manager).values_list("pk", flat=True)
    assert services.notices_mark_read(user=w.owner, notice_ids=list(theirs)) == 0
    assert services.notices_mark_read(user=w.owner) == 2
    assert Notification.objects.filter(user=w.other_manager, read_at__isnull=True).count() == 2


def test_settings_and_read_refuse_the_anonymous(w):
    from django.contrib.auth.models import AnonymousUser

    for write in (
        lambda: services.notices_mark_read(user=AnonymousUser()),
        lambda: services.settings_update(user=AnonymousUser(), kinds_off=[], daily_digest=True),
        lambda: services.feed_token_renew(user=AnonymousUser()),
    ):
        with pytest.raises(PermissionDenied):
            write()
    assert not NoticeSettings.objects.exists()


def test_renewing_the_feed_changes_its_address(w):
    old = services.settings_for(w.owner).feed_token
    assert services.feed_token_renew(user=w.owner).feed_token != old
