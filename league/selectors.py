"""League reads: standings, rankings, brackets, title lineage, and the check that
every stored derived row agrees with a replay from the bout rows."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import QuerySet

from bouts.models import Bout, BoutStatus
from bouts.selectors import career_check
from league import services
from league.history.checks import history_check
from league.models import (
    Division,
    League,
    Rating,
    RatingHistory,
    Reign,
    Season,
    Standing,
    Title,
    Tournament,
    TournamentEntry,
    TournamentMatch,
)
from league.scheduling.brackets import BYE, TBD, decider_key
from league.scheduling.round_robin import round_robin
from league.services.tournaments import tournament_outcome
from league.titles import champion as titles_champion


def season_standings(*, season: Season) -> QuerySet[Standing]:
    """The table, best first; rows sharing a rank are tied (``Standing.tied``)."""
    return (
        Standing.objects.filter(season=season)
        .select_related("fighter", "camp")
        .order_by("rank", "fighter__name", "camp__name", "id")
    )


@dataclass
class RankedEntry:
    rank: int
    competitor: object  # a Fighter or a Camp
    mu: float
    sigma: float
    ordinal: float
    bouts: int
    is_champion: bool
    derived_through: object = None  # the date the rankings are derived through (API)
    # The ranking people read: the champion is marked apart (None), the
    # contenders numbered from #1 (not "C, 2, 3"); ``rank`` is the place in the list.
    position: int | None = None


def division_rankings(*, division: Division, active_only: bool = True) -> list[RankedEntry]:
    """The division's ranked list: the champion on top, then by rating ordinal
    (mu - 3 sigma); fighters without a bout in the division are not ranked."""
    title = Title.objects.filter(division=division).first()
    champ = None
    if title is not None and title.champion_id:
        champ = ("fighter", title.champion_id)
    elif title is not None and title.champion_camp_id:
        champ = ("camp", title.champion_camp_id)
    rows = Rating.objects.filter(division=division).select_related("fighter", "camp")
    if active_only:
        rows = rows.exclude(fighter__is_active=False)
    rows = sorted(
        rows,
        key=lambda r: (services.competitor_of(r) != champ, -r.ordinal, services.competitor_of(r)),
    )
    out = []
    contenders = 0
    for n, r in enumerate(rows, start=1):
        is_champion = services.competitor_of(r) == champ
        contenders += not is_champion
        out.append(
            RankedEntry(
                rank=n,
                competitor=r.fighter or r.camp,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                bouts=r.bouts,
                is_champion=is_champion,
                position=None if is_champion else contenders,
            )
        )
    return out


def fighter_rating_history(*, fighter, division: Division | None = None):
    rows = RatingHistory.objects.filter(fighter=fighter).select_related("bout", "division")
    if division is not None:
        rows = rows.filter(division=division)
    return rows.order_by("date", "bout__event_id", "bout__order", "bout_id")


def title_lineage(*, division: Division) -> QuerySet[Reign]:
    """The reigns, first first, each with the bouts that began and ended it and
    their results and sides (for "beat Erwin Wende by TKO in round 2")."""
    bout_fields = [
        f"{end}__{field}"
        for end in ("start_bout", "end_bout")
        for field in ("result", "red", "blue", "red_camp", "blue_camp")
    ]
    return (
        Reign.objects.filter(title__division=division)
        .select_related(
            "fighter",
            "camp",
            "start_bout",
            "end_bout",
            "start_bout__tournament_match",  # a drawn final or a decider says why
            *bout_fields,
        )
        .defer(
            "start_bout__inputs",
            "start_bout__options",
            "start_bout__plans",
            "start_bout__result__engine_result",
            "end_bout__inputs",
            "end_bout__options",
            "end_bout__plans",
            "end_bout__result__engine_result",
        )
        .order_by("number")
    )


def league_champions(*, league: League) -> list[tuple[Division, object | None]]:
    divisions = league.divisions.select_related(
        "title", "title__champion", "title__champion_camp"
    ).order_by("name")
    out = []
    for d in divisions:
        title = getattr(d, "title", None)
        out.append((d, (title.champion or title.champion_camp) if title else None))
    return out


@dataclass
class BracketLine:
    key: str
    stage: int
    status: str  # pending | ready | done | bye | skipped (brackets.resolve)
    red: object | None  # a Fighter or a Camp; None for a bye or not known yet
    blue: object | None
    red_seed: int | None
    blue_seed: int | None
    winner: object | None
    bout_id: int | None
    walkover: str
    final: bool
    method: str = ""  # how the bout ended ("TKO"), "" when not fought
    end_round: int | None = None  # the round it ended in
    sources: tuple = ()  # (kind, ref) of the red and blue slots: "seed" / "winner" / "loser"
    reset: bool = False  # the grand final's reset
    # Why the match's bout was not fought on its night (a fighter suspended or
    # retired since it was booked): it waits to be re-booked, or the league's
    # rule gave a walkover (``walkover_reason`` then says so too).
    postponed_reason: str = ""
    walkover_reason: str = ""
    # A drawn match: who the tournament's draw rule sent through, in words
    # ("through on the judges' cards, rounds won 7–5"), and its decider bout.
    through: str = ""
    decider_bout_id: int | None = None
    decider_method: str = ""
    decider_round: int | None = None


def season_postponed(*, season) -> QuerySet:
    """The season's bouts postponed on their fight night, with why, in league order."""
    return (
        Bout.objects.filter(event__season=season, status=BoutStatus.POSTPONED)
        .select_related("red", "blue", "red_camp", "blue_camp", "event")
        .only(
            "id",
            "date",
            "order",
            "event__name",
            "event__date",
            "postponed_reason",
            "red__name",
            "blue__name",
            "red_camp__name",
            "blue_camp__name",
        )
        .order_by("date", "event_id", "order", "id")
    )


