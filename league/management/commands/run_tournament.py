"""Start an elimination tournament in a division; it advances as bouts complete."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from bouts.models import Bout
from league import services
from league.selectors import tournament_bracket

from ._league import eager, failed_lines, follow, follow_derivation, get_division, get_league


class Command(BaseCommand):
    help = "Seed a single- or double-elimination bracket by ranking and queue its first bouts."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", required=True, help="weight class, name or id")
        parser.add_argument("--size", type=int, required=True)
        parser.add_argument("--double", action="store_true", help="double elimination")
        parser.add_argument("--no-title", action="store_true", help="the final is no title bout")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--wait", action="store_true", help="follow until it is decided")
        parser.add_argument("--timeout", type=float, default=3600)

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        division = get_division(league, opts["division"])
        try:
            tournament = services.tournament_create(
                division=division,
                size=opts["size"],
                double=opts["double"],
                for_title=not opts["no_title"],
                seed=opts["seed"],
            )
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        self.stdout.write(
            f"{tournament.name}: {opts['size']} entrants, {tournament.get_format_display().lower()}"
        )
        bouts = Bout.objects.filter(tournament_match__tournament=tournament)
        if opts["wait"] and not eager():
            # The bracket grows as it advances: follow until it has a champion.
            while True:
                tournament.refresh_from_db()
                if tournament.status == "completed":
                    break
                if not follow(
                    bouts, stdout=self.stdout, label=tournament.name, timeout=opts["timeout"]
                ):
                    raise CommandError(f"{tournament.name}: timed out")
                # The bracket advances as the division's projector derives it.
                follow_derivation(
                    [tournament.division],
                    stdout=self.stdout,
                    label=f"{tournament.name} derived",
                    timeout=opts["timeout"],
                )
                tournament.refresh_from_db()
                if (
                    tournament.status != "completed"
                    and not bouts.exclude(status__in=("completed", "failed")).exists()
                ):
                    break  # a failed bout: nothing more will come
        for line in failed_lines(bouts):
            self.stderr.write(line)
        tournament.refresh_from_db()
        if tournament.status != "completed" and _decided_by_walkovers(tournament):
            self.stderr.write("failed bouts were decided as walkovers for the higher seed")
            tournament.refresh_from_db()
        lines, champion = tournament_bracket(tournament=tournament)
        for line in lines:
            if line.status in ("done", "ready"):
                winner = f" -> {line.winner}" if line.winner else ""
                self.stdout.write(f"  {line.key:6} {line.red} vs {line.blue}{winner}")
        self.stdout.write(f"{tournament.name} champion: {champion or 'not decided yet'}")


def _decided_by_walkovers(tournament) -> bool:
    """Let the division's projector turn failed bouts into walkovers (the higher
    seed goes through) and advance the bracket; whether that moved it."""
    before = tournament.matches.exclude(walkover="").count()
    services.division_project(division_id=tournament.division_id)
    return tournament.matches.exclude(walkover="").count() > before
