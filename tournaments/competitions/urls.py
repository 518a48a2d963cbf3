from django.urls import path

from . import views

app_name = "competitions"

urlpatterns = [
    path("grand-prix-matches/<int:pk>/", views.grand_prix_match, name="grand_prix_match"),
    path("seasons/<int:year>/free-games/new/", views.free_game_new, name="free_game_new"),
    path("seasons/<int:year>/cup/", views.cup_admin, name="cup_admin"),
]
