"""Card files from the console (docs/console.md, "Card files"): the same
all-or-nothing, row-numbered checking as the ``import_cards`` command
(``fighters.cardfile``), run for a league and a division of it.

- ``card_file_read``: a file's bytes to rows, or a ValidationError in words
  (too large, not UTF-8 text, not CSV or JSON, no rows).
- ``card_file_check``: every row checked as if written, nothing kept; the
  preview (what each row does) or the bad rows with their numbers and reasons.
- ``card_file_import``: the same, written, all or nothing.

Both need a commissioner of the league or staff (``PermissionDenied``). Every
fighter of the file goes on the division's roster: a new one is the league's
own; an existing one must be one the user may place on a roster
(``league.services.rosters``), and the fighters' and cards' services check
that he may change them (another league's fighter is that row's error).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction

from fighters.cardfile import (
    COLUMNS,
    CardFileError,
    ImportReport,
    ImportRowsError,
    cards_import,
    detect_format,
    read_rows,
)
from fighters.models import Fighter
from league.models import Division, League
from league.services.membership import require_commissioner
from league.services.rosters import roster_additions_check

MAX_BYTES = 2 * 1024 * 1024  # a card file of a few thousand fighters
MAX_ROWS = 5000
TOO_LARGE = f"The file is too large: at most {MAX_BYTES // (1024 * 1024)} MB."


@dataclass
class RowError:
    row: int
    field: str  # a column of the file ("card" for the card), or "" for the row
    reason: str


@dataclass
class CardFileResult:
    report: ImportReport | None = None
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.report is not None and not self.errors


def card_file_read(*, data: bytes, filename: str) -> list[dict]:
    """The rows of an uploaded file; a ValidationError ({"file": [...]}) says why not."""
    if len(data) > MAX_BYTES:
        raise ValidationError({"file": [TOO_LARGE]})
    if not filename.lower().endswith((".csv", ".json", ".txt")):
        raise ValidationError(
            {"file": ["Upload a CSV or JSON card file (its name ending in .csv or .json)."]}
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValidationError(
            {"file": ["The file is not UTF-8 text: save it as “CSV UTF-8” or JSON and try again."]}
        ) from None
    if "\x00" in text:
        raise ValidationError({"file": ["The file is not text: upload a CSV or JSON card file."]})
    try:
        rows = read_rows(text, detect_format(filename, text))
    except CardFileError as exc:
        raise ValidationError({"file": [f"The file cannot be read: {exc}."]}) from None
    if not rows:
        raise ValidationError({"file": ["The file has no fighters in it."]})
    if len(rows) > MAX_ROWS:
        raise ValidationError({"file": [f"The file has over {MAX_ROWS} rows: split it."]})
    return rows


def _row_error(row: int, message: str) -> RowError:
    """ "field: reason" (the checking's own words) split so the page shows the
    reason beside the field it names."""
    name, colon, reason = message.partition(": ")
    if colon and (name in COLUMNS or name.startswith("card")):
        return RowError(row=row, field=name, reason=reason)
    return RowError(row=row, field="", reason=message)


def _placer(*, user, division: Division):
    def place(fighter: Fighter, is_new: bool) -> None:
        if not is_new and division.fighters.filter(pk=fighter.pk).exists():
            return
        if not is_new:
            try:
                roster_additions_check(user=user, league=division.league, fighters=[fighter])
            except ValidationError as exc:  # the reason, without the API's field name
                raise ValidationError(exc.messages) from None
        division.fighters.add(fighter)

    return place


def _run(*, user, league: League, division: Division, rows: list[dict], dry_run: bool):
    require_commissioner(user, league)
    if division.league_id != league.pk:
        raise ValidationError({"division": ["Pick a division of this league."]})
    try:
        with transaction.atomic():
            report = cards_import(
                rows=rows,
                user=user,
                place=_placer(user=user, division=division),
                dry_run=dry_run,
            )
    except ImportRowsError as exc:
        return CardFileResult(errors=[_row_error(number, text) for number, text in exc.errors])
    return CardFileResult(report=report)


def card_file_check(*, user, league: League, division: Division, rows: list[dict]):
    """What importing ``rows`` onto ``division``'s roster would do; nothing is written."""
    return _run(user=user, league=league, division=division, rows=rows, dry_run=True)


def card_file_import(*, user, league: League, division: Division, rows: list[dict]):
    """Import ``rows`` onto ``division``'s roster, all or nothing."""
    return _run(user=user, league=league, division=division, rows=rows, dry_run=False)
