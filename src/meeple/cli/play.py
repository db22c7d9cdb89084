"""A game at the terminal: humans choose from numbered actions, bots fill the other seats."""

from __future__ import annotations

import contextlib
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from meeple import agents
from meeple.agents import HINT_AGENT, Agent
from meeple.cli.common import labelled
from meeple.core.game import Game, State
from meeple.core.record import replay, save_record
from meeple.core.undo import take_back
from meeple.errors import AgentError, OptionError, RecordError, TakeBackError

HUMAN = "human"
HOTSEAT = ("", "none", "hotseat", HUMAN)
TAKEN_BACK = -1
"""What `Session.human_decision` returns when the person took back a move."""

HELP = """\
Choose an action by its number, or type its text: the whole text, or enough of
the start or of any part of it to name one action (case does not matter).
  ?      this help
  v      show the whole table again (on a short screen, a decision that goes on
         with your own turn shows only your part of it)
  rules  how to play this game
  hint   the move the greedy bot would make for you (it sees what you see)
  undo   take back your last choice, while it is still your decision and that
         choice showed you nothing hidden (u for short)
  q      quit (you may save the game first, and go on later with --resume FILE)"""


def seat_agents(
    bots: str, players: int, seat: int, seed: int, game: Game | None = None
) -> list[Agent | None]:
    """An agent per bot seat, None for each human seat.

    `bots` is one agent spec ("random", "ismcts:iterations=500") for every seat but
    `seat`, or one spec per other seat in seat order; `human` (or nothing at all) makes
    a seat human, so "" is hotseat.
    """
    if not 0 <= seat < players:
        raise OptionError(f"--seat must be a seat 0..{players - 1}, not {seat}")
    others = [s for s in range(players) if s != seat]
    specs = [n.strip() for n in bots.split(",")]
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others) and not others:
        raise AgentError(
            f"--bots names {len(specs)} bots, but a game of one player has no other seat"
        )
    if len(specs) != len(others):
        raise AgentError(
            f"--bots takes one agent spec for all other seats or one per other seat "
            f"({len(others)}: seats {', '.join(map(str, others))}), not {len(specs)} specs"
        )
    known = agents.list_agents()
    seats: list[Agent | None] = [None] * players
    for s, spec in zip(others, specs, strict=True):
        if spec.lower() in HOTSEAT:
            continue
        name, sep, settings = spec.partition(":")
        name = agents.agent_name(name.strip())  # names are case-blind; setting values are not
        if name not in known:
            raise AgentError(
                f"unknown bot {name!r}; available: {', '.join(known)} (or {HUMAN} for a person)"
            )
        try:
            bot = agents.make_from_spec(name + sep + settings, seed=agents.agent_seed(seed, s))
        except ImportError as exc:
            raise AgentError(f"bot {name!r} cannot be loaded: {exc}") from None
        if game is not None:
            agents.check_for_game(bot, game)
        seats[s] = bot
    return seats


def how_to_play_page(game: Game) -> Markdown:
    """The game's how-to-play page, titled, for the terminal."""
    text = game.how_to_play() or "This game has no how-to-play page."
    return Markdown(f"# How to play {game.info.title}\n\n{text}")


