from django.urls import path

from . import season_life, views

app_name = "competitions"

urlpatterns = [
    path("", views.latest_season_admin, name="index"),
    path("grand-prix-matches/<int:pk>/", views.grand_prix_match, name="grand_prix_match"),
    path("matches/<int:pk>/remove/", views.remove_match, name="remove_match"),
    path("seasons/<int:year>/", views.season_admin, name="season_admin"),
    path("seasons/<int:year>/state/", season_life.season_state, name="season_state"),
    path("seasons/<int:year>/free-games/new/", views.free_game_new, name="free_game_new"),
    path("seasons/<int:year>/free-games/new/emperor/", views.free_game_emperor, name="free_game_emperor"),
    path("seasons/<int:year>/free-games/new/three-handed/", views.free_game_three_handed,
         name="free_game_three_handed"),
    path("seasons/<int:year>/cup/", views.cup_admin, name="cup_admin"),
    path("seasons/<int:year>/grand-prix/<slug:slug>/", views.grand_prix_admin, name="grand_prix_admin"),
]
