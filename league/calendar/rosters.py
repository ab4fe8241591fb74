"""Who is fit, as the pages show it: each fighter's status in each league whose
rosters he is on, on that league's own date (``League.date``).

The one fitness rule is ``selectors.statuses_on``; this module only finds each
fighter's leagues and asks it once per league date (fighters of one league, or
of leagues at the same date and rest rule, share one call), so a page costs the
same whatever the number of fighters it lists.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from league.calendar.fitness import Status
from league.calendar.selectors import status_words, statuses_on
from league.models import Division, League


@dataclass(frozen=True)
class LeagueStatus:
    """A fighter's status in one league, on that league's date."""

    league: League
    date: dt.date
    status: Status

    @property
    def fit(self) -> bool:
        return self.status.fit

    @property
    def kind(self) -> str:
        return self.status.kind

    @property
    def words(self) -> str:
        """``fit``, ``retired``, ``suspended until 5 Dec 2026 (KO loss)``."""
        return status_words(self.status)


def leagues_of(fighter_ids: Iterable[int]) -> dict[int, list[League]]:
    """``{fighter id: [League]}``: the leagues whose divisions' rosters hold
    each fighter, by name (one query)."""
    ids = sorted(set(fighter_ids))
    if not ids:
        return {}
    rows = (
        Division.fighters.through.objects.filter(fighter_id__in=ids)
        .select_related("division__league")
        .order_by("division__league__name", "division__league_id")
    )
    found: dict[int, dict[int, League]] = defaultdict(dict)
    for row in rows:
        league = row.division.league
        found[row.fighter_id].setdefault(league.pk, league)
    return {pk: list(leagues.values()) for pk, leagues in found.items()}


def statuses_in(leagues: Mapping[int, Iterable[League]]) -> dict[int, list[LeagueStatus]]:
    """``{fighter id: [LeagueStatus]}`` for the leagues given for each fighter:
    one ``statuses_on`` per distinct (league date, rest rule)."""
    wanted: dict[tuple[dt.date, int], set[int]] = defaultdict(set)
    rule_league: dict[tuple[dt.date, int], League] = {}
    for fighter_id, fighter_leagues in leagues.items():
        for league in fighter_leagues:
            key = (league.date, league.rest_days)
            wanted[key].add(fighter_id)
            rule_league.setdefault(key, league)
    read: dict[tuple[dt.date, int], dict[int, Status]] = {
        key: statuses_on(ids, key[0], league=rule_league[key]) for key, ids in wanted.items()
    }
    out: dict[int, list[LeagueStatus]] = {}
    for fighter_id, fighter_leagues in leagues.items():
        rows = []
        for league in fighter_leagues:
            status = read[(league.date, league.rest_days)].get(fighter_id)
            if status is not None:
                rows.append(LeagueStatus(league, league.date, status))
        out[fighter_id] = rows
    return out


def fighter_statuses(fighter_ids: Iterable[int]) -> dict[int, list[LeagueStatus]]:
    """Each fighter's status in each of his leagues (a fighter on no league's
    roster has none): one query for the rosters, then ``statuses_in``."""
    return statuses_in(leagues_of(fighter_ids))


def statuses_words(statuses: Iterable[LeagueStatus]) -> str:
    """One line for a fighter's statuses: ``fit``, or, when his leagues differ,
    ``suspended until 5 Dec 2026 (cut) in League A; fit in League B``."""
    rows = list(statuses)
    if len({row.words for row in rows}) <= 1:
        return rows[0].words if rows else ""
    return "; ".join(f"{row.words} in {row.league.name}" for row in rows)
