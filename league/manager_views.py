"""The managers' pages: the desk, asking for and answering bout requests, a
league's managers (the commissioner's page) and joining by an invitation link.
Thin: the services decide who may do what (a 403 page) and what is valid (the
error next to its field)."""

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from . import desk as desk_selectors
from .calendar.selectors import status_words, statuses_on
from .manager_forms import (
    AddManagerForm,
    AnswerForm,
    ApproveForm,
    AssignCampForm,
    BoutRequestForm,
    InviteForm,
    JoinForm,
    SignUpForm,
)
from .models import BoutRequest, Invitation, League, LeagueMembership
from .region_selectors import fighter_regions
from .services import bout_requests, membership
from .submit import put_errors


@login_required
def desk(request):
    desk = desk_selectors.desk_for(request.user)
    # Each fighter's region in the leagues that have regions (one query, none without fighters).
    regions = fighter_regions(f.pk for f in desk.fighters) if desk.fighters else {}
    for fighter in desk.fighters:
        fighter.regions = regions.get(fighter.pk, [])
    return render(
        request, "league/desk.html", {"desk": desk, "with_regions": any(regions.values())}
    )


@login_required
def request_new(request):
    form = BoutRequestForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            made = bout_requests.request_create(
                user=request.user,
                fighter=data["fighter"],
                opponent=data["opponent"] if data["within"] is None else None,
                within=data["within"],
                event=data["event"],
                message=data["message"],
            )
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("bout-request", made.pk)
    status = 400 if form.errors else 200
    form.show_fitness()
    return render(request, "league/request_form.html", {"form": form}, status=status)


def _visible_request(request, pk: int) -> BoutRequest:
    """A request its parties (both camps' managers, the league's commissioners)
    and staff may read; anyone else gets a 404."""
    rows = desk_selectors.requests_with_sides()
    user = request.user
    if not user.is_staff:
        rows = rows.filter(
            Q(camp__owner=user) | Q(opponent_camp__owner=user) | Q(league__commissioners=user)
        ).distinct()
    found = rows.filter(pk=pk).first()
    if found is None:
        raise Http404("No such bout request.")
    return found


@login_required
def request_detail(request, pk: int, forms=None):
    bout_request = _visible_request(request, pk)
    user = request.user
    forms = forms or {}
    context = {
        "bout_request": bout_request,
        "fitness": _fitness(bout_request),
        "may_answer": bout_request.status == "pending"
        and bout_requests.may_answer(user, bout_request),
        "may_withdraw": bout_request.is_open and bout_requests.may_withdraw(user, bout_request),
        "may_decide": bout_request.is_open
        and membership.is_commissioner(user, bout_request.league),
        # Labels from the reader's side: "Your camp" on his own side.
        "mine_asked": bout_request.camp.owner_id == user.pk,
        "mine_answers": bout_request.opponent_camp is not None
        and bout_request.opponent_camp.owner_id == user.pk,
        "answer_form": forms.get("answer") or AnswerForm(),
        "approve_form": forms.get("approve")
        or ApproveForm(initial={"event": bout_request.event_id}, league=bout_request.league),
    }
    return render(request, "league/request_detail.html", context, status=forms.get("status", 200))


def _fitness(bout_request: BoutRequest) -> dict | None:
    """An open request's two fighters with their status on the date it is
    judged on (its event's, else the league's): what answering and approving
    will check (one status read)."""
    if not bout_request.is_open:
        return None
    league = bout_request.league
    date = bout_request.event.date if bout_request.event_id else league.date
    fighters = (bout_request.fighter, bout_request.opponent)
    statuses = statuses_on([f.pk for f in fighters], date, league=league)
    return {
        "date": date,
        "fighters": [
            {"fighter": f, "kind": statuses[f.pk].kind, "words": status_words(statuses[f.pk])}
            for f in fighters
            if f.pk in statuses
        ],
    }


@login_required
@require_POST
def request_act(request, pk: int, act: str):
    bout_request = get_object_or_404(BoutRequest, pk=pk)
    user = request.user
    if act == "approve":
        form = ApproveForm(request.POST, league=bout_request.league)
        key = "approve"
    else:
        form = AnswerForm(request.POST)
        key = "answer"
    if form.is_valid():
        data = form.cleaned_data
        try:
            if act in ("accept", "decline"):
                bout_requests.request_answer(
                    user=user, bout_request=bout_request, accept=act == "accept", **data
                )
            elif act == "withdraw":
                bout_requests.request_withdraw(user=user, bout_request=bout_request)
            elif act == "approve":
                bout_requests.request_approve(user=user, bout_request=bout_request, **data)
            elif act == "refuse":
                bout_requests.request_refuse(user=user, bout_request=bout_request, **data)
            else:
                raise Http404("No such action.")
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("bout-request", pk)
    return request_detail(request, pk, forms={key: form, "status": 400})


