"""The career game's web form: a new fighter bought within the league's budget."""

from django import forms

from fighters.models import Camp, Fighter
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


class TrainingForm(forms.Form):
    """What one of the manager's fighters in a bout trains for it."""

    fighter = forms.ModelChoiceField(queryset=Fighter.objects.none(), label="Fighter")
    ability = forms.ChoiceField(choices=(), label="Train")

    def __init__(self, *args, bout, league, user, **kwargs):
        super().__init__(*args, **kwargs)
        sides = Fighter.objects.filter(pk__in=[bout.red_id, bout.blue_id]).order_by("name")
        mine = sides if user.is_staff else sides.filter(camp__owner=user)
        self.fields["fighter"].queryset = mine
        if not user.is_staff:  # a manager with one fighter in the bout: him
            only = list(mine.values_list("pk", flat=True)[:2])
            if len(only) == 1:
                self.fields["fighter"].initial = only[0]
                self.fields["fighter"].empty_label = None
        rule = budget_rule(league)
        self.fields["ability"].choices = [
            (a.path, a.path.replace("fresh.", "").replace("_", " ").upper()) for a in rule.abilities
        ]
