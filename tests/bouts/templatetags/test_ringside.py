"""The pages' display filters: methods and rulesets in words from the engine."""

from bouts.templatetags.ringside import method_abbr, method_words, ruleset_name


def test_method_abbr_gives_the_words_on_hover():
    assert method_abbr("TKO") == '<abbr title="Technical knockout">TKO</abbr>'
    assert method_abbr("HEALTH") == '<abbr title="Health depleted">HEALTH</abbr>'
    assert method_abbr("") == ""
    # An unknown code is shown as it is, escaped.
    assert method_abbr("<b>") == "&lt;b&gt;"


def test_words_and_ruleset_names():
    assert method_words("SD") == "Split decision"
    assert ruleset_name("titlebout") == "Title Bout II"
    assert ruleset_name("webl") == "WeBL"
    assert ruleset_name("unknown") == "unknown"
