"""The request side of the pipeline: schedule, queue, re-queue, re-send.

``bouts_schedule`` takes many bouts at once (a season, a bracket round, a card)
and does the same work for 1 or 2,000 of them in a fixed number of queries:
every rule checked once per batch (cards, suspensions, one bout per fighter per
card), the bouts — already snapshotted and queued when ``queue`` — created with
one bulk INSERT, and their tasks sent on commit in batches of
``BOUTS_BATCH_SIZE``. ``bout_schedule`` is the one-bout form the API, the admin
and ``simulate_bout`` use.
"""

from __future__ import annotations

import datetime
import logging
import secrets
from collections import defaultdict
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import OperationalError as KombuOperationalError

from bouts import inputs as bout_inputs
from bouts import plans as bout_plans
from bouts import signals
from bouts.engine import EngineError, get_ruleset
from bouts.models import Bout, BoutStatus
from bouts.queueing import send
from bouts.services.booking_run import BookingRun
from bouts.services.sides import Sides, read_rosters
from core.bulk import insert_rows
from core.dates import long_date
from league.models import Event

logger = logging.getLogger(__name__)

SIMULATE_BOUTS = "bouts.tasks.simulate_bouts"
SEED_LIMIT = 2**31
BATCH_SIZE = 50
STALE_AFTER = 600
RELATED = (
    "red",
    "blue",
    "red_camp",
    "blue_camp",
    "referee",
    "judge_1",
    "judge_2",
    "judge_3",
    "doctor",
    "red_corner",
    "blue_corner",
)


def batch_size() -> int:
    return max(1, int(getattr(settings, "BOUTS_BATCH_SIZE", BATCH_SIZE)))


def stale_after() -> int:
    return int(getattr(settings, "BOUTS_STALE_AFTER", STALE_AFTER))


# --- sending tasks ------------------------------------------------------------------------


def _send(bout_ids: list[int]) -> None:
    # The request side names the worker's task (the message is the contract)
    # rather than importing bouts.tasks, which imports these services.
    try:
        send(current_app.tasks[SIMULATE_BOUTS], bout_ids)
    except (KombuOperationalError, ConnectionError) as exc:
        # The bouts are committed as queued: losing the broker must not turn the
        # request that scheduled them into an error. The beat sweeper
        # (bouts_resend_stale) sends them again; running a bout twice is harmless.
        logger.error("%d queued bout(s) could not be sent: %s", len(bout_ids), exc)


def enqueue_on_commit(bout_ids: Sequence[int], *, size: int | None = None) -> None:
    """Send ``simulate_bouts`` tasks for ``bout_ids`` (in the order given: league
    order for a season) in batches (of ``size``, default ``BOUTS_BATCH_SIZE``),
    once the current transaction commits."""
    ids = list(bout_ids)
    size = size or batch_size()
    for start in range(0, len(ids), size):
        transaction.on_commit(partial(_send, ids[start : start + size]))


# --- schedule -----------------------------------------------------------------------------


@dataclass
class BoutSpec:
    """One bout to schedule: the arguments of ``bout_schedule``."""

    ruleset: str
    date: datetime.date | None = None
    red: object = None
    blue: object = None
    red_camp: object = None
    blue_camp: object = None
    event: Event | None = None
    division: object = None
    order: int | None = None
    scheduled_rounds: int | None = None
    referee: object = None
    judges: Sequence = ()
    doctor: object = None
    red_corner: object = None
    blue_corner: object = None
    plans: dict | None = None
    options: dict | None = None
    is_title_bout: bool = False
    seed: int | None = None
    idempotency_key: str | None = None
    # Booked already postponed, with this reason (a season's pairing whose
    # fighter is medically suspended on its night: fought on a make-up night).
    # Its sides are checked as for queueing (rosters, cards), not against
    # suspensions; it is never queued here.
    postponed_reason: str = ""
    errors: dict = field(default_factory=lambda: defaultdict(list), repr=False)


