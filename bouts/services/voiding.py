"""Voiding a result: the bout keeps its record, shown as voided, and counts for
nothing — careers lose what it gave them, and the league (listening to
``bouts.signals.voided``) re-derives the division without it.

Medical suspensions written by the bout stay: they protect a fighter's health,
which a voided result does not change.
"""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from bouts import careers as career_rules
from bouts import report_cache, signals
from bouts.models import Bout, BoutFighterLine, BoutStatus
from bouts.services.careers import careers_add, careers_set_last_bout
from core.scoping import may_edit

MAX_REASON = 2000


def can_void(user, bout: Bout) -> bool:
    """Staff, or a commissioner of the league the bout was fought in (its event's
    or its division's league: data the bout points to). League-less bouts are
    staff-only."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser:
        return True
    league_ids = set(
        Bout.objects.filter(pk=bout.pk).values_list("event__league_id", "division__league_id")[0]
    ) - {None}
    return may_edit(user, league_ids)  # no league: staff-only (may_edit refuses an empty set)


def bout_void(*, bout: Bout, reason: str, user=None, check_permission: bool = True) -> Bout:
    """Void a completed bout with a reason. Raises ``ValidationError`` for a bout
    not completed (or voided already) or an empty reason, ``PermissionDenied``
    for a user who may not void it. Commands run as the operator
    (``check_permission=False``)."""
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise ValidationError({"reason": ["Give the reason for voiding the result."]})
    if len(reason) > MAX_REASON:
        raise ValidationError({"reason": [f"At most {MAX_REASON} characters."]})
    if check_permission and not can_void(user, bout):
        raise PermissionDenied("Only staff or the league's commissioner can void this bout.")
    with transaction.atomic():
        locked = (
            Bout.objects.select_for_update(of=("self",))
            .select_related("result")
            .filter(pk=bout.pk)
            .first()
        )
        if locked is None:
            raise ValidationError({"bout": ["No such bout."]})
        if locked.status == BoutStatus.VOIDED:
            raise ValidationError({"status": ["This bout's result is already voided."]})
        if locked.status != BoutStatus.COMPLETED:
            raise ValidationError(
                {"status": [f"Only a completed bout can be voided (this one is {locked.status})."]}
            )
        _take_back_careers(locked)
        locked.status = BoutStatus.VOIDED
        locked.voided_at = timezone.now()
        locked.voided_by = user if getattr(user, "is_authenticated", False) else None
        locked.void_reason = reason
        locked.save(update_fields=["status", "voided_at", "voided_by", "void_reason"])
        signals.send_on_commit(signals.voided, [signals.fact(locked)])
        # Its cached report (API detail, page) showed it as counting.
        transaction.on_commit(lambda: report_cache.forget(locked.pk))
    for name in ("status", "voided_at", "voided_by", "void_reason"):
        setattr(bout, name, getattr(locked, name))
    return bout


def _take_back_careers(bout: Bout) -> None:
    result = bout.result
    team = bout.red_camp_id is not None
    if team:
        credited: dict[int, str] = {}
        for fighter_id, side, stats in BoutFighterLine.objects.filter(
            bout=bout, fighter__isnull=False
        ).values_list("fighter_id", "side", "stats"):
            if career_rules.line_credited(stats):
                credited.setdefault(fighter_id, side)
    else:
        credited = {bout.red_id: "red", bout.blue_id: "blue"}
    deltas: dict[int, dict[str, int]] = defaultdict(dict)
    for fighter_id, side in credited.items():
        for field, value in career_rules.career_deltas(
            winner=result.winner or None,
            method=result.method,
            side=side,
            is_title_bout=bout.is_title_bout,
            team=team,
        ).items():
            deltas[fighter_id][field] = -value
    careers_add(dict(deltas))
    # The last bout date goes back to the latest bout that still counts.
    fighter_ids = sorted(credited)
    last = dict.fromkeys(fighter_ids)
    counted = Bout.objects.filter(status=BoutStatus.COMPLETED).exclude(pk=bout.pk)
    if not team:
        for column in ("red_id", "blue_id"):
            rows = (
                counted.filter(**{f"{column}__in": fighter_ids})
                .values(column)
                .annotate(d=Max("date"))
                .values_list(column, "d")
            )
            for fighter_id, date in rows:
                if last[fighter_id] is None or date > last[fighter_id]:
                    last[fighter_id] = date
    else:
        rows = (
            BoutFighterLine.objects.filter(
                Q(fighter_id__in=fighter_ids), bout__status=BoutStatus.COMPLETED
            )
            .exclude(bout_id=bout.pk)
            .values("fighter_id")
            .annotate(d=Max("bout__date"))
            .values_list("fighter_id", "d")
        )
        last.update(dict(rows))
    careers_set_last_bout(last)
