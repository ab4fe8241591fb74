"""A league's history, the writes: a season's awards previewed and handed out,
recomputed when a bout of a decided season is voided, and the hall of fame's
inductions (docs/history.md). The awards themselves are the pure
``league.history.awards``; their rows are read by ``league.history.rows``.

A *season* here is a league season: the seasons of one number across the
league's divisions (each division's ``Season`` row is one part of it). Any of
its ``Season`` rows names it.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, Sum

from bouts.models import Bout
from core.scoping import may_commission
from fighters.models import Camp, Fighter
from league.history import awards
from league.history.rows import award_bouts, year_seasons
from league.models import (
    Award,
    Division,
    HallOfFamer,
    League,
    RecordLine,
    Reign,
    Season,
    SeasonStatus,
)
from league.services.common import CAMP, FIGHTER

NOT_YOURS = "Only staff or the league's commissioner hands out its awards."


def awards_compute(league: League, number: int, ratings=None) -> list[awards.AwardRow]:
    """The pure awards of the league's season ``number`` (nothing written)."""
    return awards.season_awards(award_bouts(year_seasons(league, number), ratings))


def award_instances(league: League, number: int, rows: list[awards.AwardRow]) -> list[Award]:
    """Unsaved ``Award`` rows for ``rows``, their fighters, camps, managers,
    bouts and divisions attached (four queries at most, for the names)."""
    fighters = Fighter.objects.in_bulk(
        {r.competitor[1] for r in rows if r.competitor and r.competitor[0] == FIGHTER}
    )
    camps = Camp.objects.in_bulk(
        {r.competitor[1] for r in rows if r.competitor and r.competitor[0] == CAMP}
    )
    users = get_user_model().objects.in_bulk({r.manager for r in rows if r.manager})
    bouts = Bout.objects.select_related("red", "blue", "red_camp", "blue_camp").in_bulk(
        {r.bout_id for r in rows if r.bout_id}
    )
    divisions = {d.pk: d for d in league.divisions.all()}
    out = []
    for row in rows:
        award = Award(
            league=league,
            season_number=number,
            kind=row.kind,
            division=divisions.get(row.division_id),
            manager=users.get(row.manager),
            bout=bouts.get(row.bout_id),
            score=list(row.score),
            summary=row.summary[:300],
            rule=row.rule,
            handed_out_on=league.date,
        )
        if row.competitor and row.competitor[0] == FIGHTER:
            award.fighter = fighters.get(row.competitor[1])
        elif row.competitor:
            award.camp = camps.get(row.competitor[1])
        out.append(award)
    return out


def season_awards_preview(season: Season) -> list[Award]:
    """The awards the league's season (``season``'s number, every division)
    would get now: unsaved ``Award`` rows, each with its rule (``rule``), the
    figures that decided it (``summary``) and who or which bout won it. During
    the season these are the award races' current leaders."""
    league = season.league
    return award_instances(league, season.number, awards_compute(league, season.number))


def _store(league: League, number: int, rows: list[Award], by) -> list[Award]:
    Award.objects.filter(league=league, season_number=number).delete()
    for award in rows:
        award.handed_out_by = by
        award.full_clean(validate_unique=False, validate_constraints=False)
        award.save()
    return rows


def season_awards_hand_out(season: Season, *, by) -> list[Award]:
    """Hand out the league season's awards (``season``'s number): staff or the
    league's commissioner (``by=None``: the operator, a command), once every
    division's season of that number is over (``ValidationError`` before).
    Handing out again replaces the season's awards. Returns the saved awards."""
    league = season.league
    if by is not None and not may_commission(by, league.pk):
        raise PermissionDenied(NOT_YOURS)
    with transaction.atomic():
        # One hand-out at a time per league: the league row is the lock.
        league = League.objects.select_for_update(of=("self",), no_key=True).get(pk=league.pk)
        running = Season.objects.filter(league=league, number=season.number).exclude(
            status=SeasonStatus.COMPLETED
        )
        if running.exists():
            names = ", ".join(sorted(running.values_list("division__name", flat=True)))
            raise ValidationError(
                {"season": [f"Season {season.number} is still being fought in {names}."]}
            )
        rows = award_instances(league, season.number, awards_compute(league, season.number))
        return _store(league, season.number, rows, by)


