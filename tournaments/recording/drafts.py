"""Hands as the juror typed them, kept on the server while they are typed (tournaments.core.models.HandDraft).

An entry draft is what the entry page shows for a hand until the hand is stored: the juror's
characters exactly, with their problems, so a closed tab or a lost connection loses nothing. A
blind draft is a confirming juror's own typing of a submitted match (blind confirmation)."""

from tournaments.core.models import HandDraft

ENTRY = HandDraft.Purpose.ENTRY
BLIND = HandDraft.Purpose.BLIND
DRAFT_OF = ["match", "purpose", "number", "user"]  # one draft a hand and juror (one_draft_a_hand_a_juror)


def keep(match, number: int, fields: dict, user, purpose=ENTRY) -> HandDraft:
    """Store what is typed of one hand (one row a hand and juror, replaced at each keep): one
    INSERT that replaces the row already there (ON CONFLICT on the row's unique constraint),
    where a look-up and then an INSERT or UPDATE took four to six statements every few seconds."""
    draft = HandDraft(match=match, number=number, purpose=purpose, user=user, fields=storable(fields))
    HandDraft.objects.bulk_create([draft], update_conflicts=True, unique_fields=DRAFT_OF,
                                  update_fields=["fields", "updated_at"])
    return draft


def storable(fields: dict) -> dict:
    """The typed fields without NUL characters, which no keyboard types and PostgreSQL's JSON cannot
    hold (the refused hand's other characters are kept as typed)."""
    return {name: value.replace("\x00", "") if isinstance(value, str) else value for name, value in fields.items()}


def of_match(match, purpose=ENTRY, user=None) -> dict[int, HandDraft]:
    """The latest draft of each hand (of ``user``'s only, when given). Its juror is not read: the
    pages show a draft's typing and time, never who typed it."""
    drafts = HandDraft.objects.filter(match=match, purpose=purpose).order_by("updated_at")
    if user is not None:
        drafts = drafts.filter(user=user)
    return {draft.number: draft for draft in drafts}


def discard(match, number: int | None = None, purpose=ENTRY, user=None) -> None:
    """Forget the drafts of a hand once it is stored (of every hand when ``number`` is None)."""
    drafts = HandDraft.objects.filter(match=match, purpose=purpose)
    if number is not None:
        drafts = drafts.filter(number=number)
    if user is not None:
        drafts = drafts.filter(user=user)
    drafts.delete()
