"""The pages: the jury's entry, the public pages, their printed and spreadsheet copies with the
certificates and calendars, the API, the workbooks, the competitions' and the register's pages,
the admin, the management commands and the site's addresses (urls). A Django app of its own
(apps.py) for what Django finds in an app: the admin, the commands, the template tags and the
static files."""
