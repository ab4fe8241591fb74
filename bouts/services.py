"""Bout writes: schedule, queue, run, record, fail (HackSoft-style services).

The pipeline (DESIGN.md "How data flows")::

    bout_schedule -> Bout(status=scheduled)
    bout_queue    -> inputs snapshotted, status=queued, simulate_bout enqueued on commit
    bout_run      -> (task) claim: status=running, attempts+1  [own transaction]
                  -> simulate from the snapshot (pure engine, no transaction held)
                  -> bout_record: one transaction, status=completed

Exactly once in effect: ``bout_record`` locks the bout row (select_for_update)
and does nothing when the bout is already completed; the one-to-one Result is
the last guard. Claims count attempts in a committed transaction, so a worker
that dies mid-bout still uses up an attempt and the cap (``BOUTS_MAX_ATTEMPTS``,
default 5) turns a bout that keeps killing workers into a failed bout with its
reason instead of a loop.
"""

from __future__ import annotations

import datetime
import logging
import secrets
from collections import defaultdict
from functools import partial

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.db.models import F, Max, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from kombu.exceptions import OperationalError as KombuOperationalError

from bouts import careers as career_rules
from bouts import inputs as bout_inputs
from bouts import suspensions as suspension_rules
from bouts.engine import BoutResult, CardError, EngineError, get_ruleset
from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutStatus,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    Result,
    RoundStat,
)
from fighters.models import Career, Fighter, RatingCard
from league import services as league_services
from league.models import Event, MedicalSuspension

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
SEED_LIMIT = 2**31


def max_attempts() -> int:
    return int(getattr(settings, "BOUTS_MAX_ATTEMPTS", MAX_ATTEMPTS))


def _enqueue(bout_id: int) -> None:
    # Imported here: tasks imports this module.
    from bouts.tasks import simulate_bout

    queue = getattr(settings, "BOUTS_QUEUE", None)
    try:
        if queue:
            simulate_bout.apply_async((bout_id,), queue=queue)
        else:
            simulate_bout.delay(bout_id)
    except (KombuOperationalError, ConnectionError) as exc:
        # The bout is committed as queued: losing the broker must not turn the
        # request that scheduled it into an error. ``bouts_resend`` (admin action
        # "Re-send queued bouts") sends it again; running it twice is harmless.
        logger.error("bout %s is queued but its task could not be sent: %s", bout_id, exc)


# --- sides: who fights, and with which cards -------------------------------------------


def _inactive_on(fighter: Fighter, date: datetime.date) -> bool:
    return not fighter.is_active or (fighter.retired_on is not None and fighter.retired_on <= date)


def _suspensions_on(fighter_ids, date) -> dict[int, MedicalSuspension]:
    """The longest suspension in force on ``date`` for each of ``fighter_ids``."""
    found = {}
    for suspension in MedicalSuspension.objects.filter(
        fighter_id__in=list(fighter_ids), starts_on__lte=date, ends_on__gte=date
    ).order_by("ends_on"):
        found[suspension.fighter_id] = suspension
    return found


def _suspension_message(fighter, suspension) -> str:
    return (
        f"{fighter.name} is medically suspended until {suspension.ends_on.isoformat()} "
        f"({suspension.reason})."
    )


