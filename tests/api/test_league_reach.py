"""No commissioner reaches another league (issue 30, High): rosters, fighter
creation and camp ownership, end to end through the API and the console, and
role by role."""

from types import SimpleNamespace

import pytest
from django.test import Client
from rest_framework.test import APIClient

from fighters.models import Camp, Fighter
from league.models import Division, LeagueMembership

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "plain", "manager", "other_commissioner", "commissioner", "staff"]


@pytest.fixture
def w():
    """League B (commissioner ``b_comm``) whose camp ``camp_b`` (managed by
    ``b_manager``) has two fighters on B's roster; league C (``c_comm``) with
    its own camp and fighter, and a manager of his choosing (``c_manager``);
    league A (``a_comm``) with a fighter; a free agent."""
    b_comm, c_comm, a_comm = factories.user(), factories.user(), factories.user()
    b_manager, c_manager = factories.user(username="bee"), factories.user(username="sea")
    plain, staff = factories.user(), factories.user(staff=True)
    league_b = factories.league(commissioners=[b_comm])
    league_c = factories.league(commissioners=[c_comm])
    league_a = factories.league(commissioners=[a_comm])
    camp_b = factories.camp(name="Camp B")
    Camp.objects.filter(pk=camp_b.pk).update(owner=b_manager, manager="bee")
    camp_b.refresh_from_db()
    b_fighters = [factories.fighter(camp=camp_b, name=f"B{n}") for n in range(2)]
    division_b = factories.division(league=league_b, fighters=b_fighters)
    camp_c = factories.camp(name="Camp C")
    c_fighter = factories.fighter(camp=camp_c, name="C0")
    division_c = factories.division(league=league_c, fighters=[c_fighter])
    c_spare = factories.division(league=league_c, weight_class="welterweight")
    a_fighter = factories.fighter(name="A0")
    factories.division(league=league_a, fighters=[a_fighter])
    LeagueMembership.objects.create(league=league_b, user=b_manager)
    LeagueMembership.objects.create(league=league_c, user=c_manager)
    return SimpleNamespace(**locals(), free=factories.fighter(name="Free Agent"))


def client_of(w, role):
    user = {
        "plain": w.plain,
        "manager": w.c_manager,
        "other_commissioner": w.b_comm,
        "commissioner": w.c_comm,
        "staff": w.staff,
    }.get(role)
    return APIClient() if user is None else as_user(user)


def roster_ids(division):
    return set(Division.objects.get(pk=division.pk).fighters.values_list("pk", flat=True))


def test_a_commissioner_cannot_take_another_leagues_camp_and_read_its_plans(w):
    """(a): rostering B's fighters, then giving their camp to his own manager."""
    c = as_user(w.c_comm)
    taken = c.patch(
        f"/api/divisions/{w.division_c.pk}/",
        {"fighters": [w.c_fighter.pk, *[f.pk for f in w.b_fighters]]},
        format="json",
    )
    assert taken.status_code == 400, taken.content
    assert "B0 belongs to a league you do not commission" in taken.json()["fighters"][0]
    assert roster_ids(w.division_c) == {w.c_fighter.pk}
    given = c.post(
        "/api/memberships/assign-camp/",
        {"league": w.league_c.pk, "camp": w.camp_b.pk, "username": "sea"},
        format="json",
    )
    assert given.status_code == 400, given.content  # the camp does not play in C
    # Even once staff has placed one of its fighters in C too, the camp plays
    # in B as well: C's commissioner may not give it away.
    as_user(w.staff).patch(
        f"/api/divisions/{w.c_spare.pk}/", {"fighters": [w.b_fighters[0].pk]}, format="json"
    )
    given = c.post(
        "/api/memberships/assign-camp/",
        {"league": w.league_c.pk, "camp": w.camp_b.pk, "username": "sea"},
        format="json",
    )
    assert given.status_code == 403, given.content
    assert Camp.objects.get(pk=w.camp_b.pk).owner == w.b_manager
    plans = as_user(w.c_manager).get("/api/standing-plans/").json()
    assert plans == []
    # League B's commissioner still edits his fighter; C's never did.
    b_fighter = f"/api/fighters/{w.b_fighters[1].pk}/"
    assert as_user(w.b_comm).patch(b_fighter, {"nickname": "Ours"}).status_code == 200
    assert c.patch(b_fighter, {"nickname": "Theirs"}).status_code == 403


