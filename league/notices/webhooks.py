"""A league's outbound webhooks: the commissioner's writes (permission-checked),
the news posted (results, title changes) and its delivery.

Each post is a ``WebhookDelivery`` row written with the news, so nothing is
lost: the Celery task (``tasks.deliver_webhook``) posts the JSON body signed with
the webhook's secret (``X-Ringside-Signature: sha256=<HMAC-SHA256 of the body>``)
and retries with exponential backoff; the row keeps the attempts and last error.
The receiver may see a post twice (a worker lost after it was answered): the
``X-Ringside-Delivery`` header names the delivery, to drop the second."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import logging
import urllib.error
import urllib.request

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from bouts.engine.registry import method_name
from bouts.queueing import send
from league.models import DeliveryStatus, League, Title, Webhook, WebhookDelivery, WebhookKind
from league.services.membership import require_commissioner

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10
MAX_TRIES = 8


# --- the commissioner's writes ------------------------------------------------------


def _kinds(kinds) -> list[str]:
    kinds = sorted(set(kinds or ()))
    if not kinds or any(k not in WebhookKind.values for k in kinds):
        raise ValidationError({"kinds": ["Choose what is posted: results, title changes or both."]})
    return kinds


def webhook_create(*, user, league: League, url: str, kinds, active: bool = True) -> Webhook:
    require_commissioner(user, league)
    hook = Webhook(league=league, url=(url or "").strip(), kinds=_kinds(kinds), active=active)
    hook.full_clean()
    hook.save()
    return hook


def _own(user, hook: Webhook) -> Webhook:
    require_commissioner(user, hook.league)
    return hook


def webhook_update(*, user, webhook: Webhook, url: str, kinds, active: bool) -> Webhook:
    _own(user, webhook)
    webhook.url, webhook.kinds, webhook.active = (url or "").strip(), _kinds(kinds), bool(active)
    webhook.full_clean()
    webhook.save(update_fields=["url", "kinds", "active"])
    return webhook


def webhook_new_secret(*, user, webhook: Webhook) -> Webhook:
    _own(user, webhook)
    webhook.secret = Webhook._meta.get_field("secret").default()
    webhook.save(update_fields=["secret"])
    return webhook


def webhook_delete(*, user, webhook: Webhook) -> None:
    _own(user, webhook)
    webhook.delete()


# --- the news ------------------------------------------------------------------------


def _post(league_id: int, kind: str, key: str, payload: dict) -> int:
    """A delivery for each active webhook of the league that wants ``kind``
    (once per webhook and fact); each sent on commit."""
    hooks = [h for h in Webhook.objects.filter(league_id=league_id, active=True) if kind in h.kinds]
    if not hooks:
        return 0
    WebhookDelivery.objects.bulk_create(
        [WebhookDelivery(webhook=h, kind=kind, key=key, payload=payload) for h in hooks],
        ignore_conflicts=True,
    )
    ids = list(
        WebhookDelivery.objects.filter(
            webhook__in=hooks, key=key, status=DeliveryStatus.PENDING, attempts=0
        ).values_list("pk", flat=True)
    )
    transaction.on_commit(lambda: _enqueue(ids))
    return len(ids)


def _enqueue(ids) -> None:
    from league.notices import tasks

    for delivery_id in ids:
        try:
            send(tasks.deliver_webhook, delivery_id)
        except Exception:  # the broker down: the row stays pending, to send again
            log.exception("Could not queue webhook delivery %s", delivery_id)


def _name(fighter, camp) -> str:
    return fighter.name if fighter is not None else camp.name


def results_post(bout_ids) -> int:
    from bouts.models import Bout

    bouts = (
        Bout.objects.filter(
            pk__in=list(bout_ids),
            result__isnull=False,
            division__league__webhooks__active=True,
        )
        .distinct()
        .select_related("red", "blue", "red_camp", "blue_camp", "result", "division__league")
        .order_by("pk")
    )
    posted = 0
    for bout in bouts:
        red, blue = _name(bout.red, bout.red_camp), _name(bout.blue, bout.blue_camp)
        result = bout.result
        how = method_name(result.method).lower()
        if result.winner is None:
            text = f"{red} and {blue} drew ({how})"
            winner = None
        else:
            winner, loser = (red, blue) if result.winner == "red" else (blue, red)
            text = f"{winner} beat {loser} by {how} in round {result.round}"
        league = bout.division.league
        payload = {
            "kind": WebhookKind.RESULT,
            "league": league.slug,
            "text": f"{league.name}: {text}" + (" (title bout)" if bout.is_title_bout else ""),
            "bout": bout.pk,
            "date": bout.date.isoformat(),
            "red": red,
            "blue": blue,
            "winner": winner,
            "method": result.method,
            "round": result.round,
            "title_bout": bout.is_title_bout,
            "url": f"{settings.SITE_URL}/bouts/{bout.pk}/",
        }
        posted += _post(league.pk, WebhookKind.RESULT, f"result:{bout.pk}", payload)
    return posted


def title_changed(title_id: int) -> int:
    title = (
        Title.objects.select_related("division__league", "champion", "champion_camp")
        .filter(pk=title_id)
        .first()
    )
    if title is None:
        return 0
    league = title.division.league
    holder = title.champion or title.champion_camp
    reigns = title.reigns.count()
    if holder is None:
        text = f"{league.name}: the {title.name} is vacant"
    else:
        text = f"{league.name}: {holder.name} is the new holder of the {title.name}"
    payload = {
        "kind": WebhookKind.TITLE,
        "league": league.slug,
        "text": text,
        "title": title.name,
        "division": title.division.name,
        "champion": holder.name if holder else None,
        "reign": reigns,
        "url": f"{settings.SITE_URL}/divisions/{title.division_id}/title/",
    }
    key = f"title:{title.pk}:{reigns}:{holder.pk if holder else 0}"
    return _post(league.pk, WebhookKind.TITLE, key, payload)


# --- delivery -----------------------------------------------------------------------


def body_of(payload: dict) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class DeliveryFailed(Exception):
    pass


def delivery_attempt(delivery_id: int) -> bool:
    """Post one delivery. True when it is done (delivered, or nothing to do);
    raises ``DeliveryFailed`` (the attempt and its error kept on the row) so the
    task retries."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != DeliveryStatus.PENDING:
        return True
    hook = delivery.webhook
    body = body_of(delivery.payload)
    request = urllib.request.Request(
        hook.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "Ringside-Webhook",
            "X-Ringside-Signature": signature(hook.secret, body),
            "X-Ringside-Delivery": str(delivery.pk),
            "X-Ringside-Event": delivery.kind,
        },
    )
    error = ""
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        error = f"The receiver answered {exc.code} {exc.reason}"
    except (urllib.error.URLError, OSError) as exc:
        error = f"Could not reach the receiver: {getattr(exc, 'reason', exc)}"
    else:
        if not 200 <= status < 300:
            error = f"The receiver answered {status}"
    delivery.attempts += 1
    delivery.last_error = error[:300]
    if not error:
        delivery.status = DeliveryStatus.DELIVERED
        delivery.delivered_at = timezone.now()
    delivery.save(update_fields=["attempts", "last_error", "status", "delivered_at"])
    if error:
        raise DeliveryFailed(error)
    return True


def delivery_give_up(delivery_id: int) -> None:
    WebhookDelivery.objects.filter(pk=delivery_id, status=DeliveryStatus.PENDING).update(
        status=DeliveryStatus.FAILED
    )


LOST_AFTER = dt.timedelta(minutes=10)


def lost_deliveries(now=None) -> list[int]:
    """Deliveries never tried ten minutes after they were written: their task
    was never queued (the broker was down) or was lost. Beat sends them again;
    a delivery only slow to be tried may then be posted twice (the receiver
    drops the repeat by its X-Ringside-Delivery)."""
    now = now or timezone.now()
    return list(
        WebhookDelivery.objects.filter(
            status=DeliveryStatus.PENDING, attempts=0, created_at__lt=now - LOST_AFTER
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:500]
    )


def may_manage(user, league: League) -> bool:
    try:
        require_commissioner(user, league)
    except PermissionDenied:
        return False
    return True
