"""The worker side of the pipeline: claim, fight, record, fail — in batches.

A task carries a batch of bout ids (a chunk of a season, a fight card, or one
bout from the API)::

    bouts_claim   one transaction: SELECT ... FOR UPDATE SKIP LOCKED the queued
                  (or interrupted running) bouts, one UPDATE: running, attempts+1
    engine        each bout from its snapshot (pure; no transaction held)
    bouts_record  one transaction for the whole batch: every row of every bout
                  with one bulk INSERT per table, careers with one UPDATE,
                  status=completed; ``bouts.signals.recorded`` on commit

Exactly once in effect: ``bouts_record`` locks the batch's bout rows and skips
any already completed (a redelivered or duplicated task); the one-to-one
``Result`` is the last guard. A claim counts an attempt in a committed
transaction, so a bout whose runs keep dying fails after ``BOUTS_MAX_ATTEMPTS``
instead of looping. The bouts app never calls the league: it announces what
happened (docs/pipeline.md).
"""

from __future__ import annotations

import datetime
import logging
from collections import defaultdict

from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone

from bouts import careers as career_rules
from bouts import inputs as bout_inputs
from bouts import signals
from bouts import suspensions as suspension_rules
from bouts.engine import EngineError, get_ruleset
from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutStatus,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    MedicalSuspension,
    Result,
    RoundStat,
)
from bouts.services.careers import careers_add
from core.bulk import insert_values
from fighters.models import Fighter

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
RETRYABLE = (OperationalError, InterfaceError)


def max_attempts() -> int:
    return int(getattr(settings, "BOUTS_MAX_ATTEMPTS", MAX_ATTEMPTS))


# --- claim --------------------------------------------------------------------------------


def bouts_claim(*, bout_ids, with_inputs: bool = True) -> list[Bout]:
    """Mark the queued (or interrupted running) bouts among ``bout_ids`` running
    and count the attempt, in one committed transaction. Bouts another worker is
    claiming or recording right now are skipped (``SKIP LOCKED``); bouts out of
    attempts are failed. Returns the claimed bouts, in id order — without their
    input snapshots when the caller holds them already (``with_inputs=False``:
    a play-until run, which fought from them)."""
    ids = sorted({int(i) for i in bout_ids})
    if not ids:
        return []
    with transaction.atomic():
        rows = Bout.objects.select_for_update(skip_locked=True, of=("self",))
        if not with_inputs:
            rows = rows.defer("inputs")
        rows = list(
            rows.filter(pk__in=ids, status__in=(BoutStatus.QUEUED, BoutStatus.RUNNING)).order_by(
                "pk"
            )
        )
        spent = [b for b in rows if b.attempts >= max_attempts()]
        claimed = [b for b in rows if b.attempts < max_attempts()]
        for bout in spent:
            _fail_locked(
                bout,
                f"Gave up after {bout.attempts} attempts: every run was interrupted "
                "(worker lost or database errors).",
            )
        signals.send_on_commit(signals.failed, [signals.fact(b) for b in spent])
        if claimed:
            now = timezone.now()
            Bout.objects.filter(pk__in=[b.pk for b in claimed]).update(
                status=BoutStatus.RUNNING, attempts=F("attempts") + 1, started_at=now
            )
            for bout in claimed:
                bout.status, bout.attempts, bout.started_at = (
                    BoutStatus.RUNNING,
                    bout.attempts + 1,
                    now,
                )
    missing = set(ids) - {b.pk for b in rows}
    if missing:
        logger.debug("bouts_claim: %d bout(s) not claimable (done, taken or gone)", len(missing))
    return claimed


# --- run ----------------------------------------------------------------------------------


def bouts_run(*, bout_ids) -> dict[int, str]:
    """Fight and record a batch of queued bouts from their snapshots. Returns
    ``{bout id: status afterwards}`` for the bouts claimed. Database errors
    propagate (the task retries them); engine errors fail their bout only."""
    fought, outcome = bouts_fight(bouts=bouts_claim(bout_ids=bout_ids))
    outcome.update(bouts_record_fought(fought=fought))
    return outcome


def bouts_fight(*, bouts) -> tuple[list[tuple[Bout, dict]], dict[int, str]]:
    """Fight ``bouts`` from their snapshots (the engine only; nothing recorded):
    ``([(bout, engine result)], {bout id: failed})`` — a bout the engine refuses
    or crashes on is failed with the reason (the same snapshot would fail again)."""
    fought, refused = fight_snapshots(bouts)
    failed: dict[int, str] = {}
    for bout, reason in refused:
        bout_fail(bout_id=bout.pk, reason=reason)
        failed[bout.pk] = BoutStatus.FAILED
    return fought, failed


