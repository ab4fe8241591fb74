"""League admin. Leagues, divisions, seasons, events and suspensions are edited
here; standings, ratings, titles and brackets are derived from the bout rows
(league.services) and shown read-only."""

from django import forms
from django.contrib import admin

from bouts.engine.registry import RULESETS
from league.models import (
    BoutRequest,
    Division,
    Event,
    League,
    LeagueMembership,
    Rating,
    RatingHistory,
    Region,
    RegionalReign,
    RegionalTitle,
    RegionalTitleBout,
    RegionMember,
    Reign,
    Season,
    Standing,
    Title,
    Tournament,
    TournamentEntry,
    TournamentMatch,
)
from league.services.setup import LEAGUE_FIELDS


class ReadOnlyAdmin(admin.ModelAdmin):
    """Derived rows: a function of the bouts, never edited by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0
    fields = ("name", "weight_class")


class LeagueAdminForm(forms.ModelForm):
    """The ruleset is one of the engine's registered rulesets (a free text field in
    the database, chosen here)."""

    ruleset = forms.ChoiceField(
        choices=lambda: [(name, name) for name in sorted(RULESETS)],
        help_text="The rules every bout of the league is fought under.",
    )

    class Meta:
        model = League
        # Every league setting (the console's list) and what only the admin edits;
        # the fieldsets below lay them out.
        fields = (*LEAGUE_FIELDS, "commissioners", "tiebreakers")


class MembershipInline(admin.TabularInline):
    """The league's managers (the commissioners are the field above)."""

    model = LeagueMembership
    fk_name = "league"
    extra = 0
    raw_id_fields = ("user", "invited_by")
    readonly_fields = ("joined_at",)


@admin.register(BoutRequest)
class BoutRequestAdmin(admin.ModelAdmin):
    """Read only: requests move through their services (pages and API)."""

    list_display = ("id", "league", "fighter", "opponent", "status", "event", "created_at")
    list_filter = ("status", "league")
    list_select_related = ("league", "fighter", "opponent", "event")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    form = LeagueAdminForm
    list_display = ("name", "slug", "ruleset", "start_date", "development")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("commissioners",)
    inlines = [DivisionInline, MembershipInline]
    fieldsets = (
        (None, {"fields": ("name", "slug", "ruleset", "description", "commissioners")}),
        ("Bouts", {"fields": ("rounds", "title_rounds")}),
        (
            "Calendar",
            {
                "fields": (
                    "start_date",
                    "clock",
                    "days_between_events",
                    "fight_time",
                    "rest_days",
                    "separate_camps",
                )
            },
        ),
        (
            "Standings",
            {
                "fields": (
                    "points_win",
                    "points_draw",
                    "points_loss",
                    "points_stoppage_bonus",
                    "tiebreakers",
                )
            },
        ),
        (
            "Titles and careers",
            {"fields": ("title_inactivity_days", "title_suspension_days", "development")},
        ),
        (
            "Season breaks and history (docs/history.md)",
            {"fields": ("auto_advance_seasons", "roster_size", "hall_of_fame_wins")},
        ),
        ("Bout requests", {"fields": ("bouts_per_event", "auto_approve_requests")}),
        (
            "Suspensions and postponed bouts",
            {"fields": ("medical_suspensions", "walkover_on_postponement")},
        ),
        (
            "Career game (docs/career.md)",
            {
                "fields": (
                    "career_mode",
                    "point_budget",
                    "hide_cards",
                    "training_keep_rule",
                    "aging_damage",
                    "fight_weekday",
                    "rematch_weeks",
                    "card_lead_days",
                    "title_rule",
                    "regions_enabled",
                    "contenders_per_region",
                )
            },
        ),
    )


@admin.register(Division)
class DivisionAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "weight_class")
    list_filter = ("league", "weight_class")
    list_select_related = ("league",)
    filter_horizontal = ("fighters", "camps")
    search_fields = ("name", "league__name")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "division", "number", "start_date", "status")
    list_filter = ("status", "league")
    list_select_related = ("league", "division")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "fight_at", "fired_at", "league", "season", "tournament")
    list_filter = ("league",)
    list_select_related = ("league", "season", "tournament")
    readonly_fields = ("fired_at",)
    date_hierarchy = "date"
    search_fields = ("name", "venue")


class TournamentEntryInline(ReadOnlyInline):
    model = TournamentEntry
    fields = ("seed", "fighter", "camp")
    readonly_fields = fields


class TournamentMatchInline(ReadOnlyInline):
    model = TournamentMatch
    fields = ("key", "stage", "bout", "walkover", "walkover_reason")
    readonly_fields = fields


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    """Tournaments are started by league.services.tournament_create (run_tournament)
    and advanced by the bouts; the admin shows them."""

    list_display = ("name", "division", "format", "status", "champion", "start_date")
    list_filter = ("status", "format", "league")
    list_select_related = ("division", "champion")
    inlines = [TournamentEntryInline, TournamentMatchInline]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ("season", "rank", "tied", "fighter", "camp", "points", "wins", "losses")
    list_filter = ("season",)
    list_select_related = ("season", "fighter", "camp")


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("division", "fighter", "camp", "ordinal", "mu", "sigma", "bouts")
    list_filter = ("division",)
    list_select_related = ("division", "fighter", "camp")


@admin.register(RatingHistory)
class RatingHistoryAdmin(ReadOnlyAdmin):
    list_display = ("date", "division", "fighter", "camp", "bout", "ordinal")
    list_filter = ("division",)
    list_select_related = ("division", "fighter", "camp", "bout")
    search_fields = ("fighter__name",)


class ReignInline(ReadOnlyInline):
    model = Reign
    fields = ("number", "fighter", "camp", "started_on", "ended_on", "end_reason", "defences")
    readonly_fields = fields


@admin.register(Title)
class TitleAdmin(ReadOnlyAdmin):
    list_display = ("name", "division", "champion", "champion_camp")
    list_select_related = ("division", "champion", "champion_camp")
    inlines = [ReignInline]


# Regions (docs/career.md): regions and their members are edited here by staff (the
# services let commissioners do it too); regional titles are derived, read-only.
class RegionMemberInline(admin.TabularInline):
    model = RegionMember
    extra = 0
    fields = ("fighter", "league")
    raw_id_fields = ("fighter",)


@admin.register(Region)
class RegionAdmin(admin.ModelAdmin):
    list_display = ("name", "league")
    list_filter = ("league",)
    list_select_related = ("league",)
    search_fields = ("name", "league__name")
    inlines = [RegionMemberInline]


@admin.register(RegionMember)
class RegionMemberAdmin(admin.ModelAdmin):
    list_display = ("fighter", "region", "league")
    list_filter = ("league", "region")
    list_select_related = ("fighter", "region", "league")
    raw_id_fields = ("fighter",)
    search_fields = ("fighter__name",)


class RegionalReignInline(ReadOnlyInline):
    model = RegionalReign
    fields = ("number", "fighter", "started_on", "ended_on", "end_reason", "defences")
    readonly_fields = fields


@admin.register(RegionalTitle)
class RegionalTitleAdmin(ReadOnlyAdmin):
    list_display = ("division", "region", "champion")
    list_filter = ("region__league",)
    list_select_related = ("division", "region", "champion")
    inlines = [RegionalReignInline]


@admin.register(RegionalTitleBout)
class RegionalTitleBoutAdmin(ReadOnlyAdmin):
    list_display = ("bout", "title")
    list_select_related = ("bout", "title__division", "title__region")
