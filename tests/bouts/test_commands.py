"""replay_bout and simulate_bout."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from bouts.models import Bout, BoutStatus, Result
from referees.models import Referee
from tests.bouts import factories
from tests.bouts.helpers import fight

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def fought(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    return fight(ruleset, red, blue, officials=officials, seed=77)


def test_replay_confirms_an_identical_result(fought):
    assert "identical" in run("replay_bout", str(fought.pk))


def test_replay_reports_the_first_difference(fought):
    engine = fought.result.engine_result
    engine["time"] = "9:59" if engine["time"] != "9:59" else "0:01"
    engine["rounds"][0]["red"]["landed"] += 1
    Result.objects.filter(pk=fought.result.pk).update(engine_result=engine)
    with pytest.raises(CommandError) as exc:
        run("replay_bout", str(fought.pk))
    # keys in sorted order: "rounds" comes before "time"
    assert "rounds[0].red.landed" in str(exc.value)


def test_what_if_prints_a_new_result_and_saves_nothing(fought):
    before = Result.objects.get(bout=fought).engine_result
    referee = Referee.objects.create(name="What If Referee", fouls="lenient", stoppage="late")
    out = run("replay_bout", str(fought.pk), "--referee", str(referee.pk), "--seed", "5", "--json")
    assert "not saved" in out
    printed = json.loads(out[out.index("{") : out.index("\nRecorded:")])
    assert printed["seed"] == 5
    assert Result.objects.filter(bout=fought).count() == 1
    assert Result.objects.get(bout=fought).engine_result == before
    assert Bout.objects.get(pk=fought.pk).seed == 77


def test_what_if_with_bad_options_is_a_clear_error(fought):
    with pytest.raises(CommandError, match="options"):
        run("replay_bout", str(fought.pk), "--options", '{"no_such_option": 1}')
    with pytest.raises(CommandError, match="not valid JSON"):
        run("replay_bout", str(fought.pk), "--options", "{nope")


def test_replay_of_unknown_or_unqueued_bout(ruleset):
    with pytest.raises(CommandError, match="No bout"):
        run("replay_bout", "999999")
    from bouts import services

    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = services.bout_schedule(
        ruleset=ruleset, date=factories.DAY, red=red, blue=blue, queue=False
    )
    with pytest.raises(CommandError, match="no stored inputs"):
        run("replay_bout", str(bout.pk))


@pytest.mark.django_db(transaction=True)
def test_simulate_bout_schedules_through_the_service_and_prints(ruleset):
    # Real commits: the enqueue runs on commit, and eager Celery fights it there.
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    out = run(
        "simulate_bout",
        *("--red", str(red.pk), "--blue", str(blue.pk)),
        *("--seed", "3", "--rounds", "4", "--wait"),
    )
    bout = Bout.objects.get()
    assert bout.status == BoutStatus.COMPLETED
    assert (bout.seed, bout.scheduled_rounds, bout.ruleset) == (3, 4, ruleset)
    assert f"Bout {bout.pk}" in out
    assert bout.result.method in out


def test_simulate_bout_refuses_bad_input(ruleset):
    red = factories.make_fighter(ruleset)
    with pytest.raises(CommandError, match="cannot fight himself"):
        run("simulate_bout", "--red", str(red.pk), "--blue", str(red.pk))
    with pytest.raises(CommandError, match="No fighter"):
        run("simulate_bout", "--red", str(red.pk), "--blue", "424242")
    assert not Bout.objects.exists()
