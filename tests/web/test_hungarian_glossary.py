"""The Hungarian catalogue speaks the association's words (GLOSSARY-hu.md): no translation uses a word
the glossary refuses, the formal "Ön" is written with its capital, and a number is never given a
case ending the reader must guess ("nem 23-t")."""

import re

import polib

from tests.web.test_hungarian_catalogue import CATALOGUE

# The refused word (any case, but for the pronoun, whose capital is the point), and the glossary's own.
ANY_CASE = re.IGNORECASE
REFUSED = [
    (re.compile(r"szezon", ANY_CASE), "idény"),
    (re.compile(r"rájátsz", ANY_CASE), "szétjátszás (R16's two hands); a rájátszás is a play-off series"),
    (re.compile(r"vesztett", ANY_CASE), "bukott"),
    (re.compile(r"eredménylap", ANY_CASE), "jegyzőlap"),
    (re.compile(r"jegyzőkönyv", ANY_CASE), "jegyzőlap (the score sheet), mérkőzésadat-fájl (a match's JSON file)"),
    (re.compile(r"nagydíj", ANY_CASE), "Grand Prix-verseny"),
    (re.compile(r"\bön(é|nek|t|höz|nél|től)?\b"), "Ön, the formal pronoun, with its capital"),
    (re.compile(r"\bmutasd\b", ANY_CASE), "Mutassa, the formal imperative"),
    (re.compile(r"\bnem( pedig)? %\(\w+\)s-[a-z]+\b"), "nem pedig %(n)s: a number without a case ending"),
]


def translations():
    for entry in polib.pofile(str(CATALOGUE)).translated_entries():
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if text:
                yield entry.msgid, text


def test_no_translation_uses_a_word_the_glossary_refuses():
    found = [f"{msgid!r}: {text!r} (say {say})" for msgid, text in translations()
             for refused, say in REFUSED if refused.search(text)]
    assert found == []


def test_the_glossary_words_stand_where_the_issue_found_others():
    catalogue = {msgid: text for msgid, text in translations()}
    assert catalogue["tie-breaker"] == "szétjátszás"
    assert catalogue["lost"] == "bukott"
    assert catalogue["Show"] == "Mutassa"
    assert catalogue["Announced by %(n)s"] == "%(n)s. bemondó"
    assert catalogue["Download the score sheet (.xlsx)"] == "Jegyzőlap letöltése (.xlsx)"
    assert "nem pedig %(n)s" in catalogue["the two teams' trumps add up to 22 (one pack), not %(n)s"]
    assert "Grand Prix-verseny" in catalogue[
        "The organisers remove only matches of a Cup tie or a Grand Prix event from the calendar; the jury keeps the "
        "Championship's matches."]
