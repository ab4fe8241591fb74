"""The weekly matchmaker of career leagues (docs/career.md): plain Python, no database.

Given a division's entrants in ranking order (best first) for one fight night, it
returns the week's pairs. The rules, as WeBL's scheduler played them:

1. **Never two of one camp** (hard), and **no rematch within the window**: two who
   met in the last N weeks are not paired again (hard too; a fighter with no one
   else left sits the week, listed in ``unmatched``).
2. **Title bout** (``title=True``): the champion meets the best-ranked entrant he
   may meet; a vacant title goes to the top two who may meet each other.
3. **An odd one out sits the week**, rotating: the entrant whose last week out is
   the longest ago (never is longest), then the lowest ranked; never the champion
   or a title challenger, and a new fighter only when everyone is new (WeBL gave a new
   fighter a bout within the week). Whoever sat out last week therefore fights.
4. The rest are paired **by ranking proximity**: down the ranking, each unpaired
   entrant meets the nearest-ranked unpaired entrant he may meet (of his own region
   first, when regions are on; then anyone's). A fighter the
   walk leaves alone is then fitted in by one swap (u meets b of a pair (a, b)
   whose a meets another leftover), so the constraints cost as few bouts as they can.

With regions (``contenders`` given): the world title challenger (or a vacant
title's pair) comes from the contenders only (league.scheduling.regions); then,
with ``regional_titles``, each region's title bout inside the region, the
regional champion against the best-ranked of his region he may meet (vacant: the
region's top two), regions in a fixed order. A champion busy with the world title,
or not entered this week, defends nothing regional that week.

Deterministic: the same entrants, history and seed give the same pairs (the seed
only breaks exact ties of ranking value, by a hash, never by set order).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entrant:
    id: Hashable
    camp: Hashable | None = None  # None: a free agent, in no camp
    value: float = 0.0  # what proximity is measured in (rating ordinal); higher is better
    sat_out_week: int | None = None  # the last week he sat out (None: never)
    new: bool = False  # no bout yet: WeBL gives a new fighter a bout in his first week
    region: Hashable | None = None  # None: regions are off, or he has none


@dataclass
class Week:
    pairs: list[tuple[Hashable, Hashable]] = field(default_factory=list)  # (red, blue)
    title_pair: tuple[Hashable, Hashable] | None = None
    regional_pairs: dict[Hashable, tuple[Hashable, Hashable]] = field(default_factory=dict)
    sat_out: Hashable | None = None
    unmatched: list[Hashable] = field(default_factory=list)


def _tiebreak(seed: int, entrant_id) -> int:
    digest = hashlib.sha256(f"{seed}/{entrant_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _region_key(region) -> tuple:
    """Regions in a fixed order: numbers (database ids) by value, anything else by repr."""
    if isinstance(region, int):
        return (0, region, "")
    return (1, 0, repr(region))


def pair_key(a, b) -> tuple:
    return (a, b) if repr(a) <= repr(b) else (b, a)


def ranking_order(entrants: Sequence[Entrant], *, champion=None, seed: int = 0) -> list[Entrant]:
    """The entrants best first, as the pairing walks them: by value, exact ties by a
    seeded hash; the champion first (he heads his division's ranking)."""
    order = sorted(entrants, key=lambda e: (-e.value, _tiebreak(seed, e.id)))
    if champion is not None:
        order.sort(key=lambda e: e.id != champion)
    return order


def weekly_pairs(
    entrants: Sequence[Entrant],
    *,
    week: int,
    recent: Iterable[tuple[Hashable, Hashable]] = (),
    champion: Hashable | None = None,
    title: bool = False,
    seed: int = 0,
    contenders: Collection[Hashable] | None = None,
    regional_champions: Mapping[Hashable, Hashable] | None = None,
    regional_titles: bool = False,
) -> Week:
    """The pairs of one fight night (``week`` numbers fight nights; ``recent`` the
    pairs met inside the rematch window; ``contenders``: the world title's pool,
    None for anyone; ``regional_champions``: region -> its champion)."""
    order = ranking_order(entrants, champion=champion, seed=seed)
    met = {pair_key(a, b) for a, b in recent}
    position = {e.id: i for i, e in enumerate(order)}
    by_id = {e.id: e for e in order}

    def may_meet(a: Entrant, b: Entrant) -> bool:
        if a.id == b.id:
            return False
        if a.camp is not None and a.camp == b.camp:
            return False
        return pair_key(a.id, b.id) not in met

    result = Week()
    free = list(order)
    if title and len(free) >= 2:
        pool = free
        if contenders is not None:
            allowed = set(contenders)
            pool = [e for e in free if e.id in allowed or e.id == champion]
        result.title_pair = _title_pair(pool, champion, may_meet)
        if result.title_pair:
            taken = set(result.title_pair)
            free = [e for e in free if e.id not in taken]
    if regional_titles:
        regional_champions = regional_champions or {}
        for region in sorted({e.region for e in free if e.region is not None}, key=_region_key):
            pool = [e for e in free if e.region == region]
            pair = _title_pair(pool, regional_champions.get(region), may_meet)
            if pair:
                result.regional_pairs[region] = pair
                free = [e for e in free if e.id not in pair]
    if len(free) % 2:
        sitter = min(
            free,
            key=lambda e: (
                e.new,
                -1 if e.sat_out_week is None else e.sat_out_week,
                -position[e.id],
            ),
        )
        result.sat_out = sitter.id
        free = [e for e in free if e.id != sitter.id]
    pairs, left = _walk(free, may_meet)
    pairs, left = _fit_leftovers(pairs, left, by_id, may_meet)
    pairs[:0] = list(result.regional_pairs.values())
    if result.title_pair:
        pairs.insert(0, result.title_pair)
    # The better ranked takes the red corner; pairs best first.
    pairs = [(a, b) if position[a] < position[b] else (b, a) for a, b in pairs]
    pairs.sort(key=lambda p: position[p[0]])
    result.pairs = pairs
    result.unmatched = sorted(left, key=position.__getitem__)
    return result


def _title_pair(free: list[Entrant], champion, may_meet) -> tuple | None:
    if len(free) < 2:
        return None
    if champion is not None:
        champ = next((e for e in free if e.id == champion), None)
        if champ is None:  # the champion is not available this week
            return None
        challenger = next((e for e in free if may_meet(champ, e)), None)
        return (champ.id, challenger.id) if challenger else None
    first = free[0]
    second = next((e for e in free[1:] if may_meet(first, e)), None)
    return (first.id, second.id) if second else None


def _walk(free: list[Entrant], may_meet) -> tuple[list[tuple], list]:
    taken: set = set()
    pairs: list[tuple] = []
    left: list = []
    for i, entrant in enumerate(free):
        if entrant.id in taken:
            continue
        # The nearest-ranked he may meet of his own region, else of any region
        # (all regions None when they are off: simply the nearest-ranked).
        partner = anyone = None
        for other in free[i + 1 :]:
            if other.id in taken or not may_meet(entrant, other):
                continue
            if other.region == entrant.region:
                partner = other
                break
            anyone = anyone or other
        partner = partner or anyone
        if partner is None:
            left.append(entrant.id)
            taken.add(entrant.id)
            continue
        taken.update((entrant.id, partner.id))
        pairs.append((entrant.id, partner.id))
    return pairs, left


def _fit_leftovers(pairs, left, by_id, may_meet) -> tuple[list[tuple], list]:
    """Two leftovers u and w fit in when some pair (a, b) splits into (u, a) and
    (b, w) or (u, b) and (a, w); leftovers who may meet each other pair up."""
    left = list(left)
    changed = True
    while changed and len(left) >= 2:
        changed = False
        for i, u in enumerate(left):
            for w in left[i + 1 :]:
                if may_meet(by_id[u], by_id[w]):
                    pairs.append((u, w))
                    left = [x for x in left if x not in (u, w)]
                    changed = True
                    break
                swap = _swap(pairs, u, w, by_id, may_meet)
                if swap is not None:
                    index, first, second = swap
                    pairs[index] = first
                    pairs.append(second)
                    left = [x for x in left if x not in (u, w)]
                    changed = True
                    break
            if changed:
                break
    return pairs, left


def _swap(pairs, u, w, by_id, may_meet):
    eu, ew = by_id[u], by_id[w]
    for index, (a, b) in enumerate(pairs):
        ea, eb = by_id[a], by_id[b]
        if may_meet(eu, ea) and may_meet(eb, ew):
            return index, (u, a), (b, w)
        if may_meet(eu, eb) and may_meet(ea, ew):
            return index, (u, b), (a, w)
    return None
