"""Standings with configurable points and tiebreakers registered by key.

In the manner of Tabbycat's ``standings/metrics.py``: each metric is a function
registered under a key, and a league lists the keys it breaks ties by
(``League.tiebreakers``). Competitors are ranked by points; a group level on
points is split by the first tiebreaker, each resulting group by the next, and
so on. ``head_to_head`` is computed inside the group it splits (the points the
tied competitors took from each other), so it is re-evaluated as groups shrink.
Competitors still level after every tiebreaker share a rank and are shown as
tied.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from bouts.engine.result import INSIDE_THE_DISTANCE as STOPPAGE_METHODS


@dataclass(frozen=True)
class PointsConfig:
    win: int = 3
    draw: int = 1
    loss: int = 0
    stoppage_bonus: int = 1  # added to a win inside the distance


@dataclass(frozen=True)
class Outcome:
    """One completed bout between two competitors (fighters or camps)."""

    red: Hashable
    blue: Hashable
    winner: str | None  # "red" | "blue" | None (a draw or no decision)
    method: str

    @property
    def stoppage(self) -> bool:
        return self.winner is not None and self.method in STOPPAGE_METHODS

    def points(self, config: PointsConfig) -> dict[Hashable, int]:
        if self.winner is None:
            return {self.red: config.draw, self.blue: config.draw}
        won = self.red if self.winner == "red" else self.blue
        lost = self.blue if self.winner == "red" else self.red
        bonus = config.stoppage_bonus if self.stoppage else 0
        return {won: config.win + bonus, lost: config.loss}


@dataclass
class StandingRow:
    competitor: Hashable
    rank: int = 0
    tied: bool = False
    points: int = 0
    bouts: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    stoppage_wins: int = 0
    stoppage_losses: int = 0
    metrics: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    # (row, group rows, outcomes, config) -> a value where higher ranks higher
    score: Callable[[StandingRow, Sequence[StandingRow], Sequence[Outcome], PointsConfig], float]


METRICS: dict[str, Metric] = {}


def metric(key: str, label: str):
    """Register a tiebreaker; its function returns a value where higher is better."""

    def register(fn):
        METRICS[key] = Metric(key, label, fn)
        return fn

    return register


@metric("head_to_head", "Head to head (points among the tied)")
def _head_to_head(row, group, outcomes, config):
    members = {r.competitor for r in group}
    total = 0
    involving = getattr(outcomes, "involving", None)
    mine = involving(row.competitor) if involving else outcomes
    for o in mine:
        if o.red in members and o.blue in members and row.competitor in (o.red, o.blue):
            total += o.points(config)[row.competitor]
    return total


class IndexedOutcomes(list):
    """Outcomes with each competitor's own bouts at hand: head-to-head reads a
    competitor's bouts instead of the whole season's (same result)."""

    def involving(self, competitor) -> list:
        index = self.__dict__.get("_index")
        if index is None:
            index = {}
            for o in self:
                index.setdefault(o.red, []).append(o)
                index.setdefault(o.blue, []).append(o)
            self.__dict__["_index"] = index
        return index.get(competitor, ())


@metric("wins", "Wins")
def _wins(row, group, outcomes, config):
    return row.wins


@metric("stoppage_wins", "Wins inside the distance")
def _stoppage_wins(row, group, outcomes, config):
    return row.stoppage_wins


@metric("fewest_losses", "Fewest losses")
def _fewest_losses(row, group, outcomes, config):
    return -row.losses


@metric("fewest_stoppage_losses", "Fewest losses inside the distance")
def _fewest_stoppage_losses(row, group, outcomes, config):
    return -row.stoppage_losses


@metric("draws", "Draws")
def _draws(row, group, outcomes, config):
    return row.draws


@metric("fewest_bouts", "Fewest bouts (points from fewer outings)")
def _fewest_bouts(row, group, outcomes, config):
    return -row.bouts


def unknown_tiebreakers(keys: Iterable[str]) -> list[str]:
    return [k for k in keys if k not in METRICS]


def compute_standings(
    competitors: Iterable[Hashable],
    outcomes: Sequence[Outcome],
    config: PointsConfig = PointsConfig(),
    tiebreakers: Sequence[str] = ("head_to_head", "stoppage_wins", "fewest_losses"),
) -> list[StandingRow]:
    """The table, best first. Rows that no tiebreaker separates share a rank and
    have ``tied`` set; within a tie they are listed in the order of ``competitors``."""
    bad = unknown_tiebreakers(tiebreakers)
    if bad:
        raise ValueError(f"unknown tiebreaker {bad[0]!r} (known: {', '.join(METRICS)})")
    outcomes = IndexedOutcomes(outcomes)
    order = list(dict.fromkeys(competitors))
    rows = {c: StandingRow(c) for c in order}
    for o in outcomes:
        for c in (o.red, o.blue):
            if c not in rows:
                order.append(c)
                rows[c] = StandingRow(c)
        for c, pts in o.points(config).items():
            rows[c].points += pts
        red, blue = rows[o.red], rows[o.blue]
        red.bouts += 1
        blue.bouts += 1
        if o.winner is None:
            red.draws += 1
            blue.draws += 1
            continue
        won, lost = (red, blue) if o.winner == "red" else (blue, red)
        won.wins += 1
        lost.losses += 1
        if o.stoppage:
            won.stoppage_wins += 1
            lost.stoppage_losses += 1
    ranked: list[StandingRow] = []
    for group in _split([rows[c] for c in order], lambda r: r.points):
        for key in tiebreakers:  # shown in the table: values within the points group
            for row in group:
                row.metrics[key] = METRICS[key].score(row, group, outcomes, config)
        for tie in _break(group, list(tiebreakers), outcomes, config):
            rank = len(ranked) + 1
            for row in tie:
                row.rank, row.tied = rank, len(tie) > 1
            ranked.extend(tie)
    return ranked


def _split(rows: list[StandingRow], value) -> list[list[StandingRow]]:
    """Rows grouped by ``value`` (descending), keeping the given order within a group."""
    groups: dict = {}
    for row in rows:
        groups.setdefault(value(row), []).append(row)
    return [groups[v] for v in sorted(groups, reverse=True)]


def _break(group, tiebreakers, outcomes, config) -> list[list[StandingRow]]:
    """``group`` split into ties, best first, by the tiebreakers in turn."""
    if len(group) == 1 or not tiebreakers:
        return [group]
    scorer = METRICS[tiebreakers[0]].score
    values = {id(row): scorer(row, group, outcomes, config) for row in group}
    out = []
    for sub in _split(group, lambda r: values[id(r)]):
        out.extend(_break(sub, tiebreakers[1:], outcomes, config))
    return out
