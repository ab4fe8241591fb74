"""Shared state of a bout: constants, the control-flow exceptions and the fighter in play."""

from __future__ import annotations

from ..result import clock
from . import tables as T
from .cards import hitting_table
from .deck import SECONDS_PER_CARD

# Referee's discretion after a knockdown: base chance (of 20) by stoppage tendency.
DISCRETION = {"early": 7, "normal": 5, "late": 4, "very_late": 3}
VERB = ("lands", "counters with")
CLOCKS = tuple(clock(int(n * SECONDS_PER_CARD)) for n in range(120))
NO_MODS = (0, 0, 0, 0, 0, 0)
ERR_SLIP = T.ERR_SLIP


class BoutOver(Exception):
    """Raised inside a round when the bout ends."""


class RoundOver(Exception):
    """Raised inside a round when the round deck runs out."""


def side_numbers(side: dict) -> tuple:
    """A card side's numbers as ``refresh`` reads them (the card never changes in a bout)."""
    return (
        side["pl"][1],
        side["pm"][1],
        side["cpd"],
        side["clinch"][1],
        side["def"],
        side["cp"],
        side["kp"],
        side["kd1"],
        side["kd2"],
        side["ko"],
        side["ki"],
    )


class Fighter:
    __slots__ = (
        "actions",
        "against",
        "alarm",
        "anger",
        "base_cf",
        "card",
        "card_style",
        "carry",
        "cf",
        "cf_bout",
        "cf_next",
        "cf_round",
        "cf_trait",
        "clinch",
        "clinches",
        "corner",
        "cp",
        "cpd",
        "cut_rating",
        "damage",
        "damage_checked",
        "deducted",
        "def_bout",
        "def_next",
        "def_round",
        "deff",
        "end",
        "end_drain",
        "end_extra",
        "fat_t",
        "fatigued",
        "fatigued_side",
        "fouled_round",
        "fouled_total",
        "fresh",
        "fresh_t",
        "front",
        "froze",
        "hand",
        "hit",
        "injuries",
        "kd1",
        "kd2",
        "kd_counts",
        "kd_scored",
        "kd_temp",
        "ki",
        "ko",
        "kp",
        "landed",
        "last_butt",
        "locations",
        "lost_streak",
        "margin",
        "missed",
        "name",
        "opp",
        "pl",
        "pl_bout",
        "pl_trait",
        "pm",
        "points_lost",
        "pts",
        "rating",
        "rib",
        "second_wind_used",
        "self_doubt",
        "side",
        "slugger_round",
        "smod",
        "strategy",
        "style",
        "thr",
        "thrown",
        "towel_used",
        "traits",
        "warnings",
        "won_streak",
    )

    def __init__(self, side: str, card: dict, end: int):
        self.side = side
        self.name = card.get("name") or side.capitalize()
        self.card = card
        self.traits = card["traits"]
        self.rating = card["rating"]
        self.card_style = card["style"]
        self.style = "S" if card["style"] == "E" else card["style"]
        self.hit = hitting_table(card["hitting"])
        self.fresh = card["fresh"]
        self.fatigued_side = card["fatigued"]
        self.fresh_t = side_numbers(self.fresh)
        self.fat_t = side_numbers(self.fatigued_side)
        self.fatigued = False
        self.end = end
        self.second_wind_used = False
        self.cut_rating = card["cut"]
        self.damage = 0
        self.locations = {}  # location -> [times, worked, source]
        self.cf_bout = self.pl_bout = self.def_bout = self.end_drain = 0
        self.cf_round = self.def_round = self.cf_next = self.def_next = 0
        self.cf_trait = self.pl_trait = 0
        self.smod = (0, 0, 0, 0, 0, 0)
        self.kd_temp = 0
        self.carry = False
        self.hand = 0
        self.injuries = []
        self.warnings = self.points_lost = self.deducted = 0
        self.fouled_round = self.fouled_total = self.anger = 0
        self.towel_used = False
        self.rib = False
        self.against = []
        self.froze = False
        self.slugger_round = False
        self.front = 0
        self.won_streak = self.lost_streak = 0
        self.self_doubt = False
        self.strategy = "none"
        self.damage_checked = 0
        self.last_butt = None
        self.base_cf = 0
        self.alarm = 0
        self.margin = 0
        self.cf = self.pl = self.kp = self.pm = self.cpd = self.clinch = 0
        self.deff = self.cp = self.kd1 = self.kd2 = self.ko = self.ki = 0
        self.reset_round()

    def reset_round(self):
        self.pts = self.landed = self.thrown = self.missed = self.clinches = 0
        self.kd_counts = []
        self.kd_scored = 0
        self.deducted = 0
        self.fouled_round = 0
        self.end_extra = 0
        self.actions = 0
