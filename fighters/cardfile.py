"""Card files: fighters with their rating cards as CSV or JSON, one fighter and one
ruleset per row (a fighter with cards in two rulesets takes two rows).

Row fields (CSV columns / JSON keys)::

    name, nickname, nationality, date_of_birth (YYYY-MM-DD), stance, height_cm,
    reach_cm, weight_class, camp (the camp's name), is_active, retired_on,
    ruleset, card

``card`` is the card as a JSON object. In CSV, instead of the ``card`` column,
the card may be given flattened as ``card.<field>`` columns, nested fields by
dotted name (``card.fresh.pl``); each cell is read as JSON when it parses
(numbers, true/false, lists) and as text otherwise; an empty cell leaves the
field out. A row with an empty ruleset (and no card) just creates/updates the
fighter. A fighter is identified by name and camp: an existing one is updated.

Importing is all-or-nothing (``cards_import``): every row is checked with the
same services that the admin uses, and if any row is bad nothing is written and
every bad row is reported with its number (1 = the first data row).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from core.api.parsers import MAX_DEPTH, json_depth

from .cards import flatten, format_cell, parse_cell, unflatten
from .models import Camp, Fighter, RatingCard, Stance
from .services import FIGHTER_FIELDS, camp_create, card_save, fighter_create, fighter_update
from .weight_classes import WeightClass

# A card file's fighter columns are exactly the fields a fighter service writes.
FIGHTER_COLUMNS = FIGHTER_FIELDS
COLUMNS = (*FIGHTER_COLUMNS, "ruleset", "card")
CARD_COLUMN_PREFIX = "card."
FORMATS = ("csv", "json")


class RowForm(forms.Form):
    """Types and checks one row's fighter fields (CSV text or JSON values)."""

    name = forms.CharField(max_length=120)
    nickname = forms.CharField(max_length=120, required=False)
    nationality = forms.CharField(max_length=80, required=False)
    date_of_birth = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    stance = forms.ChoiceField(choices=Stance.choices, required=False)
    height_cm = forms.IntegerField(required=False, min_value=1)
    reach_cm = forms.IntegerField(required=False, min_value=1)
    weight_class = forms.ChoiceField(choices=WeightClass.choices)
    camp = forms.CharField(max_length=120, required=False)
    is_active = forms.NullBooleanField(required=False)
    retired_on = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    ruleset = forms.CharField(max_length=20, required=False)


class CardFileError(ValueError):
    """The file itself cannot be read (not the rows in it)."""


@dataclass
class ImportReport:
    rows: int = 0
    fighters_created: int = 0
    fighters_updated: int = 0
    cards_saved: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    # what each row does, for a preview: (row number, fighter's name, "new" or
    # "updated", ruleset or "")
    lines: list[tuple[int, str, str, str]] = field(default_factory=list)


# Called with each row's fighter (new or matched, saved) before his card is
# saved; it may refuse with a ValidationError, which is that row's error.
PlaceFighter = Callable[[Fighter, bool], None]


class ImportRowsError(Exception):
    def __init__(self, errors: list[tuple[int, str]]):
        self.errors = errors
        super().__init__(f"{len(errors)} bad row(s)")


# --- reading ----------------------------------------------------------------------
def detect_format(filename: str, text: str) -> str:
    if filename.lower().endswith(".json"):
        return "json"
    if filename.lower().endswith(".csv"):
        return "csv"
    return "json" if text.lstrip()[:1] in ("[", "{") else "csv"


def read_rows(text: str, fmt: str) -> list[dict]:
    """The file's rows as dicts (CSV: text cells; JSON: values), card assembled."""
    if fmt == "json":
        if json_depth(text) > MAX_DEPTH:
            raise CardFileError(f"JSON nested deeper than {MAX_DEPTH} levels")
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise CardFileError(f"not valid JSON: {exc}") from None
        if isinstance(data, dict) and isinstance(data.get("fighters"), list):
            data = data["fighters"]
        if not isinstance(data, list):
            raise CardFileError("a JSON card file is a list of objects, one fighter per object")
        return [
            row if isinstance(row, dict) else {"__bad__": "each row must be an object"}
            for row in data
        ]
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames:
        raise CardFileError("the CSV file is empty (no header row)")
    unknown = [
        c for c in reader.fieldnames if c not in COLUMNS and not c.startswith(CARD_COLUMN_PREFIX)
    ]
    if unknown:
        raise CardFileError(
            f"unknown CSV column {unknown[0]!r} (columns: {', '.join(COLUMNS)}, "
            f"or card.<field> instead of card)"
        )
    rows = []
    try:
        for raw in reader:
            rows.append(_csv_row(raw))
    except csv.Error as exc:  # e.g. a cell over csv's field size limit (131,072)
        raise CardFileError(f"line {reader.line_num}: {exc}") from None
    return rows


