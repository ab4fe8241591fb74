"""A season's awards, from its bouts (pure Python: no Django).

``season_awards(bouts)`` takes a league season's completed bouts as plain rows
(``AwardBout``, in league order) and returns its awards (``AwardRow``): each
the winner of one rule, with the figures that decided it and the rule in words
(``RULES``, shown to people beside the award). Every rule ends in a tie-break
that cannot tie (the first bout fought, the competitor first registered), so
the same bouts always give the same awards; during a season the same function
gives the award races (the current leaders).

Competitors are hashable keys (``("fighter", id)`` or ``("camp", id)``);
managers are keys too (a user id), or None where nobody plays the camp.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from bouts.engine.result import INSIDE_THE_DISTANCE, KO, TKO
from core.words import counted

FIGHTER = "fighter"
KNOCKOUT = "knockout"
UPSET = "upset"
FIGHT = "fight"
COMEBACK = "comeback"
MANAGER = "manager"
KINDS = (FIGHTER, KNOCKOUT, UPSET, FIGHT, COMEBACK, MANAGER)

TITLES = {
    FIGHTER: "Fighter of the year",
    KNOCKOUT: "Knockout of the year",
    UPSET: "Upset of the year",
    FIGHT: "Fight of the year",
    COMEBACK: "Comeback of the year",
    MANAGER: "Manager of the year",
}

RULES = {
    FIGHTER: (
        "Most wins in the season; then fewest losses; then most wins inside the "
        "distance; then most title-bout wins; then the largest rise in rating over "
        "the season; then whoever joined the league first."
    ),
    KNOCKOUT: (
        "Among wins by knockout or technical knockout: a title bout before any "
        "other; then the most knockdowns the winner scored; then the earliest "
        "finish (round, then time); then the first fought."
    ),
    UPSET: (
        "Among wins: the largest rating gap overcome (the loser's rating minus the "
        "winner's, both as they stood before the bout); then a title bout; then a "
        "win inside the distance; then the first fought."
    ),
    FIGHT: (
        "Among bouts that went at least half their scheduled rounds: the most "
        "knockdowns (both fighters together); then the closest scorecards (the "
        "smallest total of the three judges' margins); then the most rounds "
        "fought; then the first fought."
    ),
    COMEBACK: (
        "Among wins: the greatest deficit overcome, counting 10 for each time the "
        "winner was knocked down plus the most points he trailed by on the "
        "judges' cards (all three together) at the end of any round; then the "
        "first fought."
    ),
    MANAGER: (
        "Where managers play: the manager whose fighters won the most bouts in the "
        "season; then the best share of bouts won; then the most wins inside the "
        "distance; then the manager who joined first."
    ),
}

KNOCKOUTS = (KO, TKO)
KNOCKDOWN_WEIGHT = 10  # a knockdown suffered counts as ten points behind


@dataclass(frozen=True)
class AwardBout:
    """One completed bout, as the awards read it."""

    id: int
    key: tuple  # league order: date, event, order on the card, id
    date: dt.date
    division_id: int
    red: Hashable
    blue: Hashable
    winner: str | None  # "red" | "blue" | None
    method: str
    round: int = 1
    seconds: int = 0  # into that round
    scheduled_rounds: int = 1
    is_title: bool = False
    knockdowns: tuple[int, int] = (0, 0)  # times red went down, times blue went down
    # Per judge, per round: (red, blue). Empty when the bout had no judges.
    cards: tuple[tuple[tuple[int, int], ...], ...] = ()
    rating_before: tuple[float | None, float | None] = (None, None)
    rating_after: tuple[float | None, float | None] = (None, None)
    managers: tuple[Hashable | None, Hashable | None] = (None, None)

    def side(self, competitor: Hashable) -> int:
        return 0 if competitor == self.red else 1

    @property
    def winner_index(self) -> int | None:
        return {"red": 0, "blue": 1}.get(self.winner or "")

    @property
    def winner_key(self) -> Hashable | None:
        index = self.winner_index
        return None if index is None else (self.red, self.blue)[index]


@dataclass(frozen=True)
class AwardRow:
    """An award (or, during the season, a race's leader). ``score`` is the
    tuple the rule sorted by (largest first); ``summary`` the figures in words."""

    kind: str
    division_id: int | None
    competitor: Hashable | None
    manager: Hashable | None
    bout_id: int | None
    score: tuple
    summary: str

    @property
    def title(self) -> str:
        return TITLES[self.kind]

    @property
    def rule(self) -> str:
        return RULES[self.kind]


@dataclass
class _Line:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    stoppages: int = 0
    title_wins: int = 0
    first: float | None = None
    last: float | None = None
    bouts: int = 0

    @property
    def rise(self) -> float:
        if self.first is None or self.last is None:
            return 0.0
        return round(self.last - self.first, 6)


@dataclass
class _ManagerLine:
    wins: int = 0
    bouts: int = 0
    stoppages: int = 0
    fighters: set = field(default_factory=set)


def _order(competitor: Hashable) -> tuple:
    """A competitor's place in the last tie-break: the one registered first."""
    if isinstance(competitor, tuple):
        return tuple(str(part) if not isinstance(part, int) else part for part in competitor)
    return (competitor,)


def _lines(bouts: Sequence[AwardBout]) -> dict[tuple, _Line]:
    """``{(division id, competitor): line}`` of the season's bouts."""
    lines: dict[tuple, _Line] = {}
    for bout in bouts:
        won = bout.winner_index
        for index, competitor in enumerate((bout.red, bout.blue)):
            line = lines.setdefault((bout.division_id, competitor), _Line())
            line.bouts += 1
            before, after = bout.rating_before[index], bout.rating_after[index]
            if line.first is None and before is not None:
                line.first = before
            if after is not None:
                line.last = after
            if won is None:
                line.draws += 1
            elif won == index:
                line.wins += 1
                line.stoppages += bout.method in INSIDE_THE_DISTANCE
                line.title_wins += bout.is_title
            else:
                line.losses += 1
    return lines


def _fighter_score(line: _Line) -> tuple:
    return (line.wins, -line.losses, line.stoppages, line.title_wins, line.rise)


def _fighter_summary(line: _Line) -> str:
    record = f"{line.wins}–{line.losses}–{line.draws}"
    parts = [record, f"{line.stoppages} inside the distance"]
    if line.title_wins:
        parts.append(counted(line.title_wins, "title-bout win"))
    if line.first is not None:
        parts.append(f"rating {line.rise:+.2f}")
    return ", ".join(parts)


def _best(candidates):
    """The candidate with the largest (score, then tie-break) key."""
    return max(candidates, key=lambda c: c[0]) if candidates else None


def fighters_of_the_year(bouts: Sequence[AwardBout]) -> list[AwardRow]:
    """One per division (by division id), then the overall one (division None)."""
    lines = _lines(bouts)
    out = []
    by_division: dict[int, list] = {}
    for (division_id, competitor), line in lines.items():
        # The last tie-break, "joined first": the lower id, so negate it to sort largest-first.
        tie = tuple(-p if isinstance(p, int) else p for p in _order(competitor))
        by_division.setdefault(division_id, []).append(
            ((_fighter_score(line), tie), competitor, line)
        )
    for division_id in sorted(by_division):
        (score, _tie), competitor, line = _best(by_division[division_id])
        out.append(
            AwardRow(FIGHTER, division_id, competitor, None, None, score, _fighter_summary(line))
        )
    everyone = [c for candidates in by_division.values() for c in candidates]
    best = _best(everyone)
    if best is not None:
        (score, _tie), competitor, line = best
        out.append(AwardRow(FIGHTER, None, competitor, None, None, score, _fighter_summary(line)))
    return out


def _first_fought(bout: AwardBout) -> tuple:
    """Sorts largest-first: the earlier bout in league order is the larger."""
    return tuple(-p.toordinal() if isinstance(p, dt.date) else -p for p in bout.key)


def knockout_of_the_year(bouts: Sequence[AwardBout]) -> AwardRow | None:
    candidates = []
    for bout in bouts:
        won = bout.winner_index
        if won is None or bout.method not in KNOCKOUTS:
            continue
        scored = bout.knockdowns[1 - won]  # the loser went down
        score = (int(bout.is_title), scored, -bout.round, -bout.seconds)
        candidates.append(((score, _first_fought(bout)), bout))
    best = _best(candidates)
    if best is None:
        return None
    (score, _), bout = best
    minutes, seconds = divmod(bout.seconds, 60)
    words = [
        f"{bout.method} in round {bout.round} at {minutes}:{seconds:02d}",
        counted(score[1], "knockdown"),
    ]
    if bout.is_title:
        words.insert(0, "title bout")
    return AwardRow(KNOCKOUT, None, bout.winner_key, None, bout.id, score, ", ".join(words))


def upset_of_the_year(bouts: Sequence[AwardBout]) -> AwardRow | None:
    candidates = []
    for bout in bouts:
        won = bout.winner_index
        if won is None:
            continue
        winner_rating, loser_rating = bout.rating_before[won], bout.rating_before[1 - won]
        if winner_rating is None or loser_rating is None:
            continue
        gap = round(loser_rating - winner_rating, 6)
        if gap <= 0:
            continue
        score = (gap, int(bout.is_title), int(bout.method in INSIDE_THE_DISTANCE))
        candidates.append(((score, _first_fought(bout)), bout))
    best = _best(candidates)
    if best is None:
        return None
    (score, _), bout = best
    summary = f"a rating gap of {score[0]:.2f} overcome, {bout.method}"
    return AwardRow(UPSET, None, bout.winner_key, None, bout.id, score, summary)


def card_margin(bout: AwardBout) -> int:
    """The three judges' margins (points between the two totals), added up."""
    return sum(abs(sum(r for r, _ in card) - sum(b for _, b in card)) for card in bout.cards)


def fight_of_the_year(bouts: Sequence[AwardBout]) -> AwardRow | None:
    candidates = []
    for bout in bouts:
        if 2 * bout.round < bout.scheduled_rounds or not bout.cards:
            continue
        knockdowns = sum(bout.knockdowns)
        score = (knockdowns, -card_margin(bout), bout.round)
        candidates.append(((score, _first_fought(bout)), bout))
    best = _best(candidates)
    if best is None:
        return None
    (score, _), bout = best
    summary = (
        f"{counted(score[0], 'knockdown')}, judges' margins {-score[1]} in all, "
        f"{counted(bout.round, 'round')}, {bout.method}"
    )
    return AwardRow(FIGHT, None, None, None, bout.id, score, summary)


def deficit(bout: AwardBout, side: int) -> tuple[int, int, int]:
    """How far ``side`` was behind: (the total, knockdowns suffered, the most
    points trailed on the three cards together at the end of a round)."""
    downs = bout.knockdowns[side]
    worst = 0
    rounds = max((len(card) for card in bout.cards), default=0)
    for upto in range(1, rounds + 1):
        behind = 0
        for card in bout.cards:
            own = sum(score[side] for score in card[:upto])
            other = sum(score[1 - side] for score in card[:upto])
            behind += other - own
        worst = max(worst, behind)
    return KNOCKDOWN_WEIGHT * downs + worst, downs, worst


def comeback_of_the_year(bouts: Sequence[AwardBout]) -> AwardRow | None:
    candidates = []
    for bout in bouts:
        won = bout.winner_index
        if won is None:
            continue
        total, downs, worst = deficit(bout, won)
        if total <= 0:
            continue
        candidates.append((((total, downs, worst), _first_fought(bout)), bout))
    best = _best(candidates)
    if best is None:
        return None
    (score, _), bout = best
    parts = []
    if score[1]:
        parts.append(f"down {score[1]} time{'' if score[1] == 1 else 's'}")
    if score[2]:
        parts.append(f"{score[2]} points behind on the cards")
    summary = f"won by {bout.method} after being " + " and ".join(parts)
    return AwardRow(COMEBACK, None, bout.winner_key, None, bout.id, score, summary)


def manager_of_the_year(bouts: Sequence[AwardBout]) -> AwardRow | None:
    lines: dict[Hashable, _ManagerLine] = {}
    for bout in bouts:
        won = bout.winner_index
        for index, manager in enumerate(bout.managers):
            if manager is None:
                continue
            line = lines.setdefault(manager, _ManagerLine())
            line.bouts += 1
            line.fighters.add((bout.red, bout.blue)[index])
            if won == index:
                line.wins += 1
                line.stoppages += bout.method in INSIDE_THE_DISTANCE
    candidates = []
    for manager, line in lines.items():
        share = round(line.wins / line.bouts, 6) if line.bouts else 0.0
        tie = tuple(-p if isinstance(p, int) else p for p in _order(manager))
        candidates.append((((line.wins, share, line.stoppages), tie), manager, line))
    best = _best(candidates)
    if best is None:
        return None
    (score, _), manager, line = best
    summary = (
        f"{counted(line.wins, 'win')} in {counted(line.bouts, 'bout')} "
        f"({round(100 * score[1])}%), {line.stoppages} inside the distance, "
        f"{counted(len(line.fighters), 'fighter')}"
    )
    return AwardRow(MANAGER, None, None, manager, None, score, summary)


def season_awards(bouts: Sequence[AwardBout]) -> list[AwardRow]:
    """Every award of a season (or the races so far), in ``KINDS`` order:
    fighters of the year per division, then overall; then the bouts' awards
    and the manager's (those nobody qualifies for are left out)."""
    bouts = sorted(bouts, key=lambda b: tuple(p if p is not None else 0 for p in b.key))
    out = fighters_of_the_year(bouts)
    for award in (
        knockout_of_the_year,
        upset_of_the_year,
        fight_of_the_year,
        comeback_of_the_year,
        manager_of_the_year,
    ):
        row = award(bouts)
        if row is not None:
            out.append(row)
    return out
