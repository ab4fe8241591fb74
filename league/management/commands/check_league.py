"""Recompute careers, standings, rankings, titles, the record book and the awards
from the bout rows and compare."""

from django.core.management.base import BaseCommand, CommandError

from core.words import counted
from league import services
from league.history.services import awards_refresh
from league.selectors import league_check

from ._league import get_league


class Command(BaseCommand):
    help = (
        "Check that careers, standings, rankings, titles, the record book and the "
        "awards agree with the bout rows."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--repair",
            action="store_true",
            help="rewrite the league's standings, ratings, titles, record book and "
            "handed-out awards from the bout rows first (careers belong to the bouts "
            "app and are only checked)",
        )

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        if opts["repair"]:
            for division in league.divisions.select_related("league"):
                services.division_rebuild(division=division)
                awards_refresh(division)
            self.stdout.write(f"{league.slug}: derived tables rebuilt from the bout rows.")
        problems = league_check(league=league)
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{league.slug}: {counted(len(problems), 'disagreement')}")
        self.stdout.write(
            f"{league.slug}: careers, standings, rankings, titles, records and awards agree."
        )
