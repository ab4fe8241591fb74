"""/api/bout-requests/: every write for each role; bad input is a 400 that
changes nothing; only the request's parties read it."""

import pytest
from rest_framework.test import APIClient

from bouts.models import Bout
from fighters.services import fighter_retire
from league.models import BoutRequest, RequestStatus
from league.services.bout_requests import request_answer, request_create

from . import managers
from .conftest import as_user

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "other_manager", "owner", "staff"]


@pytest.fixture
def w():
    return managers.world()


def client_of(w, role):
    return APIClient() if role == "anonymous" else as_user(getattr(w, role))


def _ask(w):
    return request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])


# Who may do what: (action, roles allowed).
ALLOWED = {
    "create": {"owner", "staff"},
    "accept": {"other_manager", "staff"},
    "decline": {"other_manager", "staff"},
    "withdraw": {"owner", "staff"},
    "approve": {"staff"},  # and the league's commissioner (below)
    "refuse": {"staff"},
}


@pytest.mark.parametrize("role", ROLES)
def test_create(w, role):
    answer = client_of(w, role).post(
        "/api/bout-requests/",
        {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk, "message": "hi"},
        format="json",
    )
    if role in ALLOWED["create"]:
        assert answer.status_code == 201, answer.content
        assert answer.json()["status"] == "pending"
        assert answer.json()["opponent_name"] == w.theirs[0].name
    else:
        assert answer.status_code in (401, 403), answer.content
        assert not BoutRequest.objects.exists()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("act", ["accept", "decline", "withdraw"])
def test_answers_and_withdrawal(w, role, act):
    asked = _ask(w)
    answer = client_of(w, role).post(f"/api/bout-requests/{asked.pk}/{act}/", {}, format="json")
    status = BoutRequest.objects.get(pk=asked.pk).status
    if role in ALLOWED[act]:
        assert answer.status_code == 200, answer.content
        assert status == {"accept": "accepted", "decline": "declined", "withdraw": "withdrawn"}[act]
    else:
        assert answer.status_code in (401, 403), answer.content
        assert status == RequestStatus.PENDING


@pytest.mark.parametrize("role", [*ROLES, "commissioner"])
@pytest.mark.parametrize("act", ["approve", "refuse"])
def test_commissioner_decisions(w, role, act):
    asked = _ask(w)
    request_answer(user=w.other_manager, bout_request=asked, accept=True)
    answer = client_of(w, role).post(
        f"/api/bout-requests/{asked.pk}/{act}/", {"event": w.event.pk}, format="json"
    )
    row = BoutRequest.objects.get(pk=asked.pk)
    if role in ALLOWED[act] or role == "commissioner":
        assert answer.status_code == 200, answer.content
        assert row.status == {"approve": "approved", "refuse": "refused"}[act]
        assert Bout.objects.count() == (1 if act == "approve" else 0)
    else:
        assert answer.status_code in (401, 403), answer.content
        assert row.status == RequestStatus.ACCEPTED and not Bout.objects.exists()


def test_an_ineligible_request_is_a_400_naming_the_field(w):
    fighter_retire(fighter=w.theirs[0])
    answer = as_user(w.owner).post(
        "/api/bout-requests/",
        {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json() == {"opponent": [f"{w.theirs[0].name} is retired."]}
    assert not BoutRequest.objects.exists()


@pytest.mark.parametrize(
    "body, field",
    [
        ({"fighter": None, "opponent": 1}, "fighter"),
        ({"fighter": 10**9, "opponent": 1}, "fighter"),
        ({"fighter": "x", "within": 3}, "fighter"),
        ({"within": 0}, "within"),
        ({"within": 21}, "within"),
        ({"message": "x" * 301}, "message"),
    ],
)
def test_bad_bodies_are_400s(w, body, field):
    body = {"fighter": w.mine[0].pk, **body} if "fighter" not in body else body
    answer = as_user(w.owner).post("/api/bout-requests/", body, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    assert not BoutRequest.objects.exists()


def test_a_stranger_cannot_read_a_request(w):
    asked = _ask(w)
    assert as_user(w.outsider).get(f"/api/bout-requests/{asked.pk}/").status_code == 404
    assert as_user(w.outsider).get("/api/bout-requests/").json()["count"] == 0
    for role in ("owner", "other_manager", "commissioner", "staff"):
        assert as_user(getattr(w, role)).get(f"/api/bout-requests/{asked.pk}/").status_code == 200
    assert APIClient().get("/api/bout-requests/").status_code in (401, 403)


def test_list_in_fixed_queries(w, django_assert_num_queries):
    from tests.api import factories

    for n in range(6):
        mine = factories.fighter(camp=w.camp_a, name=f"Extra A{n}")
        theirs = factories.fighter(camp=w.camp_b, name=f"Extra B{n}")
        w.division.fighters.add(mine, theirs)
        request_create(user=w.owner, fighter=mine, opponent=theirs)
    client = as_user(w.commissioner)
    # session-less auth: count, page, commissioned leagues
    with django_assert_num_queries(3):
        answer = client.get("/api/bout-requests/")
    assert answer.json()["count"] == 6
