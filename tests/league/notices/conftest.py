import pytest

from tests.api import factories
from tests.api.managers import world


@pytest.fixture
def w(db):
    factories.reset()
    w = world()
    for user in (w.owner, w.other_manager, w.commissioner):
        user.email = f"{user.username}@example.com"
        user.save(update_fields=["email"])
    return w