def awards_refresh(division: Division) -> list[int]:
    """Recompute the handed-out awards of every league season of ``division``
    (the projector, after a replay: a voided bout may have decided one).
    Who handed them out and when stay. Returns the season numbers redone."""
    league = division.league
    numbers = sorted(
        set(
            Award.objects.filter(
                league=league, season_number__in=division.seasons.values("number")
            ).values_list("season_number", flat=True)
        )
    )
    for number in numbers:
        awards_refresh_season(league, number)
    return numbers


def awards_refresh_season(league: League, number: int) -> None:
    old = Award.objects.filter(league=league, season_number=number).order_by("id").first()
    if old is None:
        return
    rows = award_instances(league, number, awards_compute(league, number))
    for award in rows:
        award.handed_out_on = old.handed_out_on
    _store(league, number, rows, old.handed_out_by)


# --- the hall of fame ---------------------------------------------------------------------


def hall_of_fame_candidates(league: League) -> list[dict]:
    """Retired fighters past the league's bar not yet inducted: at least
    ``League.hall_of_fame_wins`` wins in the league, or a world title reign.
    Each ``{fighter, wins, losses, draws, reigns}``; three queries."""
    totals = {
        row["fighter_id"]: row
        for row in RecordLine.objects.filter(league=league, fighter__isnull=False)
        .values("fighter_id")
        .annotate(wins=Sum("wins"), losses=Sum("losses"), draws=Sum("draws"))
        .order_by()
    }
    reigns = dict(
        Reign.objects.filter(title__division__league=league, fighter__isnull=False)
        .values_list("fighter_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    inducted = HallOfFamer.objects.filter(league=league).values("fighter_id")
    wanted = {pk for pk, row in totals.items() if row["wins"] >= league.hall_of_fame_wins}
    wanted |= set(reigns)
    retired = (
        Fighter.objects.filter(pk__in=sorted(wanted), is_active=False)
        .exclude(pk__in=inducted)
        .order_by("retired_on", "name", "id")
    )
    blank = {"wins": 0, "losses": 0, "draws": 0}
    out = []
    for fighter in retired:
        line = totals.get(fighter.pk, blank)
        out.append(
            {
                "fighter": fighter,
                "wins": line["wins"],
                "losses": line["losses"],
                "draws": line["draws"],
                "reigns": reigns.get(fighter.pk, 0),
            }
        )
    return out


def _citation(candidate: dict) -> str:
    words = f"{candidate['wins']}–{candidate['losses']}–{candidate['draws']} in the league"
    if candidate["reigns"]:
        n = candidate["reigns"]
        words += f", world champion ({n} reign{'' if n == 1 else 's'})"
    return words


def hall_of_fame_induct(league: League, *, by) -> list[HallOfFamer]:
    """Induct every retired fighter past the league's bar not yet inducted
    (``hall_of_fame_candidates``), on the league's date: staff or the
    league's commissioner (``by=None``: the operator). Idempotent: nobody is
    inducted twice. Returns the new inductees."""
    if by is not None and not may_commission(by, league.pk):
        raise PermissionDenied("Only staff or the league's commissioner inducts fighters.")
    with transaction.atomic():
        league = League.objects.select_for_update(of=("self",), no_key=True).get(pk=league.pk)
        out = []
        for candidate in hall_of_fame_candidates(league):
            row = HallOfFamer(
                league=league,
                fighter=candidate["fighter"],
                inducted_on=league.date,
                inducted_by=by,
                wins=candidate["wins"],
                losses=candidate["losses"],
                draws=candidate["draws"],
                reigns=candidate["reigns"],
                citation=_citation(candidate)[:300],
            )
            row.full_clean()
            row.save()
            out.append(row)
    return out
