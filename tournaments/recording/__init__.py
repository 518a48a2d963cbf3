"""The door: every fact (a hand, a match record, a state change) enters here, whatever the way in
(the entry pages, a score sheet, a record file, a restore): a match's life (matches), the hand
reader with the notation and the engine's problems in words, the drafts kept as typed, rescoring,
the backup and its restore. It imports only the core."""
