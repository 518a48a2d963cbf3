"""The read layer: the rows of every standing, the front page's digest, a player's career and the
trophy register, as the pages, their PDF and spreadsheet copies, the API and the certificates
show them. It imports only the core, never the door."""
