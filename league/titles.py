"""Title lineage: a belt per division, replayed from the division's bouts.

Pure Python (no Django). ``lineage`` walks the division's completed bouts in
chronological order and returns the reigns. The rules:

- A title bout for a vacant belt crowns its winner; a draw leaves it vacant.
- A title bout with the champion in it is a defence: the champion keeps the belt
  on a win or a draw (both count as a defence) and loses it on a defeat, the
  winner starting a new reign at once.
- A title bout without the champion (the belt being held) is an eliminator and
  changes nothing.
- Before each bout (as of its date), and once more after the last, the champion
  is stripped ("vacated") for
  * retirement: the fighter's retirement date, if on or before that date;
  * a long medical suspension: one of at least ``suspension_days`` days, from a
    bout fought after the reign began (or unlinked and starting during it);
  * inactivity: no bout in the division for more than ``inactivity_days``
    (vacated on the day the limit passes).
  The earliest applicable reason wins.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

LOST = "lost"
RETIRED = "retired"
SUSPENDED = "suspended"
INACTIVE = "inactive"
END_REASONS = (LOST, RETIRED, SUSPENDED, INACTIVE)


@dataclass(frozen=True)
class BoutLine:
    bout_id: int
    date: dt.date
    red: Hashable
    blue: Hashable
    winner: str | None  # "red" | "blue" | None
    is_title: bool


@dataclass(frozen=True)
class Suspension:
    competitor: Hashable
    starts_on: dt.date
    ends_on: dt.date
    bout_id: int | None = None

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days


@dataclass(frozen=True)
class VacatingRules:
    inactivity_days: int = 365
    suspension_days: int = 180


@dataclass
class Reign:
    competitor: Hashable
    number: int
    started_on: dt.date
    start_bout: int | None
    ended_on: dt.date | None = None
    end_bout: int | None = None
    end_reason: str = ""
    defences: int = 0

    @property
    def current(self) -> bool:
        return self.ended_on is None


def lineage(
    bouts: Sequence[BoutLine],
    *,
    retirements: dict[Hashable, dt.date] | None = None,
    suspensions: Sequence[Suspension] = (),
    rules: VacatingRules = VacatingRules(),
    horizon: dt.date | None = None,
) -> list[Reign]:
    """``horizon``: the date the final check is made as of (default: the last
    bout's date) — the division's latest bout when ``bouts`` is a subset."""
    retirements = retirements or {}
    reigns: list[Reign] = []
    position: dict[int, int] = {}  # bout id -> chronological index
    last_bout: dict[Hashable, dt.date] = {}
    start_index = -1
    last_date = horizon if horizon is not None else (bouts[-1].date if bouts else None)

    def vacate(as_of: dt.date | None) -> None:
        """Strip the champion if a vacating reason has come up by ``as_of``
        (``None``: after the last bout, with everything known)."""
        if not reigns or not reigns[-1].current:
            return
        reign = reigns[-1]
        champ = reign.competitor
        found: list[tuple[dt.date, str]] = []
        retired = retirements.get(champ)
        if (
            retired is not None
            and retired >= reign.started_on
            and (as_of is None or retired <= as_of)
        ):
            found.append((retired, RETIRED))
        for s in suspensions:
            if s.competitor != champ or s.days < rules.suspension_days:
                continue
            if s.bout_id is not None:
                applies = position.get(s.bout_id, -1) > start_index
            else:
                applies = s.starts_on >= reign.started_on and (as_of is None or s.starts_on < as_of)
            if applies:
                found.append((max(s.starts_on, reign.started_on), SUSPENDED))
        active = max(last_bout.get(champ, reign.started_on), reign.started_on)
        limit = active + dt.timedelta(days=rules.inactivity_days)
        until = as_of if as_of is not None else last_date
        if until is not None and limit < until:
            found.append((limit, INACTIVE))
        if found:
            first = min(found, key=lambda f: (f[0], END_REASONS.index(f[1])))
            reign.ended_on, reign.end_reason = first

    for index, bout in enumerate(bouts):
        vacate(bout.date)
        position[bout.bout_id] = index
        if bout.is_title:
            holder = reigns[-1].competitor if reigns and reigns[-1].current else None
            winner = {"red": bout.red, "blue": bout.blue}.get(bout.winner)
            if holder is None:
                if winner is not None:
                    reigns.append(Reign(winner, len(reigns) + 1, bout.date, bout.bout_id))
                    start_index = index
            elif holder in (bout.red, bout.blue):
                if winner is None or winner == holder:
                    reigns[-1].defences += 1
                else:
                    reigns[-1].ended_on = bout.date
                    reigns[-1].end_bout = bout.bout_id
                    reigns[-1].end_reason = LOST
                    reigns.append(Reign(winner, len(reigns) + 1, bout.date, bout.bout_id))
                    start_index = index
        last_bout[bout.red] = bout.date
        last_bout[bout.blue] = bout.date
    vacate(None)
    return reigns


def champion(reigns: Sequence[Reign]) -> Hashable | None:
    return reigns[-1].competitor if reigns and reigns[-1].current else None
