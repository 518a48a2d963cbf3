"""Who may do what: the roles of the site as Django groups with permissions, the permission
names, the views' decorators, the match a user may act on, and the page's answer to a refusal.

Jury enters scores; the chief jury also confirms others' entries, corrects confirmed matches and
agrees private matches (R15); organisers keep players, teams, seasons and competitions in the
admin and run the draws. Public pages need no login. :func:`ensure_roles` is idempotent; the data
migration calls it.
"""

from functools import wraps

from django.apps import apps as django_apps
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.decorators import login_required, permission_required
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import CharField, OuterRef, Q, StringAgg, Subquery, Value
from django.db.models.functions import Concat
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import Match
from .refusals import NotAllowed, Refused, match_confirmed, match_submitted

# The permissions, as views and rules check them (user.has_perm).
ENTER = "tournaments.enter_scores"
CONFIRM = "tournaments.confirm_scores"
AGREE = "tournaments.agree_private_matches"
ORGANISE = "tournaments.organise"
MANAGE_ACCOUNTS = "tournaments.manage_accounts"

JURY = "Jury"
CHIEF_JURY = "Chief jury"
ORGANISER = "Organiser"

# The models an organiser keeps in the admin, each with its four standard permissions.
ORGANISED_MODELS = ("player", "team", "season", "competition", "cupentry", "cuptie", "grandprixentry")

# A login locked after repeated failures (django-axes) is lifted by deleting its attempt in the admin.
UNLOCK_LOGINS = ["axes.view_accessattempt", "axes.delete_accessattempt"]

ROLE_PERMISSIONS = {
    JURY: ["enter_scores"],
    CHIEF_JURY: ["enter_scores", "confirm_scores", "agree_private_matches"] + UNLOCK_LOGINS,
    ORGANISER: ["organise", "manage_accounts"] + [
        f"{action}_{model}" for model in ORGANISED_MODELS for action in ("add", "change", "delete", "view")
    ] + UNLOCK_LOGINS,
}


def ensure_roles(apps) -> None:
    """Create or update the three groups with exactly their permissions (``apps``: a migration's
    historical registry or django.apps.apps)."""
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after migrate; a fresh database needs them now.
    for label in ("tournaments", "axes"):
        try:
            app_config = apps.get_app_config(label)
        except LookupError:  # an early migration, before the app's own
            continue
        app_config.models_module = getattr(app_config, "models_module", None) or True
        create_permissions(app_config, apps=apps, verbosity=0)

    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    for name, codenames in ROLE_PERMISSIONS.items():
        group, _ = group_model.objects.get_or_create(name=name)
        wanted = Q(pk__in=[])
        for codename in codenames:  # "codename" of this app, or "app_label.codename"
            app_label, _dot, code = codename.rpartition(".")
            wanted |= Q(content_type__app_label=app_label or "tournaments", codename=code)
        group.permissions.set(permission_model.objects.filter(wanted))


def is_organiser(user) -> bool:
    """In the Organiser group (a superuser is not, unless added)."""
    return user.groups.filter(name=ORGANISER).exists()


def make_organiser(user) -> None:
    """Add the user to the Organiser group, staff as organisers are (they keep players, teams and
    competitions in the admin), and active."""
    if not Group.objects.filter(name=ORGANISER).exists():
        ensure_roles(django_apps)
    user.is_staff = True
    user.is_active = True
    user.save()
    user.groups.add(Group.objects.get(name=ORGANISER))


# --- accounts: an organiser invites users, sets their roles and deactivates them ---------------------

ROLES = (JURY, CHIEF_JURY, ORGANISER)
STAFF_ROLES = {CHIEF_JURY, ORGANISER}  # the admin's staff: organisers keep the models, the chief jury lifts locks


def roles_of(user) -> list[str]:
    """The user's roles, in the order of ROLES."""
    names = {group.name for group in user.groups.all()}
    return [role for role in ROLES if role in names]


def active_organisers():
    return get_user_model()._default_manager.filter(is_active=True, groups__name=ORGANISER)


def _check_may_change(user, by) -> None:
    if user.is_superuser and not by.is_superuser:
        raise Refused(_("%(name)s is a superuser: only a superuser changes this account.")
                      % {"name": user.get_username()}, code="superuser")


