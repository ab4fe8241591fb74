"""Bouts in the admin: browse and filter them, read their whole record, re-queue
failed ones. Bouts are scheduled through ``bouts.services`` (API, commands,
seasons), so the admin never creates or edits one: what a bout left behind is a
record, shown read-only."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.template.response import TemplateResponse

from bouts import services
from bouts.models import (
    Bout,
    BoutFighterLine,
    BoutPlan,
    BoutStatus,
    DefaultPlan,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    MedicalSuspension,
    Result,
    RoundStat,
)
from core.words import counted


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ResultInline(ReadOnlyInline):
    model = Result
    fields = readonly_fields = ("winner", "method", "round", "time", "recorded_at")


class RoundStatInline(ReadOnlyInline):
    model = RoundStat
    fields = readonly_fields = ("round", "side", "landed", "thrown", "damage", "stats")


class JudgeScoreInline(ReadOnlyInline):
    model = JudgeScore
    fields = readonly_fields = ("judge_index", "judge_name", "round", "red", "blue")


class KnockdownInline(ReadOnlyInline):
    model = Knockdown
    fields = readonly_fields = ("round", "time", "side", "fighter", "count")


class InjuryInline(ReadOnlyInline):
    model = Injury
    fields = readonly_fields = (
        "round",
        "time",
        "side",
        "fighter",
        "type",
        "location",
        "severity",
        "text",
    )


class FoulInline(ReadOnlyInline):
    model = Foul
    fields = readonly_fields = ("round", "time", "side", "fighter", "type", "penalty", "points")


class FighterLineInline(ReadOnlyInline):
    model = BoutFighterLine
    fields = readonly_fields = ("side", "fighter", "name", "stats")


@admin.register(Bout)
class BoutAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "date",
        "event",
        "order",
        "ruleset",
        "red_side",
        "blue_side",
        "status",
        "attempts",
        "decision",
        "is_title_bout",
    )
    list_filter = ("status", "ruleset", "date", "is_title_bout")
    date_hierarchy = "date"
    search_fields = ("red__name", "blue__name", "red_camp__name", "blue_camp__name", "event__name")
    ordering = ("-date", "-id")
    actions = ("requeue_failed", "resend_queued", "void_results")
    inlines = (
        ResultInline,
        JudgeScoreInline,
        KnockdownInline,
        InjuryInline,
        FoulInline,
        FighterLineInline,
        RoundStatInline,
    )
    readonly_fields = [f.name for f in Bout._meta.fields]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("event", "red", "blue", "red_camp", "blue_camp", "result")
            .defer("inputs", "options", "plans", "result__engine_result")
        )

    def has_add_permission(self, request):
        return False  # scheduled through bouts.services (API, commands, seasons)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and (obj is None or obj.status != BoutStatus.COMPLETED)

    @admin.display(description="red")
    def red_side(self, bout):
        return bout.red or bout.red_camp

    @admin.display(description="blue")
    def blue_side(self, bout):
        return bout.blue or bout.blue_camp

    @admin.display(description="decision")
    def decision(self, bout):
        result = getattr(bout, "result", None)
        if result is None:
            return bout.failure_reason[:60] if bout.status == BoutStatus.FAILED else "-"
        winner = result.winner or "draw"
        return f"{winner} {result.method} R{result.round} {result.time}"

    @admin.action(description="Re-queue selected failed bouts", permissions=["change"])
    def requeue_failed(self, request, queryset):
        failed = list(queryset.filter(status=BoutStatus.FAILED))
        count, refused = services.bouts_requeue_failed(bouts=failed)
        skipped = queryset.count() - len(failed)
        text = f"Re-queued {counted(count, 'failed bout')}."
        if skipped:
            text += f" {skipped} not failed, left alone."
        self.message_user(request, text, messages.SUCCESS)
        for bout_id, problems in refused.items():
            self.message_user(
                request, f"Bout {bout_id} cannot be re-queued: {' '.join(problems)}", messages.ERROR
            )

    @admin.action(description="Void the selected bouts' results", permissions=["change"])
    def void_results(self, request, queryset):
        """Asks for the reason first (an intermediate page), then voids each
        selected completed bout through ``bouts.services.bout_void``."""
        reason = (request.POST.get("void_reason") or "").strip()
        if "confirm_void" not in request.POST or not reason:
            return TemplateResponse(
                request,
                "admin/bouts/void_results.html",
                {
                    **self.admin_site.each_context(request),
                    "title": "Void results",
                    "bouts": list(queryset),
                    "opts": self.model._meta,
                    "action": "void_results",
                    "missing_reason": "confirm_void" in request.POST,
                    "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
                },
            )
        voided = 0
        for bout in queryset:
            try:
                services.bout_void(bout=bout, reason=reason, user=request.user)
            except (ValidationError, PermissionDenied) as exc:
                text = " ".join(getattr(exc, "messages", [str(exc)]))
                self.message_user(request, f"Bout {bout.pk}: {text}", messages.ERROR)
                continue
            voided += 1
        self.message_user(request, f"Voided {counted(voided, 'result')}.", messages.SUCCESS)
        return None

    @admin.action(
        description="Re-send selected queued/running bouts (their task was lost)",
        permissions=["change"],
    )
    def resend_queued(self, request, queryset):
        count = services.bouts_resend(bouts=queryset)
        self.message_user(
            request, f"Sent {counted(count, 'bout')} to the workers again.", messages.SUCCESS
        )


@admin.register(MedicalSuspension)
class MedicalSuspensionAdmin(admin.ModelAdmin):
    list_display = ("fighter", "starts_on", "ends_on", "reason", "bout")
    list_select_related = ("fighter", "bout")
    raw_id_fields = ("fighter", "bout")
    search_fields = ("fighter__name", "reason")
    date_hierarchy = "ends_on"


class PlanReadOnlyAdmin(admin.ModelAdmin):
    """Managers write plans (the plan pages, the API: bouts.services.plans);
    staff read them here, at any time, and never write a manager's decisions."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(BoutPlan)
class BoutPlanAdmin(PlanReadOnlyAdmin):
    list_display = ("bout", "side", "version", "author", "created_at")
    list_select_related = ("bout", "author")
    list_filter = ("side",)
    raw_id_fields = ("bout", "author")
    search_fields = ("bout__red__name", "bout__blue__name", "author__username")


@admin.register(DefaultPlan)
class DefaultPlanAdmin(PlanReadOnlyAdmin):
    list_display = ("ruleset", "fighter", "camp", "author", "updated_at")
    list_select_related = ("fighter", "camp", "author")
    list_filter = ("ruleset",)
    raw_id_fields = ("fighter", "camp", "author")
