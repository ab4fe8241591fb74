"""The record book's lines kept by the projector (``league.history.records``):
added to as bouts are derived, rewritten when a division is replayed."""

from __future__ import annotations

from django.db.models import Q

from core.bulk import insert_rows
from league.history import records
from league.history.rows import record_bouts
from league.models import Division, RecordLine
from league.services.common import CAMP, FIGHTER, competitor_fields, competitor_of
from league.services.rows import BoutRow, division_bouts


def _line_of(row: RecordLine) -> records.Line:
    values = {name: getattr(row, name) for name in records.LINE_FIELDS if name != "fastest_bout_id"}
    return records.Line(**values, fastest_bout_id=row.fastest_bout_id)


def _row_of(division: Division, competitor, line: records.Line) -> RecordLine:
    return RecordLine(
        league_id=division.league_id,
        division=division,
        **competitor_fields(competitor),
        **{name: getattr(line, name) for name in records.LINE_FIELDS},
    )


def stored_lines(division: Division, competitors=None) -> dict[tuple, records.Line]:
    rows = RecordLine.objects.filter(division=division)
    if competitors is not None:
        fighters = [pk for kind, pk in competitors if kind == FIGHTER]
        camps = [pk for kind, pk in competitors if kind == CAMP]
        rows = rows.filter(Q(fighter_id__in=fighters) | Q(camp_id__in=camps))
    return {competitor_of(row): _line_of(row) for row in rows}


def records_append(division: Division, rows: list[BoutRow]) -> None:
    """Add newly derived bouts (league order, after every bout already in the
    lines) to their sides' lines: one read, one DELETE and one INSERT."""
    if not rows:
        return
    competitors = {c for b in rows for c in (b.red, b.blue)}
    lines = stored_lines(division, competitors)
    for bout in record_bouts(rows):
        records.apply(lines, bout)
    fighters = [pk for kind, pk in competitors if kind == FIGHTER]
    camps = [pk for kind, pk in competitors if kind == CAMP]
    RecordLine.objects.filter(division=division).filter(
        Q(fighter_id__in=fighters) | Q(camp_id__in=camps)
    ).delete()
    insert_rows(RecordLine, [_row_of(division, c, line) for c, line in sorted(lines.items())])


def division_lines(division: Division, rows: list[BoutRow] | None = None) -> dict:
    """The division's lines replayed from its completed bouts."""
    if rows is None:
        rows = division_bouts(division.id)
    return records.lines_from(record_bouts(rows))


def records_rebuild(division: Division, rows: list[BoutRow] | None = None) -> None:
    """Rewrite the division's lines from its completed bouts (a replay)."""
    lines = division_lines(division, rows)
    RecordLine.objects.filter(division=division).delete()
    insert_rows(RecordLine, [_row_of(division, c, line) for c, line in sorted(lines.items())])
