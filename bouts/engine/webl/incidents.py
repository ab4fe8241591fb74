"""The round's incidents, each with its records and play-by-play events: fouls and
warnings (step 5), injuries (step 9, the rolls made by the bout) and knockdowns,
knockouts and stuns (step 10). These are the rare paths of a round."""

from __future__ import annotations

from math import floor

from ..result import KO, TKO
from .clock import CLOCKS, LAST_SECOND, MOMENTS, ROUND_SECONDS, ROUND_SECONDS_F
from .fighter import Fighter
from .formulas import KNOCK_THRESHOLDS
from .injuries import LOCATIONS, injure, injury_name, injury_type, severity

DQ_LADDER = (0.10, 0.20, 0.40, 0.80, 1.0)  # step 5: DQ chance at the 1st..5th warning
# knocks: damage below the knockdown line is below the other two
assert all(one <= two <= out for one, two, out in KNOCK_THRESHOLDS.values())
_STUN_SCALE = ROUND_SECONDS * 0.9  # computed as the expression did: the same float


def fouls(fighter: Fighter, rnd, dirty, hold, refereeing):
    """Step 5 for one fighter: ``(warned for dirty fighting, penalty points)``;
    ``refereeing`` is what the referee's calls read and write of the bout: ``(its
    Random, warn_p, unint_p, the foul records, the events)``.

    A dirty fighter is warned with ``warn_p`` (seed 50%); any fighter may be warned
    for an unintentional foul (``unint_p``, seed 1.5%), which counts on the ladder
    but never disqualifies. The n-th warning for dirty fighting disqualifies with
    10/20/40/80/100%; every warning that does not disqualify costs a point. A
    clinching fighter with DEF >= 10 is penalised for holding with DEF x DEF / 4 %."""
    rng, warn_p, unint_p, records, events = refereeing
    random = rng.random
    points = 0
    dirty_warned = False
    kind = None
    if dirty and random() < warn_p:
        kind = "dirty"
        dirty_warned = True
    elif (dirty or hold) and random() < unint_p:
        kind = "unintentional"
    elif not (dirty or hold):
        kind = "unintentional"  # the caller's roll already landed
    if kind:
        fighter.warnings += 1
        n = fighter.warnings
        seconds = 1 + floor(random() * MOMENTS)
        if kind == "dirty" and random() < DQ_LADDER[min(n, len(DQ_LADDER)) - 1]:
            fighter.dq = True
            penalty, pts, outcome = "disqualification", 0, "disqualified"
        else:  # "After one warning, the fighter has one point taken away from him"
            penalty, pts, outcome = "point", 1, "loses a point"
        points += pts
        what = "foul blows" if kind == "dirty" else "an unintentional foul"
        text = f"{fighter.name} is warned for {what} and {outcome}."
        records.append(
            {
                "round": rnd,
                "time": CLOCKS[seconds],
                "fighter": fighter.side,
                "type": kind,
                "penalty": penalty,
                "points": pts,
                "warning": n,
            }
        )
        events.append(
            {
                "round": rnd,
                "clock": CLOCKS[seconds],
                "kind": "foul",
                "side": fighter.side,
                "text": text,
            }
        )
    if hold and random() < hold:
        seconds = 1 + floor(random() * MOMENTS)
        points += 1
        records.append(
            {
                "round": rnd,
                "time": CLOCKS[seconds],
                "fighter": fighter.side,
                "type": "holding",
                "penalty": "point",
                "points": 1,
                "warning": fighter.warnings,
            }
        )
        events.append(
            {
                "round": rnd,
                "clock": CLOCKS[seconds],
                "kind": "foul",
                "side": fighter.side,
                "text": f"{fighter.name} is penalised a point for holding.",
            }
        )
    return dirty_warned, points


