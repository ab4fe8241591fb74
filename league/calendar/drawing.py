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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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

    for fixture in sorted(fixtures, key=lambda f: (f.position, str(f.key))):
        statuses = (side_status(fixture.red), side_status(fixture.blue))
        retired = [s for s in statuses if s.permanent]
        if retired:
            card.never[fixture.key] = retired[0].reason
            continue
        unfit = [s for s in statuses if not s.fit]
        if unfit:
            card.waiting[fixture.key] = unfit[0].reason or unfit[0].kind
            continue
        if fixture.red in on_card or fixture.blue in on_card:
            card.waiting[fixture.key] = "already on this card"
            continue
        camps = _camps(fixture, camp_of)
        if camps & camps_on_card:
            card.waiting[fixture.key] = "a fighter of the same camp is on this card"
            continue
        if max_bouts is not None and len(card.fixtures) >= max_bouts:
            card.waiting[fixture.key] = "the card is full"
            continue
        card.fixtures.append(fixture)
        on_card.update((fixture.red, fixture.blue))
        camps_on_card |= camps
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
    fixtures: Sequence[Fixture], fit_from: Callable[[Hashable], dt.date | None]
) -> dt.date | None:
    """The first date on which some fixture has both sides fit (None: none ever)."""
    best = None
    for fixture in fixtures:
        red, blue = fit_from(fixture.red), fit_from(fixture.blue)
        if red is None or blue is None:
            continue
        date = max(red, blue)
        if best is None or date < best:
            best = date
    return best
