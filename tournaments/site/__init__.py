"""The site as it is served: the settings (development, production, the environment's values),
WSGI and ASGI, the middleware (the public page cache, the Permissions-Policy header), the login
lock's page, production logging and date formats. Nothing of the site imports it."""
