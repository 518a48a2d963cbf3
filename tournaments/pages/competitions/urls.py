from django.urls import path

from . import season_life, seasons, teams, views, words

app_name = "competitions"

urlpatterns = [
    path("", seasons.organise_home, name="index"),
    path("words/", words.word_list, name="words"),
    path("words/<str:kind>/<str:key>/", words.word_edit, name="word_edit"),
    path("seasons/new/", seasons.season_new, name="season_new"),
    path("seasons/<int:year>/edit/", seasons.season_edit, name="season_edit"),
    path("seasons/<int:year>/competitions/new/", seasons.competition_new, name="competition_new"),
    path("seasons/<int:year>/competitions/<slug:slug>/edit/", seasons.competition_edit, name="competition_edit"),
    path("seasons/<int:year>/teams/", teams.team_list, name="teams"),
    path("seasons/<int:year>/teams/new/", teams.team_new, name="team_new"),
    path("seasons/<int:year>/teams/<int:team_id>/edit/", teams.team_edit, name="team_edit"),
    path("players/", teams.player_list, name="players"),
    path("players/new/", teams.player_new, name="player_new"),
    path("players/<int:pk>/edit/", teams.player_edit, name="player_edit"),
    path("grand-prix-matches/<int:pk>/", views.grand_prix_match, name="grand_prix_match"),
    path("matches/<int:pk>/remove/", views.remove_match, name="remove_match"),
    path("matches/<int:pk>/cancel/", season_life.match_cancel, name="match_cancel"),
    path("seasons/<int:year>/", views.season_admin, name="season_admin"),
    path("seasons/<int:year>/state/", season_life.season_state, name="season_state"),
    path("seasons/<int:year>/free-games/new/", views.free_game_new, name="free_game_new"),
    path("seasons/<int:year>/free-games/new/emperor/", views.free_game_emperor, name="free_game_emperor"),
    path("seasons/<int:year>/free-games/new/three-handed/", views.free_game_three_handed,
         name="free_game_three_handed"),
    path("seasons/<int:year>/cup/", views.cup_admin, name="cup_admin"),
    path("seasons/<int:year>/grand-prix/<slug:slug>/", views.grand_prix_admin, name="grand_prix_admin"),
]