def _check_spec(spec: BoutSpec) -> None:
    """The rules that need no query (the arguments themselves)."""
    errors = spec.errors
    try:
        rules = get_ruleset(spec.ruleset)
    except EngineError as exc:
        errors["ruleset"].append(str(exc))
        return
    ruleset = spec.ruleset
    if rules.team:
        if spec.red is not None or spec.blue is not None:
            errors["red"].append(f"{ruleset} is a team ruleset: give red_camp and blue_camp.")
        if spec.red_camp is None:
            errors["red_camp"].append("A camp is required for a team bout.")
        if spec.blue_camp is None:
            errors["blue_camp"].append("A camp is required for a team bout.")
        camps = (spec.red_camp, spec.blue_camp)
        if None not in camps and camps[0].pk == camps[1].pk:
            errors["blue_camp"].append("A camp cannot fight itself.")
    else:
        if spec.red_camp is not None or spec.blue_camp is not None:
            errors["red_camp"].append(f"{ruleset} is one-on-one: give red and blue fighters.")
        if spec.red is None:
            errors["red"].append("A fighter is required.")
        if spec.blue is None:
            errors["blue"].append("A fighter is required.")
        if spec.red is not None and spec.blue is not None and spec.red.pk == spec.blue.pk:
            errors["blue"].append(f"{spec.red.name} cannot fight himself.")

    event = spec.event
    if spec.date is None:
        if event is None:
            errors["date"].append("A date (or an event) is required.")
        else:
            spec.date = event.date
    elif event is not None and spec.date != event.date:
        errors["date"].append(f"The event {event.name} is on {long_date(event.date)}.")
    if event is not None and event.league.ruleset and event.league.ruleset != ruleset:
        errors["ruleset"].append(
            f"{event.league.name} fights under {event.league.ruleset}, not {ruleset}."
        )
    division = spec.division
    if division is not None and event is not None and division.league_id != event.league_id:
        errors["division"].append(f"{division.name} is not a division of {event.league.name}.")

    if spec.scheduled_rounds is None and event is not None:
        league = event.league
        wanted = league.title_rounds if spec.is_title_bout else league.rounds
        spec.scheduled_rounds = min(wanted, rules.max_rounds)
    try:
        spec.scheduled_rounds = rules.validate_rounds(spec.scheduled_rounds)
    except EngineError as exc:
        errors["scheduled_rounds"].append(str(getattr(exc, "rule", exc)))
    for name, value, check in (
        ("options", spec.options, rules.validate_options),
        ("plans", spec.plans, rules.validate_plans),
    ):
        try:
            check(value)
        except EngineError as exc:
            errors[name].append(str(exc))

    judges = [j for j in (spec.judges or ()) if j is not None]
    spec.judges = judges
    if len(judges) not in (0, 3):
        errors["judges"].append(f"A bout has three judges (got {len(judges)}).")
    elif len({j.pk for j in judges}) != len(judges):
        errors["judges"].append("The three judges must be different people.")
    for name, official in (("referee", spec.referee), ("doctor", spec.doctor)):
        if official is not None and not official.is_active:
            errors[name].append(f"{official.name} is not active.")
    for judge in judges:
        if not judge.is_active:
            errors["judges"].append(f"{judge.name} is not active.")
    seed = spec.seed
    if seed is None:
        spec.seed = secrets.randbelow(SEED_LIMIT)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        errors["seed"].append("The seed must be a whole number from 0 to 2**63-1.")


def _bout_of(spec: BoutSpec) -> Bout:
    judge_1, judge_2, judge_3 = [*spec.judges, None, None, None][:3]
    return Bout(
        ruleset=spec.ruleset,
        event=spec.event,
        division=spec.division,
        date=spec.date,
        red=spec.red,
        blue=spec.blue,
        red_camp=spec.red_camp,
        blue_camp=spec.blue_camp,
        scheduled_rounds=spec.scheduled_rounds,
        options=spec.options or {},
        plans=spec.plans or {},
        referee=spec.referee,
        judge_1=judge_1,
        judge_2=judge_2,
        judge_3=judge_3,
        doctor=spec.doctor,
        red_corner=spec.red_corner,
        blue_corner=spec.blue_corner,
        is_title_bout=spec.is_title_bout,
        seed=spec.seed,
        idempotency_key=spec.idempotency_key or None,
        order=spec.order or 1,
        status=BoutStatus.POSTPONED if spec.postponed_reason else BoutStatus.SCHEDULED,
        postponed_reason=spec.postponed_reason,
    )


