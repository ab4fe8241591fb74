"""Errors the engine raises for bad input. Each prints as one clear line."""


class EngineError(ValueError):
    """Bad input to the engine: an unknown ruleset, a bad card, plan or option."""


class CardError(EngineError):
    """A card (or a side of cards) breaks a rule of its ruleset.

    ``field`` names the field (dotted for nested fields, e.g. ``fresh.pl`` or
    ``fighters[3].health``) and ``rule`` says which rule was broken.
    """

    def __init__(self, field: str, rule: str):
        self.field = field
        self.rule = rule
        super().__init__(f"{field}: {rule}")


class OptionError(EngineError):
    """An option, official or corner input the ruleset does not accept."""

    def __init__(self, field: str, rule: str):
        self.field = field
        self.rule = rule
        super().__init__(f"{field}: {rule}")


class PlanError(EngineError):
    """A fight plan that cannot be parsed; ``line`` is 1-based when known."""

    def __init__(self, rule: str, line: int | None = None, side: str | None = None):
        self.line = line
        self.side = side
        self.rule = rule
        where = []
        if side:
            where.append(f"plans.{side}")
        if line is not None:
            where.append(f"line {line}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {rule}" if prefix else rule)
