"""Play until through the API (/api/jobs/): who may start and cancel a job,
what a bad request gets, what a job reports, and the schema documents it."""

import pytest
from rest_framework.test import APIClient

from fighters.models import Camp
from league import services
from league.calendar.models import AdvanceJob, JobStatus
from league.models import LeagueMembership

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_capture_on_commit_callbacks):
    commissioner = factories.user(username="commish")
    outsider = factories.user(username="outsider")  # commissions another league
    manager = factories.user(username="manager")
    staff = factories.user(staff=True, username="staff")
    plain = factories.user(username="fan")
    league = factories.league(commissioners=[commissioner])
    factories.league(commissioners=[outsider])
    camp = factories.camp(name="Manager's Camp")
    Camp.objects.filter(pk=camp.pk).update(owner=manager)
    fighters = [factories.fighter(camp=camp if n < 2 else None) for n in range(4)]
    division = factories.division(league=league, fighters=fighters)
    LeagueMembership.objects.create(league=league, user=manager)
    with django_capture_on_commit_callbacks(execute=True):
        season = services.season_schedule(division=division, seed=4, queue=False)
    return {
        "league": league,
        "season": season,
        "commissioner": commissioner,
        "outsider": outsider,
        "manager": manager,
        "staff": staff,
        "plain": plain,
    }


def start(client, league, capture, **body):
    """POST a job; the 202 says it is queued (its run is sent on commit, run
    here eagerly after the response): the job as read afterwards, or the refusal."""
    with capture(execute=True):
        answer = client.post("/api/jobs/", {"league": league.pk, **body}, format="json")
    if answer.status_code == 202:
        assert answer.json()["status"] == JobStatus.QUEUED
        answer.data = APIClient().get(f"/api/jobs/{answer.json()['id']}/").json()
    return answer


def test_only_the_commissioner_and_staff_play_a_league(world, django_capture_on_commit_callbacks):
    league = world["league"]
    anonymous = start(
        APIClient(), league, django_capture_on_commit_callbacks, target="nights", nights=1
    )
    assert anonymous.status_code in (401, 403)
    for who in ("plain", "manager", "outsider"):
        answer = start(
            as_user(world[who]),
            league,
            django_capture_on_commit_callbacks,
            target="nights",
            nights=1,
        )
        assert answer.status_code == 403, (who, answer.content)
    assert not AdvanceJob.objects.exists()
    for who in ("commissioner", "staff"):
        answer = start(
            as_user(world[who]),
            league,
            django_capture_on_commit_callbacks,
            target="nights",
            nights=1,
        )
        assert answer.status_code == 202, (who, answer.content)
        job = answer.data
        assert job["status"] == JobStatus.DONE
        assert job["progress"]["nights"] == 1 and job["progress"]["bouts_done"] >= 1
        assert job["runs"][0]["division_name"]
        assert job["league_date"] == job["runs"][0]["reached"]


def test_a_job_is_read_by_anyone_and_listed_by_league(world, django_capture_on_commit_callbacks):
    league = world["league"]
    made = start(
        as_user(world["commissioner"]), league, django_capture_on_commit_callbacks, target="season"
    ).data
    assert made["status"] == "done" and made["progress"]["percent"] == 100
    world["season"].refresh_from_db()
    assert world["season"].status == "completed"
    read = APIClient().get(f"/api/jobs/{made['id']}/")
    assert read.status_code == 200 and read.json()["id"] == made["id"]
    listed = APIClient().get(f"/api/jobs/?league={league.pk}").json()["results"]
    assert [j["id"] for j in listed] == [made["id"]]
    assert APIClient().get("/api/jobs/?league=abc").status_code == 400


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"target": "nights"}, "nights"),
        ({"target": "nights", "nights": 0}, "nights"),
        ({"target": "date"}, "until"),
        ({"target": "date", "until": "2020-01-01"}, "until"),
        ({"target": "forever"}, "target"),
        ({"target": "season", "league": 999999}, "league"),
    ],
)
def test_a_bad_request_gets_field_errors_and_writes_nothing(
    world, django_capture_on_commit_callbacks, body, field
):
    client = as_user(world["commissioner"])
    payload = {"league": world["league"].pk, **body}
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/api/jobs/", payload, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()
    assert not AdvanceJob.objects.exists()


def test_a_form_encoded_request_is_understood_too(world, django_capture_on_commit_callbacks):
    client = as_user(world["commissioner"])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            "/api/jobs/", {"league": world["league"].pk, "target": "nights", "nights": "2"}
        )
    assert answer.status_code == 202, answer.content


def test_cancelling_is_the_commissioners_and_an_ended_job_cannot_be_cancelled(world):
    from league.calendar.jobs import job_start

    # A job whose worker has not taken it yet (its message is sent on commit).
    job = job_start(league=world["league"], target="season", check_permission=False)
    url = f"/api/jobs/{job.pk}/cancel/"
    assert APIClient().post(url).status_code in (401, 403)
    for who in ("plain", "manager", "outsider"):
        assert as_user(world[who]).post(url).status_code == 403, who
    answer = as_user(world["commissioner"]).post(url)
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == JobStatus.CANCELLED
    again = as_user(world["staff"]).post(url)
    assert again.status_code == 400 and "already ended" in again.json()["status"][0]


def test_one_job_at_a_time(world):
    from league.calendar.jobs import job_start

    job_start(league=world["league"], target="season", check_permission=False)
    answer = as_user(world["commissioner"]).post(
        "/api/jobs/", {"league": world["league"].pk, "target": "season"}, format="json"
    )
    assert answer.status_code == 400
    assert "already being advanced" in answer.json()["target"][0]


def test_the_job_api_is_in_the_schema():
    schema = APIClient().get("/api/schema/?format=json").json()
    assert "/api/jobs/" in schema["paths"]
    operation = schema["paths"]["/api/jobs/"]["post"]
    assert operation["summary"] == "Advance a league (play until)"
    assert "/api/jobs/{id}/cancel/" in schema["paths"]