def test_a_commissioner_cannot_plant_a_fighter_in_another_leagues_camp(w):
    """(b): a fighter created in league B's camp by league A's commissioner."""
    made = as_user(w.a_comm).post(
        "/api/fighters/",
        {"name": "Trojan", "weight_class": "middleweight", "camp": w.camp_b.pk},
        format="json",
    )
    assert made.status_code == 403, made.content
    assert not Fighter.objects.filter(name="Trojan").exists()


def test_a_new_division_cannot_take_another_leagues_fighters(w):
    """(c): a division of C created with league A's fighters."""
    made = as_user(w.c_comm).post(
        "/api/divisions/",
        {
            "league": w.league_c.pk,
            "weight_class": "flyweight",
            "name": "Stolen",
            "fighters": [w.a_fighter.pk],
        },
        format="json",
    )
    assert made.status_code == 400, made.content
    assert not Division.objects.filter(name="Stolen").exists()
    # A's commissioner still sees and edits his fighter.
    assert (
        as_user(w.a_comm).patch(f"/api/fighters/{w.a_fighter.pk}/", {"nickname": "Ours"})
    ).status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_roster_writes_role_by_role(w, role):
    client = client_of(w, role)
    # His own league's fighter, from another of its divisions: the commissioner's.
    own = client.patch(
        f"/api/divisions/{w.c_spare.pk}/", {"fighters": [w.c_fighter.pk]}, format="json"
    )
    # Another league's fighter and a free agent: staff's only.
    foreign = client.patch(
        f"/api/divisions/{w.division_c.pk}/",
        {"fighters": [w.c_fighter.pk, w.b_fighters[0].pk]},
        format="json",
    )
    free = client.patch(
        f"/api/divisions/{w.division_c.pk}/",
        {"fighters": [w.c_fighter.pk, w.free.pk]},
        format="json",
    )
    if role in ("anonymous", "plain", "manager", "other_commissioner"):
        assert {own.status_code, foreign.status_code, free.status_code} <= {401, 403}
        assert roster_ids(w.c_spare) == set()
        assert roster_ids(w.division_c) == {w.c_fighter.pk}
    elif role == "commissioner":
        assert own.status_code == 200, own.content
        assert roster_ids(w.c_spare) == {w.c_fighter.pk}
        assert (foreign.status_code, free.status_code) == (400, 400)
        assert "free agent" in free.json()["fighters"][0]
        assert roster_ids(w.division_c) == {w.c_fighter.pk}
    else:
        assert (own.status_code, foreign.status_code, free.status_code) == (200, 200, 200)
        assert roster_ids(w.division_c) == {w.c_fighter.pk, w.free.pk}


@pytest.mark.parametrize("role", ROLES)
def test_fighter_creation_role_by_role(w, role):
    client = client_of(w, role)
    answers = {
        camp.name: client.post(
            "/api/fighters/",
            {"name": f"New in {camp.name}", "weight_class": "middleweight", "camp": camp.pk},
            format="json",
        ).status_code
        for camp in (w.camp_c, w.camp_b)
    }
    made = set(Fighter.objects.filter(name__startswith="New in").values_list("name", flat=True))
    if role in ("anonymous", "plain", "manager"):
        assert set(answers.values()) <= {401, 403} and made == set()
    elif role == "commissioner":
        assert answers == {"Camp C": 201, "Camp B": 403}
        assert made == {"New in Camp C"}
    elif role == "other_commissioner":
        assert answers == {"Camp C": 403, "Camp B": 201}
    else:
        assert answers == {"Camp C": 201, "Camp B": 201}


