"""The organisers' season and competition pages on a phone, in Hungarian: none scrolls sideways at
390 px, and a season and a competition are made with the keyboard alone (the page opens on its
first field, Tab goes from field to field, Enter saves)."""

import datetime

from django.urls import reverse

from tests.browser.conftest import log_in
from tests.factories import PASSWORD, make_competition, make_season, make_team, make_user
from tournaments.core.competitions import cup
from tournaments.core.models import Competition, Season

PHONE = {"width": 390, "height": 844}


def signed_in(browser, live_server):
    make_user("organiser", username="organiser")
    page = browser.new_page(viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})
    log_in(page, live_server.url, "organiser", PASSWORD)
    return page


def test_the_organisers_pages_fit_a_phone_and_take_a_season_by_keyboard(browser, live_server):
    page = signed_in(browser, live_server)
    page.goto(live_server.url + reverse("competitions:season_new"))
    assert page.evaluate("document.activeElement.name") == "year"
    page.keyboard.type("2025")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert Season.objects.filter(year=2025).exists()

    page.goto(live_server.url + reverse("competitions:competition_new", args=[2025]))
    assert page.evaluate("document.activeElement.name") == "season"
    page.keyboard.press("Tab")
    page.keyboard.type("Cs")  # the kind: Csapatbajnokság
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "name"
    page.keyboard.type("Csapatbajnokság 2025 egy igen hosszú névvel, hogy a telefonon is elférjen")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    championship = Competition.objects.get()
    assert championship.slug.startswith("csapatbajnoksag-2025")

    the_cup = make_competition(Competition.Kind.CUP, season=make_season(2025), name="Magyar Kupa 2025", slug="kupa")
    for name in ("Tisza TK", "Duna TK"):
        cup.enter_team(the_cup, make_team(name), on=datetime.date(2025, 8, 25))
    urls = [reverse("competitions:index"), reverse("competitions:season_new"),
            reverse("competitions:season_admin", args=[2025]), reverse("competitions:season_edit", args=[2025]),
            reverse("competitions:competition_new", args=[2025]),
            reverse("competitions:competition_edit", args=[2025, championship.slug]),
            reverse("competitions:competition_edit", args=[2025, "kupa"]),
            reverse("competitions:cup_admin", args=[2025])]
    too_wide = []
    for url in urls:
        response = page.goto(live_server.url + url)
        assert response.status == 200, url
        width = page.evaluate("document.documentElement.scrollWidth")
        if width != PHONE["width"]:
            too_wide.append((width, url))
    assert too_wide == []
