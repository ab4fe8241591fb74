"""The scouting page (docs/career.md): what anyone may know of a fighter whose card
is hidden — his record and career rating, his past bout reports, the styles and
plans he used in bouts already fought (never one still to come), and his physique.
It reads fighters', bouts' and the league's rows, so it lives in the league."""

from __future__ import annotations

import re
from collections import Counter

from django.db.models import F, Q
from django.http import Http404
from django.shortcuts import render

from bouts.engine.titlebout.strategy import LABELS as TITLEBOUT_STRATEGIES
from bouts.models import Bout, BoutStatus, RoundStat
from bouts.selectors import fighter_history
from fighters import selectors as fighter_selectors
from fighters.models import Career

from .card_visibility import may_see_card
from .models import CareerState
from .region_selectors import fighter_regions

# Title Bout's fighting styles, as its cards and round statistics write them.
TITLEBOUT_STYLES = {"B": "Boxer", "S": "Slugger", "E": "Boxer or slugger"}
WEBL_LINE = re.compile(r"\d+[HBC]?/\d+!?/\d+")
WEBL_LINE_MEANING = (
    "A WeBL round plan: aggression / power / defence points; H, B or C after the "
    "first number aims at the head, the body or a cut; ! fights dirty; the word in "
    "brackets is the style"
)


def plan_label_words(label: str) -> dict:
    """What a fan reads for a plan label the engine recorded (``text``) and what it
    means (``meaning``, shown as a tooltip): "work_the_body" is the Title Bout
    strategy "Work the Body", "S" the slugger's style, "6H/4/5" WeBL's line."""
    if label in TITLEBOUT_STRATEGIES:
        return {"text": TITLEBOUT_STRATEGIES[label], "meaning": "Title Bout strategy"}
    if label in TITLEBOUT_STYLES:
        return {"text": TITLEBOUT_STYLES[label], "meaning": "Title Bout fighting style"}
    if WEBL_LINE.match(label):
        return {"text": label, "meaning": WEBL_LINE_MEANING, "code": True}
    return {"text": label.replace("_", " ").capitalize(), "meaning": "Fighting style"}


def fought_plans(fighter_id: int) -> dict:
    """The plan labels (WeBL's ``AGG/POW/DEF``, a Title Bout strategy, a style) he
    fought with, counted by round, and each fought bout's written plan: completed
    bouts only (a plan for a coming bout stays his manager's secret), and not the
    rounds of a bout fought with his standing plan (it still applies to his next
    bouts: bouts.plans.fought_plans)."""
    styles: Counter = Counter()
    stats = (
        RoundStat.objects.filter(
            Q(bout__red_id=fighter_id, side="red") | Q(bout__blue_id=fighter_id, side="blue"),
            bout__status=BoutStatus.COMPLETED,
        )
        .annotate(
            # F with the JSON key transform (KT cannot cross a relation); the
            # value comes back decoded: "standing", or None.
            red_source=F("bout__inputs__plan_sources__red__kind"),
            blue_source=F("bout__inputs__plan_sources__blue__kind"),
        )
        .values_list("stats", "side", "red_source", "blue_source")
    )
    for row, side, red_source, blue_source in stats:
        if (red_source if side == "red" else blue_source) == "standing":
            continue
        for key in ("plan", "style", "strategy"):
            label = (row or {}).get(key)
            if isinstance(label, str) and label and label != "none":
                styles[label] += 1
    written = []
    bouts = (
        Bout.objects.filter(Q(red_id=fighter_id) | Q(blue_id=fighter_id))
        .filter(status=BoutStatus.COMPLETED)
        .only("id", "date", "red_id", "plans")
        .order_by("-date", "-id")
    )
    for bout in bouts:
        side = "red" if bout.red_id == fighter_id else "blue"
        text = (bout.plans or {}).get(side)
        if isinstance(text, str) and text.strip():
            written.append({"bout_id": bout.pk, "date": bout.date, "text": text.strip()})
    labelled = [
        {**plan_label_words(label), "rounds": rounds} for label, rounds in styles.most_common(12)
    ]
    return {"styles": labelled, "written": written}


def fighter_scouting(request, pk: int):
    fighter = fighter_selectors.fighter_get(fighter_id=pk)
    if fighter is None:
        raise Http404("No such fighter.")
    try:
        career = fighter.career
    except Career.DoesNotExist:
        career = Career(fighter=fighter)
    context = {
        "fighter": fighter,
        "career": career,
        "states": list(CareerState.objects.filter(fighter=fighter).select_related("league")),
        "history": fighter_history(fighter=fighter),
        "plans": fought_plans(fighter.pk),
        "card_visible": may_see_card(request.user, fighter),
        "divisions": list(fighter.divisions.all()),
        "regions": fighter_regions([fighter.pk]).get(fighter.pk, []),
    }
    return render(request, "league/scouting.html", context)
