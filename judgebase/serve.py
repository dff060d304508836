"""``judgebase serve``: datasette over the built database, read-only, on loopback."""

from __future__ import annotations

from pathlib import Path

from .shipped import site_dir

SITE = site_dir()


def datasette_args(db_path: Path, host: str, port: int) -> list[str]:
    """The datasette command line: immutable database (no writes), our metadata."""
    args = [
        "serve",
        "-i", str(db_path),
        "--host", host,
        "--port", str(port),
        "--setting", "default_page_size", "20",
        "--setting", "sql_time_limit_ms", "2000",
        # Bounded answers: rows per page, CSV size (value length is capped per connection in web/plugin.py).
        "--setting", "max_returned_rows", "500",
        "--setting", "max_csv_mb", "5",
        # Suggested facets run extra queries on every table page: CPU the judge's pages need under load.
        "--setting", "suggest_facets", "off",
        # One thread for datasette's own SQL: under load its table pages queue behind each other
        # instead of taking the CPU the judge's pages need.
        "--setting", "num_sql_threads", "1",
    ]
    metadata = SITE / "metadata.json"
    if metadata.exists():
        args += ["--metadata", str(metadata)]
    if (SITE / "static").is_dir():
        args += ["--static", f"assets:{SITE / 'static'}"]
    return args


def serve_datasette(db_path: Path, host: str = "127.0.0.1", port: int = 8001) -> None:
    import click
    from datasette.cli import cli as datasette_cli

    from .i18n import from_env, t

    click.echo(t("cli.serve.note", from_env()), err=True)
    datasette_cli.main(datasette_args(db_path, host, port), prog_name="judgebase serve", standalone_mode=True)