def match_action(text: str, labels: Sequence[str]) -> int:
    """The index in `labels` that `text` names: a number from 1, the whole text, or a
    unique case-insensitive prefix or substring, read first in the label without its
    bracketed asides ("add green 12" of "add green 12 (green 12|yellow 4)"). Raises
    ValueError saying why not; for a number beyond the choices that a label holds
    ("180" of "turn it 180 degrees"), naming that label rather than guessing."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) > 9:
        raise ValueError(f"no action numbered {text[:9]}…; choose 1 to {len(labels)}")
    if text.isascii() and text.isdigit():
        number = int(text)
        if 1 <= number <= len(labels):
            return number - 1
        word = re.compile(rf"(?<![\w.]){number}(?![\w.])")  # a whole number, not a digit of one
        named = [i for i, label in enumerate(labels) if word.search(_ASIDE.sub("", label))]
        aside = f" ({named[0] + 1} is {labels[named[0]]!r})" if len(named) == 1 else ""
        raise ValueError(f"no action numbered {number}; choose 1 to {len(labels)}{aside}")
    return _match_text(text, labels)


def _match_text(text: str, labels: Sequence[str]) -> int:
    wanted = text.casefold()
    folded = [label.casefold() for label in labels]
    if wanted in folded:
        return folded.index(wanted)
    bare = [_ASIDE.sub("", label) for label in folded]
    for test in (str.startswith, str.__contains__):
        for pool in (bare, folded):
            found = [i for i, label in enumerate(pool) if test(label, wanted)]
            if len(found) == 1:
                return found[0]
            if found:
                names = "; ".join(f"{i + 1}. {labels[i]}" for i in found[:5])
                more = f" and {len(found) - 5} more" if len(found) > 5 else ""
                raise ValueError(f"{text!r} could be {names}{more}: type more of it or its number")
    raise ValueError(f"no action matches {text!r}; type ? for help")


_ASIDE = re.compile(r"\s*\([^)]*\)")
"""A bracketed aside of an action label, such as a card's two halves."""


def resumed(record: Mapping[str, Any]) -> tuple[State, list[tuple[int, str]]]:
    """The state a saved record leads to, and its moves as the other seats saw them
    (seat, public text), so that a resumed game shows each person what happened since
    their last decision. Any fault in the record is a RecordError, found before a move
    is shown."""
    log: list[tuple[int, str]] = []

    def note(state: State, action: int) -> None:
        log.append((state.current_player, state.public_action_string(action)))

    return replay(record, before_each=note), log


