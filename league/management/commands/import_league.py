"""Read a league archive (docs/archive.md) into this database as a new league."""

import json

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.archive import ArchiveError, import_league


class Command(BaseCommand):
    help = (
        "Import a league archive (docs/archive.md) as a new league: checked whole first, "
        "written all or nothing, its standings, rankings and titles rebuilt from its bouts."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive (JSON); - reads stdin")
        parser.add_argument("--slug", help="the new league's slug (the archive's is taken)")
        parser.add_argument("--name", help="the new league's name (the archive's is taken)")

    def handle(self, *args, **opts):
        data = _read(opts["file"])
        try:
            league = import_league(data, by=None, slug=opts["slug"], name=opts["name"])
        except ArchiveError as error:
            for problem in error.problems[1:]:
                self.stderr.write(problem)
            more = f" (and {len(error.problems) - 1} more above)" if len(error.problems) > 1 else ""
            raise CommandError(f"{opts['file']}: not imported: {error.problems[0]}{more}") from None
        except ValidationError as error:
            raise CommandError(
                f"{opts['file']}: not imported: {'; '.join(error.messages)}"
            ) from None
        self.stdout.write(
            f"{league.slug}: imported ({league.divisions.count()} divisions); its standings, "
            "rankings and titles rebuilt from its bouts."
        )


def _read(path: str):
    import sys

    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as source:
            return json.load(source)
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror})") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a text file (a league archive is JSON)") from None
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{path}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
