"""A run of bookings in one transaction (a play-until stretch): read once,
written at its end, announced once."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from bouts import services, signals
from bouts.models import Bout, BoutStatus
from core.bulk import insert_rows, reserve_ids
from tests.bouts import factories

pytestmark = pytest.mark.django_db

DAY = factories.DAY


def spec(ruleset, red, blue, officials, **fields):
    return services.BoutSpec(
        ruleset=ruleset,
        date=DAY,
        red=red,
        blue=blue,
        referee=officials["referee"],
        judges=officials["judges"],
        doctor=officials["doctor"],
        **fields,
    )


def test_a_run_reads_cards_suspensions_and_plans_once_for_all_its_bookings(ruleset, officials):
    fighters = [factories.make_fighter(ruleset) for _ in range(4)]
    run = services.BookingRun(defer_writes=False)
    run.prime([f.pk for f in fighters], ruleset, DAY)
    with transaction.atomic():
        services.bouts_schedule(
            specs=[spec(ruleset, fighters[0], fighters[1], officials)], booking_run=run
        )
        with CaptureQueriesContext(connection) as queries:
            services.bouts_schedule(
                specs=[spec(ruleset, fighters[2], fighters[3], officials)], booking_run=run
            )
    read = " ".join(q["sql"] for q in queries.captured_queries)
    for table in ("fighters_ratingcard", "bouts_medicalsuspension", "bouts_defaultplan"):
        assert table not in read
    assert Bout.objects.filter(status=BoutStatus.QUEUED).count() == 2


def test_a_run_keeps_its_bouts_until_flushed_with_their_keys_given_at_once(ruleset, officials):
    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    run = services.BookingRun()
    with transaction.atomic():
        (bout,) = services.bouts_schedule(
            specs=[spec(ruleset, red, blue, officials)], booking_run=run
        )
        assert bout.pk is not None
        if connection.vendor == "postgresql":
            assert not Bout.objects.filter(pk=bout.pk).exists()  # not yet written
        run.flush()
        assert Bout.objects.get(pk=bout.pk).status == BoutStatus.QUEUED
        run.flush()  # nothing left to write
    assert Bout.objects.count() == 1


def test_a_refused_booking_leaves_nothing_in_the_run(ruleset, officials):
    from django.core.exceptions import ValidationError

    red, blue = factories.make_fighter(ruleset), factories.make_fighter(ruleset)
    run = services.BookingRun()
    with transaction.atomic():
        with pytest.raises(ValidationError):
            services.bouts_schedule(specs=[spec(ruleset, red, red, officials)], booking_run=run)
        services.bouts_schedule(specs=[spec(ruleset, red, blue, officials)], booking_run=run)
        run.flush()
    assert list(Bout.objects.values_list("red_id", "blue_id")) == [(red.pk, blue.pk)]


def test_signals_gathered_are_sent_once_without_the_facts_of_a_savepoint_rolled_back(
    django_capture_on_commit_callbacks,
):
    heard = []

    def listen(sender, bouts, **kwargs):
        heard.append([fact.id for fact in bouts])

    signals.scheduled.connect(listen)
    try:
        with (
            django_capture_on_commit_callbacks(execute=True),
            transaction.atomic(),
            signals.gathered(),
        ):
            signals.send_on_commit(signals.scheduled, [signals.BoutFact(1, None, None)])
            try:
                with transaction.atomic():
                    signals.send_on_commit(signals.scheduled, [signals.BoutFact(2, None, None)])
                    raise RuntimeError("rolled back")
            except RuntimeError:
                pass
            signals.send_on_commit(signals.scheduled, [signals.BoutFact(3, None, None)])
            assert heard == []
    finally:
        signals.scheduled.disconnect(listen)
    assert heard == [[1, 3]]


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_reserved_keys_are_kept_when_the_rows_are_written(ruleset):
    from referees.models import Referee

    ids = reserve_ids(Referee, 2)
    assert len(set(ids)) == 2
    rows = [Referee(pk=ids[1], name="Kept"), Referee(name="Drawn")]
    insert_rows(Referee, rows, with_ids=True)
    assert rows[0].pk == ids[1]
    assert rows[1].pk not in ids
    assert Referee.objects.get(pk=ids[1]).name == "Kept"
