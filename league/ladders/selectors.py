"""Reads of a ladder for its pages and the API: the rungs with each fighter's
fitness and open challenge, and the challenges in words. A fixed number of
queries whatever the ladder's size."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from bouts.engine.result import DECISIONS
from league.calendar.selectors import status_words, statuses_on
from league.ladders.models import ChallengeStatus, Ladder, LadderChallenge, LadderRung
from league.scheduling import ladder as rules


@dataclass
class RungLine:
    rank: int
    fighter: object
    moved: int  # places gained (+) or lost (-) since the ladder was made
    fit: bool
    status: str  # "fit", or why not ("suspended until 5 Dec 2026: KO loss")
    open_challenge: LadderChallenge | None
    targets: list  # whom he may challenge now (fighters), best first


def ladder_queryset() -> QuerySet[Ladder]:
    return Ladder.objects.select_related("league", "division")


def ladder_rungs(ladder: Ladder) -> list[RungLine]:
    """The ladder top to bottom, each fighter's fitness on the league's date, his
    open challenge, and whom he may challenge now (by the ladder's rules)."""
    rungs = list(
        LadderRung.objects.filter(ladder=ladder).select_related("fighter__camp").order_by("rank")
    )
    open_ = list(
        LadderChallenge.objects.filter(ladder=ladder, status=ChallengeStatus.OPEN).select_related(
            "challenger", "defender", "bout"
        )
    )
    busy = {}
    for c in open_:
        busy[c.challenger_id] = c
        busy[c.defender_id] = c
    ids = [r.fighter_id for r in rungs]
    statuses = statuses_on(ids, ladder.league.date, league=ladder.league) if ids else {}
    order = ids
    fighters = {r.fighter_id: r.fighter for r in rungs}
    unfit = {pk: s for pk, s in statuses.items() if not s.fit}
    lines = []
    for r in rungs:
        status = statuses.get(r.fighter_id)
        targets = []
        if r.fighter_id not in busy and r.fighter_id not in unfit:
            targets = [
                fighters[pk]
                for pk in rules.within_reach(order, r.fighter_id, ladder.reach)
                if pk not in busy and pk not in unfit
            ]
        lines.append(
            RungLine(
                rank=r.rank,
                fighter=r.fighter,
                moved=r.start_rank - r.rank,
                fit=status is None or status.fit,
                status=status_words(status) if status is not None else "fit",
                open_challenge=busy.get(r.fighter_id),
                targets=targets,
            )
        )
    return lines


def ladder_challenges(ladder: Ladder, *, limit: int = 50) -> list[LadderChallenge]:
    """The ladder's challenges, latest first, each with ``words``: what happened
    ("Ace 1 beat Free Agent by KO in round 3 and took 3rd place")."""
    rows = list(
        LadderChallenge.objects.filter(ladder=ladder)
        .select_related("challenger", "defender", "bout__result", "bout__event")
        .defer("bout__inputs", "bout__options", "bout__plans", "bout__result__engine_result")
        .order_by("-id")[:limit]
    )
    for c in rows:
        c.words = challenge_words(c)
    return rows


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _how(result) -> str:
    if result is None:
        return ""
    if result.method == "DRAW":
        return f" over {result.round} rounds"
    if result.method in DECISIONS:
        return f" by {result.method} over {result.round} rounds"
    return f" by {result.method} in round {result.round}"


def challenge_words(c: LadderChallenge) -> str:
    """One challenge for people."""
    challenger, defender = c.challenger.name, c.defender.name
    place = _ordinal(c.defender_rank)
    if c.status == ChallengeStatus.OPEN:
        return f"{challenger} ({_ordinal(c.challenger_rank)}) challenges {defender} ({place})"
    if c.status == ChallengeStatus.CANCELLED:
        return f"{challenger}'s challenge to {defender} was cancelled: {c.reason}"
    result = getattr(c.bout, "result", None) if c.bout_id else None
    how = _how(result)
    if c.winner == "challenger":
        return f"{challenger} beat {defender}{how} and took {place} place"
    if c.winner == "defender":
        return f"{defender} beat {challenger}{how} and kept {place} place"
    return f"{defender} drew with {challenger}{how} and kept {place} place"
