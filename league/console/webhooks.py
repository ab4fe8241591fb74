"""A league's outbound webhooks in the console (docs/managers.md, "Webhooks"):
add one (where results and title changes are posted), switch it off or on, give it
a new secret, remove it; each with its latest deliveries. Who may is
``league.notices.webhooks``' rule: the league's commissioners and staff."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.models import DeliveryStatus, Webhook, WebhookDelivery, WebhookKind
from league.notices import webhooks

from ..submit import submit
from .views import league_of

RECENT_DELIVERIES = 5


class WebhookForm(forms.Form):
    url = forms.URLField(
        assume_scheme="https",
        label="Address",
        max_length=400,
        help_text="Your chat's incoming-webhook address.",
    )
    kinds = forms.MultipleChoiceField(
        label="Post",
        choices=WebhookKind.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[WebhookKind.RESULT, WebhookKind.TITLE],
    )


def _page(request, league, *, form=None, status=200):
    hooks = list(
        Webhook.objects.filter(league=league)
        .annotate(
            delivered=Count("deliveries", filter=Q(deliveries__status=DeliveryStatus.DELIVERED)),
            waiting=Count("deliveries", filter=Q(deliveries__status=DeliveryStatus.PENDING)),
            given_up=Count("deliveries", filter=Q(deliveries__status=DeliveryStatus.FAILED)),
        )
        .order_by("pk")
    )
    recent = list(
        WebhookDelivery.objects.filter(webhook__league=league).order_by("-pk")[
            : RECENT_DELIVERIES * max(1, len(hooks))
        ]
    )
    for hook in hooks:
        hook.recent = [d for d in recent if d.webhook_id == hook.pk][:RECENT_DELIVERIES]
        hook.kind_words = ", ".join(WebhookKind(k).label.lower() for k in hook.kinds)
    context = {"league": league, "hooks": hooks, "form": form or WebhookForm()}
    return render(request, "console/webhooks.html", context, status=status)


@login_required
def webhooks_page(request, slug):
    return _page(request, league_of(request, slug))


@login_required
@require_POST
def webhook_new(request, slug):
    league = league_of(request, slug)
    form = WebhookForm(request.POST)
    return submit(
        request,
        form,
        lambda data: webhooks.webhook_create(
            user=request.user, league=league, url=data["url"], kinds=data["kinds"]
        ),
        done=lambda hook: f"Webhook added: {league.name}'s news goes to {hook.url}.",
        then=lambda _: redirect("console:webhooks", slug=league.slug),
    ) or _page(request, league, form=form, status=400)


@login_required
@require_POST
def webhook_act(request, pk, act):
    hook = get_object_or_404(Webhook.objects.select_related("league"), pk=pk)
    league = league_of(request, hook.league.slug)  # a commissioner of its league, or 403
    if act == "switch":
        webhooks.webhook_update(
            user=request.user, webhook=hook, url=hook.url, kinds=hook.kinds, active=not hook.active
        )
        messages.success(request, f"Webhook {'on' if hook.active else 'off'}: {hook.url}.")
    elif act == "secret":
        webhooks.webhook_new_secret(user=request.user, webhook=hook)
        messages.success(request, "The webhook has a new secret: the old signatures stop matching.")
    elif act == "delete":
        webhooks.webhook_delete(user=request.user, webhook=hook)
        messages.success(request, f"Webhook removed: {hook.url}.")
    else:
        return _page(request, league, status=400)
    return redirect("console:webhooks", slug=league.slug)
