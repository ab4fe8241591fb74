"""Schedule and queue a round-robin season in a league's divisions."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from bouts.models import Bout
from league import services

from ._league import (
    eager,
    failed_lines,
    fight_now,
    follow,
    follow_derivation,
    get_division,
    get_league,
    print_standings,
)


class Command(BaseCommand):
    help = "Schedule a round-robin season (one fight night per round) and fight it now."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", action="append", help="weight class, name or id")
        parser.add_argument("--seed", type=int, default=0, help="bout seeds derive from it")
        parser.add_argument("--wait", action="store_true", help="follow until all are done")
        parser.add_argument("--timeout", type=float, default=3600)

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        divisions = (
            [get_division(league, d) for d in opts["division"]]
            if opts["division"]
            else list(league.divisions.order_by("name"))
        )
        if not divisions:
            raise CommandError(f"{league.slug} has no divisions")
        # Every division's season first (with workers they start fighting at
        # once), then follow them all: divisions are fought and derived in
        # parallel.
        seasons = []
        for division in divisions:
            try:
                season = services.season_schedule(division=division, seed=opts["seed"], queue=False)
            except ValidationError as exc:
                raise CommandError("; ".join(exc.messages)) from None
            bouts = Bout.objects.filter(event__season=season)
            self.stdout.write(
                f"{season.name}: {season.events.count()} events, {bouts.count()} bouts"
            )
            # Its fight nights due now: with workers the first is queued and the
            # others follow as each finishes (divisions in parallel); eagerly, the
            # season is fought here.
            fight_now(season, stdout=self.stdout, label=season.name)
            seasons.append(season)
        everything = Bout.objects.filter(event__season__in=seasons)
        waiting = opts["wait"] and not eager()
        if waiting and not follow(
            everything, stdout=self.stdout, label="fought", timeout=opts["timeout"]
        ):
            raise CommandError("timed out waiting for the bouts")
        if opts["wait"] and not follow_derivation(
            divisions, stdout=self.stdout, label="derived", timeout=opts["timeout"]
        ):
            raise CommandError("timed out waiting for the standings")
        if opts["wait"] or eager():
            for line in failed_lines(everything):
                self.stderr.write(line)
            for season in seasons:
                season.refresh_from_db()
                print_standings(self.stdout, season)