def _csv_row(raw: dict) -> dict:
    """One CSV row as a dict, its card assembled (from JSON or card.* cells)."""
    raw = {k: unescape_cell(v) if isinstance(v, str) else v for k, v in raw.items()}
    row = {k: v for k, v in raw.items() if k is not None and not k.startswith("card")}
    if None in raw:
        row["__bad__"] = "more cells than columns"
    card_cell = (raw.get("card") or "").strip()
    flat = {
        k[len(CARD_COLUMN_PREFIX) :]: parse_cell(v)
        for k, v in raw.items()
        if k and k.startswith(CARD_COLUMN_PREFIX) and v is not None and v.strip() != ""
    }
    if card_cell:
        if json_depth(card_cell) > MAX_DEPTH:
            row["__bad__"] = f"card: JSON nested deeper than {MAX_DEPTH} levels"
        else:
            try:
                row["card"] = json.loads(card_cell)
            except ValueError as exc:
                row["__bad__"] = f"card: not valid JSON ({exc})"
    elif flat:
        row["card"] = unflatten(flat)
    return row


def _row_values(row: dict) -> tuple[dict, str, object]:
    """Typed fighter fields present in the row, its ruleset and card."""
    if "__bad__" in row:
        raise ValidationError(row["__bad__"])
    unknown = sorted(k for k in row if k not in COLUMNS)
    if unknown:
        raise ValidationError(f"{unknown[0]}: unknown field (fields: {', '.join(COLUMNS)})")
    for key, value in row.items():
        if key != "card" and isinstance(value, dict | list):
            kind = "an object" if isinstance(value, dict) else "a list"
            raise ValidationError(f"{key}: must be a single value, not {kind}")
    data = {k: ("" if v is None else v) for k, v in row.items() if k != "card"}
    form = RowForm(data=data)
    if not form.is_valid():
        raise ValidationError(
            [f"{name}: {msg}" for name, msgs in form.errors.items() for msg in msgs]
        )
    present = {k: form.cleaned_data[k] for k in FIGHTER_COLUMNS if k in row}
    if "stance" in present and not present["stance"]:
        present.pop("stance")
    if "is_active" in present and present["is_active"] is None:
        present.pop("is_active")
    ruleset = form.cleaned_data["ruleset"].strip()
    card = row.get("card")
    if ruleset and card in (None, ""):
        raise ValidationError(f"card: is required with ruleset {ruleset}")
    if card not in (None, "") and not ruleset:
        raise ValidationError("ruleset: is required with a card")
    return present, ruleset, card


def _import_row(
    row: dict, *, number: int, user, report: ImportReport, camps: dict, place: PlaceFighter | None
) -> None:
    values, ruleset, card = _row_values(row)
    camp_name = (values.pop("camp", "") or "").strip()
    camp = None
    if camp_name:
        camp = camps.get(camp_name) or Camp.objects.filter(name=camp_name).first()
        if camp is None:
            camp = camp_create(name=camp_name)
        camps[camp_name] = camp
    name = values.pop("name").strip()
    matches = list(Fighter.objects.filter(name=name, camp=camp)[:2])
    if len(matches) > 1:
        raise ValidationError(f"name: several fighters are called {name!r} without a camp")
    if matches:
        fighter = matches[0]
        if values:
            fighter_update(fighter=fighter, data=values, user=user)
        report.fighters_updated += 1
    else:
        fighter = fighter_create(name=name, camp=camp, user=user, source="import", **values)
        report.fighters_created += 1
    report.lines.append((number, name, "updated" if matches else "new", ruleset))
    if place is not None:
        place(fighter, not matches)
    if ruleset:
        card_save(fighter=fighter, ruleset=ruleset, data=card, user=user, source="import")
        report.cards_saved += 1


def _messages(exc: ValidationError) -> list[str]:
    if hasattr(exc, "error_dict"):
        out = []
        for name, errors in exc.message_dict.items():
            for message in errors:
                if name == "data":
                    out.append(f"card: {message}")  # the engine's "field: rule"
                elif name == "__all__":
                    out.append(message)
                else:
                    out.append(f"{name}: {message}")
        return out
    return exc.messages


NOT_YOURS_ROW = (
    "{name} or his camp belongs to a league you do not run: only its commissioners "
    "or staff may change them"
)


