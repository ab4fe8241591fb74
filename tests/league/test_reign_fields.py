"""A reign's end reason is one of ReignEnd's, world and regional alike, kept by the
database (league.reign_fields)."""

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from league.models import Region, RegionalReign, RegionalTitle, Reign, Title
from league.reign_fields import ReignEnd

from .conftest import make_league

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("reason", ["", *ReignEnd.values, "bogus"])
def test_only_reignend_reasons_are_stored(reason):
    league, division = make_league("webl", fighters=2)
    fighters = list(division.fighters.all())
    title = Title.objects.create(division=division, name="The Belt")
    region = Region.objects.create(league=league, name="North")
    belt = RegionalTitle.objects.create(region=region, division=division)
    day = dt.date(2026, 1, 1)
    for model, owner in ((Reign, title), (RegionalReign, belt)):
        reign = model(title=owner, number=1, fighter=fighters[0], started_on=day, end_reason=reason)
        if reason == "bogus":
            with pytest.raises(IntegrityError), transaction.atomic():
                reign.save()
        else:
            reign.save()
            assert model.objects.get(pk=reign.pk).end_reason == reason
