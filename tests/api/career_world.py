"""A WeBL career league played by two managers (managers.world, switched to the
career game): every role the career tests need."""

from __future__ import annotations

from league.models import League

from . import managers


def career_world(**fields):
    world = managers.world(fighters_per_camp=0)
    League.objects.filter(pk=world.league.pk).update(ruleset="webl", career_mode=True, **fields)
    world.league.refresh_from_db()
    return world


def webl_abilities(total=70):
    """Five attributes summing to ``total`` (14 each at 70)."""
    base, extra = divmod(total, 5)
    keys = ("str", "spd", "agl", "hgt", "tgh")
    return {k: base + (1 if i < extra else 0) for i, k in enumerate(keys)}
