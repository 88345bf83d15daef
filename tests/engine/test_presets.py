"""The presets are what the Risk FAQ (seed 003) gives each edition, and docs/rules.md says so."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from risk.rules import PRESETS, Rules
from tests.support import DATA, ROOT

RULES_DOC = ROOT / "docs" / "rules.md"
# The FAQ's sentences behind the presets travel with the tests; the FAQ itself (seed 003) is only
# beside a developer's tree, not in a clean clone or on a fresh machine.
FAQ_QUOTES = DATA / "faq_presets.txt"
# .ci/run names it in RISK_SEEDS for its clean clone; a developer's tree has shared/ beside it.
_SEED_FOLDERS = [Path(os.environ["RISK_SEEDS"])] if os.environ.get("RISK_SEEDS") else []
FAQ = next((p for p in _SEED_FOLDERS + [ROOT.parent / "shared" / "seeds"] if p.is_dir()), None)

#: Each preset as the FAQ words it (docs/rules.md quotes the sentence behind each option).
FAQ_PRESETS = {
    "us-1993": {},
    "uk-old": {"setup": "deal", "setup_limit": 4, "reinforce_or_attack": True, "card_values": "fixed",
               "capture_cards": False, "defender_sees_dice": True, "fortify_max_armies": 7,
               "mission_kill": "uk"},
    "uk-new": {"setup": "deal", "card_values": "fixed", "captured_cards": "hold", "mission_kill": "uk"},
    "us-1959": {"setup": "deal", "placement": "none", "captured_cards": "trade-any"},
    "italian": {"defender_max_dice": 3},
}


def test_presets_are_what_the_faq_says():
    assert PRESETS == FAQ_PRESETS
    for name, options in FAQ_PRESETS.items():
        assert Rules.preset(name).changes() == options


def test_the_standard_rules_are_the_new_us_rules():
    # FAQ Q2.2.1: "In the new U.S. version of the rules ... anyone may complete your mission."
    assert Rules().mission_kill == "us" and Rules.preset("us-1993") == Rules()
    assert Rules().changes() == {}
    assert [name for name in PRESETS if Rules.preset(name).mission_kill == "uk"] == ["uk-old", "uk-new"]


def preset_table() -> dict[str, list[tuple[str, str]]]:
    """docs/rules.md's preset table: preset -> [(option cell, FAQ cell)]."""
    text = RULES_DOC.read_text(encoding="utf-8")
    section = text.split("## Presets", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("preset", "---"):
            continue
        if cells[0]:
            current = cells[0].strip("`")
        rows.setdefault(current, []).append((cells[1], cells[2]))
    return rows


def test_the_docs_list_every_preset_option():
    table = preset_table()
    assert set(table) == set(PRESETS)
    for name, options in PRESETS.items():
        documented = {}
        for cell, _ in table[name]:
            for key, value in re.findall(r"`(\w+)=([\w-]+)`", cell):
                documented[key] = value
        expected = {key: str(value).lower() for key, value in options.items()}
        if name == "us-1993":
            expected = {"mission_kill": Rules().mission_kill}
        assert documented == expected, name


def faq_sentences() -> list[str]:
    lines = FAQ_QUOTES.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_the_recorded_sentences_are_the_faqs_own():
    sentences = faq_sentences()
    assert len(sentences) >= len(PRESETS)
    if FAQ is None:  # a clean clone: the copy is all there is, checked below against the docs
        return
    faq_text = " ".join(" ".join(p.read_text(encoding="utf-8") for p in FAQ.glob("003_*.txt")).split())
    assert faq_text, "the FAQ seed (003) is missing"
    for sentence in sentences:
        assert sentence in faq_text, f"{sentence!r} is not in the FAQ"


def test_the_docs_quote_the_faq_word_for_word():
    sentences = faq_sentences()
    for name, rows in preset_table().items():
        for _, source in rows:
            quote = source[source.index('"') + 1:source.rindex('"')]
            for piece in re.split(r"\[\.\.\.\]|\.\.\.", quote):
                piece = " ".join(piece.split())
                assert any(piece in sentence for sentence in sentences), \
                    f"{name}: {piece!r} is not in the FAQ"


def test_every_option_the_docs_name_is_one_the_rules_take():
    # docs/rules.md once said `territory_bonus=true` after the option became turn/trade/card/off.
    from risk.errors import RulesError

    fields = {f.name for f in dataclasses.fields(Rules)}
    named = []
    for doc in (RULES_DOC, ROOT / "README.md"):
        for key, value in re.findall(r"`(\w+)=([^`\s]+)`", doc.read_text(encoding="utf-8")):
            if key in fields:
                named.append(f"{key}={value}")
    assert "territory_bonus=turn" in named
    for option in named:
        try:
            parsed = Rules.parse(option)
        except RulesError as error:
            raise AssertionError(f"the docs name {option}: {error}") from None
        key, value = option.split("=")
        assert str(getattr(parsed, key)).lower() == value.lower(), option
