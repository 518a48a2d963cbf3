"""Who changed a row and why, for the models' history (django-simple-history)."""


def stamp(instance, user, reason: str) -> None:
    """Name the user and the reason of the next ``save()`` or ``delete()`` of ``instance``; its
    history row carries them."""
    instance._history_user = user
    instance._change_reason = reason
