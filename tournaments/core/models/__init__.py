"""The app's models, one module per subject, each imported here so Django finds it."""

from .competitions import Competition, CupEntry, CupTie, FreeGame, FreeGameScore, GrandPrixEntry
from .history import stamp
from .matches import Announcement, Hand, HandDraft, Match, SilentPremium
from .people import Player, Season, Team
from .player_entry import PlayerHand, TeamLink
from .public_data import PublicData, PublicDataQuerySet, PublicDataVersion
from .tables import HANDS_AT_A_TABLE, Table, TableAction, TableSeat, hash_secret
from .trophies import CupAward, TrophyWin
from .words import WordOverride

__all__ = [
    "Announcement", "Competition", "CupAward", "CupEntry", "CupTie", "FreeGame", "FreeGameScore",
    "GrandPrixEntry", "Hand", "HandDraft", "Match", "Player", "PlayerHand", "PublicData", "PublicDataQuerySet",
    "PublicDataVersion", "Season", "SilentPremium", "Table", "TableAction", "TableSeat", "Team", "TeamLink",
    "TrophyWin",
    "WordOverride", "HANDS_AT_A_TABLE", "hash_secret", "stamp",
]
