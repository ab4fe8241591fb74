"""The REST API's router: every app's viewsets under /api/.

The league is the top layer, so it mounts the other apps' endpoints: their
league-scoped viewsets through ``commissioner_writes`` (the commissioners' lookup
only the league can do), and a fighter's bouts, which the bouts app serves."""

from django.urls import path, re_path
from rest_framework.routers import DefaultRouter
from rest_framework.urlpatterns import format_suffix_patterns

from bouts.api.fighter_history import FighterBoutsView
from bouts.api.odds import OddsView
from bouts.api.views import BoutViewSet
from fighters.api.views import CampViewSet, CardViewSet, CornerManViewSet, FighterViewSet
from referees.api.views import DoctorViewSet, JudgeViewSet, RefereeViewSet

from .competitions import TitleViewSet, TournamentViewSet
from .exceptions import api_not_found
from .permissions import commissioner_writes
from .tables import RankingViewSet, StandingViewSet
from .views import DivisionViewSet, EventViewSet, LeagueViewSet, SeasonViewSet

router = DefaultRouter()
router.register("fighters", commissioner_writes(FighterViewSet), basename="fighter")
router.register("cards", commissioner_writes(CardViewSet), basename="card")
router.register("camps", commissioner_writes(CampViewSet), basename="camp")
router.register("corner-men", commissioner_writes(CornerManViewSet), basename="cornerman")
router.register("referees", RefereeViewSet, basename="referee")
router.register("judges", JudgeViewSet, basename="judge")
router.register("doctors", DoctorViewSet, basename="doctor")
router.register("leagues", LeagueViewSet, basename="league")
router.register("divisions", DivisionViewSet, basename="division")
router.register("seasons", SeasonViewSet, basename="season")
router.register("events", EventViewSet, basename="event")
router.register("bouts", commissioner_writes(BoutViewSet), basename="bout")
router.register("standings", StandingViewSet, basename="standing")
router.register("rankings", RankingViewSet, basename="ranking")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("titles", TitleViewSet, basename="title")

# The fighter's sub-resource, matched as the router matches its own detail routes
# (any id text: a bad one is the API's JSON 404, not the site's page).
fighter_bouts = format_suffix_patterns(
    [
        re_path(
            r"^fighters/(?P<pk>[^/.]+)/bouts/$",
            FighterBoutsView.as_view(),
            name="fighter-bouts",
        )
    ]
)

urlpatterns = [
    path("odds/", OddsView.as_view(), name="odds"),
    *fighter_bouts,
    *router.urls,
    # Anything else under /api/ (a float or a word where an id goes) is the API's
    # JSON 404, not the site's HTML page.
    re_path(r"^.*/$", api_not_found),
]
