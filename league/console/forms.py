"""The console's forms. They only collect and type the input; the rules (and
their messages) are the services', which the views put back next to the field."""

from __future__ import annotations

import secrets

from django import forms

from bouts.engine.registry import RULESETS, ruleset_title
from fighters.card_help import card_field_help
from fighters.cards import card_shape, flatten, format_cell, unflatten
from fighters.forms import CARD_PREFIX, JSONValueField, card_value_field
from fighters.models import CornerMan
from fighters.weight_classes import WeightClass
from league.calendar.models import BreakStep
from league.models import DrawRule, League
from league.services.setup import LEAGUE_FIELDS, ROSTER_MAX, ruleset_distances
from referees.models import Doctor, Judge, Referee


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


# The league form in the order a commissioner thinks of it: (legend, what the
# group is for, its fields). Every setting of LEAGUE_FIELDS is in one group.
LEAGUE_GROUPS = (
    (
        "Basics",
        "The league's name, its address and the rules its bouts are fought under.",
        ("name", "slug", "ruleset", "description", "start_date"),
    ),
    (
        "Rules",
        "Distances, standings points and what strips a champion.",
        (
            "rounds",
            "title_rounds",
            "points_win",
            "points_draw",
            "points_loss",
            "points_stoppage_bonus",
            "title_inactivity_days",
            "title_suspension_days",
            "medical_suspensions",
            "regions_enabled",
            "contenders_per_region",
        ),
    ),
    (
        "Calendar",
        "When fight nights fall and what happens to a bout that cannot be fought.",
        (
            "clock",
            "fight_time",
            "days_between_events",
            "rest_days",
            "separate_camps",
            "walkover_on_postponement",
        ),
    ),
    (
        "Managers",
        "Bout requests between the fighters' managers, and who sees the cards.",
        ("bouts_per_event", "auto_approve_requests", "hide_cards"),
    ),
    (
        "Career game",
        "Managers build and train their own fighters and a weekly matchmaker fills the "
        "cards; cards age between seasons.",
        (
            "career_mode",
            "point_budget",
            "training_keep_rule",
            "title_rule",
            "fight_weekday",
            "card_lead_days",
            "rematch_weeks",
            "aging_damage",
        ),
    ),
    (
        "Between seasons",
        "What happens when a season ends: cards develop, the worn retire, prospects "
        "fill the divisions, and whether play until goes on into the next season.",
        ("development", "roster_size", "hall_of_fame_wins", "auto_advance_seasons"),
    ),
)
# Left empty on a new league, these follow the chosen ruleset (the service's rule).
RULESET_DISTANCE_FIELDS = ("rounds", "title_rounds")
DEFAULT_RULESET = "webl"


def _distances_help() -> str:
    usual = ", ".join(
        f"{ruleset_title(name)} {d['rounds']} and {d['title_rounds']}"
        for name in sorted(RULESETS)
        for d in [ruleset_distances(name)]
    )
    return f"Left empty, the ruleset's usual bout and title distances: {usual}."


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


