"""The national trophy register and its cups (R20), kept in step with the matches (sync). The
pages and their copies read it through tournaments.reads.register; the register's pages are
tournaments.pages.register."""

from .sync import enter_variant_trophy, rederive, sync_match, withdraw_variant_trophy

__all__ = ["enter_variant_trophy", "rederive", "sync_match", "withdraw_variant_trophy"]
