"""Between seasons: age, develop and retire a league's fighters (league.development)."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from bouts.models import Bout
from core.dates import long_date
from core.words import counted
from league.development import league_develop

from ._league import get_league


class Command(BaseCommand):
    help = "Age and develop the league's fighters' cards and retire the worn (League.development)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--on",
            help="the season break (YYYY-MM-DD; default: a month after the league's last bout)",
        )

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        if not league.development:
            raise CommandError(f"{league.slug} does not develop careers (League.development)")
        if opts["on"]:
            try:
                on = dt.date.fromisoformat(opts["on"])
            except ValueError:
                raise CommandError(f"--on: not a date: {opts['on']!r}") from None
        else:
            last = (
                Bout.objects.filter(division__league=league)
                .order_by("-date")
                .values_list("date", flat=True)
                .first()
            )
            on = (last or league.start_date) + dt.timedelta(days=30)
        summary = league_develop(league=league, on=on)
        self.stdout.write(
            f"{league.slug} on {long_date(on)}: {counted(summary.cards, 'card')} developed, "
            f"{summary.retired} retired"
        )
