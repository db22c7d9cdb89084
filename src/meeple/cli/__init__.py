"""The `meeple` command line (typer + rich); the entry point is meeple.cli.app:main."""
