"""Re-booking a postponed bout: the commissioner puts it on another fight night.

A bout postponed on its night (a fighter suspended or retired since it was
booked: ``bouts.services.firing``) keeps its row — its plans, its place in a
season or a bracket — and goes back to ``scheduled`` on the event given, with
the scheduling rules checked again for the new date (suspensions, retirement,
cards, one bout per fighter per card). It fights when that night fires (at
once, if the night has fired already: ``league.services.fight_nights`` fires
bouts booked on a fired night).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, Q

from bouts.models import Bout, BoutStatus
from bouts.services.scheduling import RELATED, bouts_locked
from bouts.services.sides import Sides
from bouts.services.voiding import can_void


def bout_rebook(*, bout: Bout, event, user=None, check_permission: bool = True) -> Bout:
    """Put a postponed bout on ``event`` (same league). ``PermissionDenied``
    unless staff or the league's commissioner; ``ValidationError`` (nothing
    changed) for a bout not postponed, another league's event, or a bout its
    fighters still cannot fight on the event's date."""
    # Who may re-book is who may void: staff, or the bout's league's commissioner.
    if check_permission and not can_void(user, bout):
        raise PermissionDenied("Only staff or the league's commissioner re-books this bout.")
    with transaction.atomic():
        locked = (
            Bout.objects.select_for_update(of=("self",))
            .select_related(*RELATED, "event", "division")
            .get(pk=bout.pk)
        )
        if locked.status != BoutStatus.POSTPONED:
            raise ValidationError({"status": ["Only a postponed bout is re-booked."]})
        league_id = (locked.event or locked.division).league_id
        if event.league_id != league_id:
            raise ValidationError({"event": [f"{event.name} is not an event of this league."]})
        taken = Bout.objects.filter(event=event).exclude(pk=locked.pk)
        if locked.red_id is not None:
            ids = [locked.red_id, locked.blue_id]
            clash = Q(red_id__in=ids) | Q(blue_id__in=ids)
        else:
            ids = [locked.red_camp_id, locked.blue_camp_id]
            clash = Q(red_camp_id__in=ids) | Q(blue_camp_id__in=ids)
        if taken.filter(clash).exists():
            raise ValidationError(
                {"event": [f"A side of this bout already fights on {event.name}."]}
            )
        locked.event, locked.date = event, event.date
        _, _, errors = Sides([locked], scheduling=True).build(locked)
        if errors:
            raise ValidationError({k: list(v) for k, v in errors.items()})
        locked.order = (taken.aggregate(o=Max("order"))["o"] or 0) + 1
        locked.status = BoutStatus.SCHEDULED
        locked.postponed_reason = ""
        locked.full_clean(exclude=["idempotency_key"])
        locked.save(update_fields=["event", "date", "order", "status", "postponed_reason"])
    return locked


def bouts_rebook(*, bouts, event) -> list[Bout]:
    """The operator's bulk re-booking (a season's make-up night, decided by the
    league): the postponed bouts among ``bouts`` (ids or rows, in card order)
    that their sides may fight on ``event``'s date go back to ``scheduled`` on
    it, each side once on the card; the others stay postponed. Returns the
    bouts moved. A fixed number of statements, whatever the number of bouts."""
    order = [getattr(b, "pk", b) for b in bouts]
    moved: list[Bout] = []
    with transaction.atomic():
        todo = bouts_locked(order, (BoutStatus.POSTPONED,))
        on_card = Bout.objects.filter(event=event).exclude(pk__in=[b.pk for b in todo])
        busy = set()
        for row in on_card.values_list("red_id", "blue_id", "red_camp_id", "blue_camp_id"):
            busy.update(_side_keys(*row))
        position = on_card.aggregate(o=Max("order"))["o"] or 0
        for bout in todo:
            bout.event, bout.date = event, event.date
        sides = Sides(todo, scheduling=True)
        for bout in todo:
            ids = _side_keys(bout.red_id, bout.blue_id, bout.red_camp_id, bout.blue_camp_id)
            if ids & busy or sides.build(bout)[2]:
                continue
            busy.update(ids)
            position += 1
            bout.order = position
            bout.status = BoutStatus.SCHEDULED
            bout.postponed_reason = ""
            moved.append(bout)
        Bout.objects.bulk_update(
            moved, ["event", "date", "order", "status", "postponed_reason"], batch_size=500
        )
    return moved


def _side_keys(red, blue, red_camp, blue_camp) -> set[tuple[str, int]]:
    """A bout's sides as keys that cannot confuse a fighter with a camp."""
    return {("fighter", pk) for pk in (red, blue) if pk is not None} | {
        ("camp", pk) for pk in (red_camp, blue_camp) if pk is not None
    }
