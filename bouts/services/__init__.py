"""Bout writes (HackSoft-style services), one module per side of the pipeline:

- ``scheduling``: the request side — schedule (one bout or many at once), check
  without scheduling (``bouts_check``), queue,
  re-queue failed bouts, re-send lost or stale tasks;
- ``recording``: the worker side — claim, fight, record, fail, in batches;
- ``voiding``: void a completed bout's result;
- ``firing``: a fight night's bouts snapshotted and queued, or postponed;
  ``rebooking``: a postponed bout put on another night;
- ``plans``: the managers' fight plans (versions, standing plans);
- ``booking_run``: a run of bookings in one transaction (a play-until
  stretch): what it reads once and the rows it writes at its end;
- ``sides`` and ``careers``: what both sides share (building the engine sides
  of many bouts at once; careers as commutative counters).

The names below are the package's interface (what callers use).
"""

from bouts.services.booking_run import BookingRun
from bouts.services.rebooking import bout_rebook, bouts_rebook
from bouts.services.recording import (
    bout_fail,
    bout_record,
    bout_run,
    bouts_claim,
    bouts_fight,
    bouts_record,
    bouts_record_fought,
    bouts_run,
    fight_snapshots,
)
from bouts.services.scheduling import (
    BoutSpec,
    bout_queue,
    bout_schedule,
    bouts_check,
    bouts_queue,
    bouts_requeue_failed,
    bouts_resend,
    bouts_resend_stale,
    bouts_schedule,
)
from bouts.services.voiding import bout_void, can_void

__all__ = [
    "BookingRun",
    "BoutSpec",
    "bout_fail",
    "bout_queue",
    "bout_rebook",
    "bout_record",
    "bout_run",
    "bout_schedule",
    "bout_void",
    "bouts_check",
    "bouts_claim",
    "bouts_fight",
    "bouts_queue",
    "bouts_rebook",
    "bouts_record",
    "bouts_record_fought",
    "bouts_requeue_failed",
    "bouts_resend",
    "bouts_resend_stale",
    "bouts_run",
    "bouts_schedule",
    "can_void",
    "fight_snapshots",
]
