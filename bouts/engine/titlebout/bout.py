"""One Title Bout II bout: the sequence of play, card by card.

The 100-card Boxing Action deck is shuffled with the bout's rng every two rounds
and dealt into two 50-card round decks; every card used is 3.6 seconds of the
round. See RULES.md for the rule-by-rule map.

``Bout`` is assembled here from one mixin per concept (each reads and writes the
bout's state on ``self``):

- ``clock.py``: the deck in play, the round clock, the event log
- ``ratings.py``: effective ratings; styles, strategies, traits, the aggressor
- ``actions.py``: the four actions, counterpunches, control checks, the round loop
- ``knockdowns.py``: scoring events, TKO checks, the towel, knockdowns, killer instinct
- ``cuts.py``: cuts and swelling, damage, the doctor, the cut man
- ``fouls.py``: fouls, warnings, penalties, Anger Issues, referee errors
- ``incidents.py``: injuries and special actions
- ``rounds.py``: end of round, between rounds, the run and the result
- ``state.py``: constants, ``BoutOver``/``RoundOver``, ``Fighter``

The names tests and callers import from here (``Bout``, ``BoutOver``, ``RoundOver``,
``Fighter``, ...) stay importable from this module.
"""

from __future__ import annotations

from . import tables as T
from .actions import ActionsMixin
from .clock import DeckMixin
from .cuts import CutsMixin
from .fouls import FoulsMixin
from .incidents import IncidentsMixin
from .knockdowns import KnockdownsMixin
from .ratings import RatingsMixin
from .rounds import RoundsMixin
from .state import (  # noqa: F401 (re-exported: tests and callers import them from here)
    CLOCKS,
    DISCRETION,
    ERR_SLIP,
    NO_MODS,
    VERB,
    BoutOver,
    Fighter,
    RoundOver,
    side_numbers,
)


class Bout(
    DeckMixin,
    RatingsMixin,
    KnockdownsMixin,
    CutsMixin,
    FoulsMixin,
    IncidentsMixin,
    ActionsMixin,
    RoundsMixin,
):
    """One bout: the state, set up here; the sequence of play in the mixins."""

    def __init__(self, red, blue, rounds, rng, officials, corners, plans, options):
        self.rng = rng
        self.rounds = rounds
        self.opt = options
        self.plans = plans
        self.officials = officials
        self.corners = corners
        ref = officials["referee"]
        self.ref = ref
        self.tolerance = ref["fouls"]
        self.judges = officials["judges"]
        self.doctor = officials["doctor"]["caution"]
        self.traits_on = options["traits"]
        self.injuries_on = options["injuries"]
        self.timing = options["advanced_timing"]
        self.ki_timing = options["ki_timing"]
        self.classic = options["era"] == "classic"
        self.red = Fighter("red", red, self.endurance(red["end"], rounds))
        self.blue = Fighter("blue", blue, self.endurance(blue["end"], rounds))
        self.red.opp = self.blue
        self.blue.opp = self.red
        self.red.thr = self.thresholds(self.red)  # fixed for the bout
        self.blue.thr = self.thresholds(self.blue)
        traits = self.traits_on
        pair = (self.red, self.blue)
        self.ctx = {
            "aggressor": "red",
            "styles": {},
            "safety": [f.side for f in pair if traits and "safety_first" in f.traits],
            "crowd": [f.side for f in pair if traits and "plays_to_crowd" in f.traits],
        }
        self.red.corner = corners["red"]
        self.blue.corner = corners["blue"]
        self.events = []
        self.knockdowns = []
        self.injuries = []
        self.fouls = []
        self.round_stats = []
        self.cards = [[], [], []]
        self.rnd = 0
        self.deck = []
        self.i = 0
        self.returned = 0
        self.stopper = None
        self.ki_left = 0
        self.ki_side = None
        self.first = None
        self.next = None
        self.trapper = None
        self.error = T.ERR_NONE
        self.errors_used = set()
        self.errors_log = []
        self.favor_used = False
        self.slip_used = False
        self.flash_used = False
        self.last_winner = None
        self.aggressor = None
        self.one_more_round = None
        self.pending = []
        self.strategies_log = []
        self.full = None
        self.used = []
        self.bout_end = None

    # --- setup --------------------------------------------------------------------------
    @staticmethod
    def endurance(end: int, rounds: int) -> int:
        """END for the bout's length: the card's END is for 12 rounds; each round
        more or less moves it by a tenth of END (the book's 85 -> 68 / 111). Bouts
        under ten rounds keep at least their share of a 12-round END."""
        value = end * (rounds - 2) / 10
        if rounds < 10:
            value = max(value, end * rounds / 12)
        return int(value + 0.5)
