"""The core: the models and their migrations (the Django app, label ``tournaments``), the bridge to
the rules engine (scoring/), the competitions' rules that need the database, the trophy register
kept in step with the matches, refusals, roles and permissions, the public data version, system
checks. It imports nothing of the layers above it."""
