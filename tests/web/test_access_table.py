"""Who gets what, at every address of the site: each URL pattern, built with real ids from one
world, is asked for by five people, GET and then POST, and the answers are checked against ACCESS,
a table with one line per URL.

The five: an anonymous visitor; the juror who entered the matches; a second juror (also only in
the Jury group, who entered none of them); the chief jury (staff, as the demo's ``chief``, so that
it lifts locked logins in the admin); an organiser (staff).

The addresses: every pattern of ``get_resolver()``, included namespaces walked recursively. A
pattern is known by its name (``jury:match``), or by its route when it has none (the admin's
``<object_id>/`` redirects and its catch-all). None is left out:

- the Django admin is in the table like the rest, one line per URL of each registered model, so a
  model newly registered in the admin fails the test until its answers are written down;
- static files are served by WhiteNoise outside the URL resolver, and the site has no debug URLs,
  so neither has a pattern to check.

A pattern without a line fails ("add ... to ACCESS"), and so does a line whose pattern is gone. A
line ``name@subject`` asks for the same URL about another object of the world (a match in another
state), for the URLs whose answers differ by object.

The answers, GET then POST: a status code (200, 403, 404, 405, 422...); ``login``, a redirect to
the site's login page with the address asked for as ``next``; ``admin``, the same to the admin's
login; ``302``, a redirect elsewhere. A ``*`` after an answer: that request changes the data (a
confirmation, a kept draft, the login log's logout time); an answer without one changes nothing.
No answer is ever a 500, and a 403 is the site's page saying why ("Not allowed"), never empty.

The POSTs carry no typing: only the version and a comment, when the URL is about a match, as its
buttons' forms do, so that the permission checks behind the version check are reached. They are
sent by Django's test client, which skips the CSRF check, so that the views' own checks answer;
test_a_post_without_the_csrf_token_is_refused_everywhere checks that the CSRF middleware refuses
them all first. Each request runs in a savepoint rolled back after it, so each sees the same world;
the INSERT, UPDATE and DELETE statements it runs are watched and, when there are any, every table
is compared with the world's (sessions apart: logging in and out is the session's business).

PDFs are not laid out here (weasyprint takes seconds a page): the views render their HTML and a
stub stands in for the layout; who gets a PDF does not depend on its layout, and
test_outputs.py, test_certificates.py and test_score_sheets.py read the printed pages.
"""

import datetime
import re
from collections import namedtuple
from contextlib import contextmanager
from types import SimpleNamespace

import pytest
import weasyprint
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import RegexPattern

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core import register
from tournaments.core.competitions import cup, grand_prix
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, CupAward, CupTie, FreeGame, GrandPrixEntry, TeamLink, TrophyWin
from tournaments.reads import standings
from tournaments.recording import drafts, matches, tables

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "juror", "second juror", "chief", "organiser")

