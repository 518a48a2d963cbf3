"""The guide's screenshots (`make guide-screenshots`): the real pages of a freshly built demo season,
in Hungarian, as each user sees them, taken by Chromium (headless, through Playwright) at 1024 px and
saved where the guide shows them (tournaments/pages/static/tournaments/guide/).

Run it again whenever a page the guide shows changes. It builds its own database, cache and server
in a temporary folder, so the developer's database is not touched; a picture whose pixels have not
changed is not rewritten, so a second run leaves the files as they are. The pictures are reduced to
256 colours and optimised: a few tens of kilobytes each.

    python -m tools.guide_screenshots [--only jury-entry.png ...] [--chromium /usr/bin/chromium]
"""

import argparse
import io
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tournaments" / "pages" / "static" / "tournaments" / "guide"
VIEWPORT = {"width": 1024, "height": 768}
COLOURS = 256


@dataclass(frozen=True)
class Shot:
    name: str
    user: str | None  # None: the public
    path: str
    blind: bool = False  # the Championship asks for blind confirmation when this one is taken


def shots() -> list[Shot]:
    """The pages the guide shows, with the demo's values (read from the database being served)."""
    from django.urls import reverse

    from tournaments.core.models import Competition, Match, Season

    year = Season.objects.order_by("-year").values_list("year", flat=True).first()
    championship = Match.objects.filter(competition__kind=Competition.Kind.CHAMPIONSHIP).order_by("pk")
    being_entered = championship.filter(state=Match.State.IN_ENTRY, entered_by__username="jury1").first() \
        or championship.filter(state=Match.State.IN_ENTRY).first()
    awaiting = championship.filter(state=Match.State.ENTERED).exclude(entered_by__username="chief").first()
    grand_prix = Competition.objects.filter(season__year=year, kind=Competition.Kind.GRAND_PRIX).order_by("pk").first()
    return [
        Shot("jury-home.png", "jury1", reverse("jury:home")),
        Shot("jury-entry.png", "jury1", reverse("jury:match", args=[being_entered.pk])),
        Shot("chief-confirm.png", "chief", reverse("jury:match", args=[awaiting.pk]) + "#match-actions-title"),
        Shot("jury-blind.png", "chief", reverse("jury:blind", args=[awaiting.pk]), blind=True),
        Shot("organiser-season.png", "organiser", reverse("competitions:season_admin", args=[year])),
        Shot("organiser-cup.png", "organiser", reverse("competitions:cup_admin", args=[year])),
        Shot("organiser-grand-prix.png", "organiser",
             reverse("competitions:grand_prix_admin", args=[year, grand_prix.slug])),
        Shot("organiser-words.png", "organiser", reverse("competitions:words")),
        Shot("organiser-accounts.png", "organiser", reverse("accounts:index")),
        Shot("player-championship.png", None, reverse("public:championship", args=[year])),
        Shot("player-table.png", None, reverse("table:index")),
    ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(folder: Path) -> dict:
    """A database, a page cache and a language of their own; the site's settings otherwise."""
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env.update({"DATABASE_URL": f"sqlite:///{folder / 'demo.sqlite3'}", "CACHE_DIR": str(folder / "cache"),
                "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "tournaments.site.settings"})
    return env


def build_demo(env: dict) -> None:
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "demo"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def serve(env: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("The demo server did not start.")


def ask_for_blind_confirmation(wanted: bool) -> None:
    """The demo has no competition asking for blind confirmation: its Championship asks for it while
    the blind confirmation page is taken (in this throwaway database only)."""
    from tournaments.core.models import Competition

    Competition.objects.filter(kind=Competition.Kind.CHAMPIONSHIP).update(blind_confirmation=wanted)


def log_in(context, base: str, user: str) -> None:
    """A session for the user, made as the login would make it but without logging in: the users'
    last login stays as the demo left it, so the accounts page looks the same at every run."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model, load_backend
    from django.contrib.sessions.backends.base import SessionBase
    from django.utils.module_loading import import_string

    account = get_user_model().objects.get(username=user)
    store: SessionBase = import_string(f"{settings.SESSION_ENGINE}.SessionStore")()
    store[SESSION_KEY] = str(account.pk)
    store[BACKEND_SESSION_KEY] = next(path for path in settings.AUTHENTICATION_BACKENDS
                                      if hasattr(load_backend(path), "get_user"))  # as the test client's login
    store[HASH_SESSION_KEY] = account.get_session_auth_hash()
    store.create()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": base}])


def optimised(png: bytes):
    """The picture in 256 colours: screenshots of pages have few, and the file shrinks several times."""
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE)


def same_pixels(path: Path, picture) -> bool:
    from PIL import Image, ImageChops

    if not path.exists():
        return False
    with Image.open(path) as stored:
        old, new = stored.convert("RGB"), picture.convert("RGB")
        return old.size == new.size and ImageChops.difference(old, new).getbbox() is None


def take(shot: Shot, browser, base: str) -> tuple[str, int]:
    context = browser.new_context(viewport=VIEWPORT, locale="hu-HU", device_scale_factor=1,
                                  extra_http_headers={"Accept-Language": "hu"})
    try:
        if shot.user:
            log_in(context, base, shot.user)
        tab = context.new_page()
        tab.goto(base + shot.path, wait_until="networkidle")
        if "#" in shot.path:
            tab.locator("#" + shot.path.split("#", 1)[1]).scroll_into_view_if_needed()
        picture = optimised(tab.screenshot(animations="disabled", caret="hide"))
    finally:
        context.close()
    path = OUT / shot.name
    if same_pixels(path, picture):
        return "unchanged", path.stat().st_size
    picture.save(path, optimize=True)
    return "written", path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=None, help="the file names to take (all by default)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="guide-screenshots-") as folder:
        env = environment(Path(folder))
        build_demo(env)
        os.environ.update(env)
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's loop runs in this thread
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        server = serve(env, port := free_port())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
                for shot in shots():
                    if options.only and shot.name not in options.only:
                        continue
                    ask_for_blind_confirmation(shot.blind)
                    outcome, size = take(shot, browser, f"http://127.0.0.1:{port}")
                    print(f"{shot.name}: {outcome}, {size // 1024} KB")
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
