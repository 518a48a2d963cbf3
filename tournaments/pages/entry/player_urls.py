"""The teams' links at the table (at_the_table): a team's page, its hands sent, its answers."""

from django.urls import path

from . import at_the_table

app_name = "players"

urlpatterns = [
    path("<str:link>/", at_the_table.team_page, name="team"),
    path("<str:link>/hands/<int:number>/", at_the_table.enter, name="enter"),
    path("<str:link>/hands/<int:number>/answer/", at_the_table.answer, name="answer"),
]
