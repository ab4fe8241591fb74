"""The judges: each scores every round on the 10-point must system.

The beta rules have no judges (a bout that goes five rounds has no winner there);
Ringside needs a decision, so each judge weighs what he saw (RULES.md, "Judges"):
``damage + 0.5 * landed + 5 * knockdowns scored`` (a slugger judge 1.3 / 0.2, a boxer
judge 0.8 / 1.0), red minus blue, shifted by his bias, plus his own noise (one draw of
``rng`` per judge per round, up to +/- NOISE). Within ``CLOSE`` the round is close and
his close-round view decides it (even: 10-10). The winner gets 10, the loser 9; each
knockdown suffered costs a point more (net of the other's), and the better score is
lifted back to 10 (never below 6). A knockdown round is never even (``points``).
"""

from __future__ import annotations

from ..result import BLUE, RED
from .tables import HEALTH, KNOCKDOWN_AT

KNOCKDOWN_WEIGHT = 5.0
NOISE = 2.5
CLOSE = 0.5
BIAS_POINTS = 1.5
# (damage weight, landed weight) by bias
WEIGHTS = {"slugger": (1.3, 0.2), "boxer": (0.8, 1.0)}
PLAIN = (1.0, 0.5)


def judge_edge(judge: dict, champion: str | None) -> float:
    """Points a judge adds to red's side of every round (blue's if negative)."""
    bias = judge["bias"]
    if bias == "hometown":
        return BIAS_POINTS  # red is the home corner
    if bias == "champion" and champion:
        return BIAS_POINTS if champion == RED else -BIAS_POINTS
    return 0.0


def close_call(judge: dict, stats: dict) -> int:
    """A close round by the judge's close-round view: >0 red, <0 blue, 0 even."""
    view = judge["close_round"]
    if view == "aggressor":
        return stats[RED]["thrown"] - stats[BLUE]["thrown"]
    if view == "counterpuncher":
        return stats[RED]["counters"] - stats[BLUE]["counters"]
    if view == "home":
        return 1
    return 0


def points(diff: float, net: int) -> list[int]:
    """``[red, blue]`` for a round won by red (diff > 0), blue (< 0) or even, where red
    suffered ``net`` more knockdowns than blue (negative: blue did). A knockdown round
    is never even: when the downed fighter won it on punches and the points come out
    level (9-9), the round goes 10-9 to the man who scored the knockdown."""
    red_pts = blue_pts = 10
    if diff > 0:
        blue_pts = 9
    elif diff < 0:
        red_pts = 9
    if net > 0:
        red_pts -= net
    elif net < 0:
        blue_pts += net
    if net and red_pts == blue_pts:
        if net > 0:
            red_pts -= 1
        else:
            blue_pts -= 1
    lift = 10 - (red_pts if red_pts > blue_pts else blue_pts)
    red_pts += lift
    blue_pts += lift
    return [red_pts if red_pts > 6 else 6, blue_pts if blue_pts > 6 else 6]


# A knockdown takes at least KNOCKDOWN_AT of a fighter's HEALTH in one exchange, and one
# that would take the last of it is a TKO first: no fighter is down more often than this
# in a bout, so no round has more knockdowns than this on one side
MOST_KNOCKDOWNS = HEALTH // KNOCKDOWN_AT
# ``points`` for every round a judge can score, made once: by the knockdowns red
# suffered net, the round won by red, by blue, or even
POINTS_BY_NET = {
    net: (points(1.0, net), points(-1.0, net), points(0.0, net))
    for net in range(-MOST_KNOCKDOWNS, MOST_KNOCKDOWNS + 1)
}


def seen_rounds(round_stats: list[dict], weights: tuple[float, float], edge: float) -> list:
    """What a judge with these (damage, landed) weights and edge sees in each round
    before his noise: ``[(stats, seen, outcomes)]``, ``outcomes`` the round's points
    (``POINTS_BY_NET``) by the knockdowns red suffered more than blue."""
    damage_weight, landed_weight = weights
    seen = []
    for stats in round_stats:
        red, blue = stats[RED], stats[BLUE]
        net = blue["knockdowns"] - red["knockdowns"]
        knockdowns = -KNOCKDOWN_WEIGHT * net
        damage = red["damage"] - blue["damage"]
        landed = red["landed"] - blue["landed"]
        seen.append(
            (
                stats,
                damage_weight * damage + landed_weight * landed + knockdowns + edge,
                POINTS_BY_NET[net],
            )
        )
    return seen


def score_bout(judges: list[dict], round_stats: list[dict], rng, champion=None) -> list:
    """Every judge's card ``[[red, blue] per round]``; judge by judge, round by round
    (one noise draw each)."""
    random = rng.random
    cards = []
    plain = None  # what a judge without bias sees (the default judges): worked out once
    for judge in judges:
        bias = judge["bias"]
        if bias == "none":
            if plain is None:
                plain = seen_rounds(round_stats, PLAIN, 0.0)
            seen = plain
        else:
            seen = seen_rounds(round_stats, WEIGHTS.get(bias, PLAIN), judge_edge(judge, champion))
        card = []
        for stats, base, (red_won, blue_won, even) in seen:
            diff = base + (random() * 2.0 - 1.0) * NOISE
            if abs(diff) < CLOSE:
                diff = close_call(judge, stats)
            card.append((red_won if diff > 0.0 else blue_won if diff < 0.0 else even).copy())
        cards.append(card)
    return cards


def totals(cards: list) -> list[list[int]]:
    """Each judge's ``[red, blue]`` points over the bout."""
    out = []
    for card in cards:
        red = blue = 0
        for red_points, blue_points in card:
            red += red_points
            blue += blue_points
        out.append([red, blue])
    return out
