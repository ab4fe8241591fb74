"""A league's outbound webhooks: signed posts of results and title changes,
retried with backoff until the receiver takes them (a local receiver down for
its first tries loses nothing), every delivery kept; the commissioner's writes
refused to every other role."""

import datetime as dt
import hashlib
import hmac
import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from bouts.services.recording import bout_record
from league.models import DeliveryStatus, Title, Webhook, WebhookDelivery
from league.notices import tasks, webhooks
from league.services.bout_requests import request_answer, request_approve, request_create
from tests.league.conftest import fake_result

from .receiver import Receiver, free_port

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_backoff_wait(settings):
    settings.WEBHOOK_RETRY_BASE = 0


def _bout(w, capture):
    with capture(execute=True):
        asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
        request_answer(user=w.other_manager, bout_request=asked, accept=True)
        approved = request_approve(user=w.commissioner, bout_request=asked, event=w.event)
    return approved.bout


def _valid(secret, body, headers):
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, headers["X-Ringside-Signature"])


def test_a_result_reaches_a_receiver_down_for_its_first_tries_once_and_signed(
    w, django_capture_on_commit_callbacks
):
    bout = _bout(w, django_capture_on_commit_callbacks)
    with Receiver(down_for=3) as receiver:
        hook = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["result"]
        )
        with django_capture_on_commit_callbacks(execute=True):
            bout_record(bout=bout, result=fake_result("blue", "UD"))
    assert receiver.hits == 4
    [(body, headers)] = receiver.taken
    assert _valid(hook.secret, body, headers)
    payload = json.loads(body)
    assert payload["kind"] == "result" and payload["bout"] == bout.pk
    assert payload["text"].endswith("Bolt 0 beat Ace 0 by unanimous decision in round 3")
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_error) == (
        DeliveryStatus.DELIVERED,
        4,
        "",
    )
    assert headers["X-Ringside-Delivery"] == str(delivery.pk)


def test_a_receiver_that_is_not_listening_yet_loses_nothing(w):
    port = free_port()
    hook = webhooks.webhook_create(
        user=w.commissioner, league=w.league, url=f"http://127.0.0.1:{port}/hook", kinds=["title"]
    )
    delivery = WebhookDelivery.objects.create(
        webhook=hook, kind="title", key="title:1", payload={"text": "A new champion"}
    )
    with pytest.raises(webhooks.DeliveryFailed):
        webhooks.delivery_attempt(delivery.pk)
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.PENDING and delivery.attempts == 1
    assert delivery.last_error.startswith("Could not reach the receiver")
    with Receiver(port=port) as receiver:  # up now: the next try delivers
        assert tasks.deliver_webhook.delay(delivery.pk).get() is True
        assert tasks.deliver_webhook.delay(delivery.pk).get() is True  # again: nothing sent
    assert len(receiver.taken) == 1
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED and delivery.attempts == 2


def test_after_eight_failed_tries_the_delivery_is_kept_as_given_up(w):
    with Receiver(down_for=100) as receiver:
        hook = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["result"]
        )
        delivery = WebhookDelivery.objects.create(
            webhook=hook, kind="result", key="result:1", payload={"text": "x"}
        )
        assert tasks.deliver_webhook.delay(delivery.pk).get() is False
    delivery.refresh_from_db()
    assert receiver.hits == webhooks.MAX_TRIES == 8
    assert delivery.status == DeliveryStatus.FAILED and delivery.attempts == 8
    assert delivery.last_error == "The receiver answered 503 Service Unavailable"


def test_a_title_change_is_posted_to_the_webhooks_that_want_it_only(
    w, django_capture_on_commit_callbacks
):
    with Receiver() as receiver:
        titles_hook = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["title"]
        )
        results_only = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["result"]
        )
        switched_off = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["title"], active=False
        )
        title = Title.objects.create(division=w.division, name="Middle title")
        title.champion = w.mine[0]
        with django_capture_on_commit_callbacks(execute=True):
            title.save(update_fields=["champion", "champion_camp"])
    [(body, headers)] = receiver.taken
    assert _valid(titles_hook.secret, body, headers)
    assert json.loads(body)["text"].endswith("Ace 0 is the new holder of the Middle title")
    assert not WebhookDelivery.objects.filter(webhook__in=[results_only, switched_off]).exists()


