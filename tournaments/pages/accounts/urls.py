from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("", views.index, name="index"),
    path("invite/", views.invite, name="invite"),
    path("<int:user_id>/", views.user, name="user"),
    path("<int:user_id>/roles/", views.roles, name="roles"),
    path("<int:user_id>/deactivate/", views.deactivate, name="deactivate"),
    path("<int:user_id>/reactivate/", views.reactivate, name="reactivate"),
    path("<int:user_id>/link/", views.new_link, name="link"),
    path("locked/<int:attempt_id>/unlock/", views.unlock, name="unlock"),
    path("welcome/<uidb64>/<token>/", views.Welcome.as_view(), name="welcome"),
]
