"""Write a league and everything it owns as one JSON archive (docs/archive.md)."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from core.words import counted
from league.archive import export_league

from ._league import get_league


class Command(BaseCommand):
    help = "Export a league as one JSON archive (docs/archive.md), to a file or stdout."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="the file to write (default: stdout)")
        parser.add_argument(
            "--indent", type=int, default=None, help="indent the JSON (default: compact)"
        )

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        # The command line is the operator's: the archive is complete (seeds and
        # plans of bouts not yet fought, standing plans), as staff's is.
        archive = export_league(league, include_private=True)
        if not opts["output"]:
            json.dump(archive, sys.stdout, ensure_ascii=False, indent=opts["indent"])
            sys.stdout.write("\n")
            return
        try:
            with open(opts["output"], "w", encoding="utf-8") as out:
                json.dump(archive, out, ensure_ascii=False, indent=opts["indent"])
        except OSError as error:
            raise CommandError(f"{opts['output']}: cannot write it ({error.strerror})") from None
        self.stderr.write(
            f"{league.slug}: {counted(len(archive['fighters']), 'fighter')}, "
            f"{counted(len(archive['bouts']), 'bout')} "
            f"written to {opts['output']}."
        )
