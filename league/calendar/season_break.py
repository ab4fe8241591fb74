"""From one season to the next: the season break's steps, in order, each taken
once, each with a preview of what it will do (docs/calendar.md, "The season
break").

A league is in a break when every division's season of its latest number is
over (fought to the end or closed) and no later season exists. The steps:

1. crown: each division's champion of the season, the top of its final table;
2. awards: the season's awards handed out (``league.history``);
3. develop: cards aged and developed where the league develops careers
   (``league.development``: the rulesets' own development model), and who is
   due to retire noted;
4. retire: those due retire (age, damage, weak cards: the same model), and the
   retired past the league's bar enter its hall of fame;
5. prospects: generated fighters fill each division up to ``roster_size``;
6. next: every division's next season scheduled, its first night after the
   break.

The commissioner takes them one click at a time from the console; a play-until
job of several seasons takes them all itself (``break_take_all``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, Max, Q

from core.scoping import may_commission
from core.words import counted
from fighters.models import Fighter
from fighters.roster import plan_roster
from fighters.services import roster_create
from league.calendar.models import BreakStep, SeasonBreak
from league.development import DevelopmentPlan, development_apply, development_plan
from league.history.services import (
    hall_of_fame_candidates,
    hall_of_fame_induct,
    season_awards_hand_out,
    season_awards_preview,
)
from league.models import League, Season, SeasonStatus, Standing
from league.services.common import division_is_team

STEPS = list(BreakStep.values)
NOT_YOURS = "Only staff or the league's commissioner takes the steps of its season break."


@dataclass
class Break:
    """A league's break after its season ``number`` (nothing written)."""

    league: League
    number: int
    seasons: list[Season]
    row: SeasonBreak | None = None
    done: list[str] = field(default_factory=list)

    @property
    def on(self) -> dt.date:
        return self.row.on if self.row is not None else self.league.date

    @property
    def next_step(self) -> str | None:
        return next((step for step in STEPS if step not in self.done), None)

    def steps(self) -> list[dict]:
        """Each step with its words and whether it is done or next."""
        upcoming = self.next_step
        return [
            {
                "key": step,
                "label": BreakStep(step).label,
                "done": step in self.done,
                "next": step == upcoming,
                "note": (self.row.notes.get(step, "") if self.row else ""),
            }
            for step in STEPS
        ]


def season_break(league: League) -> Break | None:
    """The break the league is in, or None (a season is running, or none was
    ever played). Two or three queries."""
    latest = Season.objects.filter(league=league).aggregate(n=Max("number"))["n"]
    if latest is None:
        return None
    seasons = list(
        Season.objects.filter(league=league, number=latest)
        .select_related("division", "champion", "champion_camp")
        .order_by("division__name", "division_id")
    )
    if any(season.status != SeasonStatus.COMPLETED for season in seasons):
        return None
    row = SeasonBreak.objects.filter(league=league, number=latest).first()
    found = Break(league, latest, seasons, row, list(row.done) if row else [])
    if BreakStep.NEXT in found.done:
        return None
    return found


def break_preview(found: Break, step: str) -> dict:
    """What ``step`` will do, for the console to show before the click."""
    league = found.league
    if step == BreakStep.CROWN:
        tops = _table_tops(found.seasons)
        return {"crowns": [(season, tops.get(season.pk, [])) for season in found.seasons]}
    if step == BreakStep.AWARDS:
        return {"awards": season_awards_preview(found.seasons[0]) if found.seasons else []}
    if step == BreakStep.DEVELOP:
        if not league.development:
            return {"off": "This league keeps its cards as they are (development is off)."}
        plan = development_plan(league=league, on=found.on)
        return {"develop": plan.develop, "retire": plan.retire}
    if step == BreakStep.RETIRE:
        if not league.development:
            return {"off": "Nobody retires: this league does not age its fighters."}
        due = found.row.retire_due if found.row else []
        return {"retire": due, "hall_of_fame": hall_of_fame_candidates(league)}
    if step == BreakStep.PROSPECTS:
        return {"prospects": _prospects_needed(found)}
    return {"next": [season.division for season in found.seasons], "start": _next_start(found)}


def break_take(found: Break, step: str, *, user=None, check_permission: bool = True) -> str:
    """Take ``step`` of the break (the next one: steps go in order): what it did,
    in words. ``user=None`` with ``check_permission=False``: the league's own
    play-until job."""
    league = found.league
    if check_permission and not may_commission(user, league.pk):
        raise PermissionDenied(NOT_YOURS)
    if step not in STEPS:
        raise ValidationError({"step": ["Choose one of the season break's steps."]})
    upcoming = found.next_step
    if upcoming is None:
        raise ValidationError({"step": ["Every step of this season break is taken."]})
    if step != upcoming:
        raise ValidationError({"step": [f"Next comes: {BreakStep(upcoming).label.lower()}."]})
    with transaction.atomic():
        row, _ = SeasonBreak.objects.select_for_update().get_or_create(
            league=league, number=found.number, defaults={"on": league.date}
        )
        if step in row.done:
            raise ValidationError({"step": ["This step is already taken."]})
        found.row = row
        note = _TAKE[step](found, user if check_permission else None)
        row.done = [*row.done, step]
        row.notes = {**row.notes, step: note}
        row.full_clean()
        row.save()
        found.done = list(row.done)
    return note


