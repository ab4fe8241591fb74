"""The plan sandbox's service and pages: only the side's manager tries a plan (per
role), the try is bounded and throttled, runs as a task on commit, and its page
shows the outcome mix and the plan's lines; a hidden card is never fought nor shown."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bouts.engine import generate_card
from fighters.models import RatingCard
from league.models import League
from league.sandbox.models import SandboxRun, SandboxStatus
from league.sandbox.opponent import opponent_model
from league.sandbox.services import (
    SandboxThrottled,
    sandbox_start_for_bout,
    sandbox_start_for_standing,
)
from tests.bouts.plan_rows import GOOD_PLAN, bout_for_plans, fight_night, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    commissioner = user("sandbox-commish")
    night = fight_night(commissioners=[commissioner])
    night.commissioner = commissioner
    return night


def actor(night, role):
    if role == "anonymous":
        from django.contrib.auth.models import AnonymousUser

        return AnonymousUser()
    if role == "other_commissioner":
        other = fight_night()
        other.league.commissioners.add(boss := user("elsewhere"))
        return boss
    return {
        "plain": lambda: user("plain"),
        "manager": lambda: night.red_manager,
        "other_manager": lambda: night.blue_manager,
        "commissioner": lambda: night.commissioner,
        "staff": lambda: user("staff", staff=True),
    }[role]()


@pytest.mark.parametrize(
    "role", ["anonymous", "plain", "other_manager", "other_commissioner", "commissioner", "staff"]
)
def test_only_the_sides_manager_tries_its_plan(night, role):
    with pytest.raises(PermissionDenied):
        sandbox_start_for_bout(
            user=actor(night, role), bout=bout_for_plans(night.bout), side="red", plan=GOOD_PLAN
        )
    assert not SandboxRun.objects.exists()


def test_the_manager_tries_and_the_task_runs_on_commit(night, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = sandbox_start_for_bout(
            user=night.red_manager,
            bout=bout_for_plans(night.bout),
            side="red",
            plan=GOOD_PLAN,
            fights=20,
        )
    run.refresh_from_db()
    assert run.status == SandboxStatus.DONE and run.fights_done == 20
    assert run.result["fights"] == 20
    assert sum(o["count"] for o in run.result["outcomes"]) == 20
    assert {e["label"] for e in run.result["lines"]} <= {"5/7/8", "6/6/8 (inside)"}


def test_the_same_plan_tried_twice_gives_the_same_figures(
    night, django_capture_on_commit_callbacks
):
    runs = []
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            runs.append(
                sandbox_start_for_bout(
                    user=night.red_manager,
                    bout=bout_for_plans(night.bout),
                    side="red",
                    plan=GOOD_PLAN,
                    fights=10,
                )
            )
    first, second = (SandboxRun.objects.get(pk=r.pk) for r in runs)
    assert first.seed == second.seed and first.result == second.result


@pytest.mark.parametrize("fights", [0, 501, "200", True])
def test_the_number_of_fights_is_bounded(night, fights):
    with pytest.raises(ValidationError) as refused:
        sandbox_start_for_bout(
            user=night.red_manager,
            bout=bout_for_plans(night.bout),
            side="red",
            plan=GOOD_PLAN,
            fights=fights,
        )
    assert "between 1 and 500" in str(refused.value)
    assert not SandboxRun.objects.exists()


def test_a_plan_the_engine_refuses_is_not_tried(night):
    with pytest.raises(ValidationError) as refused:
        sandbox_start_for_bout(
            user=night.red_manager, bout=bout_for_plans(night.bout), side="red", plan="9/9/9"
        )
    assert "at most 20" in str(refused.value)
    assert not SandboxRun.objects.exists()


def test_one_try_at_a_time_and_a_limit_an_hour(night, settings):
    bout = bout_for_plans(night.bout)
    sandbox_start_for_bout(user=night.red_manager, bout=bout, side="red", plan=GOOD_PLAN)
    with pytest.raises(SandboxThrottled, match="still fighting"):
        sandbox_start_for_bout(user=night.red_manager, bout=bout, side="red", plan=GOOD_PLAN)
    SandboxRun.objects.update(status=SandboxStatus.DONE)
    settings.SANDBOX_FIGHTS_PER_HOUR = 300
    with pytest.raises(SandboxThrottled, match="300 fights an hour; you have 100 left"):
        sandbox_start_for_bout(user=night.red_manager, bout=bout, side="red", plan=GOOD_PLAN)
    assert SandboxRun.objects.count() == 1


def _hide(night, card):
    League.objects.filter(pk=night.league.pk).update(hide_cards=True, career_mode=True)
    RatingCard.objects.filter(fighter=night.bout.blue, ruleset="webl").update(data=card)
    night.league.refresh_from_db()


def test_a_hidden_card_is_never_the_opponents_model(night):
    """The model of a hidden-card league's opponent reads no card: two different
    hidden cards give the same model, and neither card's values are in it."""
    blue = night.bout.blue
    first = {"str": 29, "spd": 3, "agl": 27, "hgt": 2, "tgh": 28, "name": blue.name}
    _hide(night, first)
    model_one = opponent_model(night.red_manager, blue, "webl", night.league)
    second = {"str": 4, "spd": 30, "agl": 5, "hgt": 26, "tgh": 6, "name": blue.name}
    _hide(night, second)
    model_two = opponent_model(night.red_manager, blue, "webl", night.league)
    assert model_one == model_two and model_one.estimated
    for hidden in (first, second):
        assert any(model_one.card[k] != hidden[k] for k in ("str", "spd", "agl", "hgt", "tgh"))
    assert "scouting estimate" in model_one.card_words
    # the commissioner of the league sees cards: his model is the card
    seen = opponent_model(night.commissioner, blue, "webl", night.league)
    assert not seen.estimated and seen.card["str"] == 4


