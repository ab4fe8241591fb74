"""The inbox, the notice settings and the fight-night feed."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from bouts.models import Bout
from league.models import NoticeKind, NoticeSettings, Notification
from league.notices import ical, services
from league.notices.forms import NoticeSettingsForm
from league.submit import put_errors

INBOX_SIZE = 50


@login_required
def inbox(request):
    notices = list(
        Notification.objects.filter(user=request.user)
        .select_related("league")
        .order_by("-created_at", "-id")[:INBOX_SIZE]
    )
    unread = sum(1 for n in notices if n.read_at is None)
    return render(request, "league/inbox.html", {"notices": notices, "unread": unread})


@login_required
@require_POST
def inbox_read(request):
    notice = request.POST.get("notice")
    ids = None
    if notice is not None:
        ids = [int(notice)] if notice.isdigit() else []
    services.notices_mark_read(user=request.user, notice_ids=ids)
    target = request.POST.get("next") or ""
    # Only a link of this site: a notice's own link, or back to the inbox.
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)
    return redirect("inbox")


@login_required
def inbox_settings(request):
    row = services.settings_for(request.user)
    initial = {
        "wanted": [k for k in NoticeKind.values if row.wants(k)],
        "daily_digest": row.daily_digest,
    }
    form = NoticeSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        wanted = set(form.cleaned_data["wanted"])
        try:
            services.settings_update(
                user=request.user,
                kinds_off=[k for k in NoticeKind.values if k not in wanted],
                daily_digest=form.cleaned_data["daily_digest"],
            )
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            messages.success(request, "Your notice settings are saved.")
            return redirect("inbox-settings")
    feed = request.build_absolute_uri(f"/managers/{row.feed_token}/fights.ics")
    return render(
        request,
        "league/inbox_settings.html",
        {"form": form, "feed": feed, "has_email": bool(request.user.email)},
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def feed_renew(request):
    services.feed_token_renew(user=request.user)
    messages.success(request, "Your feed has a new address: the old one no longer works.")
    return redirect("inbox-settings")


def fight_feed(request, token):
    """A manager's fight nights (his camps' fighters' bouts on a card with a
    fight time), for his calendar: anyone with the address reads it, so the
    address is a long random token he can renew."""
    row = NoticeSettings.objects.select_related("user").filter(feed_token=token).first()
    if row is None:
        raise Http404("No such feed.")
    nights: dict[int, list] = {}
    for bout in (
        Bout.objects.filter(event__fight_at__isnull=False)
        .filter(Q(red__camp__owner=row.user_id) | Q(blue__camp__owner=row.user_id))
        .select_related("event__league", "red", "blue")
        .order_by("event__fight_at", "event_id", "order", "pk")
    ):
        event = bout.event
        entry = nights.setdefault(
            event.pk,
            [
                event.pk,
                event.name,
                event.league.name,
                event.date,
                event.fight_at,
                [],
                f"{settings.SITE_URL}/events/{event.pk}/",
            ],
        )
        entry[5].append(f"{bout.red.name} vs {bout.blue.name}")
    host = urlsplit(settings.SITE_URL).hostname or "ringside"
    text = ical.calendar(
        [tuple(n) for n in nights.values()],
        name=f"{row.user.get_username()}'s fight nights",
        host=host,
        now=timezone.now(),
    )
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="fights.ics"'
    return response