def fight_snapshots(bouts) -> tuple[list[tuple[Bout, dict]], list[tuple[Bout, str]]]:
    """The engine alone, nothing written: ``([(bout, engine result)], [(bout,
    why it could not be fought)])``. For a caller whose bouts are not written
    yet (a play-until stretch), which fails the refused once they are."""
    fought: list[tuple[Bout, dict]] = []
    refused: list[tuple[Bout, str]] = []
    for bout in bouts:
        if not bout.inputs:
            reason = "The bout has no input snapshot (it was never queued)."
        else:
            try:
                fought.append((bout, bout_inputs.simulate_inputs(bout.inputs).to_dict()))
                continue
            except EngineError as exc:
                reason = f"Engine refused the inputs: {exc}"
            except Exception as exc:  # a bug in a ruleset: the same snapshot would fail again
                logger.exception("fight_snapshots: engine crashed on bout %s", bout.pk)
                reason = f"Engine crashed: {type(exc).__name__}: {exc}"
        refused.append((bout, reason))
    return fought, refused


def bouts_record_fought(*, fought) -> dict[int, str]:
    """Record what ``bouts_fight`` fought, as one batch; when the batch cannot be
    recorded, bout by bout, failing only a bout that cannot be recorded (it would
    fail on every try). Database errors propagate. ``{bout id: status}``."""
    if not fought:
        return {}
    outcome: dict[int, str] = {}
    try:
        bouts_record(fought=fought)
        return dict.fromkeys((b.pk for b, _ in fought), BoutStatus.COMPLETED)
    except RETRYABLE:
        raise
    except Exception:
        logger.exception("bouts_record_fought: batch recording failed; recording one by one")
    for bout, data in fought:
        try:
            bouts_record(fought=[(bout, data)])
            outcome[bout.pk] = BoutStatus.COMPLETED
        except RETRYABLE:
            raise
        except Exception as exc:
            logger.exception("bouts_record_fought: recording bout %s failed", bout.pk)
            bout_fail(bout_id=bout.pk, reason=f"Recording failed: {type(exc).__name__}: {exc}")
            outcome[bout.pk] = BoutStatus.FAILED
    return outcome


def bout_run(*, bout_id: int) -> str:
    """Fight and record one queued bout. Returns its status afterwards."""
    outcome = bouts_run(bout_ids=[bout_id])
    if bout_id in outcome:
        return outcome[bout_id]
    status = Bout.objects.filter(pk=bout_id).values_list("status", flat=True).first()
    return status or "missing"


# --- fail ---------------------------------------------------------------------------------


def _fail_locked(bout: Bout, reason: str) -> None:
    bout.status = BoutStatus.FAILED
    bout.failure_reason = reason[:2000]
    Bout.objects.filter(pk=bout.pk).update(
        status=BoutStatus.FAILED, failure_reason=bout.failure_reason
    )


def bout_fail(*, bout_id: int, reason: str) -> None:
    """Mark a bout failed with its reason (a completed or voided bout stays as it
    is) and announce it (``bouts.signals.failed``) on commit."""
    with transaction.atomic():
        bout = Bout.objects.select_for_update(of=("self",)).filter(pk=bout_id).first()
        if bout is None or bout.status in (BoutStatus.COMPLETED, BoutStatus.VOIDED):
            return
        _fail_locked(bout, reason)
        signals.send_on_commit(signals.failed, [signals.fact(bout)])


# --- record -------------------------------------------------------------------------------


def bouts_record(*, fought) -> list[int]:
    """Record fought bouts — ``[(bout, engine result dict or BoutResult)]`` — in
    one transaction: results, rounds, every judge's score for every round,
    knockdowns, injuries, fouls, fighter lines (team), careers (commutative
    increments), medical suspensions and ``status=completed``; then announce
    them (``bouts.signals.recorded``) on commit. Bouts already completed are
    left as they are. Returns the ids recorded."""
    pairs = [(bout, data if isinstance(data, dict) else data.to_dict()) for bout, data in fought]
    try:
        with transaction.atomic():
            return _record(pairs)
    except IntegrityError:
        if len(pairs) == 1 and Result.objects.filter(bout_id=pairs[0][0].pk).exists():
            return []  # another worker recorded it first
        raise


def bout_record(*, bout: Bout, result) -> Result | None:
    """Record one fought bout (see ``bouts_record``). Returns its ``Result``, or
    ``None`` when it was already recorded."""
    if not bouts_record(fought=[(bout, result)]):
        return None
    return Result.objects.get(bout_id=bout.pk)


