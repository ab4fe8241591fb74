"""The ladders listen to the bouts app (connected in ``LeagueConfig.ready``, as
the league's other receivers): a challenge's bout recorded, voided, failed or
postponed settles its ladder (``services.ladder_settle``: the ranks replayed
from the fought challenges, so a second delivery changes nothing)."""

from __future__ import annotations

from bouts import signals
from league.ladders.services import ladders_settle_bouts


def on_bouts(sender, bouts, **kwargs) -> None:
    ladders_settle_bouts(fact.id for fact in bouts if fact.division_id is not None)


def connect() -> None:
    for name in ("recorded", "voided", "failed", "postponed"):
        getattr(signals, name).connect(on_bouts, dispatch_uid=f"league.ladders.{name}")
