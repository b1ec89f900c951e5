"""``pirc cache info`` / ``pirc cache clear``: the one cache root (grammar tables, kernels)."""

from __future__ import annotations

import click

from pirc.cli.common import handle_errors


@click.group(name="cache", context_settings={"help_option_names": ["-h", "--help"]})
def cache_command() -> None:
    """Show or empty pirc's cache (grammar tables and compiled kernels).

    \b
    The cache root is $PIRC_CACHE_DIR, else the user cache folder (~/.cache/pirc on Linux).
    Its size is kept under $PIRC_CACHE_MAX_BYTES (default 2 GiB).
    """


def _size(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"


@cache_command.command(name="info")
@handle_errors
def cache_info() -> None:
    """Print where the cache is, whether it is used, and what it holds."""
    from pirc.cachedir import SUBDIRS, info

    i = info()
    click.echo(f"root:     {i['root']}")
    click.echo(f"status:   {i['status']}")
    for name in SUBDIRS:
        sub = i[name]
        click.echo(f"{name + ':':<9} {sub['files']} files, {_size(sub['bytes'])}")  # type: ignore[index]
    click.echo(f"total:    {i['files']} files, {_size(i['bytes'])} (limit {_size(i['max_bytes'])})")  # type: ignore[arg-type]


@cache_command.command(name="clear")
@handle_errors
def cache_clear() -> None:
    """Remove every cached grammar table and kernel."""
    from pirc.cachedir import cache_root, clear

    freed = clear()
    click.echo(f"cleared {cache_root()} ({_size(freed)})")


__all__ = ["cache_command"]
