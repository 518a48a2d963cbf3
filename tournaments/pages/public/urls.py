from django.urls import path

from tournaments.pages.outputs import views as outputs

from . import live, views

app_name = "public"

urlpatterns = [
    path("seasons/", views.season_list, name="seasons"),
    path("today/", live.today, name="today"),
    path("seasons/<int:year>/big-screen/", live.big_screen, name="big_screen"),
    path("seasons/current/", views.current_season, name="current_season"),
    path("seasons/<int:year>/", views.season, name="season"),
    path("seasons/<int:year>/fixtures/", views.fixtures, name="fixtures"),
    path("players/<int:pk>/", views.player, name="player"),
    path("seasons/<int:year>/championship/", views.championship, name="championship"),
    path("seasons/<int:year>/teams/<int:team_id>/", views.team, name="team"),
    path("seasons/<int:year>/matches/<int:match_id>/", views.match, name="match"),
    path("seasons/<int:year>/cup/", views.cup, name="cup"),
    path("seasons/<int:year>/grand-prix/<slug:slug>/", views.grand_prix, name="grand_prix"),
    path("seasons/<int:year>/free-games/", views.free_games, name="free_games"),
    # Printed and spreadsheet copies of the standings (tournaments.pages.outputs).
    path("seasons/<int:year>/championship.pdf", outputs.championship_pdf, name="championship_pdf"),
    path("seasons/<int:year>/championship.xlsx", outputs.championship_xlsx, name="championship_xlsx"),
    path("seasons/<int:year>/cup.pdf", outputs.cup_pdf, name="cup_pdf"),
    path("seasons/<int:year>/cup.xlsx", outputs.cup_xlsx, name="cup_xlsx"),
    path("seasons/<int:year>/grand-prix/<slug:slug>.pdf", outputs.grand_prix_pdf, name="grand_prix_pdf"),
    path("seasons/<int:year>/grand-prix/<slug:slug>.xlsx", outputs.grand_prix_xlsx, name="grand_prix_xlsx"),
    path("seasons/<int:year>/free-games.xlsx", outputs.free_games_xlsx, name="free_games_xlsx"),
]
