"""``judgebase serve``: datasette over the built database, read-only, on loopback."""

from __future__ import annotations

from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "site"


def datasette_args(db_path: Path, host: str, port: int) -> list[str]:
    """The datasette command line: immutable database (no writes), our metadata."""
    args = [
        "serve",
        "-i", str(db_path),
        "--host", host,
        "--port", str(port),
        "--setting", "default_page_size", "20",
        "--setting", "sql_time_limit_ms", "2000",
    ]
    metadata = SITE / "metadata.json"
    if metadata.exists():
        args += ["--metadata", str(metadata)]
    if (SITE / "static").is_dir():
        args += ["--static", f"assets:{SITE / 'static'}"]
    return args


def serve_datasette(db_path: Path, host: str = "127.0.0.1", port: int = 8001) -> None:
    from datasette.cli import cli as datasette_cli

    datasette_cli.main(datasette_args(db_path, host, port), prog_name="judgebase serve", standalone_mode=True)
