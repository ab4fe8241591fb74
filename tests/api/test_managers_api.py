"""/api/desk/, /api/memberships/, /api/invitations/: each write for each role;
a manager never edits cards, fighters or camps through the existing API."""

import pytest
from rest_framework.test import APIClient

from fighters.models import Camp, Fighter, RatingCard
from league.models import Invitation, LeagueMembership
from league.services.bout_requests import request_answer, request_approve, request_create
from league.services.membership import invitation_create

from . import factories, managers
from .conftest import as_user
from .records import recorded_bout

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "other_manager", "owner", "commissioner", "staff"]
RUNS_THE_LEAGUE = {"commissioner", "staff"}


@pytest.fixture
def w():
    return managers.world()


def client_of(w, role):
    return APIClient() if role == "anonymous" else as_user(getattr(w, role))


def _refused(answer):
    return answer.status_code in (401, 403)


@pytest.mark.parametrize("role", ROLES)
def test_add_a_manager_by_username(w, role):
    factories.user(username="newcomer")
    answer = client_of(w, role).post(
        "/api/memberships/", {"league": w.league.pk, "username": "newcomer"}, format="json"
    )
    joined = LeagueMembership.objects.filter(user__username="newcomer").exists()
    if role in RUNS_THE_LEAGUE:
        assert answer.status_code == 201, answer.content
        assert answer.json()["username"] == "newcomer" and joined
    else:
        assert _refused(answer), answer.content
        assert not joined