def _build_sides(*, bout: Bout, scheduling: bool) -> tuple[dict, dict, dict]:
    """``(sides, fighter_ids, errors)`` for the bout's ruleset and date: the
    engine cards (one-on-one) or sides (team) the bout would be fought with, the
    fighter ids on each side, and field errors (``{"red": [...], ...}``).

    Retirement and medical suspensions are scheduling rules (``scheduling``):
    queueing a scheduled bout checks only that it can be fought, so what is
    snapshotted never depends on which other bouts happen to have finished."""
    rules = get_ruleset(bout.ruleset)
    errors: dict[str, list[str]] = defaultdict(list)
    sides: dict = {}
    fighter_ids: dict[str, list[int]] = {}
    if not rules.team:
        fighters = {"red": bout.red, "blue": bout.blue}
        cards = {
            card.fighter_id: card
            for card in RatingCard.objects.filter(
                fighter_id__in=[f.id for f in fighters.values()], ruleset=bout.ruleset
            )
        }
        suspended = (
            _suspensions_on([f.id for f in fighters.values()], bout.date) if scheduling else {}
        )
        for side, fighter in fighters.items():
            fighter_ids[side] = [fighter.id]
            if scheduling and _inactive_on(fighter, bout.date):
                errors[side].append(f"{fighter.name} is retired.")
            if fighter.id in suspended:
                errors[side].append(_suspension_message(fighter, suspended[fighter.id]))
            card = cards.get(fighter.id)
            if card is None:
                errors[side].append(f"{fighter.name} has no {bout.ruleset} card.")
                continue
            data = bout_inputs.one_on_one_card(fighter, card)
            try:
                rules.validate_card(data)
            except CardError as exc:
                errors[side].append(f"{fighter.name}'s {bout.ruleset} card is invalid: {exc}")
            sides[side] = data
        return sides, fighter_ids, dict(errors)

    camps = {"red": bout.red_camp, "blue": bout.blue_camp}
    cards = (
        RatingCard.objects.filter(
            ruleset=bout.ruleset,
            fighter__camp_id__in=[c.id for c in camps.values()],
            fighter__is_active=True,
        )
        .select_related("fighter")
        .order_by("fighter_id")
    )
    members: dict[int, list] = defaultdict(list)
    for card in cards:
        if not _inactive_on(card.fighter, bout.date):
            members[card.fighter.camp_id].append((card.fighter, card))
    suspended = (
        _suspensions_on([f.id for pairs in members.values() for f, _ in pairs], bout.date)
        if scheduling
        else {}
    )
    for side, camp in camps.items():
        pairs = members[camp.id]
        fighter_ids[side] = [f.id for f, _ in pairs]
        for fighter, _ in pairs:
            if fighter.id in suspended:
                errors[f"{side}_camp"].append(
                    f"{camp.name}: " + _suspension_message(fighter, suspended[fighter.id])
                )
        if not pairs:
            errors[f"{side}_camp"].append(
                f"{camp.name} has no active fighter with a {bout.ruleset} card."
            )
            continue
        try:
            side_data = bout_inputs.team_side(bout.ruleset, camp, pairs, bout.seed)
            rules.validate_side(side_data)
        except EngineError as exc:
            errors[f"{side}_camp"].append(f"{camp.name} cannot field a side: {exc}")
            continue
        sides[side] = side_data
    return sides, fighter_ids, dict(errors)


# --- schedule and queue ------------------------------------------------------------------