@pytest.mark.parametrize("role", ROLES)
def test_camp_ownership_role_by_role(w, role):
    """Camp B plays in B and (placed by staff) in C: only staff, or who runs both."""
    w.c_spare.fighters.add(w.b_fighters[0])
    answer = client_of(w, role).post(
        "/api/memberships/assign-camp/",
        {"league": w.league_c.pk, "camp": w.camp_b.pk, "username": "sea"},
        format="json",
    )
    owner = Camp.objects.get(pk=w.camp_b.pk).owner
    if role == "staff":
        assert answer.status_code == 200, answer.content
        assert owner == w.c_manager
    else:
        assert answer.status_code in (401, 403), answer.content
        assert owner == w.b_manager
    # A commissioner of both leagues may.
    w.league_b.commissioners.add(w.c_comm)
    assert (
        as_user(w.c_comm)
        .post(
            "/api/memberships/assign-camp/",
            {"league": w.league_c.pk, "camp": w.camp_b.pk, "username": "sea"},
            format="json",
        )
        .status_code
        == 200
    )


def test_adding_a_manager_cannot_hand_him_a_camp_of_another_league(w):
    Camp.objects.filter(pk=w.camp_b.pk).update(owner=None)
    w.c_spare.fighters.add(w.b_fighters[0])  # placed by staff
    factories.user(username="newcomer")
    answer = as_user(w.c_comm).post(
        "/api/memberships/",
        {"league": w.league_c.pk, "username": "newcomer", "camp": w.camp_b.pk},
        format="json",
    )
    assert answer.status_code == 403, answer.content
    assert Camp.objects.get(pk=w.camp_b.pk).owner is None
    assert not LeagueMembership.objects.filter(user__username="newcomer").exists()


def test_the_console_refuses_giving_away_another_leagues_camp(w):
    w.c_spare.fighters.add(w.b_fighters[0])  # placed by staff
    browser = Client()
    browser.force_login(w.c_comm)
    answer = browser.post(
        f"/leagues/{w.league_c.slug}/managers/",
        {"act": "assign", "assign-camp": w.camp_b.pk, "assign-username": "sea"},
    )
    assert answer.status_code == 403
    assert Camp.objects.get(pk=w.camp_b.pk).owner == w.b_manager
    # His own league's camp he gives.
    answer = browser.post(
        f"/leagues/{w.league_c.slug}/managers/",
        {"act": "assign", "assign-camp": w.camp_c.pk, "assign-username": "sea"},
    )
    assert answer.status_code == 302
    assert Camp.objects.get(pk=w.camp_c.pk).owner == w.c_manager


@pytest.mark.parametrize("role", ["anonymous", "plain", "manager", "commissioner", "staff"])
def test_membership_lists_only_for_the_leagues_members(w, role):
    answer = client_of(w, role).get("/api/memberships/")
    if role == "anonymous":
        assert answer.status_code in (401, 403)
        return
    names = {row["username"] for row in answer.json()["results"]}
    expected = {
        "plain": set(),
        "manager": {"sea"},
        "commissioner": {"sea"},
        "staff": {"sea", "bee"},
    }[role]
    assert names == expected


def test_an_invitation_cannot_claim_a_camp_of_another_league(w):
    Camp.objects.filter(pk=w.camp_b.pk).update(owner=None)
    w.c_spare.fighters.add(w.b_fighters[0])  # placed by staff: camp B plays in B and C
    invitation = as_user(w.c_comm).post(
        "/api/invitations/", {"league": w.league_c.pk, "days": 3}, format="json"
    )
    assert invitation.status_code == 201, invitation.content
    newcomer = factories.user(username="newcomer")
    answer = as_user(newcomer).post(
        "/api/invitations/accept/",
        {"token": invitation.json()["token"], "camp": w.camp_b.pk},
        format="json",
    )
    assert answer.status_code == 403, answer.content
    assert Camp.objects.get(pk=w.camp_b.pk).owner is None
    assert not LeagueMembership.objects.filter(user=newcomer).exists()
    # A camp of his league alone it claims.
    Camp.objects.filter(pk=w.camp_c.pk).update(owner=None)
    answer = as_user(newcomer).post(
        "/api/invitations/accept/",
        {"token": invitation.json()["token"], "camp": w.camp_c.pk},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    assert Camp.objects.get(pk=w.camp_c.pk).owner == newcomer
