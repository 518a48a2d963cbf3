"""The organisers' accounts pages (tournaments.manage_accounts) and the invited person's page."""

import logging
import smtplib

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.core import roles as role_rules
from tournaments.core.refusals import Refused
from tournaments.core.roles import account_managers_only

from .forms import ROLE_LABELS, InvitationForm, RolesForm

logger = logging.getLogger(__name__)


def get_account(user_id):
    users = get_user_model()
    return get_object_or_404(users._default_manager.prefetch_related("groups"), pk=user_id)


def role_labels(user) -> list[str]:
    return [str(ROLE_LABELS[role]) for role in role_rules.roles_of(user)]


@account_managers_only
@require_GET
def index(request):
    users = get_user_model()._default_manager.order_by("-is_active", "username").prefetch_related(
        Prefetch("groups"))
    accounts = [{"user": user, "roles": role_labels(user),
                 "invited": not user.has_usable_password() and user.last_login is None} for user in users]
    locked = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT).order_by(
        "-attempt_time")
    return render(request, "accounts/index.html", {"accounts": accounts, "locked": locked})


@account_managers_only
def invite(request):
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = role_rules.invite(data["username"], data["email"], data["role"], by=request.user)
        except Refused as refused:
            form.add_error(None, refused)
        else:
            return link_page(request, user, invited=True)
    return render(request, "accounts/invite.html", {"form": form})


@account_managers_only
@require_GET
def user(request, user_id):
    account = get_account(user_id)
    form = RolesForm(initial={"roles": role_rules.roles_of(account)})
    return render(request, "accounts/user.html", {"account": account, "roles": role_labels(account), "form": form})


@account_managers_only
@require_POST
def roles(request, user_id):
    account = get_account(user_id)
    form = RolesForm(request.POST)
    if form.is_valid():
        try:
            role_rules.set_roles(account, form.cleaned_data["roles"], by=request.user)
        except Refused as refused:
            messages.error(request, refused.text)
        else:
            messages.success(request, _("Roles of %(name)s saved.") % {"name": account.get_username()})
    else:
        messages.error(request, _("Roles: choose among the roles listed."))
    return redirect("accounts:user", user_id=account.pk)


def _set_active(request, user_id, active):
    account = get_account(user_id)
    try:
        role_rules.set_active(account, active, by=request.user)
    except Refused as refused:
        messages.error(request, refused.text)
    else:
        done = _("%(name)s is active again.") if active else _("%(name)s is deactivated: they can no longer log in.")
        messages.success(request, done % {"name": account.get_username()})
    return redirect("accounts:user", user_id=account.pk)


@account_managers_only
@require_POST
def deactivate(request, user_id):
    return _set_active(request, user_id, False)


@account_managers_only
@require_POST
def reactivate(request, user_id):
    return _set_active(request, user_id, True)


@account_managers_only
@require_POST
def new_link(request, user_id):
    account = get_account(user_id)
    if not account.is_active:
        name = account.get_username()
        messages.error(request, _("%(name)s is deactivated: reactivate them first.") % {"name": name})
        return redirect("accounts:user", user_id=account.pk)
    return link_page(request, account, invited=False)


@account_managers_only
@require_POST
def unlock(request, attempt_id):
    attempt = get_object_or_404(AccessAttempt, pk=attempt_id)
    attempt.delete()
    messages.success(request, _("The login of %(name)s from %(address)s is unlocked.")
                     % {"name": attempt.username, "address": attempt.ip_address})
    return redirect("accounts:index")


# --- the one-time link -----------------------------------------------------------------------------


def one_time_link(request, account) -> str:
    """The link that sets the account's password: it holds for PASSWORD_RESET_TIMEOUT and is spent
    once the password is set (Django's password-reset token, which the password's hash signs)."""
    uid = urlsafe_base64_encode(force_bytes(account.pk))
    path = reverse("accounts:welcome", kwargs={"uidb64": uid, "token": default_token_generator.make_token(account)})
    return request.build_absolute_uri(path)


def link_page(request, account, invited):
    """The page showing the link, once; sent by email too where the site sends email and the user
    has an address."""
    link = one_time_link(request, account)
    sent = False
    if "default" in settings.MAILERS and account.email:
        context = {"name": account.get_username(), "link": link, "site": request.get_host(),
                   "days": settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60)}
        try:
            send_mail(render_to_string("accounts/invitation_subject.txt", context).strip(),
                      render_to_string("accounts/invitation_email.txt", context), None, [account.email])
            sent = True
        except (OSError, smtplib.SMTPException):
            logger.warning("the invitation of user %s could not be sent", account.pk, exc_info=True)
            messages.error(request, _("The email could not be sent: give the link yourself."))
    return render(request, "accounts/link.html", {
        "account": account, "roles": role_labels(account), "link": link, "invited": invited, "sent": sent,
        "days": settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60)})


class Welcome(auth_views.PasswordResetConfirmView):
    """The invited person (or one given a new link) sets their password; the link is then spent."""

    template_name = "accounts/welcome.html"
    success_url = reverse_lazy("login")

    def get_user(self, uidb64):
        user = super().get_user(uidb64)
        return user if user is not None and user.is_active else None

    def form_valid(self, form):
        messages.success(self.request, _("Your password is set: log in with it."))
        return super().form_valid(form)
