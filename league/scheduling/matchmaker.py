"""The matchmaker: pairs close-ranked fighters for a card.

It is given candidates in ranking order (best first) with what it must respect:
whether each is available on the card's date (not retired, not under a medical
suspension that runs on or past that date) and whom each has met recently. It
walks down the ranking and gives each unpaired available fighter the
closest-ranked unpaired available fighter they have not met recently, within
``max_rank_gap`` places. The better-ranked fighter takes the red corner.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Candidate:
    id: Hashable
    suspended_until: dt.date | None = None  # the last day of a medical suspension
    retired: bool = False

    def available_on(self, date: dt.date) -> bool:
        if self.retired:
            return False
        return self.suspended_until is None or self.suspended_until < date


@dataclass
class Matchmaking:
    pairs: list[tuple[Hashable, Hashable]] = field(default_factory=list)  # (red, blue)
    unavailable: list[Hashable] = field(default_factory=list)
    unmatched: list[Hashable] = field(default_factory=list)


def matchmake(
    ranking: Sequence[Candidate],
    *,
    date: dt.date,
    recent: Iterable[tuple[Hashable, Hashable]] = (),
    max_rank_gap: int | None = None,
    max_pairs: int | None = None,
) -> Matchmaking:
    """Pairs for a card on ``date``. ``recent`` lists pairs who met recently (in
    either corner) and must not be matched again; ``max_rank_gap`` bounds how
    far apart (in places among the available) two opponents may be."""
    met = {frozenset(p) for p in recent}
    out = Matchmaking()
    pool = []
    for c in ranking:
        (pool if c.available_on(date) else out.unavailable).append(c.id)
    taken: set = set()
    for i, fighter in enumerate(pool):
        if fighter in taken:
            continue
        if max_pairs is not None and len(out.pairs) >= max_pairs:
            break
        for j in range(i + 1, len(pool)):
            if max_rank_gap is not None and j - i > max_rank_gap:
                break
            opponent = pool[j]
            if opponent in taken or frozenset((fighter, opponent)) in met:
                continue
            out.pairs.append((fighter, opponent))
            taken.update((fighter, opponent))
            break
    out.unmatched = [f for f in pool if f not in taken]
    return out
