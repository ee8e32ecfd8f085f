"""`snowdonia serve`: the web app on uvicorn (picked up by cli._register_optional)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        database_url: str = typer.Option(
            None, "--database-url", envvar="SNOWDONIA_DATABASE_URL",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db. "
                 "Default: a SQLite file in the user's data folder.",
        ),
    ) -> None:
        """Play Snowdonia in the browser: create games, share seat links, watch, replay."""
        import uvicorn

        from snowdonia.store.db import default_database_url
        from snowdonia.web.app import create_app

        url = database_url or default_database_url()
        typer.echo(f"Snowdonia on http://{host}:{port}  (database: {_safe(url)})")
        uvicorn.run(create_app(url), host=host, port=port, log_level="info")


def _safe(url: str) -> str:
    """The database URL without its password, for the console."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
