"""The site's pages. Pages showing several apps' data live in the highest app they
need: the fighter page (his bouts and ratings) in the league, the referee page (the
bouts he worked) in bouts."""

from django.urls import path

from bouts import plan_page, referee_page
from bouts import views as bout_views

from . import fighter_page, views

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/<slug:slug>/", views.league_detail, name="league"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("divisions/<int:pk>/", views.division_detail, name="division"),
    path("divisions/<int:pk>/title/", views.title_detail, name="title"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("fighters/<int:pk>/", fighter_page.fighter_detail, name="fighter"),
    path(
        "fighters/<int:pk>/standing-plan/<str:ruleset>/",
        plan_page.standing_plan,
        name="standing-plan",
    ),
    path("bouts/<int:pk>/", bout_views.bout_report, name="bout"),
    path("bouts/<int:pk>/plan/<str:side>/", plan_page.bout_plan, name="bout-plan"),
    path("referees/<int:pk>/", referee_page.referee_detail, name="referee"),
]