def bout_schedule(
    *,
    ruleset: str,
    date: datetime.date | None = None,
    red: Fighter | None = None,
    blue: Fighter | None = None,
    red_camp=None,
    blue_camp=None,
    event: Event | None = None,
    division=None,
    order: int | None = None,
    scheduled_rounds: int | None = None,
    referee=None,
    judges=(),
    doctor=None,
    red_corner=None,
    blue_corner=None,
    plans: dict | None = None,
    options: dict | None = None,
    is_title_bout: bool = False,
    seed: int | None = None,
    idempotency_key: str | None = None,
    queue: bool = True,
    user=None,
) -> Bout:
    """Validate and create a bout; with ``queue`` snapshot its inputs and enqueue
    it on commit. Raises ``ValidationError`` with field messages and writes
    nothing when the bout cannot be fought. A known ``idempotency_key`` returns
    the bout it scheduled."""
    if idempotency_key:
        existing = Bout.objects.filter(idempotency_key=idempotency_key).first()
        if existing is not None:
            return existing
    try:
        rules = get_ruleset(ruleset)
    except EngineError as exc:
        raise ValidationError({"ruleset": [str(exc)]}) from None

    errors: dict[str, list[str]] = defaultdict(list)
    if rules.team:
        if red is not None or blue is not None:
            errors["red"].append(f"{ruleset} is a team ruleset: give red_camp and blue_camp.")
        if red_camp is None:
            errors["red_camp"].append("A camp is required for a team bout.")
        if blue_camp is None:
            errors["blue_camp"].append("A camp is required for a team bout.")
        if red_camp is not None and blue_camp is not None and red_camp.pk == blue_camp.pk:
            errors["blue_camp"].append("A camp cannot fight itself.")
    else:
        if red_camp is not None or blue_camp is not None:
            errors["red_camp"].append(f"{ruleset} is one-on-one: give red and blue fighters.")
        if red is None:
            errors["red"].append("A fighter is required.")
        if blue is None:
            errors["blue"].append("A fighter is required.")
        if red is not None and blue is not None and red.pk == blue.pk:
            errors["blue"].append(f"{red.name} cannot fight himself.")

    if date is None:
        if event is None:
            errors["date"].append("A date (or an event) is required.")
        else:
            date = event.date
    elif event is not None and date != event.date:
        errors["date"].append(f"The event {event.name} is on {event.date.isoformat()}.")
    if event is not None and event.league.ruleset and event.league.ruleset != ruleset:
        errors["ruleset"].append(
            f"{event.league.name} fights under {event.league.ruleset}, not {ruleset}."
        )
    if division is not None and event is not None and division.league_id != event.league_id:
        errors["division"].append(f"{division.name} is not a division of {event.league.name}.")

    if scheduled_rounds is None and event is not None:
        league = event.league
        wanted = league.title_rounds if is_title_bout else league.rounds
        scheduled_rounds = min(wanted, rules.max_rounds)
    try:
        scheduled_rounds = rules.validate_rounds(scheduled_rounds)
    except EngineError as exc:
        errors["scheduled_rounds"].append(str(getattr(exc, "rule", exc)))
    for field, value, check in (
        ("options", options, rules.validate_options),
        ("plans", plans, rules.validate_plans),
    ):
        try:
            check(value)
        except EngineError as exc:
            errors[field].append(str(exc))

    judges = [j for j in (judges or ()) if j is not None]
    if len(judges) not in (0, 3):
        errors["judges"].append(f"A bout has three judges (got {len(judges)}).")
    elif len({j.pk for j in judges}) != len(judges):
        errors["judges"].append("The three judges must be different people.")
    for field, official in (("referee", referee), ("doctor", doctor)):
        if official is not None and not official.is_active:
            errors[field].append(f"{official.name} is not active.")
    for judge in judges:
        if not judge.is_active:
            errors["judges"].append(f"{judge.name} is not active.")
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        errors["seed"].append("The seed must be a whole number from 0 to 2**63-1.")
    if errors:
        raise ValidationError(dict(errors))

    judge_1, judge_2, judge_3 = [*judges, None, None, None][:3]
    with transaction.atomic():
        if event is not None:
            # Serialise scheduling on one card: the one-bout-per-fighter check and
            # the next order number hold under concurrency.
            event = Event.objects.select_for_update().get(pk=event.pk)
        bout = Bout(
            ruleset=ruleset,
            event=event,
            division=division,
            date=date,
            red=red,
            blue=blue,
            red_camp=red_camp,
            blue_camp=blue_camp,
            scheduled_rounds=scheduled_rounds,
            options=options or {},
            plans=plans or {},
            referee=referee,
            judge_1=judge_1,
            judge_2=judge_2,
            judge_3=judge_3,
            doctor=doctor,
            red_corner=red_corner,
            blue_corner=blue_corner,
            is_title_bout=is_title_bout,
            seed=seed,
            idempotency_key=idempotency_key or None,
        )
        _sides, fighter_ids, side_errors = _build_sides(bout=bout, scheduling=True)
        for field, messages in side_errors.items():
            errors[field].extend(messages)
        if event is not None:
            _check_card_slot(bout=bout, event=event, fighter_ids=fighter_ids, errors=errors)
            if order is None:
                order = (event.bouts.aggregate(m=Max("order"))["m"] or 0) + 1
            elif event.bouts.filter(order=order).exists():
                errors["order"].append(f"Position {order} on {event.name} is taken.")
        bout.order = order or 1
        if errors:
            raise ValidationError(dict(errors))
        # The idempotency key's uniqueness is left to the database: a concurrent
        # request with the same key gets the bout the first one scheduled.
        bout.full_clean(exclude=["idempotency_key"])
        try:
            with transaction.atomic():
                bout.save()
        except IntegrityError:
            existing = (
                Bout.objects.filter(idempotency_key=idempotency_key).first()
                if idempotency_key
                else None
            )
            if existing is None:
                raise
            return existing
        if queue:
            bout_queue(bout=bout)
    return bout


