"""The bridge from rows to the engine: a bout's inputs as plain JSON.

``inputs_snapshot`` reads a bout's cards, officials, corners and plans once, when
the bout is queued, and the snapshot is stored on the bout (``Bout.inputs``):
editing a card, a referee or a corner man later changes no queued or finished
bout, and ``replay_bout`` re-fights exactly what was fought.

Snapshot shape (version 1)::

    {"version": 1, "ruleset": "pocket", "rounds": 10, "seed": 123,
     "red": <card or side>, "blue": <card or side>,
     "officials": {"referee": {...}, "judges": [{...} x3], "doctor": {...}},
     "corners": {"red": {...}, "blue": {...}} or null,
     "plans": {...}, "options": {...},
     "fighters": {"red": [fighter ids], "blue": [fighter ids]},
     "plan_sources": {"red": {"kind": "bout", "version": 2}, "blue": {"kind": "ruleset"}}}

``plan_sources`` (where each side's plan came from: ``bouts.plans.plans_to_fight``)
is read by the bout report only; the engine never sees it.

One-on-one card: ``{**card.data, "name": fighter.name}``. Team side: the
ruleset's ``build_side(camp.name, [{**card.data, "id", "name"}, ...],
random.Random(seed))`` over the camp's active fighters with a card for the
ruleset, by id. Officials and corners omit what is not assigned (the engine
draws them).
"""

from __future__ import annotations

import random

from bouts.engine import BoutResult, get_ruleset, simulate

SNAPSHOT_VERSION = 1


def referee_input(referee) -> dict:
    return {
        "name": referee.name,
        "fouls": referee.fouls,
        "stoppage": referee.stoppage,
        "overall": referee.overall,
    }


def judge_input(judge) -> dict:
    return {"name": judge.name, "bias": judge.bias, "close_round": judge.close_round}


def doctor_input(doctor) -> dict:
    return {"name": doctor.name, "caution": doctor.caution}


def corner_input(corner) -> dict:
    return {"name": corner.name, "cut": corner.cut, "strategy": corner.strategy}


def officials_input(*, referee=None, judges=(), doctor=None) -> dict:
    officials = {}
    if referee is not None:
        officials["referee"] = referee_input(referee)
    judges = [j for j in judges if j is not None]
    if judges:
        officials["judges"] = [judge_input(j) for j in judges]
    if doctor is not None:
        officials["doctor"] = doctor_input(doctor)
    return officials


def corners_input(*, red=None, blue=None) -> dict | None:
    corners = {}
    if red is not None:
        corners["red"] = corner_input(red)
    if blue is not None:
        corners["blue"] = corner_input(blue)
    return corners or None


def one_on_one_card(fighter, card) -> dict:
    return {**card.data, "name": fighter.name}


def team_side(ruleset: str, camp, members: list, seed: int):
    """A camp's side: ``members`` are ``(fighter, card)`` pairs in id order."""
    cards = [{**card.data, "id": fighter.id, "name": fighter.name} for fighter, card in members]
    return get_ruleset(ruleset).build_side(camp.name, cards, random.Random(seed))


def inputs_snapshot(
    *, bout, sides: dict, fighter_ids: dict, plans: dict | None = None, plan_sources=None
) -> dict:
    """The engine inputs for ``bout`` (officials, corners, options read from the
    row; ``sides`` already built: see ``bouts.services``). ``plans``: what each
    side fights with (``bouts.plans.plans_to_fight``; default: the row's own),
    ``plan_sources`` where each came from (kept for the bout report)."""
    snapshot = {
        "version": SNAPSHOT_VERSION,
        "ruleset": bout.ruleset,
        "rounds": bout.scheduled_rounds,
        "seed": bout.seed,
        "red": sides["red"],
        "blue": sides["blue"],
        "officials": officials_input(
            referee=bout.referee,
            judges=(bout.judge_1, bout.judge_2, bout.judge_3),
            doctor=bout.doctor,
        ),
        "corners": corners_input(red=bout.red_corner, blue=bout.blue_corner),
        "plans": (bout.plans or {}) if plans is None else plans,
        "options": bout.options or {},
        "fighters": fighter_ids,
    }
    if plan_sources is not None:
        snapshot["plan_sources"] = plan_sources
    return snapshot


def simulate_inputs(inputs: dict, **overrides) -> BoutResult:
    """Fight a bout from its snapshot. ``overrides`` (seed, options, officials,
    ...) replace snapshot keys for what-if runs. Raises ``EngineError`` for a bad
    snapshot."""
    data = {**inputs, **overrides}
    return simulate(
        data["ruleset"],
        data["red"],
        data["blue"],
        rounds=data.get("rounds"),
        seed=data["seed"],
        officials=data.get("officials") or None,
        corners=data.get("corners") or None,
        plans=data.get("plans") or None,
        options=data.get("options") or None,
    )
