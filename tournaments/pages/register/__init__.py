"""The trophy register's pages (``/register/``): the national register, a player's points over
time and the cups awarded, public; a variant trophy entered or withdrawn by the jury (R20). The
register itself is tournaments.core.register's."""
