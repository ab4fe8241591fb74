"""Bulk INSERT of many model rows, by ``COPY`` on PostgreSQL.

A recorded batch writes thousands of rows (rounds, every judge's score for every
round, the results' JSON). Django's ``bulk_create`` on PostgreSQL sends each
column as an array (``INSERT ... SELECT * FROM UNNEST(...)``), and psycopg
quotes every element of a text or JSON array in Python: measured, it was the
largest single cost of recording a batch. ``COPY ... FROM STDIN`` streams the
rows with psycopg's own (C) dumpers instead. Other databases (SQLite, the
embedded default) use ``bulk_create``.

Only for rows whose primary keys the caller does not need back (``COPY``
returns none); the values are what ``bulk_create`` would save (each field's
``pre_save`` and ``get_db_prep_save``), so defaults, ``auto_now_add`` and JSON
encoding behave the same, and the database's constraints check every row.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from django.db import connection, models
from psycopg.types.json import Jsonb


def reserve_ids(model: type[models.Model], count: int) -> list[int]:
    """``count`` primary keys drawn from ``model``'s sequence (PostgreSQL), for
    rows written later in the same transaction (``insert_rows(with_ids=True)``
    keeps a key already set). Keys never used leave a gap, as a rollback does."""
    pk = model._meta.pk
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [model._meta.db_table, pk.column, count],
        )
        return [value for (value,) in cursor.fetchall()]


def insert_rows(
    model: type[models.Model], objs: Sequence[models.Model], *, with_ids: bool = False
) -> int:
    """Insert ``objs`` (unsaved instances of ``model``); returns how many. With
    ``with_ids`` each object gets its primary key (drawn from the table's
    sequence first on PostgreSQL where it has none yet — ``reserve_ids`` —,
    returned by the INSERT elsewhere)."""
    if not objs:
        return 0
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objs, batch_size=2000)
        return len(objs)
    table = model._meta.db_table
    pk = model._meta.pk
    fields = [f for f in model._meta.concrete_fields if not isinstance(f, models.AutoField)]
    if with_ids:
        missing = [obj for obj in objs if getattr(obj, pk.attname) is None]
        if missing:
            for obj, value in zip(missing, reserve_ids(model, len(missing))):
                setattr(obj, pk.attname, value)
        fields = [pk, *fields]
    _copy(
        table,
        fields,
        ([f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields] for obj in objs),
        len(objs),
    )
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias
    return len(objs)


def insert_values(model: type[models.Model], rows: Sequence[dict]) -> int:
    """Insert ``rows`` — dicts of field attribute names to values, every row with
    the same keys — without building model instances on PostgreSQL (``COPY``
    of the values as they are; JSON fields encoded by psycopg). Elsewhere the
    rows become instances for ``bulk_create``. The caller gives every value the
    column needs (defaults and ``auto_now_add`` are not applied on PostgreSQL)."""
    if not rows:
        return 0
    if connection.vendor != "postgresql":
        model.objects.bulk_create([model(**row) for row in rows], batch_size=2000)
        return len(rows)
    names = list(rows[0])
    by_name = {f.attname: f for f in model._meta.concrete_fields}
    fields = [by_name[name] for name in names]
    json_at = [i for i, f in enumerate(fields) if isinstance(f, models.JSONField)]

    def values(row: dict) -> list:
        out = [row[name] for name in names]
        for i in json_at:
            out[i] = Jsonb(out[i])
        return out

    _copy(model._meta.db_table, fields, map(values, rows), len(rows))
    return len(rows)


def _copy(table: str, fields, rows, count: int) -> None:
    """``COPY table (fields) FROM STDIN`` of ``rows`` (lists of column values),
    counted in the connection's query log like any statement (query-count tests)."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    sql = f"COPY {quote(table)} ({columns}) FROM STDIN"
    started = time.monotonic()
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.cursor.copy(sql) as copy,  # psycopg's own cursor: Django's has no copy()
    ):
        for row in rows:
            copy.write_row(row)
    if connection.queries_logged:
        connection.queries_log.append(
            {"sql": f"{sql} -- {count} rows", "time": f"{time.monotonic() - started:.3f}"}
        )