def _record(pairs: list[tuple[Bout, dict]]) -> list[int]:
    ids = sorted({bout.pk for bout, _ in pairs})
    locked = {
        b.pk: b
        for b in Bout.objects.select_for_update(of=("self",))
        # The league's rule on medical suspensions (joined, not another query).
        .select_related("division__league", "event__league")
        # The snapshot is the caller's (it fought from it): not read again.
        .defer("inputs")
        .filter(pk__in=ids)
        .order_by("pk")
    }
    rows = _BatchRows()
    done: set[int] = set()
    for bout, data in pairs:
        row = locked.get(bout.pk)
        if row is None or row.status in (BoutStatus.COMPLETED, BoutStatus.VOIDED):
            continue
        if row.pk in done:
            continue
        done.add(row.pk)
        rows.add(row, data, caller=bout)
    if not rows.bouts:
        return []
    rows.write()
    now = timezone.now()
    recorded = [b.pk for b in rows.bouts]
    Bout.objects.filter(pk__in=recorded).update(
        status=BoutStatus.COMPLETED, completed_at=now, failure_reason=""
    )
    for bout, _ in pairs:  # the caller's objects say what happened
        if bout.pk in done:
            bout.status, bout.completed_at, bout.failure_reason = BoutStatus.COMPLETED, now, ""
    signals.send_on_commit(signals.recorded, [signals.fact(b) for b in rows.bouts])
    return recorded


def _snapshot(caller: Bout, row: Bout) -> dict | None:
    """A recorded bout's input snapshot: the caller's copy when its object holds
    one, else read from the locked row."""
    if "inputs" not in caller.get_deferred_fields():
        return caller.inputs
    return row.inputs


def _side(value) -> str:
    """A side as the engine names it: refused here unless red or blue (the
    database's own check for columns written without a model instance)."""
    if value not in ("red", "blue"):
        raise ValueError(f"unknown side {value!r} in the engine result")
    return value


def _team_fighter(item: dict, allowed: set[int]) -> int | None:
    for key in ("fighter_id", "id"):
        value = item.get(key)
        if isinstance(value, int) and value in allowed:
            return value
    return None


def _suspends(bout: Bout) -> bool:
    """Whether the bout's league suspends its hurt fighters (a bout of no
    league: the commission rules apply)."""
    home = bout.division or bout.event
    return home is None or home.league.medical_suspensions


