"""The managers' pages: the desk, bout requests, a league's managers, joining by
invitation. Each write for each role; bad input shows its error next to the field
and changes nothing."""

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bouts.models import Bout, MedicalSuspension
from core.dates import long_date
from fighters.models import Camp
from league.models import BoutRequest, Invitation, LeagueMembership, RequestStatus
from league.services.bout_requests import request_answer, request_create
from league.services.membership import invitation_create
from tests.api import factories, managers
from tests.api.records import recorded_bout

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "other_manager", "owner", "commissioner", "staff"]
TEMPLATES = [
    "league/desk.html",
    "league/request_form.html",
    "league/request_detail.html",
    "league/league_managers.html",
    "league/join.html",
    "registration/sign_up.html",
]


@pytest.fixture
def w():
    return managers.world()


def client_of(w, role):
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(w, role))
    return client


def _ask(w):
    return request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])


def _refused(answer):
    """Anonymous: sent to sign in; signed in but not allowed: 403 (404 for a
    request he may not even read)."""
    if answer.status_code == 302:
        return answer["Location"].startswith("/accounts/login/")
    return answer.status_code in (403, 404)


def test_templates_have_no_inline_script_style_or_handlers():
    root = Path(__file__).resolve().parents[2] / "templates"
    for name in TEMPLATES:
        text = (root / name).read_text()
        assert "<script" not in text and "style=" not in text, name
        assert not re.search(r"\son[a-z]+=", text), name


def test_the_desk_needs_sign_in_and_shows_the_managers_world(w):
    assert Client().get("/desk/")["Location"].startswith("/accounts/login/")
    request_create(user=w.other_manager, fighter=w.theirs[0], opponent=w.mine[0])
    recorded_bout(red=w.mine[0], blue=w.theirs[1], ruleset=w.league.ruleset, division=w.division)
    html = client_of(w, "owner").get("/desk/").content.decode()
    assert w.league.name in html and "Manager" in html
    for fighter in w.mine:
        assert fighter.name in html
    assert f"{w.theirs[0].name} vs {w.mine[0].name}" in html  # what needs me
    assert "My recent results" in html and "Middleweight" in html


def test_the_desk_page_answers_in_fixed_queries(w, django_assert_num_queries):
    client = client_of(w, "owner")

    def grow(n):
        for k in range(n):
            mine = factories.fighter(camp=w.camp_a, name=f"More A{n}-{k}")
            theirs = factories.fighter(camp=w.camp_b, name=f"More B{n}-{k}")
            w.division.fighters.add(mine, theirs)
            request_create(user=w.other_manager, fighter=theirs, opponent=mine)
            recorded_bout(
                red=mine, blue=theirs, ruleset=w.league.ruleset, division=w.division, day=k + 1
            )

    grow(1)
    client.get("/desk/")
    # session, user, then the desk's ten reads (with the requests answered), its
    # fighters' fitness (their
    # leagues, then one status read: suspensions and retirements) and regions
    with django_assert_num_queries(16):
        client.get("/desk/")
    grow(5)
    with django_assert_num_queries(16):
        assert client.get("/desk/").status_code == 200


def test_ask_for_a_bout_from_the_page(w):
    client = client_of(w, "owner")
    form = client.get("/desk/requests/new/").content.decode()
    assert w.theirs[0].name in form and "(Camp A)" not in form.split('name="opponent"')[1]
    answer = client.post(
        "/desk/requests/new/",
        {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk, "message": "Fight me"},
    )
    made = BoutRequest.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/requests/{made.pk}/"
    assert made.message == "Fight me"


