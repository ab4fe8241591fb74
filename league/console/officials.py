"""Officials in the console (docs/console.md, "Officials"): the referees, judges
and ringside doctors every league shares, and the corner men of the league's
camps — add one, change his ratings. Who may is the services' rule
(``referees.scope``; corner men: ``fighters.services``, their camp's leagues)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from bouts.selectors import officials_leagues
from core.scoping import commissioned_league_ids
from fighters.models import CornerMan
from fighters.services import corner_man_create, corner_man_update
from league.services.membership import league_camps
from referees import services as officials
from referees.models import Doctor, Judge, Referee

from ..submit import submit
from . import forms
from .views import league_of


@dataclass(frozen=True)
class Kind:
    key: str
    title: str  # "Referees"
    one: str  # "referee"
    model: type
    form: type
    create: object
    update: object
    columns: tuple[tuple[str, str], ...]  # (field, heading) shown in the list


def _create(service):
    return lambda user, data: service(user=user, **data)


def _update(service, keyword):
    return lambda user, row, data: service(**{keyword: row}, data=data, user=user)


KINDS = {
    kind.key: kind
    for kind in (
        Kind(
            "referee",
            "Referees",
            "referee",
            Referee,
            forms.RefereeForm,
            _create(officials.referee_create),
            _update(officials.referee_update, "referee"),
            (("fouls", "Fouls"), ("stoppage", "Stoppages"), ("overall", "Overall")),
        ),
        Kind(
            "judge",
            "Judges",
            "judge",
            Judge,
            forms.JudgeForm,
            _create(officials.judge_create),
            _update(officials.judge_update, "judge"),
            (("close_round", "Close rounds"), ("bias", "Bias")),
        ),
        Kind(
            "doctor",
            "Ringside doctors",
            "doctor",
            Doctor,
            forms.DoctorForm,
            _create(officials.doctor_create),
            _update(officials.doctor_update, "doctor"),
            (("caution", "Caution"),),
        ),
        Kind(
            "corner",
            "Corner men",
            "corner man",
            CornerMan,
            forms.CornerManForm,
            _create(corner_man_create),
            _update(corner_man_update, "corner"),
            (("role", "Role"), ("cut", "Cut work"), ("strategy", "Strategy"), ("camp", "Camp")),
        ),
    )
}


def _kind(key: str) -> Kind:
    if key not in KINDS:
        raise Http404("No such kind of official.")
    return KINDS[key]


def _form(kind: Kind, league, *args, **kwargs):
    if kind.key == "corner":
        kwargs["camps"] = league_camps(league).order_by("name")
    return kind.form(*args, prefix=kind.key, **kwargs)


def _may_change(user, kind: Kind, row, worked: dict, mine: frozenset[int]) -> bool:
    """What the services will allow, worked out for a whole list at once (the
    services check again on every write)."""
    if user.is_staff or user.is_superuser:
        return True
    if kind.key == "corner":
        return row.camp_id is not None and row.camp_id in worked["camps"]
    leagues = worked[kind.key].get(row.pk, set())
    return bool(mine) and leagues <= mine


def _cells(kind: Kind, row) -> list[str]:
    cells = []
    for field, _heading in kind.columns:
        shown = getattr(row, f"get_{field}_display", None)
        value = shown() if shown else getattr(row, field)
        cells.append(str(value) if value is not None else "—")
    return cells


def _rows(request, league):
    """Each kind with its rows and whether the user may change each (a fixed
    number of queries whatever the numbers of officials)."""
    worked = officials_leagues()
    camps = league_camps(league).order_by("name")
    worked["camps"] = {camp.pk for camp in camps}
    mine = commissioned_league_ids(request.user)
    listed = {
        "referee": Referee.objects.all(),
        "judge": Judge.objects.all(),
        "doctor": Doctor.objects.all(),
        "corner": CornerMan.objects.filter(
            Q(camp__in=worked["camps"]) | Q(camp__isnull=True)
        ).select_related("camp"),
    }
    return [
        (
            kind,
            [
                (row, _cells(kind, row), _may_change(request.user, kind, row, worked, mine))
                for row in listed[key]
            ],
        )
        for key, kind in KINDS.items()
    ]


def _page(request, league, *, bound=None, status=200):
    sections = _rows(request, league)
    new_forms = {
        key: bound if bound is not None and bound.prefix == key else _form(kind, league)
        for key, kind in KINDS.items()
    }
    context = {
        "league": league,
        "sections": [(kind, rows, new_forms[kind.key]) for kind, rows in sections],
    }
    return render(request, "console/officials.html", context, status=status)


@login_required
def officials_page(request, slug):
    return _page(request, league_of(request, slug))


@login_required
@require_POST
def official_new(request, slug, kind):
    league = league_of(request, slug)
    kind = _kind(kind)
    form = _form(kind, league, request.POST)
    return submit(
        request,
        form,
        lambda data: kind.create(request.user, data),
        done=lambda row: f"{row.name} is added.",
        then=lambda row: redirect("console:officials", slug=league.slug),
    ) or _page(request, league, bound=form, status=400)


@login_required
def official_edit(request, slug, kind, pk):
    league = league_of(request, slug)
    kind = _kind(kind)
    row = get_object_or_404(kind.model, pk=pk)
    form = _form(kind, league, request.POST or None, instance=row)
    if request.method == "POST":
        answer = submit(
            request,
            form,
            lambda data: kind.update(request.user, row, data),
            done=lambda changed: f"{changed.name} is saved.",
            then=lambda changed: redirect("console:officials", slug=league.slug),
        )
        if answer:
            return answer
    context = {"league": league, "kind": kind, "row": row, "form": form}
    status = 400 if request.method == "POST" else 200
    return render(request, "console/official_edit.html", context, status=status)