def _check_card_slot(*, bout, event, fighter_ids, errors) -> None:
    """Nobody fights twice on one card (a camp's fighters count as theirs)."""
    columns = ["red_id", "blue_id", "red_camp_id", "blue_camp_id"]
    team = bout.red_camp is not None
    if team:
        columns.append("inputs")
    taken_fighters: set[int] = set()
    taken_camps: set[int] = set()
    for other in event.bouts.values(*columns):
        taken_fighters.update(i for i in (other["red_id"], other["blue_id"]) if i)
        taken_camps.update(i for i in (other["red_camp_id"], other["blue_camp_id"]) if i)
        if team:
            for ids in ((other["inputs"] or {}).get("fighters") or {}).values():
                taken_fighters.update(ids or ())
    for side in ("red", "blue"):
        fighter = getattr(bout, side)
        if fighter is not None and fighter.pk in taken_fighters:
            errors.setdefault(side, []).append(
                f"{fighter.name} already fights on {event.name}: one bout per fighter per event."
            )
        camp = getattr(bout, f"{side}_camp")
        if camp is None:
            continue
        if camp.pk in taken_camps:
            errors.setdefault(f"{side}_camp", []).append(
                f"{camp.name} already fights on {event.name}."
            )
        elif set(fighter_ids.get(side) or ()) & taken_fighters:
            errors.setdefault(f"{side}_camp", []).append(
                f"Fighters of {camp.name} already fight on {event.name}: "
                "one bout per fighter per event."
            )