def _check_keeps_an_organiser(user) -> None:
    if user.is_active and ORGANISER in roles_of(user) and not active_organisers().exclude(pk=user.pk).exists():
        raise Refused(_("%(name)s is the last organiser: make someone else an organiser first.")
                      % {"name": user.get_username()}, code="last_organiser")


def set_roles(user, roles, by) -> None:
    """Give the user exactly ``roles`` (group names among ROLES); staff with an organiser's or the
    chief jury's role. Never takes the last active organiser's role away."""
    roles = set(roles)
    _check_may_change(user, by)
    if ORGANISER not in roles:
        _check_keeps_an_organiser(user)
    with transaction.atomic():
        user.groups.remove(*Group.objects.filter(name__in=ROLES).exclude(name__in=roles))
        user.groups.add(*Group.objects.filter(name__in=roles))
        user.is_staff = user.is_superuser or bool(roles & STAFF_ROLES)
        user.save(update_fields=["is_staff"])


def invite(username, email, role, by):
    """A new user in ``role`` without a password: they set it from their invitation's link."""
    users = get_user_model()
    with transaction.atomic():
        user = users._default_manager.create_user(username=username, email=email or "")
        user.set_unusable_password()
        user.save(update_fields=["password"])
        set_roles(user, {role}, by)
    return user


def set_active(user, active: bool, by) -> None:
    """Deactivate (the user can no longer log in; their name stays in the matches' history) or
    reactivate. Nobody deactivates themselves, nor the last organiser."""
    _check_may_change(user, by)
    if not active:
        if user.pk == by.pk:
            raise Refused(_("You cannot deactivate your own account."), code="self")
        _check_keeps_an_organiser(user)
    user.is_active = active
    user.save(update_fields=["is_active"])


# --- the views' decorators: login, then the permission (403 otherwise) --------------------------


def jury_only(view):
    """Login, then the jury's permission: anyone else gets 403."""
    return login_required(permission_required(ENTER, raise_exception=True)(view))


def organisers_only(view):
    """Login, then the organisers' permission: anyone else gets 403."""
    return login_required(permission_required(ORGANISE, raise_exception=True)(view))


def account_managers_only(view):
    """Login, then the permission to manage accounts (organisers): anyone else gets 403."""
    return login_required(permission_required(MANAGE_ACCOUNTS, raise_exception=True)(view))


def schedulers_only(view):
    """Login, then the jury's or the organisers' permission: anyone else gets 403."""

    @wraps(view)
    def checked(request, *args, **kwargs):
        if not (request.user.has_perm(ENTER) or request.user.has_perm(ORGANISE)):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(checked)


# --- the match a user may act on ---------------------------------------------------------------


JURORS_NAMED = ("entered_by", "confirmed_by", "jury_agreed_by")


def get_match(pk) -> Match:
    """The match with everything its pages show (404 when there is none). The jurors it names are
    read in a statement of their own: joined in as well (fifteen tables), the lookup took
    PostgreSQL 10 ms to plan against 0.5 ms to run, on every page of the match; twelve take 3 ms."""
    match = get_object_or_404(
        Match.objects.with_teams().select_related(
            "a_driver", "a_catcher", "b_driver", "b_catcher", "cup_tie__team_a", "cup_tie__team_b"),
        pk=pk,
    )
    named = {getattr(match, f"{field}_id") for field in JURORS_NAMED} - {None}
    if named:
        jurors = get_user_model()._default_manager.in_bulk(named)
        for field in JURORS_NAMED:
            juror_id = getattr(match, f"{field}_id")
            if juror_id is not None:
                setattr(match, field, jurors[juror_id])
    return match


def get_match_for_hands(pk) -> Match:
    """The match as a hand's save, typing kept or clearing needs it (404 when there is none): its
    competition, season, teams and entering juror (the state line a save answers with) only.
    These requests come every few seconds from every table on match day; the page's lookup joins
    fifteen tables, which PostgreSQL takes far longer to plan than to run (7-9 ms against 0.4 ms
    for these five), and nothing these answers show needs the rest."""
    return get_object_or_404(Match.objects.with_teams().select_related("entered_by"), pk=pk)


def may_edit(match: Match, user) -> bool:
    """A confirmed match is changed only by the chief jury (a correction); any other by the jury."""
    return not match.is_locked or user.has_perm(CONFIRM)


