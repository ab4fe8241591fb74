"""Make a career league's cards for one fight night (the weekly matchmaker,
docs/career.md): the command for the embedded default, where no Celery beat runs."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from core.dates import long_date
from core.words import counted
from league.services import weekly

from ._league import get_league


class Command(BaseCommand):
    help = "Make a career league's cards for its next fight night (scheduled, not queued)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--date",
            help="the fight night (YYYY-MM-DD); default: the one the beat would make "
            "today (league.services.weekly.cards_night)",
        )

    def handle(self, *args, **opts):
        league = get_league(opts["slug"])
        if not league.career_mode:
            raise CommandError(f"{league.slug} is not a career league (League.career_mode)")
        if opts["date"]:
            try:
                night = dt.date.fromisoformat(opts["date"])
            except ValueError:
                raise CommandError(f"--date: not a date: {opts['date']!r}") from None
        else:
            night = weekly.cards_night(league, timezone.localdate())  # as the beat
        try:
            reports = weekly.matchmake_week(league, night)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        for report in reports:
            if report.skipped:
                self.stdout.write(f"{report.division}: {report.skipped}")
                for out in report.notes.get("out", []):
                    self.stdout.write(f"  sat out: {out['name']}: {out['why']}")
                continue
            extra = " (with a title bout)" if report.title else ""
            outs = report.notes.get("out", [])
            sat = f"; {len(outs)} sat out" if outs else ""
            self.stdout.write(
                f"{report.division}: {counted(report.bouts, 'bout')}{extra} "
                f"on {long_date(night)}{sat}"
            )
            # Why each pair, and who sat out and why (also on the event's page).
            for pair in report.notes.get("pairs", []):
                self.stdout.write(f"  {pair['rule']}")
            for out in report.notes.get("out", []):
                self.stdout.write(f"  sat out: {out['name']}: {out['why']}")
