"""The OpenAPI document as a contract (drf-spectacular): what it adds to every
operation beyond the success response spectacular derives from the serializers.

- **Errors where they can happen.** 400 (a bad body, filter or unknown query
  parameter — every operation reads one or the other), 401 (bad credentials:
  any request may carry a token), 403 (writes), 404 (a path id, or a page past
  the end of a list), 429 (operations with a throttle: the view's own
  ``get_throttles()`` for that action). Their body is DRF's error object.
- **Public reads declared public.** Reads are public (docs/layers.md): a GET
  needs no credentials, so its security lists the empty requirement too.
- **Nullable where null is answered**: a read-only field with ``default=None``.
- **"Exactly one of"** (``ExactlyOneOf``): a request body's groups of fields of
  which exactly one is given, as ``oneOf`` of ``required``.
"""

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from rest_framework.fields import empty
from rest_framework.permissions import SAFE_METHODS

ERROR_BODY = {
    "application/json": {
        "schema": {
            "type": "object",
            "additionalProperties": {},
            "description": 'DRF\'s error object: {"detail": "..."} or {"field": ["message"]}.',
        }
    }
}

ERRORS = {
    "400": "Bad input: the body, a filter or an unknown query parameter (named).",
    "401": "The credentials given are not valid.",
    "403": "Not allowed: writes need staff or the league's commissioner.",
    "404": "No such object (or page).",
    "429": "Too many requests: wait for Retry-After seconds.",
}


class ContractSchema(AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        codes = ["400", "401"]
        if method not in SAFE_METHODS:
            codes.append("403")
        if "{" in path or (method == "GET" and self._is_list_view()):
            codes.append("404")
        if self.view.get_throttles():
            codes.append("429")
        responses = operation.setdefault("responses", {})
        for code in codes:
            responses.setdefault(code, {"content": ERROR_BODY, "description": ERRORS[code]})
        return operation

    def _get_serializer_field_meta(self, field, direction):
        # A read-only field read through a relation that may be missing
        # (``source="result.winner", default=None``) answers null: say so.
        meta = super()._get_serializer_field_meta(field, direction)
        if getattr(field, "read_only", False) and getattr(field, "default", empty) is None:
            meta["nullable"] = True
        return meta

    def get_auth(self):
        auth = super().get_auth()
        if self.method in SAFE_METHODS and {} not in auth:
            auth.append({})
        return auth


class ExactlyOneOf:
    """A serializer mixin: ``exactly_one_of`` lists groups of fields of which a
    request gives exactly one (each non-null). The serializer's ``validate`` keeps
    the rule; the schema states it (``oneOf`` per group, below)."""

    exactly_one_of: tuple[tuple[str, ...], ...] = ()


class ExactlyOneOfExtension(OpenApiSerializerExtension):
    target_class = ExactlyOneOf
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction != "request":
            return schema
        groups = [
            {"oneOf": [{"required": [name]} for name in group]}
            for group in self.target.exactly_one_of
        ]
        return {**schema, "allOf": groups}