class LeagueForm(forms.ModelForm):
    fight_weekday = forms.TypedChoiceField(
        coerce=int,
        choices=list(enumerate(WEEKDAYS)),
        required=False,
        label="Fight night",
        help_text="The weekday of the career game's fight nights.",
    )
    ruleset = forms.ChoiceField(
        choices=ruleset_choices,
        initial=DEFAULT_RULESET,
        help_text="The rules every bout of the league is fought under. It can change "
        "until the league's first bout.",
    )

    class Meta:
        model = League
        fields = LEAGUE_FIELDS
        widgets = {"start_date": DateInput(), "description": forms.Textarea(attrs={"rows": 3})}
        labels = {
            "slug": "Web address",
            "rounds": "Rounds of a bout",
            "title_rounds": "Rounds of a title bout",
            "points_win": "Points for a win",
            "points_draw": "Points for a draw",
            "points_loss": "Points for a loss",
            "points_stoppage_bonus": "Bonus point for a stoppage win",
            "title_inactivity_days": "Days a champion may go without a bout",
            "title_suspension_days": "Suspension (days) that strips a champion",
            "days_between_events": "Days between fight nights",
            "bouts_per_event": "Bouts on a card (at most)",
            "career_mode": "Career game",
            "point_budget": "Points for a new fighter's card",
            "training_keep_rule": "Training gains are kept",
            "aging_damage": "Damage that costs an ability point",
            "development": "Cards develop between seasons",
            "roster_size": "Fighters per division",
            "hall_of_fame_wins": "Wins for the hall of fame",
            "auto_advance_seasons": "Auto-advance seasons",
            "title_rule": "Title bouts in the weekly matchmaking",
            "regions_enabled": "Regions",
            "contenders_per_region": "Contenders per region",
            "fight_time": "Fight time (UTC)",
            "rest_days": "Rest days after a bout",
            "separate_camps": "Keep camp-mates apart",
        }
        help_texts = {
            "slug": "Letters, digits and dashes: the league's address, as in "
            "/leagues/friday-fights/.",
            "start_date": "The date of the league's first fight night.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.creating = self.instance.pk is None
        # A setting with a default is optional here: left empty, the league keeps
        # its value (a new league: the default). Checkboxes are what they say.
        for name, field in self.fields.items():
            if _keeps_value_when_empty(name, field):
                field.required = False
        if self.creating:
            # The distances follow the ruleset picked: nothing shown is a guess.
            for name in RULESET_DISTANCE_FIELDS:
                self.initial.pop(name, None)
                self.fields[name].initial = None
                self.fields[name].help_text = _distances_help()

    def groups(self):
        """The form's fields as (legend, what for, bound fields), for the page; a
        setting no group names yet is still shown, under "More settings"."""
        grouped = [
            (legend, purpose, [self[name] for name in names if name in self.fields])
            for legend, purpose, names in LEAGUE_GROUPS
        ]
        named = {name for _, _, names in LEAGUE_GROUPS for name in names}
        rest = [self[name] for name in self.fields if name not in named]
        if rest:
            grouped.append(("More settings", "", rest))
        return grouped

    def clean(self):
        data = super().clean()
        for name, field in self.fields.items():
            if _keeps_value_when_empty(name, field) and data.get(name) in (None, ""):
                if self.creating and name in RULESET_DISTANCE_FIELDS:
                    data[name] = None  # the service takes the ruleset's distance
                else:
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
    red = forms.TypedChoiceField(coerce=int, label="Red corner fighter")
    blue = forms.TypedChoiceField(coerce=int, label="Blue corner fighter")
    rounds = forms.IntegerField(
        min_value=1, max_value=1000, required=False, help_text="Default: the league's distance."
    )
    title = forms.BooleanField(required=False, label="Title bout")
    referee = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    # Three judges or none: the engine draws the panel when none is picked.
    judge_1 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    judge_2 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    judge_3 = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    doctor = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    red_corner = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label="Red corner's corner man"
    )
    blue_corner = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label="Blue corner's corner man"
    )

    def __init__(self, *args, divisions, division, candidates, officials, sitting_out=(), **kwargs):
        super().__init__(*args, **kwargs)
        # The roster's fighters not offered, with why (shown beside the form).
        self.sitting_out = list(sitting_out)
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
        widget=DateInput(),
        required=False,
        label="First fight night",
        help_text="A league date. Default: the league's next fight night.",
    )
    seed = forms.IntegerField(initial=1, help_text="Chooses every bout's seed.")
    fight_now = forms.BooleanField(
        required=False,
        label="Fight the whole season now",
        help_text="Otherwise play it from the league's calendar, a night or more at a time.",
    )


