"""The organisers' accounts pages: the users and their roles, invitations by a one-time link,
roles set and removed, users deactivated, locked logins lifted; and the invited person's page that
sets their password (tournaments.manage_accounts, the Organiser group's)."""
