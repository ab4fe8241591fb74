"""The bout pipeline's services: schedule, queue, run, record (eager Celery)."""

import datetime
import json

import pytest
from django.core.exceptions import ValidationError
from django.db import OperationalError

from bouts import selectors, services, signals
from bouts.careers import career_deltas
from bouts.engine import simulate
from bouts.inputs import simulate_inputs
from bouts.models import (
    Bout,
    BoutStatus,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    Result,
    RoundStat,
)
from bouts.services import recording
from bouts.tasks import simulate_bout, simulate_bouts
from fighters.models import Career
from fighters.services import card_save
from tests.bouts import factories

pytestmark = pytest.mark.django_db

DAY = factories.DAY


def schedule(ruleset, officials=None, **kwargs):
    kwargs.setdefault("date", DAY)
    if officials:
        kwargs.setdefault("referee", officials["referee"])
        kwargs.setdefault("judges", officials["judges"])
        kwargs.setdefault("doctor", officials["doctor"])
    return services.bout_schedule(ruleset=ruleset, **kwargs)


def career(fighter):
    return Career.objects.get(fighter=fighter)


def test_scheduled_and_queued_bout_is_fought_and_recorded(ruleset, officials, run_on_commit):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = run_on_commit(schedule, ruleset, officials, red=red, blue=blue, seed=11)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED, bout.failure_reason
    assert bout.attempts == 1
    assert bout.seed == 11

    expected = simulate_inputs(bout.inputs).to_dict()
    result = Result.objects.get(bout=bout)
    assert result.engine_result == json.loads(json.dumps(expected))
    assert (result.winner, result.method, result.round, result.time) == (
        expected["winner"],
        expected["method"],
        expected["round"],
        expected["time"],
    )
    # every judge's score for every round
    scores = JudgeScore.objects.filter(bout=bout)
    assert scores.count() == sum(len(card) for card in expected["scorecards"])
    for index, card in enumerate(expected["scorecards"], start=1):
        got = list(scores.filter(judge_index=index).order_by("round").values_list("red", "blue"))
        assert [list(x) for x in got] == card
    assert set(scores.values_list("judge_id", flat=True)) == {j.id for j in officials["judges"]}
    assert RoundStat.objects.filter(bout=bout).count() == 2 * len(expected["rounds"])
    assert Knockdown.objects.filter(bout=bout).count() == len(expected["knockdowns"])
    assert Injury.objects.filter(bout=bout).count() == len(expected["injuries"])
    assert Foul.objects.filter(bout=bout).count() == len(expected["fouls"])

    for fighter, side in ((red, "red"), (blue, "blue")):
        deltas = career_deltas(
            winner=expected["winner"], method=expected["method"], side=side, is_title_bout=False
        )
        c = career(fighter)
        for field in ("bouts", "wins", "losses", "draws", "ko_wins", "tko_losses"):
            assert getattr(c, field) == deltas.get(field, 0), field
        assert c.last_bout_on == DAY
    assert selectors.career_check(fighters=[red, blue]) == []


