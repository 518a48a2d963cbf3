from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments import views
from tournaments.public import views as public_views

urlpatterns = [
    path("", public_views.home, name="home"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("jury/", include("tournaments.entry.urls")),
    path("jury/workbooks/", include("tournaments.workbooks.urls")),
    path("", include("tournaments.public.urls")),
    path("jury/competitions/", include("tournaments.competition_pages.urls")),
    path("register/", include("tournaments.register_pages.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("certificates/", include("tournaments.certificates")),
    path("calendars/", include("tournaments.calendars")),
]
