"""A model's carried fields to JSON and back (the bridge's half of the format).

A section carries every stored column of its model but the id, the relations
(carried as archive keys by the section's ``refs``), the columns filled in
automatically (``auto_now``/``auto_now_add`` timestamps, a fighter's search
name) and what the section excludes. Dates, times and datetimes are ISO 8601
text; JSON columns are carried as they are.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models

from .format import Section

# Columns the model fills itself, whatever a writer gives.
NEVER_CARRIED = {"search_name"}


def model_of(section: Section) -> type[models.Model]:
    return apps.get_model(section.model)


@cache
def plain_fields(section: Section) -> tuple[models.Field, ...]:
    """The model's columns an item carries by name."""
    model = model_of(section)
    out = []
    for f in model._meta.concrete_fields:
        if f.primary_key or f.is_relation or f.name in NEVER_CARRIED:
            continue
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            continue
        if f.name in section.exclude or f.name in section.refs:
            continue
        out.append(f)
    return tuple(out)


def carried_names(section: Section) -> set[str]:
    """Every field name an item of ``section`` may hold."""
    return {
        *(f.name for f in plain_fields(section)),
        *section.refs,
        *section.lists,
        *section.children,
        *section.one,
        *section.extra,
    }


def to_json(value):
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return value


def encode(obj: models.Model, section: Section) -> dict:
    """``obj``'s plain fields as JSON values."""
    return {f.name: to_json(getattr(obj, f.attname)) for f in plain_fields(section)}


def decode(item: dict, section: Section, where: str, problems: list[str]) -> dict:
    """``item``'s plain fields as model values (``{attname: value}``); a missing
    field takes the model's default, or is a problem when the model has none."""
    out = {}
    for name in sorted(set(item) - carried_names(section)):
        problems.append(f"{where}.{name}: is not a field of this item")
    for f in plain_fields(section):
        if f.name not in item:
            if not f.has_default() and not f.null:
                problems.append(f"{where}.{f.name}: is required")
            continue
        value = item[f.name]
        try:
            if isinstance(f, models.JSONField):
                out[f.attname] = value
            elif value is None:
                out[f.attname] = None
            else:
                out[f.attname] = f.to_python(value)
        except ValidationError as error:
            problems.append(f"{where}.{f.name}: {' '.join(error.messages)}")
    return out


def decode_time(value, where: str, problems: list[str]) -> dt.datetime | None:
    """An extra ISO datetime field (a timestamp the model fills itself)."""
    if value is None:
        return None
    try:
        parsed = models.DateTimeField().to_python(value)
    except ValidationError:
        parsed = None
    if parsed is None:
        problems.append(f"{where}: {value!r} is not a date and time")
    return parsed
