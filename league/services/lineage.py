"""The title lineage of a division, from the bouts that can change it.

``titles.lineage`` walks bouts in league order. Only two kinds of bout can move
a belt: title bouts, and the bouts of fighters who have ever won one (their
dates decide inactivity). ``lineage_bouts`` reads just those — two small
queries instead of the whole division — and ``title_lineage`` walks them with
the division's latest derived date as the horizon, which gives exactly the
reigns a walk over every bout gives (tested against the full walk).

The regional belts (league.services.regions) use the same two: ``lineage_bouts``
with their own title bouts, and ``title_lineages``, which walks several belts
over one read of their winners' retirements and suspensions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Mapping, Sequence

from django.db.models import Q

from bouts.models import Bout, BoutStatus, MedicalSuspension
from fighters.models import Fighter
from league import titles
from league.models import Division, Reign
from league.services.common import CAMP, FIGHTER
from league.services.rows import BoutRow, bout_rows, in_league_order
from league.services.tournament_draws import tournament_draw_winners


def lineage_bouts(
    division: Division, upto: tuple | None = None, *, title_bouts: Q | None = None
) -> list[BoutRow] | None:
    """The division's completed bouts up to ``upto`` (a league-order key; None:
    all of them) that can change a title: its title bouts and every bout of the
    fighters and camps who won one. ``title_bouts``: which bouts are title bouts
    (default: the world title's, ``is_title_bout``; the rows' ``is_title`` stays
    the world title's). ``None`` when there is nothing to walk: no title bout and
    (the world title) no reign to undo."""
    done = in_league_order(
        Bout.objects.filter(
            division_id=division.id, status=BoutStatus.COMPLETED, result__isnull=False
        ),
        upto=upto,
    )
    world = title_bouts is None
    if world:
        title_bouts = Q(is_title_bout=True)
    title_rows = bout_rows(done.filter(title_bouts))
    if not title_rows and (
        not world or not Reign.objects.filter(title__division=division).exists()
    ):
        return None
    winners = {b.red if b.winner == "red" else b.blue for b in title_rows if b.winner}
    drawn = tournament_draw_winners([b.id for b in title_rows if not b.winner])
    for b in title_rows:
        side = drawn.get(b.id)
        if side:
            winners.add(b.red if side == "red" else b.blue)
    fighters = sorted(pk for kind, pk in winners if kind == FIGHTER)
    camps = sorted(pk for kind, pk in winners if kind == CAMP)
    if not fighters and not camps:
        return title_rows
    theirs = (
        Q(red_id__in=fighters)
        | Q(blue_id__in=fighters)
        | Q(red_camp_id__in=camps)
        | Q(blue_camp_id__in=camps)
    )
    return bout_rows(done.filter(title_bouts | theirs))


def title_lineage(
    *, division: Division, bouts: Sequence[BoutRow], horizon: dt.date | None = None
) -> list[titles.Reign]:
    """The division's reigns from ``bouts`` (all of its completed bouts, or
    ``lineage_bouts``), its fighters' retirements and long medical suspensions
    (two small queries, only about title winners). ``horizon``: the date of the
    division's latest bout, when ``bouts`` is a subset. A drawn title bout that is
    a tournament final counts for whoever the tournament's draw rule sent through
    (``brackets.settle_draw``): the tournament's champion is the belt's."""
    return title_lineages(division=division, walks={None: bouts}, horizon=horizon)[None]


def title_lineages(
    *,
    division: Division,
    walks: Mapping[Hashable, Sequence[BoutRow]],
    horizon: dt.date | None = None,
) -> dict[Hashable, list[titles.Reign]]:
    """``title_lineage`` for several belts of the division at once (``walks``:
    belt -> its bouts, each row's ``is_title`` saying whether it was fought for
    that belt): the same reigns, in the same few queries whatever the number of
    belts (the winners' retirements and suspensions read once for all)."""
    league = division.league
    drawn = {b.id for bouts in walks.values() for b in bouts if b.is_title and not b.winner}
    decided = tournament_draw_winners(sorted(drawn))
    winners = set()
    for bouts in walks.values():
        for b in bouts:
            side = b.winner or decided.get(b.id)
            if b.is_title and side:
                winners.add(b.red if side == "red" else b.blue)
    fighter_ids = sorted(pk for kind, pk in winners if kind == FIGHTER)
    retirements, suspensions = {}, []
    if fighter_ids:
        retirements = {
            (FIGHTER, pk): on
            for pk, on in Fighter.objects.filter(
                id__in=fighter_ids, retired_on__isnull=False
            ).values_list("id", "retired_on")
        }
        suspensions = [
            titles.Suspension((FIGHTER, f), start, end, bout_id)
            for f, start, end, bout_id in MedicalSuspension.objects.filter(
                fighter_id__in=fighter_ids
            )
            .order_by("starts_on", "id")
            .values_list("fighter_id", "starts_on", "ends_on", "bout_id")
        ]
    rules = titles.VacatingRules(
        inactivity_days=league.title_inactivity_days,
        suspension_days=league.title_suspension_days,
    )
    return {
        belt: titles.lineage(
            [
                titles.BoutLine(
                    b.id,
                    b.date,
                    b.red,
                    b.blue,
                    b.winner or (decided.get(b.id) if b.is_title else None),
                    b.is_title,
                )
                for b in bouts
            ],
            retirements=retirements,
            suspensions=suspensions,
            rules=rules,
            horizon=horizon,
        )
        for belt, bouts in walks.items()
    }
