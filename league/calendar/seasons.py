"""A season's bridge to the database: its fixtures made once, each night's card
drawn from them (``league.calendar.drawing``) and booked, the fixtures settled
as their bouts are fought, and the season closed when none is left.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q

from bouts.models import UNFINISHED, Bout, BoutStatus
from bouts.services import bouts_rebook, bouts_schedule
from core.scoping import may_commission
from fighters.models import Camp, Fighter
from league.calendar.drawing import Card, Fixture, draw_card
from league.calendar.fitness import FIT, Status
from league.calendar.models import FixtureStatus, SeasonFixture
from league.calendar.selectors import statuses_on
from league.models import Event, Season, SeasonStatus
from league.scheduling.round_robin import round_robin
from league.services.booking import Officials, league_bout
from league.services.common import CAMP, FIGHTER, derive_seed

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


def _key(row) -> tuple:
    return (CAMP, row["red_camp_id"]) if row["red_id"] is None else (FIGHTER, row["red_id"])


def _sides(row) -> tuple[tuple, tuple]:
    if row["red_id"] is None:
        return (CAMP, row["red_camp_id"]), (CAMP, row["blue_camp_id"])
    return (FIGHTER, row["red_id"]), (FIGHTER, row["blue_id"])


def season_draw(season: Season, date: dt.date) -> tuple[Card, dict[int, dict]]:
    """The card ``season`` would fight on ``date`` (nothing written), and the
    waiting fixtures' rows by id."""
    rows = {
        row["id"]: row
        for row in SeasonFixture.objects.filter(season=season, status=FixtureStatus.WAITING).values(
            "id", "position", "red_id", "blue_id", "red_camp_id", "blue_camp_id", "seed", "bout_id"
        )
    }
    fixtures = [Fixture(pk, row["position"], *_sides(row)) for pk, row in rows.items()]
    fighters = {side[1] for f in fixtures for side in (f.red, f.blue) if side[0] == FIGHTER}
    statuses = statuses_on(fighters, date, league=season.league) if fighters else {}
    camp_of = None
    if season.league.separate_camps and fighters:
        camp_of = {
            (FIGHTER, pk): camp
            for pk, camp in Fighter.objects.filter(pk__in=fighters).values_list("pk", "camp_id")
        }

    def status(side) -> Status:
        if side[0] == CAMP:
            return Status(FIT)
        return statuses.get(side[1], Status("retired", reason="no longer on the roster"))

    card = draw_card(
        fixtures, status, max_bouts=season.league.bouts_per_event or None, camp_of=camp_of
    )
    return card, rows


def season_book_night(
    season: Season, date: dt.date, *, officials: Officials | None = None, fight_at=None
) -> Event | None:
    """Draw ``season``'s card for ``date`` and book it on a new fight night:
    fixtures never fought again (a side retired) are cancelled with the reason;
    a fixture whose bout was postponed has that bout re-booked. Returns the
    event, or None when nobody can fight that night."""
    with transaction.atomic():
        season = (
            Season.objects.select_for_update()
            .select_related("league", "division")
            .get(pk=season.pk)
        )
        if season.status != SeasonStatus.RUNNING:
            return None
        card, rows = season_draw(season, date)
        if card.never:
            _cancel(list(card.never.items()))
        if not card.fixtures:
            season_close_if_done(season)
            return None
        number = Event.objects.filter(season=season).count() + 1
        event = Event(
            league=season.league,
            season=season,
            name=f"{season.name} · night {number}",
            date=date,
            fight_at=fight_at,
        )
        event.full_clean()
        event.save()
        _book(season, event, [rows[f.key] for f in card.fixtures], officials or Officials())
    return event


def _book(season: Season, event: Event, rows: list[dict], officials: Officials) -> None:
    league, division = season.league, season.division
    fighters = Fighter.objects.in_bulk(
        [pk for row in rows for pk in (row["red_id"], row["blue_id"]) if pk]
    )
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
                idempotency_key=f"fixture-{row['id']}",
            )
        )
        spec_rows.append(row)
    booked = bouts_schedule(specs=specs, queue=False) if specs else []
    updates = [
        SeasonFixture(pk=row["id"], bout_id=bout.pk, status=FixtureStatus.BOOKED)
        for row, bout in zip(spec_rows, booked, strict=True)
    ]
    if again:
        moved = {b.pk for b in bouts_rebook(bouts=[r["bout_id"] for r in again], event=event)}
        updates += [
            SeasonFixture(pk=r["id"], bout_id=r["bout_id"], status=FixtureStatus.BOOKED)
            for r in again
            if r["bout_id"] in moved
        ]
    SeasonFixture.objects.bulk_update(updates, ["bout", "status"], batch_size=1000)


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
        season = Season.objects.select_for_update().get(pk=season.pk)
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


def season_progress(season: Season) -> dict[str, int]:
    """``{status: count}`` of the season's fixtures."""
    counts = dict.fromkeys(FixtureStatus.values, 0)
    for status in SeasonFixture.objects.filter(season=season).values_list("status", flat=True):
        counts[status] += 1
    return counts
