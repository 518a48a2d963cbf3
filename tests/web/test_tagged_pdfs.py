"""Every PDF the site serves is tagged (PDF/UA-1), so a screen reader can read the standings, with
its title and language: what `pdfinfo` (poppler-utils) reports of it."""

import io
import shutil
import subprocess

import pypdf
import pytest
from django.urls import reverse

from tests.factories import make_competition, make_match, make_user
from tests.web.test_outputs import championship_season, grand_prix
from tournaments.core.models import Competition

pytestmark = [pytest.mark.django_db, pytest.mark.skipif(shutil.which("pdfinfo") is None,
                                                         reason="pdfinfo (poppler-utils) is not installed")]


def pdfinfo(response, tmp_path) -> dict:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    path = tmp_path / "document.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in text.splitlines() if ":" in line) | {"raw": text}


def catalog_language(response):
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    return reader.trailer["/Root"].get("/Lang")


@pytest.mark.parametrize(("name", "language"), [("championship_pdf", "hu"), ("cup_pdf", "en")])
def test_the_standings_pdfs_are_tagged_with_their_title_and_language(client, tmp_path, settings, name, language):
    settings.LANGUAGE_CODE = language
    season, _teams = championship_season(teams=3)
    make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")

    response = client.get(reverse(f"public:{name}", args=[2025]))
    info = pdfinfo(response, tmp_path)

    assert info["Tagged"].strip() == "yes", info["raw"]
    assert info["Title"].strip() in ("Csapatbajnokság 2025", "Magyar Kupa 2025")
    assert info["Page size"].strip().startswith("595.") and "(A4)" in info["Page size"]
    assert str(catalog_language(response)) == language


def test_the_grand_prix_and_register_pdfs_are_tagged(client, tmp_path):
    event, _teams = grand_prix("Kings", "Owls")

    for url in (reverse("public:grand_prix_pdf", args=[2025, event.slug]), reverse("register:index_pdf")):
        assert pdfinfo(client.get(url), tmp_path)["Tagged"].strip() == "yes", url


def test_a_score_sheet_pdf_is_tagged(client, tmp_path):
    client.force_login(make_user("jury"))
    match = make_match()

    response = client.get(reverse("jury:score_sheet", args=[match.pk]))

    assert pdfinfo(response, tmp_path)["Tagged"].strip() == "yes"
