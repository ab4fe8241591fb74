"""``check_league``'s part for the history: every record line and every
handed-out award recomputed from the bout rows (ratings replayed from scratch,
not read from the stored history) and compared with what is stored."""

from __future__ import annotations

from league import rankings
from league.history.rows import ratings_around
from league.history.services import awards_compute
from league.history.storage import division_lines, stored_lines
from league.models import Award, League
from league.services.rows import division_bouts


def _replayed_ratings(rows) -> dict:
    book = rankings.RatingBook()
    entries = []
    for b in rows:
        for point in book.apply(b.red, b.blue, b.winner):
            entries.append((b.id, point.competitor, point.ordinal))
    return ratings_around(entries)


def _score(values) -> tuple:
    return tuple(round(v, 6) if isinstance(v, float) else v for v in values)


def _award_key(kind, division_id, fighter_id, camp_id, manager_id, bout_id, score) -> tuple:
    return (kind, division_id or 0, fighter_id, camp_id, manager_id, bout_id, _score(score))


def history_check(*, league: League) -> list[str]:
    problems: list[str] = []
    ratings: dict = {}
    for division in league.divisions.select_related("league").order_by("name"):
        rows = division_bouts(division.id)
        ratings.update(_replayed_ratings(rows))
        want, have = division_lines(division, rows), stored_lines(division)
        for competitor in sorted(set(want) | set(have)):
            if competitor not in have:
                problems.append(f"{division.name}: no record line stored for {competitor}")
            elif competitor not in want:
                problems.append(f"{division.name}: a record line is stored for {competitor}")
            elif want[competitor] != have[competitor]:
                problems.append(
                    f"{division.name}: record line of {competitor}: stored "
                    f"{have[competitor].values()}, bouts say {want[competitor].values()}"
                )
    numbers = sorted(
        set(Award.objects.filter(league=league).values_list("season_number", flat=True))
    )
    for number in numbers:
        stored = {
            _award_key(*row)
            for row in Award.objects.filter(league=league, season_number=number).values_list(
                "kind", "division_id", "fighter_id", "camp_id", "manager_id", "bout_id", "score"
            )
        }
        wanted = set()
        for row in awards_compute(league, number, ratings):
            fighter = (
                row.competitor[1] if row.competitor and row.competitor[0] == "fighter" else None
            )
            camp = row.competitor[1] if row.competitor and row.competitor[0] == "camp" else None
            wanted.add(
                _award_key(
                    row.kind, row.division_id, fighter, camp, row.manager, row.bout_id, row.score
                )
            )
        for key in sorted(stored - wanted, key=str):
            problems.append(f"season {number}: award stored but not won by the bouts: {key}")
        for key in sorted(wanted - stored, key=str):
            problems.append(f"season {number}: award won by the bouts but not stored: {key}")
    return problems