def injuries(fighter: Fighter, chance, rnd, aggr, new, incidents):
    """Step 9 for one fighter: ``(injury damage, stop or None)``; records the injuries.
    ``incidents`` is what steps 9-10's incidents read and write of the bout: ``(its
    Random, the doctor's lines, the knockdown records, the injury records, the events)``."""
    rng, (doctor_line, gash_stops), _, out, events = incidents
    damage, hits, stop = injure(
        rng, fighter.injuries, chance, rnd, doctor_line, gash_stops, aggr, new
    )
    if not hits:
        return 0.0, None
    fighter.changed = True  # penalties change from the next round
    for loc, level, aggravated in hits:
        seconds = 1 + floor(rng.random() * MOMENTS)
        tail, kind, where, grade = _INJURY.get((loc, level, aggravated)) or _injury(
            loc, level, aggravated
        )
        text = fighter.name + tail
        out.append(
            {
                "round": rnd,
                "time": CLOCKS[seconds],
                "fighter": fighter.side,
                "type": kind,
                "location": where,
                "level": level,
                "severity": grade,
                "aggravated": aggravated,
                "text": text,
            }
        )
        events.append(
            {
                "round": rnd,
                "clock": CLOCKS[seconds],
                "kind": "injury",
                "side": fighter.side,
                "text": text,
            }
        )
    if stop is None:
        return damage, None
    why = {
        "eyes": f"The doctor stops it: both of {fighter.name}'s eyes are swollen shut.",
        "jaw": f"The fight is stopped: {fighter.name}'s broken jaw is aggravated.",
        "doctor": f"The doctor stops it because of {fighter.name}'s injury.",
    }[stop]
    return damage, (rng.random(), TKO, why)


_INJURY: dict[tuple, tuple] = {}  # (location, level, aggravated) -> _injury()


def _injury(loc: int, level: int, aggravated: bool) -> tuple:
    """What an injury record says after the fighter's name: ``(text, type, location,
    severity)``, made once per kind of injury."""
    name = injury_name(loc, level)
    if aggravated:
        tail = f"'s {name} is aggravated."
    elif name.startswith(("badly", "left", "right", "swelling")):
        tail = f" has {name}."
    else:
        tail = f" has a {name}."
    parts = _INJURY[loc, level, aggravated] = (
        tail,
        injury_type(loc),
        LOCATIONS[loc][1],
        severity(loc, level),
    )
    return parts


def knocks(fighter: Fighter, opponent: Fighter, damage, thresholds, rnd, incidents):
    """Step 10 for one fighter: ``(knockdowns, stop or None)``. Damage beyond a knockout
    is used again for knockdowns, reported in random order (a knockout first hides
    them). Damage of at least 75% of the knockdown line is reported as a stun.
    ``incidents`` as ``injuries`` reads it."""
    rng, _, knockdowns, _, events = incidents
    knockdown_line, second_line, knockout_line = thresholds
    if damage < knockdown_line:  # below every line (they rise): no knockout, no knockdown
        fighter.stuns += 1
        second = floor(_STUN_SCALE * damage / knockdown_line - 90.0)  # >= 31: stuns start at 75%
        events.append(
            {
                "round": rnd,
                "clock": CLOCKS[second if second < LAST_SECOND else LAST_SECOND],
                "kind": "stun",
                "side": fighter.side,
                "text": f"{fighter.name} is stunned by {opponent.name}.",
            }
        )
        return 0, None
    if damage >= knockout_line:  # past the knockout line
        ko, rest, ratio_ko = True, damage - knockout_line, knockout_line / damage
    else:
        ko, rest, ratio_ko = False, damage, 1.0
    downs = 2 if rest >= second_line else (1 if rest >= knockdown_line else 0)
    if ko and downs and rng.random() < 0.5:
        downs = 0  # the knockout came first: the knockdowns do not appear
    for i in range(downs):
        share = (
            (knockdown_line if i == 0 else second_line) / damage
            if not ko
            else ratio_ko * (i + 1) / (downs + 1)
        )
        second = floor(share * ROUND_SECONDS_F)  # the second of the round
        when = CLOCKS[1 if second < 1 else (LAST_SECOND if second > LAST_SECOND else second)]
        fighter.downs += 1
        knockdowns.append({"round": rnd, "time": when, "fighter": fighter.side, "count": 8})
        events.append(
            {
                "round": rnd,
                "clock": when,
                "kind": "knockdown",
                "side": fighter.side,
                "text": f"{opponent.name} knocks {fighter.name} down; he is up at eight.",
            }
        )
    if not ko:
        return downs, None
    return downs, (ratio_ko, KO, f"{opponent.name} knocks out {fighter.name}.")
