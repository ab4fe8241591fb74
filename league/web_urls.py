"""The site's pages. Pages showing several apps' data live in the highest app they
need: the fighter page (his bouts and ratings) in the league, the referee page (the
bouts he worked) in bouts."""

from django.urls import path

from bouts import referee_page
from bouts import views as bout_views

from . import career_views, fighter_page, manager_views, scouting, views

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/<slug:slug>/", views.league_detail, name="league"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("divisions/<int:pk>/", views.division_detail, name="division"),
    path("divisions/<int:pk>/title/", views.title_detail, name="title"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("fighters/<int:pk>/", fighter_page.fighter_detail, name="fighter"),
    path("fighters/<int:pk>/scouting/", scouting.fighter_scouting, name="fighter-scouting"),
    path("bouts/<int:pk>/", bout_views.bout_report, name="bout"),
    path("referees/<int:pk>/", referee_page.referee_detail, name="referee"),
    # Managers (docs/managers.md).
    path("desk/", manager_views.desk, name="desk"),
    path("desk/requests/new/", manager_views.request_new, name="bout-request-new"),
    path("requests/<int:pk>/", manager_views.request_detail, name="bout-request"),
    path("requests/<int:pk>/<slug:act>/", manager_views.request_act, name="bout-request-act"),
    path("leagues/<slug:slug>/managers/", manager_views.league_managers, name="league-managers"),
    path("join/<str:token>/", manager_views.join, name="join"),
    # The career game (docs/career.md).
    path(
        "leagues/<slug:slug>/career/new-fighter/",
        career_views.new_fighter,
        name="career-new-fighter",
    ),
    path("bouts/<int:pk>/training/", career_views.bout_training, name="bout-training"),
    path("join/<str:token>/sign-up/", manager_views.sign_up, name="sign-up"),
]
