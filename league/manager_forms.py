"""The forms of the managers' pages (the desk, bout requests, a league's managers,
joining by invitation). Only input shapes: the rules are in the services, whose
field errors the views put back next to these fields (``add_errors``)."""

from django import forms
from django.contrib.auth.forms import UserCreationForm

from core.dates import long_date
from fighters.models import Camp, Fighter

from .calendar.rosters import fighter_statuses, statuses_words
from .models import Event
from .services.bout_requests import MAX_WITHIN, open_events
from .services.membership import INVITATION_DAYS, MAX_INVITATION_DAYS


class FighterChoice(forms.ModelChoiceField):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # {fighter id: his fitness in words}, set by ``BoutRequestForm.show_fitness``.
        self.fitness: dict[int, str] = {}

    def label_from_instance(self, fighter):
        camp = f" ({fighter.camp.name})" if fighter.camp_id else " (free agent)"
        label = f"{fighter.name}{camp} · {fighter.get_weight_class_display()}"
        career = getattr(fighter, "career", None) if _has_career(fighter) else None
        if career is not None:  # his public record (issue 33)
            label += f" · record {career.wins}-{career.losses}-{career.draws}"
        words = self.fitness.get(fighter.pk)
        return f"{label} · {words}" if words else label


def _has_career(fighter) -> bool:
    try:
        fighter.career  # noqa: B018 (joined by the queryset: no query)
    except Fighter.career.RelatedObjectDoesNotExist:
        return False
    return True


class EventChoice(forms.ModelChoiceField):
    def label_from_instance(self, event):
        return f"{event.name} · {long_date(event.date)} · {event.league.name}"


class BoutRequestForm(forms.Form):
    fighter = FighterChoice(queryset=Fighter.objects.none(), label="My fighter")
    opponent = FighterChoice(
        queryset=Fighter.objects.none(),
        required=False,
        label="Opponent",
        help_text="Name him, or leave empty and ask for the best available below.",
    )
    within = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_WITHIN,
        label="Or the best available within N places",
        help_text="In the division's rankings.",
    )
    event = EventChoice(
        queryset=Event.objects.none(),
        required=False,
        label="Event",
        help_text="Optional: the card you would like.",
    )
    message = forms.CharField(required=False, max_length=300, label="Message")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        mine = Fighter.objects.filter(camp__owner=user, is_active=True).select_related(
            "camp", "career"
        )
        self.fields["fighter"].queryset = mine.order_by("name")
        league_ids = list(user.league_memberships.values_list("league_id", flat=True))
        self.fields["opponent"].queryset = (
            Fighter.objects.filter(divisions__league_id__in=league_ids, is_active=True)
            .exclude(camp__owner=user)
            .select_related("camp", "career")
            .distinct()
            .order_by("name")
        )
        self.fields["event"].queryset = open_events(league_ids).select_related("league")

    def show_fitness(self) -> None:
        """Each fighter offered labelled with his fitness on his leagues' dates
        (a request for an unfit one is refused with the same words): one roster
        read and one status read per league date, whatever the number offered."""
        ids = [*self.fields["fighter"].queryset.values_list("pk", flat=True)]
        ids += self.fields["opponent"].queryset.values_list("pk", flat=True)
        words = {pk: statuses_words(rows) for pk, rows in fighter_statuses(ids).items()}
        self.fields["fighter"].fitness = self.fields["opponent"].fitness = words

    def clean(self):
        data = super().clean()
        if data.get("opponent") is None and data.get("within") is None and not self.errors:
            self.add_error("opponent", "Name an opponent or ask for the best within N places.")
        return data


class AnswerForm(forms.Form):
    answer = forms.CharField(required=False, max_length=300, label="Note (optional)")


class ApproveForm(forms.Form):
    event = EventChoice(queryset=Event.objects.none(), label="Event")

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = open_events([league.pk]).select_related("league")


class CampChoice(forms.ModelChoiceField):
    def label_from_instance(self, camp):
        return camp.name


class AddManagerForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")
    camp = CampChoice(
        queryset=Camp.objects.none(), required=False, label="Give him a camp (optional)"
    )

    def __init__(self, *args, camps, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["camp"].queryset = camps


class InviteForm(forms.Form):
    days = forms.IntegerField(
        min_value=1, max_value=MAX_INVITATION_DAYS, initial=INVITATION_DAYS, label="Valid for days"
    )


class AssignCampForm(forms.Form):
    camp = CampChoice(queryset=Camp.objects.none(), label="Camp")
    username = forms.CharField(
        max_length=150, required=False, label="Manager", help_text="Empty: the camp has no manager."
    )

    def __init__(self, *args, camps, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["camp"].queryset = camps


class JoinForm(forms.Form):
    camp = CampChoice(
        queryset=Camp.objects.none(), required=False, label="Take over a camp of the league"
    )
    camp_name = forms.CharField(
        required=False, max_length=120, label="Or start a camp of your own", help_text="Its name."
    )

    def __init__(self, *args, camps, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["camp"].queryset = camps


class SignUpForm(UserCreationForm):
    """A new account, only ever made from an invitation link."""
