"""The demo's accounts: a commissioner of the demo leagues and a superuser for the
admin, with well-known passwords so that anyone trying `make demo` can sign in at
once. Created only in the embedded demo database (SQLite): a well-known password
must never reach a production database."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.db import connection, transaction

COMMISSIONER = ("commissioner", "ringside-demo")
SUPERUSER = ("admin", "ringside-admin")


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    role: str  # what the account may do, in words


def demo_database() -> bool:
    """True in the embedded default (SQLite), the only place demo accounts go."""
    return connection.vendor == "sqlite"


@transaction.atomic
def demo_accounts_ensure(*, leagues) -> list[DemoAccount]:
    """The demo commissioner (of every league in ``leagues``) and the demo
    superuser, created when missing; an existing account keeps its password.
    Refused (PermissionDenied) outside the embedded demo database."""
    if not demo_database():
        raise PermissionDenied(
            "demo accounts are created only in the embedded demo database (SQLite)"
        )
    users = get_user_model()
    username, password = COMMISSIONER
    commissioner = users.objects.filter(username=username).first()
    if commissioner is None:
        commissioner = users(username=username)
        commissioner.set_password(password)
        commissioner.full_clean()
        commissioner.save()
    for league in leagues:
        league.commissioners.add(commissioner)
    # ... and may start a league of his own from the console.
    commissioner.user_permissions.add(Permission.objects.get(codename="add_league"))
    username, password = SUPERUSER
    if not users.objects.filter(username=username).exists():
        admin = users(username=username, is_staff=True, is_superuser=True)
        admin.set_password(password)
        admin.full_clean()
        admin.save()
    names = ", ".join(league.name for league in leagues) or "no league yet"
    return [
        DemoAccount(*COMMISSIONER, role=f"commissioner of {names} (may create leagues)"),
        DemoAccount(*SUPERUSER, role="superuser (the admin)"),
    ]
