"""The plan page's form for each ruleset: the player decisions its engine takes
(``validate_plans`` of bouts/engine/*/; docs/plans.md), as form fields.

WeBL: the plan text (the engine's errors name their line). Title Bout: the
corner's strategy and the fighter's style (B boxer or S slugger, for an
(E)ither fighter). Pocket: targeting, the special punch's timing, dirty
fighting, reckless attacks, clinching. Octagon: which corner policy plays the
cards. Skirmish: targeting, withdrawing the hurt, focus. A ruleset not listed
here has no player decisions, and the page says so.
"""

from __future__ import annotations

from django import forms

from bouts.engine.octagon.policy import POLICIES as OCTAGON_POLICIES
from bouts.engine.pocket.policy import SPECIAL_PLANS, TARGET_PLANS
from bouts.engine.skirmish.policy import TARGETS as SKIRMISH_TARGETS
from bouts.engine.titlebout.strategy import LABELS as TITLEBOUT_STRATEGIES

DEFAULT = ("", "The corner decides (the ruleset's default)")


def _choices(values, labels=None) -> list[tuple[str, str]]:
    labels = labels or {}
    return [DEFAULT] + [(v, labels.get(v, v.replace("_", " ").capitalize())) for v in values]


class PlanForm(forms.Form):
    """A plan as an object: each non-empty field is a key of the engine's plan."""

    def plan_data(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items() if v not in ("", None)}

    @classmethod
    def initial_of(cls, data) -> dict:
        return dict(data) if isinstance(data, dict) else {}


class WeblPlanForm(forms.Form):
    text = forms.CharField(
        label="Fight plan",
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "plan-text"}),
        help_text="One line per statement: <code>AGG[H|B|C]/POW[!]/DEF (style)</code>; "
        "<code>N)</code> starts the plan for round N on; <code>if COND then LINE</code>; "
        "<code>#</code> starts a comment. "
        '<a href="/help/plans/" id="plan-help-link">How to write a plan</a>.',
    )

    def plan_data(self) -> str:
        return self.cleaned_data["text"]

    @classmethod
    def initial_of(cls, data) -> dict:
        return {"text": data if isinstance(data, str) else ""}


class TitleboutPlanForm(PlanForm):
    strategy = forms.ChoiceField(
        required=False,
        choices=_choices(
            ["FI", "FO", "CU", "KO", "none", *TITLEBOUT_STRATEGIES],
            {
                "FI": "Fighter's usual (FI: inside)",
                "FO": "Fighter's usual (FO: outside)",
                "CU": "Fighter's usual (CU: cover up)",
                "KO": "Fighter's usual (KO: knockout)",
                "none": "No strategy",
                **TITLEBOUT_STRATEGIES,
            },
        ),
        help_text="The corner's strategy for every round.",
    )
    style = forms.ChoiceField(
        required=False,
        choices=[DEFAULT, ("B", "Boxer"), ("S", "Slugger")],
        help_text="For an (E)ither fighter: box or slug.",
    )


class PocketPlanForm(PlanForm):
    target = forms.ChoiceField(required=False, choices=_choices(TARGET_PLANS))
    special = forms.ChoiceField(
        required=False, choices=_choices(SPECIAL_PLANS), label="Special punch"
    )
    dirty = forms.IntegerField(
        required=False, min_value=0, max_value=100, label="Dirty punches (%)"
    )
    reckless = forms.BooleanField(required=False, label="Reckless attacks")
    clinch = forms.BooleanField(required=False, label="Clinch when hurt")

    def plan_data(self) -> dict:
        data = super().plan_data()
        for key in ("reckless", "clinch"):
            if not data.get(key):
                data.pop(key, None)
        return data


class OctagonPlanForm(PlanForm):
    policy = forms.ChoiceField(
        required=False,
        choices=_choices(
            list(OCTAGON_POLICIES),
            {
                "health": "Health (the league's corner)",
                "seed": "Seed (the rule book's AI)",
                "greedy": "Greedy (most expected damage)",
            },
        ),
        label="Corner policy",
        help_text="Who plays the camp's cards.",
    )


class SkirmishPlanForm(PlanForm):
    target = forms.ChoiceField(required=False, choices=_choices(SKIRMISH_TARGETS))
    withdraw_below = forms.IntegerField(
        required=False, min_value=0, max_value=100, label="Withdraw below (% health)"
    )
    focus = forms.IntegerField(required=False, min_value=0, max_value=100, label="Focus (%)")


FORMS: dict[str, type[forms.Form]] = {
    "webl": WeblPlanForm,
    "titlebout": TitleboutPlanForm,
    "pocket": PocketPlanForm,
    "octagon": OctagonPlanForm,
    "skirmish": SkirmishPlanForm,
}


def plan_form_class(ruleset: str) -> type[forms.Form] | None:
    """The ruleset's plan form, or None: it has no player decisions."""
    return FORMS.get(ruleset)
