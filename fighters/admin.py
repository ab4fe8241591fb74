"""Admin for fighters, cards, card history, camps and corner men.

Every write goes through fighters.services: cards are validated by the engine
(an invalid card is a form error and nothing is saved) and each card change is
logged with who/when/diff.
"""

from __future__ import annotations

import datetime
import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Subquery
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from bouts.engine.registry import RULESETS

from .forms import RatingCardInlineForm, card_form_class, diff_html
from .models import Camp, CardChange, Career, CornerMan, Fighter, RatingCard
from .services import (
    card_delete,
    card_save,
    fighter_save,
    fighters_move_weight_class,
    fighters_retire,
)
from .weight_classes import WeightClass

HISTORY_INLINE_ROWS = 20


def _card_admin_url(card: RatingCard) -> str:
    return reverse("admin:fighters_ratingcard_change", args=[card.pk])


# --- inlines ----------------------------------------------------------------------
class RatingCardInline(admin.TabularInline):
    model = RatingCard
    form = RatingCardInlineForm
    extra = 0
    fields = ("ruleset", "data", "rating", "edit_by_field")
    readonly_fields = ("rating", "edit_by_field")

    @admin.display(description="Named fields")
    def edit_by_field(self, card):
        if not card.pk:
            return "—"
        return format_html('<a href="{}">edit field by field</a>', _card_admin_url(card))


class CardChangeInline(admin.TabularInline):
    model = CardChange
    fk_name = "fighter"
    extra = 0
    can_delete = False
    fields = ("changed_at", "ruleset", "changed_by", "source", "changes")
    readonly_fields = fields
    ordering = ("-changed_at", "-id")
    verbose_name = "card change"
    verbose_name_plural = "card history"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="What changed")
    def changes(self, change):
        return diff_html(change.diff)

    def get_queryset(self, request):
        # the latest changes only (a league that develops cards writes one a season);
        # the whole history is linked from the fighter's "Per ruleset" row
        latest = (
            CardChange.objects.filter(fighter=OuterRef("fighter"))
            .order_by("-changed_at", "-id")
            .values("id")[:HISTORY_INLINE_ROWS]
        )
        return (
            super()
            .get_queryset(request)
            .filter(id__in=Subquery(latest))
            .select_related("changed_by")
        )


# --- fighters ---------------------------------------------------------------------
class FighterActionForm(ActionForm):
    weight_class = forms.ChoiceField(
        choices=[("", "— weight class (for “move”) —"), *WeightClass.choices], required=False
    )


@admin.action(description="Retire selected fighters (today)")
def retire_fighters(modeladmin, request, queryset):
    count = fighters_retire(fighters=queryset, on=datetime.date.today())
    modeladmin.message_user(request, f"{count} fighter(s) retired.")


@admin.action(description="Move selected fighters to the chosen weight class")
def move_weight_class(modeladmin, request, queryset):
    weight_class = request.POST.get("weight_class", "")
    if not weight_class:
        modeladmin.message_user(
            request, "Choose a weight class next to the action first.", messages.ERROR
        )
        return
    try:
        count = fighters_move_weight_class(fighters=queryset, weight_class=weight_class)
    except ValidationError as exc:
        modeladmin.message_user(request, "; ".join(exc.messages), messages.ERROR)
        return
    label = WeightClass(weight_class).label
    modeladmin.message_user(request, f"{count} fighter(s) moved to {label}.")