# The table is one line per URL, wider than the line length the rest of the code keeps.
# ruff: noqa: E501
ACCESS = {
    # URL name, or route                               subject         anonymous      juror          second juror   chief          organiser
    "home":                                           ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "login":                                          ("-",            "200 200",     "200 200",     "200 200",     "200 200",     "200 200"),
    "logout":                                         ("-",            "405 302",     "405 302*",    "405 302*",    "405 302*",    "405 302*"),
    # Everyone logged in changes their own password (a POST without the passwords changes nothing). A reset by email
    # only where the site sends email: the world sends none, so every reset page is 404.
    "password_change":                                ("-",            "login login", "200 200",     "200 200",     "200 200",     "200 200"),
    "password_change_done":                           ("-",            "login login", "200 405",     "200 405",     "200 405",     "200 405"),
    "password_reset":                                 ("-",            "404 404",     "404 404",     "404 404",     "404 404",     "404 404"),
    "password_reset_done":                            ("-",            "404 404",     "404 404",     "404 404",     "404 404",     "404 404"),
    "password_reset_confirm":                         ("reset link",   "404 404",     "404 404",     "404 404",     "404 404",     "404 404"),
    "password_reset_complete":                        ("-",            "404 404",     "404 404",     "404 404",     "404 404",     "404 404"),

    # The admin: staff only (the chief jury and organisers); the others go to the admin's login. Organisers keep
    # players, teams, seasons and competitions, read the Cup's ties, and with the chief jury lift locked logins;
    # users, groups and matches are for superusers only.
    "admin:index":                                    ("-",            "admin admin", "admin admin", "admin admin", "200 200",     "200 200"),
    "admin:login":                                    ("-",            "200 200",     "200 200",     "200 200",     "302 200",     "302 200"),
    "admin:logout":                                   ("-",            "302 302",     "302 302",     "302 302",     "405 302*",    "405 302*"),
    "admin:password_change":                          ("-",            "admin admin", "admin admin", "admin admin", "200 200",     "200 200"),
    "admin:password_change_done":                     ("-",            "admin admin", "admin admin", "admin admin", "200 405",     "200 405"),
    "admin:autocomplete":                             ("-",            "admin admin", "admin admin", "admin admin", "403 405",     "403 405"),
    "admin:jsi18n":                                   ("-",            "admin admin", "admin admin", "admin admin", "200 405",     "200 405"),
    "admin:view_on_site":                             ("on site",      "admin admin", "admin admin", "admin admin", "404 404",     "404 404"),
    "admin:auth_group_changelist":                    ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_group_add":                           ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_group_history":                       ("group",        "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_group_delete":                        ("group",        "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_group_change":                        ("group",        "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin/auth/group/<path:object_id>/":             ("group",        "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:auth_user_password_change":                ("user",         "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_user_changelist":                     ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_user_add":                            ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_user_history":                        ("user",         "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_user_delete":                         ("user",         "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:auth_user_change":                         ("user",         "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin/auth/user/<path:object_id>/":              ("user",         "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:axes_accessattempt_changelist":            ("-",            "admin admin", "admin admin", "admin admin", "200 200",     "200 200"),
    "admin:axes_accessattempt_add":                   ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accessattempt_history":               ("attempt",      "admin admin", "admin admin", "admin admin", "200 200",     "200 200"),
    "admin:axes_accessattempt_delete":                ("attempt",      "admin admin", "admin admin", "admin admin", "200 200",     "200 200"),
    "admin:axes_accessattempt_change":                ("attempt",      "admin admin", "admin admin", "admin admin", "200 403",     "200 403"),
    "admin/axes/accessattempt/<path:object_id>/":     ("attempt",      "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:axes_accesslog_changelist":                ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accesslog_add":                       ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accesslog_history":                   ("access log",   "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accesslog_delete":                    ("access log",   "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accesslog_change":                    ("access log",   "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin/axes/accesslog/<path:object_id>/":         ("access log",   "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:axes_accessfailurelog_changelist":         ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accessfailurelog_add":                ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accessfailurelog_history":            ("failure log",  "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accessfailurelog_delete":             ("failure log",  "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:axes_accessfailurelog_change":             ("failure log",  "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin/axes/accessfailurelog/<path:object_id>/":  ("failure log",  "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_player_simple_history":        ("player",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_player_changelist":            ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_player_add":                   ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_player_history":               ("player",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_player_delete":                ("player",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_player_change":                ("player",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin/tournaments/player/<path:object_id>/":     ("player",       "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_season_simple_history":        ("season",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_season_changelist":            ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_season_add":                   ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_season_history":               ("season",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_season_delete":                ("season",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_season_change":                ("season",       "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin/tournaments/season/<path:object_id>/":     ("season",       "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_team_simple_history":          ("team",         "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_team_changelist":              ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_team_add":                     ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_team_history":                 ("team",         "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_team_delete":                  ("team",         "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_team_change":                  ("team",         "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin/tournaments/team/<path:object_id>/":       ("team",         "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_competition_simple_history":   ("competition",  "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_competition_changelist":       ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_competition_add":              ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_competition_history":          ("competition",  "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_competition_delete":           ("competition",  "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_competition_change":           ("competition",  "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin/tournaments/competition/<path:object_id>/":("competition",  "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_cuptie_simple_history":        ("cup tie",      "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_cuptie_changelist":            ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_cuptie_add":                   ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_cuptie_history":               ("cup tie",      "admin admin", "admin admin", "admin admin", "403 403",     "200 200"),
    "admin:tournaments_cuptie_delete":                ("cup tie",      "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_cuptie_change":                ("cup tie",      "admin admin", "admin admin", "admin admin", "403 403",     "200 403"),
    "admin/tournaments/cuptie/<path:object_id>/":     ("cup tie",      "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:tournaments_match_simple_history":         ("confirmed",    "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_match_changelist":             ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_match_add":                    ("-",            "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_match_history":                ("confirmed",    "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_match_delete":                 ("confirmed",    "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin:tournaments_match_change":                 ("confirmed",    "admin admin", "admin admin", "admin admin", "403 403",     "403 403"),
    "admin/tournaments/match/<path:object_id>/":      ("confirmed",    "admin admin", "admin admin", "admin admin", "302 302",     "302 302"),
    "admin:app_list":                                 ("app",          "admin admin", "admin admin", "admin admin", "404 404",     "200 200"),
    "admin/(?P<url>.*)$":                             ("no page",      "admin admin", "admin admin", "admin admin", "404 404",     "404 404"),

    # The jury's pages: the anonymous visitor logs in, an organiser is refused (except scheduling a match). Only the
    # juror who submitted a match withdraws it; only the chief jury, who did not enter it, confirms or sends it back.
    "jury:home":                                      ("-",            "login login", "200 405",     "200 405",     "200 405",     "302 405"),
    "jury:matches":                                   ("-",            "login login", "200 405",     "200 405",     "200 405",     "200 405"),
    "jury:new_match":                                 ("-",            "login login", "200 422",     "200 422",     "200 422",     "200 422"),
    "jury:match":                                     ("in entry",     "login login", "200 302",     "200 302",     "200 302",     "403 403"),
    "jury:match@scheduled":                           ("scheduled",    "login login", "200 302",     "200 302",     "200 302",     "403 403"),
    "jury:match@submitted":                           ("submitted",    "login login", "200 403",     "200 403",     "200 403",     "403 403"),
    "jury:match@confirmed":                           ("confirmed",    "login login", "200 403",     "200 403",     "200 422",     "403 403"),
    "jury:particulars":                               ("scheduled",    "login login", "200 422",     "200 422",     "200 422",     "200 422"),
    "jury:particulars@confirmed":                     ("confirmed",    "login login", "200 422",     "200 422",     "200 422",     "200 422"),
    "jury:agree":                                     ("scheduled",    "login login", "405 403",     "405 403",     "405 302",     "403 403"),
    "jury:agree_on_paper":                            ("scheduled",    "login login", "405 403",     "405 403",     "405 302",     "403 403"),
    "jury:preview":                                   ("in entry",     "login login", "405 200",     "405 200",     "405 200",     "403 403"),
    "jury:save_hand":                                 ("in entry",     "login login", "405 302",     "405 302",     "405 302",     "403 403"),
    "jury:save_hand@submitted":                       ("submitted",    "login login", "405 403",     "405 403",     "405 403",     "403 403"),
    "jury:save_hand@confirmed":                       ("confirmed",    "login login", "405 403",     "405 403",     "405 403",     "403 403"),
    "jury:keep_hand":                                 ("in entry",     "login login", "405 200*",    "405 200*",    "405 200*",    "403 403"),
    "jury:keep_hand@submitted":                       ("submitted",    "login login", "405 403",     "405 403",     "405 403",     "403 403"),
    "jury:clear_hand":                                ("in entry",     "login login", "200 422",     "200 422",     "200 422",     "403 403"),
    "jury:clear_hand@submitted":                      ("submitted",    "login login", "200 422",     "200 422",     "200 422",     "403 403"),
    "jury:clear_hand@confirmed":                      ("confirmed",    "login login", "200 422",     "200 422",     "200 422",     "403 403"),
    "jury:withdraw":                                  ("submitted",    "login login", "405 302*",    "405 403",     "405 403",     "403 403"),
    "jury:withdraw@in entry":                         ("in entry",     "login login", "405 302",     "405 302",     "405 302",     "403 403"),
    "jury:blind":                                     ("blind",        "login login", "403 403",     "403 403",     "200 422",     "403 403"),
    "jury:keep_blind_hand":                           ("blind",        "login login", "405 403",     "405 403",     "405 200",     "403 403"),
    "jury:keep_blind_hand@submitted":                 ("submitted",    "login login", "405 403",     "405 403",     "405 403",     "403 403"),
    "jury:blind@submitted":                           ("submitted",    "login login", "302 302",     "302 302",     "302 302",     "403 403"),
    "jury:score_sheet":                               ("scheduled",    "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "jury:score_sheet@confirmed":                     ("confirmed",    "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "jury:submit":                                    ("in entry",     "login login", "405 302",     "405 302",     "405 302",     "403 403"),
    "jury:submit@submitted":                          ("submitted",    "login login", "405 302",     "405 302",     "405 302",     "403 403"),
    "jury:confirm":                                   ("submitted",    "login login", "405 403",     "405 403",     "405 302*",    "403 403"),
    "jury:confirm@confirmed":                         ("confirmed",    "login login", "405 403",     "405 403",     "405 302",     "403 403"),
    "jury:send_back":                                 ("submitted",    "login login", "405 403",     "405 403",     "405 302*",    "403 403"),
    # The teams' links at the table: the jury gives them (a competition whose players do not enter: refused in
    # words; a form without its team, 400); the match-day screen is the jury's; a team's page is its link's, whoever holds it: a POST
    # without a hand is shown its problems (422), an answer to no hand waiting is refused (409).
    "jury:team_links":                                ("in entry",     "login login", "200 400",     "200 400",     "200 400",     "403 403"),
    "jury:match_day":                                 ("-",            "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "players:team":                                   ("team link",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "players:enter":                                  ("team link",    "405 422",     "405 422",     "405 422",     "405 422",     "405 422"),
    "players:answer":                                 ("team link",    "405 409",     "405 409",     "405 409",     "405 409",     "405 409"),
    "jury:history":                                   ("confirmed",    "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "jury:export":                                    ("confirmed",    "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "jury:import":                                    ("in entry",     "login login", "200 200",     "200 200",     "200 200",     "403 403"),
    "jury:import@confirmed":                          ("confirmed",    "login login", "200 200",     "200 200",     "200 200",     "403 403"),

    # Workbooks: the jury's score sheets, the organisers' rosters.
    "workbooks:score_sheet":                          ("scheduled",    "login login", "200 405",     "200 405",     "200 405",     "403 403"),
    "workbooks:score_sheet_upload":                   ("scheduled",    "login login", "200 422",     "200 422",     "200 422",     "403 403"),
    "workbooks:score_sheet_upload@confirmed":         ("confirmed",    "login login", "403 403",     "403 403",     "403 403",     "403 403"),
    "workbooks:roster":                               ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 405"),
    "workbooks:roster_upload":                        ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 200"),

    # Public pages, their PDFs and spreadsheets: read-only for everyone.
    "public:seasons":                                 ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:today":                                   ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:big_screen":                              ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:current_season":                          ("-",            "302 405",     "302 405",     "302 405",     "302 405",     "302 405"),
    "public:season":                                  ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:fixtures":                                ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:player":                                  ("player",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:championship":                            ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:team":                                    ("team",         "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:match":                                   ("confirmed",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:match@scheduled":                         ("scheduled",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:cup":                                     ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:grand_prix":                              ("gp",           "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:free_games":                              ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:championship_pdf":                        ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:championship_xlsx":                       ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:cup_pdf":                                 ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:cup_xlsx":                                ("season",      "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:grand_prix_pdf":                          ("gp",           "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:grand_prix_xlsx":                         ("gp",           "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "public:free_games_xlsx":                         ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),

    # The organisers' competition pages; the jury marks a Grand Prix match and enters free games.
    # The accounts: organisers only. A POST without data removes the juror's roles (in the users' groups, a table
    # Django makes itself, which facts() does not compare: no *), deactivates them, shows a new link (which
    # writes nothing) or lifts the locked login; reactivating an active user changes nothing.
    "accounts:index":                                 ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 405"),
    "accounts:invite":                                ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "accounts:user":                                  ("user",         "login login", "403 403",     "403 403",     "403 403",     "200 405"),
    "accounts:roles":                                 ("user",         "login login", "403 403",     "403 403",     "403 403",     "405 302"),
    "accounts:deactivate":                            ("user",         "login login", "403 403",     "403 403",     "403 403",     "405 302*"),
    "accounts:reactivate":                            ("user",         "login login", "403 403",     "403 403",     "403 403",     "405 302"),
    "accounts:link":                                  ("user",         "login login", "403 403",     "403 403",     "403 403",     "405 200"),
    "accounts:unlock":                                ("attempt",      "login login", "403 403",     "403 403",     "403 403",     "405 302*"),
    # The invited person's page, for anyone with the link; a wrong link sets nothing.
    "accounts:welcome":                               ("reset link",   "200 200",     "200 200",     "200 200",     "200 200",     "200 200"),

    "competitions:index":                             ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:season_new":                        ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:season_edit":                       ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:words":                             ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:word_edit":                         ("word",         "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:competition_new":                   ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:competition_edit":                  ("championship", "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:grand_prix_match":                  ("gp scheduled", "login login", "200 302",     "200 302",     "200 302",     "403 403"),
    "competitions:remove_match":                      ("gp scheduled", "login login", "403 403",     "403 403",     "403 403",     "405 302*"),
    "competitions:remove_match@confirmed":            ("confirmed",    "login login", "403 403",     "403 403",     "403 403",     "405 302"),
    "competitions:match_cancel":                      ("gp scheduled", "login login", "403 403",     "403 403",     "403 403",     "200 422"),
    "competitions:teams":                             ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 405"),
    "competitions:team_new":                          ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 422"),
    "competitions:team_edit":                         ("team",         "login login", "403 403",     "403 403",     "403 403",     "200 422"),
    "competitions:players":                           ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 405"),
    "competitions:player_new":                        ("-",            "login login", "403 403",     "403 403",     "403 403",     "200 422"),
    "competitions:player_edit":                       ("player",       "login login", "403 403",     "403 403",     "403 403",     "200 422"),
    "competitions:season_admin":                      ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:season_state":                      ("season",       "login login", "403 403",     "403 403",     "403 403",     "405 302"),
    "competitions:free_game_new":                     ("season",       "login login", "200 200",     "200 200",     "200 200",     "403 403"),
    "competitions:free_game_emperor":                 ("season",       "login login", "200 200",     "200 200",     "200 200",     "403 403"),
    "competitions:free_game_three_handed":            ("season",       "login login", "200 200",     "200 200",     "200 200",     "403 403"),
    "competitions:cup_admin":                         ("season",       "login login", "403 403",     "403 403",     "403 403",     "200 200"),
    "competitions:grand_prix_admin":                  ("gp",           "login login", "403 403",     "403 403",     "403 403",     "200 200"),

    # The trophy register: public and read-only, but for the jury's variant entries.
    "register:index":                                 ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:index_pdf":                             ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:index_xlsx":                            ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:player":                                ("player",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:competitions":                          ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:competition":                           ("competition",  "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:awards":                                ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "register:enter_variant":                         ("-",            "login login", "200 200",     "200 200",     "200 200",     "403 403"),
    "register:withdraw_variant":                      ("variant win",  "login login", "200 200",     "200 200",     "200 200",     "403 403"),

    # The read-only API (GET, HEAD, OPTIONS).
    "api:index":                                      ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:openapi":                                    ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:seasons":                                    ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:season":                                     ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:championship":                               ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:cup":                                        ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:grand_prix":                                 ("gp",           "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:free_games":                                 ("season",       "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:team":                                       ("team",         "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:match":                                      ("confirmed",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "api:register":                                   ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),

    # Certificates and calendars: public downloads.
    "certificates:cup_award":                         ("cup award",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    # A Championship place is certified once its season is closed (test_certificates.py); the world's runs.
    "certificates:championship":                      ("team",         "404 405",     "404 405",     "404 405",     "404 405",     "404 405"),
    "certificates:cup":                               ("cup winner",   "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "certificates:grand_prix":                        ("gp winner",    "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "calendars:team":                                 ("team",         "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "calendars:competition":                          ("championship", "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),

    # The guide (Súgó): anyone reads it, before their first login too.
    "guide:index":                                    ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "guide:section":                                  ("guide",        "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),

    # The online table: anyone watches; organisers and the chief jury open tables (an empty form is refused); the
    # organiser who opened the table runs it (resuming a table being played is refused); a seat opens from its link:
    # the join page, asked for just before, keeps the seat in a session, so the logged-in people then see the seat.
    "table:index":                                    ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "table:open":                                     ("-",            "login login", "405 403",     "405 403",     "405 400",     "405 400"),
    "table:manage":                                   ("table",        "login login", "403 405",     "403 405",     "403 405",     "200 405"),
    "table:act":                                      ("table",        "login login", "405 403",     "405 403",     "405 403",     "405 400"),
    "table:join":                                     ("table",        "302 405",     "302 405",     "302 405",     "302 405",     "302 405"),
    "table:play":                                     ("table",        "403 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "table:watch":                                    ("table",        "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    # The big screens of every table and of an event's, and a table's score so far: public. A hand is replayed
    # once it is finished (the world's table has played none); a free game's replays are public.
    "table:board_all":                                ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "table:board":                                    ("table",        "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "table:scores":                                   ("table",        "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "table:replay":                                   ("table",        "404 405",     "404 405",     "404 405",     "404 405",     "404 405"),
    "feeds:site":                                     ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "feeds:team":                                     ("team",         "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "feeds:competition":                              ("championship", "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "sitemap":                                        ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "robots_txt":                                     ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
    "web_manifest":                                   ("-",            "200 405",     "200 405",     "200 405",     "200 405",     "200 405"),
}


# --- the world ---------------------------------------------------------------------------------------

YEAR = 2025
MARCH = datetime.date(YEAR, 3, 1)
STUB_PDF = b"%PDF-1.7 (not laid out)"


def build_world():
    """A season with every kind of object the URLs take ids of, the five people's sessions, and
    ``subjects``: for each name a line of ACCESS uses, the values of the URL arguments it gives
    (and ``post``, what a POST about it carries)."""
    people = [None, make_user("jury", username="juror"), make_user("jury", username="second"),
              make_user("chief", username="chief", is_staff=True), make_user("organiser", username="organiser")]
    juror = people[1]
    season = make_season(YEAR, cup_thresholds="1,2")
    championship = make_competition(season=season, name="Csapatbajnokság 2025", slug="championship")
    teams = [make_team(f"Team {n:02d}", season=season) for n in range(4)]
    team_a, team_b, team_c, team_d = teams

    def played(a, b, competition, **extra):
        return make_match(a, b, competition, hand_records=eight_hand_records(), user=juror, confirmed=True, **extra)

    # The Championship: a match in each state of its life, those with hands entered by the juror.
    scheduled = make_match(team_a, team_b, championship, played_on=MARCH)
    in_entry = make_match(team_c, team_d, championship, played_on=MARCH)
    matches.record_match(in_entry, eight_hand_records()[:3], user=juror, draft=True)
    drafts.keep(in_entry, 4, {"a_trumps": "12"}, juror)
    submitted = make_match(team_a, team_c, championship, hand_records=eight_hand_records(), user=juror)
    confirmed = played(team_b, team_d, championship)

    # The Cup: four teams drawn, both semi-finals and the final played, every medal decided.
    the_cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    for team in teams:
        cup.enter_team(the_cup, team, on=datetime.date(YEAR, 8, 25))
    cup.make_draw(the_cup, seed="access")
    for round_ in (CupTie.Round.SEMI_FINAL, CupTie.Round.FINAL):
        for tie in CupTie.objects.filter(competition=the_cup, round=round_).select_related("team_a", "team_b"):
            for _ in range(3):
                played(tie.team_a, tie.team_b, the_cup, cup_tie=tie)
    final = CupTie.objects.get(competition=the_cup, round=CupTie.Round.FINAL)

    # A Grand Prix with a match confirmed and one scheduled (which may still be taken off the calendar),
    # and one confirmed blind, whose submitted match awaits the chief jury's own typing.
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, name="Nagydíj Szeged", slug="szeged",
                             starts=datetime.date(YEAR, 6, 14))
    for team in teams:
        grand_prix.enter_team(event, team)
    played(team_a, team_b, event)
    gp_scheduled = make_match(team_c, team_d, event)
    blind_event = make_competition(Competition.Kind.GRAND_PRIX, season=season, name="Nagydíj Debrecen",
                                   slug="debrecen", blind_confirmation=True)
    for team in (team_a, team_b):
        GrandPrixEntry.objects.create(competition=blind_event, team=team)
    blind = make_match(team_a, team_b, blind_event, hand_records=eight_hand_records(), user=juror)

    # Free games; the register: a trophy won in Emperor Tarokk, and the cups the season's thresholds award.
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=season)
    record_free_game(free_games, played_on=MARCH, kind=FreeGame.Kind.TRAINING,
                     points={make_player("Free Player"): 3, team_a.driver: 1})
    variant_win, *_others = register.enter_variant_trophy(
        player=team_a.driver, trophy="royal", variant=TrophyWin.Variant.EMPEROR, won_on=MARCH, user=juror)
    award = CupAward.objects.filter(withdrawn_on__isnull=True).order_by("pk").first()
    online_table, seat_links = tables.open_table(user=people[4], free_games=free_games, seed=1, players={
        seat: player for seat, player in zip(tables.SEATS, (team_a.driver, team_a.catcher, team_b.driver,
                                                            team_b.catcher), strict=True)})

    # The admin's logs of logins: a locked one, a login, a failure.
    login = {"ip_address": "203.0.113.9", "user_agent": "x", "http_accept": "*/*", "path_info": "/accounts/login/"}
    attempt = AccessAttempt.objects.create(username="forgetful", get_data="", post_data="", failures_since_start=5,
                                           **login)
    access_log = AccessLog.objects.create(username="chief", **login)
    failure_log = AccessFailureLog.objects.create(username="forgetful", **login)

    champion = first_place(standings.championship(season).rows)
    subjects = {
        "-": {},
        "season": {"year": YEAR} | in_admin(season),
        "word": {"kind": "feast", "key": "pheasant"},
        "guide": {"section": "jury"},
        "scheduled": about_match(scheduled),
        "in entry": about_match(in_entry, hand=4),
        "team link": {"link": TeamLink.objects.create(match=in_entry, side="A", issued_by=juror).token, "number": 2},
        "submitted": about_match(submitted),
        "confirmed": about_match(confirmed) | in_admin(confirmed),
        "blind": about_match(blind),
        "gp scheduled": about_match(gp_scheduled),
        "team": {"year": YEAR, "team_id": champion} | in_admin(teams[[team.pk for team in teams].index(champion)]),
        "player": {"pk": team_a.driver_id} | in_admin(team_a.driver),
        "competition": {"pk": championship.pk} | in_admin(championship),
        "championship": {"year": YEAR, "slug": championship.slug},
        "gp": {"year": YEAR, "slug": event.slug},
        "gp winner": {"year": YEAR, "slug": event.slug, "team_id": first_place(standings.grand_prix(event))},
        "cup winner": {"year": YEAR, "team_id": final.winner_id},
        "cup tie": in_admin(final),
        "variant win": {"pk": variant_win.pk},
        "cup award": {"pk": award.pk},
        "table": {"pk": online_table.pk, "action": "resume", "secret": seat_links["A.driver"], "number": 1,
                  "competition": free_games.pk},
        "group": in_admin(Group.objects.get(name="Jury")),
        "user": in_admin(juror) | {"user_id": juror.pk},
        "attempt": in_admin(attempt) | {"attempt_id": attempt.pk},
        "access log": in_admin(access_log),
        "failure log": in_admin(failure_log),
        "app": {"app_label": "tournaments"},
        "no page": {"url": "no/such/page/"},
        "reset link": {"uidb64": "MQ", "token": "set-password"},
        "on site": {"content_type_id": ContentType.objects.get_for_model(team_a).pk, "object_id": team_a.pk},
    }
    return SimpleNamespace(sessions=dict(zip(ROLES, map(session_of, people), strict=True)), subjects=subjects)


def first_place(rows):
    """The team placed first in a table of the standings (a certificate's real id)."""
    return next(row.team_id for row in rows if row.place == 1)


def about_match(match, hand=1):
    match.refresh_from_db()
    return {"pk": match.pk, "match_id": match.pk, "year": YEAR, "number": hand,
            "post": {"version": match.version, "comment": "Hand 3: check the honours."}}


def in_admin(obj):
    """The admin's arguments for the object: its id, and its first history record's (django-simple-history)."""
    subject = {"object_id": obj.pk, "id": obj.pk}
    history = getattr(obj, "history", None)
    if history is not None:
        subject["args"] = [obj.pk, history.order_by("history_id").first().history_id]
    return subject


def session_of(user):
    if user is None:
        return None
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.fixture
def world(monkeypatch):
    monkeypatch.setattr(weasyprint.HTML, "write_pdf", lambda self, *args, **kwargs: STUB_PDF)
    monkeypatch.setattr(weasyprint.HTML, "render",
                        lambda self, *args, **kwargs: SimpleNamespace(write_pdf=lambda *args, **kwargs: STUB_PDF))
    return build_world()


# --- the URL patterns --------------------------------------------------------------------------------

Pattern = namedtuple("Pattern", "key name route keywords positional view")


def url_patterns(patterns=None, namespace="", route="", keywords=()):
    """Every pattern of the site: its key in ACCESS (its name, or its route when it has none), its
    name for reverse(), its whole route, the arguments it takes, whether they are positional, its view."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    for pattern in patterns:
        here = route + str(pattern.pattern)
        names = tuple(keywords) + tuple(arguments_of(pattern.pattern))
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from url_patterns(pattern.url_patterns, inner, here, names)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}{pattern.name}" if pattern.name else None
            positional = isinstance(pattern.pattern, RegexPattern) and pattern.pattern.regex.groups > len(names)
            yield Pattern(name or here, name, here, names, positional, pattern.callback)


def arguments_of(pattern):
    if isinstance(pattern, RegexPattern):
        return list(pattern.regex.groupindex)
    return list(pattern.converters)


def patterns_by_key():
    return {pattern.key: pattern for pattern in url_patterns()}


def url_of(pattern, subject_name, subjects):
    """The pattern's URL with the ids of the subject."""
    subject = subjects[subject_name]
    if pattern.positional:
        return reverse(pattern.name, args=subject["args"])
    missing = [keyword for keyword in pattern.keywords if keyword not in subject]
    assert not missing, f"{pattern.key}: the subject {subject_name!r} gives no {', '.join(missing)}"
    kwargs = {keyword: subject[keyword] for keyword in pattern.keywords}
    if pattern.name is not None:
        return reverse(pattern.name, kwargs=kwargs)
    # A pattern without a name: its route, with the values put in.
    route = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda found: str(kwargs[found.group(1)]), pattern.route)
    route = re.sub(r"<(?:\w+:)?(\w+)>", lambda found: str(kwargs[found.group(1)]), route)
    return "/" + route.replace("^", "").replace("$", "")


def table_lines(patterns=None):
    """Each line of ACCESS: key, pattern key, subject, and the expected answers by role and method
    (only the lines of the ``patterns`` given: those of a gone pattern are another test's failure)."""
    for key, (subject, *cells) in ACCESS.items():
        if patterns is not None and key.partition("@")[0] not in patterns:
            continue
        answers = {}
        for role, cell in zip(ROLES, cells, strict=True):
            answers[role, "GET"], answers[role, "POST"] = cell.split()
        yield key, key.partition("@")[0], subject, answers


# --- asking, and reading the answer ----------------------------------------------------------------

WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?(\w+)', re.IGNORECASE)
NOT_FACTS = {"django_session"}


@contextmanager
def writes_seen():
    """The tables written to inside the block (sessions apart)."""
    tables = set()

    def watch(execute, sql, params, many, context):
        found = WRITE.match(sql)
        if found and found.group(1).lower() not in NOT_FACTS:
            tables.add(found.group(1).lower())
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield tables


def facts():
    """Every row of every table but the sessions."""
    return {model._meta.db_table: list(model._base_manager.order_by("pk").values_list())
            for model in apps.get_models() if model._meta.db_table not in NOT_FACTS}


def ask(client, method, url, data, world_facts):
    """One request, in a savepoint rolled back after it: the response, and the tables it changed."""
    changed = []
    with transaction.atomic():
        with writes_seen() as written:
            response = client.get(url) if method == "GET" else client.post(url, data)
        if written:
            now = facts()
            changed = sorted(table for table in now if now[table] != world_facts[table])
        transaction.set_rollback(True)
    return response, changed


def client_of(session, **options):
    client = Client(raise_request_exception=False, **options)
    if session:
        client.cookies[settings.SESSION_COOKIE_NAME] = session
    return client


def answer_of(response):
    """The answer as ACCESS writes it (without the ``*``)."""
    if response.status_code == 302:
        location = response["Location"]
        if location.startswith(reverse("admin:login") + "?next="):
            return "admin"
        if location.startswith(reverse("login") + "?next="):
            return "login"
    return str(response.status_code)


def what_is_wrong(response, changed, expected):
    """What differs from the expected answer, in words (None when nothing does)."""
    answer = answer_of(response) + ("*" if changed else "")
    problems = []
    if answer != expected:
        problems.append(f"expected {expected}, got {answer}")
    if response.status_code == 500:
        problems.append(f"a server error: {response.exc_info[1]!r}" if response.exc_info else "a server error")
    if response.status_code == 403 and b"Not allowed" not in response.content:
        problems.append("a 403 that does not say why")
    if changed and not expected.endswith("*"):
        problems.append("changed " + ", ".join(changed))
    return "; ".join(problems) or None


# --- the tests ----------------------------------------------------------------------------------------


def test_every_url_pattern_has_a_line_in_the_table():
    written = {pattern_key for _key, pattern_key, _subject, _answers in table_lines()}
    missing = [f"add {pattern.key!r} (/{pattern.route}) to ACCESS" for pattern in url_patterns()
               if pattern.key not in written]
    assert not missing, "URL patterns without their answers:\n" + "\n".join(missing)


def test_every_line_of_the_table_names_a_url_pattern():
    known = patterns_by_key()
    gone = [f"{key!r}: no such URL pattern now; take its line out of ACCESS"
            for key, pattern_key, _subject, _answers in table_lines() if pattern_key not in known]
    assert not gone, "\n".join(gone)


def test_every_role_gets_the_answer_the_table_gives(world):
    patterns, world_facts = patterns_by_key(), facts()
    wrong = []
    for key, pattern_key, subject, expected in table_lines(patterns):
        url = url_of(patterns[pattern_key], subject, world.subjects)
        for role in ROLES:
            for method in ("GET", "POST"):
                data = world.subjects[subject].get("post", {})
                response, changed = ask(client_of(world.sessions[role]), method, url, data, world_facts)
                problem = what_is_wrong(response, changed, expected[role, method])
                if problem:
                    wrong.append(f"{key} ({url}), {role}, {method}: {problem}")
    assert not wrong, f"{len(wrong)} answers differ from ACCESS:\n" + "\n".join(wrong)


def test_a_post_without_the_csrf_token_is_refused_everywhere(world):
    """With the CSRF check on (as in a browser), a POST without the token is refused before any
    view, logged in or not; only the API is exempt, and it answers POST with 405."""
    patterns, world_facts = patterns_by_key(), facts()
    api = {key for key in patterns if key.startswith("api:")}
    assert {key for key, pattern in patterns.items() if getattr(pattern.view, "csrf_exempt", False)} == api
    wrong = []
    for key, pattern_key, subject, _expected in table_lines(patterns):
        url = url_of(patterns[pattern_key], subject, world.subjects)
        for role in ("anonymous", "organiser"):
            client = client_of(world.sessions[role], enforce_csrf_checks=True)
            response, changed = ask(client, "POST", url, world.subjects[subject].get("post", {}), world_facts)
            expected = 405 if pattern_key in api else 403
            if response.status_code != expected or changed or not response.content and expected == 403:
                wrong.append(f"{key} ({url}), {role}: expected {expected}, got {response.status_code}"
                             + (f", changed {', '.join(changed)}" if changed else ""))
    assert not wrong, "\n".join(wrong)

