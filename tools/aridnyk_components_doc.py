"""Write docs/games/aridnyk-components.md from the Aridnyk component data.

    python tools/aridnyk_components_doc.py           # rewrite the document
    python tools/aridnyk_components_doc.py --check   # exit 1 if it is out of date

The text comes from meeple.games.aridnyk.components_doc.components_markdown(), so the
document always describes the data files in src/meeple/games/aridnyk/data/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from meeple.games.aridnyk.components_doc import components_markdown

DOC = Path(__file__).resolve().parents[1] / "docs" / "games" / "aridnyk-components.md"


def main(argv: list[str]) -> int:
    text = components_markdown()
    if "--check" in argv:
        if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is out of date; run: python tools/aridnyk_components_doc.py")
            return 1
        print(f"{DOC} is up to date")
        return 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
