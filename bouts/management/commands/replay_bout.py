"""Re-fight a recorded bout from its stored inputs and check the result.

python manage.py replay_bout ID                 # exit 0 "identical", or 1 + first difference
python manage.py replay_bout ID --referee 7     # what-if: another referee (nothing saved)
python manage.py replay_bout ID --options '{"champion": "red"}' --seed 42
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from bouts.engine import EngineError
from bouts.inputs import referee_input, simulate_inputs
from bouts.models import Bout, Result
from bouts.text import first_difference, result_lines
from referees.models import Referee


def _json_object(text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"--options is not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise CommandError('--options must be a JSON object, e.g. \'{"champion": "red"}\'')
    return value


class Command(BaseCommand):
    help = "Re-simulate a bout from its stored inputs: confirm the recorded result, or what-if."

    def add_arguments(self, parser):
        parser.add_argument("bout_id", type=int, help="the bout's id")
        what_if = parser.add_argument_group("what-if (prints a new result, saves nothing)")
        what_if.add_argument("--referee", type=int, help="another referee's id")
        what_if.add_argument("--options", help="engine options as a JSON object")
        what_if.add_argument("--seed", type=int, help="another seed")
        parser.add_argument("--json", action="store_true", help="print the full result as JSON")

    def handle(self, *args, bout_id, referee, options, seed, json: bool, **kwargs):
        bout = (
            Bout.objects.select_related("red", "blue", "red_camp", "blue_camp")
            .filter(pk=bout_id)
            .first()
        )
        if bout is None:
            raise CommandError(f"No bout with id {bout_id}.")
        if not bout.inputs:
            raise CommandError(
                f"Bout {bout_id} has no stored inputs (status: {bout.status}): queue it first."
            )
        red = (bout.red or bout.red_camp).name
        blue = (bout.blue or bout.blue_camp).name

        overrides = {}
        if referee is not None:
            official = Referee.objects.filter(pk=referee).first()
            if official is None:
                raise CommandError(f"No referee with id {referee}.")
            overrides["officials"] = {
                **(bout.inputs.get("officials") or {}),
                "referee": referee_input(official),
            }
        if options is not None:
            overrides["options"] = _json_object(options)
        if seed is not None:
            overrides["seed"] = seed

        try:
            replayed = simulate_inputs(bout.inputs, **overrides).to_dict()
        except EngineError as exc:
            raise CommandError(f"The engine refused the inputs: {exc}") from None
        replayed = _roundtrip(replayed)

        if overrides:
            changed = ", ".join(sorted(overrides))
            self.stdout.write(f"What-if for bout {bout.pk} ({changed} changed; not saved):")
            self._show(replayed, red, blue, json)
            recorded = Result.objects.filter(bout=bout).first()
            if recorded is not None:
                self.stdout.write("Recorded:")
                self._show(recorded.engine_result, red, blue, False)
            return

        result = Result.objects.filter(bout=bout).first()
        if result is None:
            raise CommandError(f"Bout {bout_id} has no recorded result (status: {bout.status}).")
        difference = first_difference(result.engine_result, replayed)
        if difference is not None:
            raise CommandError(f"Bout {bout_id} replays differently: {difference}")
        if json:
            self._show(replayed, red, blue, True)
        self.stdout.write(f"identical: bout {bout.pk} replays to the recorded result")

    def _show(self, result: dict, red: str, blue: str, as_json: bool) -> None:
        if as_json:
            self.stdout.write(_dumps(result))
            return
        for line in result_lines(result, red=red, blue=blue):
            self.stdout.write(line)


def _dumps(value) -> str:
    return json.dumps(value, sort_keys=True, indent=2)


def _roundtrip(value):
    """As the database gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))
