"""Effective ratings and the choices made before a round: CFs, styles, strategies,
traits, the aggressor. Plain functions of the ``BoutState`` (``state``) and its fighters."""

from __future__ import annotations

from math import floor

from ..result import DQ
from . import clock, tables
from .deck import C_CF, DECK
from .options import plan_for_round
from .state import CF_B, CF_S, NO_MODS, BoutState, Fighter, finish
from .strategy import LABELS, MODS, SOLO_BY_STYLE, STRATEGIES, rating_check, solo_phase, total


# --- effective ratings ----------------------------------------------------------------
def refresh(state: BoutState, fighter: Fighter):
    """Recompute ``fighter``'s effective ratings from the card side in use and his modifiers."""
    numbers = fighter.fat_t if fighter.fatigued else fighter.fresh_t
    pl, pm, cpd, clinch, deff, cp, kp, kd1, kd2, ko, ki, _cf_b, _cf_s = numbers
    if numbers is not fighter.numbers:
        # the side's own ratings (no modifier touches them) change only with the side
        fighter.numbers = numbers
        fighter.pm = pm
        fighter.cpd = cpd
        fighter.clinch = clinch
        fighter.kd2 = kd2
        fighter.ko = ko
        fighter.ki = ki
    cf = fighter.base_cf + fighter.cf_bout + fighter.cf_round + fighter.cf_trait
    pl += fighter.pl_bout + fighter.pl_trait
    deff += fighter.def_bout + fighter.def_round
    strategy_mods = fighter.smod
    if strategy_mods is not NO_MODS:  # a strategy applied this round (whole numbers: same sums)
        cf += strategy_mods[0]
        pl += strategy_mods[1]
        deff += strategy_mods[2]
        cp += strategy_mods[3]
        kp += strategy_mods[4]
        kd1 += strategy_mods[5]
    fighter.cf = cf
    if (
        fighter.either
        and fighter.style == "B"
        and not (state.ki_left > 0 and state.ki_side is fighter)
    ):
        kp -= 2  # boxing costs an E fighter 2 KP, except in his own KI run
    if fighter.careless and not fighter.fatigued:
        kd1 -= 2
        kp -= 2
    if fighter.southpaws and state.rnd <= 3:
        deff += 2
    fighter.pl = pl
    fighter.deff = deff
    fighter.cp = cp
    if kp > pl:
        kp = pl
    fighter.kp = kp if kp > 0 else 0
    if kd1 < 0:
        kd1 = 0
    if fighter.carry:
        kd1 = kd1 + 1 + kd2  # KD1 + 1 + KD2 (a 0 KD1 counts as 1: the same)
    fighter.kd1 = kd1 + fighter.kd_temp


def set_cfs(state: BoutState):
    """Each fighter's CF against the other's style, converted (option), and then both
    fighters' effective ratings (``refresh``)."""
    red, blue = state.red, state.blue
    # the card side in use (``state.side_numbers``)
    red_numbers = red.fat_t if red.fatigued else red.fresh_t
    blue_numbers = blue.fat_t if blue.fatigued else blue.fresh_t
    red_cf = red_numbers[CF_S] if blue.style == "S" else red_numbers[CF_B]
    blue_cf = blue_numbers[CF_S] if red.style == "S" else blue_numbers[CF_B]
    if state.cf_conversion and not red.fatigued and not blue.fatigued:
        # ``tables.convert_cf``: the card's CFs are 1-20
        red_cf, blue_cf = tables.CF_CONVERTED[red_cf][blue_cf]
    if state.rnd <= 5:  # the southpaw option (``BoutState.southpaw_cf``, fixed for the bout)
        red_southpaw, blue_southpaw = state.southpaw_cf
        red_cf -= red_southpaw
        blue_cf -= blue_southpaw
    red.base_cf = red_cf
    blue.base_cf = blue_cf
    refresh(state, red)
    refresh(state, blue)