def _league_camps(league):
    return membership.league_camps(league).select_related("owner").order_by("name")


@login_required
def league_managers(request, slug: str):
    """The league's managers and camps; its commissioner adds managers, makes
    invitation links and gives camps to managers here."""
    league = get_object_or_404(League, slug=slug)
    user = request.user
    runs_it = membership.is_commissioner(user, league)
    # Who plays a league is its own people's to see, as GET /api/memberships/.
    if not runs_it and not membership.is_manager(user, league):
        raise PermissionDenied(
            f"Only the managers and commissioners of {league.name} see who plays in it."
        )
    camps = _league_camps(league)
    free_camps = camps.filter(owner__isnull=True)
    forms = {
        "add_form": AddManagerForm(prefix="add", camps=free_camps),
        "invite_form": InviteForm(prefix="invite"),
        "assign_form": AssignCampForm(prefix="assign", camps=camps),
    }
    invitation = None
    status = 200
    if request.method == "POST":
        act = request.POST.get("act")
        if act not in ("add", "invite", "assign"):
            return redirect("league-managers", slug)
        # Refused before any input is read back (the services check it again).
        membership.require_commissioner(user, league)
        try:
            if act == "add":
                form = forms["add_form"] = AddManagerForm(
                    request.POST, prefix="add", camps=free_camps
                )
                if form.is_valid():
                    membership.membership_add(actor=user, league=league, **form.cleaned_data)
                    return redirect("league-managers", slug)
            elif act == "invite":
                form = forms["invite_form"] = InviteForm(request.POST, prefix="invite")
                if form.is_valid():
                    invitation = membership.invitation_create(
                        actor=user, league=league, **form.cleaned_data
                    )
            elif act == "assign":
                form = forms["assign_form"] = AssignCampForm(
                    request.POST, prefix="assign", camps=camps
                )
                if form.is_valid():
                    name = form.cleaned_data["username"].strip()
                    owner = None
                    if name:
                        owner = LeagueMembership.objects.filter(
                            league=league, user__username=name
                        ).first()
                        if owner is None:
                            raise ValidationError(
                                {"username": [f"{name} is not a manager in {league.name}."]}
                            )
                        owner = owner.user
                    membership.camp_assign_owner(
                        actor=user, league=league, camp=form.cleaned_data["camp"], user=owner
                    )
                    return redirect("league-managers", slug)
        except ValidationError as exc:
            put_errors(form, exc)
        if invitation is None:
            status = 400
    context = {
        "league": league,
        "runs_it": runs_it,
        "memberships": LeagueMembership.objects.filter(league=league)
        .select_related("user")
        .order_by("user__username"),
        "camps": camps,
        "invitation": invitation,
        "invitation_url": request.build_absolute_uri(f"/join/{invitation.token}/")
        if invitation
        else "",
        **forms,
    }
    return render(request, "league/league_managers.html", context, status=status)


def _join_context(invitation, **extra):
    return {"invitation": invitation, "problem": membership.invitation_problem(invitation), **extra}


def join(request, token: str):
    """An invitation link: sign in (or sign up) and join the league as a manager."""
    invitation = Invitation.objects.select_related("league").filter(token=token).first()
    if invitation is None:
        raise Http404("This invitation link is not valid.")
    camps = _league_camps(invitation.league).filter(owner__isnull=True)
    if not request.user.is_authenticated:
        return render(request, "league/join.html", _join_context(invitation))
    form = JoinForm(request.POST or None, camps=camps)
    if request.method == "POST" and form.is_valid():
        try:
            membership.invitation_accept(user=request.user, token=token, **form.cleaned_data)
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("desk")
    status = 400 if form.errors else 200
    return render(request, "league/join.html", _join_context(invitation, form=form), status=status)


def sign_up(request, token: str):
    """A new account made from an invitation link, joined to its league at once."""
    invitation = Invitation.objects.select_related("league").filter(token=token).first()
    if invitation is None:
        raise Http404("This invitation link is not valid.")
    if request.user.is_authenticated:
        return redirect("join", token)
    camps = _league_camps(invitation.league).filter(owner__isnull=True)
    form = SignUpForm(request.POST or None)
    join_form = JoinForm(request.POST or None, camps=camps)
    if request.method == "POST" and form.is_valid() and join_form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                membership.invitation_accept(user=user, token=token, **join_form.cleaned_data)
        except ValidationError as exc:
            put_errors(join_form, exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("desk")
    status = 400 if request.method == "POST" else 200
    context = _join_context(invitation, form=form, join_form=join_form)
    return render(request, "registration/sign_up.html", context, status=status)
