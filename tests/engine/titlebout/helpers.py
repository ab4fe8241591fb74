"""Crafted cards, a scripted deck and a bout built without randomness."""

from __future__ import annotations

import copy
import random

from bouts.engine.titlebout import actions, clock, ratings
from bouts.engine.titlebout.bout import new_bout
from bouts.engine.titlebout.cards import validate_card
from bouts.engine.titlebout.options import validate_options
from bouts.engine.titlebout.state import BoutState

SIDE = {
    "cf_b": 10,
    "cf_s": 10,
    "def": 0,
    "cp": 5,
    "kd1": 2,
    "kd2": 4,
    "ko": 3,
    "ki": 8,
    "pl": [1, 34],
    "kp": 7,
    "pm": [35, 48],
    "cpd": 45,
    "clinch": [49, 60],
    "move": [61, 80],
}
HITTING = {
    "jab": {"three": [1, 8], "two": [9, 24]},
    "hook": {"three": [25, 29], "two": [30, 37]},
    "cross": {"three": [38, 41], "two": [42, 50]},
    "combination": {"three": [51, 58], "two": [59, 68]},
    "uppercut": {"three": [69, 74], "two": [75, 80]},
}


def base_card(name="Fighter", **top) -> dict:
    fresh = dict(SIDE)
    fresh.update(top.pop("fresh", {}))
    fatigued = dict(SIDE)
    fatigued.update({"cf_b": 9, "cf_s": 9, "def": 2, "pl": [1, 30], "pm": [31, 48]})
    fatigued.update(top.pop("fatigued", {}))
    card = {
        "name": name,
        "rating": 8,
        "style": "S",
        "southpaw": False,
        "traits": [],
        "agg": 6,
        "end": 85,
        "cut": 3,
        "foul": "C",
        "fresh": fresh,
        "fatigued": fatigued,
        "hitting": copy.deepcopy(HITTING),
        "strategy": {"FI": 6, "FO": 6, "CU": 6, "KO": 6},
    }
    card.update(top)
    return validate_card(card)


OFFICIALS = {
    "referee": {"name": "Mills Lane", "fouls": "normal", "stoppage": "normal", "overall": "good"},
    "judges": [{"name": f"J{i}", "bias": "none", "close_round": "even"} for i in (1, 2, 3)],
    "doctor": {"name": "Doc", "caution": "balanced"},
}
CORNERS = {
    "red": {"name": "R", "cut": "average", "strategy": "average"},
    "blue": {"name": "B", "cut": "average", "strategy": "average"},
}


def card(
    cf=10,
    rn=50,
    result=30,
    cut=False,
    pos=0,
    kd=5,
    kor=5,
    kd2=5,
    kdc=5,
    j=(0, 0, 0),
    injury=0,
    special=0,
):
    """A Boxing Action Card tuple (see deck.py)."""
    return (cf, rn, result, cut, pos, kd, kor, kd2, kdc, j[0], j[1], j[2], injury, special)


def make_bout(red=None, blue=None, rounds=12, **options) -> BoutState:
    from bouts.engine.titlebout import officials

    red = red or base_card("Red")
    blue = blue or base_card("Blue")
    opts = validate_options(options)
    rng = random.Random(0)
    bout = new_bout(
        red,
        blue,
        rounds,
        rng,
        officials.officials(OFFICIALS, rng),
        officials.corners(CORNERS, rng),
        {},
        opts,
    )
    bout.rnd = 1
    bout.full = [card() for _ in range(100)]
    bout.aggressor = bout.red
    ratings.set_cfs(bout)
    return bout


def script(bout: BoutState, cards: list) -> None:
    """Replace the round deck with these cards."""
    bout.deck = list(cards)
    bout.i = 0
    bout.returned = 0


def act(bout: BoutState, fighter) -> None:
    """``fighter`` acts next (``bout.next``) on the scripted cards, and the round's actions
    go on until they run out (``actions.play``)."""
    bout.next = fighter
    actions.play(bout)


def feed(monkeypatch, name: str, values) -> None:
    """Script the bout's ``clock.rn20`` or ``clock.aux_rn``: they return ``values`` in turn."""
    it = iter(values)
    monkeypatch.setattr(clock, name, lambda s: next(it))