def cards_import(
    *,
    rows: list[dict],
    user=None,
    place: PlaceFighter | None = None,
    dry_run: bool = False,
) -> ImportReport:
    """Import every row or none: each row runs through the services in its own
    savepoint (so later rows see earlier ones); any bad row rolls the whole file
    back and ImportRowsError lists every bad row's number and reasons.

    ``user`` is checked by the services (``None``: the operator); a row whose
    fighter, camp or card ``user`` may not change is that row's error.
    ``place(fighter, is_new)`` runs for each row's fighter before his card
    (the console puts him on a division's roster). ``dry_run`` checks every row
    the same way and reports what would be written, then writes nothing."""
    report = ImportReport(rows=len(rows))
    seen: dict[tuple, int] = {}
    camps: dict[str, Camp] = {}
    with transaction.atomic():
        for number, row in enumerate(rows, start=1):
            key = (
                str(row.get("name", "")).strip(),
                str(row.get("camp") or "").strip(),
                str(row.get("ruleset") or "").strip(),
            )
            if key[2] and key in seen:
                report.errors.append((number, f"the same fighter and ruleset as row {seen[key]}"))
                continue
            seen[key] = number
            try:
                with transaction.atomic():
                    _import_row(
                        row, number=number, user=user, report=report, camps=camps, place=place
                    )
            except ValidationError as exc:
                camps.clear()  # a camp created in the rolled-back savepoint is gone
                for message in _messages(exc):
                    report.errors.append((number, message))
            except PermissionDenied:
                camps.clear()
                name = str(row.get("name", "")).strip() or "This fighter"
                report.errors.append((number, NOT_YOURS_ROW.format(name=name)))
        if report.errors:
            raise ImportRowsError(report.errors)  # rolls the whole file back
        if dry_run:
            transaction.set_rollback(True)  # checked as if written; nothing kept
    return report


# --- writing ----------------------------------------------------------------------
def export_rows(*, ruleset: str | None = None) -> list[dict]:
    """Every card (of ``ruleset``, or all) as a row; without ``ruleset``, fighters
    without cards get a row with no ruleset, so a round trip keeps them."""
    cards = RatingCard.objects.select_related("fighter", "fighter__camp").order_by(
        "fighter__name", "fighter__camp__name", "fighter_id", "ruleset"
    )
    if ruleset:
        cards = cards.filter(ruleset=ruleset)
    rows = [dict(_fighter_row(c.fighter), ruleset=c.ruleset, card=c.data) for c in cards]
    if not ruleset:
        bare = Fighter.objects.filter(cards__isnull=True).select_related("camp")
        rows += [dict(_fighter_row(f), ruleset="", card=None) for f in bare]
    # sorted here, not by the database: NULL camps sort differently in SQLite and PostgreSQL
    rows.sort(key=lambda r: (r["name"], r["camp"] or "", r["ruleset"]))
    return rows


def _fighter_row(fighter: Fighter) -> dict:
    return {
        "name": fighter.name,
        "nickname": fighter.nickname,
        "nationality": fighter.nationality,
        "date_of_birth": fighter.date_of_birth.isoformat() if fighter.date_of_birth else None,
        "stance": fighter.stance,
        "height_cm": fighter.height_cm,
        "reach_cm": fighter.reach_cm,
        "weight_class": fighter.weight_class,
        "camp": fighter.camp.name if fighter.camp else None,
        "is_active": fighter.is_active,
        "retired_on": fighter.retired_on.isoformat() if fighter.retired_on else None,
    }


def write_rows(rows: list[dict], fmt: str, *, flat: bool = False) -> str:
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    out = io.StringIO()
    if flat:
        card_columns = sorted({k for r in rows for k in flatten(r["card"] or {})})
        columns = [*FIGHTER_COLUMNS, "ruleset", *(CARD_COLUMN_PREFIX + k for k in card_columns)]
    else:
        columns = list(COLUMNS)
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        line = {k: _csv_cell(row[k]) for k in FIGHTER_COLUMNS}
        line["ruleset"] = row["ruleset"] or ""
        if flat:
            for key, value in flatten(row["card"] or {}).items():
                line[CARD_COLUMN_PREFIX + key] = format_cell(value)
        else:
            line["card"] = "" if row["card"] is None else json.dumps(row["card"], sort_keys=True)
        writer.writerow({k: escape_cell(v) for k, v in line.items()})
    return out.getvalue()


def _csv_cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# A spreadsheet runs a cell that starts with one of these as a formula (CSV
# injection): such cells are written with a leading apostrophe, which
# spreadsheets show as text, and read back without it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def escape_cell(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def unescape_cell(value: str) -> str:
    if len(value) > 1 and value[0] == "'" and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value