class Session:
    """One game at the terminal."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Agent | None],
        console: Console,
        save: Path | None = None,
        log: Sequence[tuple[int, str]] = (),
        auto: bool = False,
        started_as: tuple[int, str] | None = None,
    ) -> None:
        """`log`: the moves played before this session (see `resumed`); `auto`: a
        person's decision with a single choice is taken for them; `started_as`: the --seat and
        --bots it was started with, which the hint to resume it repeats."""
        self.started_as = started_as
        self.state = state
        self.game = state.game
        self.seats = list(seats)
        self.console = console
        self.save = save
        self.humans = [s for s, agent in enumerate(seats) if agent is None]
        self.log: list[tuple[int, str]] = list(log)  # (seat, what the other seats saw)
        self.resumed_at = len(self.log)
        # Each person has seen the moves up to their own last one.
        self.seen = dict.fromkeys(self.humans, 0)
        for i, (who, _) in enumerate(self.log):
            if who in self.seen:
                self.seen[who] = i + 1
        self.last_human: int | None = None
        self.shown_to: int | None = None  # whose view the screen shows, None once cleared
        self.auto = auto
        self.interrupted = False  # the last ask() ended with Ctrl-C
        self.stopped_by_ctrl_c = False  # the game ended early by Ctrl-C: exit status 130

    # --- input ---------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        """One line of input; None when input has ended."""
        self.interrupted = False
        try:
            return self.console.input(Text(prompt, style="bold"))
        except (EOFError, KeyboardInterrupt) as exc:
            self.interrupted = isinstance(exc, KeyboardInterrupt)
            self.console.print()
            return None

    def input_over(self) -> None:
        """Stop after a prompt got no line: Ctrl-C stops as `q` does (offering to save),
        the end of input (Ctrl-D, a pipe run dry) without asking anything more."""
        if self.interrupted:
            self.interrupt()
        else:
            self.stop("input ended")

    def interrupt(self) -> None:
        """Ctrl-C: stop, offering to save when a person types the answer. Input from a
        pipe or a file was written before the interruption: its next line is a move,
        not a file name, so nothing more is read and `--save` is named instead."""
        typed = sys.stdin.isatty()
        self.stopped_by_ctrl_c = True
        self.stop("interrupted", offer_save=typed)
        if not typed and self.save is None:
            self.console.print(
                "(input is not a terminal: nothing saved; `--save FILE` saves a game "
                "that stops early)",
                style="dim",
                markup=False,
            )

    # --- the game ------------------------------------------------------------------

    def run(self) -> bool:
        """Play to the end; False when the players stopped early."""
        while not (state := self.state).is_terminal():
            seat = state.current_player
            agent = self.seats[seat]
            if agent is not None:
                try:
                    action = self.bot_decision(seat, agent)
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks stops as `q` does
                    self.console.print()
                    self.interrupt()
                    return False
            else:
                chosen = self.human_decision(seat)
                if chosen is None:
                    return False
                if chosen == TAKEN_BACK:
                    continue
                action = chosen
            self.log.append((seat, state.public_action_string(action)))
            state.apply_action(action)
        self.finish()
        return True

    def bot_decision(self, seat: int, agent: Agent) -> int:
        """The bot's action; at a terminal, a spinner says who is thinking meanwhile."""
        if not (self.humans and self.console.is_terminal):
            return agent.act(self.state)
        with self.console.status(f"seat {seat} ({agent.name}) is thinking…"):
            return agent.act(self.state)

    def whose_turn(self, seat: int) -> str:
        """How the hand-over names this decision: 'your turn.', or, where the game's
        observation names another `turn_player` (a decision in another seat's turn),
        'seat 0's turn: your reaction.' (with a `reaction` to answer) or '... decision.'."""
        observation = self.state.observation(seat)
        turn = observation.get("turn_player")
        if type(turn) is not int or turn < 0 or turn == seat:
            return "your turn."
        what = "reaction" if observation.get("reaction") else "decision"
        return f"seat {turn}'s turn: your {what}."

    def human_decision(self, seat: int) -> int | None:
        """The action the person in `seat` chooses; None to stop the game, TAKEN_BACK
        when they took back their last choice (`self.state` is then the earlier one)."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.hide_screen()
            self.console.print(
                f"[bold]Seat {seat}[/], {self.whose_turn(seat)} "
                "Press Enter when no one else can see the screen."
            )
            answer = self.ask("> ")
            if answer is None:
                self.input_over()
                return None
            if answer.strip().lower() in ("q", "quit", "exit"):
                self.stop("you quit", offer_save=True)
                return None
        self.last_human = seat
        state = self.state
        legal = state.legal_actions()
        labels = [state.action_to_string(a) for a in legal]
        if self.auto and len(legal) == 1:
            self.console.print(f"seat {seat}, your only choice: {labels[0]}", markup=False)
            return legal[0]
        self.show(seat, labels, whole=False)
        while True:
            numbers = "1" if len(labels) == 1 else f"1-{len(labels)}"
            line = self.ask(f"seat {seat}, your choice ({numbers}, ? for help): ")
            if line is None:
                self.input_over()
                return None
            text = line.strip()
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                self.stop("you quit", offer_save=True)
                return None
            if text.lower() in ("?", "h", "help"):
                self.console.print(HELP, markup=False)
                continue
            if text.lower() in ("v", "view"):
                self.show(seat, labels)
                continue
            if text.lower() == "hint":
                self.hint(legal, labels)
                continue
            if text.lower() == "rules":
                self.console.print(how_to_play_page(self.game))
                continue
            if text.lower() in ("u", "undo"):
                if self.take_back(seat):
                    return TAKEN_BACK
                continue
            try:
                return legal[match_action(text, labels)]
            except ValueError as exc:
                self.console.print(str(exc), style="red", markup=False)

    def hint(self, legal: Sequence[int], labels: Sequence[str]) -> None:
        """Say what the greedy bot would choose for the seat to move. It decides from
        that seat's view alone (a guess at what is hidden), like every agent."""
        state = self.state
        try:
            seed = agents.hint_seed(state.seed, state.current_player, len(state.history()))
            bot = agents.make(HINT_AGENT, seed=seed)
            action = bot.act(state)
        except (AgentError, NotImplementedError) as exc:
            self.console.print(f"no hint here: {exc}", style="yellow", markup=False)
            return
        i = legal.index(action)
        self.console.print(
            f"hint: the {HINT_AGENT} bot would choose {i + 1}. {labels[i]}",
            style="cyan",
            markup=False,
        )

    def take_back(self, seat: int) -> bool:
        """Go back to before the seat's last choice; False (and why) when it may not."""
        try:
            back = take_back(self.state, seat)
        except TakeBackError as exc:
            self.console.print(str(exc), style="yellow", markup=False)
            return False
        self.state = back.state
        self.shown_to = None  # the board is not the one last shown: show it whole
        del self.log[len(self.log) - back.moves :]
        for who, seen in self.seen.items():
            self.seen[who] = min(seen, len(self.log))
        plural = "" if back.moves == 1 else "s"
        self.console.print(f"took back {back.moves} move{plural}", style="cyan", markup=False)
        return True

    def hide_screen(self) -> None:
        """Clear the terminal and its scrollback, so the last hand cannot be scrolled to.
        A terminal that takes no control codes (TERM=dumb) gets blank lines that push
        the last view off the screen instead: there Rich's clear does nothing."""
        console = self.console
        self.shown_to = None
        if console.is_terminal and not console.is_dumb_terminal:
            console.clear()
            console.file.write("\x1b[3J")
        else:
            console.file.write("\n" * max(console.height, 60))
        console.file.flush()

    def show(self, seat: int, labels: Sequence[str], whole: bool = True) -> None:
        """The seat's view, what the others did since, and the numbered choices. Unless
        `whole`, a decision that goes on with the seat's own turn, on a terminal too short
        for the whole view, shows the game's brief view: the board stays as the last
        view showed it, and the part that changes stays on screen beside the prompt."""
        console = self.console
        observation = self.state.observation(seat)
        view = self.game.render(observation)
        news = self.news(seat)
        if not whole and not news and self.going_on(seat):
            needed = len(labels) + 3  # the choices, their heading, the prompt, a spare line
            if len(console.render_lines(view, pad=False)) + needed > console.height:
                view = Group(
                    self.game.render_brief(observation),
                    Text("(v shows the whole table)", style="dim"),
                )
        console.print(view)
        self.shown_to = seat
        self.print_news("Since your last decision:", news)
        console.print(Text(f"Seat {seat}, choose an action:", style="bold"))
        width = len(str(len(labels)))
        for i, label in enumerate(labels, 1):
            console.print(f"  {i:>{width}}. {label}", markup=False, highlight=False)

    def going_on(self, seat: int) -> bool:
        """Whether the seat's decision goes on from its own last one, on a screen it
        keeps to itself: the last move is the seat's, on a terminal, no other person
        took the screen since."""
        return (
            self.console.is_terminal
            and bool(self.log)
            and self.log[-1][0] == seat
            and self.shown_to == seat
        )

    def news(self, seat: int) -> list[tuple[int, str]]:
        """Other seats' moves since `seat` last decided, one entry per run of one seat."""
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(self.log)
        runs: list[tuple[int, str]] = []
        last = None
        for who, text in self.log[start:]:
            if who == seat:
                last = None
                continue
            if who == last:
                runs[-1] = (who, f"{runs[-1][1]}; {text}")
            else:
                runs.append((who, text))
            last = who
        return runs

    def print_news(self, title: str, news: Sequence[tuple[int, str]]) -> None:
        """The runs of moves under `title`, a long one wrapped under its own text."""
        if not news:
            return
        self.console.print(Text(title, style="bold"))
        self.console.print(labelled([(f"  seat {who}:", text) for who, text in news]))

    # --- the end -------------------------------------------------------------------

    def stop(self, why: str, offer_save: bool = False) -> None:
        decisions = len(self.state.history())
        plural = "" if decisions == 1 else "s"
        self.console.print(f"{why}: the game stopped after {decisions} decision{plural}.")
        if self.save is None and offer_save:
            question = "Save the game? Type a file name, or press Enter to skip: "
            while True:  # a name that cannot be written is asked for again
                typed = self.ask(question)
                if typed is None:  # Ctrl-C or the end of input: no answer, no file
                    self.stopped_by_ctrl_c |= self.interrupted
                    self.console.print("not saved", style="dim")
                    break
                answer = typed.strip()
                # a yes/no reflex: "n" is no file named n, "y" asks for the name
                if not answer or answer.casefold() in ("n", "no"):
                    break
                if answer.casefold() in ("y", "yes"):
                    question = "The file name (e.g. game.json), or Enter to skip: "
                    continue
                if self.write(Path(answer)):
                    self.resume_hint(Path(answer))
                    break
        elif self.save is not None and self.write(self.save):
            self.resume_hint(self.save)

    def resume_hint(self, path: Path) -> None:
        again = f"meeple play {self.game.info.name} --resume {shlex.quote(str(path))}"
        if self.started_as is not None:  # the same people and bots: a record holds neither
            seat, bots = self.started_as
            again += f" --seat {seat} --bots {shlex.quote(bots)}"
        self.console.print(
            f"go on with: {again}",
            style="dim",
            markup=False,
            soft_wrap=True,
        )

    def write(self, path: Path) -> bool:
        """Save the record to `path`; False (and a message) when it cannot be written."""
        try:
            save_record(self.state, path)
        except RecordError as exc:  # it names the path and the cause
            self.console.print(
                str(exc),
                style="red",
                markup=False,
                soft_wrap=True,  # a long path stays whole, to copy
            )
            return False
        self.console.print(f"game saved to {path}", markup=False, soft_wrap=True)
        return True

    def finish(self) -> None:
        state = self.state
        if len(self.humans) > 1:
            # several people share the screen: the last one's hand is cleared away and
            # the end is shown as a spectator sees it, for all of them at once
            self.hide_screen()
            viewer = -1 if self.last_human is None else self.last_human
            with contextlib.suppress(NotImplementedError):  # a game with no spectator's view
                self.console.print(self.game.render(state.public_observation()))
        else:
            viewer = self.humans[0] if self.humans else 0
            self.console.print(self.game.render(state.observation(viewer)))
        self.print_news("Last moves:", self.news(viewer))
        # a record holds no players: a game that ended before this session names none
        players = (
            [HUMAN if a is None else f"{a.name} bot" for a in self.seats]
            if len(self.log) > self.resumed_at
            else None
        )
        self.console.print(results_table(state, players))
        if self.save is not None:
            self.write(self.save)


def results_table(state: State, players: Sequence[str] | None = None) -> Table:
    """Scores and winners of a finished game; `players` names who sat where."""
    returns, scores = state.returns(), state.scores()
    winners = [s for s, r in enumerate(returns) if r == 1.0]
    table = Table(title="Game over", title_justify="left")
    table.add_column("seat")
    if players is not None:
        table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("result")
    for s, score in enumerate(scores):
        who = [] if players is None else [players[s]]
        won = Text("winner", style="bold green") if s in winners else ""
        table.add_row(str(s), *who, f"{score:g}", won)
    names = ", ".join(f"seat {s}" for s in winners) or "nobody"
    table.caption = f"Winner{'s' if len(winners) > 1 else ''}: {names}"
    if len(scores) == 1:  # a solo game is won or lost against its goal (Arnak: the rival)
        table.caption = "You won the solo game." if winners else "You lost the solo game."
    return table
