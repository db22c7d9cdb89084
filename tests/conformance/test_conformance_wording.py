"""Conformance: the public log reads the same to every seat, so it never says "your"."""

from __future__ import annotations

import re

from conformance_support import Config, sample_states

from meeple.core.wording import third_person

SECOND_PERSON = re.compile(r"\byou(rs?)?\b", re.IGNORECASE)


def test_public_texts_speak_of_the_seat_in_the_third_person(config: Config) -> None:
    for state in sample_states(config, 11, 40):
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            text = state.public_action_string(action)
            assert not SECOND_PERSON.search(text), text


def test_third_person() -> None:
    assert third_person("discard Axe to your play area") == "discard Axe to their play area"
    assert third_person("Your turn; yours, not yourself") == "Their turn; theirs, not yourself"
    assert third_person("a tour of Yours") == "a tour of Theirs"
    assert third_person("move the Shepherd") == "move the Shepherd"
