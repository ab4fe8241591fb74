"""Round robin by the circle method.

Competitors ``0..m-1`` sit on a circle (``m`` odd; with an even count the last
competitor stays fixed in the middle, with an odd count nobody does and whoever
faces the empty middle has the bye). In round ``r`` the middle meets seat ``r``
and seat ``r+i`` meets seat ``r-i`` (mod ``m``) for ``i = 1..(m-1)/2``: every
pair meets exactly once in ``m`` rounds.

Corners alternate: the seat ``r+i`` is red when ``i`` is odd, and the middle
competitor is red on even rounds. Seen from one competitor, ``i`` changes parity
from round to round, so corners alternate with at most one repeat (none with an
odd count) and red and blue counts differ by at most one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

Pairing = tuple[Hashable, Hashable]  # (red, blue)


def round_robin(competitors: Sequence[Hashable]) -> list[list[Pairing]]:
    """Rounds of ``(red, blue)`` pairings; the bye is left out of the rounds.

    ``competitors`` must be distinct; fewer than two gives no rounds.
    """
    players = list(competitors)
    if len(set(players)) != len(players):
        raise ValueError("round robin competitors must be distinct")
    if len(players) < 2:
        return []
    middle = players.pop() if len(players) % 2 == 0 else None
    has_middle = len(players) != len(competitors)
    m = len(players)  # odd
    rounds: list[list[Pairing]] = []
    for r in range(m):
        played: list[Pairing] = []
        if has_middle:
            pair = (middle, players[r])
            played.append(pair if r % 2 == 0 else pair[::-1])
        for i in range(1, (m + 1) // 2):
            pair = (players[(r + i) % m], players[(r - i) % m])
            played.append(pair if i % 2 else pair[::-1])
        rounds.append(played)
    return rounds
