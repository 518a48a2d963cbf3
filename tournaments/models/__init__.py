"""The app's models, one module per subject, each imported here so Django finds it."""
