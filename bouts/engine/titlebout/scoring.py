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
    if red_knockdowns or blue_knockdowns:
        common = min(red_knockdowns, blue_knockdowns)
        red_extra, blue_extra = red_knockdowns - common, blue_knockdowns - common
        if red_extra or blue_extra:
            if red_extra:
                red, blue = knockdown_score(red_points - blue_points, red_extra)
            else:
                blue, red = knockdown_score(blue_points - red_points, blue_extra)
            red, blue = red - common, blue - common
            return [[red, blue], [red, blue], [red, blue]]
    else:
        common = 0
    margin = red_points - blue_points if red_points >= blue_points else blue_points - red_points
    if margin == 0:
        # the book: "the point difference is 0. All 3 judges score the round 10-10"
        even = 10 - common
        return [[even, even], [even, even], [even, even]]
    high = "red" if red_points >= blue_points else "blue"
    if 7 <= margin <= 15 or margin >= 19:
        # no Check: the judges' marks do not matter
        high_score, low_score = chart(margin, HS)
        high_score, low_score = high_score - common, low_score - common
        red, blue = (high_score, low_score) if high == "red" else (low_score, high_score)
        return [[red, blue], [red, blue], [red, blue]]
    marks = [card[C_J1], card[C_J2], card[C_J3]]  # the judges' line
    low = "blue" if high == "red" else "red"
    if margin <= 6:
        crowd = ctx["crowd"]
        safety = ctx["safety"]
        if crowd or safety:
            for i, mark in enumerate(marks):
                if high in crowd:
                    mark = LS
                elif low in crowd:
                    mark = HS
                elif mark == EV and high in safety:
                    mark = LS
                elif mark == EV and low in safety:
                    mark = HS
                marks[i] = mark
    if judges is not None:
        for i, mark in enumerate(marks):
            got = lean(mark, judges[i], high, ctx)
            marks[i] = HS if got == high else LS if got == low else got
    # each judge's scores by his mark (``chart``, read once: ``CHECK_ROWS``)
    row = CHECK_ROWS[margin]
    scores = []
    for mark in marks:
        high_score, low_score = row[mark]
        high_score -= common
        low_score -= common
        scores.append([high_score, low_score] if high == "red" else [low_score, high_score])
    return scores


# ``chart`` read once for a Check round (1-6 and 16-18 points apart): the point
# difference -> the (high scorer, low scorer) scores by the judge's mark (HS, LS, E)
assert (HS, LS, EV) == (0, 1, 2)
CHECK_ROWS = {
    margin: tuple(chart(margin, mark) for mark in (HS, LS, EV))
    for margin in (*range(1, 7), *range(16, 19))
}
