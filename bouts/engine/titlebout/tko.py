"""Points scored against a fighter: the scoring event, Freezes, the TKO check on the
points of one, two or three rounds, and the towel thrown in from his corner."""

from __future__ import annotations

from ..result import DQ, TKO
from . import clock, ratings, tables
from .state import BoutState, Fighter, finish


def score(state: BoutState, attacker: Fighter, pts: int, what: str, kind: str = "punch"):
    """``attacker`` scores ``pts``: the event, Freezes, the TKO check."""
    attacker.pts += pts
    defender = attacker.opp
    if pts:
        clock.ev(state, kind, attacker.side, f"{attacker.name} {what} ({pts})")
    if pts >= 4:
        freeze_check(state, attacker)
    tko_check(state, defender)


def freeze_check(state: BoutState, attacker: Fighter):
    """Freezes: a 4+ point punch from a 10+ KP puncher costs 2 CF for the bout."""
    defender = attacker.opp
    if (
        state.traits_on
        and not defender.froze
        and "freezes" in defender.traits
        and attacker.fresh["kp"] >= 10
    ):
        defender.froze = True
        defender.cf_bout -= 2
        ratings.refresh(state, defender)
        clock.ev(
            state, "trait", defender.side, f"{defender.name} freezes in front of the big puncher"
        )


def thresholds(state: BoutState, fighter: Fighter) -> tuple:
    """TKO points against ``fighter`` (one, two, three rounds), shifted by the referee."""
    base = (
        tables.TKO_ABSORBER
        if state.traits_on and "absorber" in fighter.traits
        else tables.TKO_POINTS
    )
    shift = tables.STOPPAGE_SHIFT[state.ref["stoppage"]]
    return base[0] + shift, base[1] + shift, base[2] + shift


def tko_check(state: BoutState, fighter: Fighter):
    """Technical knockout on points scored against ``fighter`` over one, two or three
    consecutive rounds, checked after every scoring event; the towel."""
    opponent = fighter.opp
    this = opponent.pts
    if this < fighter.alarm:
        return
    hist = fighter.against
    one, two, three = fighter.thr
    two_pts = this + (hist[-1] if hist else 0)
    three_pts = two_pts + (hist[-2] if len(hist) >= 2 else 0)
    if this >= one or two_pts >= two or three_pts >= three:
        clock.ev(
            state,
            "tko",
            opponent.side,
            f"The referee steps in and stops it: {opponent.name} wins by TKO",
        )
        finish(state, opponent, TKO)
    if (
        state.towel_on
        and not fighter.towel_used
        and (this >= one - 5 or two_pts >= two - 5 or three_pts >= three - 5)
    ):
        towel(state, fighter)


def towel(state: BoutState, fighter: Fighter):
    """Throw in the towel (option): within five points of a TKO, once per corner."""
    fighter.towel_used = True
    res = tables.towel(state.tolerance, clock.rn20(state))
    if res == "stop":
        clock.ev(
            state,
            "towel",
            fighter.side,
            f"{fighter.name}'s corner throws in the towel and the referee stops the bout",
        )
        finish(state, fighter.opp, TKO)  # the book: "stops the bout and award a TKO"
    elif res == "ignore":
        clock.ev(
            state,
            "towel",
            fighter.side,
            f"{fighter.name}'s corner throws in the towel; the referee kicks it out of the ring",
        )
    elif res == "warn":
        clock.ev(
            state,
            "towel",
            fighter.side,
            f"The referee picks up the towel and warns {fighter.name}'s corner",
        )
    elif clock.rn20(state) >= 19:
        clock.ev(
            state,
            "towel",
            fighter.side,
            f"A corner man climbs through the ropes to confront the "
            f"referee: {fighter.name} is disqualified",
        )
        finish(state, fighter.opp, DQ)
    else:
        clock.ev(
            state,
            "towel",
            fighter.side,
            "The referee ignores the towel; the corner waits for the bell",
        )
