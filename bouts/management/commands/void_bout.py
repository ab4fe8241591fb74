"""Void a completed bout's result: the league becomes what it would be without it."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from bouts.models import Bout
from bouts.services import bout_void


class Command(BaseCommand):
    help = (
        "Void a completed bout's result with a reason: careers, standings, ratings and "
        "titles become what they would be without it (the bout keeps its record)."
    )

    def add_arguments(self, parser):
        parser.add_argument("bout_id", type=int)
        parser.add_argument("--reason", required=True, help="why the result is voided")

    def handle(self, *args, **opts):
        bout = Bout.objects.filter(pk=opts["bout_id"]).first()
        if bout is None:
            raise CommandError(f"no bout {opts['bout_id']}")
        try:
            # An operator at the command line acts as staff.
            bout_void(bout=bout, reason=opts["reason"], check_permission=False)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        self.stdout.write(f"bout {bout.pk} ({bout}): result voided — {opts['reason'].strip()}")