def check_may_edit(match: Match, user) -> None:
    """403 unless the user may change the match's hands now."""
    if not may_edit(match, user):
        raise PermissionDenied(match_confirmed().text)


def may_enter_hands(match: Match, user) -> bool:
    """Hands are typed into a match until it is submitted for confirmation (then it is read-only
    until it is withdrawn, sent back or, once confirmed, corrected by the chief jury)."""
    entering = (Match.State.SCHEDULED, Match.State.IN_ENTRY, Match.State.RETURNED)
    return match.state in entering and user.has_perm(ENTER)


def check_may_enter_hands(match: Match, user) -> None:
    """403, saying why, unless the user may type hands into the match now."""
    if may_enter_hands(match, user):
        return
    if match.state == Match.State.ENTERED:
        raise PermissionDenied(match_submitted().text)
    raise PermissionDenied(match_confirmed().text)


# --- permissions, read once a request -------------------------------------------------------------


class RolesBackend(ModelBackend):
    """Django's model backend, reading a logged-in user with their permissions (their own and their
    groups') in one query rather than three: every page of the jury asks for them, a hand save
    among them."""

    def get_user(self, user_id):
        user = user_with_permissions(user_id)
        if user is None or not self.user_can_authenticate(user):
            return None
        if user.is_active and not user.is_superuser:  # a superuser has every permission: Django reads them
            user._perm_cache = set((user.permission_names or "").split())
        return user

    def get_all_permissions(self, user_obj, obj=None):
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        if not hasattr(user_obj, "_perm_cache"):
            granted = Permission.objects.all()
            if not user_obj.is_superuser:
                granted = granted.filter(Q(user=user_obj) | Q(group__user=user_obj))
            rows = granted.values_list("content_type__app_label", "codename").distinct()
            user_obj._perm_cache = {f"{app_label}.{codename}" for app_label, codename in rows}
        return user_obj._perm_cache


def users_with_permissions():
    """The users, each with ``permission_names``: every permission of theirs and of their groups,
    "app.codename" separated by spaces (None when they have none)."""
    granted = Permission.objects.filter(Q(user=OuterRef("pk")) | Q(group__user=OuterRef("pk"))).annotate(
        qualified=Concat("content_type__app_label", Value("."), "codename", output_field=CharField()))
    every = granted.order_by().annotate(one=Value(1)).values("one").annotate(
        names=StringAgg("qualified", Value(" "))).values("names")
    return get_user_model()._default_manager.annotate(permission_names=Subquery(every))


# Where the statement below takes the user's id: an id no user has, found once among its parameters.
SENTINEL_ID = -7_302_119
_statements: dict = {}


def user_with_permissions(user_id):
    """``users_with_permissions().filter(pk=user_id).first()``, the same statement, without building
    and compiling its five annotations and subquery on every request (~1 ms of every jury
    request's CPU): the ORM compiles it once a database vendor, and each request runs it with
    its user's id."""
    model = get_user_model()
    statement = _statement(model)
    if statement is None:
        return users_with_permissions().filter(pk=user_id).first()
    sql, before, after = statement
    return next(iter(model._default_manager.raw(sql, (*before, model._meta.pk.get_prep_value(user_id), *after))),
                None)


def _statement(model):
    """(SQL, the parameters before the id, those after), as ``.first()`` compiles the query."""
    key = (connection.vendor, model._meta.label)
    if key not in _statements:
        users = users_with_permissions().filter(pk=SENTINEL_ID)
        sql, params = (users if users.ordered else users.order_by("pk"))[:1].query.sql_with_params()
        place = params.index(SENTINEL_ID) if params.count(SENTINEL_ID) == 1 else None
        _statements[key] = None if place is None else (sql, params[:place], params[place + 1:])
    return _statements[key]


# --- a refusal as the page's answer ------------------------------------------------------------


def answer_refusal(request, refused: Refused, form=None) -> None:
    """What the page answers to a rule's refusal: 403 for a permission (or the two-person rule),
    else the message on the form when there is one, else as a message above the page."""
    if isinstance(refused, NotAllowed):
        raise PermissionDenied(refused.text) from None
    if form is not None:
        form.add_error(None, refused)
    else:
        messages.error(request, refused.text)
