"""The bridge: reads what happened, asks ``core`` who hears what, writes the
notices (one per user and fact) and sends their email on commit (a thin Celery
task, ``league.notices.tasks``). Switched-off kinds are not written at all; a
user on the daily digest gets his email from the digest task instead.

Every write a person makes here is permission-checked: a user marks his own
notices read and edits his own settings."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bouts.models import Bout
from bouts.queueing import send
from league.models import BoutRequest, Event, NoticeKind, NoticeSettings, Notification
from league.notices import core

log = logging.getLogger(__name__)

_BOUT_SIDES = ("red__camp", "blue__camp", "red_camp", "blue_camp", "event", "division__league")


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Sign in first.")


# --- reading facts -----------------------------------------------------------------


def _corner(fighter, camp) -> core.Corner:
    if fighter is not None:
        return core.Corner(fighter.name, fighter.camp.owner_id if fighter.camp else None)
    return core.Corner(camp.name, camp.owner_id)


def _managed(bouts):
    """Only bouts with a manager on a side: a simulated league's season costs one
    query that finds nothing."""
    return bouts.filter(
        Q(red__camp__owner__isnull=False)
        | Q(blue__camp__owner__isnull=False)
        | Q(red_camp__owner__isnull=False)
        | Q(blue_camp__owner__isnull=False)
    )


def _bout_view(bout: Bout, result=None) -> core.BoutView:
    league = bout.division.league if bout.division_id else None
    return core.BoutView(
        id=bout.pk,
        league_id=league.pk if league else None,
        league_name=league.name if league else "",
        event_name=bout.event.name if bout.event_id else "",
        date=bout.date,
        red=_corner(bout.red, bout.red_camp),
        blue=_corner(bout.blue, bout.blue_camp),
        is_title=bout.is_title_bout,
        winner=result.winner if result else None,
        method=result.method if result else "",
        round=result.round if result else None,
    )


def bouts_booked(bout_ids: Iterable[int]) -> int:
    bouts = _managed(Bout.objects.filter(pk__in=list(bout_ids))).select_related(*_BOUT_SIDES)
    return notices_write(core.booked([_bout_view(b) for b in bouts.order_by("pk")]))


def bouts_resulted(bout_ids: Iterable[int]) -> int:
    bouts = (
        _managed(Bout.objects.filter(pk__in=list(bout_ids), result__isnull=False))
        .select_related(*_BOUT_SIDES, "result")
        .order_by("pk")
    )
    return notices_write(core.results([_bout_view(b, b.result) for b in bouts]))


def _request_view(request: BoutRequest) -> core.RequestView:
    return core.RequestView(
        id=request.pk,
        league_id=request.league_id,
        league_name=request.league.name,
        fighter=core.Corner(request.fighter.name, request.camp.owner_id if request.camp else None),
        opponent=core.Corner(
            request.opponent.name,
            request.opponent_camp.owner_id if request.opponent_camp else None,
        ),
        status=request.status,
        message=request.message,
        answer=request.answer,
        decision_note=request.decision_note,
        auto_approve=request.league.auto_approve_requests,
    )


def request_changed(request_id: int, *, created: bool) -> int:
    request = (
        BoutRequest.objects.select_related("league", "fighter", "opponent", "camp", "opponent_camp")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        return 0
    view = _request_view(request)
    return notices_write(core.request_received(view) if created else core.request_answered(view))


PLANS_DUE_WITHIN = dt.timedelta(hours=24)


def plans_due_notify(now: dt.datetime | None = None) -> int:
    """Beat: the fight nights not yet fired whose plans lock within 24 hours:
    each manager with a fighter on the card hears once (the notice's key)."""
    now = now or timezone.now()
    soon = now + PLANS_DUE_WITHIN
    events = (
        Event.objects.filter(fired_at__isnull=True, fight_at__isnull=False)
        .filter(
            Q(plans_due_at__isnull=False, plans_due_at__gt=now, plans_due_at__lte=soon)
            | Q(plans_due_at__isnull=True, fight_at__gt=now, fight_at__lte=soon)
        )
        .select_related("league")
        .order_by("pk")
    )
    events = list(events)
    if not events:
        return 0
    bouts = (
        _managed(Bout.objects.filter(event__in=events))
        .select_related(*_BOUT_SIDES)
        .order_by("event_id", "order", "pk")
    )
    by_event: dict[int, list] = {}
    for bout in bouts:
        view = _bout_view(bout)
        for mine, theirs in ((view.red, view.blue), (view.blue, view.red)):
            by_event.setdefault(bout.event_id, []).append((bout.pk, mine, theirs))
    notices = []
    for event in events:
        night = core.NightView(
            id=event.pk,
            league_id=event.league_id,
            league_name=event.league.name,
            name=event.name,
            date=event.date,
            locks_at=event.plan_deadline,
            bouts=tuple(by_event.get(event.pk, ())),
        )
        notices.extend(core.plans_due(night, now))
    return notices_write(notices)


# --- writing -----------------------------------------------------------------------


def notices_write(notices: list[core.Notice]) -> int:
    """Write the notices their users want (a kind switched off is not written)
    that are not already there; their email goes on commit. Returns how many."""
    if not notices:
        return 0
    user_ids = {n.user_id for n in notices}
    off = {
        s.user_id: set(s.kinds_off)
        for s in NoticeSettings.objects.filter(user_id__in=user_ids).only("user_id", "kinds_off")
    }
    wanted = [n for n in notices if n.kind not in off.get(n.user_id, ())]
    if not wanted:
        return 0
    known = set(
        Notification.objects.filter(
            user_id__in={n.user_id for n in wanted}, key__in={n.key for n in wanted}
        ).values_list("user_id", "key")
    )
    fresh = [n for n in wanted if (n.user_id, n.key) not in known]
    rows = []
    for notice in fresh:
        row = Notification(
            user_id=notice.user_id,
            kind=notice.kind,
            league_id=notice.league_id,
            key=notice.key,
            title=notice.title[:200],
            body=notice.body,
            link=notice.link,
        )
        row.full_clean(exclude=["user", "league"], validate_unique=False)
        rows.append(row)
    # Two announcements of one fact at once: the constraint keeps one notice.
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    pairs = [[n.user_id, n.key] for n in fresh]
    if pairs:
        transaction.on_commit(lambda: _enqueue_emails(pairs))
    return len(fresh)


def _enqueue_emails(pairs) -> None:
    from league.notices import tasks

    try:
        send(tasks.send_notice_emails, pairs)
    except Exception:  # the broker down: the notices stay in the inbox, unsent
        log.exception("Could not queue the notices' email")


def _email_text(notice: Notification) -> str:
    link = f"{settings.SITE_URL}{notice.link}" if notice.link else ""
    return "\n".join(line for line in (notice.body, link) if line)


def notice_emails_send(pairs) -> int:
    """Email each notice (by ``[user_id, key]``) not yet emailed to a user with
    an address who is not on the daily digest. A notice is claimed before it is
    sent, so a task run twice sends once."""
    query = Q(pk__in=[])
    for user_id, key in pairs:
        query |= Q(user_id=user_id, key=key)
    notices = (
        Notification.objects.filter(query, emailed_at__isnull=True)
        .exclude(user__email="")
        .exclude(user__notice_settings__daily_digest=True)
        .select_related("user")
        .order_by("pk")
    )
    sent = 0
    for notice in notices:
        claimed = Notification.objects.filter(pk=notice.pk, emailed_at__isnull=True).update(
            emailed_at=timezone.now()
        )
        if not claimed:
            continue
        send_mail(
            f"Ringside: {notice.title}",
            _email_text(notice),
            settings.DEFAULT_FROM_EMAIL,
            [notice.user.email],
        )
        sent += 1
    return sent


def digests_send() -> int:
    """Beat, daily: one email to each digest user with everything not yet emailed."""
    users = NoticeSettings.objects.filter(daily_digest=True).exclude(user__email="")
    sent = 0
    for settings_row in users.select_related("user").order_by("pk"):
        with transaction.atomic():
            notices = list(
                Notification.objects.select_for_update()
                .filter(user_id=settings_row.user_id, emailed_at__isnull=True)
                .order_by("created_at", "pk")
            )
            if not notices:
                continue
            Notification.objects.filter(pk__in=[n.pk for n in notices]).update(
                emailed_at=timezone.now()
            )
            lines = [f"- {n.title}\n  {_email_text(n)}" for n in notices]
            count = len(notices)
            subject = f"Ringside: {count} new {'notice' if count == 1 else 'notices'} today"
            send_mail(
                subject,
                "\n".join(lines),
                settings.DEFAULT_FROM_EMAIL,
                [settings_row.user.email],
            )
        sent += 1
    return sent


# --- the user's own writes ------------------------------------------------------------


def notices_mark_read(*, user, notice_ids: Iterable[int] | None = None) -> int:
    """Mark the user's notices read (all of them when no ids are given). Only
    his own: another user's ids are ignored, never marked."""
    _signed_in(user)
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if notice_ids is not None:
        rows = rows.filter(pk__in=list(notice_ids))
    return rows.update(read_at=timezone.now())


def settings_for(user) -> NoticeSettings:
    _signed_in(user)
    row, _ = NoticeSettings.objects.get_or_create(user=user)
    return row


def settings_update(*, user, kinds_off: Iterable[str], daily_digest: bool) -> NoticeSettings:
    row = settings_for(user)
    kinds_off = sorted(set(kinds_off))
    unknown = [k for k in kinds_off if k not in NoticeKind.values]
    if unknown:
        raise ValidationError({"kinds_off": ["Choose the kinds of notice from the list."]})
    row.kinds_off = kinds_off
    row.daily_digest = bool(daily_digest)
    row.full_clean()
    row.save(update_fields=["kinds_off", "daily_digest"])
    return row


def feed_token_renew(*, user) -> NoticeSettings:
    """A new address for the user's fight-night feed: the old one stops working."""
    row = settings_for(user)
    row.feed_token = NoticeSettings._meta.get_field("feed_token").default()
    row.full_clean()
    row.save(update_fields=["feed_token"])
    return row
