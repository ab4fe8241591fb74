"""The site's pages."""

from django.urls import path

from bouts import views as bout_views
from fighters import views as fighter_views
from referees import views as referee_views

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/<slug:slug>/", views.league_detail, name="league"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("divisions/<int:pk>/", views.division_detail, name="division"),
    path("divisions/<int:pk>/title/", views.title_detail, name="title"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("fighters/<int:pk>/", fighter_views.fighter_detail, name="fighter"),
    path("bouts/<int:pk>/", bout_views.bout_report, name="bout"),
    path("referees/<int:pk>/", referee_views.referee_detail, name="referee"),
]
