"""Write docs/games/aridnyk-components.md from the Aridnyk component data.

    .venv/bin/python tools/aridnyk_components_doc.py           # rewrite the document
    .venv/bin/python tools/aridnyk_components_doc.py --check   # exit 1 if it is out of date

The text comes from meeple.games.aridnyk.components_doc.components_markdown(), so the
document always describes the data files in src/meeple/games/aridnyk/data/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from meeple.games.aridnyk.components_doc import components_markdown

DOC = Path(__file__).resolve().parents[1] / "docs" / "games" / "aridnyk-components.md"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if it is out of date")
    check = parser.parse_args(argv).check
    text = components_markdown()
    if check:
        if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is out of date; run: .venv/bin/python tools/aridnyk_components_doc.py")
            return 1
        print(f"{DOC} is up to date")
        return 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
