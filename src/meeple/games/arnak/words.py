"""Arnak's components in words: amounts, costs and compiled effects.

One vocabulary for every reader: the observations and action strings (text.py,
observe.py), the terminal view and the web catalogue all phrase an effect with
`effect_text`, so a site tile, an assistant or a boon reads the same wherever a player
meets it. Every op of `components.STEP_OPS` has its words here; the phrases are kept
short, as action strings carry them into 80-column menus, and say "your", never
"you", as a public action string turns "your" into "their" for the other seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeple.games.arnak.components import ICONS, RESOURCES, Effect, Guardian, SiteTile

_PLURALS = {"compass": "compasses", "hand_card": "hand cards"}
_SINGULARS = {"hand_card": "hand card"}


def plural(word: str, count: int) -> str:
    """'coin' or 'coins', 'compass' or 'compasses'."""
    if count == 1:
        return _SINGULARS.get(word, word)
    return _PLURALS.get(word, word + "s")


def amount(count: int, word: str) -> str:
    """'1 coin', '2 compasses', '1 hand card'."""
    return f"{count} {plural(word, count)}"


def listing(parts: Sequence[str], joiner: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {joiner} {parts[-1]}"


def bag_parts(values: Sequence[int], names: Sequence[str] = RESOURCES) -> list[str]:
    """A resource (or travel) tuple as amounts: ['1 coin', '2 tablets']."""
    return [amount(n, name) for n, name in zip(values, names, strict=True) if n]


def bag_text(values: Sequence[int], names: Sequence[str] = RESOURCES) -> str:
    """A resource (or travel) tuple in words: '1 coin and 2 tablets'."""
    return listing(bag_parts(values, names)) or "nothing"


def travel_text(values: Sequence[int]) -> str:
    """Travel icons as something held: '1 boot of travel'."""
    return f"{bag_text(values, ICONS)} of travel"


def cost_text(cost: Mapping[str, Any]) -> str:
    """A price as the data give it (resources, nested travel, hand cards, idols)."""
    parts = [amount(int(cost[r]), r) for r in RESOURCES if cost.get(r)]
    if cost.get("travel"):
        parts.append(travel_text([int(cost["travel"].get(i, 0)) for i in ICONS]))
    for word in ("hand_card", "idol"):
        if cost.get(word):
            parts.append(amount(int(cost[word]), word))
    return listing(parts) or "nothing"


def price_text(cost: Mapping[str, Any]) -> str:
    """Paying a price, as a verb phrase: a hand card is not paid but put into play."""
    if set(cost) == {"hand_card"}:
        return f"put {_cards(int(cost['hand_card']), 'hand card')} into play unused"
    return f"pay {cost_text(cost)}"


def effect_text(effect: Effect) -> str:
    """A compiled effect in words: 'draw a card, then take 1 coin and 1 tablet'."""
    # An `action` step marks how an option is played, so its words follow the rest.
    phrases = [_STEP_WORDS[op](arg) for op, arg in effect if op != "action"]
    marks = [_STEP_WORDS[op](arg) for op, arg in effect if op == "action"]
    return " ".join([", then ".join(phrases) or "no effect", *marks])


def boon_text(guardian: Guardian) -> str:
    """A guardian's once-a-game boon: travel to spend, or a free action's effect."""
    if guardian.boon_travel is not None:
        return travel_text(guardian.boon_travel)
    return effect_text(guardian.boon)


def guardian_cost_text(guardian: Guardian) -> str:
    """What overcoming a guardian costs."""
    parts = bag_parts(guardian.cost_travel, ICONS)
    if guardian.cost_hand_cards:
        parts.append(amount(guardian.cost_hand_cards, "hand_card"))
    parts += bag_parts(guardian.cost)
    return listing(parts) or "nothing"


def tile_text(tile: SiteTile) -> str:
    """A site tile's printed text where the data carry it, else its effect in words."""
    return tile.text or effect_text(tile.effect)


def _count(arg: Any, key: str = "n") -> int:
    """A step's count: the argument itself, or its `key` entry (1 when absent)."""
    if isinstance(arg, Mapping):
        return int(arg.get(key, 1))
    return int(arg)