def test_an_ineligible_request_shows_the_error_at_its_field(w):
    ends_on = w.league.date + datetime.timedelta(days=30)
    MedicalSuspension.objects.create(
        fighter=w.theirs[0], starts_on=w.league.date, ends_on=ends_on, reason="cut"
    )
    client = client_of(w, "owner")
    # Offered with his status on the league's date...
    form = client.get("/desk/requests/new/").content.decode()
    status = f"suspended until {long_date(ends_on)} (cut)"
    assert f"{w.theirs[0].name} (Camp B) · Middleweight · record 0-0-0 · {status}</option>" in form
    assert f"{w.theirs[1].name} (Camp B) · Middleweight · record 0-0-0 · fit</option>" in form
    # ... and refused with it, next to his field.
    answer = client.post(
        "/desk/requests/new/", {"fighter": w.mine[0].pk, "within": "", "opponent": w.theirs[0].pk}
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    errors = re.search(r'id="id_opponent-errors">(.*?)</ul>', html, re.S).group(1)
    assert f"{w.theirs[0].name} is {status}." in errors
    assert not BoutRequest.objects.exists()


def test_nobody_else_asks_for_the_owners_fighter(w):
    for role in ("other_manager", "outsider", "commissioner"):
        answer = client_of(w, role).post(
            "/desk/requests/new/", {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk}
        )
        # His own fighters only are offered: the owner's is not a valid choice.
        assert answer.status_code == 400 and b"Select a valid choice" in answer.content
    assert Client().post("/desk/requests/new/", {})["Location"].startswith("/accounts/login/")
    assert not BoutRequest.objects.exists()


ACTS = {
    "accept": ({"other_manager", "staff"}, RequestStatus.ACCEPTED),
    "decline": ({"other_manager", "staff"}, RequestStatus.DECLINED),
    "withdraw": ({"owner", "staff"}, RequestStatus.WITHDRAWN),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("act", sorted(ACTS))
def test_answer_and_withdraw_on_the_page(w, role, act):
    asked = _ask(w)
    allowed, done = ACTS[act]
    answer = client_of(w, role).post(f"/requests/{asked.pk}/{act}/", {"answer": ""})
    status = BoutRequest.objects.get(pk=asked.pk).status
    if role in allowed:
        assert answer.status_code == 302, answer.content[:500]
        assert status == done
    else:
        assert _refused(answer), answer.status_code
        assert status == RequestStatus.PENDING


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("act", ["approve", "refuse"])
def test_approve_and_refuse_on_the_page(w, role, act):
    asked = _ask(w)
    request_answer(user=w.other_manager, bout_request=asked, accept=True)
    answer = client_of(w, role).post(f"/requests/{asked.pk}/{act}/", {"event": w.event.pk})
    status = BoutRequest.objects.get(pk=asked.pk).status
    if role in ("commissioner", "staff"):
        assert answer.status_code == 302
        assert status == (RequestStatus.APPROVED if act == "approve" else RequestStatus.REFUSED)
    else:
        assert _refused(answer), answer.status_code
        assert status == RequestStatus.ACCEPTED and not Bout.objects.exists()


def test_approving_onto_a_full_event_says_so_at_the_event(w):
    w.league.bouts_per_event = 1
    w.league.save()
    first = _ask(w)
    request_answer(user=w.other_manager, bout_request=first, accept=True)
    client = client_of(w, "commissioner")
    assert client.post(f"/requests/{first.pk}/approve/", {"event": w.event.pk}).status_code == 302
    second = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    request_answer(user=w.other_manager, bout_request=second, accept=True)
    answer = client.post(f"/requests/{second.pk}/approve/", {"event": w.event.pk})
    assert answer.status_code == 400
    errors = re.search(r'id="id_event-errors">(.*?)</ul>', answer.content.decode(), re.S)
    assert "is full" in errors.group(1)
    assert Bout.objects.count() == 1


def test_a_request_page_is_for_its_parties(w):
    asked = _ask(w)
    for role in ("owner", "other_manager", "commissioner", "staff"):
        assert client_of(w, role).get(f"/requests/{asked.pk}/").status_code == 200
    assert client_of(w, "outsider").get(f"/requests/{asked.pk}/").status_code == 404
    other = client_of(w, "other_manager").get(f"/requests/{asked.pk}/").content
    assert b"Accept" in other and b"Withdraw" not in other


@pytest.mark.parametrize("role", ROLES)
def test_league_managers_page_writes(w, role):
    factories.user(username="newcomer")
    client = client_of(w, role)
    added = client.post(
        f"/leagues/{w.league.slug}/managers/", {"act": "add", "add-username": "newcomer"}
    )
    invited = client.post(
        f"/leagues/{w.league.slug}/managers/", {"act": "invite", "invite-days": "3"}
    )
    assigned = client.post(
        f"/leagues/{w.league.slug}/managers/",
        {"act": "assign", "assign-camp": w.camp_a.pk, "assign-username": "rival"},
    )
    joined = LeagueMembership.objects.filter(user__username="newcomer").exists()
    owner = Camp.objects.get(pk=w.camp_a.pk).owner
    if role in ("commissioner", "staff"):
        assert added.status_code == 302 and joined
        assert invited.status_code == 200 and b"/join/" in invited.content
        assert assigned.status_code == 302 and owner == w.other_manager
    else:
        for answer in (added, invited, assigned):
            assert _refused(answer), answer.status_code
        assert not joined and owner == w.owner and not Invitation.objects.exists()


@pytest.mark.parametrize("role", [*ROLES, "plain"])
def test_the_league_page_links_its_managers_page_only_for_those_who_may_open_it(w, role):
    client = client_of(w, role)
    managers_page = f"/leagues/{w.league.slug}/managers/"
    linked = f'href="{managers_page}"' in client.get(f"/leagues/{w.league.slug}/").content.decode()
    opened = client.get(managers_page).status_code == 200
    assert linked == opened
    assert linked == (role in ("other_manager", "owner", "commissioner", "staff"))


def test_league_managers_page_errors_stay_at_their_field(w):
    answer = client_of(w, "commissioner").post(
        f"/leagues/{w.league.slug}/managers/", {"act": "add", "add-username": "ghost"}
    )
    assert answer.status_code == 400
    errors = re.search(r'id="id_add-username-errors">(.*?)</ul>', answer.content.decode(), re.S)
    assert "No account is called" in errors.group(1)


def test_join_by_link_signed_in(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    guest = factories.user(username="guest")
    page = Client().get(f"/join/{invitation.token}/").content.decode()
    assert "Sign in" in page and f"/join/{invitation.token}/sign-up/" in page
    client = Client()
    client.force_login(guest)
    answer = client.post(f"/join/{invitation.token}/", {"camp_name": "Guest Gym"})
    assert answer.status_code == 302 and answer["Location"] == "/desk/"
    assert Camp.objects.get(name="Guest Gym").owner == guest
    used = client_of(w, "plain").get(f"/join/{invitation.token}/").content.decode()
    assert "used already" in used
    assert Client().get("/join/nonsense/").status_code == 404


def test_sign_up_from_an_invitation(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    client = Client()
    bad = client.post(
        f"/join/{invitation.token}/sign-up/",
        {"username": "newbie", "password1": "x", "password2": "y"},
    )
    assert bad.status_code == 400 and b"field-errors" in bad.content
    assert not get_user_model().objects.filter(username="newbie").exists()
    answer = client.post(
        f"/join/{invitation.token}/sign-up/",
        {
            "username": "newbie",
            "password1": "a-long-pass-2026",
            "password2": "a-long-pass-2026",
            "camp_name": "Newbie Gym",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/desk/"
    newbie = get_user_model().objects.get(username="newbie")
    assert LeagueMembership.objects.filter(league=w.league, user=newbie).exists()
    assert client.get("/desk/").status_code == 200
    # The link is used: no second account from it.
    again = Client().post(
        f"/join/{invitation.token}/sign-up/",
        {"username": "other", "password1": "a-long-pass-2026", "password2": "a-long-pass-2026"},
    )
    assert again.status_code == 400
    assert not get_user_model().objects.filter(username="other").exists()


def test_request_and_managers_pages_in_fixed_queries(w, django_assert_num_queries):
    from league.services.membership import membership_add

    asked = _ask(w)
    client = client_of(w, "commissioner")
    client.get(f"/requests/{asked.pk}/")
    # session, user, the request with its sides, its fighters' fitness (their
    # suspensions, then their retirements), is-commissioner
    with django_assert_num_queries(6):
        assert client.get(f"/requests/{asked.pk}/").status_code == 200

    def count():
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/leagues/{w.league.slug}/managers/").status_code == 200
        return len(ctx)

    before = count()
    for n in range(5):
        factories.user(username=f"member{n}")
        camp = factories.camp(name=f"Stable {n}")
        w.division.fighters.add(factories.fighter(camp=camp))
        membership_add(actor=w.commissioner, league=w.league, username=f"member{n}", camp=camp)
    assert count() == before


@pytest.mark.parametrize("role", ROLES)
def test_the_managers_page_is_for_the_leagues_own_people(w, role):
    """Issue 30: as GET /api/memberships/, who plays a league is for its managers,
    its commissioners and staff."""
    answer = client_of(w, role).get(f"/leagues/{w.league.slug}/managers/")
    if role in ("owner", "other_manager", "commissioner", "staff"):
        assert answer.status_code == 200 and b"rival" in answer.content
    else:
        assert answer.status_code in (302, 403), answer.status_code
        assert b"rival" not in answer.content
