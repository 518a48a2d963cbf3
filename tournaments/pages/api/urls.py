from django.urls import path

from . import openapi, views

app_name = "api"

urlpatterns = [
    path("", views.index, name="index"),
    path("openapi.json", openapi.description, name="openapi"),
    path("seasons/", views.seasons, name="seasons"),
    path("seasons/<int:year>/", views.season, name="season"),
    path("seasons/<int:year>/championship/", views.championship, name="championship"),
    path("seasons/<int:year>/cup/", views.cup, name="cup"),
    path("seasons/<int:year>/grand-prix/<slug:slug>/", views.grand_prix, name="grand_prix"),
    path("seasons/<int:year>/free-games/", views.free_games, name="free_games"),
    path("seasons/<int:year>/teams/<int:team_id>/", views.team, name="team"),
    path("seasons/<int:year>/matches/<int:match_id>/", views.match, name="match"),
    path("register/", views.trophy_register, name="register"),
]
