"""Admin for officials: list, search and filter by every rating. Writes from the
forms go through ModelAdmin's full_clean (field choices, availability range)."""

from django.contrib import admin

from .models import Doctor, Judge, Referee


@admin.action(description="Mark selected officials inactive")
def make_inactive(modeladmin, request, queryset):
    updated = queryset.update(is_active=False)
    modeladmin.message_user(request, f"{updated} marked inactive.")


@admin.action(description="Mark selected officials active")
def make_active(modeladmin, request, queryset):
    updated = queryset.update(is_active=True)
    modeladmin.message_user(request, f"{updated} marked active.")


@admin.register(Referee)
class RefereeAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "fouls",
        "stoppage",
        "overall",
        "available_low",
        "available_high",
        "is_active",
    )
    list_filter = ("fouls", "stoppage", "overall", "is_active")
    search_fields = ("name",)
    actions = (make_inactive, make_active)


@admin.register(Judge)
class JudgeAdmin(admin.ModelAdmin):
    list_display = ("name", "close_round", "bias", "is_active")
    list_filter = ("close_round", "bias", "is_active")
    search_fields = ("name",)
    actions = (make_inactive, make_active)


@admin.register(Doctor)
class DoctorAdmin(admin.ModelAdmin):
    list_display = ("name", "caution", "is_active")
    list_filter = ("caution", "is_active")
    search_fields = ("name",)
    actions = (make_inactive, make_active)
