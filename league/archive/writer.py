"""Rows of an archive written to the database: the generic part of the import.

A ``Writer`` turns archive items into model instances — plain fields decoded
(``codec``), references resolved through the archive keys already written —
runs ``full_clean`` on each (its relations excepted: they were resolved from the
archive), and inserts them in bulk. Every problem is recorded with the item's
place (``"bouts[3].result.method: ..."``); the import raises them all at the end
of a section, inside its transaction, so nothing is left half written.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models

from .codec import decode, decode_time, model_of
from .format import USER, Section


class ArchiveError(ValidationError):
    """An archive that cannot be imported: ``problems`` name each place."""

    def __init__(self, problems: Iterable[str]):
        self.problems = list(problems)
        super().__init__({"archive": self.problems})


def relation_names(model: type[models.Model]) -> list[str]:
    return [f.name for f in model._meta.concrete_fields if f.is_relation]


class Writer:
    def __init__(self):
        self.ids: dict[str, dict] = {}
        self.problems: list[str] = []
        # Shared rows found in the database by their natural key, used as they are:
        # camp names, and the archive ids of fighters matched by camp and name.
        self.reused_camps: set[str] = set()
        self.reused_fighters: set = set()

    def check(self) -> None:
        if self.problems:
            raise ArchiveError(self.problems)

    def ref(self, kind: str, key):
        """The database id of archive item ``key`` of ``kind`` (None for null)."""
        if key is None:
            return None
        return self.ids[kind.rstrip("?")][key]

    def build(self, item: dict, section: Section, where: str, *, full=False, **fixed):
        """An unsaved, cleaned instance of ``section``'s model from ``item``;
        ``fixed``: attributes set by the caller (its parent row, ...)."""
        model = model_of(section)
        values = decode(item, section, where, self.problems)
        for name, kind in section.refs.items():
            if name in section.extra or name in fixed:
                continue
            key = item.get(name)
            values[f"{name}_id"] = self.ref(USER if kind.rstrip("?") == USER else kind, key)
        obj = model(**values, **fixed)
        self.clean(obj, where, full=full)
        return obj

    def clean(self, obj: models.Model, where: str, *, full=False) -> None:
        """``full_clean`` but for relations; ``full``: the unique and other
        constraints too (rows whose names must be free in the database)."""
        try:
            obj.full_clean(
                exclude=relation_names(type(obj)), validate_unique=full, validate_constraints=full
            )
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                place = where if field == NON_FIELD_ERRORS else f"{where}.{field}"
                for message in messages:
                    self.problems.append(f"{place}: {message}")

    def insert(self, model: type[models.Model], objs: list) -> list:
        """Insert ``objs`` (with their ids back), unless a problem was found."""
        if self.problems or not objs:
            return objs
        return model.objects.bulk_create(objs, batch_size=500)

    def keep_times(self, objs: list, items: list[dict], field: str, where: str) -> None:
        """Put back a timestamp the model fills itself on insert (``auto_now_add``):
        ``bulk_update`` writes the attribute as it is."""
        changed = []
        for n, (obj, item) in enumerate(zip(objs, items)):
            value = decode_time(item.get(field), f"{where}[{n}].{field}", self.problems)
            if value is not None:
                setattr(obj, field, value)
                changed.append(obj)
        if changed and not self.problems:
            type(changed[0]).objects.bulk_update(changed, [field], batch_size=500)

    def register(self, kind: str, items: list[dict], objs: list, key: str) -> None:
        self.ids.setdefault(kind, {}).update(
            {item[key]: obj.pk for item, obj in zip(items, objs) if obj.pk is not None}
        )
