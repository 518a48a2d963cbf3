"""Date formats per language, before Django's own (FORMAT_MODULE_PATH). Hungarian keeps Django's
("2026. június 14."); English pages show ISO dates, which read the same to every English reader."""
