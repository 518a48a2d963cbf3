"""The register's pages, and its PDF and spreadsheet copies (tournaments.pages.outputs)."""

from django.urls import path

from tournaments.pages.outputs import views as outputs
from tournaments.pages.register import views

app_name = "register"

urlpatterns = [
    path("", views.national_register, name="index"),
    path("register.pdf", outputs.register_pdf, name="index_pdf"),
    path("register.xlsx", outputs.register_xlsx, name="index_xlsx"),
    path("players/<int:pk>/", views.player_trophies, name="player"),
    path("competitions/", views.competition_list, name="competitions"),
    path("competitions/<int:pk>/", views.competition_trophies, name="competition"),
    path("cups/", views.latest_awards, name="awards"),
    path("variants/new/", views.enter_variant_trophy, name="enter_variant"),
    path("variants/<int:pk>/withdraw/", views.withdraw_variant_trophy, name="withdraw_variant"),
]