class _Cards:
    """Who already fights on each event, and the positions taken (one query for
    every event of a batch), updated as the batch's own bouts are placed."""

    def __init__(self, events: Sequence[Event]):
        self.fighters: dict[int, set[int]] = defaultdict(set)
        self.camps: dict[int, set[int]] = defaultdict(set)
        self.orders: dict[int, set[int]] = defaultdict(set)
        if not events:
            return
        rows = Bout.objects.filter(event_id__in=[e.pk for e in events]).values(
            "event_id",
            "order",
            "red_id",
            "blue_id",
            "red_camp_id",
            "blue_camp_id",
            "inputs__fighters",
        )
        for row in rows:
            self._take(
                row["event_id"],
                row["order"],
                (row["red_id"], row["blue_id"]),
                (row["red_camp_id"], row["blue_camp_id"]),
                [i for ids in (row["inputs__fighters"] or {}).values() for i in ids or ()],
            )

    def _take(self, event_id, order, fighters, camps, members) -> None:
        self.orders[event_id].add(order)
        self.fighters[event_id].update(i for i in (*fighters, *members) if i)
        self.camps[event_id].update(i for i in camps if i)

    def place(self, spec: BoutSpec, bout: Bout, fighter_ids: dict) -> None:
        """Check one bout per fighter (or camp) per card and the position; take
        the place when the bout is clean."""
        event = spec.event
        errors = spec.errors
        taken_fighters, taken_camps = self.fighters[event.pk], self.camps[event.pk]
        for side in ("red", "blue"):
            fighter = getattr(bout, side)
            if fighter is not None and fighter.pk in taken_fighters:
                errors[side].append(
                    f"{fighter.name} already fights on {event.name}: "
                    "one bout per fighter per event."
                )
            camp = getattr(bout, f"{side}_camp")
            if camp is None:
                continue
            if camp.pk in taken_camps:
                errors[f"{side}_camp"].append(f"{camp.name} already fights on {event.name}.")
            elif set(fighter_ids.get(side) or ()) & taken_fighters:
                errors[f"{side}_camp"].append(
                    f"Fighters of {camp.name} already fight on {event.name}: "
                    "one bout per fighter per event."
                )
        if spec.order is None:
            bout.order = max(self.orders[event.pk], default=0) + 1
        elif spec.order in self.orders[event.pk]:
            errors["order"].append(f"Position {spec.order} on {event.name} is taken.")
        if not errors:
            members = [i for ids in fighter_ids.values() for i in ids] if bout.red_camp else []
            self._take(
                event.pk,
                bout.order,
                (bout.red_id, bout.blue_id),
                (bout.red_camp_id, bout.blue_camp_id),
                members,
            )


def _check_rosters(specs: Sequence[BoutSpec], reads: BookingRun | None) -> None:
    """A division's bout is fought by its own: fighters on its roster (of its
    weight class), or, under a team ruleset, its camps. One query per batch for
    each kind (reading the division's roster is data the bout points to)."""
    divisional = [s for s in specs if s.division is not None]
    if not divisional:
        return
    division_ids = sorted({s.division.pk for s in divisional})
    if reads is not None:
        fighters, camps = reads.rosters(division_ids)
    else:
        fighters, camps = read_rosters(division_ids)
    for spec in divisional:
        division = spec.division
        for side in ("red", "blue"):
            fighter = getattr(spec, side)
            if fighter is not None:
                if (division.pk, fighter.pk) not in fighters:
                    spec.errors[side].append(
                        f"{fighter.name} is not on the roster of {division.name}."
                    )
                elif fighter.weight_class != division.weight_class:
                    spec.errors[side].append(
                        f"{fighter.name} is a {fighter.get_weight_class_display()}, "
                        f"not a {division.get_weight_class_display()}."
                    )
            camp = getattr(spec, f"{side}_camp")
            if camp is not None and (division.pk, camp.pk) not in camps:
                spec.errors[f"{side}_camp"].append(f"{camp.name} is not a camp of {division.name}.")