class PlayForm(forms.Form):
    """ "Play until": what to advance the league to."""

    NEXT_NIGHT = "night"
    target = forms.ChoiceField(
        choices=[
            (NEXT_NIGHT, "The next fight night"),
            ("nights", "A number of fight nights"),
            ("date", "Up to a league date"),
            ("season", "To the end of the season"),
            ("tournament", "To the end of the tournaments"),
            ("seasons", "Through several seasons (season breaks taken for you)"),
        ],
        initial=NEXT_NIGHT,
        label="Play",
    )
    nights = forms.IntegerField(
        required=False, min_value=1, max_value=1000, label="How many nights"
    )
    until = forms.DateField(widget=DateInput(), required=False, label="Up to the league date")
    seasons = forms.IntegerField(
        required=False, min_value=1, max_value=100, label="How many seasons"
    )


class BreakStepForm(forms.Form):
    step = forms.ChoiceField(choices=BreakStep.choices)


class CloseSeasonForm(forms.Form):
    reason = forms.CharField(max_length=250, label="Why close it now")


class TournamentForm(forms.Form):
    size = forms.TypedChoiceField(
        coerce=int, choices=[(4, "4"), (8, "8"), (16, "16"), (32, "32")], initial=8
    )
    start_date = forms.DateField(widget=DateInput(), required=False)
    double = forms.BooleanField(required=False, label="Double elimination")
    for_title = forms.BooleanField(required=False, initial=True, label="For the title")
    seed = forms.IntegerField(initial=1)
    fight_now = forms.TypedChoiceField(
        coerce=lambda v: v == "all",
        choices=[
            ("rounds", "Round by round: each round's card waits for you to fight it"),
            ("all", "All at once: every round fought as soon as its card is made"),
        ],
        initial="rounds",
        label="How it is fought",
        help_text="Round by round, the next round's card is made when the last one is "
        "fought; fight it from its card or the league's calendar (play until). Entrants "
        "rest between rounds as the league's fitness rule requires.",
    )
    draw_rule = forms.ChoiceField(
        choices=DrawRule.choices,
        initial=DrawRule.CARDS,
        label="A drawn bout is settled by",
        help_text="A decider is a new bout between the same two on their next fit date; "
        "a drawn decider sends the higher seed through.",
    )


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


class RegionBulkForm(forms.Form):
    """Many fighters of the league into one region (or out of every region) at once."""

    fighters = forms.TypedMultipleChoiceField(
        coerce=int, widget=forms.CheckboxSelectMultiple, label="Fighters"
    )
    region = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label="Put them in",
        help_text="“No region” takes them out.",
    )

    def __init__(self, *args, fighters, regions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fighters"].choices = [
            _choice(f, f.region.name if f.region else "no region") for f in fighters
        ]
        self.fields["region"].choices = [("", "— no region —")] + [_choice(r) for r in regions]


