"""The header offers each visitor only what he may use: no "Admin" link but for
staff, no "Console" link but for a user who runs a league (or may create one)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tests.api import factories

pytestmark = pytest.mark.django_db


def header_links(client):
    response = client.get("/")
    assert response.status_code == 200
    header = response.content.decode().split("</header>")[0]
    return {
        "admin": 'href="/admin/"' in header,
        "console": 'href="/console/"' in header,
        "desk": 'href="/desk/"' in header,
    }


def signed_in(client, **fields):
    user = get_user_model().objects.create_user(username="visitor", password="x", **fields)
    client.force_login(user)
    return user


def test_an_anonymous_visitor_sees_neither_admin_nor_console(client):
    assert header_links(client) == {"admin": False, "console": False, "desk": False}


def test_a_plain_user_or_manager_sees_his_desk_but_no_console_nor_admin(client):
    signed_in(client)
    assert header_links(client) == {"admin": False, "console": False, "desk": True}


def test_a_commissioner_sees_the_console_but_not_the_admin(client):
    user = signed_in(client)
    factories.league(name="His League").commissioners.add(user)
    assert header_links(client) == {"admin": False, "console": True, "desk": True}


def test_a_user_allowed_to_create_leagues_sees_the_console(client):
    user = signed_in(client)
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    assert header_links(client)["console"] is True


def test_staff_see_admin_and_console(client):
    signed_in(client, is_staff=True)
    assert header_links(client) == {"admin": True, "console": True, "desk": True}
