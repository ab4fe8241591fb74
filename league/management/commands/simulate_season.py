"""Schedule and queue a round-robin season in a league's divisions."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from bouts.models import Bout
from core.words import counted
from league import services
from league.models import Season

from ._league import (
    failed_lines,
    follow_derivation,
    get_division,
    get_league,
    play_seasons,
    print_standings,
)


class Command(BaseCommand):
    help = "Schedule a round-robin season in each division and play it to its end."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", action="append", help="weight class, name or id")
        parser.add_argument("--seed", type=int, default=0, help="bout seeds derive from it")
        parser.add_argument(
            "--wait", action="store_true", help="kept for scripts: the command always follows"
        )
        parser.add_argument("--timeout", type=float, default=3600)
        parser.add_argument(
            "--seasons",
            type=int,
            default=1,
            help="play through this many seasons, each season break's steps taken between "
            "them (a league set to auto-advance seasons)",
        )

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        divisions = (
            [get_division(league, d) for d in opts["division"]]
            if opts["division"]
            else list(league.divisions.order_by("name"))
        )
        if not divisions:
            raise CommandError(f"{league.slug} has no divisions")
        if opts["seasons"] < 1:
            raise CommandError("--seasons: at least one")
        if opts["seasons"] > 1 and not league.auto_advance_seasons:
            raise CommandError(
                f"{league.slug} stops at each season's end: turn on “auto-advance seasons” "
                "in its settings to play through several."
            )
        # Every division's season first, then one "play until" job to their
        # end: one run per division, divisions in parallel across workers.
        seasons = []
        for division in divisions:
            try:
                season = services.season_schedule(division=division, seed=opts["seed"], queue=False)
            except ValidationError as exc:
                raise CommandError("; ".join(exc.messages)) from None
            self.stdout.write(f"{season.name}: {counted(season.fixtures.count(), 'bout')} to fight")
            seasons.append(season)
        play_seasons(league, stdout=self.stdout, timeout=opts["timeout"], seasons=opts["seasons"])
        if not follow_derivation(
            divisions, stdout=self.stdout, label="derived", timeout=opts["timeout"]
        ):
            raise CommandError("timed out waiting for the standings")
        if opts["seasons"] > 1:  # the last seasons played
            seasons = list(
                Season.objects.filter(division__in=divisions).order_by("division", "-number")
            )
            seasons = list({s.division_id: s for s in reversed(seasons)}.values())
        everything = Bout.objects.filter(season_fixture__season__in=seasons)
        for line in failed_lines(everything):
            self.stderr.write(line)
        for season in seasons:
            season.refresh_from_db()
            print_standings(self.stdout, season)
