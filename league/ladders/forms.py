"""The forms of a ladder's pages (the console's and the public page's)."""

from __future__ import annotations

from django import forms

from league.scheduling.ladder import MAX_REACH


class LadderForm(forms.Form):
    name = forms.CharField(
        max_length=160, required=False, help_text="Empty: the division's name and a number."
    )
    reach = forms.IntegerField(
        min_value=1,
        max_value=MAX_REACH,
        initial=3,
        label="How many places up a fighter may challenge",
    )
    size = forms.IntegerField(
        min_value=2,
        max_value=64,
        required=False,
        label="Fighters on the ladder",
        help_text="The best of the division's rankings. Empty: every active fighter.",
    )
    managers_challenge = forms.BooleanField(
        required=False,
        initial=True,
        label="Managers may challenge for their own fighters",
        help_text="Otherwise only you issue challenges.",
    )
    seed = forms.IntegerField(initial=1, help_text="Chooses the challenge bouts' seeds.")


class ChallengeForm(forms.Form):
    """A challenge: the challenger (those the user may challenge for) and the
    defender (anyone on the ladder: the ladder's rules say no with the reason)."""

    challenger = forms.TypedChoiceField(coerce=int, label="Challenger")
    defender = forms.TypedChoiceField(coerce=int, label="Challenges", help_text="Up the ladder.")

    def __init__(self, *args, rungs, challengers=None, **kwargs):
        super().__init__(*args, **kwargs)
        mine = challengers if challengers is not None else {r.fighter.pk for r in rungs}
        self.fields["challenger"].choices = [("", "— pick —")] + [
            (r.fighter.pk, f"{r.rank}. {r.fighter.name}") for r in rungs if r.fighter.pk in mine
        ]
        self.fields["defender"].choices = [("", "— pick —")] + [
            (r.fighter.pk, f"{r.rank}. {r.fighter.name}") for r in rungs
        ]


class WithdrawForm(forms.Form):
    reason = forms.CharField(max_length=250, label="Why withdraw it")
