"""Display names for the pages: a bout's method and a ruleset in words, from the
engine's own vocabulary (bouts.engine.registry), never a second list; dates in
the league's one format (core.dates)."""

from django import template
from django.utils import timezone
from django.utils.html import format_html

from bouts.engine.registry import method_name, ruleset_title
from core.dates import long_date, real_time_from_now

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


@register.filter
def league_date(date) -> str:
    """A league date as every page writes it: ``5 Dec 2026``."""
    return long_date(date) if date else ""


@register.filter
def from_now(moment, verb="fights") -> str:
    """A real time, the one kind a page shows (when a fight night fires or its
    plans lock): ``fights in 2 days, Sat 20:00 UTC``."""
    return real_time_from_now(moment, timezone.now(), verb=verb) if moment else ""


@register.filter
def percent(share) -> str:
    """A share (0..1) as a person reads it: ``0.425`` -> ``"43%"``."""
    if share is None or share == "":
        return ""
    return f"{round(float(share) * 100)}%"
