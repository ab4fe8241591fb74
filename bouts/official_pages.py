"""The officials' pages: a referee, a judge or a ringside doctor, his ratings and
the bouts he worked. They show bouts, so they live in bouts (referees sits below)."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from referees import selectors as referee_selectors

from . import officials
from .bout_lines import official_bouts

BOUTS_PER_PAGE = 50


def _page(request, bouts):
    return Paginator(bouts, BOUTS_PER_PAGE).get_page(request.GET.get("page"))


def referee_detail(request, pk: int):
    referee = referee_selectors.referee_get(referee_id=pk)
    if referee is None:
        raise Http404("No such referee.")
    context = {
        "referee": referee,
        "summary": officials.referee_summary(referee=referee),
        "page": _page(request, official_bouts(referee=referee)),
    }
    return render(request, "referees/referee_detail.html", context)


def judge_detail(request, pk: int):
    judge = referee_selectors.judge_get(judge_id=pk)
    if judge is None:
        raise Http404("No such judge.")
    context = {
        "judge": judge,
        "summary": officials.judge_summary(judge=judge),
        "page": _page(request, official_bouts(judge=judge)),
    }
    return render(request, "referees/judge_detail.html", context)


def doctor_detail(request, pk: int):
    doctor = referee_selectors.doctor_get(doctor_id=pk)
    if doctor is None:
        raise Http404("No such doctor.")
    context = {
        "doctor": doctor,
        "summary": officials.doctor_summary(doctor=doctor),
        "page": _page(request, official_bouts(doctor=doctor)),
    }
    return render(request, "referees/doctor_detail.html", context)
