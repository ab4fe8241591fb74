"""Shared steps for the bout tests (eager Celery)."""

from bouts import services
from bouts.models import Bout
from tests.bouts import factories


def fight(ruleset, red, blue, *, date=factories.DAY, officials=None, **kwargs) -> Bout:
    """Schedule, queue and fight one bout now; returns it refreshed."""
    if officials:
        kwargs.setdefault("referee", officials["referee"])
        kwargs.setdefault("judges", officials["judges"])
    bout = services.bout_schedule(
        ruleset=ruleset, date=date, red=red, blue=blue, queue=False, **kwargs
    )
    services.bout_queue(bout=bout)
    services.bout_run(bout_id=bout.pk)
    return Bout.objects.get(pk=bout.pk)
