"""Admin forms for rating cards.

``card_form_class(ruleset)`` builds a form whose fields are the card's fields by
dotted name (``fresh.pl``), taken from a generated card's shape for that ruleset plus
whatever the edited card holds. ``clean()`` reassembles the card and asks the
engine's validator; its message ("fresh.pl: must be between 1 and 10") is shown on
the named field (and at the top), and nothing is saved.
"""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join

from bouts.engine.registry import RULESETS

from .cards import card_shape, card_validate, flatten, format_cell, parse_cell, unflatten
from .models import RatingCard

CARD_PREFIX = "card."


class JSONValueField(forms.CharField):
    """A card value of any JSON type (lists, objects, or a value whose type the
    generated card does not show): read as JSON, plain words kept as text. Its
    initial value is given already formatted (see RatingCardForm.__init__)."""

    def to_python(self, value):
        value = super().to_python(value)
        return parse_cell(value) if isinstance(value, str) else value


def card_value_field(dotted: str, example) -> forms.Field:
    """A form field for one card field, typed by an example value of it."""
    common = {"required": False, "label": dotted}
    if isinstance(example, bool):
        # "unknown" (empty) leaves the field out; accepts true/false, True/False, 1/0
        return forms.NullBooleanField(**common)
    if isinstance(example, int):
        return forms.IntegerField(**common)
    if isinstance(example, float):
        return forms.FloatField(**common)
    if isinstance(example, str):
        return forms.CharField(strip=True, **common)
    return JSONValueField(
        widget=forms.TextInput(attrs={"size": 60}),
        help_text="JSON (a list, an object or a number).",
        **common,
    )


def ruleset_select():
    # Changing the ruleset reloads the add page with that ruleset's named fields.
    return forms.Select(
        attrs={
            "onchange": (
                "var p=new URLSearchParams(window.location.search);"
                "p.set('ruleset',this.value);"
                "var f=document.getElementById('id_fighter');"
                "if(f&&f.value){p.set('fighter',f.value);}"
                "window.location.search=p.toString();"
            )
        }
    )


class RatingCardForm(forms.ModelForm):
    """The base form; ``card_form_class`` adds one field per card field."""

    ruleset_shown = forms.CharField(widget=forms.HiddenInput, required=False)

    card_ruleset: str | None = None
    card_keys: tuple[str, ...] = ()

    class Meta:
        model = RatingCard
        fields = ["fighter", "ruleset"]
        widgets = {"ruleset": ruleset_select()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "ruleset" in self.fields:
            self.fields["ruleset"] = forms.ChoiceField(
                choices=[("", "---------")] + [(n, n) for n in RULESETS],
                widget=ruleset_select(),
                help_text="Changing it shows that ruleset's card fields.",
            )
        self.fields["ruleset_shown"].initial = self.card_ruleset or ""
        if self.instance.pk:
            values = flatten(self.instance.data or {})
        elif self.card_ruleset in RULESETS:
            values = card_shape(self.card_ruleset)  # a valid generated card as a template
        else:
            values = {}
        for key, value in values.items():
            name = CARD_PREFIX + key
            if name in self.fields:
                if isinstance(self.fields[name], JSONValueField):
                    value = format_cell(value)
                self.initial.setdefault(name, value)

    def card_data(self) -> dict:
        """The card reassembled from the named fields (empty fields left out)."""
        flat = {}
        for key in self.card_keys:
            value = self.cleaned_data.get(CARD_PREFIX + key)
            if value is None or value == "":
                continue
            flat[key] = value
        return unflatten(flat)

    def clean(self):
        cleaned = super().clean()
        ruleset = self.instance.ruleset if self.instance.pk else cleaned.get("ruleset")
        fighter = self.instance.fighter if self.instance.pk else cleaned.get("fighter")
        if not ruleset or not fighter:
            return cleaned
        shown = self.card_ruleset if self.instance.pk else cleaned.get("ruleset_shown")
        if ruleset != shown or ruleset != self.card_ruleset:
            # The fields shown were another ruleset's: show this one's, save nothing.
            raise ValidationError(
                f"The card fields for {ruleset} are shown now: fill them in and save again."
            )
        if (
            not self.instance.pk
            and RatingCard.objects.filter(fighter=fighter, ruleset=ruleset).exists()
        ):
            raise ValidationError(f"{fighter} already has a {ruleset} card: edit that one instead.")
        try:
            self.card_stored, self.card_rating = card_validate(
                ruleset=ruleset, data=self.card_data(), name=fighter.name, fighter_id=fighter.pk
            )
        except ValidationError as exc:
            for message in exc.messages:
                field = CARD_PREFIX + message.split(":", 1)[0]
                if field in self.fields:
                    self.add_error(field, message)
                self.add_error(None, f"The engine refused this card — {message}")
        return cleaned


def card_form_class(*, ruleset: str | None, card: RatingCard | None = None):
    """A RatingCardForm subclass with one named field per card field of ``ruleset``."""
    shape = card_shape(ruleset) if ruleset in RULESETS else {}
    existing = flatten(card.data) if card is not None and card.data else {}
    keys = list(shape) + [k for k in existing if k not in shape]
    attrs = {
        CARD_PREFIX + key: card_value_field(key, shape.get(key, existing.get(key))) for key in keys
    }
    if card is not None and card.pk:
        # fighter and ruleset are read-only on an existing card
        attrs["Meta"] = type("Meta", (RatingCardForm.Meta,), {"fields": []})
    attrs["card_ruleset"] = ruleset
    attrs["card_keys"] = tuple(keys)
    return type("RatingCardForm", (RatingCardForm,), attrs)


class RatingCardInlineForm(forms.ModelForm):
    """The card inline on the fighter page: the card as JSON, validated by the
    engine (its message shown on the field); saved through card_save."""

    data = forms.JSONField(widget=forms.Textarea(attrs={"rows": 4, "cols": 70}))

    class Meta:
        model = RatingCard
        fields = ["ruleset", "data"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"] = forms.ChoiceField(choices=[(n, n) for n in RULESETS])
        if self.instance.pk:
            self.fields["ruleset"].disabled = True
            self.fields["ruleset"].choices = [(self.instance.ruleset, self.instance.ruleset)]

    def clean(self):
        cleaned = super().clean()
        ruleset, data = cleaned.get("ruleset"), cleaned.get("data")
        if ruleset and data is not None and not cleaned.get("DELETE"):
            fighter = getattr(self.instance, "fighter", None)
            try:
                card_validate(
                    ruleset=ruleset,
                    data=data,
                    name=getattr(fighter, "name", ""),
                    fighter_id=getattr(fighter, "pk", None),
                )
            except ValidationError as exc:
                raise ValidationError({"data": exc.messages}) from None
        return cleaned


def diff_html(diff: dict):
    """A CardChange diff as a compact list for the admin."""
    if not diff:
        return "—"
    rows = format_html_join(
        "",
        "<li><code>{}</code>: {} → {}</li>",
        ((key, json.dumps(old), json.dumps(new)) for key, (old, new) in diff.items()),
    )
    return format_html("<ul style='margin:0;padding-left:1em'>{}</ul>", rows)
