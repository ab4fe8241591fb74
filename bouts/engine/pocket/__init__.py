"""Pocket Boxing (seed 003): dice fighters, the guard die, exchanges, special and dirty
punches, stun and clinch, knockdowns and the ten count. See RULES.md."""

from .ruleset import PocketRuleset

RULESET = PocketRuleset()

__all__ = ["RULESET", "PocketRuleset"]