def _cards(n: int, what: str = "card") -> str:
    return f"a {what}" if n == 1 else f"{n} {what}s"


_LEVELS = {"camp": "camp", "level1": "level I site", "any": "site"}
_PER = {
    "guardians_at_your_sites_plus_overcome": "guardian overcome or at your sites",
    "idols_owned_slotted_or_not": "idol of yours",
    "your_archaeologists_on_sites": "archaeologist of yours on a site",
}
_INTO = {
    "hand": "into your hand",
    "deck_top": "on top of your deck",
    "deck_bottom": "under your deck",
}


def _places(levels: Sequence[str]) -> str:
    """['camp', 'level1'] as 'a camp or level I site'."""
    return "a " + listing([_LEVELS[level] for level in levels], "or")


def _option(effect: Effect) -> str:
    words = effect_text(effect)
    return f"({words})" if ", " in words else words  # so that "or" joins whole options


def _exile(arg: Any) -> str:
    n = _count(arg)
    if arg.get("optional"):
        return f"exile up to {'one card' if n == 1 else f'{n} cards'}"
    return f"exile {_cards(n)}"


def _pay(arg: Any) -> str:
    cost, then = arg
    return f"{price_text(cost)} to {effect_text(then)}"


def _choose_one(options: Any) -> str:
    """'take 1 arrowhead or 1 jewel' where every option is a plain gain (so a price
    before it covers them all), else the options joined by 'or'."""
    if all(len(o) == 1 and o[0][0] == "gain" for o in options):
        return "take " + listing([bag_text(o[0][1]) for o in options], "or")
    return listing([_option(o) for o in options], "or")


def _choose_distinct(arg: Any) -> str:
    count, options = arg
    return f"choose {count} different: " + listing([_option(o) for o in options], "or")


def _dig(arg: Any) -> str:
    words = "dig at a camp" if arg.get("sites") == ["camp"] else "dig or discover"
    if arg.get("free_travel"):
        words += " with no travel cost"
    if arg.get("travel_discount"):
        covered = bag_text([int(arg["travel_discount"].get(i, 0)) for i in ICONS], ICONS)
        words += f" with {covered} of travel covered"
    if arg.get("discover_compass_discount"):
        words += f", discovering {amount(arg['discover_compass_discount'], 'compass')} cheaper"
    if arg.get("resolve_times", 1) == 2:
        words += ", activating it up to twice"
    return words


def _activate(arg: Any) -> str:
    noun = _LEVELS[arg["level"]]
    count = int(arg.get("count", 1))
    if count > 1:
        words = f"activate {count} {'different ' if arg.get('distinct') else ''}{noun}s"
    elif arg.get("condition") == "unoccupied":
        words = f"activate an empty {noun}"
    elif arg.get("condition") == "occupied_by_you":
        words = f"activate a {noun} with your archaeologist"
    else:
        words = f"activate a {noun}"
    if arg.get("level2_extra_cost"):
        words += f" (level II: {cost_text(arg['level2_extra_cost'])} more)"
    return words


def _buy(arg: Any) -> str:
    what = {"item": "an item", "artifact": "an artifact"}.get(arg["type"], "an item or an artifact")
    words = f"buy {what}"
    if arg.get("discount"):
        words += f" {arg['discount']} cheaper"
    if arg.get("include_deck_top"):
        words += " (or the deck's top card)"
    return words


def _gain_card(arg: Any) -> str:
    return f"take an {arg['type']} from the card row for free, {_INTO[arg['to']]}"


def _research(arg: Any) -> str:
    token = {"notebook": " with your notebook", "glass": " with your magnifying glass"}
    words = "research" + token.get(arg.get("token", "either"), "")
    if arg.get("temple_tile_allowed"):
        words += " or buy a temple tile"
    if arg.get("free"):
        return words + " for free"
    discounts = [arg["discount"]] if "discount" in arg else arg.get("one_of", [])
    if discounts:
        words += ", " + listing([cost_text(d) for d in discounts], "or") + " cheaper"
    return words


