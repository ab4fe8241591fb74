"""End-of-round scoring: the scoring chart with Check and the judges' line, the
knockdown rules 1-6, the 10-7 rule, the scoring traits, and (option
``judge_leanings``, an invention) the judges' leanings on Check rounds."""

from __future__ import annotations

from .deck import C_J1, C_J2, C_J3
from .tables import EV, HS, LS

CHECK_LOW = 1  # 1-6: Check (HS 10-9 high, LS 10-9 low, E 10-10)
CHECK_HIGH = 16  # 16-18: Check (HS 10-8, LS or E 10-9 to the high scorer)


def chart(diff: int, mark: int) -> tuple[int, int]:
    """Scores (high scorer, low scorer) for a point difference and a judge's mark."""
    if diff <= 0:
        return 10, 10
    if diff <= 6:
        return (10, 9) if mark == HS else (9, 10) if mark == LS else (10, 10)
    if diff <= 15:
        return 10, 9
    if diff <= 18:
        return (10, 8) if mark == HS else (10, 9)
    return 10, 8  # 19+; 10-7 needs a knockdown (the 10-7 rule)


# ``chart`` read once: a point difference (``CHART_LAST`` and more: the last row) -> the (high
# scorer, low scorer) scores by the judge's mark (HS, LS, E)
assert (HS, LS, EV) == (0, 1, 2)
CHART_LAST = 19
CHART_ROWS = tuple(
    tuple(chart(diff, mark) for mark in (HS, LS, EV)) for diff in range(CHART_LAST + 1)
)


def knockdown_score(diff: int, knockdowns: int) -> tuple[int, int]:
    """(knockdown scorer, other) when one fighter has ``knockdowns`` more than the
    other; ``diff`` = his points minus the other's."""
    if knockdowns >= 2:
        # rule 5 (two knockdowns: 10-7; outscored: 10-8); the book's scores go no lower
        return (10, 7) if diff >= 0 else (10, 8)
    if diff >= -5:
        return 10, 8
    if diff >= -12:
        return 10, 9
    return 9, 10


def lean(mark: int, judge: dict, high: str, ctx: dict) -> int | str:
    """A judge's leaning on a Check round (option ``judge_leanings``). Returns a mark,
    or a side ('red'/'blue') the round goes to. ``ctx``: aggressor, styles."""
    close = judge["close_round"]
    bias = judge["bias"]
    low = "blue" if high == "red" else "red"
    if bias in ("hometown", "champion"):
        # the red corner is the home fighter / the champion (RULES.md)
        if mark == EV:
            return "red"
        if (mark == HS and high == "blue") or (mark == LS and low == "blue"):
            return EV
    elif bias in ("slugger", "boxer"):
        want = "S" if bias == "slugger" else "B"
        styles = ctx["styles"]
        favoured = [s for s in ("red", "blue") if styles[s] == want]
        if len(favoured) == 1:
            fav = favoured[0]
            if mark == EV:
                return fav
            winner = high if mark == HS else low
            if winner != fav:
                return EV
    if mark == EV:
        if close == "aggressor":
            return ctx["aggressor"]
        if close == "counterpuncher":
            return "blue" if ctx["aggressor"] == "red" else "red"
        if close == "home":
            return "red"
    return mark


def score_round(
    red_points: int,
    blue_points: int,
    red_knockdowns: int,
    blue_knockdowns: int,
    card: tuple,
    judges: list | None,
    ctx: dict,
) -> list:
    """Three judges' [red, blue] for the round before deductions.

    ``red_points``/``blue_points``: in-round points (with the aggressiveness bonus
    already added); ``red_knockdowns``/``blue_knockdowns``: knockdowns SCORED by each
    side; ``card``: the Check card, whose judges' line (HS/LS/E per judge) is read on a
    Check; ``judges``: the judges whose leanings decide a Check round (option
    ``judge_leanings``, an invention), or None: the book's marks alone; ``ctx``:
    aggressor, styles, safety (sides with Safety First), crowd (sides with Plays to
    Crowd). Knockdowns scored by both cancel, a point each off every score."""
    common = 0
    if red_knockdowns or blue_knockdowns:
        common = min(red_knockdowns, blue_knockdowns)
        red_extra, blue_extra = red_knockdowns - common, blue_knockdowns - common
        if red_extra or blue_extra:  # the knockdown rules: every judge scores it alike
            if red_extra:
                red, blue = knockdown_score(red_points - blue_points, red_extra)
            else:
                blue, red = knockdown_score(blue_points - red_points, blue_extra)
            red, blue = red - common, blue - common
            return [[red, blue], [red, blue], [red, blue]]
    high = "red" if red_points >= blue_points else "blue"
    margin = abs(red_points - blue_points)
    if 1 <= margin <= 6 or 16 <= margin <= 18:  # a Check: each judge's mark counts
        marks = check_marks(card, judges, margin, high, ctx)
    else:
        marks = (HS, HS, HS)  # the chart gives every mark the same scores
    row = CHART_ROWS[margin if margin < CHART_LAST else CHART_LAST]
    scores = []
    for mark in marks:
        high_score, low_score = row[mark]
        high_score -= common
        low_score -= common
        scores.append([high_score, low_score] if high == "red" else [low_score, high_score])
    return scores


def check_marks(card: tuple, judges: list | None, margin: int, high: str, ctx: dict) -> list:
    """Each judge's mark on a Check round (HS, LS or E): the Check card's judges' line;
    1-6 points apart, Plays to Crowd, then Safety First move an even mark; then each
    judge's leaning (option ``judge_leanings``): a side the round goes to is read as
    that side's mark."""
    marks = [card[C_J1], card[C_J2], card[C_J3]]
    low = "blue" if high == "red" else "red"
    crowd, safety = ctx["crowd"], ctx["safety"]
    if margin <= 6 and (crowd or safety):
        for i, mark in enumerate(marks):
            marks[i] = crowd_or_safety(mark, high, low, crowd, safety)
    if judges is not None:
        for i, mark in enumerate(marks):
            got = lean(mark, judges[i], high, ctx)
            marks[i] = HS if got == high else LS if got == low else got
    return marks


def crowd_or_safety(mark: int, high: str, low: str, crowd: list, safety: list) -> int:
    """A judge's mark with the traits' pull: Plays to Crowd sides are marked low scorer
    when ahead and high scorer when behind, whatever the mark; Safety First moves an even
    mark the same way."""
    if high in crowd:
        return LS
    if low in crowd:
        return HS
    if mark == EV and high in safety:
        return LS
    if mark == EV and low in safety:
        return HS
    return mark
