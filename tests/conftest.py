"""Suite-wide fixtures.

Two stacks run this suite (see .ci/run): PostgreSQL + Redis, and the embedded
SQLite + eager default. Tests run Celery tasks eagerly unless marked
``services`` (those start a real worker and need PostgreSQL and Redis).
"""

import importlib
import os

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# CI runs are reproducible: the same examples every run (a failure found once is
# found again), no example database carried between runs. No deadline and no
# "too slow" health check: those are timings, and on a shared two-core machine a
# loaded moment failed a correct test (test_flatten_round_trip); speed is bench/'s.
hypothesis_settings.register_profile(
    "ringside",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ringside"))

REQUIRE_SERVICES = os.environ.get("RINGSIDE_REQUIRE_SERVICES") == "1"


def services_available() -> bool:
    from django.conf import settings

    return bool(settings.REDIS_URL) and settings.DATABASES["default"]["ENGINE"].endswith(
        "postgresql"
    )


def pytest_collection_modifyitems(config, items):
    if services_available():
        return
    if REQUIRE_SERVICES:
        # CI asked for the real services: a test that needs them must not skip.
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
    for item in items:
        if "services" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _celery_eager_unless_services(request):
    """Eager Celery for ordinary tests, whatever the stack; real broker for
    ``services`` tests."""
    from league.celery import app

    eager = "services" not in request.keywords
    old = (app.conf.task_always_eager, app.conf.task_eager_propagates)
    app.conf.task_always_eager = eager
    app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = old


@pytest.fixture(autouse=True)
def _signin_limits_only_where_tested(request, settings):
    """django-axes counts failed sign-ins, and its backend refuses an
    ``authenticate()`` without a request (the test client's ``login()``): it is
    on only in the tests about it (marked ``axes``)."""
    settings.AXES_ENABLED = "axes" in request.keywords


@pytest.fixture(autouse=True)
def _fighter_list_pages_of_this_test_only():
    """The fighter list's cached pages live in the cache (Redis on the services
    stack), which outlives a test's rolled-back database: each test starts from
    a new generation, so no page of an earlier test is served."""
    from fighters import list_cache

    list_cache.reset()


@pytest.fixture(autouse=True)
def _public_reads_of_this_test_only(monkeypatch):
    """Likewise the public reads kept per generation (core.read_cache); and a page
    asked for again right after a change is built for the request that asks
    (production may answer it with the last one and build the new one behind
    it: tests/web/test_read_cache.py tests that), so a browser test that reloads
    a page after a change sees it at once."""
    from core import read_cache

    read_cache.reset()
    monkeypatch.setattr(read_cache, "_behind", lambda request, viewer: False)


@pytest.fixture(autouse=True)
def _fresh_password_reset_counters(monkeypatch):
    """The password reset limits count in the cache, which outlives a test (on
    the production-like stack it is the shared Redis): a private one per test."""
    import uuid

    from django.core.cache.backends.locmem import LocMemCache

    from league import password_reset

    monkeypatch.setattr(password_reset, "cache", LocMemCache(f"resets-{uuid.uuid4()}", {}))


@pytest.fixture(autouse=True)
def _migrations_officials_in_transactional_tests(request):
    """A transactional test empties every table when it ends, the officials the
    migrations load among them (the rule book's referees, the judges, the doctors):
    each transactional test starts with them loaded again, as a test run alone finds
    them, so it fights the same way whatever ran before it (a bout with no officials
    is fought by other rules)."""
    marker = request.node.get_closest_marker("django_db")
    transactional = (
        marker is not None
        and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences"))
    ) or bool({"transactional_db", "live_server"} & set(request.fixturenames))
    if not transactional:
        return
    request.getfixturevalue("transactional_db")
    from django.apps import apps

    from referees.models import Referee

    if not Referee.objects.exists():
        officials = importlib.import_module(
            "referees.migrations.0002_title_bout_referees_and_officials"
        )
        officials.load(apps, None)
