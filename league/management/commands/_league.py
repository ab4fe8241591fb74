"""Helpers shared by the league's management commands (not a command itself:
Django skips modules whose name starts with an underscore)."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db.models import Q
from tqdm import tqdm

from bouts.models import Bout, BoutStatus
from core.dates import long_date
from core.words import counted
from league.calendar.jobs import job_progress, job_start
from league.calendar.models import ACTIVE, AdvanceJob, JobStatus, JobTarget
from league.calendar.runner import run_division
from league.celery import app
from league.models import Division, League
from league.selectors import division_rankings, league_champions, season_standings, title_lineage
from league.services import division_derivation, division_project

# A bout is done with once fought, failed or voided — or postponed: it waits
# for the commissioner to re-book it (a season's fixture is drawn again).
DONE = Q(
    status__in=(BoutStatus.COMPLETED, BoutStatus.FAILED, BoutStatus.VOIDED, BoutStatus.POSTPONED)
)


def eager() -> bool:
    return bool(app.conf.task_always_eager)


def workers_or_eager(stdout) -> bool:
    """With a broker, check that some worker consumes the bouts' queue; if none
    does, run the bouts in this process (eagerly) rather than wait for nobody.
    Returns whether the bouts run eagerly."""
    if app.conf.task_always_eager:
        return True
    wanted = getattr(settings, "BOUTS_QUEUE", None) or app.conf.task_default_queue or "celery"
    try:
        queues = app.control.inspect(timeout=2.0).active_queues() or {}
    except Exception:  # an unreachable broker: fight here
        queues = {}
    # Pub/sub replies cross Redis databases: count only workers on our queue.
    serving = [w for w, qs in queues.items() if any(q.get("name") == wanted for q in qs or ())]
    if not serving:
        stdout.write(f"No Celery worker consumes {wanted!r}: the bouts run in this process.")
        app.conf.task_always_eager = True
        return True
    stdout.write(f"{counted(len(serving), 'Celery worker')} on {wanted!r}: the bouts run on them.")
    return False


def get_league(slug: str) -> League:
    try:
        return League.objects.get(slug=slug)
    except League.DoesNotExist:
        known = ", ".join(League.objects.order_by("slug").values_list("slug", flat=True))
        raise CommandError(f"no league {slug!r} (known: {known or 'none'})") from None


def get_division(league: League, value: str) -> Division:
    """A division by weight class key, name (any case) or id."""
    for division in league.divisions.all():
        if value.lower() in (division.weight_class, division.name.lower(), str(division.pk)):
            return division
    known = ", ".join(league.divisions.values_list("weight_class", flat=True))
    raise CommandError(f"no division {value!r} in {league.slug} (known: {known or 'none'})")


def follow(
    bouts, *, stdout, label: str, timeout: float = 3600, stall: float = 300, poll: float = 1.0
) -> bool:
    """Poll until every bout of ``bouts`` (a queryset) is completed or failed, with
    a progress bar; False on timeout, or when nothing has finished for ``stall``
    seconds (no worker is taking the bouts)."""
    total = bouts.count()
    started = last_progress = time.monotonic()
    with tqdm(total=total, desc=label, unit="bout", file=stdout, leave=True) as bar:
        while True:
            done = bouts.filter(DONE).count()
            now = time.monotonic()
            if done != bar.n:
                last_progress = now
            bar.update(done - bar.n)
            if done >= total:
                return True
            if now - started > timeout or now - last_progress > stall:
                return False
            time.sleep(poll)


def play_seasons(league, *, stdout, timeout: float = 3600, seasons: int = 1) -> AdvanceJob:
    """Play the league's running seasons to their end (``seasons`` > 1: through
    that many, the season breaks taken between them): a "play until" job
    (league.calendar), one run per division on the workers (here, eagerly),
    followed with a progress bar. ``CommandError`` when it fails or times out."""
    target = JobTarget.SEASONS if seasons > 1 else JobTarget.SEASON
    try:
        job = job_start(
            league=league,
            target=target,
            seasons=seasons if seasons > 1 else None,
            check_permission=False,
        )
    except ValidationError as exc:
        raise CommandError("; ".join(exc.messages)) from None
    started = time.monotonic()
    with tqdm(desc="fought", unit="bout", file=stdout, leave=True) as bar:
        while True:
            if eager():
                # Embedded: the runs are sent when the job's transaction (or a
                # season break's) commits; inside a caller's transaction (a
                # test, a script) that is later, so run them here.
                for run_id in job.runs.filter(status=JobStatus.QUEUED).values_list("pk", flat=True):
                    run_division(run_id)
            job.refresh_from_db()
            progress = job_progress(job)
            bar.total = max(progress["bouts_total"], progress["bouts_done"])
            bar.update(progress["bouts_done"] - bar.n)
            if job.status not in ACTIVE:
                break
            if time.monotonic() - started > timeout:
                raise CommandError("timed out waiting for the workers")
            time.sleep(0.2)
    if job.status != JobStatus.DONE:
        raise CommandError(f"the season stopped: {job.message or job.get_status_display()}")
    stdout.write(
        f"{counted(progress['nights'], 'fight night')}, "
        f"{counted(progress['bouts_done'], 'bout')} fought."
    )
    return job


def follow_derivation(
    divisions, *, stdout, label: str, timeout: float = 3600, poll: float = 0.5
) -> bool:
    """Wait until the league projector has derived every completed bout of
    ``divisions`` (standings, rankings, titles, brackets), with a progress bar.
    A division nobody derives (no worker took the task) is derived here."""
    divisions = list(divisions)
    ids = [d.pk for d in divisions]

    def state() -> tuple[int, int, bool]:
        completed = Bout.objects.filter(division_id__in=ids, status=BoutStatus.COMPLETED).count()
        views = [division_derivation(pk) for pk in ids]
        return completed, sum(v.derived_bouts for v in views), all(v.up_to_date for v in views)

    started = last_progress = time.monotonic()
    completed, derived, settled = state()
    with tqdm(total=completed, desc=label, unit="bout", file=stdout, leave=True) as bar:
        while True:
            completed, derived, settled = state()
            bar.total = completed
            if derived != bar.n:
                last_progress = time.monotonic()
            bar.update(derived - bar.n)
            if settled and derived >= completed:
                return True
            now = time.monotonic()
            if now - last_progress > 10:
                # Nothing moved for a while: run the projectors here (single-flight:
                # harmless if a worker is running them).
                for pk in ids:
                    division_project(division_id=pk)
                last_progress = now
            if now - started > timeout:
                return False
            time.sleep(poll)


def failed_lines(bouts) -> list[str]:
    return [
        f"bout {b.pk} ({b}) failed: {b.failure_reason}"
        for b in bouts.filter(status=BoutStatus.FAILED)
    ]


NAME_WIDTH = 40  # a name longer than this is cut (with an ellipsis) to keep the columns


def column_name(name, width: int) -> str:
    """``name`` for a column ``width`` wide: whole when it fits, else cut with "…"."""
    name = str(name)
    return name if len(name) <= width else name[: width - 1] + "…"


def name_width(names) -> int:
    """The width of a names column: the longest name, at most ``NAME_WIDTH``."""
    return min(NAME_WIDTH, max((len(str(name)) for name in names), default=0))


def print_standings(stdout, season) -> None:
    stdout.write(f"\n{season.name} ({season.league.name}) — {season.get_status_display()}")
    rows = list(season_standings(season=season))
    width = name_width(row.fighter or row.camp for row in rows)
    stdout.write(f"{'#':>3}  {'':{width}} {'Pts':>4} {'W':>3} {'L':>3} {'D':>3} {'W inside':>9}")
    for row in rows:
        rank = f"={row.rank}" if row.tied else str(row.rank)
        name = column_name(row.fighter or row.camp, width)
        stdout.write(
            f"{rank:>3}  {name:{width}} {row.points:>4} {row.wins:>3} {row.losses:>3} "
            f"{row.draws:>3} {row.stoppage_wins:>9}"
        )


def print_champions(stdout, league) -> None:
    for division, champion in league_champions(league=league):
        stdout.write(f"{league.name} {division.name} champion: {champion or 'vacant'}")
        for reign in title_lineage(division=division):
            end = (
                f"until {long_date(reign.ended_on)} ({reign.get_end_reason_display()})"
                if reign.ended_on
                else "champion now"
            )
            stdout.write(
                f"  #{reign.number} {reign.fighter or reign.camp}: from "
                f"{long_date(reign.started_on)}, {counted(reign.defences, 'defence')}, {end}"
            )


def print_rankings(stdout, division, top: int = 10) -> None:
    stdout.write(f"\n{division.league.name} {division.name} rankings")
    entries = list(division_rankings(division=division)[:top])
    width = name_width(entry.competitor for entry in entries)
    for entry in entries:
        mark = "C" if entry.is_champion else str(entry.position)
        name = column_name(entry.competitor, width)
        stdout.write(f"{mark:>3}  {name:{width}} {entry.ordinal:7.2f}")