# --- styles, strategies, traits and the aggressor for a round -------------------------
def choose_style(state: BoutState, fighter: Fighter, margin: int):
    """An (E)ither fighter's style for the round (default corner policy)."""
    if fighter.card_style != "E":
        return fighter.card_style
    if state.plans:
        plan = plan_for_round(state.plans.get(fighter.side), "style", state.rnd)
        if plan:
            return plan
    opponent = fighter.opp
    side = fighter.fatigued_side if fighter.fatigued else fighter.fresh
    opponent_side = opponent.fatigued_side if opponent.fatigued else opponent.fresh
    my_cf = side["cf_s"] if opponent.style == "S" else side["cf_b"]
    edge_s = my_cf - opponent_side["cf_s"]
    edge_b = my_cf - opponent_side["cf_b"]
    late = state.rnd > state.rounds - 3
    if late and margin < 0:
        return "S"
    gain = edge_b - edge_s
    if gain >= 3 or (gain >= 1 and side["kp"] <= 6) or (late and margin > 0 and gain > 0):
        return "B"
    return "S"


def choose_strategies(state: BoutState, red_margin: int, blue_margin: int):
    """Both corners' strategies for the round, at the bell (``red_margin``,
    ``blue_margin``: the corners' tallies of rounds won): each corner's choice, its plan
    or the solo tables (``_pick``, red's first); then which are applied, by the book's
    totals (both chose) or rating check (one chose) (``_used``); then their effects."""
    red, blue = state.red, state.blue
    red.smod = blue.smod = NO_MODS
    red.strategy = blue.strategy = "none"
    if not state.strategies_on:
        return
    number = state.rnd
    red_choice = _pick(state, red, red_margin, number)
    blue_choice = _pick(state, blue, blue_margin, number)
    red_used, blue_used = _used(state, red_choice, blue_choice)
    state.strategies_log.append(
        {
            "round": number,
            "chosen": {"red": red_choice, "blue": blue_choice},
            "used": {"red": red_used, "blue": blue_used},
        }
    )
    if red_used != "none":
        _apply(state, red, red_used, blue_choice)
    if blue_used != "none":
        _apply(state, blue, blue_used, red_choice)


def _apply(state: BoutState, fighter: Fighter, used: str, other_choice: str):
    """A strategy applied: its modifiers against the other corner's choice, and its
    event at the bell."""
    fighter.smod = MODS[used][other_choice]
    fighter.strategy = used
    clock.ev(
        state,
        "strategy",
        fighter.side,
        f"{fighter.name} fights to his corner's plan: {LABELS[used]}",
    )


# the solo tables by the drawn card's index (style -> phase -> the choice for DECK[i]'s
# CF, the RN 1-20): one lookup a draw
_SOLO_BY_CARD = {
    style: {phase: tuple(row[card[C_CF]] for card in DECK) for phase, row in phases.items()}
    for style, phases in SOLO_BY_STYLE.items()
}


def _pick(state: BoutState, fighter: Fighter, margin: int, rnd: int) -> str:
    """A corner's strategy choice: its plan, else the solo tables (an RN 1-20, the
    table by the phase of the bout: ``strategy.solo_phase``)."""
    plan = state.plans.get(fighter.side) if state.plans else None
    choice = plan_for_round(plan, "strategy", rnd) if plan else None
    if choice is None:
        choice = _SOLO_BY_CARD[fighter.style][solo_phase(rnd, state.rounds, margin, fighter.carry)][
            floor(state.rng.random() * 100.0)
        ]
    if choice == "tie_up" and state.traits_on and "constant_clincher" in fighter.traits:
        choice = "defensive_shell"
    return choice


