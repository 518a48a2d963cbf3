from django.urls import path

from . import views

app_name = "table"
urlpatterns = [
    path("", views.index, name="index"),
    path("open/", views.open_table, name="open"),
    path("<int:pk>/", views.manage, name="manage"),
    path("<int:pk>/play/", views.play, name="play"),
    path("<int:pk>/watch/", views.watch, name="watch"),
    path("<int:pk>/<str:action>/", views.act, name="act"),
    path("join/<str:secret>/", views.join, name="join"),
]
