"""bouts.services.firing: a night's bouts are shared by the workers (spread over
tasks), and firing leaves bouts that are not scheduled alone."""

import pytest

from bouts.models import Bout, BoutStatus
from bouts.services import scheduling
from bouts.services.firing import bouts_fire, night_batch_size

from .plan_rows import fight_night

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count, expected", [(1, 1), (8, 1), (32, 4), (63, 8), (1000, 50)])
def test_a_night_is_spread_over_the_workers(settings, count, expected):
    settings.BOUTS_NIGHT_TASKS = 8
    settings.BOUTS_BATCH_SIZE = 50
    assert night_batch_size(count) == expected


def test_firing_sends_the_night_in_batches_and_skips_what_is_not_scheduled(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.BOUTS_NIGHT_TASKS = 2
    sent = []
    monkeypatch.setattr(scheduling, "_send", lambda ids: sent.append(list(ids)))
    nights = [fight_night() for _ in range(3)]
    ids = [n.bout.pk for n in nights]
    Bout.objects.filter(pk=ids[2]).update(status=BoutStatus.FAILED)
    with django_capture_on_commit_callbacks(execute=True):
        fired = bouts_fire(bouts=ids)
    assert [b.pk for b in fired.queued] == ids[:2] and fired.postponed == []
    assert sent == [[ids[0]], [ids[1]]]
    assert Bout.objects.get(pk=ids[2]).status == BoutStatus.FAILED


def test_a_postponed_bout_is_not_queued_by_hand():
    from django.core.exceptions import ValidationError

    from bouts.services import bout_queue

    night = fight_night()
    Bout.objects.filter(pk=night.bout.pk).update(
        status=BoutStatus.POSTPONED, postponed_reason="suspended"
    )
    with pytest.raises(ValidationError, match="postponed"):
        bout_queue(bout=Bout.objects.get(pk=night.bout.pk))
    assert Bout.objects.get(pk=night.bout.pk).inputs is None
