"""League tasks: thin (ids in, a service called)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from bouts.queueing import send
from league.calendar import jobs, runner
from league.services import career_void, fight_nights, projector, regions, training, weekly


@shared_task(acks_late=True)
def derive_division(division_id: int) -> dict | None:
    """Run the division's projector (returns at once if another run holds it)."""
    report = projector.division_project(division_id=int(division_id))
    if report is None:
        return None
    return {"runs": report.runs, "derived": report.derived, "replayed": report.replayed}


@shared_task
def derive_pending_divisions() -> int:
    """Beat: run the projector of every division left pending (a run that died,
    a message lost) or with completed bouts not yet derived."""
    ids = projector.divisions_needing_derivation()
    for division_id in ids:
        send(derive_division, division_id)
    return len(ids)


@shared_task
def fire_due_events() -> int:
    """Beat: fire the fight nights whose time has come (and a season's next
    event once the one before it is finished)."""
    return len(fight_nights.events_fire_due())


@shared_task(acks_late=True)
def count_career_bouts(bout_ids: list[int]) -> int:
    """Count recorded bouts into career leagues' careers (training kept or taken
    back, damage, aging): idempotent per bout and fighter; then the regional
    lineages of their divisions, when the league has regions."""
    ids = [int(i) for i in bout_ids]
    counted = training.career_bouts_recorded(ids)
    regions.regional_titles_refresh_for_bouts(ids)
    return counted


@shared_task(acks_late=True)
def void_career_bouts(bout_ids: list[int]) -> int:
    """Take voided bouts back out of career leagues (the training step and aging
    they left on cards, through the card history as "void"; careers counted
    again) and re-walk their divisions' regional lineages. Idempotent."""
    ids = [int(i) for i in bout_ids]
    report = career_void.career_bouts_voided(ids)
    regions.regional_titles_refresh_for_bouts(ids)
    return report["entries"]


@shared_task
def matchmake_due_weeks() -> int:
    """Beat: make the week's cards of the career leagues whose cards are due today
    (idempotent: a second run the same day books nothing)."""
    return len(weekly.due_leagues_matchmake(timezone.localdate()))


@shared_task(acks_late=True)
def advance_division(run_id: int) -> dict:
    """Fight a "play until" job's division night after night (league.calendar.runner)."""
    run = runner.run_division(int(run_id))
    return {"status": run.status, "nights": run.nights_done, "bouts": run.bouts_done}


@shared_task
def resume_stale_jobs() -> int:
    """Beat: send again the "play until" runs whose worker went quiet."""
    return jobs.jobs_resume_stale()


@shared_task(acks_late=True)
def run_sandbox(run_id: int) -> str | None:
    """Fight a manager's plan sandbox try (league.sandbox.services)."""
    from league.sandbox.services import sandbox_run

    run = sandbox_run(int(run_id))
    return run.status if run is not None else None


# Word when it happens (league.notices): its tasks registered with the app's.
from league.notices import tasks as notice_tasks  # noqa: E402, F401
