"""python manage.py import_cards FILE — fighters and their cards from CSV or JSON."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.words import counted
from fighters.cardfile import (
    COLUMNS,
    CardFileError,
    ImportRowsError,
    cards_import,
    detect_format,
    read_rows,
)

HELP = f"""Import fighters and their rating cards from a CSV or JSON file, all or nothing.

One fighter and one ruleset per row (a fighter with two rulesets' cards takes two
rows); a fighter is matched by name and camp, and updated if it exists.

CSV columns (header row required; only name and weight_class are required):
  {", ".join(COLUMNS)}
  card: the card as a JSON object, e.g. {{"style": "boxer", "speed": 3, ...}};
  or, instead of card, one card.<field> column per card field, nested fields by
  dotted name (card.fresh.pl); cells are read as JSON when they parse (3, true,
  ["a"]), as text otherwise; an empty cell leaves the field out.
  date_of_birth, retired_on: YYYY-MM-DD; is_active: true/false; camp: a camp name
  (created if new); weight_class: a key such as welterweight.

JSON: a list of objects with the same keys ("card" an object), or
{{"fighters": [...]}}.

Every card is checked by its ruleset's own validator. If any row is bad, nothing
is imported: each bad row is printed with its number (1 = first data row) and the
reason, and the command exits with status 1. `export_cards` writes these formats.
"""


class Command(BaseCommand):
    help = HELP

    def create_parser(self, prog_name, subcommand, **kwargs):
        from argparse import RawDescriptionHelpFormatter

        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.formatter_class = RawDescriptionHelpFormatter
        return parser

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .csv or .json file ('-' reads JSON/CSV from stdin)")
        parser.add_argument(
            "--format", choices=("csv", "json"), help="override detection by extension/content"
        )

    def handle(self, *args, file, format=None, **options):
        if file == "-":
            import sys

            text, name = sys.stdin.read(), "-"
        else:
            path = Path(file)
            try:
                text = path.read_text(encoding="utf-8-sig")
            except OSError as exc:
                raise CommandError(f"cannot read {file}: {exc.strerror or exc}") from None
            except UnicodeDecodeError:
                raise CommandError(f"{file} is not UTF-8 text") from None
            name = path.name
        fmt = format or detect_format(name, text)
        try:
            rows = read_rows(text, fmt)
        except CardFileError as exc:
            raise CommandError(f"{file}: {exc}") from None
        if not rows:
            raise CommandError(f"{file}: no rows to import")
        try:
            report = cards_import(rows=rows)
        except ImportRowsError as exc:
            for number, message in exc.errors:
                self.stderr.write(f"row {number}: {message}")
            bad = len({n for n, _ in exc.errors})
            raise CommandError(
                f"{bad} of {counted(len(rows), 'row')} {'is' if bad == 1 else 'are'} bad; "
                "nothing was imported."
            ) from None
        self.stdout.write(
            f"Imported {counted(report.rows, 'row')}: "
            f"{counted(report.fighters_created, 'fighter')} created, "
            f"{report.fighters_updated} updated, {counted(report.cards_saved, 'card')} saved."
        )
