from django.contrib.auth import views as auth_views
from django.shortcuts import render, resolve_url


def home(request):
    """The front page: what this site is and where to go from here."""
    return render(request, "home.html")


class LoginView(auth_views.LoginView):
    """The jury lands on its own page after logging in; everyone else on the page they asked for,
    or the front page."""

    def get_default_redirect_url(self):
        if self.request.user.has_perm("tournaments.enter_scores"):
            return resolve_url("jury:home")
        return super().get_default_redirect_url()