def test_snapshot_uses_the_rows_and_engine_matches(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    corner = factories.make_corner()
    bout = schedule(ruleset, officials, red=red, blue=blue, red_corner=corner, seed=5)
    snap = bout.inputs
    assert bout.status == BoutStatus.QUEUED
    assert snap["red"]["name"] == red.name and snap["blue"]["name"] == blue.name
    assert snap["officials"]["referee"] == {
        "name": officials["referee"].name,
        "fouls": "strict",
        "stoppage": "early",
        "overall": officials["referee"].overall,
    }
    assert [j["name"] for j in snap["officials"]["judges"]] == [j.name for j in officials["judges"]]
    assert snap["corners"] == {"red": {"name": corner.name, "cut": "good", "strategy": "good"}}
    direct = simulate(
        ruleset,
        snap["red"],
        snap["blue"],
        rounds=bout.scheduled_rounds,
        seed=5,
        officials=snap["officials"],
        corners=snap["corners"],
    )
    assert simulate_inputs(snap).to_dict() == direct.to_dict()


def test_editing_a_card_after_queueing_changes_nothing(ruleset, officials, run_on_commit):
    from bouts.engine import generate_card

    red, blue = factories.make_fighter(ruleset, seed=1), factories.make_fighter(ruleset, seed=2)
    bout = schedule(ruleset, officials, red=red, blue=blue, seed=3)  # queued, not run yet
    before = bout.inputs
    card_save(fighter=red, ruleset=ruleset, data=generate_card(ruleset, 999))
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED
    assert bout.inputs == before
    assert bout.result.engine_result == simulate_inputs(before).to_dict()


def test_calling_the_task_twice_records_once(ruleset, officials, run_on_commit):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = run_on_commit(schedule, ruleset, officials, red=red, blue=blue)
    first = Result.objects.get(bout=bout).engine_result
    simulate_bout.delay(bout.id)
    simulate_bout.apply(args=(bout.id,))
    assert Result.objects.filter(bout=bout).count() == 1
    assert Result.objects.get(bout=bout).engine_result == first
    assert career(red).bouts == 1 and career(blue).bouts == 1
    bout.refresh_from_db()
    assert bout.attempts == 1
    assert selectors.career_check(fighters=[red, blue]) == []


def test_recording_twice_records_once(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    result = simulate_inputs(bout.inputs)
    assert services.bout_record(bout=bout, result=result) is not None
    assert services.bout_record(bout=bout, result=result) is None
    assert Result.objects.filter(bout=bout).count() == 1
    assert career(red).bouts == 1


def test_recording_takes_a_constant_number_of_queries(
    ruleset, officials, django_assert_max_num_queries
):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue, scheduled_rounds=12, seed=1)
    result = simulate_inputs(bout.inputs)
    assert len(result.rounds) >= 1
    # lock, result, rounds, scores, knockdowns/injuries/fouls (when any),
    # suspensions (when any), careers (lock, update), status, savepoints.
    with django_assert_max_num_queries(15):
        services.bout_record(bout=bout, result=result)
    assert RoundStat.objects.filter(bout=bout).count() == 2 * len(result.rounds)


def test_a_batch_is_recorded_in_the_statements_of_one_bout(
    ruleset, officials, django_assert_max_num_queries
):
    """Twenty bouts: one INSERT per table for the whole batch, not per bout
    (SQLite splits an INSERT past 999 parameters: a few more there)."""
    from django.db import connection

    pairs = []
    for n in range(20):
        red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
        bout = schedule(ruleset, officials, red=red, blue=blue, scheduled_rounds=12, seed=n)
        pairs.append((bout, simulate_inputs(bout.inputs)))
    with django_assert_max_num_queries(15 if connection.vendor == "postgresql" else 24):
        recorded = services.bouts_record(fought=pairs)
    assert len(recorded) == 20
    assert Result.objects.filter(bout__in=[b for b, _ in pairs]).count() == 20
    assert selectors.career_check(fighters=[b.red_id for b, _ in pairs]) == []


def test_recording_announces_the_bouts_only_after_commit(
    ruleset, officials, django_capture_on_commit_callbacks
):
    """The bouts app never calls the league: it sends ``recorded`` once the
    transaction that wrote the bout committed (docs/pipeline.md)."""
    seen = []

    def receiver(sender, bouts, **kwargs):
        seen.append([(f.id, Bout.objects.get(pk=f.id).status) for f in bouts])

    signals.recorded.connect(receiver, dispatch_uid="test-recorded")
    try:
        red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
        bout = schedule(ruleset, officials, red=red, blue=blue)
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.bout_record(bout=bout, result=simulate_inputs(bout.inputs))
        assert seen == []  # not inside the transaction
        for callback in callbacks:
            callback()
        assert seen == [[(bout.pk, BoutStatus.COMPLETED)]]
    finally:
        signals.recorded.disconnect(dispatch_uid="test-recorded")


def test_bad_snapshot_fails_the_bout_without_retry(ruleset, officials, monkeypatch):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    inputs = dict(bout.inputs)
    inputs["rounds"] = 10_000
    Bout.objects.filter(pk=bout.pk).update(inputs=inputs)
    calls = []
    real = services.bouts_run

    def counting(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(services, "bouts_run", counting)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.FAILED
    assert bout.failure_reason.startswith("Engine refused the inputs: rounds: must be between")
    assert len(calls) == 1
    assert not Result.objects.filter(bout=bout).exists()
    assert career(red).bouts == 0


def test_database_errors_are_retried_then_recorded(ruleset, officials, monkeypatch):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    real = recording.bouts_record
    failures = {"left": 2}

    def flaky(**kwargs):
        if failures["left"]:
            failures["left"] -= 1
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    monkeypatch.setattr(recording, "bouts_record", flaky)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED
    assert bout.attempts == 3  # two interrupted tries and the one that recorded
    assert Result.objects.filter(bout=bout).count() == 1


def test_attempts_cap_fails_the_bout_instead_of_looping(ruleset, officials, monkeypatch):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)

    def broken(**kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(recording, "bouts_record", broken)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.FAILED
    assert "gave up" in bout.failure_reason.lower()
    assert bout.attempts <= recording.max_attempts()


def test_redelivery_after_a_lost_worker_counts_attempts_and_caps(ruleset, officials, settings):
    """A worker that died mid-bout leaves it running; redeliveries claim it
    again, and past the cap it is failed with its reason."""
    settings.BOUTS_MAX_ATTEMPTS = 2
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    Bout.objects.filter(pk=bout.pk).update(status=BoutStatus.RUNNING, attempts=2)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.FAILED
    assert "Gave up after 2 attempts" in bout.failure_reason

    Bout.objects.filter(pk=bout.pk).update(status=BoutStatus.RUNNING, attempts=1)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED and bout.attempts == 2


def test_requeue_failed_bout_runs_it(ruleset, officials, run_on_commit):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    Bout.objects.filter(pk=bout.pk).update(status=BoutStatus.FAILED, failure_reason="x", attempts=5)
    count, refused = run_on_commit(
        services.bouts_requeue_failed, bouts=Bout.objects.filter(pk=bout.pk)
    )
    assert (count, refused) == (1, {})
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED and bout.failure_reason == ""
    with pytest.raises(ValidationError) as exc:
        services.bout_queue(bout=bout)
    assert "already completed" in str(exc.value.message_dict["status"])


def test_idempotency_key_schedules_once(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    one = schedule(ruleset, officials, red=red, blue=blue, idempotency_key="abc")
    two = schedule(ruleset, officials, red=red, blue=blue, idempotency_key="abc")
    assert one.pk == two.pk
    assert Bout.objects.count() == 1


def test_title_bout_careers_and_rounds_from_the_league(ruleset, officials, league_event):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = services.bout_schedule(
        ruleset=ruleset, event=league_event, red=red, blue=blue, is_title_bout=True, queue=False
    )
    assert bout.date == league_event.date
    rules_max = __import__("bouts.engine", fromlist=["get_ruleset"]).get_ruleset(ruleset).max_rounds
    assert bout.scheduled_rounds == min(league_event.league.title_rounds, rules_max)
    assert bout.order == 1
    services.bout_queue(bout=bout)
    simulate_bout.delay(bout.id)
    bout.refresh_from_db()
    result = bout.result
    for fighter, side in ((red, "red"), (blue, "blue")):
        c = career(fighter)
        assert c.title_fights == 1
        assert c.title_wins == (1 if result.winner == side else 0)
    assert selectors.career_check(fighters=[red, blue]) == []


# --- bad input -----------------------------------------------------------------------------


def test_fighter_against_himself_is_refused(ruleset):
    red = factories.make_fighter(ruleset)
    with pytest.raises(ValidationError) as exc:
        schedule(ruleset, red=red, blue=red)
    assert "cannot fight himself" in exc.value.message_dict["blue"][0]
    assert Bout.objects.count() == 0


def test_unknown_ruleset_is_refused(ruleset):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    with pytest.raises(ValidationError) as exc:
        schedule("no_such_rules", red=red, blue=blue)
    assert "unknown ruleset" in exc.value.message_dict["ruleset"][0]


def test_fighter_without_a_card_for_the_ruleset_is_refused(ruleset):
    others = [r for r in factories.one_on_one_rulesets() if r != ruleset]
    red = factories.make_fighter(ruleset)
    if others:
        blue = factories.make_fighter(others[0])
    else:
        blue = factories.make_fighter(ruleset)
        blue.cards.all().delete()
    with pytest.raises(ValidationError) as exc:
        schedule(ruleset, red=red, blue=blue)
    assert exc.value.message_dict["blue"] == [f"{blue.name} has no {ruleset} card."]
    assert Bout.objects.count() == 0


def test_retired_fighter_is_refused(ruleset):
    from fighters.services import fighter_retire

    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    fighter_retire(fighter=blue, on=DAY - datetime.timedelta(days=1))
    with pytest.raises(ValidationError) as exc:
        schedule(ruleset, red=red, blue=blue)
    assert exc.value.message_dict["blue"] == [f"{blue.name} is retired."]


def test_two_bouts_for_one_fighter_on_one_event_are_refused(ruleset, league_event):
    a, b, c = (factories.make_fighter(ruleset) for _ in range(3))
    services.bout_schedule(ruleset=ruleset, event=league_event, red=a, blue=b, queue=False)
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(ruleset=ruleset, event=league_event, red=c, blue=a, queue=False)
    assert "one bout per fighter per event" in exc.value.message_dict["blue"][0]
    assert Bout.objects.count() == 1
    second = services.bout_schedule(
        ruleset=ruleset, event=league_event, red=c, blue=factories.make_fighter(ruleset)
    )
    assert second.order == 2


def test_bad_rounds_options_judges_are_field_errors(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    with pytest.raises(ValidationError) as exc:
        schedule(
            ruleset,
            red=red,
            blue=blue,
            scheduled_rounds=0,
            options={"no_such_option": 1},
            judges=officials["judges"][:2],
        )
    errors = exc.value.message_dict
    assert set(errors) >= {"scheduled_rounds", "options", "judges"}
    assert "three judges" in errors["judges"][0]
    assert Bout.objects.count() == 0


def test_queue_records_nothing_when_a_card_went_missing(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue, queue=False)
    blue.cards.all().delete()
    with pytest.raises(ValidationError) as exc:
        services.bout_queue(bout=bout)
    assert "has no" in exc.value.message_dict["blue"][0]
    bout.refresh_from_db()
    assert bout.status == BoutStatus.SCHEDULED and bout.inputs is None


def test_plans_are_validated_and_snapshotted(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    with pytest.raises(ValidationError) as exc:
        schedule(ruleset, red=red, blue=blue, plans={"green": {}})
    assert "plans" in exc.value.message_dict
    if ruleset != "pocket":
        return
    plans = {"red": {"dirty": 60, "reckless": True}}
    bout = schedule(ruleset, officials, red=red, blue=blue, plans=plans, seed=4)
    assert bout.inputs["plans"] == plans
    services.bout_run(bout_id=bout.pk)
    bout.refresh_from_db()
    direct = simulate(
        ruleset,
        bout.inputs["red"],
        bout.inputs["blue"],
        rounds=bout.scheduled_rounds,
        seed=4,
        officials=bout.inputs["officials"],
        plans=plans,
    )
    assert bout.result.engine_result == json.loads(json.dumps(direct.to_dict()))


def test_event_rules_ruleset_order_and_date(ruleset, league_event):
    a, b, c, d = (factories.make_fighter(ruleset) for _ in range(4))
    services.bout_schedule(ruleset=ruleset, event=league_event, red=a, blue=b, order=5, queue=False)
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(ruleset=ruleset, event=league_event, red=c, blue=d, order=5)
    assert exc.value.message_dict["order"] == [f"Position 5 on {league_event.name} is taken."]
    with pytest.raises(ValidationError) as exc:
        services.bout_schedule(
            ruleset=ruleset, event=league_event, red=c, blue=d, date=DAY + datetime.timedelta(1)
        )
    assert "is on" in exc.value.message_dict["date"][0]
    others = [r for r in factories.one_on_one_rulesets() if r != ruleset]
    if others:
        with pytest.raises(ValidationError) as exc:
            services.bout_schedule(ruleset=others[0], event=league_event, red=c, blue=d)
        assert f"fights under {ruleset}" in exc.value.message_dict["ruleset"][0]
    assert Bout.objects.count() == 1


def test_idempotency_key_taken_meanwhile_returns_that_bout(ruleset, monkeypatch):
    """Two requests with one key racing: the second's insert hits the unique key
    and it answers with the first one's bout."""
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    first = schedule(ruleset, red=red, blue=blue, idempotency_key="race", queue=False)
    real_filter = Bout.objects.filter
    calls = {"n": 0}

    def filter_missing_once(*args, **kwargs):
        # The first look-up happens before the other request committed.
        if kwargs == {"idempotency_key": "race"} and not calls["n"]:
            calls["n"] += 1
            return real_filter(pk=-1)
        return real_filter(*args, **kwargs)

    monkeypatch.setattr(Bout.objects, "filter", filter_missing_once)
    again = schedule(ruleset, red=red, blue=blue, idempotency_key="race")
    assert again.pk == first.pk
    assert real_filter(idempotency_key="race").count() == 1


def test_a_recording_bug_fails_the_bout_instead_of_leaving_it_running(
    ruleset, officials, monkeypatch
):
    def broken(*args, **kwargs):
        raise ValueError("no such career table")

    monkeypatch.setattr(recording, "careers_add", broken)
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    bout = schedule(ruleset, officials, red=red, blue=blue)
    assert simulate_bout.delay(bout.id).get() == BoutStatus.FAILED
    bout.refresh_from_db()
    assert bout.status == BoutStatus.FAILED
    assert bout.failure_reason == "Recording failed: ValueError: no such career table"
    assert not Result.objects.filter(bout=bout).exists()
    assert career(red).bouts == 0


def test_broker_down_leaves_the_bout_queued_and_resend_runs_it(
    ruleset, officials, monkeypatch, run_on_commit
):
    from kombu.exceptions import OperationalError as BrokerDown

    def down(*args, **kwargs):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    with monkeypatch.context() as patch:
        patch.setattr(simulate_bouts, "delay", down)
        bout = run_on_commit(schedule, ruleset, officials, red=red, blue=blue)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.QUEUED and bout.inputs

    assert run_on_commit(services.bouts_resend, bouts=Bout.objects.all()) == 1
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED
    # sending a completed bout again does nothing
    assert run_on_commit(services.bouts_resend, bouts=Bout.objects.all()) == 0
    simulate_bout.delay(bout.pk)
    assert Result.objects.filter(bout=bout).count() == 1


def test_an_engine_result_that_is_not_json_fails_its_bout_and_not_its_batch(
    ruleset, officials, monkeypatch
):
    """The engine result is serialized once, when written: a value that cannot
    be (a bug in a ruleset) fails that bout, and the rest of the batch is
    recorded."""
    bouts = [
        schedule(
            ruleset,
            officials,
            red=factories.make_fighter(ruleset),
            blue=factories.make_fighter(ruleset),
            queue=False,
        )
        for _ in range(2)
    ]
    bad, good = bouts
    real = recording.bout_inputs.simulate_inputs

    def one_bad(inputs):
        result = real(inputs)
        if inputs["seed"] == bad.seed:
            original = result.to_dict

            result.to_dict = lambda: {**original(), "note": object()}
        return result

    monkeypatch.setattr(recording.bout_inputs, "simulate_inputs", one_bad)
    from bouts.services import bouts_queue

    bouts_queue(bouts=bouts)
    outcome = recording.bouts_run(bout_ids=[b.pk for b in bouts])
    assert outcome == {bad.pk: BoutStatus.FAILED, good.pk: BoutStatus.COMPLETED}
    bad.refresh_from_db()
    assert bad.failure_reason.startswith("Recording failed: TypeError")
    assert not Result.objects.filter(bout=bad).exists()
    assert Result.objects.filter(bout=good).exists()
