import random
from types import SimpleNamespace

import pytest

from referees.availability import draw_available, is_available
from referees.models import Referee


def test_is_available_bounds():
    assert is_available(low=1, high=40, draw=1)
    assert is_available(low=1, high=40, draw=40)
    assert not is_available(low=1, high=40, draw=41)


def test_draw_available_is_seeded_and_follows_the_range():
    busy = SimpleNamespace(name="busy", available_low=1, available_high=10)
    free = SimpleNamespace(name="free", available_low=1, available_high=70)
    picks = [draw_available([busy, free], random.Random(s)).name for s in range(400)]
    assert picks == [draw_available([busy, free], random.Random(s)).name for s in range(400)]
    # the freer referee takes most bouts, the busy one some
    assert picks.count("free") > 3 * picks.count("busy") > 0
    assert draw_available([], random.Random(1)) is None


@pytest.mark.django_db
def test_book_referees_availability_frequencies():
    lane = Referee.objects.get(name="Mills Lane")  # 1-40
    mora = Referee.objects.get(name="Russell Mora")  # 1-71
    rng = random.Random(3)
    draws = [rng.randint(1, 80) for _ in range(8000)]
    lane_rate = sum(is_available(low=1, high=lane.available_high, draw=d) for d in draws) / 8000
    mora_rate = sum(is_available(low=1, high=mora.available_high, draw=d) for d in draws) / 8000
    assert abs(lane_rate - 40 / 80) < 0.03
    assert abs(mora_rate - 71 / 80) < 0.03
