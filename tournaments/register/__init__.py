"""The national trophy register and its cups (R20): kept in step with the matches (sync), read
for the pages and their copies (standings); the jury's forms, the pages and their addresses."""

from .standings import national_register, points_over_time
from .sync import enter_variant_trophy, rederive, sync_match, withdraw_variant_trophy

__all__ = ["enter_variant_trophy", "national_register", "points_over_time", "rederive", "sync_match",
           "withdraw_variant_trophy"]
