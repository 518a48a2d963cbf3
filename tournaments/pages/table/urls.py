from django.urls import path

from . import pages, views

app_name = "table"
urlpatterns = [
    path("", views.index, name="index"),
    path("open/", views.open_table, name="open"),
    path("big-screen/", pages.board_all, name="board_all"),
    path("big-screen/<int:competition>/", pages.board, name="board"),
    path("<int:pk>/scores.json", pages.scores, name="scores"),
    path("<int:pk>/hands/<int:number>/", pages.replay, name="replay"),
    path("<int:pk>/", views.manage, name="manage"),
    path("<int:pk>/play/", views.play, name="play"),
    path("<int:pk>/watch/", views.watch, name="watch"),
    path("<int:pk>/<str:action>/", views.act, name="act"),
    path("join/<str:secret>/", views.join, name="join"),
]
