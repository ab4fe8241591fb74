"""Ladders and ladder challenges through the API: anyone reads; writes per role
(anonymous, a plain user, a manager for his own and for another's fighter,
another league's commissioner, the commissioner, staff); fixed query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.ladders.models import ChallengeStatus, LadderChallenge
from league.ladders.services import ladder_create
from tests.api import factories
from tests.api.managers import world

from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    factories.reset()
    w = world()
    # Top to bottom: Bolt 0, Bolt 1, Free Agent, Ace 0, Ace 1 (Ace: the owner's camp).
    w.ladder = ladder_create(
        user=w.commissioner,
        division=w.division,
        name="Middle ladder",
        reach=2,
        fighters=[*w.theirs, w.free, *w.mine],
    )
    return w


def _refused(response):
    return response.status_code in (401, 403)


def test_anyone_reads_ladders_and_challenges(w):
    client = APIClient()
    listed = client.get("/api/ladders/", {"division": w.division.pk})
    assert listed.status_code == 200 and listed.json()["results"][0]["name"] == "Middle ladder"
    detail = client.get(f"/api/ladders/{w.ladder.pk}/").json()
    assert [r["fighter_name"] for r in detail["rungs"]] == [
        "Bolt 0",
        "Bolt 1",
        "Free Agent",
        "Ace 0",
        "Ace 1",
    ]
    assert client.get("/api/ladder-challenges/", {"ladder": w.ladder.pk}).status_code == 200


def test_only_the_commissioner_and_staff_make_ladders(w):
    body = {"division": w.division.pk, "reach": 2, "size": 4}
    assert _refused(APIClient().post("/api/ladders/", body, format="json"))
    for user in (w.plain, w.owner, w.outsider):
        assert as_user(user).post("/api/ladders/", body, format="json").status_code == 403
    made = as_user(w.commissioner).post("/api/ladders/", body, format="json")
    assert made.status_code == 201 and len(made.json()["rungs"]) == 4
    assert as_user(w.staff).post("/api/ladders/", body, format="json").status_code == 201
    bad = as_user(w.commissioner).post("/api/ladders/", {**body, "reach": 11}, format="json")
    assert bad.status_code == 400 and "1 to 10" in bad.json()["reach"][0]


def _challenge(user, challenger, defender, ladder):
    client = as_user(user) if user is not None else APIClient()
    return client.post(
        "/api/ladder-challenges/",
        {"ladder": ladder.pk, "challenger": challenger.pk, "defender": defender.pk},
        format="json",
    )


def test_challenges_per_role(w):
    assert _refused(_challenge(None, w.mine[0], w.free, w.ladder))
    assert _challenge(w.plain, w.mine[0], w.free, w.ladder).status_code == 403
    assert _challenge(w.outsider, w.mine[0], w.free, w.ladder).status_code == 403
    # A manager for another camp's fighter: refused; for his own: booked.
    other = _challenge(w.owner, w.theirs[1], w.theirs[0], w.ladder)
    assert other.status_code == 403 and "not a fighter of your camp" in other.json()["detail"]
    own = _challenge(w.owner, w.mine[0], w.free, w.ladder)
    assert own.status_code == 201, own.content
    assert own.json()["words"] == "Ace 0 (4th) challenges Free Agent (3rd)"
    assert own.json()["date"] and own.json()["status"] == "open"
    assert not LadderChallenge.objects.exclude(pk=own.json()["id"]).exists()
    # The ladder's rules, in words beside the field.
    busy = _challenge(w.commissioner, w.mine[1], w.mine[0], w.ladder)
    assert busy.status_code == 400 and "Ace 0 already has an open challenge" in str(busy.json())
    made = _challenge(w.commissioner, w.theirs[1], w.theirs[0], w.ladder)
    assert made.status_code == 201, made.content
    # Withdrawing: the commissioner and staff only.
    url = f"/api/ladder-challenges/{made.json()['id']}/withdraw/"
    assert _refused(APIClient().post(url, {"reason": "x"}, format="json"))
    for user in (w.plain, w.owner, w.outsider):
        assert as_user(user).post(url, {"reason": "x"}, format="json").status_code == 403
    done = as_user(w.staff).post(url, {"reason": "a cut in sparring"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == ChallengeStatus.CANCELLED
    again = _challenge(w.staff, w.theirs[1], w.theirs[0], w.ladder)
    assert again.status_code == 201


def test_a_ladder_closed_to_managers_refuses_them(w):
    w.ladder.managers_challenge = False
    w.ladder.save()
    refused = _challenge(w.owner, w.mine[0], w.free, w.ladder)
    assert refused.status_code == 403 and "Only the commissioners" in refused.json()["detail"]


def test_reads_cost_the_same_with_more_rows(w):
    client = APIClient()

    def count(url):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx)

    urls = ["/api/ladders/", f"/api/ladders/{w.ladder.pk}/", "/api/ladder-challenges/"]
    _challenge(w.commissioner, w.mine[0], w.free, w.ladder)
    before = [count(u) for u in urls]
    for _ in range(2):
        ladder_create(user=w.commissioner, division=w.division, reach=2)
    _challenge(w.commissioner, w.theirs[1], w.theirs[0], w.ladder)
    assert [count(u) for u in urls] == before
