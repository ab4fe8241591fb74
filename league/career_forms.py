"""The career game's web form: a new fighter bought within the league's budget."""

from django import forms

from fighters.models import Camp
from fighters.weight_classes import WeightClass

from .services.career import budget_rule, league_budget


class CareerFighterForm(forms.Form):
    """Name, camp, division and one field per ability the league's ruleset buys
    (its price on the field, for the points-left counter: ringside/budget.js)."""

    name = forms.CharField(max_length=120, label="Name")
    camp = forms.ModelChoiceField(queryset=Camp.objects.none(), label="Camp")
    weight_class = forms.ChoiceField(choices=(), label="Division")

    def __init__(self, *args, league, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.league = league
        camps = Camp.objects.order_by("name")
        self.fields["camp"].queryset = camps if user.is_staff else camps.filter(owner=user)
        classes = dict(WeightClass.choices)
        self.fields["weight_class"].choices = [
            (wc, classes.get(wc, wc))
            for wc in league.divisions.order_by("name").values_list("weight_class", flat=True)
        ]
        self.abilities = budget_rule(league).abilities
        self.budget = league_budget(league)
        start = self.budget // max(1, sum(a.price for a in self.abilities))
        for ability in self.abilities:
            initial = min(ability.high, max(ability.low, start))
            self.fields[ability.path] = forms.IntegerField(
                min_value=ability.low,
                max_value=ability.high,
                initial=initial,
                label=ability.path.replace("fresh.", "").replace("_", " ").upper(),
                help_text=f"{ability.low}–{ability.high}, {ability.price} point"
                f"{'s' if ability.price != 1 else ''} each",
                widget=forms.NumberInput(
                    attrs={"data-price": ability.price, "step": ability.step, "class": "ability"}
                ),
            )

    def bought(self) -> dict[str, int]:
        return {a.path: self.cleaned_data[a.path] for a in self.abilities}
