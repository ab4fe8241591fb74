"""Schedule and fight an ad-hoc bout between two fighters (or two camps).

    python manage.py simulate_bout --red 3 --blue 8 [--ruleset pocket] [--rounds 10]
                                   [--seed 42] [--wait]

The bout goes through the same service as every other (validation, snapshot,
queue): with the embedded default it is fought at once; with a broker it is
queued, and ``--wait`` waits for a worker to record it.
"""

from __future__ import annotations

import datetime
import time

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from bouts import services
from bouts.engine import RULESETS
from bouts.models import Bout, BoutStatus
from bouts.text import result_lines
from fighters.models import Camp, Fighter, RatingCard
from referees.models import Referee


def _get(model, pk, label):
    if pk is None:
        return None
    obj = model.objects.filter(pk=pk).first()
    if obj is None:
        raise CommandError(f"No {label} with id {pk}.")
    return obj


class Command(BaseCommand):
    help = "Schedule an ad-hoc bout between two fighters and print its result."

    def add_arguments(self, parser):
        parser.add_argument("--red", type=int, help="red fighter's id")
        parser.add_argument("--blue", type=int, help="blue fighter's id")
        parser.add_argument("--red-camp", type=int, help="red camp's id (team rulesets)")
        parser.add_argument("--blue-camp", type=int, help="blue camp's id (team rulesets)")
        parser.add_argument(
            "--ruleset", help="default: the first ruleset both fighters have a card for"
        )
        parser.add_argument("--rounds", type=int, help="scheduled rounds")
        parser.add_argument("--seed", type=int, help="default: drawn at scheduling")
        parser.add_argument("--referee", type=int, help="referee id (default: drawn)")
        parser.add_argument("--date", help="league date YYYY-MM-DD (default: today)")
        parser.add_argument("--title", action="store_true", help="a title bout")
        parser.add_argument("--wait", action="store_true", help="wait for a worker to record it")
        parser.add_argument("--timeout", type=float, default=120, help="seconds to --wait")

    def handle(self, *args, **opts):
        red = _get(Fighter, opts["red"], "fighter")
        blue = _get(Fighter, opts["blue"], "fighter")
        red_camp = _get(Camp, opts["red_camp"], "camp")
        blue_camp = _get(Camp, opts["blue_camp"], "camp")
        if not ((red and blue) or (red_camp and blue_camp)):
            raise CommandError("Give --red and --blue (fighters) or --red-camp and --blue-camp.")
        ruleset = opts["ruleset"] or self._common_ruleset(red, blue, red_camp)
        date = datetime.date.today()
        if opts["date"]:
            try:
                date = datetime.date.fromisoformat(opts["date"])
            except ValueError:
                raise CommandError(f"--date must be YYYY-MM-DD (got {opts['date']!r})") from None
        try:
            bout = services.bout_schedule(
                ruleset=ruleset,
                date=date,
                red=red,
                blue=blue,
                red_camp=red_camp,
                blue_camp=blue_camp,
                scheduled_rounds=opts["rounds"],
                seed=opts["seed"],
                referee=_get(Referee, opts["referee"], "referee"),
                is_title_bout=opts["title"],
            )
        except ValidationError as exc:
            raise CommandError(_messages(exc)) from None

        bout = self._wait(bout, opts["timeout"]) if opts["wait"] else Bout.objects.get(pk=bout.pk)
        self.stdout.write(f"Bout {bout.pk}: {bout} [{ruleset}, seed {bout.seed}]: {bout.status}")
        if bout.status == BoutStatus.FAILED:
            raise CommandError(f"Bout {bout.pk} failed: {bout.failure_reason}")
        if bout.status != BoutStatus.COMPLETED:
            self.stdout.write("Queued: a worker will fight it (use --wait to wait for it).")
            return
        names = ((red or red_camp).name, (blue or blue_camp).name)
        for line in result_lines(bout.result.engine_result, red=names[0], blue=names[1]):
            self.stdout.write(line)

    def _common_ruleset(self, red, blue, camp) -> str:
        if camp is not None:
            teams = [name for name, rules in RULESETS.items() if rules.team]
            if not teams:
                raise CommandError("No team ruleset is registered.")
            return teams[0]
        have = {
            fighter_id: set(
                RatingCard.objects.filter(fighter_id=fighter_id).values_list("ruleset", flat=True)
            )
            for fighter_id in (red.pk, blue.pk)
        }
        for name in RULESETS:
            if name in have[red.pk] and name in have[blue.pk]:
                return name
        raise CommandError(
            f"{red.name} and {blue.name} have no card in a common ruleset: give --ruleset."
        )

    def _wait(self, bout, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            bout = Bout.objects.get(pk=bout.pk)
            if bout.status in (BoutStatus.COMPLETED, BoutStatus.FAILED):
                return bout
            if time.monotonic() > deadline:
                raise CommandError(
                    f"Bout {bout.pk} is still {bout.status} after {timeout:g}s "
                    "(is a worker running?)."
                )
            time.sleep(0.5)


def _messages(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items())
    return " ".join(exc.messages)
