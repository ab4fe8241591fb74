"""events.py: an event made from the kept templates equals the dict display it replaces."""

from bouts.engine.skirmish.events import (
    CACHED_CYCLES,
    CACHED_STEPS,
    NO_ROW,
    PICKS,
    STAMPS,
    event_at,
    row_for,
)


def display(cycle, step, pick):
    kind, side = PICKS[pick]
    return {"round": cycle, "clock": STAMPS[step], "kind": kind, "side": side, "text": None}


def test_every_kept_and_unkept_step_gives_the_display_in_its_order():
    for cycle in (0, 1, 2, CACHED_CYCLES, CACHED_CYCLES + 1, 100, 250):
        row = row_for(cycle)
        assert (row is NO_ROW) == (cycle > CACHED_CYCLES)
        for step in (0, 1, 5, CACHED_STEPS, CACHED_STEPS + 1, 719):
            for pick in range(6):
                event = event_at(row, cycle, step, pick)
                assert list(event.items()) == list(display(cycle, step, pick).items())
                if step <= CACHED_STEPS and row is not NO_ROW:
                    # kept: the row now holds the step, and a copy is handed out
                    assert row[step][pick] == event and row[step][pick] is not event


def test_a_copy_changed_leaves_its_template_alone():
    row = row_for(1)
    event = event_at(row, 1, 3, 0)
    event["text"] = "changed"
    assert row[3][0]["text"] is None
    assert len(row) <= CACHED_STEPS + 1
