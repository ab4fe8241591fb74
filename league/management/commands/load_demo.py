"""The demo league (docs/design.md): divisions under the registered rulesets, 16
fighters each with generated cards, camps, corner men; optionally fought."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from bouts.engine import RULESETS
from bouts.models import Bout
from fighters.roster import plan_roster
from fighters.services import roster_create
from league import services
from league.models import League, Tournament
from league.services.demo_accounts import demo_accounts_ensure, demo_database
from league.services.storage import title_for

from ._league import (
    eager,
    failed_lines,
    follow,
    follow_derivation,
    play_seasons,
    print_champions,
    print_rankings,
    print_standings,
    workers_or_eager,
)
from ._managers import demo_league, ensure_managers

PREFERRED = ("titlebout", "webl")
LEAGUE_NAMES = {"titlebout": "Title Bout", "webl": "WeBL", "pocket": "Pocket"}
# One league per ruleset (a league has one ruleset), one division each.
DIVISIONS = (("middleweight", "Middleweight"), ("lightweight", "Lightweight"))
FIGHTERS_PER_DIVISION = 16
START = dt.date(2026, 1, 10)


def demo_rulesets() -> list[str]:
    """titlebout and webl when registered, else the first registered one-on-one
    rulesets (any registered ruleset as a last resort)."""
    chosen = [r for r in PREFERRED if r in RULESETS]
    for name, rules in RULESETS.items():
        if len(chosen) >= 2:
            break
        if name not in chosen and not rules.team:
            chosen.append(name)
    if not chosen and RULESETS:
        chosen.append(next(iter(RULESETS)))
    return chosen


class Command(BaseCommand):
    help = "Build the demo leagues (and with --fight, fight a season and a title tournament)."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--if-empty", action="store_true", help="skip when leagues exist")
        parser.add_argument("--fight", action="store_true", help="fight a season and a tournament")
        parser.add_argument("--fighters", type=int, default=FIGHTERS_PER_DIVISION)
        parser.add_argument("--tournament-size", type=int, default=8)
        parser.add_argument("--timeout", type=float, default=900)
        parser.add_argument(
            "--managers",
            action="store_true",
            help="two demo managers with known passwords (the embedded demo only)",
        )
        parser.add_argument(
            "--site", default="http://127.0.0.1:8000", help="the address printed for sign-in"
        )

    def handle(self, *args, **opts):
        if opts["fighters"] < 2:
            raise CommandError("--fighters must be at least 2")
        leagues = list(League.objects.filter(slug__startswith="demo-").order_by("slug"))
        if opts["if_empty"] and League.objects.exists():
            self.stdout.write("Leagues exist already: the demo is not loaded again.")
        else:
            rulesets = demo_rulesets()
            if not rulesets:
                raise CommandError("no ruleset is registered: nothing to fight with")
            try:
                leagues = self.load(rulesets, seed=opts["seed"], per_division=opts["fighters"])
            except ValidationError as exc:
                raise CommandError("; ".join(exc.messages)) from None
        if opts["fight"]:
            workers_or_eager(self.stdout)
            for league in leagues:
                self.fight(
                    league, seed=opts["seed"], size=opts["tournament_size"], timeout=opts["timeout"]
                )
        for league in leagues:
            for season in league.seasons.order_by("division__name", "number"):
                print_standings(self.stdout, season)
            for division in league.divisions.order_by("name"):
                print_rankings(self.stdout, division)
        self.stdout.write("")
        for league in leagues:
            print_champions(self.stdout, league)
        if opts["managers"]:
            self.print_managers(site=opts["site"])
        self.accounts(leagues, site=opts["site"])

    def print_managers(self, *, site: str) -> None:
        if not demo_database():
            self.stdout.write("Not the embedded demo database: no demo managers created.")
            return
        league = demo_league()
        if league is None:
            return
        managers = ensure_managers(league)
        self.stdout.write("")
        self.stdout.write(f"Play as a manager in {league.name} (demo accounts):")
        for username, password, camp in managers:
            self.stdout.write(f"  {username} / {password}  owns {camp}")
        self.stdout.write(f"  Sign in at {site}/accounts/login/ then open /desk/")

    def accounts(self, leagues: list[League], *, site: str) -> None:
        """The demo's sign-ins, printed last so that `make demo` ends on them."""
        if not demo_database():
            self.stdout.write("Not the embedded demo database: no demo accounts created.")
            return
        self.stdout.write("")
        self.stdout.write("Demo accounts (they exist only in this embedded demo database):")
        for account in demo_accounts_ensure(leagues=leagues):
            self.stdout.write(f"  {account.username} / {account.password}  {account.role}")
        self.stdout.write(
            f"Sign in at {site}/accounts/login/ · the console: {site}/console/ · "
            f"the admin: {site}/admin/"
        )

    # --- loading ----------------------------------------------------------------------

    @transaction.atomic
    def load(self, rulesets: list[str], *, seed: int, per_division: int) -> list[League]:
        # The fighters helper's roster planner: seeded Faker names by nationality,
        # height and reach from the weight class, cards spread over the rating
        # range and kept consistent with stance and weight, camps with corner men.

        leagues = []
        for index, ruleset in enumerate(rulesets):
            rules = RULESETS[ruleset]
            slug = f"demo-{ruleset}"
            if League.objects.filter(slug=slug).exists():
                leagues.append(League.objects.get(slug=slug))
                continue
            league = League(
                name=f"Ringside {LEAGUE_NAMES.get(ruleset, ruleset.capitalize())} League",
                slug=slug,
                ruleset=ruleset,
                description=f"The demo league, fought under the rules of {rules.title}.",
                rounds=min(10, rules.max_rounds),
                title_rounds=min(12, rules.max_rounds),
                start_date=START,
                days_between_events=14,
                development=True,
            )
            league.full_clean()
            league.save()
            weight_class, label = DIVISIONS[index % len(DIVISIONS)]
            division = league.divisions.create(weight_class=weight_class, name=label)
            plan = plan_roster(
                ruleset=ruleset,
                count=per_division,
                seed=seed * 100 + index,
                weight_classes=[weight_class],
            )
            roster_create(plan=plan, divisions={weight_class: division})
            title_for(division)
            leagues.append(league)
            self.stdout.write(
                f"Loaded {league.name}: {division.name}, {per_division} fighters ({ruleset})"
            )
        return leagues

    # --- fighting ----------------------------------------------------------------------

    def fight(self, league: League, *, seed: int, size: int, timeout: float) -> None:
        for division in league.divisions.order_by("name"):
            if division.seasons.exists():
                self.stdout.write(f"{league.name} {division.name}: fought already.")
                continue
            season = services.season_schedule(division=division, seed=seed, queue=False)
            bouts = Bout.objects.filter(season_fixture__season=season)
            try:
                play_seasons(league, stdout=self.stdout, timeout=timeout)
            except CommandError as exc:
                self.stderr.write(f"{season.name}: {exc}")
                continue
            follow_derivation([division], stdout=self.stdout, label="derived", timeout=timeout)
            for line in failed_lines(bouts):
                self.stderr.write(line)
            entrants = min(size, division.fighters.filter(is_active=True).count())
            if entrants < 2:
                continue
            tournament = services.tournament_create(
                division=division, size=entrants, double=False, for_title=True, seed=seed
            )
            self.follow_tournament(tournament, timeout=timeout)

    def follow_tournament(self, tournament: Tournament, *, timeout: float) -> None:
        bouts = Bout.objects.filter(tournament_match__tournament=tournament)
        if not eager():
            while tournament.status != "completed":
                if not follow(bouts, stdout=self.stdout, label=tournament.name, timeout=timeout):
                    self.stderr.write(f"{tournament.name}: timed out waiting for the workers")
                    return
                follow_derivation(
                    [tournament.division], stdout=self.stdout, label="derived", timeout=timeout
                )
                tournament.refresh_from_db()
                if (
                    tournament.status != "completed"
                    and not bouts.exclude(status__in=("completed", "failed")).exists()
                ):
                    break
        for line in failed_lines(bouts):
            self.stderr.write(line)
        tournament.refresh_from_db()
        if tournament.status != "completed" and _decided_by_walkovers(tournament):
            self.stderr.write(f"{tournament.name}: failed bouts decided as walkovers")
            return self.follow_tournament(tournament, timeout=timeout)
        self.stdout.write(
            f"{tournament.name}: {bouts.count()} bouts, champion "
            f"{tournament.champion or tournament.champion_camp or 'not decided'}"
        )


def _decided_by_walkovers(tournament) -> bool:
    """Let the division's projector turn failed bouts into walkovers (the higher
    seed goes through) and advance the bracket; whether that moved it."""
    before = tournament.matches.exclude(walkover="").count()
    services.division_project(division_id=tournament.division_id)
    return tournament.matches.exclude(walkover="").count() > before
