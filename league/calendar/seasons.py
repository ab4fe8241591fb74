"""A season's bridge to the database: its fixtures made once, each night's card
drawn from them (``league.calendar.drawing``) and booked, the fixtures settled
as their bouts are fought, and the season closed when none is left.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone

from bouts.models import UNFINISHED, Bout, BoutStatus
from bouts.services import BookingRun, bouts_rebook, bouts_schedule
from bouts.services.firing import bouts_fire
from core.scoping import may_commission
from fighters.models import Camp, Fighter
from league.calendar.dates import long_date
from league.calendar.drawing import Card, draw_card, first_drawable, night_dates
from league.calendar.fitness import FIT, RETIRED, Status, fit_from, status_on
from league.calendar.models import FixtureStatus, SeasonFixture
from league.calendar.state import SeasonState
from league.models import Event, Season, SeasonStatus
from league.scheduling.round_robin import round_robin
from league.services.booking import Officials, league_bout
from league.services.common import CAMP, derive_seed

OPEN = (FixtureStatus.WAITING, FixtureStatus.BOOKED)


def fixtures_make(season: Season, members: list[tuple], *, seed: int) -> list[SeasonFixture]:
    """The season's fixtures: every pairing of the round robin, in its order."""
    league, division = season.league, season.division
    rows = []
    position = 0
    for number, pairs in enumerate(round_robin(members), start=1):
        for order, (red, blue) in enumerate(pairs, start=1):
            position += 1
            sides = (
                {"red_camp_id": red[1], "blue_camp_id": blue[1]}
                if red[0] == CAMP
                else {"red_id": red[1], "blue_id": blue[1]}
            )
            bout_seed = derive_seed(
                seed, league.slug, division.weight_class, season.number, number - 1, order
            )
            rows.append(
                SeasonFixture(
                    season=season, position=position, round=number, seed=bout_seed, **sides
                )
            )
    return SeasonFixture.objects.bulk_create(rows, batch_size=1000)


@dataclass
class NightPlan:
    """A season's next night: its date and card, drawn but not written."""

    date: dt.date
    card: Card
    rows: dict[int, dict]  # the waiting fixtures by id


def season_plan_night(
    season: Season,
    *,
    after: dt.date | None = None,
    on: dt.date | None = None,
    state: SeasonState | None = None,
) -> NightPlan | None:
    """``season``'s next night (nothing written): on the date ``on``, or on the
    first of the league's night dates after ``after`` on which some fixture has
    both sides fit (nights nobody could fight are passed over), never before
    the season's first night. None when no fixture is waiting. Read from
    ``state`` when given (a run keeps one), else three queries (four where the
    league keeps camps apart)."""
    league = season.league
    first = on or max(season.start_date, next(night_dates(after or league.date, _every(league))))
    state = state or SeasonState(season, on=first)
    if not state.waiting:
        return None
    fixtures = list(state.fixtures.values())
    conditions = state.conditions
    date = on or _first_night(season, fixtures, conditions, first)

    def status(side) -> Status:
        if side[0] == CAMP:
            return Status(FIT)
        condition = conditions.get(side[1])
        if condition is None:
            return Status(RETIRED, reason="no longer on the roster")
        return status_on(condition, date, rest_days=league.rest_days)

    card = draw_card(
        fixtures, status, max_bouts=league.bouts_per_event or None, camp_of=state.camp_of
    )
    return NightPlan(date, card, state.waiting)


def _every(league) -> int:
    return max(1, league.days_between_events)


