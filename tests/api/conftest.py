import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from . import factories


@pytest.fixture(autouse=True)
def _fresh_rows_and_throttles(monkeypatch):
    factories.reset()
    # Throttle counters live in the cache, which outlives a test; on the
    # production-like stack that cache is the Redis the Celery broker uses, so
    # give the throttles a private cache instead of clearing the shared one.
    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache(f"throttles-{uuid.uuid4()}", {}))


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def staff(db):
    return factories.user(staff=True)


@pytest.fixture
def plain_user(db):
    return factories.user()


@pytest.fixture
def commissioner(db):
    return factories.user()


@pytest.fixture
def own_league(db, commissioner):
    return factories.league(commissioners=[commissioner])


@pytest.fixture
def other_league(db):
    return factories.league()


def as_user(user):
    client = APIClient()
    client.force_authenticate(user)
    return client
