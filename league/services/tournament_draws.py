"""A tournament's results read from its matches, and its drawn bouts settled by
the rule the tournament states (``Tournament.draw_rule``;
``league.scheduling.brackets.settle_draw``).

Under the decider rule a drawn match gets a second match, its decider
(``brackets.decider_key``: "W2.1" -> "W2.1.D"), booked between the same two in
the same corners; the drawn match is decided when its decider is (a drawn
decider sends the higher seed through). Deciders are stored as matches of the
tournament but are not matches of the bracket: ``read_results`` folds them into
the match they decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bouts.models import BoutStatus, Result
from league.competition_models import TABLES, TournamentStage
from league.models import DrawRule, Tournament, TournamentEntry, TournamentMatch
from league.scheduling import brackets
from league.services.common import CAMP, FIGHTER, competitor_of


@dataclass
class Outcome:
    results: dict[str, str] = field(default_factory=dict)  # bracket key -> "red" | "blue"
    settled: dict[str, brackets.Settled] = field(default_factory=dict)  # drawn bracket keys
    by_bout: dict[int, brackets.Settled] = field(default_factory=dict)  # drawn bouts, deciders
    deciders_due: list[str] = field(default_factory=list)  # drawn, their decider not booked


_FIELDS = (
    "key",
    "walkover",
    "bout_id",
    "bout__status",
    "bout__red_id",
    "bout__blue_id",
    "bout__red_camp_id",
    "bout__blue_camp_id",
    "bout__result__winner",
)


def _sides(m: dict) -> tuple[tuple, tuple]:
    if m["bout__red_id"] is None:
        return (CAMP, m["bout__red_camp_id"]), (CAMP, m["bout__blue_camp_id"])
    return (FIGHTER, m["bout__red_id"]), (FIGHTER, m["bout__blue_id"])


def read_results(
    tournament: Tournament, entries: dict[int, tuple], stage_number: int = 1
) -> Outcome:
    """The bracket's results (the competition's stage ``stage_number``) from
    the completed bouts, walkovers and deciders; every drawn bout settled by
    the tournament's draw rule."""
    seed_of = {c: s for s, c in entries.items()}
    matches = TournamentMatch.objects.filter(tournament=tournament, stage_number=stage_number)
    rows = {m["key"]: m for m in matches.values(*_FIELDS)}
    drawn = [
        m
        for key, m in rows.items()
        if brackets.decided_key(key) is None
        and not m["walkover"]
        and m["bout__status"] == BoutStatus.COMPLETED
        and not m["bout__result__winner"]
    ]
    cards = {}
    if drawn and tournament.draw_rule == DrawRule.CARDS:
        cards = dict(
            Result.objects.filter(bout_id__in=[m["bout_id"] for m in drawn]).values_list(
                "bout_id", "engine_result"
            )
        )
    out = Outcome()
    for key, m in rows.items():
        if brackets.decided_key(key) is None:
            if m["walkover"]:
                out.results[key] = m["walkover"]
            elif m["bout__status"] == BoutStatus.COMPLETED and m["bout__result__winner"]:
                out.results[key] = m["bout__result__winner"]
    for m in drawn:
        key = m["key"]
        red, blue = _sides(m)
        seeds = (seed_of.get(red, 999), seed_of.get(blue, 999))
        decider, decider_row = None, rows.get(brackets.decider_key(key))
        if tournament.draw_rule == DrawRule.DECIDER:
            if decider_row is None:
                out.deciders_due.append(key)
            else:
                decider = _decider_result(decider_row)
        settled = brackets.settle_draw(
            tournament.draw_rule,
            ((cards.get(m["bout_id"]) or {}).get("scorecards") or []),
            *seeds,
            decider=decider,
        )
        out.settled[key] = settled
        if tournament.draw_rule == DrawRule.DECIDER:
            # The drawn bout itself sends nobody through: its decider does.
            out.by_bout[m["bout_id"]] = brackets.Settled(None, "pending")
            if decider_row is not None and decider_row["bout_id"] and settled.side:
                out.by_bout[decider_row["bout_id"]] = settled
        else:
            out.by_bout[m["bout_id"]] = settled
        if settled.side:
            out.results[key] = settled.side
    return out


def _decider_result(row: dict) -> str | None:
    """A decider's result in the drawn bout's corners (it is booked in the same
    corners): its winner, "draw", or None while it is to be fought."""
    if row["walkover"]:
        return row["walkover"]
    if row["bout__status"] != BoutStatus.COMPLETED:
        return None
    return row["bout__result__winner"] or "draw"


def entries_of(tournament: Tournament, stage_number: int = 1) -> dict[int, tuple]:
    """``{seed: competitor}`` of one stage of the competition."""
    entries = TournamentEntry.objects.filter(tournament=tournament, stage_number=stage_number)
    return {e.seed: competitor_of(e) for e in entries}


def tournament_settlements(bout_ids: Sequence[int]) -> dict[int, brackets.Settled]:
    """``{bout id: Settled}`` for the tournament bouts among ``bout_ids`` that
    were drawn or were deciders: who went through and why (the bracket page and
    the title lineage say it in words)."""
    if not bout_ids:
        return {}
    tournaments = {
        (m.tournament_id, m.stage_number): m.tournament
        for m in TournamentMatch.objects.filter(bout_id__in=list(bout_ids)).select_related(
            "tournament"
        )
    }
    out = {}
    wanted = set(bout_ids)
    for (_, number), tournament in tournaments.items():
        if TournamentStage.objects.filter(
            tournament=tournament, number=number, kind__in=TABLES
        ).exists():
            continue  # a drawn Swiss or group bout is a draw: nobody goes through on it
        outcome = read_results(tournament, entries_of(tournament, number), number)
        out.update({b: s for b, s in outcome.by_bout.items() if b in wanted})
    return out


def tournament_draw_winners(bout_ids: Sequence[int]) -> dict[int, str]:
    """``{bout id: "red" | "blue"}`` for the drawn tournament bouts among
    ``bout_ids``: the side the tournament's draw rule sent through (none for a
    bout drawn under the decider rule: its decider, a bout of its own, decides)."""
    return {b: s.side for b, s in tournament_settlements(bout_ids).items() if s.side}
