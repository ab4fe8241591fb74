"""A competition's stages for people: each Swiss or group table as it stands
(points, Buchholz, wins, draws, losses, byes; who goes on), and the
competition's cards with what is left to fight. Read by the tournament page and
the console's."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q

from bouts.models import BoutStatus
from league.competition_models import TABLES, TournamentStage
from league.models import Event, Tournament, TournamentEntry
from league.scheduling.swiss import points_text
from league.services import competitions


@dataclass
class TableLine:
    place: int
    who: object
    seed: int
    points: str
    buchholz: str
    wins: int
    draws: int
    losses: int
    byes: int
    goes_on: bool


@dataclass
class StageSection:
    stage: TournamentStage
    swiss: bool
    groups: list = field(default_factory=list)  # [(name, [TableLine])]
    rounds_made: int = 0


def stage_sections(tournament: Tournament) -> list[StageSection]:
    """Every stage in order; a Swiss or group stage with its tables once it has
    entrants."""
    stages = list(TournamentStage.objects.filter(tournament=tournament).order_by("number"))
    entries = TournamentEntry.objects.filter(
        tournament=tournament, stage_number__in=[s.number for s in stages if s.kind in TABLES]
    ).select_related("fighter", "camp")
    people: dict[int, dict[int, object]] = {}
    for e in entries:
        people.setdefault(e.stage_number, {})[e.seed] = e.fighter or e.camp
    sections = []
    for stage in stages:
        section = StageSection(stage=stage, swiss=stage.kind == "swiss")
        sections.append(section)
        if stage.kind not in TABLES or stage.number not in people:
            continue
        record = competitions.stage_record(tournament, stage)
        section.rounds_made = record.rounds
        tables = competitions.stage_tables(
            tournament, stage, record, dict.fromkeys(people[stage.number])
        )
        going = set()
        if stage.advance:
            going = {row.id for row in competitions.advancing(stage, tables)}
        for n, table in enumerate(tables):
            name = "Table" if len(tables) == 1 else f"Group {chr(ord('A') + n)}"
            lines = [
                TableLine(
                    place=place,
                    who=people[stage.number][row.id],
                    seed=row.seed,
                    points=points_text(row.points),
                    buchholz=points_text(row.buchholz),
                    wins=row.wins,
                    draws=row.draws,
                    losses=row.losses,
                    byes=row.byes,
                    goes_on=row.id in going,
                )
                for place, row in enumerate(table, start=1)
            ]
            section.groups.append((name, lines))
    return sections


def tournament_cards(tournament: Tournament):
    """The competition's cards by date, each with how many bouts it holds and
    how many wait to be fought."""
    return list(
        Event.objects.filter(tournament=tournament)
        .annotate(
            bout_count=Count("bouts"),
            waiting=Count("bouts", filter=Q(bouts__status=BoutStatus.SCHEDULED)),
        )
        .order_by("date", "id")
    )
