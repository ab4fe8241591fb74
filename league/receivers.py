"""The league listens to the bouts app (connected in ``LeagueConfig.ready``).

Each receiver runs after the bouts' own transaction committed. It only records
that a division has work (one INSERT per batch, so a recording never waits on a
projector) and asks for the division's projector (``league.tasks.derive_division``:
a Celery task on the production stack, inline in the embedded default); and when
a fight night's last bout is done, fires the next due events
(``league.services.fight_nights``: a season's next round).
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

from bouts import signals
from bouts.models import Bout
from bouts.queueing import send
from fighters import list_cache
from league.calendar import runner
from league.models import Division, League, ProjectionRequest
from league.services.career_void import trainings_take_back
from league.services.fight_nights import events_fire_after
from league.tasks import count_career_bouts, derive_division, void_career_bouts


def _request(kind: str, bouts, finished: set[int] | None = None) -> None:
    """Leave the bouts' divisions a request each; ask for their projectors —
    when ``finished`` is given, only for bouts of no event or of an event in it
    (a fight night's projector runs once, when its last bout is done, not once
    a bout: it could not derive past the night's bouts still in flight anyway).
    A division left pending is derived by the next request or by beat's sweep."""
    by_division: dict[int, list[int]] = defaultdict(list)
    derive: set[int] = set()
    for fact in bouts:
        if fact.division_id is None:
            continue
        if kind == ProjectionRequest.RECORDED and runner.owns(fact.division_id):
            continue  # a play-until run asks for its own division's projector
        by_division[fact.division_id].append(fact.id)
        if finished is None or fact.event_id is None or fact.event_id in finished:
            derive.add(fact.division_id)
    if not by_division:
        return
    ProjectionRequest.objects.bulk_create(
        [
            ProjectionRequest(division_id=division_id, bout_id=bout_id, kind=kind)
            for division_id, ids in sorted(by_division.items())
            for bout_id in ids
        ]
    )
    for division_id in sorted(derive):
        send(derive_division, division_id)


def _nights_elsewhere(bouts) -> list:
    """The bouts whose nights are not a play-until run's in this thread (the
    run settles its own nights and moves the league's date itself)."""
    return [fact for fact in bouts if not runner.owns(fact.division_id)]


def on_recorded(sender, bouts, **kwargs) -> None:
    bouts = list(bouts)
    finished = events_fire_after(fact.event_id for fact in _nights_elsewhere(bouts))
    _request(ProjectionRequest.RECORDED, bouts, finished)
    # The career game (docs/career.md): training kept or taken back, aging. The
    # task reads only bouts of career leagues, so other leagues cost one query
    # (none when a play-until run knows its league plays no career game).
    ids = sorted(
        fact.id
        for fact in bouts
        if (fact.division_id is not None or fact.event_id)
        and runner.may_count_careers(fact.division_id)
    )
    if ids:
        send(count_career_bouts, ids)


def on_failed(sender, bouts, **kwargs) -> None:
    bouts = list(bouts)
    finished = events_fire_after(fact.event_id for fact in _nights_elsewhere(bouts))
    _request(ProjectionRequest.FAILED, bouts, finished)


def on_postponed(sender, bouts, **kwargs) -> None:
    bouts = list(bouts)
    # A postponement may decide a bracket (walkover by the league's rule): asked at once.
    _request(ProjectionRequest.POSTPONED, bouts)
    # Not fought on its night: its training step ("+1 for that fight") is taken
    # back; re-booked, it may be trained for again (issue 30).
    trainings_take_back([fact.id for fact in bouts])
    events_fire_after(fact.event_id for fact in bouts)


def on_voided(sender, bouts, **kwargs) -> None:
    _request(ProjectionRequest.VOIDED, bouts)
    # The career game: what the bout left on cards and careers is taken back.
    ids = sorted(fact.id for fact in bouts if fact.division_id is not None or fact.event_id)
    if ids:
        send(void_career_bouts, ids)


def on_bout_deleted(sender, instance, **kwargs) -> None:
    """A bout taken off its card (or deleted with its event, in the admin, by
    any path): a training step still on a card for it is taken back, in the
    deleting transaction, before its Training row goes with the bout."""
    trainings_take_back([instance.pk])


def connect() -> None:
    pre_delete.connect(on_bout_deleted, sender=Bout, dispatch_uid="league.bout_deleted")
    signals.recorded.connect(on_recorded, dispatch_uid="league.recorded")
    signals.failed.connect(on_failed, dispatch_uid="league.failed")
    signals.voided.connect(on_voided, dispatch_uid="league.voided")
    signals.postponed.connect(on_postponed, dispatch_uid="league.postponed")
    # Whose cards are hidden from whom (league.card_visibility) decides what the
    # fighter list shows: its cached pages go when that changes.
    for model in (League, Division):
        post_save.connect(list_cache.changed, sender=model, dispatch_uid=f"league.list.s.{model}")
        post_delete.connect(list_cache.changed, sender=model, dispatch_uid=f"league.list.d.{model}")
    for through in (
        League.commissioners.through,
        Division.fighters.through,
        Division.camps.through,
    ):
        m2m_changed.connect(
            list_cache.changed, sender=through, dispatch_uid=f"league.list.{through}"
        )