def test_a_hidden_card_tried_against_shows_only_the_estimate(
    client, night, django_capture_on_commit_callbacks
):
    blue = night.bout.blue
    hidden = {"str": 29, "spd": 3, "agl": 27, "hgt": 2, "tgh": 28, "name": blue.name}
    _hide(night, hidden)
    client.force_login(night.red_manager)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/bouts/{night.bout.pk}/plan/red/try/", {"text": GOOD_PLAN, "fights": "10"}
        )
    assert answer.status_code == 302
    run = SandboxRun.objects.get()
    assert run.opponent_model["estimated"]
    assert run.opponent_model["card"] != hidden
    page = client.get(answer["Location"]).content.decode()
    assert "scouting estimate" in page and '"str": 29' not in page
    assert "29" not in str(run.opponent_model["card"].values())


def test_the_public_card_is_fought_where_cards_are_public(night):
    model = opponent_model(night.red_manager, night.bout.blue, "webl", night.league)
    stored = RatingCard.objects.get(fighter=night.bout.blue, ruleset="webl").data
    assert not model.estimated and model.card["str"] == stored["str"]
    assert "default corner" in model.plan_words


def test_the_page_shows_the_outcome_mix_and_the_lines(
    client, night, django_capture_on_commit_callbacks
):
    client.force_login(night.red_manager)
    plan_page = client.get(f"/bouts/{night.bout.pk}/plan/red/").content.decode()
    assert 'id="sandbox-try-button"' in plan_page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/bouts/{night.bout.pk}/plan/red/try/", {"text": GOOD_PLAN, "fights": "12"}
        )
    page = client.get(answer["Location"]).content.decode()
    assert 'id="sandbox-mix"' in page and "Done: 12 fights." in page
    assert "line 1" in page
    progress = client.get(answer["Location"] + "progress.json").json()
    assert progress["finished"] and progress["fights_done"] == 12


def test_the_try_page_is_its_managers_alone(client, night):
    run = sandbox_start_for_bout(
        user=night.red_manager, bout=bout_for_plans(night.bout), side="red", plan=GOOD_PLAN
    )
    url = f"/sandbox/{run.pk}/"
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(night.blue_manager)
    assert client.get(url).status_code == 404
    assert client.get(url + "progress.json").status_code == 404
    client.force_login(night.commissioner)
    assert client.get(url).status_code == 404
    client.force_login(user("boss", staff=True))
    assert client.get(url).status_code == 200


def test_bad_input_on_the_page_is_a_400_in_words(client, night):
    client.force_login(night.red_manager)
    url = f"/bouts/{night.bout.pk}/plan/red/try/"
    bad_plan = client.post(url, {"text": "1) 5/7/8\n9/9/9", "fights": "10"})
    assert bad_plan.status_code == 400 and b"Line 2:" in bad_plan.content
    bad_n = client.post(url, {"text": GOOD_PLAN, "fights": "lots"})
    assert bad_n.status_code == 400 and b"between 1 and 500" in bad_n.content
    other = client.post(f"/bouts/{night.bout.pk}/plan/blue/try/", {"text": GOOD_PLAN})
    assert other.status_code == 403
    assert not SandboxRun.objects.exists()


def test_anonymous_post_is_refused(client, night):
    answer = client.post(f"/bouts/{night.bout.pk}/plan/red/try/", {"text": GOOD_PLAN})
    assert answer.status_code == 403
    assert not SandboxRun.objects.exists()


