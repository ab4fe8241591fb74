"""The record book's lines, from a division's bouts (pure Python: no Django).

A ``Line`` is a competitor's all-time figures in one division; ``apply`` adds
one completed bout to the lines of its two sides, so the projector can keep the
lines as it derives bouts (in league order: a winning streak is an order), and
``lines_from`` replays a division from scratch (a replay, and ``check_league``).
The record book itself reads the stored lines (``league.history.selectors``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, fields

from bouts.engine.result import KO, TKO

KNOCKOUTS = (KO, TKO)
TITLE_BOUTS_FOR_RECORD = 3  # "best record in title bouts" needs this many

RECORDS = {
    "most_wins": "Wins in the league's bouts, every division together.",
    "longest_streak": ("Wins in a row within a division; a draw or a loss ends it."),
    "most_defences": "Successful defences of a world title (wins and draws) in one reign.",
    "fastest_knockout": (
        "The KO or TKO win in the earliest round, then the earliest time in that "
        "round; then the first fought."
    ),
    "most_knockouts": "Wins by KO or TKO, every division together.",
    "best_title_record": (
        f"At least {TITLE_BOUTS_FOR_RECORD} title bouts; the best share won (a draw "
        "counts half), then the most won."
    ),
}


@dataclass
class Line:
    bouts: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    knockouts: int = 0
    streak: int = 0
    best_streak: int = 0
    title_wins: int = 0
    title_losses: int = 0
    title_draws: int = 0
    fastest_round: int | None = None
    fastest_seconds: int | None = None
    fastest_bout_id: int | None = None

    def values(self) -> tuple:
        return tuple(getattr(self, f.name) for f in fields(self))


LINE_FIELDS = tuple(f.name for f in fields(Line))


@dataclass(frozen=True)
class RecordBout:
    """A completed bout as the record book reads it (in league order)."""

    id: int
    red: Hashable
    blue: Hashable
    winner: str | None
    method: str
    is_title: bool
    round: int = 0  # for knockouts: the round it ended in
    seconds: int = 0  # and the time into it


def seconds_of(clock: str | None) -> int:
    """``m:ss`` as seconds (0 for anything else: card-game rulesets have turns)."""
    try:
        minutes, seconds = (clock or "").split(":")
        return int(minutes) * 60 + int(seconds)
    except ValueError:
        return 0


def apply(lines: dict[Hashable, Line], bout: RecordBout) -> None:
    """Add ``bout`` to its sides' lines (created when missing)."""
    won = {"red": 0, "blue": 1}.get(bout.winner or "")
    for index, competitor in enumerate((bout.red, bout.blue)):
        line = lines.setdefault(competitor, Line())
        line.bouts += 1
        if won is None:
            line.draws += 1
            line.streak = 0
            line.title_draws += bout.is_title
        elif won == index:
            line.wins += 1
            line.streak += 1
            line.best_streak = max(line.best_streak, line.streak)
            line.title_wins += bout.is_title
            if bout.method in KNOCKOUTS:
                line.knockouts += 1
                when = (bout.round, bout.seconds)
                # Strictly faster: an equal time keeps the first fought.
                if line.fastest_round is None or when < (line.fastest_round, line.fastest_seconds):
                    line.fastest_round, line.fastest_seconds = when
                    line.fastest_bout_id = bout.id
        else:
            line.losses += 1
            line.streak = 0
            line.title_losses += bout.is_title


def lines_from(bouts: Iterable[RecordBout]) -> dict[Hashable, Line]:
    lines: dict[Hashable, Line] = {}
    for bout in bouts:
        apply(lines, bout)
    return lines


def title_share(wins: int, losses: int, draws: int) -> float:
    """The share of title bouts won, a draw counting half."""
    total = wins + losses + draws
    return round((wins + draws / 2) / total, 6) if total else 0.0
