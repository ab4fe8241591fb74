"""`make demo`: build and fight the demo league as far as the project can, never failing."""

import traceback

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Build the demo league (if not built yet), fight it, and print standings."

    def handle(self, *args, **options):
        try:
            call_command(
                "load_demo",
                "--if-empty",
                "--fight",
                "--managers",
                stdout=self.stdout,
                stderr=self.stderr,
            )
        except BaseException as exc:  # the demo must never stop `make demo` from serving
            if isinstance(exc, KeyboardInterrupt):
                raise
            self.stderr.write(
                f"The demo could not be completed ({exc}); serving the site as it is."
            )
            if options.get("verbosity", 1) > 1:
                self.stderr.write(traceback.format_exc())
