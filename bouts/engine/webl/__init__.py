"""WeBL (World/Web Boxing League) round resolution, from the help page "How a round
is resolved" (seed 000_541864343c75525e.txt). See RULES.md."""

from .plans import Plan, PlanError, format_plan, parse_plan
from .ruleset import WeblRuleset

RULESET = WeblRuleset()

__all__ = ["RULESET", "Plan", "PlanError", "WeblRuleset", "format_plan", "parse_plan"]
