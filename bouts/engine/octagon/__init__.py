"""Octagon Warriors (seed ``004_488b1d28590715d2.txt``): an MMA card battle
between two camps' 50-card decks. See RULES.md for every rule and where it lives.

Modules: ``catalogue`` (the seed's cards and constants as data), ``formulas``
(strike damage, takedown chance, submission damage), ``cards`` (validation and
rating), ``generator`` (fictional camps, decks from a camp's fighters), ``state``
(fighters and camps in play), ``game`` (setup, turns, strikes, KOs, win
conditions), ``effects`` (the other cards' effects, injuries), ``texts`` (numbers
and clocks of the event texts), ``policy`` (the seed's AI and a smarter corner),
``ruleset`` (the engine contract)."""

from .ruleset import OctagonRuleset

RULESET = OctagonRuleset()

__all__ = ["RULESET", "OctagonRuleset"]
