"""A single-flight lock across processes: PostgreSQL's session advisory lock
(the embedded SQLite default runs in one process, where it always succeeds)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


@contextmanager
def advisory_lock(space: int, key: int) -> Iterator[bool]:
    """Yields whether this process holds ``(space, key)``; never waits."""
    if connection.vendor != "postgresql":
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [space, key])
        locked = bool(cursor.fetchone()[0])
    try:
        yield locked
    finally:
        if locked:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [space, key])
