"""RULES.md covers every option, trait, strategy and module."""

from pathlib import Path

from bouts.engine.titlebout.cards import TRAITS
from bouts.engine.titlebout.options import DEFAULTS
from bouts.engine.titlebout.strategy import LABELS

RULES = (Path(__file__).resolve().parents[3] / "bouts/engine/titlebout/RULES.md").read_text()


def test_every_option_is_documented():
    for name in DEFAULTS:
        assert f"`{name}`" in RULES, name


def test_every_trait_is_documented():
    for trait in TRAITS:
        words = trait.replace("_", " ").split()
        assert all(w.lower() in RULES.lower() for w in words), trait
    assert len(TRAITS) == 17


def test_every_strategy_is_documented():
    for label in LABELS.values():
        first = label.split()[0]
        assert first in RULES, label
