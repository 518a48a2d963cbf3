from django.contrib.auth import views as auth_views
from django.shortcuts import resolve_url

from tournaments.core.roles import ENTER


class LoginView(auth_views.LoginView):
    """The jury lands on its own page after logging in; everyone else on the page they asked for,
    or the front page."""

    def get_default_redirect_url(self):
        if self.request.user.has_perm(ENTER):
            return resolve_url("jury:home")
        return super().get_default_redirect_url()