class CardFileForm(forms.Form):
    file = forms.FileField(
        label="Card file",
        help_text=(
            "A CSV or JSON file of fighters and their cards, one fighter and one rule set a "
            "row, as the site's card export writes it. Nothing is written until you confirm."
        ),
    )
    division = forms.ModelChoiceField(
        queryset=None,
        label="Put them on the roster of",
        help_text="Every fighter of the file joins this division's roster.",
    )

    def __init__(self, *args, divisions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["division"].queryset = divisions
        self.fields["file"].widget.attrs["accept"] = ".csv,.json,text/csv,application/json"


# Officials' and corner men's ratings in words (Title Bout's vocabulary, which the
# engine reads: bouts.engine.officials).
OFFICIAL_HELP = {
    "fouls": "How strictly he calls fouls: a strict referee warns, deducts and disqualifies "
    "sooner; a lenient one lets more go.",
    "stoppage": "When he stops a beating: an early referee saves a hurt fighter sooner, a late "
    "one lets him fight on.",
    "overall": "His grade as a referee: a better one makes fewer bad calls.",
    "available_low": "He is free for a bout when a draw from 1 to 80 lands between this number "
    "and the next: 1 to 60 is three bouts in four.",
    "available_high": "The top of that range (at most 80).",
    "close_round": "Whom this judge gives a round that could go either way.",
    "bias": "Whom he leans to on his card: nobody, the home fighter, the champion, the "
    "puncher (slugger) or the boxer.",
    "caution": "How soon the ringside doctor stops a bout for a cut: a cautious doctor stops "
    "it sooner, a permissive one later.",
    "role": "What he does in the corner between rounds.",
    "cut": "How well he closes a cut between rounds.",
    "strategy": "How much his advice between rounds helps his fighter.",
    "is_active": "An inactive official is given no new bouts; his past bouts keep him.",
    "is_available": "A corner man who is not available is given no new bouts.",
    "camp": "The camp he works for, of this league. Without a camp only staff can change "
    "him afterwards.",
}


class _OfficialForm(forms.ModelForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if name in OFFICIAL_HELP:
                field.help_text = OFFICIAL_HELP[name]


class RefereeForm(_OfficialForm):
    class Meta:
        model = Referee
        fields = ("name", "fouls", "stoppage", "overall", "available_low", "available_high")
        fields += ("is_active",)
        labels = {
            "fouls": "Fouls",
            "stoppage": "Stoppages",
            "overall": "Overall",
            "available_low": "Available from",
            "available_high": "Available to",
            "is_active": "Active",
        }


class JudgeForm(_OfficialForm):
    class Meta:
        model = Judge
        fields = ("name", "close_round", "bias", "is_active")
        labels = {"close_round": "Close rounds", "bias": "Bias", "is_active": "Active"}


class DoctorForm(_OfficialForm):
    class Meta:
        model = Doctor
        fields = ("name", "caution", "is_active")
        labels = {"caution": "Caution", "is_active": "Active"}


class CornerManForm(_OfficialForm):
    class Meta:
        model = CornerMan
        fields = ("name", "role", "cut", "strategy", "camp", "is_available")
        labels = {
            "cut": "Cut work",
            "strategy": "Strategy",
            "camp": "Camp",
            "is_available": "Available",
        }

    def __init__(self, *args, camps, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["camp"].queryset = camps
        self.fields["camp"].empty_label = "No camp"


class FighterCardForm(forms.Form):
    """A fighter's card for one ruleset, field by field (the engine's fields, from
    a generated card's shape and what his card holds), each with its help in
    words. The engine's validator judges it when the service saves."""

    def __init__(self, *args, ruleset: str, card: dict | None, **kwargs):
        super().__init__(*args, **kwargs)
        shape = card_shape(ruleset)
        existing = flatten(card or {})
        self.card_keys = list(shape) + [key for key in existing if key not in shape]
        for key in self.card_keys:
            field = card_value_field(key, shape.get(key, existing.get(key)))
            field.label = key.replace(".", " · ")
            field.help_text = card_field_help(ruleset, key) or field.help_text
            name = CARD_PREFIX + key
            self.fields[name] = field
            if key in existing:
                value = existing[key]
                self.initial[name] = (
                    format_cell(value) if isinstance(field, JSONValueField) else value
                )

    def card_data(self) -> dict:
        flat = {}
        for key in self.card_keys:
            value = self.cleaned_data.get(CARD_PREFIX + key)
            if value is None or value == "":
                continue
            flat[key] = value
        return unflatten(flat)

    def put_engine_errors(self, error) -> None:
        """The engine's "field: rule" beside the field it names, and above the form."""
        messages = (
            error.message_dict.get("data", error.messages)
            if hasattr(error, "error_dict")
            else error.messages
        )
        for message in messages:
            name = CARD_PREFIX + message.split(":", 1)[0]
            if name in self.fields:
                self.add_error(name, message)
            self.add_error(None, f"The card was not saved: {message}")
