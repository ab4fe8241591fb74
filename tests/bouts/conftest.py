import pytest

from tests.bouts import factories


@pytest.fixture
def ruleset():
    return factories.one_on_one_ruleset()


@pytest.fixture
def officials(db):
    return factories.make_officials()


@pytest.fixture
def league_event(db, ruleset):
    from league.models import Event, League

    league = League.objects.create(
        name="Test League", slug="test-league", ruleset=ruleset, start_date=factories.DAY
    )
    return Event.objects.create(league=league, name="Fight Night 1", date=factories.DAY)


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run on-commit callbacks (the task enqueue) as a real commit would."""

    def run(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return run
