"""Card files in the console (docs/console.md, "Card files"): upload a CSV or
JSON card file, see what it would write (or its bad rows with their numbers and
reasons), then confirm. The checking and the writing are
``league.services.card_files``' (the ``import_cards`` command's own checking).

Between the two steps the file's rows wait in the user's session, under a
token the confirm form carries: the confirmation imports what was previewed,
checked again (all or nothing) when it is written."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from core.words import counted
from league.services import card_files

from ..submit import put_errors
from . import forms
from .views import league_of

PENDING = "console-card-file-{league}"


def _render(request, league, *, form, result=None, token="", status=200):
    return render(
        request,
        "console/card_file.html",
        {"league": league, "form": form, "result": result, "token": token},
        status=status,
    )


def _form(league, data=None, files=None):
    return forms.CardFileForm(data, files, divisions=league.divisions.order_by("name"))


@login_required
def card_file_page(request, slug):
    """GET: the upload form. POST: the file checked; the preview or its errors."""
    league = league_of(request, slug)
    if request.method != "POST":
        return _render(request, league, form=_form(league))
    form = _form(league, request.POST, request.FILES)
    if not form.is_valid():
        return _render(request, league, form=form, status=400)
    upload = form.cleaned_data["file"]
    division = form.cleaned_data["division"]
    try:
        if upload.size > card_files.MAX_BYTES:  # not read into memory at all
            raise ValidationError({"file": [card_files.TOO_LARGE]})
        rows = card_files.card_file_read(data=upload.read(), filename=upload.name)
    except ValidationError as error:
        put_errors(form, error)
        return _render(request, league, form=form, status=400)
    result = card_files.card_file_check(
        user=request.user, league=league, division=division, rows=rows
    )
    if not result.ok:
        return _render(request, league, form=form, result=result, status=400)
    token = secrets.token_urlsafe(16)
    request.session[PENDING.format(league=league.pk)] = {
        "token": token,
        "rows": rows,
        "division": division.pk,
        "name": upload.name,
    }
    return _render(request, league, form=_form(league), result=result, token=token)


@login_required
@require_POST
def card_file_confirm(request, slug):
    """Write the previewed file, all or nothing."""
    league = league_of(request, slug)
    key = PENDING.format(league=league.pk)
    pending = request.session.get(key)
    if not pending or pending.get("token") != request.POST.get("token"):
        messages.error(request, "That preview is no longer waiting: upload the file again.")
        return redirect("console:card-file", slug=league.slug)
    division = league.divisions.filter(pk=pending["division"]).first()
    if division is None:
        del request.session[key]
        messages.error(request, "That division is gone: upload the file again.")
        return redirect("console:card-file", slug=league.slug)
    result = card_files.card_file_import(
        user=request.user, league=league, division=division, rows=pending["rows"]
    )
    if not result.ok:  # something changed since the preview: nothing was written
        return _render(request, league, form=_form(league), result=result, status=400)
    del request.session[key]
    report = result.report
    messages.success(
        request,
        f"Imported {counted(report.rows, 'row')}: "
        f"{counted(report.fighters_created, 'new fighter')}, "
        f"{report.fighters_updated} updated, {counted(report.cards_saved, 'card')} saved, "
        f"on {division.name}'s roster.",
    )
    return redirect("console:division", pk=division.pk)
