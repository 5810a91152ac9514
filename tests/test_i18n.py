"""game.i18n: locale files, fallback, plurals, native digits, placeholders, damaged files."""
from __future__ import annotations

import logging
import re
import sys
from pathlib import Path

import pytest

from game import i18n, resources
from game.i18n import Locale, format_number, ordinal, plural_category

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
OTHER_LANGS = ["es", "bn", "hi", "pt"]


@pytest.fixture(autouse=True)
def _reset_current_language():
    yield
    i18n.set_language("en")


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def tmp_locales(tmp_path: Path) -> Path:
    _write(tmp_path, "en.toml", """
[menu]
play = "Play"
only_english = "Only in English"

[deal]
cards = { one = "{n} card", other = "{n} cards" }
""")
    _write(tmp_path, "bn.toml", """
[menu]
play = "খেলুন"

[deal]
cards = { one = "{n}টি কার্ড", other = "{n}টি কার্ড" }
""")
    return tmp_path


# --------------------------------------------------------------------------- bundled files

def _catalog(lang: str) -> dict:
    return i18n.load_catalog(LOCALES / f"{lang}.toml")


def _texts(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def test_bundled_locales_parse_and_cover_required_keys():
    en = _catalog("en")
    for key in ["app.title", "menu.play", "menu.continue", "menu.load", "menu.settings",
                "menu.rules", "menu.quit", "games.twenty_nine", "games.tute",
                "games.truco_argentino", "games.truco_mineiro", "games.buraco",
                "common.coming_soon", "settings.language", "settings.animation_speed",
                "settings.speed.slow", "settings.speed.normal", "settings.speed.fast",
                "settings.speed.instant", "settings.sound", "settings.four_colour",
                "settings.native_digits", "settings.fullscreen", "settings.on",
                "settings.off", "buttons.back", "buttons.ok", "buttons.cancel",
                "buttons.resume", "buttons.save_and_quit", "buttons.concede",
                "buttons.next_deal", "buttons.new_match", "seats.human", "seats.bot",
                "seats.easy", "seats.normal", "seats.hard", "handoff.pass_device",
                "handoff.click_when_ready", "turn.yours", "turn.thinking", "result.wins",
                "table.team", "table.score", "table.round", "table.deal", "deal.cards",
                "suits.spanish.oros", "suits.spanish.copas", "suits.spanish.espadas",
                "suits.spanish.bastos", "suits.french.spades", "suits.french.hearts",
                "suits.french.diamonds", "suits.french.clubs", "errors.save_damaged",
                "errors.settings_damaged"]:
        assert key in en, key
    for game in ["twenty_nine", "tute", "truco_argentino", "truco_mineiro", "buraco"]:
        assert f"game_desc.{game}" in en


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_english_key_exists_with_the_same_placeholders(lang):
    en, other = _catalog("en"), _catalog(lang)
    missing = sorted(set(en) - set(other))
    assert not missing, f"{lang}.toml lacks {missing}"
    extra = sorted(set(other) - set(en))
    assert not extra, f"{lang}.toml has keys English lacks: {extra}"
    for key, entry in en.items():
        assert i18n.placeholders(other[key]) == i18n.placeholders(entry), key
        assert isinstance(other[key], dict) == isinstance(entry, dict), key
        if isinstance(entry, dict):
            assert "other" in other[key], key
            # every form of a plural uses the same placeholders ("zero" may drop {n})
            for form, text in other[key].items():
                if form != "zero":
                    assert i18n.placeholders(text) == i18n.placeholders(entry), (key, form)


#: Keys whose text may equal the English one: proper names, the Spanish and Portuguese call
#: names every language keeps, and symbols. Anything else equal to English is untranslated.
SAME_AS_ENGLISH = {
    "app.title", "games.tute", "games.buraco", "settings_extra.percent", "seats.bot_level",
    "buraco_summary.kind_count", "recap.with_card", "options.buraco.mode_closed_wtcc",
    "truco_calls.shout", "mineiro_calls.shout", "calls.tute", "calls.capote",
    "truco_table.malas", "truco_table.buenas", "truco_table.badge_mano",
    "truco_table.flor_line", "truco_table.chicos", "truco_table.badge_flor_points",
    "truco_table.badge_envido", "truco_table.log_envido", "truco_table.log_flor",
    "truco_table.envido_won", "truco_table.refused_points", "truco_table.sum_refused",
    "truco_table.flor_won", "options.truco_mineiro.blind_iron_hand",
    "mineiro_table.dez_line", "mineiro_table.ferro_announce",
    "mineiro_calls.mao_de_dez", "mineiro_calls.mao_de_ferro",
    "tute_table.capote", "options.tute.capote", "settings.volume", "buttons.ok",
    "seats.normal", "settings.speed.normal", "buraco_table.stock", "seats.bot",
    "buraco_summary.canastas", "buraco_table.muertos", "tute_table.variant_three",
    "tute_table.capote_by", "mineiro_table.badge_mao", "summary.menu",
}
SAME_AS_ENGLISH |= {f"truco_calls.{k}" for k in (
    "envido", "real_envido", "falta_envido", "flor", "contraflor", "contraflor_al_resto",
    "truco", "retruco", "vale_cuatro", "primero", "quiero", "no_quiero", "con_flor_quiero",
    "con_flor_achico", "son_buenas", "mazo")}
SAME_AS_ENGLISH |= {f"mineiro_calls.{k}" for k in ("truco", "seis", "dez", "doze")}
SAME_AS_ENGLISH |= {f"bots.{g}" for g in ("twenty_nine", "tute", "truco_argentino",
                                          "truco_mineiro", "buraco")}
#: Latin words allowed inside Bangla and Hindi strings (key names, mode names).
LATIN_WORDS = {"Enter", "Esc", "S", "H", "L", "WTCC"}   # key names and a mode name


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_no_string_left_in_english(lang):
    en, other = _catalog("en"), _catalog(lang)
    same = sorted(k for k in en if _texts(other[k]) == _texts(en[k]) and k not in SAME_AS_ENGLISH)
    assert not same, f"{lang}: left in English: {same}"
    assert len([k for k in en if _texts(other[k]) == _texts(en[k])]) <= len(en) / 10


@pytest.mark.parametrize("lang", ["bn", "hi"])
def test_bangla_and_hindi_strings_have_no_english_words(lang):
    for key, entry in _catalog(lang).items():
        for text in _texts(entry):
            words = set(re.findall(r"[A-Za-z]+", re.sub(r"\{[a-z_]+\}", "", text)))
            assert words <= LATIN_WORDS, (key, words - LATIN_WORDS)


@pytest.mark.parametrize("lang", ["en"] + OTHER_LANGS)
def test_string_lists_match_english(lang):
    en = i18n.load_lists(LOCALES / "en.toml")
    own = i18n.load_lists(LOCALES / f"{lang}.toml")
    assert sorted(own) == sorted(en)
    for key, names in own.items():
        assert len(names) >= 5 and len(set(names)) == len(names), key
        assert all(name.strip() == name and name for name in names), key


def test_bot_names_per_language():
    assert Locale("hi").bot_names("twenty_nine")[0] == "राहुल"
    assert Locale("pt").bot_names("truco_mineiro")[:2] == ["Tião", "Zé"]
    assert Locale("es").bot_names("truco_argentino")[0] == "Facundo"
    assert all(re.search("[\u0980-\u09ff]", n) for n in Locale("bn").bot_names("buraco"))
    assert Locale("en").bot_names("nope") == []


@pytest.mark.parametrize("lang,card,deck,expected", [
    ("en", "7O", "spanish", "the seven of coins"), ("en", "JH", "french", "the jack of hearts"),
    ("es", "7O", "spanish", "el siete de oros"), ("es", "10C", "spanish", "la sota de copas"),
    ("es", "QS", "french", "la reina de picas"),
    ("hi", "7O", "spanish", "सिक्के का सत्ता"), ("hi", "QH", "french", "पान की बेगम"),
    ("hi", "2D", "french", "ईंट की दुक्की"),
    ("bn", "1D", "spanish", "1D"), ("bn", "AD", "french", "ডায়মন্ডের টেক্কা"),
    ("bn", "12B", "spanish", "লাঠির রাজা"), ("bn", "9S", "french", "স্পেডের নক্কা"),
    ("pt", "7D", "french", "o sete de ouros"), ("pt", "10E", "spanish", "a sota de espadas"),
    ("pt", "JK", "french", "o coringa"), ("en", "XX", "french", "XX"),
    ("en", "7O", "german", "7O"), ("en", "", "french", ""),
])
def test_card_names(lang, card, deck, expected):
    assert Locale(lang).card_name(card, deck) == expected


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_card_of_both_decks_has_a_name(lang):
    loc = Locale(lang)
    for rank in ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12"):
        for suit in "OCEB":
            name = loc.card_name(rank + suit, "spanish")
            assert name != rank + suit and rank not in name, (rank, suit, name)
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        for suit in "SHDC":
            assert loc.card_name(rank + suit, "french") != rank + suit


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_plural_categories_agree_with_cldr(lang):
    babel = pytest.importorskip("babel")
    rule = babel.Locale.parse(lang).plural_form
    for n in range(0, 1001):
        assert plural_category(lang, n) == rule(n), (lang, n)
    for n in (1.5, 0.5, 2.25, 1_000_000, 2_000_000):
        assert plural_category(lang, n) == rule(n), (lang, n)


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_plural_messages_have_the_forms_their_language_uses(lang):
    babel = pytest.importorskip("babel")
    categories = set(babel.Locale.parse(lang).plural_form.tags) | {"other"}
    for key, entry in _catalog(lang).items():
        if isinstance(entry, dict):
            forms = set(entry) - {"zero"}
            assert forms <= categories, (key, forms - categories)
            assert {"one", "other"} & categories <= forms or lang in ("bn", "hi"), key


@pytest.mark.parametrize("lang", ["en"] + OTHER_LANGS)
def test_numbers_go_in_through_placeholders(lang):
    for key, entry in _catalog(lang).items():
        for text in _texts(entry):
            assert not re.search(r"[0-9০-৯०-९]", text), f"{lang} {key}: literal digit in {text!r}"


@pytest.mark.parametrize("lang", ["en"] + OTHER_LANGS)
def test_placeholders_are_well_formed(lang):
    for key, entry in _catalog(lang).items():
        for text in _texts(entry):
            stripped = re.sub(r"\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}", "", text)
            assert "{" not in stripped and "}" not in stripped, f"{lang} {key}: {text!r}"


def test_language_list_has_own_names():
    assert i18n.available_languages() == [
        ("en", "English"), ("es", "Español"), ("bn", "বাংলা"), ("hi", "हिन्दी"),
        ("pt", "Português")]
    assert i18n.language_name("bn") == "বাংলা"
    assert i18n.language_name("xx") == "xx"
    for code in i18n.LANGUAGES:
        assert (LOCALES / f"{code}.toml").is_file()


def test_best_language_from_os_tags():
    assert i18n.best_language(["fr_FR", "bn_BD", "en_US"]) == "bn"
    assert i18n.best_language(["es-AR"]) == "es"
    assert i18n.best_language(["HI"]) == "hi"
    assert i18n.best_language(["pt_BR", "en"]) == "pt"
    assert i18n.best_language(["fr"]) == "en"
    assert i18n.best_language(None) == "en"
    assert i18n.normalize_language(None) is None


# --------------------------------------------------------------------------- fallback

def test_missing_key_falls_back_to_english_and_logs_once(tmp_locales, caplog):
    loc = Locale("bn", folder=tmp_locales)
    assert loc.t("menu.play") == "খেলুন"
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert loc.t("menu.only_english") == "Only in English"
        assert loc.t("menu.only_english") == "Only in English"
    records = [r for r in caplog.records if "menu.only_english" in r.getMessage()]
    assert len(records) == 1


def test_key_missing_everywhere_returns_the_key(tmp_locales, caplog):
    loc = Locale("bn", folder=tmp_locales)
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert loc.t("no.such.key") == "no.such.key"
        assert loc.t("no.such.key", n=3) == "no.such.key"
    assert len([r for r in caplog.records if "no.such.key" in r.getMessage()]) == 1


def test_missing_locale_file_falls_back_to_english(tmp_locales, caplog):
    with caplog.at_level(logging.ERROR, logger="game.i18n"):
        loc = Locale("hi", folder=tmp_locales)
    assert loc.lang == "hi"
    assert loc.t("menu.play") == "Play"
    assert any("hi.toml" in r.getMessage() for r in caplog.records)


def test_unknown_language_means_english(tmp_locales):
    loc = Locale("fr", folder=tmp_locales)
    assert loc.lang == "en"
    assert loc.t("menu.play") == "Play"
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"


# --------------------------------------------------------------------------- damaged files

@pytest.mark.parametrize("damage", [
    b'[menu]\nplay = "unterminated\n',
    b"\xff\xfe\x00garbage\x00\x80",
    b'[menu]\nplay = "a"\nplay = "twice"\n',
    b"",
])
def test_corrupt_locale_file_falls_back_to_english_and_is_left_alone(tmp_locales, caplog,
                                                                     damage):
    path = tmp_locales / "bn.toml"
    path.write_bytes(damage)
    before = path.stat().st_mtime_ns
    with caplog.at_level(logging.ERROR, logger="game.i18n"):
        loc = Locale("bn", folder=tmp_locales)
        assert loc.t("menu.play") == "Play"
        assert loc.t("deal.cards", n=2) in ("২ cards", "2 cards")
    if damage:  # an empty file is valid TOML: no error, just nothing translated
        assert any("bn.toml" in r.getMessage() and r.levelno >= logging.ERROR
                   for r in caplog.records)
    assert path.read_bytes() == damage
    assert path.stat().st_mtime_ns == before


def test_unreadable_locale_file(tmp_locales, caplog):
    (tmp_locales / "bn.toml").unlink()
    (tmp_locales / "bn.toml").mkdir()  # a folder where the file should be
    with caplog.at_level(logging.ERROR, logger="game.i18n"):
        loc = Locale("bn", folder=tmp_locales)
    assert loc.t("menu.play") == "Play"
    assert caplog.records


def test_corrupt_english_file_returns_keys(tmp_locales):
    (tmp_locales / "en.toml").write_text("this is = = not toml", encoding="utf-8")
    loc = Locale("en", folder=tmp_locales)
    assert loc.t("menu.play") == "menu.play"
    assert Locale("bn", folder=tmp_locales).t("menu.only_english") == "menu.only_english"


def test_load_catalog_raises_a_clear_error(tmp_path):
    bad = _write(tmp_path, "es.toml", "[x\n")
    with pytest.raises(i18n.LocaleFileError, match="es.toml"):
        i18n.load_catalog(bad)
    with pytest.raises(i18n.LocaleFileError, match="does not exist"):
        i18n.load_catalog(tmp_path / "nope.toml")


def test_non_text_values_are_ignored(tmp_path):
    _write(tmp_path, "en.toml", 'a = 3\nb = "ok"\n[c]\nd = [1, 2]\n')
    loc = Locale("en", folder=tmp_path)
    assert loc.t("a") == "a"
    assert loc.t("b") == "ok"
    assert loc.t("c.d") == "c.d"


def test_nested_tables_flatten_to_dotted_keys(tmp_path):
    _write(tmp_path, "en.toml", '[a]\nb = "1"\n[a.c]\nd = "2"\n[e.f.g]\nh = "3"\n')
    assert i18n.load_catalog(tmp_path / "en.toml") == {"a.b": "1", "a.c.d": "2", "e.f.g.h": "3"}


# --------------------------------------------------------------------------- plurals

@pytest.mark.parametrize("lang,n,expected", [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"), ("en", 1.5, "other"),
    ("en", -1, "one"), ("en", 21, "other"), ("en", 1.0, "one"),
    ("es", 0, "other"), ("es", 1, "one"), ("es", 2, "other"), ("es", 1_000_000, "many"),
    ("es", 2_000_000, "many"), ("es", 1_000_001, "other"), ("es", 1.5, "other"),
    ("bn", 0, "one"), ("bn", 1, "one"), ("bn", 2, "other"), ("bn", 0.5, "one"),
    ("bn", 1.5, "other"), ("bn", 100, "other"),
    ("hi", 0, "one"), ("hi", 1, "one"), ("hi", 2, "other"), ("hi", 11, "other"),
    ("pt", 0, "one"), ("pt", 1, "one"), ("pt", 1.5, "one"), ("pt", 2, "other"),
    ("pt", 1_000_000, "many"), ("pt", 1_000_001, "other"),
    ("xx", 1, "one"), ("en", "3", "other"), ("en", None, "other"), ("en", True, "other"),
    ("en", float("nan"), "other"), ("en", float("inf"), "other"),
])
def test_plural_category(lang, n, expected):
    assert plural_category(lang, n) == expected


@pytest.mark.parametrize("lang,n,expected", [
    ("en", 0, "No cards"), ("en", 1, "1 card"), ("en", 3, "3 cards"),
    ("es", 0, "Sin cartas"), ("es", 1, "1 carta"), ("es", 2, "2 cartas"),
    ("es", 1_000_000, "1.000.000 cartas"),  # no "many" form: falls back to "other"
    ("bn", 1, "১টি কার্ড"), ("bn", 5, "৫টি কার্ড"), ("bn", 0, "কোনো কার্ড নেই"),
    ("hi", 1, "1 पत्ता"), ("hi", 3, "3 पत्ते"), ("hi", 0, "कोई पत्ता नहीं"),
    ("pt", 0, "Nenhuma carta"), ("pt", 1, "1 carta"), ("pt", 2, "2 cartas"),
    ("pt", 2_000_000, "2.000.000 de cartas"),
])
def test_plural_messages(lang, n, expected):
    assert Locale(lang).t("deal.cards", n=n) == expected


def test_plural_without_count_uses_other(tmp_locales):
    assert Locale("en", folder=tmp_locales).t("deal.cards") == "{n} cards"
    assert Locale("en", folder=tmp_locales).t("deal.cards", n="1") == "1 cards"  # not a number


def test_plural_of_english_fallback_uses_english_rules(tmp_path):
    _write(tmp_path, "en.toml", 'x = { one = "{n} thing", other = "{n} things" }\n')
    _write(tmp_path, "hi.toml", "")
    # hi would call 0 "one"; the English text must still say "0 things"
    assert Locale("hi", folder=tmp_path).t("x", n=0) == "0 things"


# --------------------------------------------------------------------------- numbers

def test_native_digits_defaults_and_switch():
    bn, hi, es = Locale("bn"), Locale("hi"), Locale("es")
    assert bn.native_digits and not hi.native_digits and not es.native_digits
    assert bn.t("table.team", n=2) == "দল ২"
    assert hi.t("table.team", n=2) == "टीम 2"
    hi.native_digits = True
    assert hi.t("table.team", n=29) == "टीम २९"
    bn.native_digits = False
    assert bn.t("table.team", n=29) == "দল 29"
    es.native_digits = True  # es has no digits of its own
    assert es.t("table.team", n=29) == "Equipo 29"
    assert Locale("bn", native_digits=False).number(1234567) == "12,34,567"


def test_module_api_and_digits_helper():
    assert i18n.set_language("bn") == "bn"
    assert i18n.language() == "bn"
    assert i18n.native_digits()
    assert i18n.digits(29) == "২৯"
    assert i18n.t("menu.play") == "খেলুন"
    i18n.set_native_digits(False)
    assert i18n.digits(29) == "29"
    i18n.set_language("hi", native_digits=True)
    assert i18n.digits(-3) == "-३"
    assert i18n.t("deal.cards", n=2) == "२ पत्ते"
    i18n.set_language("en")
    assert i18n.digits(1234) == "1,234"
    assert i18n.current().t("turn.thinking", name="Ana") == "Ana is thinking…"


@pytest.mark.parametrize("n,lang,native,expected", [
    (0, "en", False, "0"), (1234567, "en", False, "1,234,567"), (-1234, "en", False, "-1,234"),
    (2000, "es", False, "2000"), (12345, "es", False, "12.345"), (1234567, "es", False, "1.234.567"),
    (1234567, "bn", True, "১২,৩৪,৫৬৭"), (123, "bn", True, "১২৩"), (-3, "bn", True, "-৩"),
    (1234567, "hi", False, "12,34,567"), (1234, "hi", True, "१,२३४"),
    (2.5, "es", False, "2,5"), (2.5, "bn", True, "২.৫"), (3.0, "en", False, "3"),
    (2000, "pt", False, "2.000"), (1234567, "pt", False, "1.234.567"), (2.5, "pt", False, "2,5"),
    (True, "en", False, "True"),
])
def test_format_number(n, lang, native, expected):
    assert format_number(n, lang, native=native) == expected


def test_to_native_digits():
    assert i18n.to_native_digits("28+4=32", "bn") == "২৮+৪=৩২"
    assert i18n.to_native_digits("29", "hi") == "२९"
    assert i18n.to_native_digits("29", "es") == "29"


@pytest.mark.parametrize("n,lang,native,expected", [
    (1, "en", False, "1st"), (2, "en", False, "2nd"), (3, "en", False, "3rd"),
    (4, "en", False, "4th"), (11, "en", False, "11th"), (12, "en", False, "12th"),
    (13, "en", False, "13th"), (21, "en", False, "21st"), (112, "en", False, "112th"),
    (1, "es", False, "primera"), (3, "es", False, "tercera"), (11, "es", False, "11.ª"),
    (1, "bn", True, "১ম"), (2, "bn", True, "২য়"), (4, "bn", True, "৪র্থ"),
    (6, "bn", True, "৬ষ্ঠ"), (8, "bn", True, "৮ম"), (11, "bn", True, "১১শ"),
    (20, "bn", True, "২০তম"),
    (1, "hi", False, "पहला"), (4, "hi", False, "चौथा"), (5, "hi", False, "5वाँ"),
    (1, "pt", False, "primeira"), (3, "pt", False, "terceira"), (11, "pt", False, "11ª"),
    (0, "en", False, "0"),
])
def test_ordinal(n, lang, native, expected):
    assert ordinal(n, lang, native=native) == expected


# --------------------------------------------------------------------------- placeholders

def test_placeholder_formatting():
    en = Locale("en")
    assert en.t("handoff.pass_device", name="Ana") == "Pass the device to Ana"
    assert en.t("handoff.pass_device") == "Pass the device to {name}"  # stays visible
    assert en.t("handoff.pass_device", name="{n}", n=3) == "Pass the device to {n}"
    assert en.t("table.team", n=True) == "Team True"
    assert Locale("bn").t("turn.player", name="Rahim") == "Rahim-এর পালা"
    assert Locale("es").t("errors.settings_damaged", file="s.bad").startswith(
        "El archivo de ajustes")


def test_format_message_edge_cases():
    fm = i18n.format_message
    assert fm("{{literal}} {x}", {"x": 1}) == "{literal} 1"
    assert fm("{x.attr} {0} {x!r}", {"x": 1}) == "{x.attr} {0} {x!r}"
    assert fm("{n}", {"n": 1234}, lang="hi", native=True) == "१,२३४"

    class Broken:
        def __str__(self):
            raise RuntimeError("nope")

    assert fm("{x}", {"x": Broken()}) == "{x}"


def test_every_message_formats_in_every_language():
    params = {"name": "Ana", "n": 3, "file": "x.bad", "reason": "disk full", "level": "hard",
              "suit": "x", "action": "play", "card": "x", "cards": "x, y", "points": 1.5,
              "percent": 40, "them": 7, "bid": 18, "count": 3, "value": 6, "shortcut": "F1",
              "mode": "Closed", "game": "Buraco", "names": "Ana, Rui", "score": "10 – 20",
              "date": "2026-11-23", "deal": 2, "detail": "x"}
    params.update(a="A", b="B", x="X", rb="RB")        # controller buttons (pads.*)
    for lang in i18n.LANGUAGES:
        loc = Locale(lang)
        for key in _catalog("en"):
            text = loc.t(key, **params)
            assert "{" not in text and "}" not in text, (lang, key, text)


# --------------------------------------------------------------------------- resources

def test_resource_path_source_and_frozen(monkeypatch, tmp_path):
    assert resources.resource_path("locales", "en.toml") == ROOT / "locales" / "en.toml"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_path("assets", "fonts") == tmp_path / "assets" / "fonts"
