"""Recompute careers, standings, rankings and titles from the bout rows and compare."""

from django.core.management.base import BaseCommand, CommandError

from league.selectors import league_check

from ._league import get_league


class Command(BaseCommand):
    help = "Check that careers, standings, rankings and titles agree with the bout rows."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        problems = league_check(league=league)
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{league.slug}: {len(problems)} disagreement(s)")
        self.stdout.write(f"{league.slug}: careers, standings, rankings and titles agree.")
