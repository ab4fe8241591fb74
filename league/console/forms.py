"""The console's forms. They only collect and type the input; the rules (and
their messages) are the services', which the views put back next to the field."""

from __future__ import annotations

import secrets

from django import forms

from bouts.engine.registry import RULESETS, ruleset_title
from fighters.weight_classes import WeightClass
from league.models import League
from league.services.setup import LEAGUE_FIELDS, ROSTER_MAX


def ruleset_choices():
    return [(name, ruleset_title(name)) for name in sorted(RULESETS)]


def fresh_seed() -> int:
    """A seed for generating fighters, new on every page: the same seed makes the
    same fighters, so a fixed default made identical namesakes on a second run.
    Not an engine's randomness (the bouts' seeds stay derived): only a default."""
    return secrets.randbelow(1_000_000) + 1


class DateInput(forms.DateInput):
    input_type = "date"


def _keeps_value_when_empty(name: str, field) -> bool:
    """A setting with a default that cannot be empty (not a checkbox, not a
    nullable number such as the point budget, whose empty is "none")."""
    model_field = League._meta.get_field(name)
    return (
        model_field.has_default()
        and not model_field.null
        and not isinstance(field, forms.BooleanField)
    )


class LeagueForm(forms.ModelForm):
    ruleset = forms.ChoiceField(
        choices=ruleset_choices, help_text="The rules every bout of the league is fought under."
    )

    class Meta:
        model = League
        fields = LEAGUE_FIELDS
        widgets = {"start_date": DateInput(), "description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A setting with a default is optional here: left empty, the league keeps
        # its value (a new league: the default). Checkboxes are what they say.
        for name, field in self.fields.items():
            if _keeps_value_when_empty(name, field):
                field.required = False

    def clean(self):
        data = super().clean()
        for name, field in self.fields.items():
            if _keeps_value_when_empty(name, field) and data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)
        return data

    def _post_clean(self):
        # The service validates (and builds) the league: the model form only types.
        pass


class DivisionForm(forms.Form):
    weight_class = forms.ChoiceField(choices=WeightClass.choices)
    name = forms.CharField(
        max_length=120, required=False, help_text="Default: the weight class's name."
    )


class RenameForm(forms.Form):
    name = forms.CharField(max_length=120)


class RosterForm(forms.Form):
    count = forms.IntegerField(
        min_value=1, max_value=ROSTER_MAX, initial=8, label="Fighters to generate"
    )
    seed = forms.IntegerField(
        initial=fresh_seed,
        min_value=0,
        help_text="A new number each time the page opens: the same number gives the same "
        "fighters (names, cards, camps), so keep it to make them again.",
    )


class EventForm(forms.Form):
    name = forms.CharField(max_length=160)
    date = forms.DateField(widget=DateInput(), help_text="The league date of the card.")
    venue = forms.CharField(max_length=160, required=False)


def _choice(obj, detail=""):
    return (str(obj.pk), f"{obj.name} ({detail})" if detail else obj.name)


class BoutForm(forms.Form):
    """A bout for the card: the sides from the eligible candidates only."""

    # Chosen above the form (the candidates depend on it): carried hidden.
    division = forms.TypedChoiceField(coerce=int, widget=forms.HiddenInput)
    red = forms.TypedChoiceField(coerce=int, label="Red corner")
    blue = forms.TypedChoiceField(coerce=int, label="Blue corner")
    rounds = forms.IntegerField(
        min_value=1, max_value=1000, required=False, help_text="Default: the league's distance."
    )
    title = forms.BooleanField(required=False, label="Title bout")
    referee = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    judge_1 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    judge_2 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    judge_3 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    doctor = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    red_corner = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    blue_corner = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)

    def __init__(self, *args, divisions, division, candidates, officials, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["division"].choices = [(str(d.pk), d.name) for d in divisions]
        self.fields["division"].initial = division.pk if division else None
        sides = [("", "— pick —")] + [_choice(c, c.detail) for c in candidates]
        self.fields["red"].choices = sides
        self.fields["blue"].choices = sides
        none = [("", "— the engine draws one —")]
        self.fields["referee"].choices = none + [_choice(r) for r in officials.referees]
        for name in ("judge_1", "judge_2", "judge_3"):
            self.fields[name].choices = none + [_choice(j) for j in officials.judges]
        self.fields["doctor"].choices = none + [_choice(d) for d in officials.doctors]
        corners = [("", "— none —")] + [_choice(c) for c in officials.corners]
        self.fields["red_corner"].choices = corners
        self.fields["blue_corner"].choices = corners


class MoveForm(forms.Form):
    direction = forms.ChoiceField(choices=[("up", "up"), ("down", "down")])


class VoidForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=2000)


class SeasonForm(forms.Form):
    start_date = forms.DateField(
        widget=DateInput(), required=False, help_text="Default: a round after the last bout."
    )
    seed = forms.IntegerField(initial=1, help_text="Chooses every bout's seed.")
    fight_now = forms.BooleanField(
        required=False,
        label="Fight the whole season now",
        help_text="Otherwise each round's card waits for its own “fight this card”.",
    )


class TournamentForm(forms.Form):
    size = forms.TypedChoiceField(
        coerce=int, choices=[(4, "4"), (8, "8"), (16, "16"), (32, "32")], initial=8
    )
    start_date = forms.DateField(widget=DateInput(), required=False)
    double = forms.BooleanField(required=False, label="Double elimination")
    for_title = forms.BooleanField(required=False, initial=True, label="For the title")
    seed = forms.IntegerField(initial=1)


class RegionForm(forms.Form):
    name = forms.CharField(max_length=80, label="Region name")


class RegionMemberForm(forms.Form):
    """Put a fighter of the league in a region, move him, or (no region) take him out."""

    fighter = forms.TypedChoiceField(coerce=int)
    region = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, help_text="“No region” takes him out."
    )

    def __init__(self, *args, fighters, regions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fighter"].choices = [("", "— pick —")] + [
            _choice(f, f.region.name if f.region else "no region") for f in fighters
        ]
        self.fields["region"].choices = [("", "— no region —")] + [_choice(r) for r in regions]
