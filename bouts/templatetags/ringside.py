"""Display names for the pages: a bout's method and a ruleset in words, from the
engine's own vocabulary (bouts.engine.registry), never a second list."""

from django import template
from django.utils.html import format_html

from bouts.engine.registry import method_name, ruleset_title

register = template.Library()


@register.filter
def method_words(method) -> str:
    """``"TKO"`` -> ``"Technical knockout"``."""
    return method_name(str(method)) if method else ""


@register.filter
def method_abbr(method) -> str:
    """The method's code with its words on hover:
    ``<abbr title="Technical knockout">TKO</abbr>``."""
    if not method:
        return ""
    words = method_name(str(method))
    if words == method:
        return format_html("{}", words)
    return format_html('<abbr title="{}">{}</abbr>', words, method)


@register.filter
def ruleset_name(name) -> str:
    """``"titlebout"`` -> ``"Title Bout II"``."""
    return ruleset_title(str(name)) if name else ""
