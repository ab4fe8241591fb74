"""A fight night's card drawn from a season's remaining fixtures (pure Python).

A season is a set of fixtures (who meets whom, in which corners), made once by
the round robin. Each night takes, in the order the fixtures have waited (their
round-robin position: the longest-waiting first), every fixture whose two sides
are fit on the night's date and not already on the card — and, where the
league says so, never two fighters of one camp on the card. The same fixtures,
fitness and rules always give the same card: no randomness at all.

When everyone is fit, the cards are exactly the round robin's rounds; a fighter
out for a month keeps his fixtures waiting at the head of the queue and meets
those opponents as soon as both are free, while everyone else moves on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter

from league.calendar.fitness import Status


@dataclass(frozen=True)
class Fixture:
    """One pairing of a season: ``key`` identifies it (its database id)."""

    key: Hashable
    position: int  # the draw order: the lower, the longer it has waited
    red: Hashable
    blue: Hashable


@dataclass
class Card:
    """A night's draw: the fixtures on the card (in card order) and those left
    waiting, each with why (``{fixture key: reason}``)."""

    fixtures: list[Fixture] = field(default_factory=list)
    waiting: dict[Hashable, str] = field(default_factory=dict)
    never: dict[Hashable, str] = field(default_factory=dict)  # can never be fought


def draw_card(
    fixtures: Iterable[Fixture],
    status: Callable[[Hashable], Status],
    *,
    max_bouts: int | None = None,
    camp_of: Mapping[Hashable, Hashable] | None = None,
) -> Card:
    """The card of one night: ``status(side)`` says whether a side is fit on the
    night's date; ``camp_of`` (where the league keeps one fighter of a camp per
    card) maps a side to its camp. Fixtures with a side retired go to
    ``never`` (the season will cancel them, with the reason)."""
    card = Card()
    on_card: set = set()
    camps_on_card: set = set()
    seen: dict[Hashable, Status] = {}

    def side_status(side) -> Status:
        if side not in seen:
            seen[side] = status(side)
        return seen[side]

    for fixture in sorted(fixtures, key=attrgetter("position")):
        red, blue = side_status(fixture.red), side_status(fixture.blue)
        if red.permanent or blue.permanent:
            card.never[fixture.key] = (red if red.permanent else blue).reason
        elif not (red.fit and blue.fit):
            unfit = blue if red.fit else red
            card.waiting[fixture.key] = unfit.reason or unfit.kind
        elif fixture.red in on_card or fixture.blue in on_card:
            card.waiting[fixture.key] = "already on this card"
        elif camp_of and _camps(fixture, camp_of) & camps_on_card:
            card.waiting[fixture.key] = "a fighter of the same camp is on this card"
        elif max_bouts is not None and len(card.fixtures) >= max_bouts:
            card.waiting[fixture.key] = "the card is full"
        else:
            card.fixtures.append(fixture)
            on_card.update((fixture.red, fixture.blue))
            camps_on_card |= _camps(fixture, camp_of)
    return card


def _camps(fixture: Fixture, camp_of: Mapping | None) -> set:
    if not camp_of:
        return set()
    return {c for c in (camp_of.get(fixture.red), camp_of.get(fixture.blue)) if c is not None}


def night_dates(after: dt.date, every_days: int, *, until: dt.date | None = None):
    """The league's fight-night dates after ``after``: every ``every_days``
    days, up to and including ``until`` (endless without it)."""
    step = dt.timedelta(days=max(1, every_days))
    date = after + step
    while until is None or date <= until:
        yield date
        date += step


def first_drawable(
    fixtures: Iterable[Fixture],
    fit_from: Callable[[Hashable], dt.date | None],
    *,
    soon_enough: dt.date | None = None,
) -> dt.date | None:
    """The first date on which some fixture has both sides fit (None: none
    ever); any date not after ``soon_enough`` is taken at once (the caller
    cannot draw earlier than that anyway). ``fit_from`` is asked once a side."""
    fit: dict[Hashable, dt.date | None] = {}

    def side_fit(side) -> dt.date | None:
        if side not in fit:
            fit[side] = fit_from(side)
        return fit[side]

    best = None
    for fixture in fixtures:
        red, blue = side_fit(fixture.red), side_fit(fixture.blue)
        if red is None or blue is None:
            continue
        date = max(red, blue)
        if best is None or date < best:
            best = date
            if soon_enough is not None and best <= soon_enough:
                return best
    return best