def tournament_bracket(*, tournament: Tournament) -> tuple[list[BracketLine], object | None]:
    """Every match of the bracket with its state, and the champion (or None)."""
    stage = services.bracket_stage(tournament)
    if stage is None:
        return [], None
    rows = list(
        TournamentEntry.objects.filter(
            tournament=tournament, stage_number=stage.number
        ).select_related("fighter", "camp")
    )
    objects = {e.seed: e.fighter or e.camp for e in rows}
    bracket, state, _, outcome = tournament_outcome(
        tournament, stage, {e.seed: services.competitor_of(e) for e in rows}
    )
    if bracket is None:
        return [], None
    fought = {
        m.key: m
        for m in TournamentMatch.objects.filter(tournament=tournament, stage_number=stage.number)
        .select_related("bout__result")
        .defer("bout__inputs", "bout__options", "bout__plans", "bout__result__engine_result")
    }

    def who(seed):
        return None if seed in (BYE, TBD) else objects[seed]

    def seed_of(seed):
        return None if seed in (BYE, TBD) else seed

    lines = []
    for spec in bracket.matches:
        ms = state.matches[spec.key]
        row = fought.get(spec.key)
        result = getattr(row.bout, "result", None) if row is not None and row.bout_id else None
        decider = fought.get(decider_key(spec.key))
        decided = getattr(decider.bout, "result", None) if decider and decider.bout_id else None
        settled = outcome.settled.get(spec.key)
        lines.append(
            BracketLine(
                key=spec.key,
                stage=spec.stage,
                status=ms.status,
                red=who(ms.red),
                blue=who(ms.blue),
                red_seed=seed_of(ms.red),
                blue_seed=seed_of(ms.blue),
                winner=who(ms.winner),
                bout_id=row.bout_id if row else None,
                walkover=row.walkover if row else "",
                final=spec.final,
                method=result.method if result is not None else "",
                end_round=result.round if result is not None else None,
                sources=((spec.red.kind, spec.red.ref), (spec.blue.kind, spec.blue.ref)),
                reset=spec.reset,
                postponed_reason=row.bout.postponed_reason if row and row.bout else "",
                walkover_reason=row.walkover_reason if row else "",
                through=settled.words if settled else "",
                decider_bout_id=decider.bout_id if decider else None,
                decider_method=decided.method if decided is not None else "",
                decider_round=decided.round if decided is not None else None,
            )
        )
    return lines, who(state.champion) if state.complete else None


# --- the consistency check ---------------------------------------------------------------


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def league_check(*, league: League) -> list[str]:
    """Disagreements between the stored careers, standings, ratings (and rating
    history) and titles of ``league`` and a replay of its bout rows from
    scratch; empty when everything agrees."""
    problems: list[str] = []
    for division in league.divisions.select_related("league").order_by("name"):
        problems.extend(division_check(division=division))
    problems.extend(history_check(league=league))
    return problems


