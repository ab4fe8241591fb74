"""A league's regions in the console (docs/career.md, "Regions"): create a region,
list each region's fighters, put a fighter of the league in a region, move him,
take him out. The rules and who may are ``league.services.regions``'."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from fighters.models import Fighter
from league.models import Region
from league.services import regions

from ..submit import submit
from . import forms, selectors
from .views import league_of


def _page(request, league, *, region_form=None, member_form=None, bulk_form=None, status=200):
    picture = selectors.league_regions(league)
    regions_list = [row.region for row in picture.regions]
    context = {
        "league": league,
        "picture": picture,
        "region_form": region_form or forms.RegionForm(prefix="region"),
        "member_form": member_form
        or forms.RegionMemberForm(fighters=picture.fighters, regions=regions_list, prefix="member"),
        "bulk_form": bulk_form
        or forms.RegionBulkForm(fighters=picture.fighters, regions=regions_list, prefix="bulk"),
    }
    return render(request, "console/regions.html", context, status=status)


@login_required
def regions_page(request, slug):
    return _page(request, league_of(request, slug))


@login_required
@require_POST
def region_new(request, slug):
    league = league_of(request, slug)
    form = forms.RegionForm(request.POST, prefix="region")
    return submit(
        request,
        form,
        lambda data: regions.region_create(actor=request.user, league=league, name=data["name"]),
        done=lambda region: f"Region {region.name} created.",
        then=lambda _: redirect("console:regions", slug=league.slug),
    ) or _page(request, league, region_form=form, status=400)


@login_required
@require_POST
def region_member(request, slug):
    league = league_of(request, slug)
    picture = selectors.league_regions(league)
    form = forms.RegionMemberForm(
        request.POST,
        fighters=picture.fighters,
        regions=[row.region for row in picture.regions],
        prefix="member",
    )

    def assign(data):
        fighter = get_object_or_404(Fighter, pk=data["fighter"])
        region_id = data["region"]
        region = get_object_or_404(Region, pk=region_id) if region_id is not None else None
        regions.region_assign(actor=request.user, league=league, fighter=fighter, region=region)
        return fighter, region

    def said(assigned):
        fighter, region = assigned
        return f"{fighter.name} is now {f'in {region.name}' if region else 'in no region'}."

    return submit(
        request,
        form,
        assign,
        done=said,
        then=lambda _: redirect("console:regions", slug=league.slug),
    ) or _page(request, league, member_form=form, status=400)


@login_required
@require_POST
def region_bulk(request, slug):
    """Many fighters into one region (or out of every region) in one post."""
    league = league_of(request, slug)
    picture = selectors.league_regions(league)
    regions_list = [row.region for row in picture.regions]
    form = forms.RegionBulkForm(
        request.POST, fighters=picture.fighters, regions=regions_list, prefix="bulk"
    )

    def assign(data):
        chosen = set(data["fighters"])
        fighters = [f for f in picture.fighters if f.pk in chosen]
        region = next((r for r in regions_list if r.pk == data["region"]), None)
        regions.regions_assign_many(
            actor=request.user, league=league, fighters=fighters, region=region
        )
        return len(fighters), region

    def said(assigned):
        count, region = assigned
        where = f"in {region.name}" if region else "in no region"
        return f"{count} fighter{'s are' if count != 1 else ' is'} now {where}."

    return submit(
        request,
        form,
        assign,
        done=said,
        then=lambda _: redirect("console:regions", slug=league.slug),
    ) or _page(request, league, bulk_form=form, status=400)
