"""A commissioner builds an event's card: add a bout, take one off, move it up or
down, fight the card, re-queue a failed bout. A fighter goes on a card only if
fit on its date (the league's fitness rule, ``league.calendar``: refused in the
words the pages show); the other rules of a bout (roster, weight, card, one
bout per fighter per event) are the bouts app's
(``bouts.services.bouts_schedule``): one rule for every door.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from bouts.engine import get_ruleset
from bouts.models import IN_FLIGHT, UNFINISHED, Bout, BoutStatus
from bouts.services import BoutSpec, bout_rebook, bouts_requeue_failed, bouts_schedule
from league.calendar.selectors import status_words, statuses_on
from league.models import Division, Event
from league.services.common import derive_seed, division_is_team
from league.services.fight_nights import event_fight_now
from league.services.membership import require_commissioner

MOVES = ("up", "down")


def card_bout_add(
    *,
    user,
    event: Event,
    division: Division,
    red,
    blue,
    rounds: int | None = None,
    title: bool = False,
    referee=None,
    judges: Sequence = (),
    doctor=None,
    red_corner=None,
    blue_corner=None,
) -> Bout:
    """Put a bout on ``event``'s card as its new main event (the last position),
    scheduled and not yet queued. ``red`` and ``blue`` are fighters, or camps
    under a team ruleset. The league's distance (its title distance for a title
    bout) unless ``rounds`` is given."""
    league = event.league
    require_commissioner(user, league)
    if card_closed(event):
        raise ValidationError(
            {
                "card": [
                    f"{event.name} has been fought: its card is closed. "
                    "Put a late bout on the league's next card."
                ]
            }
        )
    if division.league_id != league.pk:
        raise ValidationError({"division": [f"{division.name} is not a division of {league}."]})
    if len([j for j in judges if j is not None]) not in (0, 3):
        raise ValidationError({"judges": ["Pick three judges, or none (the engine draws them)."]})
    rules = get_ruleset(league.ruleset)
    if rounds is None:
        rounds = min(league.title_rounds if title else league.rounds, rules.max_rounds)
    team = division_is_team(division)
    if not team:
        _require_fit(event, {"red": red, "blue": blue})
    side_names = ("red_camp", "blue_camp") if team else ("red", "blue")
    order = (event.bouts.aggregate(n=Max("order"))["n"] or 0) + 1
    spec = BoutSpec(
        ruleset=league.ruleset,
        date=event.date,
        event=event,
        division=division,
        scheduled_rounds=rounds,
        is_title_bout=title,
        referee=referee,
        judges=[j for j in judges if j is not None],
        doctor=doctor,
        red_corner=red_corner,
        blue_corner=blue_corner,
        seed=derive_seed(league.slug, "card", event.pk, order, getattr(red, "pk", red)),
        **{side_names[0]: red, side_names[1]: blue},
    )
    return bouts_schedule(specs=[spec], queue=False)[0]


def _require_fit(event: Event, sides: dict) -> None:
    """Both fighters fit on the card's date, or a field error each saying why
    ("Red Rooney is suspended until 5 Dec 2026 (cut)")."""
    statuses = statuses_on([f.pk for f in sides.values()], event.date, league=event.league)
    errors = {}
    for side, fighter in sides.items():
        status = statuses.get(fighter.pk)
        if status is not None and not status.fit:
            errors[side] = [f"{fighter.name} is {status_words(status)}."]
    if errors:
        raise ValidationError(errors)


def card_closed(event: Event, bouts: Sequence[Bout] | None = None) -> bool:
    """A card is closed to new bouts once its fight night has fired or any of
    its bouts has left the schedule (queued, fought, postponed): a late bout
    would otherwise become the main event of a night already over. ``bouts``:
    the card's bouts when already loaded (no query)."""
    if event.fired_at is not None:
        return True
    if bouts is not None:
        return any(b.status != BoutStatus.SCHEDULED for b in bouts)
    return event.bouts.exclude(status=BoutStatus.SCHEDULED).exists()


def _scheduled_only(event: Event, what: str) -> None:
    if event.bouts.exclude(status=BoutStatus.SCHEDULED).exists():
        raise ValidationError(
            {"card": [f"Bouts of {event.name} are queued or fought: {what} only before."]}
        )


