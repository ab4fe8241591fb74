"""Swiss rounds: pairing by score, no rematches, corner balance, byes; the table.

Plain Python (no Django). ``league.services.competitions`` feeds ``swiss_round``
the table as it stands (best first) and stores the pairs it returns.

Pairing (one round):

1. **The bye** (an odd field): to the lowest-placed player who has not had one
   (everyone has: the lowest-placed of those with the fewest), unless leaving
   him out makes a rematch unavoidable where leaving out another would not; then
   to the next one up who has not had a bye.
2. **Rematches**: none while a pairing without rematches exists (a search over
   the whole field, not a greedy guess); if none exists, as few as possible.
   The search is bounded (``STEPS``): only a large field deep into a long Swiss
   (64 fighters past their 30th round) can reach the bound, and then one more
   rematch is allowed rather than the round taking minutes.
3. **Score groups**: the field is taken best first; the best unpaired player
   meets the highest-placed player of his own score group he may meet, and a
   player floats down to the next group only when his group cannot pair him.
   Then pairs are swapped two at a time while a swap brings partners' scores
   closer (the sum of squared score differences falls) without a rematch.
4. **Corners**: the player who has been red more often (red minus blue) is blue;
   level, the one who was red in his latest bout is blue; still level, the
   higher-placed player is red.

Deterministic: the same input in the same order gives the same round; nothing
depends on set or hash order.

The table: a win 1 point, a draw ½, a loss 0, a bye 1 (as a win). Places by
points, then Buchholz (the sum of the points of the opponents met; a bye adds
nothing), then wins, then the seed the player came in with.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

RED, BLUE = "red", "blue"
WIN, DRAW, BYE_POINTS = 1.0, 0.5, 1.0


@dataclass(frozen=True)
class SwissPlayer:
    """A player as the table stands: ``colours`` his corners so far in order
    (``"R"``/``"B"``), ``opponents`` whom he has met, ``byes`` how many he had."""

    id: Hashable
    points: float = 0.0
    opponents: frozenset = frozenset()
    colours: str = ""
    byes: int = 0


@dataclass(frozen=True)
class SwissRound:
    pairs: tuple[tuple[Hashable, Hashable], ...]  # (red, blue), best pair first
    bye: Hashable | None = None
    rematches: int = 0


def swiss_round(players: Sequence[SwissPlayer]) -> SwissRound:
    """Pair one round. ``players`` in table order, best first (ties keep the
    given order); ids must be distinct."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("swiss players must be distinct")
    if len(players) < 2:
        return SwissRound(pairs=(), bye=players[0].id if players else None)
    # Best first by points; the given order breaks ties (a stable sort).
    order = sorted(range(len(players)), key=lambda i: -players[i].points)
    field_ = [players[i] for i in order]
    bye = None
    if len(field_) % 2:
        bye, pairing, rematches = _with_bye(field_)
    else:
        pairing, rematches = _pair(field_)
    pairing = _improve(field_, pairing)
    pairs = tuple(_corners(field_[a], field_[b], a, b) for a, b in sorted(pairing))
    return SwissRound(pairs=pairs, bye=bye, rematches=rematches)


def _with_bye(players: list[SwissPlayer]):
    fewest = min(p.byes for p in players)
    candidates = [i for i in reversed(range(len(players))) if players[i].byes == fewest]
    best = None
    for i in candidates:
        rest = players[:i] + players[i + 1 :]
        pairing, rematches = _pair(rest)
        if best is None or rematches < best[2]:
            best = (i, pairing, rematches)
        if rematches == 0:
            break
    i, pairing, rematches = best
    # Indices of the pairing point into ``rest``; map them back to ``players``.
    back = [j for j in range(len(players)) if j != i]
    return players[i].id, [(back[a], back[b]) for a, b in pairing], rematches


STEPS = 20_000  # a search's budget of steps (each a set of players left to pair)


class _OutOfSteps(Exception):
    pass


