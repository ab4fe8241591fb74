"""The OpenAPI document as a contract (drf-spectacular): what it adds to every
operation beyond the success response spectacular derives from the serializers.

- **Errors where they can happen.** 400 (a bad body, filter or unknown query
  parameter — every operation reads one or the other), 401 (bad credentials:
  any request may carry a token), 403 (writes), 404 (a path id, or a page past
  the end of a list), 429 (operations with a throttle: the view's own
  ``get_throttles()`` for that action). Their body is DRF's error object.
- **Public reads declared public.** Reads are public (docs/layers.md): a GET
  needs no credentials, so its security lists the empty requirement too — but
  for the reads of one's own things (``reads_need_sign_in``, or a view whose
  permissions include ``IsAuthenticated``), which answer 401 without them.
- **Token or Bearer.** The token is taken under either scheme word
  (``core.api.authentication``): two security schemes, either one will do.
- **Small example ids.** An integer with a 64-bit bound gets a small example
  (``small_integer_examples``), not the bound (Swagger UI printed
  9223372036854776000 for every id).
- **Nullable where null is answered**: a read-only field with ``default=None``.
- **"Exactly one of"** (``ExactlyOneOf``): a request body's groups of fields of
  which exactly one is given, as ``oneOf`` of ``required``.
"""

import re

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.fields import empty
from rest_framework.permissions import SAFE_METHODS, IsAuthenticated

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
    "401": (
        "Not signed in: no credentials where they are needed, or credentials that are not "
        'valid. The body is {"detail": "..."}, with a WWW-Authenticate header.'
    ),
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

    def _get_paginator(self):
        # The list's own path, for its pages' example URLs (ids made 12).
        paginator = super()._get_paginator()
        if paginator is not None:
            paginator.schema_path = re.sub(r"\{[^}]+\}", "12", self.path)
        return paginator

    def _get_filter_parameters(self):
        # DRF's search filter offers ``search`` to every list; a view without
        # search fields ignores it, so the schema does not promise it there.
        parameters = super()._get_filter_parameters()
        if getattr(self.view, "search_fields", None):
            return parameters
        return [parameter for parameter in parameters if parameter.get("name") != "search"]

    def _get_serializer_field_meta(self, field, direction):
        # A read-only field read through a relation that may be missing
        # (``source="result.winner", default=None``) answers null: say so.
        meta = super()._get_serializer_field_meta(field, direction)
        if getattr(field, "read_only", False) and getattr(field, "default", empty) is None:
            meta["nullable"] = True
        return meta

    def get_auth(self):
        auth = super().get_auth()
        if reads_need_sign_in(self.view):
            return [requirement for requirement in auth if requirement]  # AllowAny adds {}
        if self.method in SAFE_METHODS and {} not in auth:
            auth.append({})
        return auth


def reads_need_sign_in(view) -> bool:
    """Whether ``view``'s reads answer 401 to an anonymous caller: reads of one's
    own things (a view sets ``reads_need_sign_in``: True, or the names of the
    actions that do; or its permissions say so)."""
    flag = getattr(view, "reads_need_sign_in", False)
    if isinstance(flag, frozenset):
        return getattr(view, "action", None) in flag
    if flag:
        return True
    return any(
        isinstance(cls, type) and issubclass(cls, IsAuthenticated)
        for cls in getattr(view, "permission_classes", ())
    )


class TokenOrBearerScheme(OpenApiAuthenticationExtension):
    """The API token under ``Token`` or ``Bearer``: either requirement will do."""

    target_class = "core.api.authentication.TokenOrBearerAuthentication"
    name = ["tokenAuth", "bearerAuth"]

    def get_security_requirement(self, auto_schema):
        return [{"tokenAuth": []}, {"bearerAuth": []}]

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": "Your account's API token after the word Token: "
                "`Authorization: Token <key>`.",
            },
            {
                "type": "http",
                "scheme": "bearer",
                "description": "The same token after the word Bearer: "
                "`Authorization: Bearer <key>`.",
            },
        ]


def doc_excludes():
    """spectacular's own list, and the API's base classes and mixins: a subclass
    without a docstring of its own gets no description from them."""
    from drf_spectacular.plumbing import get_lib_doc_excludes

    from .permissions import LeagueScopedViewSetMixin
    from .serializers import CleanModelSerializer, StrictTypesModelSerializer

    return [
        *get_lib_doc_excludes(),
        LeagueScopedViewSetMixin,
        StrictTypesModelSerializer,
        CleanModelSerializer,
        ExactlyOneOf,
    ]


BIG = 2**31


def small_integer_examples(result, generator, request, public):
    """A postprocessing hook: every integer schema bounded by a 64-bit range and
    without an example or default gets a small one (its minimum, or 1)."""

    def visit(node):
        if isinstance(node, dict):
            if (
                node.get("type") == "integer"
                and "example" not in node
                and "default" not in node
                and (node.get("maximum", 0) >= BIG or node.get("format") == "int64")
            ):
                node["example"] = max(1, node.get("minimum", 1))
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(result)
    return result


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


# --- Words for every operation ------------------------------------------------------
# Each view states its operations' summary (a script author's words: "List
# fighters"), description (what it answers or does, who may call it, its filters,
# the errors met, the related reads) and tag, next to the view (``documented``).
# No operation falls back on a docstring: those are written for the code's readers.


def documented(tag: str, **operations):
    """``extend_schema_view`` giving each action (a viewset's ``list``,
    ``retrieve``, an ``@action``'s name; an APIView's ``get``, ``post``) its
    ``(summary, description)`` and ``tag``; a third item adds ``extend_schema``
    arguments (``examples``)."""
    return extend_schema_view(
        **{
            name: extend_schema(
                summary=words[0], description=words[1], tags=[tag], **(words[2:] or [{}])[0]
            )
            for name, words in operations.items()
        }
    )


def record_operations(
    *,
    one: str,
    many: str,
    listing: str,
    detail: str,
    writers: str,
    plural: str | None = None,
    examples: dict | None = None,
    **more,
) -> dict[str, tuple]:
    """The words of a plain record's six operations (list, create, get, replace,
    update, delete), from what is particular to it: ``one`` ("a camp"),
    ``many`` ("camps"), what the list answers and filters by (``listing``), what
    the detail shows and links to (``detail``), and who may write (``writers``);
    ``more``: the record's other operations, or words of its own for one of the six;
    ``examples``: an operation's ``OpenApiExample`` list, by its name."""
    noun = one.split(" ", 1)[1]
    plural = plural or many
    words = {
        "list": (f"List {plural}", f"{listing}\n\nPublic: no sign-in needed. Paginated."),
        "create": (
            f"Create {one}",
            f"Creates {one} and answers 201 with it. {writers} A value the rules refuse is a "
            "400 naming the field.",
        ),
        "retrieve": (f"Get {one}", f"{detail}\n\nPublic. 404 when there is no such {noun}."),
        "update": (
            f"Replace {one}",
            f"Replaces every writable field of the {noun} (send them all). {writers} "
            "A 400 names each field refused; 404 when there is no such "
            f"{noun}.",
        ),
        "partial_update": (
            f"Update {one}",
            f"Changes only the fields sent of the {noun}, the others kept. {writers} "
            "A 400 names each field refused.",
        ),
        "destroy": (
            f"Delete {one}",
            f"Deletes the {noun}: 204, no body. {writers} A {noun} that others still "
            "point to is refused with a 400 saying why.",
        ),
    } | more
    for name, listed in (examples or {}).items():
        words[name] = (*words[name][:2], {"examples": listed})
    return words
