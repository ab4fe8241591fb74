"""Fictional fighter cards whose strength follows the Overall Rating (1-10).

Every number is drawn from ranges that follow the 103 real heavyweight cards
(reference file) at ratings 4-10 and extend the same lines below 4."""

from __future__ import annotations

from .cards import PUNCHES, TRAITS, expected_cf, expected_pl

FIRST = (
    "Jake",
    "Tommy",
    "Eddie",
    "Marcus",
    "Ray",
    "Sonny",
    "Luis",
    "Vic",
    "Duke",
    "Carlos",
    "Andre",
    "Billy",
    "Hector",
    "Ivan",
    "Jimmy",
    "Kofi",
    "Lenny",
    "Mick",
    "Nate",
    "Oscar",
    "Pat",
    "Rocco",
    "Sam",
    "Terrell",
    "Ulysses",
    "Vince",
    "Walt",
    "Xavier",
    "Yuri",
    "Zeke",
)
LAST = (
    "Malone",
    "Brennan",
    "Castillo",
    "Dawson",
    "Ellison",
    "Ferris",
    "Gatling",
    "Hobbs",
    "Irving",
    "Jennings",
    "Kowalski",
    "Lassiter",
    "Mendez",
    "Novak",
    "Okafor",
    "Pruitt",
    "Quarles",
    "Roddick",
    "Sandoval",
    "Tolliver",
    "Underwood",
    "Vasquez",
    "Whitlock",
    "Yates",
    "Zamora",
    "Boone",
    "Cutler",
    "Drago",
    "Espada",
    "Fontaine",
)


def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def _even(v: float) -> int:
    return round(v / 2.0) * 2


def _hitting(rng, power: float) -> dict:
    """Five punches covering 1-80: a 3-point then a 2-point range each. ``power``
    (0-1) raises the share of 3-point punches (jab ~ 30% of the card)."""
    weights = (24, 13, 13, 18, 12)
    sizes = [w + rng.randint(-3, 3) for w in weights]
    scale = 80 / sum(sizes)
    sizes = [max(3, round(s * scale)) for s in sizes]
    sizes[0] += 80 - sum(sizes)
    share3 = (0.22, 0.38, 0.42, 0.42, 0.48)
    out = {}
    start = 1
    for punch, size, base in zip(PUNCHES, sizes, share3, strict=True):
        three = round(
            size * _clamp(base + (power - 0.5) * 0.3 + rng.uniform(-0.08, 0.08), 0.1, 0.8)
        )
        three = _clamp(three, 1, size - 1)
        out[punch] = {"three": [start, start + three - 1], "two": [start + three, start + size - 1]}
        start += size
    return out


def generate(rng, rating: float | None = None) -> dict:
    """A fictional card around ``rating`` (1-10; at random if None): the fresh side
    from the rating and style, the fatigued side from the fresh one, then the rest."""
    if rating is None:
        rating = rng.uniform(1.0, 10.0)
    r = float(rating)
    style = rng.choices(("S", "B", "E"), weights=(58, 33, 12))[0]
    fresh = _fresh_side(rng, r, style)
    fatigued = _fatigued_side(rng, fresh)
    slug, boxer = style == "S", style == "B"
    traits = []
    if rng.random() < 0.3:
        traits.append(rng.choice(TRAITS))
    agg = _clamp(
        round(5 + (1.5 if slug else -1 if boxer else 0) + r * 0.2 + rng.uniform(-2, 2)), 1, 10
    )
    end = _clamp(round(62 + r * 4 + rng.uniform(-14, 14)), 40, 160)
    kp = fresh["kp"]
    strat = {
        "FI": _clamp(round(4 + r * 0.35 + (1 if slug else 0) + rng.uniform(-1.5, 1.5)), 1, 10),
        "FO": _clamp(round(3 + r * 0.45 + (2 if boxer else 0) + rng.uniform(-1.5, 1.5)), 1, 10),
        "CU": _clamp(round(4 + r * 0.4 + rng.uniform(-1.5, 1.5)), 1, 10),
        "KO": _clamp(round(2 + r * 0.3 + kp * 0.3 + rng.uniform(-1.5, 1.5)), 1, 10),
    }
    return {
        "name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
        "rating": _clamp(round(r), 1, 10),
        "style": style,
        "southpaw": rng.random() < 0.12,
        "traits": traits,
        "agg": agg,
        "end": end,
        "cut": _clamp(round(rng.triangular(1, 8, 3)), 0, 10),
        "foul": rng.choices("ABCDE", weights=(40, 32, 18, 7, 3))[0],
        "fresh": fresh,
        "fatigued": fatigued,
        "hitting": _hitting(rng, kp / 12),
        "strategy": strat,
    }