def test_results_without_a_webhook_post_nothing(w, django_capture_on_commit_callbacks):
    bout = _bout(w, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        bout_record(bout=bout, result=fake_result("red", "KO"))
    assert not WebhookDelivery.objects.exists()


# --- who may ----------------------------------------------------------------------------


def _refused(w):
    return [AnonymousUser(), w.plain, w.owner, w.other_manager, w.outsider]


def test_only_the_commissioner_and_staff_add_a_webhook(w):
    for user in _refused(w):
        with pytest.raises(PermissionDenied):
            webhooks.webhook_create(
                user=user, league=w.league, url="https://chat.example/h", kinds=["result"]
            )
    assert not Webhook.objects.exists()
    for user in (w.commissioner, w.staff):
        webhooks.webhook_create(
            user=user, league=w.league, url="https://chat.example/h", kinds=["result"]
        )
    assert Webhook.objects.count() == 2


def test_only_the_commissioner_and_staff_change_or_remove_one(w):
    hook = webhooks.webhook_create(
        user=w.commissioner, league=w.league, url="https://chat.example/h", kinds=["result"]
    )
    secret = hook.secret
    for user in _refused(w):
        for write in (
            lambda u: webhooks.webhook_update(
                user=u, webhook=hook, url="https://evil.example/", kinds=["title"], active=True
            ),
            lambda u: webhooks.webhook_new_secret(user=u, webhook=hook),
            lambda u: webhooks.webhook_delete(user=u, webhook=hook),
        ):
            with pytest.raises(PermissionDenied):
                write(user)
    hook.refresh_from_db()
    assert (hook.url, hook.secret) == ("https://chat.example/h", secret)
    webhooks.webhook_new_secret(user=w.staff, webhook=hook)
    assert hook.secret != secret
    webhooks.webhook_delete(user=w.commissioner, webhook=hook)
    assert not Webhook.objects.exists()


def test_a_bad_address_or_no_kind_is_a_field_error_and_nothing_written(w):
    with pytest.raises(ValidationError) as exc:
        webhooks.webhook_create(user=w.commissioner, league=w.league, url="not a url", kinds=[])
    assert "kinds" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        webhooks.webhook_create(
            user=w.commissioner, league=w.league, url="not a url", kinds=["result"]
        )
    assert "url" in exc.value.message_dict
    assert not Webhook.objects.exists()


def test_the_console_page_per_role(client, w):
    url = reverse("console:webhooks", args=[w.league.slug])
    assert client.get(url).status_code == 302  # anonymous: sign in
    for user in (w.plain, w.owner, w.other_manager, w.outsider):
        client.force_login(user)
        assert client.get(url).status_code == 403
        response = client.post(
            reverse("console:webhook-new", args=[w.league.slug]),
            {"url": "https://chat.example/h", "kinds": ["result"]},
        )
        assert response.status_code == 403
    assert not Webhook.objects.exists()
    for user in (w.commissioner, w.staff):
        client.force_login(user)
        assert client.get(url).status_code == 200


def test_the_console_adds_switches_and_refuses_a_bad_address(client, w):
    client.force_login(w.commissioner)
    response = client.post(
        reverse("console:webhook-new", args=[w.league.slug]),
        {"url": "no address", "kinds": ["result"]},
    )
    assert response.status_code == 400 and "Enter a valid URL" in response.content.decode()
    response = client.post(
        reverse("console:webhook-new", args=[w.league.slug]),
        {"url": "https://chat.example/h", "kinds": ["result", "title"]},
    )
    assert response.status_code == 302
    hook = Webhook.objects.get()
    client.post(reverse("console:webhook-act", args=[hook.pk, "switch"]))
    hook.refresh_from_db()
    assert not hook.active
    page = client.get(reverse("console:webhooks", args=[w.league.slug])).content.decode()
    assert "Posts results, title changes" in page and "Switch on" in page
    client.force_login(w.outsider)
    assert client.post(reverse("console:webhook-act", args=[hook.pk, "delete"])).status_code == 403
    assert Webhook.objects.exists()


def test_a_delivery_whose_task_was_lost_is_sent_again_by_beat(w):
    with Receiver() as receiver:
        hook = webhooks.webhook_create(
            user=w.commissioner, league=w.league, url=receiver.url, kinds=["result"]
        )
        lost = WebhookDelivery.objects.create(
            webhook=hook, kind="result", key="result:1", payload={"text": "x"}
        )
        fresh = WebhookDelivery.objects.create(
            webhook=hook, kind="result", key="result:2", payload={"text": "y"}
        )
        WebhookDelivery.objects.filter(pk=lost.pk).update(
            created_at=timezone.now() - dt.timedelta(minutes=11)
        )
        assert tasks.resend_lost_deliveries.delay().get() == 1
    assert [json.loads(body)["text"] for body, _ in receiver.taken] == ["x"]
    fresh.refresh_from_db()
    assert fresh.status == DeliveryStatus.PENDING  # its own task may still come
