"""Careers as commutative counters: many fighters' increments in two statements.

A batch of bouts changes many careers by different amounts. ``careers_add``
locks the career rows in fighter order (``SELECT ... FOR UPDATE``, so two
batches sharing fighters cannot deadlock) and applies every fighter's
increments with one ``UPDATE ... FROM (VALUES ...)`` — commutative, so batches
may commit in any order and the totals are the same. ``last_bout_on`` only moves
forward (the later of the stored and the new date).
"""

from __future__ import annotations

import datetime

from django.db import connection

from bouts.careers import CAREER_FIELDS
from fighters import list_cache
from fighters.models import Career


def _lock(fighter_ids: list[int]) -> set[int]:
    return set(
        Career.objects.select_for_update()
        .filter(fighter_id__in=fighter_ids)
        .order_by("fighter_id")
        .values_list("fighter_id", flat=True)
    )


def careers_add(
    deltas: dict[int, dict[str, int]], *, last_bout_on: dict[int, datetime.date] | None = None
) -> None:
    """Add ``deltas`` (``{fighter id: {career field: amount}}``; amounts may be
    negative to take a voided bout back) to the fighters' careers; with
    ``last_bout_on``, move each fighter's last bout date forward to it."""
    if not deltas:
        return
    # The records the fighter list shows (neither bulk_create nor SQL sends a signal).
    list_cache.changed()
    last_bout_on = last_bout_on or {}
    fighter_ids = sorted(deltas)
    have = _lock(fighter_ids)
    missing = [i for i in fighter_ids if i not in have]
    if missing:
        # A fighter made without fighter_create has no Career row yet: give him one.
        Career.objects.bulk_create(
            [Career(fighter_id=i, last_bout_on=last_bout_on.get(i), **deltas[i]) for i in missing]
        )
    present = [i for i in fighter_ids if i in have]
    if not present:
        return
    table = connection.ops.quote_name(Career._meta.db_table)
    q = connection.ops.quote_name
    columns = ", ".join(q(f) for f in CAREER_FIELDS)
    placeholders = ", ".join(["%s"] * (len(CAREER_FIELDS) + 2))
    values = ", ".join([f"({placeholders})"] * len(present))
    params: list = []
    for fighter_id in present:
        row = deltas[fighter_id]
        params.append(fighter_id)
        params.extend(int(row.get(f, 0)) for f in CAREER_FIELDS)
        params.append(last_bout_on.get(fighter_id))
    sets = ", ".join(f"{q(f)} = {table}.{q(f)} + v.{q(f)}" for f in CAREER_FIELDS)
    latest = "GREATEST" if connection.vendor == "postgresql" else "MAX"
    last = q("last_bout_on")
    date_cast = "::date" if connection.vendor == "postgresql" else ""
    sql = (
        f"WITH v(fighter_id, {columns}, new_last) AS (VALUES {values}) "
        f"UPDATE {table} SET {sets}, {last} = CASE WHEN v.new_last IS NULL THEN {table}.{last} "
        f"ELSE {latest}(COALESCE({table}.{last}, v.new_last{date_cast}), v.new_last{date_cast}) "
        f"END FROM v WHERE {table}.{q('fighter_id')} = v.fighter_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def careers_set_last_bout(last_bout_on: dict[int, datetime.date | None]) -> None:
    """Set fighters' last bout dates outright (after a void took one back)."""
    for fighter_id, date in sorted(last_bout_on.items()):
        Career.objects.filter(fighter_id=fighter_id).update(last_bout_on=date)
