from functools import wraps

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import Http404
from django.shortcuts import resolve_url
from django.urls import reverse_lazy

from tournaments.core.roles import ENTER


def email_configured() -> bool:
    """Whether the site sends email (an SMTP server is configured): password resets only then."""
    return "default" in settings.MAILERS


class LoginView(auth_views.LoginView):
    """The jury lands on its own page after logging in; everyone else on the page they asked for,
    or the front page. The forgotten-password link is offered only where email is sent."""

    def get_default_redirect_url(self):
        if self.request.user.has_perm(ENTER):
            return resolve_url("jury:home")
        return super().get_default_redirect_url()

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | {"password_reset": email_configured()}


def only_with_email(view):
    """404 where the site sends no email: a reset by email cannot reach anyone."""

    @wraps(view)
    def checked(request, *args, **kwargs):
        if not email_configured():
            raise Http404
        return view(request, *args, **kwargs)

    return checked


password_change = auth_views.PasswordChangeView.as_view(success_url=reverse_lazy("password_change_done"))
password_change_done = auth_views.PasswordChangeDoneView.as_view()
password_reset = only_with_email(auth_views.PasswordResetView.as_view(
    success_url=reverse_lazy("password_reset_done"),
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt"))
password_reset_done = only_with_email(auth_views.PasswordResetDoneView.as_view())
password_reset_confirm = only_with_email(auth_views.PasswordResetConfirmView.as_view(
    success_url=reverse_lazy("password_reset_complete")))
password_reset_complete = only_with_email(auth_views.PasswordResetCompleteView.as_view())
