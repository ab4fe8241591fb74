"""Commissioners' writes in the other apps' endpoints: core's permission machinery
cannot know a league's commissioners, so the league supplies the lookup when its
router mounts a lower app's viewset (league.api.permissions.commissioner_writes).
Used as it is, such a viewset lets only staff write."""

import pytest
from rest_framework.test import APIRequestFactory, force_authenticate

from fighters.api.views import FighterViewSet
from fighters.models import Fighter
from league.api.permissions import commissioner_writes
from referees.api.views import RefereeViewSet

from . import factories


def test_mounted_viewset_keeps_its_name_and_docs():
    mounted = commissioner_writes(FighterViewSet)
    assert issubclass(mounted, FighterViewSet)
    assert mounted.__name__ == "FighterViewSet"
    assert mounted.__doc__ == FighterViewSet.__doc__


def test_only_league_scoped_viewsets_take_commissioners():
    with pytest.raises(TypeError, match="not league-scoped"):
        commissioner_writes(RefereeViewSet)


@pytest.mark.django_db
def test_commissioner_writes_only_where_the_league_mounted_the_viewset(
    commissioner, own_league, staff
):
    fighter = factories.fighter()
    factories.division(league=own_league, fighters=[fighter])

    def patch(viewset, user, nickname):
        request = APIRequestFactory().patch(
            f"/api/fighters/{fighter.pk}/", {"nickname": nickname}, format="json"
        )
        force_authenticate(request, user=user)
        return viewset.as_view({"patch": "partial_update"})(request, pk=fighter.pk)

    assert patch(FighterViewSet, commissioner, "Unmounted").status_code == 403
    assert patch(FighterViewSet, staff, "Staff").status_code == 200
    assert patch(commissioner_writes(FighterViewSet), commissioner, "Mounted").status_code == 200
    assert Fighter.objects.get(pk=fighter.pk).nickname == "Mounted"
