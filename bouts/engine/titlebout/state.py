"""The state of one bout: ``BoutState`` and its two ``Fighter`` states, documented field
by field. The rule modules (clock, ratings, actions, knockdowns, cuts, fouls, incidents,
rounds) are plain functions that read and write these objects; nothing else is kept
between two steps of play. Also: the constants shared by the rule modules and the two
exceptions that end a round or the bout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from operator import itemgetter

from ..result import clock
from . import tables
from .cards import hitting_table
from .deck import ROUND_CARDS, SECONDS_PER_CARD

# Referee's discretion after a knockdown (option, not in the book): base chance (of 20)
# by stoppage tendency.
DISCRETION = {"early": 7, "normal": 5, "late": 4, "very_late": 3}
VERB = ("lands", "counters with")
CLOCKS = tuple(clock(int(n * SECONDS_PER_CARD)) for n in range(ROUND_CARDS + 1))
NO_MODS = (0, 0, 0, 0, 0, 0)
ERR_SLIP = tables.ERR_SLIP


class BoutOver(Exception):
    """Raised inside a round when the bout ends (``BoutState.bout_end`` says how)."""


class RoundOver(Exception):
    """Raised inside a round when the round deck runs out."""


def finish(state: BoutState, winner: Fighter | None, method: str, between: bool = False):
    """The bout is over: record how, and leave the round."""
    state.bout_end = (winner.side if winner else None, method, between)
    raise BoutOver


def side_numbers(side: dict) -> tuple:
    """A card side's numbers as ``ratings.refresh`` reads them (the card never changes
    in a bout): PL top, PM top, CPD, clinch top, DEF, CP, KP, KD1, KD2, KO, KI, and the
    CFs against a boxer and a slugger (``ratings.set_cfs``: indexes ``CF_B``, ``CF_S``)."""
    pl, pm, cpd, clinch, deff, cp, kp, kd1, kd2, ko, ki, cf_b, cf_s = _SIDE_NUMBERS(side)
    return (pl[1], pm[1], cpd, clinch[1], deff, cp, kp, kd1, kd2, ko, ki, cf_b, cf_s)


_SIDE_NUMBERS = itemgetter(
    "pl", "pm", "cpd", "clinch", "def", "cp", "kp", "kd1", "kd2", "ko", "ki", "cf_b", "cf_s"
)
CF_B, CF_S = 11, 12


@dataclass(slots=True, eq=False, repr=False)
class Fighter:
    """One fighter in the bout. The card never changes; everything else is the bout's
    effect on him. Effective ratings (``cf`` ... ``ki``) are recomputed by
    ``ratings.refresh`` from the card side in use and the modifiers below."""

    # --- identity and card ---
    side: str  #: "red" or "blue"
    name: str  #: the card's name, or "Red"/"Blue"
    card: dict  #: the validated card (never changed)
    traits: list  #: the card's traits (canonical names)
    rating: int  #: Overall Rating
    card_style: str  #: B, S or E as printed
    style: str  #: the style used now (B or S); an E fighter chooses each round
    hit: tuple  #: RESULT (1-80) -> (points, punch), from the hitting values
    fresh: dict  #: the card's fresh side
    fatigued_side: dict  #: the card's fatigued side
    fresh_t: tuple  #: ``side_numbers(fresh)``
    fat_t: tuple  #: ``side_numbers(fatigued_side)``
    end: int  #: endurance left (for the bout's length); 0 = fatigued from next round
    cut_rating: int  #: cut rating, raised by some cuts and swellings
    opp: Fighter | None = None  #: the opponent (unlinked when the bout is over)
    corner: dict | None = None  #: his corner men {name, cut, strategy}
    thr: tuple = (30, 50, 60)  #: TKO thresholds (one, two, three rounds) for this bout
    either: bool = False  #: an (E)ither fighter (boxing costs him 2 KP)
    careless: bool = False  #: Careless against a 9+ opponent (traits on): KD1 -2, KP -2
    southpaws: bool = False  #: both fighters southpaw (option on): DEF +2 rounds 1-3
    round_trait: bool = False  #: a trait whose CF depends on the round (traits on:
    #: Strong Closer, Fireplug, Front Runner; ``ratings.round_traits``)
    fatigued: bool = False  #: using the fatigued side of the card
    second_wind_used: bool = False  #: Second Wind already tried
    # --- cuts, swelling and damage ---
    damage: int = 0  #: accumulated damage points (cuts and swelling)
    damage_checked: int = 0  #: damage at the last referee/doctor look
    locations: dict = field(default_factory=dict)  #: location -> [times, worked, source]
    # --- rating modifiers (added by ``refresh``) ---
    base_cf: int = 0  #: CF against the opponent's style (converted, southpaw)
    cf_bout: int = 0  #: CF change for the rest of the bout (cuts, injuries, traits)
    pl_bout: int = 0  #: PL change for the rest of the bout (cuts)
    def_bout: int = 0  #: DEF change for the rest of the bout (cuts, conditions)
    cf_round: int = 0  #: CF change for this round (conditions, injuries, traits)
    def_round: int = 0  #: DEF change for this round (conditions)
    cf_next: int = 0  #: CF change waiting for the next round
    def_next: int = 0  #: DEF change waiting for the next round
    cf_trait: int = 0  #: CF change from traits (Fights Down, Inconsistent, Self-Doubts)
    pl_trait: int = 0  #: PL change from traits (Inconsistent)
    smod: tuple = NO_MODS  #: strategy modifiers this round (CF, PL, DEF, CP, KP, KD1)
    kd_temp: int = 0  #: KD1 added for the rest of the round (KD2 after a knockdown)
    carry: bool = False  #: a knockdown's carry-over into this round
    end_drain: int = 0  #: END lost every round (torn lip, mouth cut, broken nose)
    # --- effective ratings (``refresh``) ---
    numbers: tuple | None = None  #: ``fresh_t`` or ``fat_t``: the side ``refresh`` last read
    cf: int = 0  #: control factor now
    pl: int = 0  #: top of Punches Landed
    kp: int = 0  #: one-punch power (knockdown check at RN <= KP)
    pm: int = 0  #: top of Punches Missed
    cpd: int = 0  #: start of the counterpunch-defence range (a miss at RN >= CPD)
    clinch: int = 0  #: top of Clinching
    deff: int = 0  #: DEF (added to the opponent's PL)
    cp: int = 0  #: counterpunch rating (added to PL on a counter)
    kd1: int = 0  #: KD1 now (with KD2 after a knockdown, carry-over)
    kd2: int = 0  #: KD2
    ko: int = 0  #: KO rating
    ki: int = 0  #: killer instinct (cards in a KI run)
    # --- injuries and fouls ---
    hand: int = 0  #: hand injury: 1 hurt (2-pt punches -1), 2 hurt (3-pt -1), 3 broken (all -1)
    injuries: list = field(default_factory=list)  #: injury keys suffered
    rib: bool = False  #: a possibly broken rib (checked before each round)
    slugger_round: bool = False  #: forced to slug for the rest of the round (leg, ankle)
    warnings: int = 0  #: warnings received in the bout
    points_lost: int = 0  #: points deducted in the bout
    fouled_round: int = 0  #: times fouled this round (Anger Issues)
    fouled_total: int = 0  #: times fouled in the bout (Anger Issues)
    anger: int = 0  #: Anger Issues retaliations
    towel_used: bool = False  #: his corner has thrown the towel once
    # --- traits and the corner's tally ---
    froze: bool = False  #: Freezes has cost him 2 CF
    front: int = 0  #: Front Runner's CF change
    won_streak: int = 0  #: rounds won in a row (Front Runner)
    lost_streak: int = 0  #: rounds lost in a row (Front Runner)
    self_doubt: bool = False  #: Self-Doubts has cost him 1 CF
    margin: int = 0  #: rounds won minus lost by points (the corner's own tally)
    strategy: str = "none"  #: strategy applied to him this round
    # --- this round (reset at the bell by ``rounds.run``) and the rounds before ---
    against: list = field(default_factory=list)  #: points scored against him, per round
    alarm: int = 0  #: opponent's points this round from which a TKO or towel is possible
    pts: int = 0  #: points scored this round
    landed: int = 0  #: punches landed this round
    missed: int = 0  #: punches missed this round
    clinches: int = 0  #: clinches this round
    actions: int = 0  #: actions taken in control this round
    kd_counts: list = field(default_factory=list)  #: counts of his knockdowns this round
    kd_scored: int = 0  #: knockdowns he scored this round
    deducted: int = 0  #: points deducted from him this round
    end_extra: int = 0  #: END lost (or, negative, restored) this round beyond points

    @property
    def thrown(self) -> int:
        """Punches thrown this round: every punch lands or misses, so it is not
        counted apart (a count a punch was ~0.5% of a bout)."""
        return self.landed + self.missed


def new_fighter(side: str, card: dict, end: int) -> Fighter:
    """A fighter at the first bell (the fields in ``Fighter``'s order, without keywords:
    this runs twice a bout)."""
    fresh = card["fresh"]
    fatigued = card["fatigued"]
    style = card["style"]
    return Fighter(
        side,  # side
        card.get("name") or side.capitalize(),  # name
        card,  # card
        card["traits"],  # traits
        card["rating"],  # rating
        style,  # card_style
        "S" if style == "E" else style,  # style
        hitting_table(card["hitting"]),  # hit
        fresh,  # fresh
        fatigued,  # fatigued_side
        side_numbers(fresh),  # fresh_t
        side_numbers(fatigued),  # fat_t
        end,  # end
        card["cut"],  # cut_rating
    )


@dataclass(slots=True, eq=False, repr=False)
class BoutState:
    """Everything one bout knows, from the first bell to the result."""

    # --- the inputs ---
    rng: random.Random  #: the bout's only source of randomness
    rounds: int  #: rounds scheduled
    opt: dict  #: validated options (``options.validate_options``)
    plans: dict  #: validated plans (``options.validate_plans``)
    officials: dict  #: referee, judges and doctor (given or drawn)
    corners: dict  #: red and blue corner men (given or drawn)
    red: Fighter  #: the red corner's fighter
    blue: Fighter  #: the blue corner's fighter
    ref: dict  #: the referee {name, fouls, stoppage, overall, level}
    tolerance: str  #: the referee's approach to fouls (very_lenient ... strict)
    judges: list  #: the three judges {name, bias, close_round}
    doctor: str  #: the ringside doctor's caution (cautious, balanced, permissive)
    # --- options read in the hot paths ---
    traits_on: bool  #: option ``traits``
    injuries_on: bool  #: option ``injuries``
    timing: bool  #: option ``advanced_timing``
    ki_timing: bool  #: option ``ki_timing``
    classic: bool  #: option ``era`` is classic (the Foul Table's 1969-or-earlier rows)
    ctx: dict  #: judging context: aggressor side, styles, Safety First and Plays to Crowd sides
    card_usage: bool = False  #: option ``card_usage``
    discretion: bool = False  #: option ``referee_discretion``
    cf_conversion: bool = False  #: option ``cf_conversion``
    aggressiveness: bool = False  #: option ``aggressiveness``
    judge_leanings: bool = False  #: option ``judge_leanings``
    missing_punches: bool = False  #: option ``missing_punches``
    advanced_clinching: bool = False  #: option ``advanced_clinching``
    referee_errors: str = "once"  #: option ``referee_errors``
    strategies_on: bool = True  #: option ``strategies``
    towel_on: bool = True  #: option ``throw_in_towel``
    near_knockdown_ki: bool = False  #: option ``near_knockdown_ki``
    front_runners: bool = False  #: a fighter has Front Runner (traits on): its CF kept
    #: at the end of every round (``rounds.front_runner``)
    southpaw_cf: tuple = (0, 0)  #: CF lost by red, blue in rounds 1-5 (option ``southpaw``:
    #: an orthodox fighter against a southpaw)
    # --- the record (the result is built from these) ---
    events: list = field(default_factory=list)  #: play-by-play {round, clock, kind, side, text}
    knockdowns: list = field(default_factory=list)  #: {round, time, fighter, count}
    injuries: list = field(default_factory=list)  #: cuts, swelling and injuries
    fouls: list = field(default_factory=list)  #: warnings, points and disqualifications
    round_stats: list = field(default_factory=list)  #: one ``rounds.stats_line`` per round
    cards: list = field(default_factory=lambda: [[], [], []])  #: per judge, [red, blue] a round
    strategies_log: list = field(default_factory=list)  #: strategies chosen and used per round
    errors_log: list = field(default_factory=list)  #: referee errors made
    # --- the clock and the deck ---
    rnd: int = 0  #: the round being fought (0 before the first bell)
    full: list | None = None  #: the shuffled 100 cards for this pair of rounds
    deck: list = field(default_factory=list)  #: this round's cards (grows when time stops)
    i: int = 0  #: index of the next card of ``deck``
    returned: int = 0  #: cards given back to the round because time stood still
    tick: int = 0  #: the round clock last shown, in cards (0-50; never goes back)
    # --- the action ---
    aggressor: Fighter | None = None  #: the round's aggressor (makes the first control check)
    higher_agg: Fighter | None = None  #: the fighter with the higher AGG (the aggressor of
    #: every round; None when the AGGs are equal)
    first: Fighter | None = None  #: who makes the next control check: the aggressor, then
    #: whoever acted last (``actions.play``; after a counter the counterpuncher)
    next: Fighter | None = None  #: who acts next without a control check (5H, KI, counters)
    trapper: Fighter | None = None  #: who has pinned the other on the ropes or in a corner
    ki_left: int = 0  #: actions left in the killer-instinct run
    ki_side: Fighter | None = None  #: whose killer-instinct run it is (at an action's
    #: start only while it has actions left: ``knockdowns.end_ki`` ends it after one)
    pending: list = field(default_factory=list)  #: cuts/injuries held back by KI timing
    last_winner: Fighter | None = None  #: the last fighter to win a round on points
    # --- the referee and the doctor ---
    error: int = tables.ERR_NONE  #: the referee's error for this round (Referee Error table)
    errors_used: set = field(default_factory=set)  #: once-a-fight errors already made
    favor_used: bool = False  #: "favours the named fighter" used
    slip_used: bool = False  #: "calls a slip a knockdown" used
    flash_used: bool = False  #: "misses a flash knockdown" used
    one_more_round: tuple | None = None  #: (side, round): the doctor's one more round
    # --- the end ---
    bout_end: tuple | None = None  #: (winner side or None, method, between rounds?)
