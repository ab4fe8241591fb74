"""The REST API's router: every app's viewsets under /api/."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from bouts.api.odds import OddsView
from bouts.api.views import BoutViewSet
from fighters.api.views import CampViewSet, CardViewSet, CornerManViewSet, FighterViewSet
from referees.api.views import DoctorViewSet, JudgeViewSet, RefereeViewSet

from .competitions import TitleViewSet, TournamentViewSet
from .tables import RankingViewSet, StandingViewSet
from .views import DivisionViewSet, EventViewSet, LeagueViewSet, SeasonViewSet

router = DefaultRouter()
router.register("fighters", FighterViewSet, basename="fighter")
router.register("cards", CardViewSet, basename="card")
router.register("camps", CampViewSet, basename="camp")
router.register("corner-men", CornerManViewSet, basename="cornerman")
router.register("referees", RefereeViewSet, basename="referee")
router.register("judges", JudgeViewSet, basename="judge")
router.register("doctors", DoctorViewSet, basename="doctor")
router.register("leagues", LeagueViewSet, basename="league")
router.register("divisions", DivisionViewSet, basename="division")
router.register("seasons", SeasonViewSet, basename="season")
router.register("events", EventViewSet, basename="event")
router.register("bouts", BoutViewSet, basename="bout")
router.register("standings", StandingViewSet, basename="standing")
router.register("rankings", RankingViewSet, basename="ranking")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("titles", TitleViewSet, basename="title")

urlpatterns = [
    path("odds/", OddsView.as_view(), name="odds"),
    *router.urls,
]