def bout_queue(*, bout: Bout) -> Bout:
    """Snapshot the bout's inputs and enqueue ``simulate_bout`` on commit.

    A scheduled bout is queued; a failed bout is re-queued with a fresh snapshot
    and its attempts reset (nothing of it was recorded, so no finished record
    changes); a queued or running bout is left alone; a completed bout is
    refused."""
    with transaction.atomic():
        locked = (
            Bout.objects.select_for_update(of=("self",))
            .select_related(
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
            .get(pk=bout.pk)
        )
        if locked.status == BoutStatus.COMPLETED:
            raise ValidationError({"status": ["This bout is already completed."]})
        if locked.status in (BoutStatus.QUEUED, BoutStatus.RUNNING):
            return locked
        sides, fighter_ids, errors = _build_sides(bout=locked, scheduling=False)
        if errors:
            raise ValidationError(errors)
        locked.inputs = bout_inputs.inputs_snapshot(
            bout=locked, sides=sides, fighter_ids=fighter_ids
        )
        locked.status = BoutStatus.QUEUED
        locked.attempts = 0
        locked.failure_reason = ""
        locked.queued_at = timezone.now()
        locked.save(update_fields=["inputs", "status", "attempts", "failure_reason", "queued_at"])
        transaction.on_commit(partial(_enqueue, locked.pk))
    for field in ("inputs", "status", "attempts", "failure_reason", "queued_at"):
        setattr(bout, field, getattr(locked, field))
    return bout


def bouts_requeue_failed(*, bouts) -> tuple[int, dict[int, list[str]]]:
    """Re-queue the failed bouts among ``bouts``, each in its own transaction.
    Returns ``(how many were re-queued, {bout id: messages} for those refused)``."""
    count, refused = 0, {}
    for bout in bouts:
        if bout.status != BoutStatus.FAILED:
            continue
        try:
            bout_queue(bout=bout)
        except ValidationError as exc:
            refused[bout.pk] = exc.messages
            continue
        count += 1
    return count, refused


def bouts_resend(*, bouts) -> int:
    """Send the task again for queued or running bouts whose task was lost (a
    broker outage at queue time, a purged queue). Harmless for a bout whose task
    is still on its way: recording happens once. Returns how many were sent."""
    ids = [b.pk for b in bouts if b.status in (BoutStatus.QUEUED, BoutStatus.RUNNING)]
    for bout_id in ids:
        transaction.on_commit(partial(_enqueue, bout_id))
    return len(ids)


# --- run, fail, record ---------------------------------------------------------------------


def _bout_claim(*, bout_id: int) -> Bout | None:
    """Mark a queued (or interrupted running) bout running and count the attempt,
    in its own committed transaction. ``None``: nothing to do."""
    with transaction.atomic():
        bout = Bout.objects.select_for_update().filter(pk=bout_id).first()
        if bout is None:
            logger.warning("simulate_bout: bout %s does not exist", bout_id)
            return None
        if bout.status not in (BoutStatus.QUEUED, BoutStatus.RUNNING):
            return None
        if bout.attempts >= max_attempts():
            bout.status = BoutStatus.FAILED
            bout.failure_reason = (
                f"Gave up after {bout.attempts} attempts: every run was interrupted "
                "(worker lost or database errors)."
            )
            bout.save(update_fields=["status", "failure_reason"])
            return None
        bout.attempts += 1
        bout.status = BoutStatus.RUNNING
        bout.started_at = timezone.now()
        bout.save(update_fields=["attempts", "status", "started_at"])
    return bout


def bout_run(*, bout_id: int) -> str:
    """Fight a queued bout from its snapshot and record it. Returns the bout's
    status afterwards (or ``"skipped"``). Database errors propagate (the task
    retries them); engine errors fail the bout with the message."""
    bout = _bout_claim(bout_id=bout_id)
    if bout is None:
        status = Bout.objects.filter(pk=bout_id).values_list("status", flat=True).first()
        return status or "missing"
    if not bout.inputs:
        bout_fail(bout_id=bout_id, reason="The bout has no input snapshot (it was never queued).")
        return BoutStatus.FAILED
    try:
        result = bout_inputs.simulate_inputs(bout.inputs)
    except EngineError as exc:
        bout_fail(bout_id=bout_id, reason=f"Engine refused the inputs: {exc}")
        return BoutStatus.FAILED
    except Exception as exc:  # a bug in a ruleset: the same snapshot would fail again
        logger.exception("simulate_bout: engine crashed on bout %s", bout_id)
        bout_fail(bout_id=bout_id, reason=f"Engine crashed: {type(exc).__name__}: {exc}")
        return BoutStatus.FAILED
    try:
        bout_record(bout=bout, result=result)
    except (OperationalError, InterfaceError):
        raise  # the task retries these
    except Exception as exc:
        # Anything else would fail again on every try: say so on the bout rather
        # than leave it running for ever.
        logger.exception("simulate_bout: recording bout %s failed", bout_id)
        bout_fail(bout_id=bout_id, reason=f"Recording failed: {type(exc).__name__}: {exc}")
        return BoutStatus.FAILED
    return BoutStatus.COMPLETED


def bout_fail(*, bout_id: int, reason: str) -> None:
    """Mark a bout failed with its reason (a completed bout stays completed)."""
    with transaction.atomic():
        bout = Bout.objects.select_for_update().filter(pk=bout_id).first()
        if bout is None or bout.status == BoutStatus.COMPLETED:
            return
        bout.status = BoutStatus.FAILED
        bout.failure_reason = reason[:2000]
        bout.save(update_fields=["status", "failure_reason"])
        # A bracket must never stall on a bout the pipeline gave up on.
        league_services.bout_failed(bout=bout)


def _team_fighter(item: dict, allowed: set[int]) -> int | None:
    for key in ("fighter_id", "id"):
        value = item.get(key)
        if isinstance(value, int) and value in allowed:
            return value
    return None


def _career_update(fighter_ids: list[int], deltas: dict[str, int], date) -> None:
    changes = {field: F(field) + value for field, value in deltas.items()}
    changes["last_bout_on"] = Greatest(Coalesce(F("last_bout_on"), Value(date)), Value(date))
    updated = Career.objects.filter(fighter_id__in=fighter_ids).update(**changes)
    if updated != len(fighter_ids):
        # A fighter made without fighter_create has no Career row yet: give him one.
        have = set(
            Career.objects.filter(fighter_id__in=fighter_ids).values_list("fighter_id", flat=True)
        )
        missing = [i for i in fighter_ids if i not in have]
        Career.objects.bulk_create(
            [Career(fighter_id=i, last_bout_on=date, **deltas) for i in missing]
        )


def bout_record(*, bout: Bout, result: BoutResult | dict) -> Result | None:
    """Record a fought bout in one transaction: the result, rounds, every judge's
    score for every round, knockdowns, injuries, fouls, fighter lines (team),
    careers (F() increments), medical suspensions, the league's tables (the
    league hook) and ``status=completed``. A bout already completed is left as
    it is (returns ``None``): recording happens once whatever the deliveries."""
    data = result.to_dict() if isinstance(result, BoutResult) else dict(result)
    try:
        with transaction.atomic():
            return _record(bout=bout, data=data)
    except IntegrityError:
        if Result.objects.filter(bout_id=bout.pk).exists():
            return None  # another worker recorded it first
        raise


def _record(*, bout: Bout, data: dict) -> Result | None:
    locked = Bout.objects.select_for_update().get(pk=bout.pk)
    if locked.status == BoutStatus.COMPLETED:
        return None
    rules = get_ruleset(locked.ruleset)
    team = rules.team
    snapshot_fighters = (locked.inputs or {}).get("fighters") or {}
    if team:
        side_of = {
            fid: side for side in ("red", "blue") for fid in snapshot_fighters.get(side) or ()
        }
    else:
        side_of = {locked.red_id: "red", locked.blue_id: "blue"}
    allowed = set(side_of)

    lines = []
    for line in data.get("fighters") or ():
        stats = {k: v for k, v in line.items() if k not in ("side", "id", "name")}
        lines.append(
            BoutFighterLine(
                bout=locked,
                side=line["side"],
                fighter_id=_team_fighter(line, allowed),
                name=str(line.get("name", ""))[:120],
                stats=stats,
            )
        )
    if team and not any(line.fighter_id for line in lines):
        # The engine named nobody: every fighter of the snapshot's sides fought.
        names = dict(Fighter.objects.filter(id__in=allowed).values_list("id", "name"))
        lines += [
            BoutFighterLine(bout=locked, side=side_of[i], fighter_id=i, name=names.get(i, ""))
            for i in sorted(allowed)
        ]
    # Team engines name fighters in knockdowns, injuries and fouls by side and name.
    by_name = {(line.side, line.name): line.fighter_id for line in lines if line.fighter_id}

    def fighter_for(item: dict, side_key: str = "fighter") -> int | None:
        if team:
            return _team_fighter(item, allowed) or by_name.get(
                (item.get(side_key), item.get("name"))
            )
        side = item.get(side_key)
        return locked.red_id if side == "red" else locked.blue_id if side == "blue" else None

    winner = data.get("winner") or None
    record = Result(
        bout=locked,
        winner=winner,
        method=str(data["method"]),
        round=int(data["round"]),
        time=str(data["time"]),
        engine_result=data,
    )
    record.clean_fields(exclude=["bout"])
    record.save()

    round_stats = []
    for entry in data.get("rounds") or ():
        for side in ("red", "blue"):
            stats = entry.get(side) or {}
            round_stats.append(
                RoundStat(
                    bout=locked,
                    round=int(entry["round"]),
                    side=side,
                    landed=int(stats.get("landed", 0) or 0),
                    thrown=int(stats.get("thrown", 0) or 0),
                    damage=float(stats.get("damage", 0) or 0),
                    stats=stats,
                )
            )
    judges = (locked.judge_1_id, locked.judge_2_id, locked.judge_3_id)
    names = list(data.get("judges") or ())
    scores = []
    for index, card in enumerate(data.get("scorecards") or (), start=1):
        name = names[index - 1] if index - 1 < len(names) else f"Judge {index}"
        for number, (red_points, blue_points) in enumerate(card, start=1):
            scores.append(
                JudgeScore(
                    bout=locked,
                    judge_index=index,
                    judge_id=judges[index - 1] if index <= 3 else None,
                    judge_name=str(name)[:120],
                    round=number,
                    red=int(red_points),
                    blue=int(blue_points),
                )
            )
    knockdowns = [
        Knockdown(
            bout=locked,
            round=int(k["round"]),
            time=str(k.get("time", "")),
            side=k["fighter"],
            fighter_id=fighter_for(k),
            count=k.get("count"),
        )
        for k in data.get("knockdowns") or ()
    ]
    injuries = [
        Injury(
            bout=locked,
            round=int(i["round"]),
            time=str(i.get("time", "")),
            side=i["fighter"],
            fighter_id=fighter_for(i),
            type=str(i.get("type", ""))[:40],
            location=str(i.get("location", "") or "")[:60],
            severity=int(i.get("severity", 1)),
            text=str(i.get("text", "") or "")[:240],
        )
        for i in data.get("injuries") or ()
    ]
    fouls = [
        Foul(
            bout=locked,
            round=int(f["round"]),
            time=str(f.get("time", "")),
            side=f["fighter"],
            fighter_id=fighter_for(f),
            type=str(f.get("type", ""))[:40],
            penalty=str(f.get("penalty", "none"))[:16],
            points=int(f.get("points", 0) or 0),
        )
        for f in data.get("fouls") or ()
    ]
    for model, rows in (
        (RoundStat, round_stats),
        (JudgeScore, scores),
        (Knockdown, knockdowns),
        (Injury, injuries),
        (Foul, fouls),
        (BoutFighterLine, lines),
    ):
        if rows:
            for row in rows:
                row.clean_fields(exclude=["bout", "judge", "fighter"])
            model.objects.bulk_create(rows)

    # Careers: one UPDATE per distinct set of increments (two for a one-on-one
    # bout, one for a draw; a team bout's winners share one, its losers another).
    if team:
        credited = {}
        for line in lines:
            if line.fighter_id is not None and career_rules.line_credited(line.stats):
                credited.setdefault(line.fighter_id, line.side)
    else:
        credited = {locked.red_id: "red", locked.blue_id: "blue"}
    groups: dict[tuple, list[int]] = defaultdict(list)
    for fighter_id, side in credited.items():
        deltas = career_rules.career_deltas(
            winner=winner,
            method=record.method,
            side=side,
            is_title_bout=locked.is_title_bout,
            team=team,
        )
        groups[tuple(sorted(deltas.items()))].append(fighter_id)
    # In fighter order, so that two recordings sharing fighters lock their career
    # rows in the same order and cannot deadlock.
    for key, fighter_ids in sorted(groups.items(), key=lambda item: min(item[1])):
        _career_update(sorted(fighter_ids), dict(key), locked.date)

    suspensions = []
    charged = dict(data)
    if team:  # name each injury's fighter for the suspension rules
        charged["injuries"] = [
            {**injury, "fighter_id": fighter_for(injury)} for injury in data.get("injuries") or ()
        ]
    for ruling in suspension_rules.rulings_for(charged, team=team):
        fighter_id = ruling.fighter_id if team else fighter_for({"fighter": ruling.side})
        if fighter_id is None:
            continue
        suspensions.append(
            MedicalSuspension(
                fighter_id=fighter_id,
                bout=locked,
                reason=ruling.reason[:200],
                starts_on=locked.date,
                ends_on=locked.date + datetime.timedelta(days=ruling.days),
            )
        )
    if suspensions:
        MedicalSuspension.objects.bulk_create(suspensions)

    now = timezone.now()
    Bout.objects.filter(pk=locked.pk).update(
        status=BoutStatus.COMPLETED, completed_at=now, failure_reason=""
    )
    locked.status, locked.completed_at, locked.failure_reason = BoutStatus.COMPLETED, now, ""
    bout.status, bout.completed_at, bout.failure_reason = locked.status, now, ""
    league_services.bout_recorded(bout=locked)
    return record


# --- checks ---------------------------------------------------------------------------------


def career_check(*, fighters=None) -> list[dict]:
    """Disagreements between the stored careers and the completed bout rows:
    ``[{"fighter_id", "fighter", "field", "stored", "expected"}]`` (empty when
    every career agrees). ``fighters``: fighters or ids (default: all)."""
    from bouts.selectors import careers_from_bouts

    if fighters is None:
        fighter_ids = list(Fighter.objects.values_list("id", flat=True))
    else:
        fighter_ids = [getattr(f, "pk", f) for f in fighters]
    expected = careers_from_bouts(fighter_ids=fighter_ids)
    stored = {
        career.fighter_id: career
        for career in Career.objects.filter(fighter_id__in=fighter_ids).select_related("fighter")
    }
    names = dict(Fighter.objects.filter(id__in=fighter_ids).values_list("id", "name"))
    problems = []
    for fighter_id in fighter_ids:
        want = expected[fighter_id]
        career = stored.get(fighter_id)
        for field in (*career_rules.CAREER_FIELDS, "last_bout_on"):
            have = (
                getattr(career, field)
                if career is not None
                else (None if field == "last_bout_on" else 0)
            )
            if have != want[field]:
                problems.append(
                    {
                        "fighter_id": fighter_id,
                        "fighter": names.get(fighter_id, str(fighter_id)),
                        "field": field,
                        "stored": have,
                        "expected": want[field],
                    }
                )
    return problems
