from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.pages import views
from tournaments.pages.public import views as public_views

urlpatterns = [
    path("", public_views.home, name="home"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", views.password_change, name="password_change"),
    path("accounts/password/changed/", views.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", views.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", views.password_reset_done, name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("accounts/password/reset/done/", views.password_reset_complete, name="password_reset_complete"),
    path("admin/", admin.site.urls),
    path("jury/", include("tournaments.pages.entry.urls")),
    path("jury/workbooks/", include("tournaments.pages.workbooks.urls")),
    path("", include("tournaments.pages.public.urls")),
    path("jury/competitions/", include("tournaments.pages.competitions.urls")),
    path("organise/accounts/", include("tournaments.pages.accounts.urls")),
    path("register/", include("tournaments.pages.register.urls")),
    path("api/v1/", include("tournaments.pages.api.urls")),
    path("certificates/", include("tournaments.pages.outputs.certificates")),
    path("calendars/", include("tournaments.pages.outputs.calendars")),
    path("table/", include("tournaments.pages.table.urls")),
    path("t/", include("tournaments.pages.entry.player_urls")),
    path("sugo/", include("tournaments.pages.guide.urls")),
    path("feeds/", include("tournaments.pages.outputs.feeds")),
    path("", include("tournaments.pages.outputs.discovery")),
]

# The site's own error pages, in the reader's language; JSON under /api/ (tournaments.pages.errors).
handler400 = "tournaments.pages.errors.bad_request"
handler403 = "tournaments.pages.errors.permission_denied"
handler404 = "tournaments.pages.errors.page_not_found"
handler500 = "tournaments.pages.errors.server_error"
