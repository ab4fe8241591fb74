"""Skirmish (seed 002): card combat by speed order, attack against defence, fatigue,
multi-attack, exhaustion, withdrawal and morale, between two camps. See RULES.md."""

from .ruleset import SkirmishRuleset

RULESET = SkirmishRuleset()

__all__ = ["RULESET", "SkirmishRuleset"]
