"""What the tests of a closed season (R21) share: closing it as the tests' data stands, the door's
refusal as text, and R21's one sentence."""

import pytest

from tournaments.core.models import Season
from tournaments.core.refusals import Refused


def close(season) -> Season:
    """``season`` closed where it stands, none of closing's checks run (the tests build what a
    closed season holds, a scheduled match among it)."""
    Season.objects.filter(pk=season.pk).update(state=Season.State.CLOSED)
    season.refresh_from_db()
    return season


def closed(field: str, year: int = 2025) -> str:
    """R21's one sentence, whichever fact and way in."""
    return (f"{field}: the {year} season is closed, and a closed season's facts are final; only the chief jury "
            "may correct a confirmed match, with a reason; R21.")


def refusal(action, *args, **kwargs) -> str:
    """The text of the refusal ``action(*args, **kwargs)`` meets (it must meet one)."""
    with pytest.raises(Refused) as refused:
        action(*args, **kwargs)
    return refused.value.text
