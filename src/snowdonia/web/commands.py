"""`snowdonia serve` (the web app on uvicorn) and `snowdonia db ...` (the database schema),
picked up by cli._register_optional.

The help is in the terminal's language (issue 23); what `serve` and `db` print while they run
(addresses, workers, schema revisions, uvicorn's log) stays English: it is the operator's log."""

from __future__ import annotations

import typer

from snowdonia.core.i18n import _


def register(app: typer.Typer) -> None:
    db = typer.Typer(no_args_is_help=True, help=_("The database schema: upgrade it, show where it is."))
    app.add_typer(db, name="db")
    url_option = typer.Option(None, "--database-url", envvar="SNOWDONIA_DATABASE_URL",
                              help=_("SQLAlchemy URL (default: the SQLite file `serve` uses)."))

    @db.command("upgrade", help=_("Migrate the database to the newest schema (once, under a lock; safe to run "
                                  "while servers start)."))
    def db_upgrade(database_url: str = url_option) -> None:
        """Migrate the database to the newest schema (once, under a lock; safe to run while
        servers start)."""
        from snowdonia.store import migrations
        from snowdonia.store.db import default_database_url

        url = database_url or default_database_url()
        try:
            changed = migrations.upgrade_url(url)
        except migrations.SchemaTooNew as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(1) from None
        typer.echo(f"{_safe(url)}: " + (f"upgraded ({', '.join(changed)})" if changed else "already current")
                   + f"; schema revision {migrations.head()}")

    @db.command("current", help=_("Print the schema revision of the database and the newest this version "
                                  "knows."))
    def db_current(database_url: str = url_option) -> None:
        """Print the schema revision of the database and the newest this version knows."""
        from snowdonia.store import migrations
        from snowdonia.store.db import default_database_url, make_engine

        engine = make_engine(database_url or default_database_url())
        try:
            with engine.connect() as c:
                at = migrations.current(c)
        finally:
            engine.dispose()
        typer.echo(f"database: {at or 'none (empty, or written before migrations)'}; newest: {migrations.head()}")
        if at != migrations.head():
            raise typer.Exit(1)

    @db.command("revision", help=_("For developers: write a new migration into "
                                   "src/snowdonia/store/migrations/versions, drafted from the difference between "
                                   "store/db.py's tables and the newest revision."))
    def db_revision(message: str = typer.Option(..., "-m", "--message", help=_("What the change is."))) -> None:
        """For developers: write a new migration into src/snowdonia/store/migrations/versions,
        drafted from the difference between store/db.py's tables and the newest revision."""
        from snowdonia.store import migrations

        script = migrations.new_revision(message)
        typer.echo(f"wrote {script.path}: read it, edit it, add a test (tests/web/test_migrations.py)")

    @app.command(help=_("Play in the browser: create games, share seat links, watch, replay."))
    def serve(
        host: str = typer.Option("127.0.0.1", help=_("Address to listen on.")),
        port: int = typer.Option(8000, help=_("Port to listen on.")),
        database_url: str = typer.Option(
            None, "--database-url", envvar="SNOWDONIA_DATABASE_URL",
            help=_("SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db. "
                 "Default: a SQLite file in the user's data folder."),
        ),
        workers: int = typer.Option(1, help=_("Worker processes (PostgreSQL only; SQLite is one process).")),
        allowed_hosts: str = typer.Option(
            None, "--allowed-hosts", envvar="SNOWDONIA_ALLOWED_HOSTS",
            help=_("Comma-separated Host names to answer ('*': any). Default: localhost names and --host.")),
        games_per_minute: int = typer.Option(None, envvar="SNOWDONIA_GAMES_PER_MINUTE",
                                             help=_("Games one client may create per minute (10).")),
        max_open_games: int = typer.Option(None, envvar="SNOWDONIA_MAX_OPEN_GAMES",
                                           help=_("Unfinished games per client (30).")),
        max_body_bytes: int = typer.Option(None, envvar="SNOWDONIA_MAX_BODY_BYTES", help=_("Request body limit (65536).")),
        bot_deadline_seconds: float = typer.Option(None, envvar="SNOWDONIA_BOT_DEADLINE_SECONDS",
                                                   help=_("Hard limit per bot move (5).")),
        ws_idle_seconds: float = typer.Option(None, envvar="SNOWDONIA_WS_IDLE_SECONDS",
                                              help=_("Close websockets idle this long (600).")),
        trust_proxy: bool = typer.Option(None, "--trust-proxy/--no-trust-proxy", envvar="SNOWDONIA_TRUST_PROXY",
                                         help=_("Believe X-Forwarded-For from any peer (prefer --trusted-proxies).")),
        trusted_proxies: str = typer.Option(
            None, "--trusted-proxies", envvar="SNOWDONIA_TRUSTED_PROXIES",
            help=_("Comma-separated proxy addresses or CIDRs whose X-Forwarded-For names the client.")),
    ) -> None:
        """Play in the browser: create games, share seat links, watch, replay."""
        import dataclasses
        import os

        import uvicorn

        from snowdonia.store.db import default_database_url
        from snowdonia.web.guard import GuardedHttpToolsProtocol
        from snowdonia.web.settings import ServerSettings

        url = database_url or default_database_url()
        sqlite = url.startswith("sqlite")
        if sqlite and workers > 1:
            typer.echo("SQLite serves one process only: use --workers 1, or PostgreSQL for several workers.", err=True)
            raise typer.Exit(2)
        if allowed_hosts is None:
            hosts = ["localhost", "127.0.0.1", "::1"]
            if host not in ("0.0.0.0", "::", "") and host not in hosts:
                hosts.append(host)
        else:
            hosts = [h.strip() for h in allowed_hosts.split(",") if h.strip()]
        settings = ServerSettings.from_env(
            allowed_hosts=tuple(hosts), games_per_minute=games_per_minute, max_open_games=max_open_games,
            max_body_bytes=max_body_bytes, bot_deadline_seconds=bot_deadline_seconds,
            ws_idle_seconds=ws_idle_seconds, trust_proxy=trust_proxy,
            trusted_proxies=None if trusted_proxies is None else
            tuple(p.strip() for p in trusted_proxies.split(",") if p.strip()),
        )
        from snowdonia.web.fair import check_proxies, trusted

        try:
            check_proxies(settings.trusted_proxies)
        except ValueError as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(2) from exc
        if settings.bot_processes == 0:
            # The cores are shared by the workers' bot pools.
            from snowdonia.web.thinking import cores

            settings = dataclasses.replace(settings, bot_processes=max(1, cores() // workers))
        os.environ.update(settings.to_env())
        os.environ["SNOWDONIA_DATABASE_URL"] = url
        # Migrate once before any worker starts (each worker finds the schema current; several
        # `serve` processes on one database take turns under the migration lock).
        from snowdonia.store import migrations

        try:
            changed = migrations.upgrade_url(url)
        except migrations.SchemaTooNew as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(1) from None
        if changed:
            typer.echo(f"Database schema upgraded: {', '.join(changed)}")
        typer.echo(f"Snowdonia on http://{host}:{port}  (database: {_safe(url)}; workers: {workers})")
        if sqlite:
            typer.echo("SQLite: a single-process server (for several workers and pushes across them, use PostgreSQL)")
        typer.echo(f"Answering Host: {', '.join(settings.allowed_hosts)}")
        config = uvicorn.Config(
            "snowdonia.web.app:app_from_env", factory=True, host=host, port=port, workers=workers,
            log_level="info", http=GuardedHttpToolsProtocol, ws="websockets-sansio", loop="auto",  # auto: uvloop
            timeout_keep_alive=settings.keep_alive_seconds, limit_concurrency=settings.max_connections,
            ws_ping_interval=settings.ws_ping_seconds, ws_ping_timeout=settings.ws_ping_seconds,
            ws_max_size=settings.max_body_bytes, timeout_graceful_shutdown=5,
            # Tokens never travel in URLs, so the access log holds none.
            # X-Forwarded-For is read by the app itself, from the trusted proxies only (fair.py).
            access_log=True, proxy_headers=False,
        )
        config.snowdonia_header_timeout = settings.header_timeout_seconds  # type: ignore[attr-defined]
        config.snowdonia_max_connections_per_address = settings.max_connections_per_address  # type: ignore[attr-defined]
        config.snowdonia_trusted_proxies = trusted(settings)  # type: ignore[attr-defined]
        server = uvicorn.Server(config)
        if workers > 1:
            from uvicorn.supervisors import Multiprocess

            sock = config.bind_socket()
            Multiprocess(config, sockets=[sock]).run()
        else:
            server.run()


def _safe(url: str) -> str:
    """The database URL without its password, for the console."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
