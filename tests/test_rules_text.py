"""The complete rules: every game in every language, every option and call covered."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import i18n, rules_text
from game.games import GAME_IDS, game_module
from game.rules_text import TOKEN

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "locales" / "rules"
LANGS = list(i18n.LANGUAGES)
DECK_OF = {"twenty_nine": "french", "tute": "spanish", "truco_argentino": "spanish",
           "truco_mineiro": "french", "buraco": "french"}
CARD = {"spanish": re.compile(r"(1|2|3|4|5|6|7|10|11|12)[OCEB]"),
        "french": re.compile(r"(A|2|3|4|5|6|7|8|9|10|J|Q|K)[SHDC]|JK")}
#: Latin words a Bangla or Hindi rules text may keep: mode names as printed on the table.
LATIN_ALLOWED = {"WTCC", "STBL"}


def _sections(game: str, lang: str):
    path = RULES / lang / f"{game}.toml"
    assert path.is_file(), f"missing {path}"
    return rules_text._read_sections(path)


def _fragment(text: str) -> str:
    """The word a call shows, as the rules must name it: the text before its first
    placeholder (or after a leading one), without call punctuation."""
    parts = [p for p in re.split(r"\{[a-z_]+\}", text)]
    part = parts[0] if parts[0].strip(" !¡:()") else (parts[1] if len(parts) > 1 else "")
    return part.strip().strip("!¡:()·").strip()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_language_has_the_same_sections(game, lang):
    english = [s.id for s in _sections(game, "en")]
    ids = [s.id for s in _sections(game, lang)]
    assert ids == english
    assert len(set(ids)) == len(ids)
    titles = [s.title for s in _sections(game, lang)]
    assert len(set(titles)) == len(titles), titles
    for s in _sections(game, lang):
        assert len(s.body) > 80, (game, lang, s.id)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_rules_are_complete_not_a_summary(game, lang):
    # A translation that drops paragraphs shows up as a much shorter text.
    english = sum(len(s.body) for s in _sections(game, "en"))
    own = sum(len(s.body) for s in _sections(game, lang))
    assert own > 0.6 * english, (own, english)
    paras = lambda l: sum(1 for s in _sections(game, l) for b in rules_text.blocks(s.body))
    assert paras(lang) >= 0.8 * paras("en")


@pytest.mark.parametrize("game", GAME_IDS)
def test_index_maps_every_option_and_call_to_a_section(game):
    index = rules_text.index()[game]
    ids = {s.id for s in _sections(game, "en")}
    options = [o.id for o in game_module(game).OPTIONS]
    assert sorted(index["options"]) == sorted(options)
    assert set(index["options"].values()) <= ids
    verbs = rules_text.verbs(game_module(game).VERBS)
    assert sorted(index["calls"]) == sorted(verbs)
    for verb, entry in index["calls"].items():
        assert entry["section"] in ids, verb
        assert rules_text.call_section(game, verb + " x") == entry["section"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_option_and_choice_is_explained_in_its_section(game, lang):
    by_id = {s.id: s for s in _sections(game, lang)}
    for option in game_module(game).OPTIONS:
        body = by_id[rules_text.option_section(game, option.id)].body
        assert "{opt:%s}" % option.id in body, (lang, option.id)
        if option.kind is str:
            for choice in option.choices:
                assert "{opt:%s=%s}" % (option.id, choice) in body, (lang, option.id, choice)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_call_is_named_as_the_table_names_it(game, lang):
    catalog = i18n.load_catalog(ROOT / "locales" / f"{lang}.toml")
    by_id = {s.id: s for s in _sections(game, lang)}
    for verb, entry in rules_text.index()[game]["calls"].items():
        raw = catalog[entry["word"]]
        word = _fragment(raw["other"] if isinstance(raw, dict) else raw)
        assert word, (lang, verb)
        body = by_id[entry["section"]].body
        assert word.casefold() in body.casefold(), (lang, game, verb, word, entry["section"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_tokens_are_valid(game, lang):
    en = i18n.load_catalog(ROOT / "locales" / "en.toml")
    sections = _sections(game, lang)
    ids = {s.id for s in sections}
    for s in sections:
        assert s.body.count("{") == s.body.count("}") == len(TOKEN.findall(s.body)), s.id
        for kind, value in TOKEN.findall(s.body):
            if kind == "sec":
                assert value in ids and value != s.id, (s.id, value)
            elif kind == "opt":
                option, _, choice = value.partition("=")
                key = f"options.{game}.{option}" + ("_" + choice.replace("-", "_") if choice
                                                      else "")
                assert key in en, key
            else:
                for card in value.split(","):
                    assert CARD[DECK_OF[game]].fullmatch(card), (s.id, card)
        # a card picture stands on a line of its own
        for line in s.body.splitlines():
            if "{cards:" in line:
                assert TOKEN.fullmatch(line.strip()), line


@pytest.mark.parametrize("lang", ["bn", "hi"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_no_english_left_in_bangla_and_hindi_rules(game, lang):
    for s in _sections(game, lang):
        for text in (s.title, TOKEN.sub("", s.body)):
            latin = set(re.findall(r"[A-Za-z]+", text)) - LATIN_ALLOWED
            assert not latin, (s.id, latin)


@pytest.mark.parametrize("lang", [l for l in LANGS if l != "en"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_no_paragraph_left_in_english(game, lang):
    english = {b.text for s in _sections(game, "en") for b in rules_text.blocks(s.body)
               if b.kind != "cards"}
    for s in _sections(game, lang):
        for b in rules_text.blocks(s.body):
            assert b.kind == "cards" or b.text not in english, (s.id, b.text)


def test_every_rules_text_can_be_drawn():
    pygame = pytest.importorskip("pygame")
    from game.ui.text import TextRenderer
    pygame.font.init()
    renderer = TextRenderer()
    bad = []
    for lang in LANGS:
        locale = i18n.Locale(lang)
        for game in GAME_IDS:
            for s in _sections(game, lang):
                for text in [s.title] + [rules_text.inline_text(b.text, game, locale)
                                         for b in rules_text.blocks(s.body) if b.text]:
                    missing = renderer.missing_glyphs(text, False)
                    if missing:
                        bad.append((lang, game, s.id, sorted(missing)))
    assert not bad, bad


def test_markup_blocks_and_inline_text():
    body = ("First line\nsame paragraph {opt:target}.\n\n- an item, see {sec:cards}\n"
            "- another\n\n{cards:JH,9H}\n\nLast 28.")
    blocks = rules_text.blocks(body)
    assert [b.kind for b in blocks] == ["para", "item", "item", "cards", "para"]
    assert blocks[0].text == "First line same paragraph {opt:target}."
    assert blocks[3].cards == ("JH", "9H")
    bn = i18n.Locale("bn")
    text = rules_text.inline_text(blocks[0].text + " " + blocks[-1].text, "twenty_nine", bn)
    assert bn.t("options.twenty_nine.target") in text and "২৮" in text
    assert rules_text.inline_text("{sec:cards}", "tute", bn, {"cards": "X"}) == "X"
    assert rules_text.option_label("buraco", "mode=open_dirty", i18n.Locale("en")) == "Open dirty"


def test_missing_or_damaged_rules_fall_back_to_english(tmp_path, caplog):
    (tmp_path / "en").mkdir()
    (tmp_path / "bn").mkdir()
    (tmp_path / "en" / "tute.toml").write_text(
        '[[section]]\nid = "a"\ntitle = "A"\nbody = "Text"\n', encoding="utf-8")
    (tmp_path / "bn" / "tute.toml").write_text("[[section]\nbroken", encoding="utf-8")
    assert [s.title for s in rules_text.load_sections("tute", "bn", tmp_path)] == ["A"]
    assert [s.title for s in rules_text.load_sections("tute", "hi", tmp_path)] == ["A"]
    assert rules_text.load_sections("buraco", "bn", tmp_path) == []
    assert (tmp_path / "bn" / "tute.toml").read_text(encoding="utf-8") == "[[section]\nbroken"


def test_a_hostile_rules_file_falls_back_to_english_within_bounds(tmp_path):
    """A rules file is read within bounds like every file the game reads: a deep dotted
    key or a huge file is refused at once, English shown instead, the file left as it is."""
    import shutil
    folder = tmp_path / "rules"
    shutil.copytree(ROOT / "locales" / "rules", folder)
    hostile = folder / "bn" / "tute.toml"
    hostile.write_text("x" + ".a" * 28000 + " = 1\n", encoding="utf-8")
    before = hostile.read_bytes()
    sections = rules_text.load_sections("tute", "bn", folder)
    assert [s.id for s in sections] == [s.id for s in rules_text.load_sections("tute", "en", folder)]
    assert hostile.read_bytes() == before
    huge = folder / "pt" / "tute.toml"
    huge.write_bytes(b"# " + b"x" * (rules_text.RULES_MAX_BYTES + 10))
    assert rules_text.load_sections("tute", "pt", folder)
