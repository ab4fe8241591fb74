"""The bout admin: lists and filters, read-only record, re-queue failed bouts."""

import pytest
from django.urls import reverse

from bouts.models import Bout, BoutStatus
from tests.bouts import factories
from tests.bouts.helpers import fight

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    return fight(ruleset, red, blue, officials=officials)


def test_changelist_filters_by_status_ruleset_and_date(admin_client, fought, ruleset):
    url = reverse("admin:bouts_bout_changelist")
    response = admin_client.get(
        url, {"status__exact": "completed", "ruleset": ruleset, "date__year": fought.date.year}
    )
    assert response.status_code == 200
    assert fought.red.name in response.content.decode()
    response = admin_client.get(url, {"status__exact": "failed"})
    assert fought.red.name not in response.content.decode()


def test_change_page_shows_the_record_read_only(admin_client, fought, officials):
    url = reverse("admin:bouts_bout_change", args=[fought.pk])
    page = admin_client.get(url).content.decode()
    assert officials["judges"][0].name in page
    assert fought.result.method in page
    # the record cannot be edited or added to from the admin
    assert 'name="judge_scores-0-red"' not in page
    assert admin_client.get(reverse("admin:bouts_bout_add")).status_code == 403


def test_action_requeues_failed_bouts_only(admin_client, fought, ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    from bouts import services

    failed = services.bout_schedule(ruleset=ruleset, date=factories.DAY, red=red, blue=blue)
    Bout.objects.filter(pk=failed.pk).update(status=BoutStatus.FAILED, failure_reason="boom")
    response = admin_client.post(
        reverse("admin:bouts_bout_changelist"),
        {"action": "requeue_failed", "_selected_action": [failed.pk, fought.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "Re-queued 1 failed bout. 1 not failed, left alone." in response.content.decode()
    failed.refresh_from_db()
    assert failed.status == BoutStatus.QUEUED and failed.failure_reason == ""
    assert Bout.objects.get(pk=fought.pk).status == BoutStatus.COMPLETED


def test_void_action_asks_for_a_reason_then_voids(admin_client, fought):
    url = reverse("admin:bouts_bout_changelist")
    ask = admin_client.post(url, {"action": "void_results", "_selected_action": [fought.pk]})
    assert ask.status_code == 200 and 'name="void_reason"' in ask.content.decode()
    assert Bout.objects.get(pk=fought.pk).status == BoutStatus.COMPLETED
    empty = admin_client.post(
        url,
        {
            "action": "void_results",
            "_selected_action": [fought.pk],
            "confirm_void": "1",
            "void_reason": " ",
        },
    )
    assert "Give the reason" in empty.content.decode()
    done = admin_client.post(
        url,
        {
            "action": "void_results",
            "_selected_action": [fought.pk],
            "confirm_void": "1",
            "void_reason": "wrong result entered",
        },
        follow=True,
    )
    assert "Voided 1 result." in done.content.decode()
    bout = Bout.objects.get(pk=fought.pk)
    assert bout.status == BoutStatus.VOIDED and bout.void_reason == "wrong result entered"
    assert bout.voided_by is not None and bout.voided_by.is_superuser
    again = admin_client.post(
        url,
        {
            "action": "void_results",
            "_selected_action": [fought.pk],
            "confirm_void": "1",
            "void_reason": "again",
        },
        follow=True,
    )
    assert "already voided" in again.content.decode()
