"""`python -m meeple ...`: the `meeple` command, for where its script is not on PATH."""

from meeple.cli import main

if __name__ == "__main__":
    main()
