"""Workbooks the association's people fill in by hand: a match's score sheet and a season's
roster of teams and players. Each is downloaded from the site, filled in a spreadsheet program
and uploaded again; an upload is checked cell by cell and saved all at once or not at all."""
