"""Steps 2 and 3 of a round: fighting styles (computed simultaneously, floors at 1) and
the height bonus with its style modifiers."""

from __future__ import annotations


def apply_styles(a: tuple, b: tuple, style_a: str, style_b: str, agg_a: int, agg_b: int):
    """Both fighters' style effects, computed from the same starting values.

    ``a``/``b`` are (STR, SPD, AGL). Returns ``(a', b', agg_a', agg_b')`` with the
    AGG each fighter actually uses (clinch, feint and counter-punching lower it)."""
    sa, pa, la = a
    sb, pb, lb = b
    # Every delta is computed from the unmodified values (simultaneity).
    da = [0.0, 0.0, 0.0]
    db = [0.0, 0.0, 0.0]
    for style, (s, p, agl), (os_, op, oagl), mine, theirs in (
        (style_a, a, b, da, db),
        (style_b, b, a, db, da),
    ):
        if not style:
            continue
        if style == "inside":
            mine[0] += 1.5 + max(0.0, s - os_) * 0.5
            mine[2] -= 0.15 * agl
        elif style == "clinch":
            mine[2] += 1.5 - max(0.0, agl - oagl) * 0.5 + max(0.0, s - os_) * 0.5
        elif style == "feint":
            mine[1] += 1.5 + max(0.0, p - op) * 0.5
        elif style == "counter":
            if p > op:
                edge = (p - op) * 0.25
                mine[2] += edge
                theirs[2] -= min(edge, 0.5 * oagl)
            elif p < op:
                mine[2] -= (op - p) * 0.5
        elif style == "ring":
            mine[2] += 1.5 + max(0.0, agl - oagl) * 0.5
            mine[0] -= 0.15 * s
        elif style == "cut":
            if agl > oagl:
                theirs[2] -= min(agl - oagl, 0.1 * oagl)
        elif style == "outside":
            mine[0] -= 0.15 * s
        # all-out changes damage and the height bonus, not attributes
    # max(1.0, v) without the builtin call (the same value, ties and NaN alike)
    a2 = (
        v if (v := sa + da[0]) > 1.0 else 1.0,
        v if (v := pa + da[1]) > 1.0 else 1.0,
        v if (v := la + da[2]) > 1.0 else 1.0,
    )
    b2 = (
        v if (v := sb + db[0]) > 1.0 else 1.0,
        v if (v := pb + db[1]) > 1.0 else 1.0,
        v if (v := lb + db[2]) > 1.0 else 1.0,
    )
    agg_a2, agg_b2 = style_aggression(style_a, style_b, agg_a, agg_b)
    return a2, b2, agg_a2, agg_b2


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


def resolve_styles(a: tuple, b: tuple, hgt_a, hgt_b, line_a, line_b):
    """Steps 2 and 3 for two plan lines: ``(a', b', agg_a, agg_b)``, a/b = (STR, SPD, AGL)
    before endurance scaling. Pure: the bout caches it per pair of lines."""
    if line_a.style or line_b.style:
        a2, b2, agg_a, agg_b = apply_styles(
            a, b, line_a.style, line_b.style, line_a.agg, line_b.agg
        )
    else:  # no styles: nothing to compute but the floors
        a2 = (  # max(1.0, v) without the builtin call
            v if (v := a[0]) > 1.0 else 1.0,
            v if (v := a[1]) > 1.0 else 1.0,
            v if (v := a[2]) > 1.0 else 1.0,
        )
        b2 = (
            v if (v := b[0]) > 1.0 else 1.0,
            v if (v := b[1]) > 1.0 else 1.0,
            v if (v := b[2]) > 1.0 else 1.0,
        )
        agg_a, agg_b = line_a.agg, line_b.agg
    if hgt_a == hgt_b:
        return a2, b2, agg_a, agg_b
    (hsa, hla), (hsb, hlb) = height_bonus(hgt_a, hgt_b, line_a.style, line_b.style)
    a3 = (a2[0], a2[1] + hsa, a2[2] + hla)
    b3 = (b2[0], b2[1] + hsb, b2[2] + hlb)
    return a3, b3, agg_a, agg_b