def _raise(specs: Sequence[BoutSpec]) -> None:
    bad = [s for s in specs if s.errors]
    if not bad:
        return
    if len(specs) == 1:
        raise ValidationError({k: list(v) for k, v in bad[0].errors.items()})
    merged: dict[str, list[str]] = defaultdict(list)
    for spec in bad:
        who = " vs ".join(
            str(getattr(x, "name", x))
            for x in (spec.red or spec.red_camp, spec.blue or spec.blue_camp)
        )
        for key, messages in spec.errors.items():
            merged[key].extend(f"{who}: {m}" for m in messages)
    raise ValidationError(dict(merged))


def _check_sides(
    specs: Sequence[BoutSpec], cards: _Cards, reads: BookingRun | None = None
) -> tuple[list[Bout], list]:
    """The rules that read the database (rosters, cards, retirement, medical
    suspensions, one bout per fighter per card): the unsaved bouts and their
    built sides, the errors left on the specs."""
    _check_rosters(specs, reads)
    bouts = [_bout_of(s) for s in specs]
    sides = Sides([b for b in bouts if not b.postponed_reason], scheduling=True, reads=reads)
    booked_postponed = Sides([b for b in bouts if b.postponed_reason], scheduling=False)
    built = []
    for spec, bout in zip(specs, bouts):
        bout_sides, fighter_ids, side_errors = (
            booked_postponed if bout.postponed_reason else sides
        ).build(bout)
        for key, messages in side_errors.items():
            spec.errors[key].extend(messages)
        if spec.event is not None:
            cards.place(spec, bout, fighter_ids)
        built.append((bout_sides, fighter_ids))
    return bouts, built


def bouts_check(*, specs: Sequence[BoutSpec]) -> None:
    """Would ``bouts_schedule`` take these bouts? The same rules, nothing written
    and no row locked: raises ``ValidationError`` with the same field messages.
    For asking before the bout is made (a bout request at each of its steps)."""
    specs = list(specs)
    for spec in specs:
        _check_spec(spec)
    _raise(specs)
    events = {s.event.pk: s.event for s in specs if s.event}
    _check_sides(specs, _Cards(list(events.values())))
    _raise(specs)


def bouts_schedule(
    *,
    specs: Sequence[BoutSpec],
    queue: bool = True,
    send: bool = True,
    batch: bool = False,
    booking_run: BookingRun | None = None,
) -> list[Bout]:
    """Validate and create many bouts at once; with ``queue`` they are created
    already snapshotted and queued, and (unless ``send`` is off: the caller
    fights them itself) their tasks are sent in batches on commit. All or
    nothing: any broken rule raises ``ValidationError`` (field messages naming
    the bout) and writes nothing. A spec whose
    ``idempotency_key`` is known returns the bout that key scheduled. A
    ``batch`` (a league's night, built from its own rows) is checked as a batch
    even when it holds one bout.

    A ``booking_run`` (a play-until stretch: ``BookingRun``) books inside the
    caller's transaction: its reads are shared, its bouts get their keys now
    and are written at the run's ``flush``, and no savepoint of ours is taken
    (a refusal is raised before anything is written)."""
    specs = list(specs)
    if not specs:
        return []
    for spec in specs:
        _check_spec(spec)
    _raise(specs)
    keys = [s.idempotency_key for s in specs if s.idempotency_key]
    existing = (
        {b.idempotency_key: b for b in Bout.objects.filter(idempotency_key__in=keys)}
        if keys
        else {}
    )
    fresh = [s for s in specs if not (s.idempotency_key and s.idempotency_key in existing)]
    with nullcontext() if booking_run is not None else transaction.atomic():
        bouts = _schedule_fresh(fresh, queue=queue, batch=batch, booking_run=booking_run)
        try:
            if booking_run is not None and booking_run.defer_writes:
                for bout in bouts:
                    booking_run.give_id(bout)
                booking_run.write_later(bouts)
            else:
                # Its own savepoint only where a concurrent twin can collide.
                with transaction.atomic(savepoint=bool(keys)):
                    insert_rows(Bout, bouts, with_ids=True)
        except IntegrityError:
            # A concurrent request with the same idempotency key got there first.
            again = {b.idempotency_key: b for b in Bout.objects.filter(idempotency_key__in=keys)}
            if not keys or not all(s.idempotency_key in again for s in fresh):
                raise
            existing.update(again)
            bouts, fresh = [], []
        if queue and send and bouts:
            enqueue_on_commit([b.pk for b in bouts if not b.postponed_reason])
        # Who listens (the league's notices) hears of the new bouts once they are there.
        signals.send_on_commit(signals.scheduled, [signals.fact(b) for b in bouts])
    made = {id(s): b for s, b in zip(fresh, bouts)}
    return [made.get(id(s)) or existing[s.idempotency_key] for s in specs]