def test_a_standing_plan_is_tried_against_a_fighter_of_his_division(
    client, night, django_capture_on_commit_callbacks
):
    red = night.bout.red
    client.force_login(night.red_manager)
    page = client.get(f"/fighters/{red.pk}/standing-plan/webl/").content.decode()
    assert 'id="sandbox-try-button"' in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/fighters/{red.pk}/standing-plan/webl/try/", {"text": GOOD_PLAN, "fights": "8"}
        )
    run = SandboxRun.objects.get()
    assert answer.status_code == 302 and run.opponent == night.bout.blue
    assert run.status == SandboxStatus.DONE
    with pytest.raises(PermissionDenied):
        sandbox_start_for_standing(
            user=night.blue_manager, fighter=red, ruleset="webl", plan="5/7/8"
        )


def test_the_try_page_reads_in_fixed_queries(client, night, django_capture_on_commit_callbacks):
    client.force_login(night.red_manager)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/bouts/{night.bout.pk}/plan/red/try/", {"text": GOOD_PLAN, "fights": "5"}
        )
    client.get(answer["Location"])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(answer["Location"]).status_code == 200
    assert len(queries) == 3, [q["sql"] for q in queries]


def test_the_estimate_follows_the_public_record_not_the_card(night):
    League.objects.filter(pk=night.league.pk).update(hide_cards=True, career_mode=True)
    night.league.refresh_from_db()
    blue = night.bout.blue
    before = opponent_model(night.red_manager, blue, "webl", night.league).card
    assert sum(before[k] for k in ("str", "spd", "agl", "hgt", "tgh")) <= 70
    generate_card("webl", 1)  # the estimate is drawn from its own seed, not the card's


def test_the_progress_line_reads_waiting_until_a_worker_takes_it(client, night):
    # No on-commit callbacks run here: the task is not sent, as when workers are busy.
    run = sandbox_start_for_bout(
        user=night.red_manager, bout=bout_for_plans(night.bout), side="red", plan=GOOD_PLAN
    )
    client.force_login(night.red_manager)
    progress = client.get(f"/sandbox/{run.pk}/progress.json").json()
    assert progress == {
        "status": "queued",
        "fights": 200,
        "fights_done": 0,
        "finished": False,
        "words": "Waiting for a worker…",
    }
    page = client.get(f"/sandbox/{run.pk}/").content.decode()
    assert "ringside/sandbox.js" in page and 'id="sandbox-mix"' not in page
    from league.sandbox.services import sandbox_run

    assert sandbox_run(run.pk).status == SandboxStatus.DONE
    assert sandbox_run(run.pk).result == SandboxRun.objects.get(pk=run.pk).result  # idempotent


def test_a_title_bout_plan_is_tried_and_its_strategies_are_named(
    django_capture_on_commit_callbacks,
):
    night = fight_night(ruleset="titlebout")
    with django_capture_on_commit_callbacks(execute=True):
        run = sandbox_start_for_bout(
            user=night.red_manager,
            bout=bout_for_plans(night.bout),
            side="red",
            plan={"strategy": "FO"},
            fights=6,
        )
    run.refresh_from_db()
    assert run.status == SandboxStatus.DONE, run.error
    assert run.result["fights"] == 6 and run.result["lines"]
    assert all("_" not in entry["label"] for entry in run.result["lines"])


@pytest.mark.parametrize(
    "role", ["anonymous", "plain", "other_manager", "other_commissioner", "commissioner", "staff"]
)
def test_only_the_fighters_manager_tries_a_standing_plan(night, role):
    with pytest.raises(PermissionDenied):
        sandbox_start_for_standing(
            user=actor(night, role), fighter=night.bout.red, ruleset="webl", plan="5/7/8"
        )
    assert not SandboxRun.objects.exists()


def test_a_standing_try_refuses_an_opponent_outside_his_division(night):
    stranger = fight_night().bout.blue
    with pytest.raises(ValidationError, match="of his division"):
        sandbox_start_for_standing(
            user=night.red_manager,
            fighter=night.bout.red,
            ruleset="webl",
            plan="5/7/8",
            opponent=stranger,
        )


def test_a_try_whose_worker_died_is_fought_again_when_its_message_returns(night):
    import datetime as dt

    from django.utils import timezone

    from league.sandbox.services import sandbox_run

    run = sandbox_start_for_bout(
        user=night.red_manager,
        bout=bout_for_plans(night.bout),
        side="red",
        plan=GOOD_PLAN,
        fights=5,
    )
    SandboxRun.objects.filter(pk=run.pk).update(status=SandboxStatus.RUNNING, fights_done=3)
    assert sandbox_run(run.pk).status == SandboxStatus.RUNNING  # another worker has it
    SandboxRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - dt.timedelta(hours=1))
    assert sandbox_run(run.pk).status == SandboxStatus.DONE
