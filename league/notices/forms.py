from django import forms

from league.models import NoticeKind


class NoticeSettingsForm(forms.Form):
    wanted = forms.MultipleChoiceField(
        label="Tell me of",
        choices=NoticeKind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="A kind left unticked is neither in your inbox nor emailed.",
    )
    daily_digest = forms.BooleanField(
        label="One email a day (a digest) instead of one email each",
        required=False,
    )