def _first_night(season, fixtures, conditions, first: dt.date) -> dt.date:
    """The first night date from ``first`` on with a fixture both sides fit."""
    rest = season.league.rest_days

    def fit_date(side):
        if side[0] == CAMP:
            return first
        condition = conditions.get(side[1])
        return None if condition is None else fit_from(condition, rest_days=rest)

    ready = first_drawable(fixtures, fit_date, soon_enough=first)
    if ready is None or ready <= first:
        return first  # a draw on ``first`` cancels what can never be fought
    step = _every(season.league)
    return first + dt.timedelta(days=step * -(-(ready - first).days // step))


def season_book_night(
    season: Season,
    date: dt.date | None = None,
    *,
    after: dt.date | None = None,
    officials: Officials | None = None,
    fight_at=None,
    queue: bool = False,
    until: dt.date | None = None,
    state: SeasonState | None = None,
    booking_run: BookingRun | None = None,
) -> Event | None:
    """Draw ``season``'s next card (on ``date``, else its next night after
    ``after``: ``season_plan_night``) and book it on a new fight night:
    fixtures never fought again (a side retired) are cancelled with the
    reason; a fixture whose bout was postponed has that bout re-booked. With
    ``queue`` the bouts are snapshotted and queued at once, no task sent (a
    play-until run fights them itself) and the night is fired. Returns the
    event (``event.booked``: the bouts booked), or None when nobody can fight
    any more (or not by ``until``).

    A run passes its ``state`` (read once, kept current by the run) instead of
    reading the season again each night, and its ``booking_run``: the
    fighters, cards and rosters of its nights read once, and (PostgreSQL) the
    night and its bouts written at the run's end — a refusal
    (``ValidationError``) then leaves nothing of the night behind."""
    deferring = booking_run is not None and booking_run.defer_writes
    with nullcontext() if deferring else transaction.atomic():
        season = _locked(season, state)
        if season.status != SeasonStatus.RUNNING:
            return None
        plan = season_plan_night(season, after=after, on=date, state=state)
        if plan is not None and until is not None and plan.date > until:
            return None
        if plan is not None and plan.card.never:
            _cancel(list(plan.card.never.items()))
            if state is not None:
                state.take(plan.card.never)
        if plan is None or not plan.card.fixtures:
            season_close_if_done(season)
            return None
        rows = [plan.rows[f.key] for f in plan.card.fixtures]
        # A postponed bout moved onto the night needs the night written now
        # (under a savepoint of its own, should the night be refused).
        later = deferring and all(row["bout_id"] is None for row in rows)
        with transaction.atomic() if deferring and not later else nullcontext():
            event = _night(season, plan.date, queue=queue, fight_at=fight_at)
            if later:
                booking_run.give_id(event)
            else:
                event.save()
            if booking_run is not None:
                booking_run.events_made.add(event.pk)
            event.booked = _book(
                season,
                event,
                rows,
                officials or Officials(),
                queue=queue,
                state=state,
                booking_run=booking_run,
            )
            if later:
                booking_run.write_later([event])
        event.bout_ids = [bout.pk for bout in event.booked]
        if state is not None:
            state.take(f.key for f in plan.card.fixtures)
    return event


def _locked(season: Season, state: SeasonState | None) -> Season:
    """The season row locked: only it (not its league and division, which a
    projector deriving meanwhile references), and not its key (rows pointing
    at it, standings, may still be written); once a stretch (``state``)."""
    if state is not None and state.locked is not None:
        return state.locked  # locked by this transaction's first night
    season = (
        Season.objects.select_for_update(of=("self",), no_key=True)
        .select_related("league", "division")
        .get(pk=season.pk)
    )
    if state is not None:
        state.locked = season
    return season


def _night(season: Season, date: dt.date, *, queue: bool, fight_at) -> Event:
    """A new fight night of ``season`` on ``date`` (checked, not saved)."""
    now = timezone.now()
    event = Event(
        league=season.league,
        season=season,
        name=f"{season.name} · {long_date(date)}",
        date=date,
        fight_at=now if queue else fight_at,
        fired_at=now if queue else None,
    )
    # Built from the season's own rows: the related rows exist.
    event.clean_fields(exclude=["league", "season", "tournament"])
    return event


def _book(
    season: Season,
    event: Event,
    rows: list[dict],
    officials: Officials,
    *,
    queue: bool,
    state: SeasonState | None = None,
    booking_run: BookingRun | None = None,
) -> list[Bout]:
    """Book ``rows`` (waiting fixtures) on ``event``: its bouts. With a run's
    ``state`` the fixtures are pointed at their bouts once a stretch
    (``fixtures_link``), not once a night."""
    league, division = season.league, season.division
    ids = [pk for row in rows for pk in (row["red_id"], row["blue_id"]) if pk]
    # Read each night, even in a run: a fighter retired meanwhile is refused.
    fighters = Fighter.objects.in_bulk(ids)
    camps = Camp.objects.in_bulk(
        [pk for row in rows for pk in (row["red_camp_id"], row["blue_camp_id"]) if pk]
    )
    specs, spec_rows, again = [], [], []
    for order, row in enumerate(rows, start=1):
        if row["bout_id"] is not None:
            again.append(row)
            continue
        if row["red_id"] is None:
            sides = {"red_camp": camps[row["red_camp_id"]], "blue_camp": camps[row["blue_camp_id"]]}
        else:
            sides = {"red": fighters[row["red_id"]], "blue": fighters[row["blue_id"]]}
        specs.append(
            league_bout(
                league=league,
                division=division,
                event=event,
                order=order,
                sides=sides,
                seed=row["seed"],
                officials=officials,
                # One bout a fixture: the fixture's own link, under the season's lock.
                idempotency_key=None,
            )
        )
        spec_rows.append(row)
    booked = (
        bouts_schedule(specs=specs, queue=queue, send=False, batch=True, booking_run=booking_run)
        if specs
        else []
    )
    if spec_rows and state is None:
        fixture_ids = [row["id"] for row in spec_rows]
        _link_new_bouts([event.pk], fixture_ids, team=spec_rows[0]["red_id"] is None)
    if again:
        moved = {b.pk for b in bouts_rebook(bouts=[r["bout_id"] for r in again], event=event)}
        if queue and moved:
            bouts_fire(bouts=sorted(moved), send=False)
        SeasonFixture.objects.filter(
            pk__in=[r["id"] for r in again if r["bout_id"] in moved]
        ).update(status=FixtureStatus.BOOKED)
        # Re-booked (rare): read again, as firing snapshotted them.
        booked += list(Bout.objects.filter(pk__in=moved).select_related("division").order_by("pk"))
    if spec_rows and state is not None:  # last: a night refused leaves nothing to link
        fixture_ids = [row["id"] for row in spec_rows]
        state.to_link(event.pk, fixture_ids, team=spec_rows[0]["red_id"] is None)
    return booked


def fixtures_link(state: SeasonState) -> None:
    """Point the fixtures a run booked from ``state`` at their bouts (one UPDATE
    for the whole stretch); before the stretch's fixtures are settled."""
    for team, (event_ids, fixture_ids) in state.unlinked.items():
        _link_new_bouts(event_ids, fixture_ids, team=team)
    state.unlinked.clear()


def _link_new_bouts(event_ids: list[int], fixture_ids: list[int], *, team: bool) -> None:
    """Each fixture booked on the events ``event_ids`` points at its bout: the
    one bout of those nights between its two sides (a pair meets once a season).
    One UPDATE, whatever the number of bouts (a per-row CASE costs more to build
    than a night's draw)."""
    sides = ("red_camp_id", "blue_camp_id") if team else ("red_id", "blue_id")
    its_bout = Bout.objects.filter(
        event_id__in=event_ids, **{side: OuterRef(side) for side in sides}
    )
    SeasonFixture.objects.filter(pk__in=fixture_ids).update(
        status=FixtureStatus.BOOKED, bout_id=Subquery(its_bout.values("pk")[:1])
    )


def _cancel(reasons: list[tuple[int, str]]) -> None:
    SeasonFixture.objects.bulk_update(
        [
            SeasonFixture(pk=pk, status=FixtureStatus.CANCELLED, note=f"Cancelled: {why}."[:300])
            for pk, why in reasons
        ],
        ["status", "note"],
    )


def fixtures_settle(season_ids: Iterable[int]) -> None:
    """Bring the seasons' fixtures up to date with their bouts (fought,
    postponed: waiting again, failed or voided: cancelled with why, removed:
    waiting again) and close the seasons with none left. A few statements."""
    ids = sorted(set(season_ids))
    if not ids:
        return
    fixtures = SeasonFixture.objects.filter(season_id__in=ids)
    fixtures.filter(bout__status=BoutStatus.COMPLETED).exclude(status=FixtureStatus.FOUGHT).update(
        status=FixtureStatus.FOUGHT, note=""
    )
    fixtures.filter(status=FixtureStatus.BOOKED, bout__status=BoutStatus.POSTPONED).update(
        status=FixtureStatus.WAITING
    )
    fixtures.filter(status=FixtureStatus.BOOKED, bout__isnull=True).update(
        status=FixtureStatus.WAITING
    )
    for status, words in ((BoutStatus.FAILED, "the bout failed"), (BoutStatus.VOIDED, "voided")):
        fixtures.filter(~Q(status=FixtureStatus.CANCELLED), bout__status=status).update(
            status=FixtureStatus.CANCELLED, note=f"Cancelled: {words}."
        )
    for season in Season.objects.filter(pk__in=ids, status=SeasonStatus.RUNNING):
        season_close_if_done(season)


def fixtures_settle_fought(season_id: int, outcome: dict[int, str]) -> None:
    """Settle the fixtures of nights fought here (``outcome``: ``{bout id:
    status}`` from fighting and recording them): one UPDATE a status, usually one."""
    by_status: dict[str, list[int]] = {}
    for bout_id, status in outcome.items():
        by_status.setdefault(status, []).append(bout_id)
    fixtures = SeasonFixture.objects.filter(season_id=season_id)
    if BoutStatus.COMPLETED in by_status:
        fixtures.filter(bout_id__in=by_status[BoutStatus.COMPLETED]).update(
            status=FixtureStatus.FOUGHT
        )
    if BoutStatus.FAILED in by_status:
        fixtures.filter(bout_id__in=by_status[BoutStatus.FAILED]).update(
            status=FixtureStatus.CANCELLED, note="Cancelled: the bout failed."
        )
    if set(by_status) - {BoutStatus.COMPLETED, BoutStatus.FAILED}:
        fixtures_settle([season_id])  # anything else: the general way


def season_close_if_done(season: Season) -> bool:
    """Complete a running season once every fixture is fought or cancelled."""
    if season.status != SeasonStatus.RUNNING:
        return False
    if SeasonFixture.objects.filter(season=season, status__in=OPEN).exists():
        return False
    if Bout.objects.filter(season_fixture__season=season, status__in=UNFINISHED).exists():
        return False
    Season.objects.filter(pk=season.pk).update(status=SeasonStatus.COMPLETED)
    season.status = SeasonStatus.COMPLETED
    return True


def season_close(*, season: Season, reason: str, user=None, check_permission=True) -> int:
    """The commissioner closes a season before its end: every fixture not
    fought is cancelled with ``reason`` (bouts booked and not yet fired are
    postponed with it). Returns the fixtures cancelled."""
    if check_permission and not may_commission(user, season.league_id):
        raise PermissionDenied("Only staff or the league's commissioner closes its seasons.")
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": ["Say why the season is closed."]})
    with transaction.atomic():
        season = Season.objects.select_for_update(of=("self",), no_key=True).get(pk=season.pk)
        if season.status == SeasonStatus.COMPLETED:
            raise ValidationError({"season": ["This season is already over."]})
        if Bout.objects.filter(
            season_fixture__season=season,
            status__in=(BoutStatus.QUEUED, BoutStatus.RUNNING),
        ).exists():
            raise ValidationError({"season": ["Bouts of this season are being fought: wait."]})
        open_rows = SeasonFixture.objects.filter(season=season, status__in=OPEN)
        Bout.objects.filter(season_fixture__in=open_rows, status=BoutStatus.SCHEDULED).update(
            status=BoutStatus.POSTPONED, postponed_reason=f"The season was closed: {reason}"
        )
        count = open_rows.update(
            status=FixtureStatus.CANCELLED,
            note=f"Cancelled when the season was closed: {reason}"[:300],
        )
        season.status = SeasonStatus.COMPLETED
        season.closed_reason = reason[:300]
        season.save(update_fields=["status", "closed_reason"])
    return count


def seasons_progress(season_ids: list[int]) -> dict[int, dict[str, int]]:
    """``{season id: {status: count}}`` of the seasons' fixtures (one query)."""
    counts = {pk: dict.fromkeys(FixtureStatus.values, 0) for pk in season_ids}
    rows = (
        SeasonFixture.objects.filter(season_id__in=season_ids)
        .values_list("season_id", "status")
        .annotate(n=Count("id"))
        .order_by()
    )
    for season_id, status, n in rows:
        counts[season_id][status] = n
    return counts
