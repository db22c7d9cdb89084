"""The `meeple` command line (typer + rich), in meeple.cli.app.

The console script calls `main` below, which imports the command line only when it
runs: worker processes of `--jobs` re-import the script's module when they start
(multiprocessing's fork server and spawn do that for the main module), and they need
none of typer, rich or the commands.
"""


def main() -> None:
    """The console script."""
    from meeple.cli.app import main as run

    run()


__all__ = ["main"]
