"""Named options (the book's advanced and optional rules) and plans (strategy choices)."""

from __future__ import annotations

from ..errors import OptionError, PlanError
from .strategy import CATEGORY_DEFAULT, STRATEGIES

# name -> default. Booleans unless listed in CHOICES.
DEFAULTS = {
    "cf_conversion": True,  # CF Conversion Chart ("highly recommended")
    "aggressiveness": True,  # +1 to the aggressor's round total if he outscored
    "foul_damage": True,  # warnings -2 END, points -4 END to the fouled fighter
    "head_butt": True,  # head-butt warnings may cut either fighter
    "advanced_timing": True,  # time stops for warnings, injuries, specials; counts take time
    "mandatory_eight": False,  # a mandatory eight count after every knockdown
    "saved_by_bell": False,  # unified rules: no saving by the bell
    "three_knockdown": False,  # world title rules: no three-knockdown rule
    "southpaw": True,
    "missing_punches": False,  # missed punches also come off endurance
    "ki_timing": False,  # killer-instinct runs ignore fouls, cuts, injuries, movement, specials
    "advanced_clinching": False,
    "referee_errors": "once",  # off | once (method 1) | per_round (method 2)
    "throw_in_towel": True,
    "strategies": True,
    "traits": True,
    "injuries": True,
    "card_usage": False,  # checks for cuts, fouls, injuries, specials from the idle deck
    "referee_discretion": False,  # invention (not in the book): stoppages after knockdowns,
    # corners retiring a spent, beaten fighter (RULES.md, "Inventions")
    "near_knockdown_ki": False,  # invention (not in the book): a K1-10 or * he survives
    # scores 5 and starts a KI run, instead of the reference's 6 points (RULES.md, "Inventions")
    "judge_leanings": False,  # invention (not in the book): the judges' close_round and bias
    # decide an E (and, with a bias, an HS/LS) mark on a Check round (RULES.md, "Inventions")
    "era": "modern",  # modern (1970 on) | classic (1969 or earlier): the foul table's last rows
}
CHOICES = {"referee_errors": ("off", "once", "per_round"), "era": ("modern", "classic")}


def validate_options(options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise OptionError("options", "must be an object of named options")
    out = dict(DEFAULTS)
    if not options:  # (most bouts: the defaults; no sort of an empty dict)
        return out
    for key in sorted(options):
        value = options[key]
        if key not in DEFAULTS:
            raise OptionError(
                f"options.{key}",
                f"titlebout has no such option (known: {', '.join(sorted(DEFAULTS))})",
            )
        if key in CHOICES:
            if value not in CHOICES[key]:
                raise OptionError(
                    f"options.{key}", f"must be one of {', '.join(CHOICES[key])} (got {value!r})"
                )
        elif not isinstance(value, bool):
            raise OptionError(f"options.{key}", f"must be true or false (got {value!r})")
        out[key] = value
    return out


def _strategy(value, side: str, where: str):
    if value is None:
        return None
    if not isinstance(value, str):
        raise PlanError(f"{where}: strategy must be a name (got {value!r})", side=side)
    key = value.strip()
    if key.upper() in CATEGORY_DEFAULT:
        return CATEGORY_DEFAULT[key.upper()]
    key = key.lower().replace(" ", "_").replace("-", "_")
    if key not in STRATEGIES and key != "none":
        raise PlanError(
            f"{where}: unknown strategy {value!r} (FI, FO, CU, KO, none or one of "
            f"{', '.join(STRATEGIES)})",
            side=side,
        )
    return key


def _style(value, side: str, where: str):
    if value is None:
        return None
    if value not in ("B", "S"):
        raise PlanError(f"{where}: style must be B or S (got {value!r})", side=side)
    return value


def validate_plans(plans) -> dict:
    """``{"red": {"strategy": X or [X per round], "style": "B"/"S" or [...]}}``.

    X is a category (FI, FO, CU, KO: its usual strategy), a strategy name, "none"
    (no strategy) or null (the solo tables decide: the default corner policy)."""
    if plans is None:
        return {}
    if not isinstance(plans, dict):
        raise OptionError("plans", "must be an object with red and/or blue")
    out = {}
    for side in sorted(plans):
        if side not in ("red", "blue"):
            raise OptionError(f"plans.{side}", "plans are given per side: red, blue")
        plan = plans[side]
        if plan is None:
            continue
        if isinstance(plan, (str, list)):
            plan = {"strategy": plan}
        if not isinstance(plan, dict):
            raise PlanError("must be an object {strategy, style}", side=side)
        unknown = sorted(set(plan) - {"strategy", "style"})
        if unknown:
            raise PlanError(f"unknown plan field {unknown[0]!r} (strategy, style)", side=side)
        norm = {}
        for key, check in (("strategy", _strategy), ("style", _style)):
            value = plan.get(key)
            if isinstance(value, list):
                if len(value) > 15:
                    raise PlanError(f"{key}: at most 15 rounds", side=side)
                norm[key] = [check(v, side, f"{key}[{i}]") for i, v in enumerate(value)]
            else:
                norm[key] = check(value, side, key)
        out[side] = norm
    return out


def plan_for_round(plan: dict | None, key: str, rnd: int):
    if not plan:
        return None
    value = plan.get(key)
    if isinstance(value, list):
        return value[rnd - 1] if rnd - 1 < len(value) else None
    return value
