"""python manage.py export_cards [--format csv|json] [--ruleset R] [FILE]"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bouts.engine.registry import RULESETS
from core.words import counted
from fighters.cardfile import FORMATS, export_rows, write_rows


class Command(BaseCommand):
    help = (
        "Export fighters and their rating cards in the formats import_cards reads "
        "(see `manage.py help import_cards`): one fighter and ruleset per row. "
        "Without --ruleset, fighters without cards are exported too (empty ruleset). "
        "Writes to FILE, or to stdout. Importing the output recreates the same fighters "
        "and cards."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="output file (default: stdout)")
        parser.add_argument(
            "--format",
            choices=FORMATS,
            help="csv or json (default: from FILE's extension, else csv)",
        )
        parser.add_argument("--ruleset", help="only cards of this ruleset")
        parser.add_argument(
            "--flat",
            action="store_true",
            help="CSV: one card.<field> column per card field instead of one JSON card column",
        )

    def handle(self, *args, file=None, format=None, ruleset=None, flat=False, **options):
        if ruleset and ruleset not in RULESETS:
            known = ", ".join(RULESETS) or "none"
            raise CommandError(f"unknown ruleset {ruleset!r} (known: {known})")
        if format is None:
            format = "json" if file and file.lower().endswith(".json") else "csv"
        rows = export_rows(ruleset=ruleset)
        text = write_rows(rows, format, flat=flat)
        if file:
            try:
                Path(file).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"cannot write {file}: {exc.strerror or exc}") from None
            self.stderr.write(f"Exported {counted(len(rows), 'row')} to {file}.")
        else:
            self.stdout.write(text, ending="")
