import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from . import factories


@pytest.fixture(autouse=True)
def _fresh_throttles():
    # Throttle counters live in the cache, which outlives a test.
    factories.reset()
    cache.clear()
    yield
    cache.clear()


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