def _look_keep(arg: Any) -> str:
    where = " from the bottom" if arg.get("from") == "bottom" else ""
    words = f"draw up to {arg['max']} cards{where}, keep {arg['keep']}"
    if arg.get("may_return_top"):
        words += f", may put {arg['may_return_top']} back on top"
    if arg.get("rest_to") == "play_area":
        words += ", the rest into play"
    return words


def _move_guardian(arg: Any) -> str:
    # that the site must be empty goes unsaid: the choices offered are the empty ones,
    # and saying it takes the offer past an 80-column menu line
    words = f"move your site's guardian to {_places(arg['to'])}"
    return words + (" and activate it" if arg.get("then") == "activate" else "")


def _relocate(arg: Any) -> str:
    words = f"relocate an archaeologist to {_places(arg['to'])}"
    return words + (" and activate it" if arg.get("then") == "activate" else "")


def _counted(one: str, many: str) -> Callable[[Any], str]:
    """Words for a step whose argument is a count: `many` takes it as {n}."""
    return lambda arg: one if _count(arg) == 1 else many.format(n=_count(arg))


_STEP_WORDS: dict[str, Callable[[Any], str]] = {
    "gain": lambda arg: f"take {bag_text(arg)}",
    "fear": _counted("take a Fear card", "take {n} Fear cards"),
    "draw": _counted("draw a card", "draw {n} cards"),
    "draw_bottom": _counted(
        "draw the bottom card of your deck", "draw {n} cards from the bottom of your deck"
    ),
    "exile": _exile,
    "pay": _pay,
    "pay_required": lambda arg: (
        f"put {_cards(_count(arg, 'hand_card'), 'hand card')} into play unused"
    ),
    "choose_one": lambda arg: _choose_one(arg),
    "choose_distinct": _choose_distinct,
    "upgrade": _counted("upgrade a resource", "upgrade {n} resources"),
    "dig_or_discover": _dig,
    "relocate": _relocate,
    "activate_site": _activate,
    "activate_top_tile": lambda arg: f"activate the top level {'I' * arg['level']} site tile",
    "buy": _buy,
    "gain_card": _gain_card,
    "research": _research,
    "overcome_free": lambda arg: (
        "overcome a guardian at your site without its cost"
        if arg.get("where") == "own_site"
        else "overcome a guardian where no other player is, without its cost"
    ),
    "refresh_assistant": _counted("refresh an assistant", "refresh {n} assistants"),
    "supply_assistant_effect": lambda arg: f"use the {arg} side of an assistant in the supply",
    "swap_assistant": lambda arg: "trade an assistant for one in the supply",
    "recall_archaeologist": _counted(
        "bring an archaeologist home", "bring {n} archaeologists home"
    ),
    # "rest_of_round" or "this_round": either way it holds from now to the round's end
    "all_travel_as_plane": lambda arg: "your icons are planes this round",
    "no_guardian_fear": lambda arg: "no Fear from guarded sites this round",
    "gain_per": lambda arg: (
        f"take {cost_text(arg['gain'])} per {_PER[arg['per']]} (at most {arg['max']})"
    ),
    "look_keep": _look_keep,
    "exile_row_item_then_gain_exiled_item": lambda arg: (
        "exile the far-right row item, then put an exiled one under your deck"
    ),
    "move_guardian": _move_guardian,
    "unslot_idol": _counted("take an idol out of its slot", "take {n} idols out of their slots"),
    "travel_icons": lambda arg: f"take {travel_text(arg)} for this turn",
    "take_assistant": lambda arg: f"take a {arg} assistant",
    "upgrade_assistant": _counted("upgrade an assistant to gold", "upgrade {n} assistants to gold"),
    "rescue_assistant": lambda arg: (
        "look through the rescue stack and take one assistant, exhausted"
    ),
    "gain_artifact_free": lambda arg: "take an artifact for free",
    "face_up_board_idol_reward": lambda arg: "the reward of a face-up idol on the board",
    "reactivate_used_guardian_boon": lambda arg: "turn a used guardian's boon face up again",
    "gain_dark_tablet": lambda arg: (
        "take a dark tablet" if int(arg) == 1 else f"take {int(arg)} dark tablets"
    ),
    "action": lambda arg: f"as a {arg} action",
    "pass_round": lambda arg: "pass for the round",
}
