"""Every card field a ruleset's card has is explained in words, no field or
file names: the console shows these beside each field."""

import re

import pytest

from bouts.engine.registry import RULESETS
from fighters.card_help import card_field_help
from fighters.cards import card_shape


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_card_field_has_help_in_words(ruleset):
    for key in card_shape(ruleset):
        words = card_field_help(ruleset, key)
        assert words, f"{ruleset} {key} has no help"
        assert not re.search(r"\w+\.(py|md)\b", words)


def test_nested_fields_say_where_they_sit():
    assert card_field_help("titlebout", "fresh.cf_b").startswith("Fresh: control against a boxer")
    assert card_field_help("titlebout", "fatigued.kd1").startswith("Tired")
    assert card_field_help("titlebout", "hitting.jab.three").startswith("Jab: ")
    assert "inside" in card_field_help("titlebout", "strategy.FI")
    assert card_field_help("titlebout", "no.such.field") == ""