def _schedule_fresh(
    fresh: list[BoutSpec], *, queue: bool, batch: bool, booking_run: BookingRun | None
) -> list[Bout]:
    """The new bouts of ``fresh`` checked (``ValidationError`` when one breaks a
    rule) and, with ``queue``, snapshotted and queued; not yet written."""
    events = sorted({s.event.pk: s.event for s in fresh if s.event}.values(), key=lambda e: e.pk)
    # A card made in this transaction (``booking_run.events_made``) is seen by
    # nobody else and holds only the run's bouts: neither locked nor read.
    made_here = booking_run.events_made if booking_run is not None else set()
    shared = [e for e in events if e.pk not in made_here]
    if shared:
        # Serialise scheduling on a card: the one-bout-per-fighter check and
        # the positions hold under concurrency.
        list(Event.objects.select_for_update().filter(pk__in=[e.pk for e in shared]))
    bouts, built = _check_sides(fresh, _Cards(shared), booking_run)
    _raise(fresh)
    now = timezone.now()
    fight_with = bout_plans.plans_to_fight(bouts, booking_run) if queue else {}
    for bout, (bout_sides, fighter_ids) in zip(bouts, built):
        if len(fresh) == 1 and not batch:
            # The one-bout path (API, admin): every model rule, queries included.
            bout.full_clean(exclude=["idempotency_key"])
        else:
            # A batch: the rules full_clean would query for (related rows exist,
            # a free position on the card) were checked once above, and the
            # database's constraints hold them too.
            bout.clean_fields(exclude=["idempotency_key", *RELATED, "event", "division"])
        if queue and not bout.postponed_reason:
            bout_mark_queued(
                bout,
                sides=bout_sides,
                fighter_ids=fighter_ids,
                plan_choice=fight_with[id(bout)],
                now=now,
            )
    return bouts


def bout_schedule(*, queue: bool = True, user=None, **fields) -> Bout:
    """Validate and create one bout (``BoutSpec``'s fields as keywords); with
    ``queue`` snapshot its inputs and enqueue it on commit. Raises
    ``ValidationError`` with field messages and writes nothing when the bout
    cannot be fought. A known ``idempotency_key`` returns the bout it scheduled."""
    return bouts_schedule(specs=[BoutSpec(**fields)], queue=queue)[0]


# --- queue, re-queue, re-send ------------------------------------------------------------


def bouts_locked(order: list[int], statuses) -> list[Bout]:
    """The bouts of ``order`` in one of ``statuses``, locked (in id order, so two
    callers never deadlock) and returned in the order given."""
    locked = {
        b.pk: b
        for b in Bout.objects.select_for_update(of=("self",))
        .select_related(*RELATED)
        .filter(pk__in=order, status__in=statuses)
        .order_by("pk")
    }
    return [locked[pk] for pk in order if pk in locked]


def bout_mark_queued(bout: Bout, *, sides, fighter_ids, plan_choice, now) -> None:
    """Snapshot ``bout``'s inputs (its sides and the plans it fights with) and
    mark it queued, attempts reset; the caller saves it in bulk."""
    plans, sources = plan_choice
    bout.inputs = bout_inputs.inputs_snapshot(
        bout=bout, sides=sides, fighter_ids=fighter_ids, plans=plans, plan_sources=sources
    )
    bout.status = BoutStatus.QUEUED
    bout.attempts = 0
    bout.failure_reason = ""
    bout.queued_at = now