class _BatchRows:
    """Every row a batch of bouts leaves behind, collected per table so that each
    table gets one INSERT for the whole batch.

    Engine results are trusted data (the engine contract, tested per ruleset);
    each value is still coerced and bounded to its column here, the Result is
    cleaned field by field, and the database's constraints are the last word."""

    def __init__(self):
        self.now = timezone.now()
        self.bouts: list[Bout] = []
        self.results: list[dict] = []
        self.tables: dict[type, list[dict]] = defaultdict(list)
        self.suspensions: list[dict] = []
        self.careers: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.last_bout_on: dict[int, datetime.date] = {}

    def add(self, bout: Bout, data: dict, caller: Bout | None = None) -> None:
        """``caller``: the caller's object for the bout, whose input snapshot
        names a team bout's sides (read from the row only when it lacks one)."""
        team = get_ruleset(bout.ruleset).team
        if team:
            inputs = _snapshot(caller, bout) if caller is not None else bout.inputs
            snapshot_fighters = (inputs or {}).get("fighters") or {}
            side_of = {
                fid: side for side in ("red", "blue") for fid in snapshot_fighters.get(side) or ()
            }
        else:
            side_of = {bout.red_id: "red", bout.blue_id: "blue"}
        allowed = set(side_of)

        lines = []
        for line in data.get("fighters") or ():
            stats = {k: v for k, v in line.items() if k not in ("side", "id", "name")}
            lines.append(
                BoutFighterLine(
                    bout=bout,
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
                BoutFighterLine(bout=bout, side=side_of[i], fighter_id=i, name=names.get(i, ""))
                for i in sorted(allowed)
            ]
        # Team engines name fighters in knockdowns, injuries and fouls by side and name.
        by_name = {(line.side, line.name): line.fighter_id for line in lines if line.fighter_id}

        def fighter_for(item: dict) -> int | None:
            if team:
                return _team_fighter(item, allowed) or by_name.get(
                    (item.get("fighter"), item.get("name"))
                )
            side = item.get("fighter")
            return bout.red_id if side == "red" else bout.blue_id if side == "blue" else None

        winner = data.get("winner") or None
        result = Result(
            bout=bout,
            winner=winner,
            method=str(data["method"]),
            round=int(data["round"]),
            time=str(data["time"]),
            engine_result=data,
        )
        # The engine result (every action of the bout) is serialized once, when
        # written: a value that is not JSON fails its row there, and the batch
        # is recorded bout by bout (bouts_record_fought). Validating it here
        # would serialize it twice.
        result.clean_fields(exclude=["bout", "engine_result"])
        self.bouts.append(bout)
        self.results.append(
            {
                "bout_id": bout.pk,
                "winner": result.winner,
                "method": result.method,
                "round": result.round,
                "time": result.time,
                "engine_result": data,
                "recorded_at": self.now,
            }
        )

        add = self.tables  # plain rows (field attname -> value): see core.bulk.insert_values
        for entry in data.get("rounds") or ():
            for side in ("red", "blue"):
                stats = entry.get(side) or {}
                add[RoundStat].append(
                    {
                        "bout_id": bout.pk,
                        "round": int(entry["round"]),
                        "side": side,
                        "landed": int(stats.get("landed", 0) or 0),
                        "thrown": int(stats.get("thrown", 0) or 0),
                        "damage": float(stats.get("damage", 0) or 0),
                        "stats": stats,
                    }
                )
        judges = (bout.judge_1_id, bout.judge_2_id, bout.judge_3_id)
        names = list(data.get("judges") or ())
        for index, card in enumerate(data.get("scorecards") or (), start=1):
            name = str(names[index - 1] if index - 1 < len(names) else f"Judge {index}")[:120]
            judge_id = judges[index - 1] if index <= 3 else None
            for number, (red_points, blue_points) in enumerate(card, start=1):
                add[JudgeScore].append(
                    {
                        "bout_id": bout.pk,
                        "judge_index": index,
                        "judge_id": judge_id,
                        "judge_name": name,
                        "round": number,
                        "red": int(red_points),
                        "blue": int(blue_points),
                    }
                )
        for k in data.get("knockdowns") or ():
            add[Knockdown].append(
                {
                    "bout_id": bout.pk,
                    "round": int(k["round"]),
                    "time": str(k.get("time", ""))[:8],
                    "side": _side(k["fighter"]),
                    "fighter_id": fighter_for(k),
                    "count": None if k.get("count") is None else int(k["count"]),
                }
            )
        for i in data.get("injuries") or ():
            add[Injury].append(
                {
                    "bout_id": bout.pk,
                    "round": int(i["round"]),
                    "time": str(i.get("time", ""))[:8],
                    "side": _side(i["fighter"]),
                    "fighter_id": fighter_for(i),
                    "type": str(i.get("type", ""))[:40],
                    "location": str(i.get("location", "") or "")[:60],
                    "severity": int(i.get("severity", 1)),
                    "text": str(i.get("text", "") or "")[:240],
                }
            )
        for f in data.get("fouls") or ():
            add[Foul].append(
                {
                    "bout_id": bout.pk,
                    "round": int(f["round"]),
                    "time": str(f.get("time", ""))[:8],
                    "side": _side(f["fighter"]),
                    "fighter_id": fighter_for(f),
                    "type": str(f.get("type", ""))[:40],
                    "penalty": str(f.get("penalty", "none"))[:16],
                    "points": int(f.get("points", 0) or 0),
                }
            )
        add[BoutFighterLine].extend(
            {
                "bout_id": bout.pk,
                "side": _side(line.side),
                "fighter_id": line.fighter_id,
                "name": line.name,
                "stats": line.stats,
            }
            for line in lines
        )

        # Careers: summed over the batch, written with one UPDATE (see careers_add).
        if team:
            credited: dict[int, str] = {}
            for line in lines:
                if line.fighter_id is not None and career_rules.line_credited(line.stats):
                    credited.setdefault(line.fighter_id, line.side)
        else:
            credited = {bout.red_id: "red", bout.blue_id: "blue"}
        for fighter_id, side in credited.items():
            deltas = career_rules.career_deltas(
                winner=winner,
                method=result.method,
                side=side,
                is_title_bout=bout.is_title_bout,
                team=team,
            )
            total = self.careers[fighter_id]
            for field, value in deltas.items():
                total[field] += value
            last = self.last_bout_on.get(fighter_id)
            self.last_bout_on[fighter_id] = bout.date if last is None else max(last, bout.date)

        if not _suspends(bout):
            return
        charged = dict(data)
        if team:  # name each injury's fighter for the suspension rules
            charged["injuries"] = [
                {**injury, "fighter_id": fighter_for(injury)}
                for injury in data.get("injuries") or ()
            ]
        for ruling in suspension_rules.rulings_for(charged, team=team):
            fighter_id = ruling.fighter_id if team else fighter_for({"fighter": ruling.side})
            if fighter_id is None:
                continue
            self.suspensions.append(
                {
                    "fighter_id": fighter_id,
                    "bout_id": bout.pk,
                    "reason": ruling.reason[:200],
                    "starts_on": bout.date,
                    "ends_on": bout.date + datetime.timedelta(days=ruling.days),
                    "created_at": self.now,
                }
            )

    def write(self) -> None:
        insert_values(Result, self.results)
        for model in (RoundStat, JudgeScore, Knockdown, Injury, Foul, BoutFighterLine):
            insert_values(model, self.tables.get(model) or ())
        insert_values(MedicalSuspension, self.suspensions)
        careers_add(
            {fid: dict(d) for fid, d in self.careers.items()},
            last_bout_on=self.last_bout_on,
        )
