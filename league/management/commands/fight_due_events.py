"""Fire the fight nights whose time has come: what Celery beat does
(``league.tasks.fire_due_events``), by hand, for the embedded default where
beat does not run."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from bouts.models import Bout, BoutStatus
from core.dates import long_date
from core.words import counted
from league.services.fight_nights import events_fire_due


class Command(BaseCommand):
    help = "Fire the fight nights that are due: plans lock, the bouts are snapshotted and queued."

    def add_arguments(self, parser):
        parser.add_argument(
            "--now",
            help="fire as if it were this time (ISO 8601, UTC unless it says otherwise)",
        )

    def handle(self, *args, **opts):
        now = None
        if opts["now"]:
            now = parse_datetime(opts["now"])
            if now is None:
                raise CommandError(f"--now: not a date and time: {opts['now']!r}")
            if timezone.is_naive(now):
                now = timezone.make_aware(now, timezone.UTC)
        events = events_fire_due(now=now)
        if not events:
            self.stdout.write("No fight night is due.")
            return
        for event in events:
            bouts = Bout.objects.filter(event=event)
            postponed = list(bouts.filter(status=BoutStatus.POSTPONED).order_by("order", "id"))
            fought = bouts.exclude(status=BoutStatus.POSTPONED).count()
            self.stdout.write(
                f"{event.name} ({long_date(event.date)}): fired, {counted(fought, 'bout')} "
                f"fought or queued, {len(postponed)} postponed"
            )
            for bout in postponed:
                self.stdout.write(f"  postponed: {bout} — {bout.postponed_reason}")
