"""Regions of a career league, the plain rules (no database; docs/career.md).

- A region's ranking is the division's ranking with only that region's fighters,
  in the same order (the division's rating, nothing recomputed).
- The world title's **contenders** are every regional champion plus the best
  ``per_region`` others of each region's ranking (``League.contenders_per_region``),
  listed in the division's ranking order; the world champion is never his own
  contender, and a fighter without a region is never one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence


def regional_rankings(
    ranking: Sequence[Hashable], region_of: Mapping[Hashable, Hashable]
) -> dict[Hashable, list[Hashable]]:
    """region -> its fighters in the division's ranking order."""
    out: dict[Hashable, list[Hashable]] = defaultdict(list)
    for competitor in ranking:
        region = region_of.get(competitor)
        if region is not None:
            out[region].append(competitor)
    return dict(out)


def contenders(
    ranking: Sequence[Hashable],
    region_of: Mapping[Hashable, Hashable],
    regional_champions: Iterable[Hashable | None],
    per_region: int,
    *,
    world_champion: Hashable | None = None,
) -> list[Hashable]:
    """The world title's contenders, best-ranked first."""
    champions = {c for c in regional_champions if c is not None}
    promoted: dict[Hashable, int] = defaultdict(int)
    out = []
    for competitor in ranking:
        region = region_of.get(competitor)
        if competitor == world_champion or region is None:
            continue
        if competitor in champions:
            out.append(competitor)
        elif promoted[region] < per_region:
            promoted[region] += 1
            out.append(competitor)
    return out
