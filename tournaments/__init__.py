"""The Royal Tarokk tournament manager. Its folders are its layers, each importing only those below
it (import-linter checks it: pyproject.toml): site (settings and serving), pages, then recording
(the door every fact enters by) and reads (the read layer), which never import each other, then
core (models, the bridge to scoring/, the rules that need the database)."""