def break_take_all(found: Break) -> list[str]:
    """Every step left, in order (a play-until job through season ends)."""
    notes = []
    while found.next_step is not None:
        notes.append(break_take(found, found.next_step, check_permission=False))
    return notes


# --- the steps --------------------------------------------------------------------------


def _table_tops(seasons: list[Season]) -> dict[int, list[Standing]]:
    """``{season id: its table's first three rows}``, one query for every season."""
    tops: dict[int, list[Standing]] = {}
    rows = (
        Standing.objects.filter(season__in=seasons, rank__lte=3)
        .select_related("fighter", "camp")
        .order_by("season_id", "rank", "id")
    )
    for row in rows:
        top = tops.setdefault(row.season_id, [])
        if len(top) < 3:
            top.append(row)
    return tops


def _crown(found: Break, _user) -> str:
    crowned = []
    tops = _table_tops(found.seasons)
    for season in found.seasons:
        top = tops.get(season.pk)
        if not top:
            continue
        season.champion, season.champion_camp = top[0].fighter, top[0].camp
        crowned.append(f"{(top[0].fighter or top[0].camp).name} ({season.division.name})")
    if not crowned:
        return "No table to crown from."
    Season.objects.bulk_update(found.seasons, ["champion", "champion_camp"])
    return "Crowned: " + ", ".join(crowned) + "."


def _awards(found: Break, user) -> str:
    if not found.seasons:
        return "No season to award."
    handed = season_awards_hand_out(found.seasons[0], by=user)
    return f"{counted(len(handed), 'award')} handed out."


def _develop(found: Break, _user) -> str:
    league = found.league
    if not league.development:
        return "Skipped: this league keeps its cards as they are."
    plan = development_plan(league=league, on=found.on)
    summary = development_apply(plan, retire=False)
    found.row.retire_due = [
        {"fighter": fighter.pk, "name": fighter.name, "reason": reason}
        for fighter, reason in plan.retire
    ]
    return f"{counted(summary.cards, 'card')} developed."


def _retire(found: Break, user) -> str:
    league = found.league
    if not league.development:
        return "Skipped: this league does not age its fighters."
    # Those the develop step found due, still active: their reasons as noted then.
    reasons = {row["fighter"]: row["reason"] for row in found.row.retire_due}
    due = Fighter.objects.filter(pk__in=reasons, is_active=True).order_by("id")
    plan = DevelopmentPlan(league, found.on, list(league.divisions.all()))
    plan.retire = [(fighter, reasons[fighter.pk]) for fighter in due]
    summary = development_apply(plan, develop=False)
    inducted = hall_of_fame_induct(league, by=user)
    words = f"{summary.retired} retired"
    if inducted:
        words += f"; {len(inducted)} entered the hall of fame"
    return words + "."


def _prospects_needed(found: Break) -> list[tuple]:
    league = found.league
    if not league.roster_size:
        return []
    counts = dict(
        league.divisions.annotate(
            active=Count("fighters", filter=Q(fighters__is_active=True))
        ).values_list("pk", "active")
    )
    needed = []
    for season in found.seasons:
        division = season.division
        if division_is_team(division):
            continue
        missing = league.roster_size - counts.get(division.pk, 0)
        if missing > 0:
            needed.append((division, missing))
    return needed


def _prospects(found: Break, _user) -> str:
    needed = _prospects_needed(found)
    if not needed:
        return (
            "No prospects needed." if found.league.roster_size else "Skipped: no roster size set."
        )
    added = 0
    for division, count in needed:
        plan = plan_roster(
            ruleset=found.league.ruleset,
            count=count,
            seed=_seed(found, division.pk),
            weight_classes=[division.weight_class],
        )
        made = roster_create(plan=plan, divisions={division.weight_class: division})
        added += len(made["fighters"])
    return f"{counted(added, 'prospect')} added."


def _next_start(found: Break) -> dt.date:
    return found.league.date + dt.timedelta(days=max(1, found.league.days_between_events))


def _next(found: Break, _user) -> str:
    from league.services.seasons import season_schedule  # the services import the calendar

    start = _next_start(found)
    made = [
        season_schedule(
            division=season.division,
            start_date=start,
            seed=_seed(found, season.division_id),
            queue=False,
            developed=True,
        )
        for season in found.seasons
    ]
    return f"{counted(len(made), 'season')} scheduled."


def _seed(found: Break, division_id: int) -> int:
    digest = hashlib.sha256(
        f"{found.league.slug}/break/{found.number}/{division_id}".encode()
    ).digest()
    return int.from_bytes(digest[:4], "big")


_TAKE = {
    BreakStep.CROWN: _crown,
    BreakStep.AWARDS: _awards,
    BreakStep.DEVELOP: _develop,
    BreakStep.RETIRE: _retire,
    BreakStep.PROSPECTS: _prospects,
    BreakStep.NEXT: _next,
}