def test_add_an_unknown_username_is_a_400(w):
    answer = as_user(w.commissioner).post(
        "/api/memberships/", {"league": w.league.pk, "username": "ghost"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"username": ["No account is called 'ghost'."]}


@pytest.mark.parametrize("role", ROLES)
def test_make_an_invitation(w, role):
    answer = client_of(w, role).post(
        "/api/invitations/", {"league": w.league.pk, "days": 3}, format="json"
    )
    if role in RUNS_THE_LEAGUE:
        assert answer.status_code == 201, answer.content
        body = answer.json()
        assert body["url"].endswith(f"/join/{body['token']}/")
    else:
        assert _refused(answer), answer.content
        assert not Invitation.objects.exists()


def test_accept_an_invitation_through_the_api(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    guest = factories.user(username="guest")
    assert APIClient().post(
        "/api/invitations/accept/", {"token": invitation.token}, format="json"
    ).status_code in (401, 403)
    answer = as_user(guest).post(
        "/api/invitations/accept/",
        {"token": invitation.token, "camp_name": "Guest Gym"},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    assert Camp.objects.get(name="Guest Gym").owner == guest
    again = as_user(factories.user()).post(
        "/api/invitations/accept/", {"token": invitation.token}, format="json"
    )
    assert again.status_code == 400
    assert again.json() == {"token": ["This invitation has been used already."]}


def test_invitations_are_listed_to_their_leagues_commissioner_only(w):
    invitation_create(actor=w.commissioner, league=w.league)
    assert as_user(w.commissioner).get("/api/invitations/").json()["count"] == 1
    assert as_user(w.outsider).get("/api/invitations/").json()["count"] == 0
    assert as_user(w.owner).get("/api/invitations/").json()["count"] == 0


@pytest.mark.parametrize("role", ROLES)
def test_assign_a_camp(w, role):
    answer = client_of(w, role).post(
        "/api/memberships/assign-camp/",
        {"league": w.league.pk, "camp": w.camp_a.pk, "username": "rival"},
        format="json",
    )
    owner = Camp.objects.get(pk=w.camp_a.pk).owner
    if role in RUNS_THE_LEAGUE:
        assert answer.status_code == 200, answer.content
        assert owner == w.other_manager
    else:
        assert _refused(answer), answer.content
        assert owner == w.owner


# A bad body (an unknown user, a camp that does not exist, too many days) for a league
# the user does not run: refused before the body is read (403, not its field errors).
BAD_BODIES = {
    "/api/memberships/": {"username": "ghost"},
    "/api/memberships/assign-camp/": {"camp": 999999, "username": "ghost"},
    "/api/invitations/": {"days": 999},
}


@pytest.mark.parametrize("path", list(BAD_BODIES))
@pytest.mark.parametrize("role", ROLES)
def test_a_bad_body_is_refused_before_it_is_read(w, role, path):
    answer = client_of(w, role).post(
        path, {"league": w.league.pk, **BAD_BODIES[path]}, format="json"
    )
    if role in RUNS_THE_LEAGUE:
        assert answer.status_code == 400, answer.content
        assert set(answer.json()) <= {"username", "camp", "days"}
    else:
        assert _refused(answer), answer.content


@pytest.mark.parametrize("league", [None, 999999, "abc", "²", True, [1], "9" * 40])
def test_a_body_without_a_real_league_is_a_400_on_league(w, league):
    body = {"username": "ghost"} if league is None else {"league": league, "username": "ghost"}
    answer = as_user(w.outsider).post("/api/memberships/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert "league" in answer.json()


def test_a_body_that_is_not_an_object_is_a_400(w):
    answer = as_user(w.commissioner).post("/api/invitations/", [1, 2], format="json")
    assert answer.status_code == 400, answer.content


def test_a_manager_edits_no_card_fighter_or_camp(w):
    client = as_user(w.owner)
    fighter = w.mine[0]
    card = RatingCard.objects.get(fighter=fighter)
    before = dict(card.data)
    answer = client.patch(f"/api/cards/{card.pk}/", {"data": before}, format="json")
    assert answer.status_code == 403
    answer = client.patch(f"/api/fighters/{fighter.pk}/", {"name": "Renamed"}, format="json")
    assert answer.status_code == 403
    answer = client.patch(f"/api/camps/{w.camp_a.pk}/", {"name": "Mine now"}, format="json")
    assert answer.status_code == 403
    answer = client.post(
        "/api/cards/", {"fighter": fighter.pk, "ruleset": "pocket", "data": {}}, format="json"
    )
    assert answer.status_code == 403
    assert Fighter.objects.get(pk=fighter.pk).name == fighter.name
    assert Camp.objects.get(pk=w.camp_a.pk).name == "Camp A"
    assert RatingCard.objects.get(pk=card.pk).data == before


def test_the_desk_needs_an_account(w):
    assert APIClient().get("/api/desk/").status_code in (401, 403)


def test_the_desk_shows_what_the_manager_plays_and_what_waits(w):
    asked = request_create(user=w.other_manager, fighter=w.theirs[0], opponent=w.mine[0])
    mine = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    request_answer(user=w.other_manager, bout_request=mine, accept=True)
    request_approve(user=w.commissioner, bout_request=mine, event=w.event)
    recorded_bout(red=w.mine[0], blue=w.theirs[1], ruleset=w.league.ruleset, division=w.division)
    body = as_user(w.owner).get("/api/desk/").json()
    assert [(x["slug"], x["role"]) for x in body["leagues"]] == [(w.league.slug, "manager")]
    assert [c["name"] for c in body["camps"]] == ["Camp A"]
    assert {f["name"] for f in body["fighters"]} == {f.name for f in w.mine}
    assert body["fighters"][0]["cards"][0]["ruleset"] == w.league.ruleset
    assert "wins" in body["fighters"][0]["record"]
    assert [r["id"] for r in body["needs_me"]] == [asked.pk]
    assert body["my_requests"] == []  # approved: no longer open
    assert [(b["event_name"], b["status"]) for b in body["upcoming"]] == [
        (w.event.name, "scheduled")
    ]
    assert len(body["results"]) == 1 and body["results"][0]["method"]
    commissioner = as_user(w.commissioner).get("/api/desk/").json()
    assert commissioner["leagues"][0]["role"] == "commissioner"


def test_the_desk_answers_in_fixed_queries(w, django_assert_num_queries):
    def grow(n):
        for k in range(n):
            mine = factories.fighter(camp=w.camp_a, name=f"More A{n}-{k}")
            theirs = factories.fighter(camp=w.camp_b, name=f"More B{n}-{k}")
            w.division.fighters.add(mine, theirs)
            request_create(user=w.other_manager, fighter=theirs, opponent=mine)
            recorded_bout(
                red=mine, blue=theirs, ruleset=w.league.ruleset, division=w.division, day=k + 1
            )

    client = as_user(w.owner)
    grow(1)
    # the desk's ten reads (with the requests answered) and its fighters' fitness:
    # their leagues, then one
    # status read (suspensions and retirements) for the league's date
    with django_assert_num_queries(13):
        client.get("/api/desk/")
    grow(5)
    with django_assert_num_queries(13):
        body = client.get("/api/desk/").json()
    assert len(body["needs_me"]) == 6 and len(body["results"]) == 6


def test_member_and_invitation_lists_in_fixed_queries(w, django_assert_num_queries):
    for n in range(6):
        factories.user(username=f"member{n}")
        from league.services.membership import membership_add

        membership_add(actor=w.commissioner, league=w.league, username=f"member{n}")
        invitation_create(actor=w.commissioner, league=w.league)
    client = as_user(w.commissioner)
    with django_assert_num_queries(3):  # the league filter, count, page
        body = client.get(f"/api/memberships/?league={w.league.pk}").json()
    assert body["count"] == 8 and {"username", "joined_at"} <= set(body["results"][0])
    with django_assert_num_queries(3):  # commissioned leagues, count, page
        assert client.get("/api/invitations/").json()["count"] == 6


def test_request_detail_in_fixed_queries(w, django_assert_num_queries):
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    with django_assert_num_queries(2):  # commissioned leagues, the request with its sides
        body = as_user(w.owner).get(f"/api/bout-requests/{asked.pk}/").json()
    assert (body["fighter_name"], body["opponent_camp_name"]) == (w.mine[0].name, "Camp B")


def test_league_settings_for_requests_are_validated(w):
    client = as_user(w.commissioner)
    bad = client.patch(f"/api/leagues/{w.league.pk}/", {"bouts_per_event": 0}, format="json")
    assert bad.status_code == 400 and "bouts_per_event" in bad.json()
    good = client.patch(
        f"/api/leagues/{w.league.pk}/",
        {"bouts_per_event": 6, "auto_approve_requests": True},
        format="json",
    )
    assert good.status_code == 200, good.content
    w.league.refresh_from_db()
    assert (w.league.bouts_per_event, w.league.auto_approve_requests) == (6, True)
    assert (
        as_user(w.owner)
        .patch(f"/api/leagues/{w.league.pk}/", {"bouts_per_event": 1}, format="json")
        .status_code
        == 403
    )