@admin.register(Fighter)
class FighterAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "nickname",
        "weight_class",
        "nationality",
        "camp",
        "record",
        "rulesets",
        "is_active",
    )
    list_filter = ("is_active", "weight_class", "stance", "cards__ruleset", "camp")
    search_fields = ("name", "nickname", "nationality", "camp__name")
    list_select_related = ("camp", "career")
    readonly_fields = ("record", "card_links", "created_at", "updated_at")
    fieldsets = (
        (None, {"fields": ("name", "nickname", "nationality", "date_of_birth", "stance")}),
        ("Physique", {"fields": ("weight_class", "height_cm", "reach_cm")}),
        ("Status", {"fields": ("camp", "is_active", "retired_on", "record")}),
        ("Cards field by field", {"fields": ("card_links",)}),
        ("Audit", {"fields": ("created_at", "updated_at"), "classes": ("collapse",)}),
    )
    inlines = (RatingCardInline, CardChangeInline)
    actions = (retire_fighters, move_weight_class)
    action_form = FighterActionForm
    autocomplete_fields = ("camp",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("cards")

    @admin.display(description="Record (W-L-D)")
    def record(self, fighter):
        career = getattr(fighter, "career", None)
        return str(career) if career else "—"

    @admin.display(description="Per ruleset")
    def card_links(self, fighter):
        if not fighter.pk:
            return "Save the fighter first (or add cards as JSON below)."
        cards = {c.ruleset: c for c in fighter.cards.all()}
        add_url = reverse("admin:fighters_ratingcard_add")
        links = []
        for ruleset in RULESETS:
            if ruleset in cards:
                links.append((_card_admin_url(cards[ruleset]), f"edit {ruleset} card"))
            else:
                links.append(
                    (f"{add_url}?fighter={fighter.pk}&ruleset={ruleset}", f"add {ruleset} card")
                )
        history = reverse("admin:fighters_cardchange_changelist")
        links.append((f"{history}?fighter__id__exact={fighter.pk}", "all card changes"))
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    @admin.display(description="Cards")
    def rulesets(self, fighter):
        cards = sorted(fighter.cards.all(), key=lambda c: c.ruleset)
        if not cards:
            return "—"
        return format_html_join(
            ", ", '<a href="{}">{}</a>', ((_card_admin_url(c), c.ruleset) for c in cards)
        )

    def save_model(self, request, obj, form, change):
        fighter_save(fighter=obj)

    def save_formset(self, request, form, formset, change):
        if formset.model is not RatingCard:
            return super().save_formset(request, form, formset, change)
        fighter = form.instance
        for card_form in formset.forms:
            if not card_form.has_changed() and not formset._should_delete_form(card_form):
                continue
            if formset._should_delete_form(card_form):
                if card_form.instance.pk:
                    card_delete(card=card_form.instance, user=request.user)
                continue
            card_save(
                fighter=fighter,
                ruleset=card_form.instance.ruleset
                if card_form.instance.pk
                else card_form.cleaned_data["ruleset"],
                data=card_form.cleaned_data["data"],
                user=request.user,
                source="admin",
            )
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []


# --- cards ------------------------------------------------------------------------
@admin.register(RatingCard)
class RatingCardAdmin(admin.ModelAdmin):
    """A card edited field by field (named after the card's dotted fields)."""

    list_display = ("fighter", "ruleset", "rating", "updated_at")
    list_filter = ("ruleset", "fighter__weight_class", "fighter__is_active")
    search_fields = ("fighter__name", "fighter__nickname")
    list_select_related = ("fighter",)
    autocomplete_fields = ("fighter",)
    ordering = ("fighter__name", "ruleset")

    def _ruleset(self, request, obj):
        if obj is not None:
            return obj.ruleset
        return request.POST.get("ruleset") or request.GET.get("ruleset") or None

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = card_form_class(ruleset=self._ruleset(request, obj), card=obj)
        if "fighter" in form.base_fields:
            # a league can hold thousands of fighters: search, don't list
            form.base_fields["fighter"].widget = AutocompleteSelect(
                RatingCard._meta.get_field("fighter"), self.admin_site
            )
        return form

    def get_readonly_fields(self, request, obj=None):
        if obj is not None:
            return ("fighter", "ruleset", "rating", "stored_json", "updated_at")
        return ()

    def get_fieldsets(self, request, obj=None):
        form = self.get_form(request, obj)
        card_fields = [f for f in form.base_fields if f.startswith("card.")]
        if obj is None:
            head = ["fighter", "ruleset", "ruleset_shown"]
        else:
            head = ["fighter", "ruleset", "rating", "updated_at", "ruleset_shown"]
        sets = [(None, {"fields": head})]
        if card_fields:
            sets.append(
                (
                    "Card",
                    {
                        "fields": card_fields,
                        "description": "Fields by dotted name; an empty field is left out "
                        "of the card. The engine validates the whole card on save.",
                    },
                )
            )
        else:
            sets.append(("Card", {"fields": [], "description": "Choose a ruleset first."}))
        if obj is not None:
            sets.append(("Stored JSON", {"fields": ["stored_json"], "classes": ("collapse",)}))
        return sets

    @admin.display(description="Card as stored")
    def stored_json(self, card):
        return format_html("<pre>{}</pre>", json.dumps(card.data, indent=2, sort_keys=True))

    def save_model(self, request, obj, form, change):
        saved = card_save(
            fighter=obj.fighter,
            ruleset=obj.ruleset,
            data=form.card_data(),
            user=request.user,
            source="admin",
        )
        obj.pk, obj.data, obj.rating = saved.pk, saved.data, saved.rating
        obj._state.adding = False

    def delete_model(self, request, obj):
        card_delete(card=obj, user=request.user)

    def delete_queryset(self, request, queryset):
        for card in queryset:
            card_delete(card=card, user=request.user)


@admin.register(CardChange)
class CardChangeAdmin(admin.ModelAdmin):
    """The card history: read-only."""

    list_display = ("changed_at", "fighter", "ruleset", "changed_by", "source", "changes")
    list_filter = ("ruleset", "source", "changed_at")
    search_fields = ("fighter__name", "changed_by__username")
    list_select_related = ("fighter", "changed_by")
    date_hierarchy = "changed_at"

    @admin.display(description="What changed")
    def changes(self, change):
        return diff_html(change.diff)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# --- camps and corner men ---------------------------------------------------------
class CornerManInline(admin.TabularInline):
    model = CornerMan
    extra = 0
    fields = ("name", "role", "cut", "strategy", "is_available")


class CampFighterInline(admin.TabularInline):
    model = Fighter
    extra = 0
    fields = ("name", "weight_class", "is_active")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Camp)
class CampAdmin(admin.ModelAdmin):
    list_display = ("name", "manager", "city", "fighter_count")
    search_fields = ("name", "manager", "city")
    inlines = (CampFighterInline, CornerManInline)

    def get_queryset(self, request):
        from django.db.models import Count

        return super().get_queryset(request).annotate(n_fighters=Count("fighters"))

    @admin.display(description="Fighters", ordering="n_fighters")
    def fighter_count(self, camp):
        return camp.n_fighters


@admin.register(CornerMan)
class CornerManAdmin(admin.ModelAdmin):
    list_display = ("name", "role", "cut", "strategy", "camp", "is_available")
    list_filter = ("role", "cut", "strategy", "is_available", "camp")
    search_fields = ("name", "camp__name")
    list_select_related = ("camp",)
    autocomplete_fields = ("camp",)


@admin.register(Career)
class CareerAdmin(admin.ModelAdmin):
    """Careers are derived from bout rows (league.services): read-only here."""

    list_display = (
        "fighter",
        "bouts",
        "wins",
        "losses",
        "draws",
        "ko_wins",
        "tko_wins",
        "title_wins",
        "last_bout_on",
    )
    list_filter = ("fighter__weight_class", "fighter__is_active")
    search_fields = ("fighter__name", "fighter__nickname")
    list_select_related = ("fighter",)
    ordering = ("-wins", "losses", "fighter__name")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