def card_bout_remove(*, user, bout: Bout) -> None:
    """Take a bout that has not been queued off its card."""
    event = bout.event
    if event is None:
        raise ValidationError({"bout": ["This bout is on no card."]})
    require_commissioner(user, event.league)
    with transaction.atomic():
        deleted, _ = Bout.objects.filter(pk=bout.pk, status=BoutStatus.SCHEDULED).delete()
        if not deleted:
            raise ValidationError({"bout": ["Only a bout not yet queued can leave the card."]})


def card_bout_move(*, user, bout: Bout, direction: str) -> None:
    """Swap ``bout`` with its neighbour on the card ("up": towards the main event,
    the last position). The card's order is the league's chronological order, so
    it moves only while nothing on the card has been queued."""
    event = bout.event
    if event is None:
        raise ValidationError({"bout": ["This bout is on no card."]})
    require_commissioner(user, event.league)
    if direction not in MOVES:
        raise ValidationError({"direction": ["Move a bout up or down."]})
    with transaction.atomic():
        list(Event.objects.select_for_update().filter(pk=event.pk))
        _scheduled_only(event, "the card can be reordered")
        bouts = list(event.bouts.order_by("order", "id").only("id", "order"))
        index = next((i for i, b in enumerate(bouts) if b.pk == bout.pk), None)
        if index is None:
            raise ValidationError({"bout": ["This bout is not on the card."]})
        other = index + 1 if direction == "up" else index - 1
        if not 0 <= other < len(bouts):
            return
        a, b = bouts[index], bouts[other]
        # Through a free position: (event, order) is unique at every step.
        free = max(x.order for x in bouts) + 1
        Bout.objects.filter(pk=a.pk).update(order=free)
        Bout.objects.filter(pk=b.pk).update(order=a.order)
        Bout.objects.filter(pk=a.pk).update(order=b.order)


def card_fight(*, user, event: Event) -> dict:
    """Fight the card now: its fight night is made due and fired (the plans
    lock; a bout whose fighter was suspended or retired since it was booked is
    postponed with the reason, never fought; the rest are queued in card order).
    A season's event fires once every earlier event of its season is finished.
    Returns ``{"queued": n, "finished": n, "in_flight": n, "postponed": n,
    "waiting": bool}``: ``queued`` counts every bout sent to the workers, of
    which ``finished`` are already fought (or failed) and ``in_flight`` not yet."""
    require_commissioner(user, event.league)
    if not event.bouts.filter(status=BoutStatus.SCHEDULED).exists():
        raise ValidationError({"card": [f"{event.name} has no bout waiting to be fought."]})
    fired = event_fight_now(event=event, user=user)
    statuses = list(event.bouts.values_list("status", flat=True))
    return {
        "queued": sum(s not in (BoutStatus.SCHEDULED, BoutStatus.POSTPONED) for s in statuses),
        "finished": sum(s not in (*UNFINISHED, BoutStatus.POSTPONED) for s in statuses),
        "in_flight": sum(s in IN_FLIGHT for s in statuses),
        "postponed": statuses.count(BoutStatus.POSTPONED),
        "waiting": not any(e.pk == event.pk for e in fired),
    }


def card_rebook(*, user, bout: Bout, event: Event) -> Bout:
    """Put a postponed bout on another card of its league (the bouts app's
    re-booking rules: its fighters must be able to fight on that date)."""
    require_commissioner(user, event.league)
    return bout_rebook(bout=bout, event=event, user=user)


def card_requeue(*, user, bout: Bout) -> None:
    """Queue a failed bout again (a fresh snapshot of its inputs)."""
    event = bout.event
    if event is None:
        raise ValidationError({"bout": ["This bout is on no card."]})
    require_commissioner(user, event.league)
    if bout.status != BoutStatus.FAILED:
        raise ValidationError({"bout": ["Only a failed bout can be queued again."]})
    _, refused = bouts_requeue_failed(bouts=[bout])
    if refused:
        raise ValidationError({"bout": refused[bout.pk]})
