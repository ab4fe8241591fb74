"""Console: a competition in stages — create it (a Swiss or round robin stage,
then a bracket of its top), follow its tables and cards, and before a bracket
starts see its first round, re-seed it by hand and start it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.competition_models import StageStatus, TournamentStage
from league.models import Tournament, TournamentEntry
from league.pages.stages import stage_sections, tournament_cards
from league.services import competitions, membership

from ..submit import put_errors, submit
from .forms import TournamentForm

NO_STAGE = "none"


class CompetitionForm(TournamentForm):
    """A competition: a first stage (Swiss, round robin groups or none), then a
    bracket of its top (or none: the table's winner is the champion)."""

    size = forms.IntegerField(
        min_value=2,
        max_value=64,
        initial=16,
        label="Entrants",
        help_text="The best of the division's rankings who are fit to fight.",
    )
    first = forms.ChoiceField(
        choices=[
            ("swiss", "Swiss rounds"),
            ("round_robin", "Round robin groups"),
            (NO_STAGE, "None: straight to the bracket"),
        ],
        initial="swiss",
        label="First stage",
    )
    rounds = forms.IntegerField(
        required=False,
        min_value=1,
        initial=4,
        label="Swiss rounds",
        help_text="Each round pairs fighters on equal points, never twice the same two.",
    )
    groups = forms.IntegerField(required=False, min_value=1, initial=2, label="Round robin groups")
    advance = forms.IntegerField(
        required=False,
        min_value=1,
        initial=8,
        label="How many go on to the bracket",
        help_text="The top of the Swiss table, or the top of each group, seeded by their results.",
    )
    bracket = forms.ChoiceField(
        choices=[
            ("single", "Single elimination"),
            ("double", "Double elimination"),
            (NO_STAGE, "No bracket: the top of the table is the champion"),
        ],
        initial="single",
        label="Then a bracket",
        help_text="You see its first round and may re-seed it by hand before it starts.",
    )
    double = None
    field_order = ["size", "first", "rounds", "groups", "advance", "bracket"]

    def clean(self):
        data = super().clean()
        first, bracket = data.get("first"), data.get("bracket")
        stages = []
        if first == "swiss":
            if not data.get("rounds"):
                self.add_error("rounds", "How many Swiss rounds?")
            stages.append({"kind": "swiss", "rounds": data.get("rounds")})
        elif first == "round_robin":
            stages.append({"kind": "round_robin", "groups": data.get("groups") or 1})
        if stages and bracket != NO_STAGE:
            if not data.get("advance"):
                self.add_error("advance", "How many go on to the bracket?")
            stages[0]["advance"] = data.get("advance")
        if bracket and bracket != NO_STAGE:
            stages.append({"kind": bracket})
        if first == NO_STAGE and bracket == NO_STAGE:
            self.add_error("bracket", "Pick a first stage, a bracket or both.")
        data["stages"] = stages
        return data


# A service's error key -> the form's field.
_FIELD_OF = {"kind": "bracket", "stages": "first"}


def _create(request, division, data) -> Tournament:
    try:
        return competitions.competition_create(
            user=request.user,
            division=division,
            size=data["size"],
            stages=data["stages"],
            start_date=data.get("start_date"),
            for_title=data["for_title"],
            seed=data["seed"],
            fight_now=data["fight_now"],
            draw_rule=data["draw_rule"],
        )
    except ValidationError as error:
        if hasattr(error, "error_dict"):
            raise ValidationError(
                {_FIELD_OF.get(k, k): v for k, v in error.message_dict.items()}
            ) from error
        raise


@login_required
@require_POST
def competition_new(request, pk):
    from .views import _division_context, _division_for

    division = _division_for(request, pk)
    form = CompetitionForm(request.POST, prefix="competition")
    answer = submit(
        request,
        form,
        lambda data: _create(request, division, data),
        done=lambda t: f"{t.name} created: {_first_words(t)}",
        then=lambda t: redirect("console:tournament", pk=t.pk),
    )
    if answer:
        return answer
    context = _division_context(division, competition_form=form)
    return render(request, "console/division.html", context, status=400)


def _first_words(tournament: Tournament) -> str:
    stage = tournament.stages.order_by("number").first()
    if stage.status == StageStatus.PREVIEW:
        return "look over the bracket's first round, re-seed it if you like, then start it."
    if tournament.fight_now:
        return "its rounds are fought as soon as their cards are made."
    return "its first round's card is made; fight it from the list of cards below."


def _tournament_for(request, pk) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("league", "division"), pk=pk)
    membership.require_commissioner(request.user, tournament.league)
    return tournament


class SeedForm(forms.Form):
    """A seed number per entrant of a bracket in preview."""

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"seed_{entry.pk}"] = forms.IntegerField(
                label=str(entry.fighter or entry.camp),
                initial=entry.seed,
                min_value=1,
                max_value=len(entries),
                widget=forms.NumberInput(attrs={"class": "seed-input"}),
            )

    def seeds(self) -> dict[int, int]:
        return {e.pk: self.cleaned_data[f"seed_{e.pk}"] for e in self.entries}


def _preview_stage(tournament) -> TournamentStage | None:
    return (
        TournamentStage.objects.filter(tournament=tournament, status=StageStatus.PREVIEW)
        .order_by("number")
        .first()
    )


def _entries(stage):
    return list(
        TournamentEntry.objects.filter(
            tournament_id=stage.tournament_id, stage_number=stage.number
        ).select_related("fighter", "camp")
    )


def _page(request, tournament, seed_form=None, status=200):
    preview = _preview_stage(tournament)
    context = {
        "tournament": tournament,
        "league": tournament.league,
        "division": tournament.division,
        "sections": stage_sections(tournament),
        "cards": tournament_cards(tournament),
        "preview": preview,
    }
    if preview is not None:
        context["preview_lines"] = competitions.bracket_preview(preview)
        context["seed_form"] = seed_form or SeedForm(entries=_entries(preview))
    return render(request, "console/tournament.html", context, status=status)


@login_required
def tournament_page(request, pk):
    return _page(request, _tournament_for(request, pk))


@login_required
@require_POST
def tournament_seeds(request, pk):
    tournament = _tournament_for(request, pk)
    stage = _preview_stage(tournament)
    if stage is None:
        messages.error(request, "The bracket has started: its seeds are fixed.")
        return redirect("console:tournament", pk=tournament.pk)
    form = SeedForm(request.POST, entries=_entries(stage))
    if form.is_valid():
        try:
            competitions.stage_reseed(user=request.user, stage=stage, seeds=form.seeds())
        except ValidationError as error:
            put_errors(form, error)
        else:
            messages.success(request, "Seeds saved: the first round below is drawn from them.")
            return redirect("console:tournament", pk=tournament.pk)
    return _page(request, tournament, seed_form=form, status=400)


@login_required
@require_POST
def tournament_start(request, pk):
    tournament = _tournament_for(request, pk)
    stage = _preview_stage(tournament)
    if stage is None:
        messages.error(request, "No bracket is waiting to start.")
        return redirect("console:tournament", pk=tournament.pk)
    try:
        competitions.stage_start(user=request.user, stage=stage)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        tournament.refresh_from_db()
        how = (
            "its rounds are fought as their cards are made"
            if tournament.fight_now
            else "fight its first round's card from the list below"
        )
        messages.success(request, f"The bracket has started: {how}.")
    return redirect("console:tournament", pk=tournament.pk)