def _fresh_side(rng, r: float, style: str) -> dict:
    """The fresh side for rating ``r``: boxers control sluggers a little better,
    sluggers boxers a little worse; sluggers hit harder, boxers land more."""
    slug, boxer = style == "S", style == "B"
    cf = expected_cf(r) + rng.uniform(-0.8, 0.8)
    cf_b = round(cf + (0.3 if boxer else -0.2) + rng.uniform(-0.6, 0.6))
    cf_s = round(cf + (0.6 if boxer else 0.2) + rng.uniform(-0.6, 0.6))
    cf_b, cf_s = _clamp(cf_b, 2, 14), _clamp(cf_s, 2, 14)
    pl = round(expected_pl(r) + rng.uniform(-2.0, 2.0) + (1 if boxer else 0))
    pl = _clamp(pl, 18, 38)
    kp = round(1.6 + r * 0.5 + (2.0 if slug else -1.0 if boxer else 0.5) + rng.uniform(-2.5, 2.5))
    kp = _clamp(kp, 1, 12)
    deff = _clamp(_even(3.5 - r * 0.75 + rng.uniform(-2.5, 2.5) - (1 if boxer else 0)), -6, 6)
    pm_top = _clamp(pl + rng.randint(12, 17), pl + 8, 56)
    cpd_len = _clamp(round(8.5 - r * 0.45 + rng.uniform(-1.5, 1.5)), 2, pm_top - pl - 1)
    clinch_top = _clamp(pm_top + rng.randint(8, 15), pm_top + 3, 74)
    cp = _clamp(round(1 + r * 0.6 + (1 if boxer else 0) + rng.uniform(-1.5, 1.5)), 1, 10)
    kd1 = _clamp(round(rng.triangular(0, 6, 2) - (r - 6) * 0.15), 0, 6)
    kd2 = _clamp(round(rng.triangular(0, 8, 3.5) - (r - 6) * 0.2), 0, 8)
    ko = _clamp(round(rng.triangular(0, 9, 2) - (r - 6) * 0.25), 0, 10)
    ki = _clamp(round(4.5 + r * 0.45 + rng.uniform(-1.5, 1.5)), 3, 10)
    return {
        "cf_b": cf_b,
        "cf_s": cf_s,
        "def": deff,
        "cp": cp,
        "kd1": kd1,
        "kd2": kd2,
        "ko": ko,
        "ki": ki,
        "pl": [1, pl],
        "kp": kp,
        "pm": [pl + 1, pm_top],
        "cpd": pm_top - cpd_len + 1,
        "clinch": [pm_top + 1, clinch_top],
        "move": [clinch_top + 1, 80],
    }


def _fatigued_side(rng, fresh: dict) -> dict:
    """The fatigued side: less control, fewer punches landed, easier to knock down."""
    pl, pm_top, clinch_top = fresh["pl"][1], fresh["pm"][1], fresh["clinch"][1]
    cpd_len = pm_top - fresh["cpd"] + 1
    drop = rng.randint(0, 2)
    f_pl = _clamp(pl - rng.randint(1, 4), 14, pl)
    f_pm = _clamp(pm_top + rng.randint(0, 3), f_pl + 6, clinch_top - 1)
    f_cpd_len = _clamp(cpd_len + rng.randint(0, 2), 2, f_pm - f_pl - 1)
    return {
        "cf_b": _clamp(fresh["cf_b"] - 1 - (drop == 2), 1, 14),
        "cf_s": _clamp(fresh["cf_s"] - 1 - (drop == 2), 1, 14),
        "def": _clamp(fresh["def"] + rng.choice((2, 2, 4)), -6, 8),
        "cp": _clamp(fresh["cp"] - rng.randint(0, 1), 0, 10),
        "kd1": _clamp(fresh["kd1"] + rng.randint(1, 2), 0, 8),
        "kd2": _clamp(fresh["kd2"] + rng.randint(0, 1), 0, 9),
        "ko": _clamp(fresh["ko"] + rng.randint(0, 1), 0, 10),
        "ki": _clamp(fresh["ki"] - rng.randint(0, 2), 2, 10),
        "pl": [1, f_pl],
        "kp": _clamp(fresh["kp"] - rng.randint(0, 2), 0, f_pl),
        "pm": [f_pl + 1, f_pm],
        "cpd": f_pm - f_cpd_len + 1,
        "clinch": [f_pm + 1, clinch_top],
        "move": [clinch_top + 1, 80],
    }
