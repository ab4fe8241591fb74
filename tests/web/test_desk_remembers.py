"""A desk that remembers (issue 33 items 2 and 5): results newest fought first with
world and regional title bouts marked, requests sent and answered with their
outcome and notes, the plans due with the opponent's public record, "Build a
fighter" where the league allows it, labels from the reader's side, a note on a
decline and a reason on a commissioner's refusal (each role)."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from bouts.models import Result
from league.models import BoutRequest, League, Region, RegionalTitle, RegionalTitleBout
from league.services.bout_requests import request_answer, request_create, request_refuse
from tests.api import managers
from tests.api.records import recorded_bout

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return managers.world()


def client_of(w, role):
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(w, role))
    return client


def test_results_are_newest_fought_first_and_title_bouts_are_marked(w):
    ruleset = w.league.ruleset
    old = recorded_bout(
        red=w.mine[0], blue=w.theirs[0], ruleset=ruleset, division=w.division, day=20
    )
    world = recorded_bout(
        red=w.mine[0], blue=w.theirs[1], ruleset=ruleset, division=w.division, day=2, order=2
    )
    regional = recorded_bout(
        red=w.mine[1], blue=w.theirs[0], ruleset=ruleset, division=w.division, day=1, order=3
    )
    # fought later (recorded later) though their league dates are earlier
    now = timezone.now()
    Result.objects.filter(bout=old).update(recorded_at=now - dt.timedelta(days=30))
    Result.objects.filter(bout=world).update(recorded_at=now - dt.timedelta(days=2))
    Result.objects.filter(bout=regional).update(recorded_at=now - dt.timedelta(days=1))
    type(world).objects.filter(pk=world.pk).update(is_title_bout=True)
    region = Region.objects.create(league=w.league, name="North")
    title = RegionalTitle.objects.create(region=region, division=w.division)
    RegionalTitleBout.objects.create(bout=regional, title=title)
    html = client_of(w, "owner").get("/desk/").content.decode()
    results = html.split('id="results"')[1]
    assert results.index(f"/bouts/{regional.pk}/") < results.index(f"/bouts/{world.pk}/")
    assert results.index(f"/bouts/{world.pk}/") < results.index(f"/bouts/{old.pk}/")
    assert "North title" in results and "world title" in results
    body = client_of(w, "owner").get("/api/desk/").json()["results"]
    assert [r["id"] for r in body[:3]] == [regional.pk, world.pk, old.pk]
    assert body[0]["regional_title"] == "North" and body[1]["is_title_bout"]


def test_answered_requests_stay_on_both_desks_with_their_notes(w):
    declined = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    request_answer(
        user=w.other_manager, bout_request=declined, accept=False, answer="Not this month"
    )
    refused = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    request_refuse(user=w.commissioner, bout_request=refused, answer="Card is full")
    mine = client_of(w, "owner").get("/desk/").content.decode()
    answered = mine.split('id="answered-requests"')[1].split("</ul>")[0]
    assert "you asked · Declined: “Not this month”" in answered
    assert "Refused by the commissioner: “Card is full”" in answered
    theirs = client_of(w, "other_manager").get("/desk/").content.decode()
    assert f"{w.camp_a.name} asked you · Declined" in theirs


def test_a_decline_keeps_its_note_and_labels_are_from_the_readers_side(w):
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    rival = client_of(w, "other_manager")
    page = rival.get(f"/requests/{asked.pk}/").content.decode()
    assert "Your camp (you answer)" in page and 'id="decline-button"' in page
    answer = rival.post(f"/requests/{asked.pk}/decline/", {"answer": "Too soon"})
    assert answer.status_code == 302
    asked.refresh_from_db()
    assert asked.status == "declined" and asked.answer == "Too soon"
    own = client_of(w, "owner").get(f"/requests/{asked.pk}/").content.decode()
    assert "Your camp (you asked)" in own and "Opponent&#x27;s camp" not in own
    assert "Their answer (declined): “Too soon”" in own


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("anonymous", False),
        ("plain", False),
        ("owner", False),
        ("other_manager", False),
        ("outsider", False),
        ("commissioner", True),
        ("staff", True),
    ],
)
def test_only_the_commissioner_refuses_with_a_reason(w, role, allowed):
    from django.contrib.auth.models import AnonymousUser

    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    request_answer(user=w.other_manager, bout_request=asked, accept=True, answer="Happy to")
    user = AnonymousUser() if role == "anonymous" else getattr(w, role)
    if allowed:
        request_refuse(user=user, bout_request=asked, answer="Both need rest")
        asked.refresh_from_db()
        assert asked.status == "refused" and asked.decision_note == "Both need rest"
        assert asked.answer == "Happy to"  # the other manager's note stays
    else:
        with pytest.raises(PermissionDenied):
            request_refuse(user=user, bout_request=asked, answer="No")
        asked.refresh_from_db()
        assert asked.status == "accepted" and asked.decision_note == ""


def test_the_refusal_form_sends_its_reason(w):
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    boss = client_of(w, "commissioner")
    assert 'id="refuse-reason"' in boss.get(f"/requests/{asked.pk}/").content.decode()
    assert boss.post(f"/requests/{asked.pk}/refuse/", {"answer": "Mismatch"}).status_code == 302
    assert BoutRequest.objects.get(pk=asked.pk).decision_note == "Mismatch"
    seen = client_of(w, "owner").get(f"/requests/{asked.pk}/").content.decode()
    assert "Refused by the commissioner: “Mismatch”" in seen


@pytest.mark.parametrize(
    ("role", "sees"),
    [("anonymous", False), ("plain", False), ("outsider", False), ("owner", True), ("staff", True)],
)
def test_build_a_fighter_is_offered_where_the_league_allows_it(w, role, sees):
    League.objects.filter(pk=w.league.pk).update(career_mode=True)
    page = client_of(w, role).get(f"/leagues/{w.league.slug}/").content.decode()
    assert ('id="build-fighter"' in page) is sees
    if role == "owner":
        desk = client_of(w, role).get("/desk/").content.decode()
        assert f"/leagues/{w.league.slug}/career/new-fighter/" in desk


def test_no_build_link_outside_a_career_league(w):
    page = client_of(w, "owner").get(f"/leagues/{w.league.slug}/").content.decode()
    assert 'id="build-fighter"' not in page
    assert "career/new-fighter" not in client_of(w, "owner").get("/desk/").content.decode()


def test_plans_due_show_the_opponents_public_record(w):
    from tests.web.test_desk_plans import book

    recorded_bout(red=w.theirs[0], blue=w.mine[1], ruleset=w.league.ruleset, division=w.division)
    bout = book(w, 0)
    html = client_of(w, "owner").get("/desk/").content.decode()
    due = html.split('id="plans-due"')[1].split("</section>")[0]
    assert f"{bout.blue.name} is " in due and "scout" in due
