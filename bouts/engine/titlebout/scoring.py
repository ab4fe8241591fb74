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
    pr: int, pb: int, kr: int, kb: int, card: tuple, judges: list | None, ctx: dict
) -> list:
    """Three judges' [red, blue] for the round before deductions.

    ``pr``/``pb``: in-round points (with the aggressiveness bonus already added);
    ``kr``/``kb``: knockdowns SCORED by each side; ``card``: the Check card, whose
    judges' line (HS/LS/E per judge) is read on a Check; ``judges``: the judges whose
    leanings decide a Check round (option ``judge_leanings``, an invention), or None:
    the book's marks alone; ``ctx``: aggressor, styles, safety (sides with Safety
    First), crowd (sides with Plays to Crowd)."""
    if kr or kb:
        common = min(kr, kb)
        nr, nb = kr - common, kb - common
        if nr or nb:
            if nr:
                a, b = knockdown_score(pr - pb, nr)
            else:
                b, a = knockdown_score(pb - pr, nb)
            return [[a - common, b - common], [a - common, b - common], [a - common, b - common]]
    else:
        common = 0
    diff = pr - pb if pr >= pb else pb - pr
    if diff == 0:
        # the book: "the point difference is 0. All 3 judges score the round 10-10"
        even = 10 - common
        return [[even, even], [even, even], [even, even]]
    high = "red" if pr >= pb else "blue"
    if 7 <= diff <= 15 or diff >= 19:
        # no Check: the judges' marks do not matter
        h, lo = (10, 9) if diff <= 15 else (10, 8)
        r, bl = (h - common, lo - common) if high == "red" else (lo - common, h - common)
        return [[r, bl], [r, bl], [r, bl]]
    one, two, three = card[C_J1], card[C_J2], card[C_J3]  # the judges' line
    if diff <= 6:
        crowd = ctx["crowd"]
        safety = ctx["safety"]
        if crowd or safety:
            low = "blue" if high == "red" else "red"
            marks = [one, two, three]
            for i in range(3):
                mark = marks[i]
                if high in crowd:
                    mark = LS
                elif low in crowd:
                    mark = HS
                elif mark == EV and high in safety:
                    mark = LS
                elif mark == EV and low in safety:
                    mark = HS
                marks[i] = mark
            one, two, three = marks
    if judges is not None:
        low = "blue" if high == "red" else "red"
        marks = [one, two, three]
        for i in range(3):
            got = lean(marks[i], judges[i], high, ctx)
            marks[i] = HS if got == high else LS if got == low else got
        one, two, three = marks
    # the chart: 1-6 HS 10-9, LS 9-10 (to the low scorer), E 10-10; 16-18 HS 10-8,
    # else 10-9 to the high scorer (``_CHECK_LOW``/``_CHECK_HIGH`` by mark: three
    # lookups and three list displays cost less than a loop of conditional expressions)
    chart = _CHECK_LOW if diff <= 6 else _CHECK_HIGH
    h1, l1 = chart[one]
    h2, l2 = chart[two]
    h3, l3 = chart[three]
    if common:
        h1 -= common
        l1 -= common
        h2 -= common
        l2 -= common
        h3 -= common
        l3 -= common
    if high == "red":
        return [[h1, l1], [h2, l2], [h3, l3]]
    return [[l1, h1], [l2, h2], [l3, h3]]


# (high scorer, low scorer) on a Check round, by the judge's mark (HS, LS, E = 0, 1, 2)
_CHECK_LOW = ((10, 9), (9, 10), (10, 10))  # 1-6 points apart
_CHECK_HIGH = ((10, 8), (10, 9), (10, 9))  # 16-18 points apart
assert (HS, LS, EV) == (0, 1, 2)