def division_check(*, division: Division) -> list[str]:
    problems: list[str] = []
    label = division.name
    derived = services.division_derive(division=division)

    # Careers (the bouts app's own check from its bout rows).
    fighter_ids = set(division.fighters.values_list("id", flat=True))
    for bout in division.bouts.values("red_id", "blue_id"):
        fighter_ids.update(i for i in (bout["red_id"], bout["blue_id"]) if i)
    if fighter_ids:
        for p in career_check(fighters=sorted(fighter_ids)):
            problems.append(
                f"{label}: career of {p['fighter']}: {p['field']} stored {p['stored']}, "
                f"bouts say {p['expected']}"
            )

    # Ratings.
    stored = {
        services.competitor_of(r): r
        for r in Rating.objects.filter(division=division).select_related("fighter", "camp")
    }
    for p in derived.ratings:
        row = stored.pop(p.competitor, None)
        if row is None:
            problems.append(f"{label}: no rating stored for {p.competitor}")
            continue
        if not (_close(row.mu, p.mu) and _close(row.sigma, p.sigma)) or row.bouts != p.bouts:
            problems.append(
                f"{label}: rating of {row.fighter or row.camp}: stored mu {row.mu:.6f} "
                f"sigma {row.sigma:.6f} ({row.bouts} bouts), replay mu {p.mu:.6f} "
                f"sigma {p.sigma:.6f} ({p.bouts} bouts)"
            )
    for competitor in stored:
        problems.append(f"{label}: a rating is stored for {competitor} without bouts")
    history = {
        (h.bout_id, services.competitor_of(h)): h
        for h in RatingHistory.objects.filter(division=division)
    }
    for bout_id, _date, p in derived.history:
        h = history.pop((bout_id, p.competitor), None)
        if h is None or not (_close(h.mu, p.mu) and _close(h.sigma, p.sigma)):
            problems.append(f"{label}: rating history of {p.competitor} after bout {bout_id}")
    for bout_id, competitor in history:
        problems.append(f"{label}: stray rating history of {competitor} after bout {bout_id}")

    # Standings.
    for season in division.seasons.all():
        rows = {services.competitor_of(s): s for s in Standing.objects.filter(season=season)}
        for want in derived.standings.get(season.id, []):
            have = rows.pop(want.competitor, None)
            fields = services.STANDING_FIELDS
            if have is None:
                problems.append(f"{label} {season.name}: no standing for {want.competitor}")
                continue
            for f in fields:
                if getattr(have, f) != getattr(want, f):
                    problems.append(
                        f"{label} {season.name}: {want.competitor} {f} stored "
                        f"{getattr(have, f)!r}, bouts say {getattr(want, f)!r}"
                    )
        for competitor in rows:
            problems.append(f"{label} {season.name}: stray standing for {competitor}")

    # Titles.
    reigns = list(Reign.objects.filter(title__division=division).order_by("number"))
    want = [services.reign_values(r) for r in derived.reigns]
    have = [services.reign_values(r) for r in reigns]
    if want != have:
        problems.append(f"{label}: title lineage stored {have}, bouts say {want}")
    title = Title.objects.filter(division=division).first()
    holder = titles_champion(derived.reigns)
    stored_holder = None
    if title is not None and title.champion_id:
        stored_holder = ("fighter", title.champion_id)
    elif title is not None and title.champion_camp_id:
        stored_holder = ("camp", title.champion_camp_id)
    if holder != stored_holder:
        problems.append(f"{label}: champion stored {stored_holder}, bouts say {holder}")
    return problems


def commissioned_league_ids(user) -> list[int]:
    """The ids of the leagues ``user`` commissions."""
    return list(League.objects.filter(commissioners=user).values_list("id", flat=True))


def season_bout_count(division: Division) -> int:
    """How many bouts a new season of ``division`` schedules at most: the round
    robin over its members today (development may retire some first), counted
    before anything is written (the queue throttle's charge)."""
    if services.common.division_is_team(division):
        members = division.camps.count()
    else:
        members = division.fighters.filter(is_active=True).count()
    return sum(len(played) for played in round_robin(range(members)))
