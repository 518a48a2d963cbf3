"""Players' names as plain text (the PDFs, the spreadsheets, the certificates): two different
players who share a name in one table are told apart by their membership numbers, as the pages
tell them apart (tournaments.pages.people)."""


def shared_names(players) -> frozenset[str]:
    """The names borne by more than one of ``players`` (None is skipped)."""
    ids_by_name: dict[str, set[int]] = {}
    for player in players:
        if player is not None:
            ids_by_name.setdefault(player.name, set()).add(player.pk)
    return frozenset(name for name, ids in ids_by_name.items() if len(ids) > 1)


def name_text(player, shared=frozenset()) -> str:
    """The player's name, with the membership number when another player in view has the same name:
    "Kis Béla (T00012)"."""
    if player is None:
        return ""
    if player.name in shared:
        return f"{player.name} ({player.membership_number})"
    return player.name


def team_members(teams):
    """Every player of ``teams`` (loaded with their players)."""
    return [player for team in teams for player in (team.driver, team.catcher, team.substitute) if player]