def bouts_queue(*, bouts) -> list[Bout]:
    """Snapshot scheduled (or failed) bouts and queue them, their tasks sent in
    batches on commit, in the order given. Queued, running and completed bouts
    are left alone. All or nothing: a bout that cannot be fought raises
    ``ValidationError`` and nothing is queued. A failed bout is re-queued with a
    fresh snapshot and its attempts reset (nothing of it was recorded)."""
    order = [getattr(b, "pk", b) for b in bouts]
    if not order:
        return []
    with transaction.atomic():
        todo = bouts_locked(order, (BoutStatus.SCHEDULED, BoutStatus.FAILED))
        if not todo:
            return []
        sides = Sides(todo, scheduling=False)
        fight_with = bout_plans.plans_to_fight(todo)
        errors: dict[str, list[str]] = defaultdict(list)
        now = timezone.now()
        for bout in todo:
            bout_sides, fighter_ids, bout_errors = sides.build(bout)
            for key, messages in bout_errors.items():
                errors[key].extend(messages)
            if not bout_errors:
                bout_mark_queued(
                    bout,
                    sides=bout_sides,
                    fighter_ids=fighter_ids,
                    plan_choice=fight_with[id(bout)],
                    now=now,
                )
        if errors:
            raise ValidationError(dict(errors))
        Bout.objects.bulk_update(
            todo, ["inputs", "status", "attempts", "failure_reason", "queued_at"], batch_size=500
        )
        enqueue_on_commit([b.pk for b in todo])
    return todo


def bout_queue(*, bout: Bout) -> Bout:
    """Queue one bout (see ``bouts_queue``); a completed bout is refused."""
    status = Bout.objects.filter(pk=bout.pk).values_list("status", flat=True).first()
    if status in (BoutStatus.COMPLETED, BoutStatus.VOIDED):
        raise ValidationError({"status": [f"This bout is already {status}."]})
    if status == BoutStatus.POSTPONED:
        raise ValidationError(
            {"status": ["This bout was postponed on its fight night: book it again."]}
        )
    queued = bouts_queue(bouts=[bout])
    source = queued[0] if queued else Bout.objects.get(pk=bout.pk)
    for name in ("inputs", "status", "attempts", "failure_reason", "queued_at"):
        setattr(bout, name, getattr(source, name))
    return bout


def bouts_requeue_failed(*, bouts) -> tuple[int, dict[int, list[str]]]:
    """Re-queue the failed bouts among ``bouts``, each in its own transaction.
    Returns ``(how many were re-queued, {bout id: messages} for those refused)``."""
    count, refused = 0, {}
    for bout in bouts:
        if bout.status != BoutStatus.FAILED:
            continue
        try:
            bouts_queue(bouts=[bout])
        except ValidationError as exc:
            refused[bout.pk] = exc.messages
            continue
        count += 1
    return count, refused


def bouts_resend(*, bouts) -> int:
    """Send the task again for queued or running bouts whose task was lost (a
    broker outage at queue time, a purged queue, a worker killed between taking
    a message and filing it). Harmless for a bout whose task is still on its
    way: recording happens once. Returns how many were sent."""
    ids = [b.pk for b in bouts if b.status in (BoutStatus.QUEUED, BoutStatus.RUNNING)]
    if ids:
        Bout.objects.filter(pk__in=ids, status=BoutStatus.QUEUED).update(queued_at=timezone.now())
        enqueue_on_commit(ids)
    return len(ids)


def bouts_resend_stale(*, older_than: int | None = None) -> int:
    """The beat sweeper: re-send every bout queued or running for longer than
    ``older_than`` seconds (``BOUTS_STALE_AFTER``, default 600), in league
    order. Its ``queued_at`` is moved to now, so a bout is re-sent at most once
    per period even when the queue is merely long. Returns how many."""
    seconds = stale_after() if older_than is None else older_than
    cutoff = timezone.now() - datetime.timedelta(seconds=seconds)
    stale = Q(status=BoutStatus.QUEUED, queued_at__lt=cutoff) | Q(
        status=BoutStatus.RUNNING, started_at__lt=cutoff
    )
    with transaction.atomic():
        ids = list(
            Bout.objects.filter(stale)
            .order_by("date", "event_id", "order", "id")
            .values_list("pk", flat=True)
        )
        if ids:
            Bout.objects.filter(pk__in=ids, status=BoutStatus.QUEUED).update(
                queued_at=timezone.now()
            )
            Bout.objects.filter(pk__in=ids, status=BoutStatus.RUNNING).update(
                started_at=timezone.now()
            )
            logger.warning("re-sending %d stale bout(s)", len(ids))
            enqueue_on_commit(ids)
    return len(ids)
