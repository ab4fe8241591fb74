"""A JSON parser with a nesting limit.

``json.loads`` recurses once per level: a body nested 10,000 deep raised
RecursionError (a 500) before any view ran. The depth is measured first, by a
scan that skips strings, and a body deeper than ``MAX_DEPTH`` is a 400.
"""

from __future__ import annotations

import codecs
import json
import re

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of objects and arrays in ``text`` (strings skipped)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.getreader(encoding)(stream).read()
        except UnicodeDecodeError as exc:
            raise ParseError(f"The body is not valid {encoding}.") from exc
        limit = getattr(settings, "API_JSON_MAX_DEPTH", MAX_DEPTH)
        if json_depth(text) > limit:
            raise ParseError(f"JSON nested deeper than {limit} levels.")
        try:
            return json.loads(text, parse_constant=_no_constant)
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc


def _no_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")
