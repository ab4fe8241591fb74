"""Steps 2 and 3 of a round: fighting styles (computed simultaneously, floors at 1) and
the height bonus with its style modifiers."""

from __future__ import annotations


def apply_styles(red: tuple, blue: tuple, red_style: str, blue_style: str, red_agg, blue_agg):
    """Both fighters' style effects, computed from the same starting values.

    ``red``/``blue`` are (STR, SPD, AGL). Returns ``(red', blue', red's AGG, blue's)``
    with the AGG each fighter actually uses (clinch, feint and counter-punching lower it).
    Every change is computed from the unmodified values (simultaneity), then no
    attribute is below 1."""
    red_change = [0.0, 0.0, 0.0]  # STR, SPD, AGL
    blue_change = [0.0, 0.0, 0.0]
    for style, own, other, own_change, other_change in (
        (red_style, red, blue, red_change, blue_change),
        (blue_style, blue, red, blue_change, red_change),
    ):
        if style:
            style_effects(style, own, other, own_change, other_change)
    red_after = floored(red, red_change)
    blue_after = floored(blue, blue_change)
    red_agg, blue_agg = style_aggression(red_style, blue_style, red_agg, blue_agg)
    return red_after, blue_after, red_agg, blue_agg


def floored(attributes: tuple, changes: list) -> tuple:
    """(STR, SPD, AGL) with their style changes, none below 1."""
    strength, speed, agility = attributes
    return (
        max(1.0, strength + changes[0]),
        max(1.0, speed + changes[1]),
        max(1.0, agility + changes[2]),
    )


def style_effects(style: str, own: tuple, other: tuple, own_change: list, other_change: list):
    """One fighter's style: what it adds to his (STR, SPD, AGL) changes and takes from
    his opponent's (``own``/``other``: the unmodified attributes)."""
    strength, speed, agility = own
    other_strength, other_speed, other_agility = other
    if style == "inside":
        own_change[0] += 1.5 + max(0.0, strength - other_strength) * 0.5
        own_change[2] -= 0.15 * agility
    elif style == "clinch":
        own_change[2] += (
            1.5
            - max(0.0, agility - other_agility) * 0.5
            + max(0.0, strength - other_strength) * 0.5
        )
    elif style == "feint":
        own_change[1] += 1.5 + max(0.0, speed - other_speed) * 0.5
    elif style == "counter":
        if speed > other_speed:
            edge = (speed - other_speed) * 0.25
            own_change[2] += edge
            other_change[2] -= min(edge, 0.5 * other_agility)
        elif speed < other_speed:
            own_change[2] -= (other_speed - speed) * 0.5
    elif style == "ring":
        own_change[2] += 1.5 + max(0.0, agility - other_agility) * 0.5
        own_change[0] -= 0.15 * strength
    elif style == "cut":
        if agility > other_agility:
            other_change[2] -= min(agility - other_agility, 0.1 * other_agility)
    elif style == "outside":
        own_change[0] -= 0.15 * strength
    # all-out changes damage and the height bonus, not attributes


def style_aggression(style_a: str, style_b: str, agg_a: int, agg_b: int) -> tuple[int, int]:
    """AGG after clinching (-1), feinting (-1) and counter-punching (below the
    opponent's AGG, after his clinch/feint reduction; both countering: -1 each).
    Never below 1."""
    if style_a in ("clinch", "feint"):
        agg_a = max(1, agg_a - 1)
    if style_b in ("clinch", "feint"):
        agg_b = max(1, agg_b - 1)
    if style_a == "counter" and style_b == "counter":
        return max(1, agg_a - 1), max(1, agg_b - 1)
    if style_a == "counter" and agg_a >= agg_b:
        agg_a = max(1, agg_b - 1)
    elif style_b == "counter" and agg_b >= agg_a:
        agg_b = max(1, agg_a - 1)
    return agg_a, agg_b


def resting_aggression(style: str) -> bool:
    """Whether the AGG a style takes away is rest (clinch, counter) or wasted (feint)."""
    return style != "feint"


def height_bonus(hgt_a: float, hgt_b: float, style_a: str, style_b: str):
    """Step 3: ``((spd_a, agl_a), (spd_b, agl_b))`` height bonuses.

    The taller fighter gains half the height difference in SPD and AGL; halved when he
    fights inside or clinches, x1.5 when he fights outside; when the shorter fighter
    goes all-out the taller man's whole (modified) advantage goes to SPD, none to AGL."""
    if hgt_a == hgt_b:
        return (0.0, 0.0), (0.0, 0.0)
    if hgt_a > hgt_b:
        bonus = _taller_bonus(hgt_a - hgt_b, style_a, style_b)
        return bonus, (0.0, 0.0)
    bonus = _taller_bonus(hgt_b - hgt_a, style_b, style_a)
    return (0.0, 0.0), bonus


def _taller_bonus(diff: float, style: str, shorter_style: str) -> tuple[float, float]:
    factor = 1.0
    if style in ("inside", "clinch"):
        factor = 0.5
    elif style == "outside":
        factor = 1.5
    if shorter_style == "allout":
        return diff * factor, 0.0
    half = diff * 0.5 * factor
    return half, half


def resolve_styles(red: tuple, blue: tuple, red_height, blue_height, red_line, blue_line):
    """Steps 2 and 3 for two plan lines: ``(red', blue', red's AGG, blue's)``, each
    (STR, SPD, AGL) before endurance scaling: the styles, then the height bonus. Pure:
    the bout keeps its attributes per pair of fighters and styles (``fighter.STYLED``)."""
    red, blue, red_agg, blue_agg = apply_styles(
        red, blue, red_line.style, blue_line.style, red_line.agg, blue_line.agg
    )
    if red_height == blue_height:
        return red, blue, red_agg, blue_agg
    (red_speed, red_agility), (blue_speed, blue_agility) = height_bonus(
        red_height, blue_height, red_line.style, blue_line.style
    )
    red = (red[0], red[1] + red_speed, red[2] + red_agility)
    blue = (blue[0], blue[1] + blue_speed, blue[2] + blue_agility)
    return red, blue, red_agg, blue_agg