def _used(state: BoutState, red_choice: str, blue_choice: str) -> tuple[str, str]:
    """The strategies applied (red's, blue's) when the corners chose ``red_choice`` and
    ``blue_choice``: the same, both; two, the higher total (a tie: neither); one, his
    rating check."""
    red_used = blue_used = "none"
    if red_choice != "none" and blue_choice != "none":
        if red_choice == blue_choice:
            red_used = blue_used = red_choice
        else:
            red_total = strategy_total(state, state.red, red_choice)
            blue_total = strategy_total(state, state.blue, blue_choice)
            if red_total > blue_total:
                red_used = red_choice
            elif blue_total > red_total:
                blue_used = blue_choice
    else:
        if red_choice != "none" and _carries_out(state, state.red, red_choice):
            red_used = red_choice
        if blue_choice != "none" and _carries_out(state, state.blue, blue_choice):
            blue_used = blue_choice
    return red_used, blue_used


def _carries_out(state: BoutState, fighter: Fighter, choice: str) -> bool:
    """The rating check when only one corner chose a strategy."""
    intellect = state.traits_on and "intellect" in fighter.traits
    return rating_check(
        fighter.card["strategy"][STRATEGIES[choice]], clock.aux_rn(state), intellect
    )


def strategy_total(state: BoutState, fighter: Fighter, choice: str) -> int:
    intellect = state.traits_on and "intellect" in fighter.traits
    corner = tables.STRATEGY_SKILL_VALUE[fighter.corner["strategy"]]
    return total(
        fighter.card["strategy"][STRATEGIES[choice]], corner, clock.aux_rn(state), intellect
    )


def pre_bout(state: BoutState):
    """Traits checked before the bout."""
    if not state.traits_on:
        return
    for fighter in (state.red, state.blue):
        traits = fighter.traits
        if not traits:
            continue
        opponent = fighter.opp
        if "head_case" in traits and clock.aux_rn(state) <= 2:
            clock.ev(
                state, "trait", fighter.side, f"{fighter.name} refuses to leave his dressing room"
            )
            finish(state, opponent, DQ, True)
        if (
            "fights_down" in traits
            and opponent.rating <= fighter.rating - 3
            and clock.aux_rn(state) <= 35
        ):
            fighter.cf_trait -= 2
            clock.ev(
                state,
                "trait",
                fighter.side,
                f"{fighter.name} does not take this opponent seriously",
            )
        if "inconsistent" in traits and clock.aux_rn(state) <= 30:
            fighter.cf_trait -= 2
            fighter.pl_trait -= 2
            clock.ev(state, "trait", fighter.side, f"The wrong {fighter.name} shows up tonight")
        if "self_doubts" in traits and clock.aux_rn(state) <= 20:
            fighter.self_doubt = True
            fighter.cf_trait -= 1
            clock.ev(
                state, "trait", fighter.side, f"{fighter.name} looks tense and unsure of himself"
            )


def round_traits(state: BoutState, fighter: Fighter) -> int:
    """CF traits that depend on the round (strong closer, fireplug, front runner)."""
    if not state.traits_on:
        return 0
    opponent = fighter.opp
    cf_change = 0
    traits = fighter.traits
    if (
        "strong_closer" in traits
        and opponent.rating >= fighter.rating - 1
        and state.rnd > state.rounds - 2
    ):
        cf_change += 1
    if "fireplug" in traits and opponent.fresh["kp"] >= 10 and opponent.card["strategy"]["FO"] >= 9:
        cf_change -= 2
    if "front_runner" in traits:
        cf_change += fighter.front
    return cf_change


def aggressor_for_round(state: BoutState) -> Fighter:
    """Higher AGG; a tie: round 1 the higher Overall Rating, then RNs; later rounds the
    previous round's winner, else the last winner, else the previous aggressor."""
    red, blue = state.red, state.blue
    if red.card["agg"] != blue.card["agg"]:
        return red if red.card["agg"] > blue.card["agg"] else blue
    if state.rnd == 1:
        if red.rating != blue.rating:
            return red if red.rating > blue.rating else blue
        while True:
            red_roll, blue_roll = clock.aux_rn(state), clock.aux_rn(state)
            if red_roll != blue_roll:
                return red if red_roll > blue_roll else blue
    if state.last_winner is not None:
        return state.last_winner
    return state.aggressor