def _pair(players: list[SwissPlayer]) -> tuple[list[tuple[int, int]], int]:
    """A perfect pairing of ``players`` (best first) with the fewest rematches:
    for 0, 1, 2... rematches allowed, a depth-first search where the best
    unpaired player takes the highest-placed opponent he may meet. A search
    that proves no pairing exists moves on to one more rematch. A large field
    late in a long Swiss can make that search long: past ``STEPS`` it is
    searched again taking first the player with the fewest opponents left (much
    faster to find a pairing, or to prove there is none), and past ``STEPS``
    again one more rematch is allowed."""
    n = len(players)
    met = [[players[j].id in players[i].opponents for j in range(n)] for i in range(n)]
    for allowed in range(n // 2 + 1):
        for pick in (_best_placed, _most_constrained):
            try:
                found = _search(tuple(range(n)), allowed, met, set(), pick, [STEPS])
            except _OutOfSteps:
                continue
            if found is not None:
                return found, allowed
            break  # proven: not with this many rematches
    raise AssertionError("a perfect pairing always exists")  # pragma: no cover


def _best_placed(left: tuple[int, ...], met) -> int:
    return left[0]


def _most_constrained(left: tuple[int, ...], met) -> int:
    """The player with the fewest opponents he has not met among ``left``
    (ties: the higher placed)."""
    return min(left, key=lambda i: (sum(not met[i][j] for j in left if j != i), i))


def _search(left: tuple[int, ...], allowed: int, met, failed, pick, steps) -> list | None:
    if not left:
        return []
    key = (frozenset(left), allowed)
    if key in failed:
        return None
    steps[0] -= 1
    if steps[0] < 0:
        raise _OutOfSteps
    top = pick(left, met)
    rest = tuple(i for i in left if i != top)
    for k, other in enumerate(rest):
        cost = 1 if met[top][other] else 0
        if cost > allowed:
            continue
        found = _search(rest[:k] + rest[k + 1 :], allowed - cost, met, failed, pick, steps)
        if found is not None:
            return [(top, other), *found]
    failed.add(key)
    return None


def _improve(players: list[SwissPlayer], pairing: list[tuple[int, int]]):
    """Swap partners between two pairs while it brings scores closer and adds
    no rematch (a pair's cost: its squared score difference)."""
    pairs = [tuple(sorted(p)) for p in pairing]

    def met(a, b):
        return players[b].id in players[a].opponents

    def cost(a, b):
        return (players[a].points - players[b].points) ** 2

    improved = True
    while improved:
        improved = False
        for x in range(len(pairs)):
            for y in range(x + 1, len(pairs)):
                (a, b), (c, d) = pairs[x], pairs[y]
                now = cost(a, b) + cost(c, d)
                rematches = met(a, b) + met(c, d)
                for p, q in (((a, c), (b, d)), ((a, d), (b, c))):
                    if met(*p) + met(*q) <= rematches and cost(*p) + cost(*q) < now:
                        pairs[x], pairs[y] = tuple(sorted(p)), tuple(sorted(q))
                        improved = True
                        break
                if improved:
                    break
            if improved:
                break
    return pairs


def _balance(colours: str) -> int:
    return colours.count("R") - colours.count("B")


def _corners(first: SwissPlayer, second: SwissPlayer, i: int, j: int):
    """``(red id, blue id)``; ``first`` is the higher placed (``i < j``)."""
    a, b = _balance(first.colours), _balance(second.colours)
    if a != b:
        return (second.id, first.id) if a > b else (first.id, second.id)
    last_a, last_b = first.colours[-1:], second.colours[-1:]
    if last_a != last_b and "R" in (last_a, last_b):
        return (second.id, first.id) if last_a == "R" else (first.id, second.id)
    return (first.id, second.id) if i < j else (second.id, first.id)


# --- the table ------------------------------------------------------------------


@dataclass
class TableRow:
    id: Hashable
    seed: int
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    buchholz: float = 0.0
    opponents: list = field(default_factory=list)
    colours: str = ""

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses


def swiss_table(
    seeds: Sequence[Hashable],
    bouts: Sequence[tuple[Hashable, Hashable, str | None]],
    byes: Sequence[Hashable] = (),
) -> list[TableRow]:
    """The table, best first: ``seeds`` the players by seed (best first),
    ``bouts`` each decided bout as ``(red, blue, winner)`` in the order fought
    (``winner`` ``"red"``, ``"blue"`` or ``None`` for a draw), ``byes`` one
    entry per bye given."""
    rows = {pid: TableRow(id=pid, seed=n) for n, pid in enumerate(seeds, start=1)}
    for red, blue, winner in bouts:
        r, b = rows[red], rows[blue]
        r.opponents.append(blue)
        b.opponents.append(red)
        r.colours += "R"
        b.colours += "B"
        if winner is None:
            r.points += DRAW
            b.points += DRAW
            r.draws += 1
            b.draws += 1
            continue
        won, lost = (r, b) if winner == RED else (b, r)
        won.points += WIN
        won.wins += 1
        lost.losses += 1
    for pid in byes:
        rows[pid].points += BYE_POINTS
        rows[pid].byes += 1
    for row in rows.values():
        row.buchholz = sum(rows[o].points for o in row.opponents)
    return sorted(rows.values(), key=lambda r: (-r.points, -r.buchholz, -r.wins, r.seed))


def players_of(table: Sequence[TableRow]) -> list[SwissPlayer]:
    """The table as ``swiss_round`` takes it."""
    return [
        SwissPlayer(
            id=row.id,
            points=row.points,
            opponents=frozenset(row.opponents),
            colours=row.colours,
            byes=row.byes,
        )
        for row in table
    ]


def points_text(points: float) -> str:
    """``1½``, ``2``, ``½``: points as people write them."""
    whole = int(points)
    half = points - whole >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)
