"""Ratings behind the rankings: openskill's Plackett-Luce model replayed over a
division's bouts in chronological order.

Pure Python (no Django): ``RatingBook`` holds ``{competitor: (mu, sigma)}`` and
``apply`` rates one bout, returning the new ratings of both sides. The same bouts
in the same order give the same floats, which is what makes the stored rankings
checkable against a replay from scratch.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


# An upset: the winner's chance, by both sides' ratings before the bout, was
# below one in three (a fan's "underdog"; the threshold is the project's choice).
UPSET_BELOW = 1 / 3


def win_chance(side: tuple[float, float], other: tuple[float, float]) -> float:
    """``side``'s chance of beating ``other`` by their ``(mu, sigma)`` ratings
    (the model's own prediction; a draw counts for neither)."""
    chances = MODEL.predict_win(
        [[MODEL.rating(mu=side[0], sigma=side[1])], [MODEL.rating(mu=other[0], sigma=other[1])]]
    )
    return chances[0]


def is_upset(winner: tuple[float, float], loser: tuple[float, float]) -> bool:
    """Whether the winner, rated ``winner`` before the bout, upset ``loser``."""
    return win_chance(winner, loser) < UPSET_BELOW


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate rankings sort by (mu - 3 sigma)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class RatingPoint:
    competitor: Hashable
    mu: float
    sigma: float
    bouts: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


class RatingBook:
    def __init__(self, start: dict[Hashable, tuple[float, float, int]] | None = None):
        self._ratings: dict[Hashable, tuple[float, float, int]] = dict(start or {})

    def get(self, competitor: Hashable) -> RatingPoint:
        mu, sigma, bouts = self._ratings.get(competitor, (DEFAULT_MU, DEFAULT_SIGMA, 0))
        return RatingPoint(competitor, mu, sigma, bouts)

    def apply(self, red: Hashable, blue: Hashable, winner: str | None) -> tuple[RatingPoint, ...]:
        """Rate one bout (``winner`` "red", "blue" or None for a draw)."""
        r, b = self.get(red), self.get(blue)
        ranks = {"red": [0, 1], "blue": [1, 0], None: [0, 0]}[winner]
        [[new_r], [new_b]] = MODEL.rate(
            [[MODEL.rating(mu=r.mu, sigma=r.sigma)], [MODEL.rating(mu=b.mu, sigma=b.sigma)]],
            ranks=ranks,
        )
        self._ratings[red] = (new_r.mu, new_r.sigma, r.bouts + 1)
        self._ratings[blue] = (new_b.mu, new_b.sigma, b.bouts + 1)
        return self.get(red), self.get(blue)

    def points(self) -> list[RatingPoint]:
        return [self.get(c) for c in self._ratings]


def ranked(points: Iterable[RatingPoint], champion: Hashable | None = None) -> list[RatingPoint]:
    """Best first: the champion on top, then by ordinal (ties by competitor)."""
    rest = sorted(
        (p for p in points if p.competitor != champion),
        key=lambda p: (-p.ordinal, str(p.competitor)),
    )
    top = [p for p in points if p.competitor == champion] if champion is not None else []
    return top[:1] + rest


def replay(bouts: Sequence[tuple[Hashable, Hashable, str | None]]) -> tuple[RatingBook, list]:
    """Rate ``(red, blue, winner)`` bouts in order from scratch; returns the book
    and the after-bout points of both sides, bout by bout."""
    book = RatingBook()
    history = [book.apply(red, blue, winner) for red, blue, winner in bouts]
    return book, history
