"""Shared pieces of the API's serializers and viewsets."""

import json
from collections.abc import Mapping

from django.conf import settings
from django.db import models, transaction
from rest_framework import serializers

from .parsers import MAX_DEPTH, json_depth


def _no_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


class BoundedJSONField(serializers.JSONField):
    """A JSON value, with the body parser's nesting limit kept for JSON that
    comes as text: a form or multipart field (``data=[[[...``), which DRF's own
    field hands to ``json.loads`` unmeasured (RecursionError, a 500). NaN and
    Infinity are refused as in JSON bodies."""

    default_error_messages = {
        "too_deep": "JSON nested deeper than {limit} levels.",
    }

    def to_internal_value(self, data):
        if not (self.binary or getattr(data, "is_json_string", False)):
            return super().to_internal_value(data)  # parsed already, within the limit
        if isinstance(data, bytes):
            try:
                data = data.decode()
            except UnicodeDecodeError:
                self.fail("invalid")
        limit = getattr(settings, "API_JSON_MAX_DEPTH", MAX_DEPTH)
        if json_depth(data) > limit:
            self.fail("too_deep", limit=limit)
        try:
            return json.loads(data, cls=self.decoder, parse_constant=_no_constant)
        except (TypeError, ValueError):
            self.fail("invalid")


class _StrictText:
    def to_internal_value(self, data):
        # DRF would store 5 as "5" and {"x": 1} fails late: text is a JSON string.
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class _StrictBoolean:
    def to_internal_value(self, data):
        # DRF would read "yes", "on" and 1 as true: a flag is a JSON boolean.
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


_STRICT: dict[type, type] = {}


def strict_field_class(field_class: type) -> type:
    """``field_class`` taking only what the schema says it takes: text fields a
    JSON string, boolean fields a JSON boolean (bodies are JSON)."""
    if field_class not in _STRICT:
        if issubclass(field_class, serializers.CharField):
            mixin = _StrictText
        elif issubclass(field_class, serializers.BooleanField):
            mixin = _StrictBoolean
        else:
            return field_class
        _STRICT[field_class] = type(f"Strict{field_class.__name__}", (mixin, field_class), {})
    return _STRICT[field_class]


class StrictTypesModelSerializer(serializers.ModelSerializer):
    """Model fields read as strictly as the OpenAPI schema states them."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.JSONField: BoundedJSONField,
    }

    def build_standard_field(self, field_name, model_field):
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        return strict_field_class(field_class), kwargs

    def to_internal_value(self, data):
        # DRF iterates a many-to-many field's value, so {} or {"7": 1} passed for
        # an array of ids (its keys were read as the ids: schemathesis' coverage phase).
        if isinstance(data, Mapping):
            errors = {
                name: [field.error_messages["not_a_list"].format(input_type=type(value).__name__)]
                for name, field in self.fields.items()
                if isinstance(field, serializers.ManyRelatedField)
                and not field.read_only
                and not isinstance(value := data.get(name, []), list)
            }
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class CleanModelSerializer(StrictTypesModelSerializer):
    """Plain records (officials, camps, corner men, leagues, divisions, seasons,
    events) have no write service of their own: saving them is ``full_clean()``
    then ``save()`` in one transaction, so every model and database rule answers
    with a field message (the exception handler makes it a 400)."""

    def _split_many(self, validated_data):
        many = {}
        for field in self.Meta.model._meta.many_to_many:
            if field.name in validated_data:
                many[field.name] = validated_data.pop(field.name)
        return many

    def create(self, validated_data):
        many = self._split_many(validated_data)
        instance = self.Meta.model(**validated_data)
        with transaction.atomic():
            instance.full_clean()
            instance.save()
            for name, values in many.items():
                getattr(instance, name).set(values)
        return instance

    def update(self, instance, validated_data):
        many = self._split_many(validated_data)
        for name, value in validated_data.items():
            setattr(instance, name, value)
        with transaction.atomic():
            instance.full_clean()
            instance.save()
            for name, values in many.items():
                getattr(instance, name).set(values)
        return instance


# For the fields a plain Serializer declares itself.
StrictCharField = strict_field_class(serializers.CharField)
StrictBooleanField = strict_field_class(serializers.BooleanField)
