"""Officials from the console: add and change referees, judges, doctors and corner
men — per role, the services' permission rule, errors beside the fields, a fixed
query count."""

import pytest
from django.core.exceptions import PermissionDenied

from bouts.models import Bout
from fighters.models import CornerMan
from fighters.services import corner_man_create
from referees import services as officials
from referees.models import Doctor, Judge, Referee
from tests.api import factories, managers

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return managers.world(fighters_per_camp=1)


def _url(world, *parts):
    return "/".join([f"/console/leagues/{world.league.slug}/officials", *map(str, parts)]) + "/"


REFEREE = {
    "referee-name": "Rex Console",
    "referee-fouls": "strict",
    "referee-stoppage": "early",
    "referee-overall": "good",
    "referee-available_low": "1",
    "referee-available_high": "60",
    "referee-is_active": "on",
}


def test_anonymous_is_sent_to_sign_in(client, world):
    for answer in (client.get(_url(world)), client.post(_url(world, "referee"), REFEREE)):
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert not Referee.objects.filter(name="Rex Console").exists()


@pytest.mark.parametrize("who", ["plain", "owner", "outsider"])
def test_a_plain_user_a_manager_or_another_leagues_commissioner_gets_403(client, world, who):
    referee = officials.referee_create(name="Old Hand")
    client.force_login(getattr(world, who))
    assert client.get(_url(world)).status_code == 403
    assert client.post(_url(world, "referee"), REFEREE).status_code == 403
    edit = {**REFEREE, "referee-name": "Renamed"}
    assert client.post(_url(world, "referee", referee.pk), edit).status_code == 403
    assert not Referee.objects.filter(name__in=["Rex Console", "Renamed"]).exists()


def test_the_services_refuse_plain_users_and_managers(world):
    for who in (world.plain, world.owner):
        with pytest.raises(PermissionDenied):
            officials.judge_create(name="Nobody's Judge", user=who)
    judge = officials.judge_create(name="Harold Lederman", user=world.outsider)
    with pytest.raises(PermissionDenied):
        officials.judge_update(judge=judge, data={"bias": "boxer"}, user=world.owner)


def test_an_official_who_worked_another_leagues_bouts_is_staff_only(world):
    doctor = officials.doctor_create(name="Dr Worked", user=world.commissioner)
    officials.doctor_update(doctor=doctor, data={"caution": "cautious"}, user=world.outsider)
    elsewhere = factories.division(league=world.other_league)
    event = factories.event(league=world.other_league)
    a, b = factories.fighter(), factories.fighter()
    Bout.objects.create(
        ruleset=world.other_league.ruleset,
        event=event,
        division=elsewhere,
        date=event.date,
        red=a,
        blue=b,
        seed=1,
        scheduled_rounds=10,
        doctor=doctor,
    )
    with pytest.raises(PermissionDenied):
        officials.doctor_update(
            doctor=doctor, data={"caution": "balanced"}, user=world.commissioner
        )
    officials.doctor_update(doctor=doctor, data={"caution": "balanced"}, user=world.outsider)
    officials.doctor_update(doctor=doctor, data={"caution": "permissive"}, user=world.staff)
    doctor.refresh_from_db()
    assert doctor.caution == "permissive"


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_add_and_change_each_kind_of_official(client, world, who):
    client.force_login(getattr(world, who))
    league_page = client.get(f"/console/leagues/{world.league.slug}/").content.decode()
    assert _url(world) in league_page
    assert client.post(_url(world, "referee"), REFEREE).status_code == 302
    judge = {"judge-name": "Jerry Roth", "judge-close_round": "aggressor", "judge-bias": "none"}
    assert client.post(_url(world, "judge"), judge).status_code == 302
    doctor = {"doctor-name": "Dr Ringside", "doctor-caution": "cautious"}
    assert client.post(_url(world, "doctor"), doctor).status_code == 302
    corner = {
        "corner-name": "Chuck Bodak",
        "corner-role": "cut_man",
        "corner-cut": "excellent",
        "corner-strategy": "good",
        "corner-camp": world.camp_a.pk,
        "corner-is_available": "on",
    }
    assert client.post(_url(world, "corner"), corner).status_code == 302
    referee = Referee.objects.get(name="Rex Console")
    assert (referee.fouls, referee.stoppage, referee.overall) == ("strict", "early", "good")
    assert Judge.objects.get(name="Jerry Roth").close_round == "aggressor"
    assert Doctor.objects.get(name="Dr Ringside").caution == "cautious"
    cornerman = CornerMan.objects.get(name="Chuck Bodak")
    assert cornerman.camp == world.camp_a
    page = client.get(_url(world)).content.decode()
    assert "Rex Console" in page and "Chuck Bodak" in page and "Dr Ringside" in page
    assert _url(world, "corner", cornerman.pk) in page
    edit_page = client.get(_url(world, "referee", referee.pk))
    assert edit_page.status_code == 200 and b"draw from 1 to 80" in edit_page.content
    changed = client.post(
        _url(world, "referee", referee.pk), {**REFEREE, "referee-fouls": "lenient"}
    )
    assert changed.status_code == 302
    referee.refresh_from_db()
    assert referee.fouls == "lenient"
    moved = {**corner, "corner-strategy": "poor"}
    assert client.post(_url(world, "corner", cornerman.pk), moved).status_code == 302
    cornerman.refresh_from_db()
    assert cornerman.strategy == "poor"


def test_errors_appear_beside_their_fields_in_words(client, world):
    officials.referee_create(name="Taken Name")
    client.force_login(world.commissioner)
    twin = client.post(_url(world, "referee"), {**REFEREE, "referee-name": "Taken Name"})
    assert twin.status_code == 400 and b'id="id_referee-name-errors"' in twin.content
    backwards = {**REFEREE, "referee-available_low": "70", "referee-available_high": "10"}
    answer = client.post(_url(world, "referee"), backwards)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "low end at or below its high end" in html and "referee_availability_range" not in html
    bad_choice = client.post(_url(world, "doctor"), {"doctor-name": "Dr X", "doctor-caution": "x"})
    assert bad_choice.status_code == 400 and b'id="id_doctor-caution-errors"' in bad_choice.content
    assert client.post(_url(world, "wizard"), {}).status_code == 404
    assert Referee.objects.filter(name="Taken Name").count() == 1
    assert not Doctor.objects.filter(name="Dr X").exists()


def test_a_corner_man_of_another_leagues_camp_cannot_be_changed(client, world):
    far_camp = factories.camp(name="Far Camp")
    elsewhere = factories.division(league=world.other_league)
    elsewhere.fighters.add(factories.fighter(camp=far_camp))
    corner = corner_man_create(name="Far Corner", camp=far_camp)
    client.force_login(world.commissioner)
    data = {"corner-name": "Mine Now", "corner-role": "both", "corner-cut": "poor"}
    data |= {"corner-strategy": "poor", "corner-camp": ""}
    assert client.post(_url(world, "corner", corner.pk), data).status_code == 403
    corner.refresh_from_db()
    assert corner.name == "Far Corner"


def test_the_officials_page_costs_the_same_with_more_officials(
    client, world, django_assert_num_queries
):
    client.force_login(world.commissioner)
    officials.referee_create(name="First Ref")
    client.get(_url(world))

    def count():
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(_url(world)).status_code == 200
        return len(queries)

    before = count()
    for n in range(3):
        officials.referee_create(name=f"Ref {n}")
        officials.judge_create(name=f"Judge {n}")
        officials.doctor_create(name=f"Doc {n}")
        corner_man_create(name=f"Corner {n}", camp=world.camp_a)
    assert count() == before