# --------------------------------------------------------------- the bout's path
def _own(style: str, s, p, g, os_, op, og) -> tuple:
    """One fighter's style effects as ``(STR, SPD, AGL deltas, AGL taken from the
    opponent)`` (``apply_styles``'s loop body, straight-line; max/min as comparisons:
    the same values)."""
    if style == "inside":
        return 1.5 + (s - os_ if s > os_ else 0.0) * 0.5, 0.0, -(0.15 * g), 0.0
    if style == "clinch":
        return (
            0.0,
            0.0,
            1.5 - (g - og if g > og else 0.0) * 0.5 + (s - os_ if s > os_ else 0.0) * 0.5,
            0.0,
        )
    if style == "feint":
        return 0.0, 1.5 + (p - op if p > op else 0.0) * 0.5, 0.0, 0.0
    if style == "counter":
        if p > op:
            edge = (p - op) * 0.25
            cap = 0.5 * og
            return 0.0, 0.0, edge, edge if edge <= cap else cap
        if p < op:
            return 0.0, 0.0, -((op - p) * 0.5), 0.0
        return 0.0, 0.0, 0.0, 0.0
    if style == "ring":
        return -(0.15 * s), 0.0, 1.5 + (g - og if g > og else 0.0) * 0.5, 0.0
    if style == "cut":
        if g > og:
            cap = 0.1 * og
            return 0.0, 0.0, 0.0, g - og if g - og <= cap else cap
        return 0.0, 0.0, 0.0, 0.0
    if style == "outside":
        return -(0.15 * s), 0.0, 0.0, 0.0
    return 0.0, 0.0, 0.0, 0.0  # all-out: damage and the height bonus only


LESS_AGG = frozenset(("clinch", "feint", "counter"))  # the styles style_aggression reads


def resolve_fast(a: tuple, b: tuple, hgt_a, hgt_b, line_a, line_b):
    """``resolve_styles`` with fewer operations, the same values (tests compare them):
    each side's deltas at once; a delta of another's AGL is one more term of a single
    sum, so the order of the two sides does not matter."""
    style_a, style_b = line_a.style, line_b.style
    sa, pa, ga = a
    sb, pb, gb = b
    zero = (0.0, 0.0, 0.0, 0.0)
    d0a, d1a, d2a, ta = _own(style_a, sa, pa, ga, sb, pb, gb) if style_a else zero
    d0b, d1b, d2b, tb = _own(style_b, sb, pb, gb, sa, pa, ga) if style_b else zero
    a2 = (
        v if (v := sa + d0a) > 1.0 else 1.0,
        v if (v := pa + d1a) > 1.0 else 1.0,
        v if (v := ga + (d2a - tb)) > 1.0 else 1.0,
    )
    b2 = (
        v if (v := sb + d0b) > 1.0 else 1.0,
        v if (v := pb + d1b) > 1.0 else 1.0,
        v if (v := gb + (d2b - ta)) > 1.0 else 1.0,
    )
    if style_a in LESS_AGG or style_b in LESS_AGG:
        agg_a, agg_b = style_aggression(style_a, style_b, line_a.agg, line_b.agg)
    else:  # no other style changes AGG
        agg_a, agg_b = line_a.agg, line_b.agg
    if hgt_a == hgt_b:
        return a2, b2, agg_a, agg_b
    if hgt_a > hgt_b:
        hs, hl = _taller_bonus(hgt_a - hgt_b, style_a, style_b)
        return (a2[0], a2[1] + hs, a2[2] + hl), b2, agg_a, agg_b
    hs, hl = _taller_bonus(hgt_b - hgt_a, style_b, style_a)
    return a2, (b2[0], b2[1] + hs, b2[2] + hl), agg_a, agg_b
