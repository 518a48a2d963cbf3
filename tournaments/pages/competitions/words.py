"""The association's words on the organisers' pages (permission tournaments.organise): every term of
the catalogue (tournaments.core.words) with its Hungarian and international names and short forms,
each changed on its own page, checked so that no short form names two things read in the same
place, and kept in a history (who, when, before, after)."""

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core import words
from tournaments.core.models import WordOverride
from tournaments.core.models.history import stamp
from tournaments.core.roles import organisers_only

KIND_NAMES = {
    words.FEAST: gettext_lazy("Feasts and messages"), words.PREMIUM: gettext_lazy("Silent premiums"),
    words.ROLE: gettext_lazy("Seat roles"), words.SUIT: gettext_lazy("Suits"), words.RANK: gettext_lazy("Ranks"),
    words.TRUMP: gettext_lazy("Trumps"), words.RESULT: gettext_lazy("Results"),
    words.CONTRA: gettext_lazy("Contra"),
}
# GLOSSARY-hu.md: these are the IIII and V trumps and the words for four- and five-card suits.
RESERVED = ("negyes", "otos")


class WordForm(forms.Form):
    hungarian = forms.CharField(label=gettext_lazy("Hungarian name"), max_length=60)
    international = forms.CharField(label=gettext_lazy("International name"), max_length=60)
    short_forms = forms.CharField(label=gettext_lazy("Short forms, separated by commas"), max_length=300,
                                  required=False)

    def __init__(self, *args, term, **kwargs):
        self.term = term
        super().__init__(*args, **kwargs)

    def clean_hungarian(self):
        return self._checked("hungarian", [self.cleaned_data["hungarian"].strip()])[0]

    def clean_international(self):
        return self._checked("international", [self.cleaned_data["international"].strip()])[0]

    def clean_short_forms(self):
        forms_ = list(dict.fromkeys(form.strip() for form in self.cleaned_data["short_forms"].split(",")
                                    if form.strip()))
        return self._checked("short_forms", forms_)

    def _checked(self, field, spellings):
        for spelling in spellings:
            if any(reserved in words.fold(spelling) for reserved in RESERVED):
                raise forms.ValidationError(
                    _("“%(word)s”: “négyes” and “ötös” are the IIII and V trumps and the words for four- and "
                      "five-card suits; they name nothing else") % {"word": spelling}, code="reserved")
            if self.term.kind == words.SUIT and field == "short_forms" and len(spelling) == 1 and spelling.isalpha():
                raise forms.ValidationError(
                    _("“%(word)s”: a single letter never names a suit (k is kőr, káró or király; t is treff or "
                      "tarokk)") % {"word": spelling}, code="single_letter_suit")
        for spelling, other in words.clashes(self.term.kind, self.term.key, spellings).items():
            raise forms.ValidationError(
                _("“%(word)s” already names %(other)s (%(kind)s); a short form names one thing only")
                % {"word": spelling, "other": other.hungarian, "kind": KIND_NAMES[other.kind]}, code="clash")
        return spellings


def _term(kind, key):
    found = words.term(kind, key) if kind in words.KINDS else None
    if found is None:
        raise Http404(_("No such word."))
    return found


def _spelt(term) -> dict:
    return {"hungarian": term.hungarian, "international": term.international, "short_forms": ", ".join(term.short)}


@organisers_only
def word_list(request):
    """Every term, kind by kind, as the catalogue has it now (no query: the shared cache)."""
    kinds = [(kind, KIND_NAMES[kind], words.terms(kind)) for kind in words.KINDS]
    return render(request, "competitions/words.html", {"kinds": kinds})


@organisers_only
def word_edit(request, kind, key):
    term = _term(kind, key)
    form = WordForm(request.POST or None, term=term, initial=_spelt(term))
    if form.is_bound and form.is_valid():
        _save(request, term, form.cleaned_data)
        messages.success(request, _("Saved: %(name)s.") % {"name": form.cleaned_data["hungarian"]})
        return redirect("competitions:words")
    return render(request, "competitions/word_form.html", {
        "form": form, "term": term, "kind_name": KIND_NAMES[kind], "history": _history(kind, key),
        "default": words.default(kind, key)})


def _save(request, term, data):
    with transaction.atomic():
        override = WordOverride.objects.filter(kind=term.kind, key=term.key).first() or WordOverride(
            kind=term.kind, key=term.key)
        override.hungarian, override.international = data["hungarian"], data["international"]
        override.short_forms = data["short_forms"]
        stamp(override, request.user, _("Word changed"))
        override.save()
        # In the transaction, before the public data version its save moved is committed: no page of
        # that version is rendered with the old words; once more after the commit, for certain.
        words.refresh()
        transaction.on_commit(words.refresh)


def _history(kind, key) -> list[dict]:
    """Each change of the term, newest first: who, when, the names before and after."""
    rows = list(WordOverride.history.filter(kind=kind, key=key).select_related("history_user")
                .order_by("history_date", "history_id"))
    before = _spelt(words.default(kind, key))
    changes = []
    for row in rows:
        after = {"hungarian": row.hungarian, "international": row.international,
                 "short_forms": ", ".join(row.short_forms)}
        changes.append({"who": row.history_user, "when": row.history_date, "before": before, "after": after})
        before = after
    return changes[::-1]
