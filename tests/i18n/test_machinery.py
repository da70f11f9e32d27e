"""The catalogs' machinery: language choice, plural forms, numbers, per-reader languages, the checks."""

from __future__ import annotations

import asyncio

import pytest
from babel.messages.catalog import Catalog

from cardtable.engine.i18n import (Translator, choose, current_language, language, negotiate, normalize, number,
                                   set_language)
from cardtable.i18n import catalogs
from cardtable.i18n.domains import BY_NAME, Domain
from cardtable.i18n.scan import scan_javascript, scan_python


def test_normalize_and_negotiate():
    assert normalize("de-AT") == "de" and normalize("hu_HU.UTF-8") == "hu" and normalize("fr") is None
    assert negotiate("fr, hu;q=0.8, de;q=0.9") == "de"
    assert negotiate("en-GB,en;q=0.9") == "en"
    assert negotiate("fr, es;q=0.5") is None and negotiate("de;q=0") is None


def test_choose_order(monkeypatch):
    monkeypatch.setenv("CARDTABLE_LANG", "hu")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert choose("de") == "de"  # --lang first
    assert choose(None) == "hu"  # then CARDTABLE_LANG
    monkeypatch.delenv("CARDTABLE_LANG")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert choose(None) == "de"  # then the system locale
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        choose("xx")


def test_numbers_by_locale():
    assert number(12345.5, 1, "en") == "12,345.5"
    assert number(12345.5, 1, "de") == "12.345,5"
    assert number(12345.5, 1, "hu").replace("\xa0", " ") == "12 345,5"


def test_language_is_per_context():
    """Two readers at once (two sockets' tasks) each keep their own language."""
    seen = {}

    async def reader(lang):
        with language(lang):
            await asyncio.sleep(0)
            seen[lang] = current_language()

    async def both():
        await asyncio.gather(reader("de"), reader("hu"))

    asyncio.run(both())
    assert seen == {"de": "de", "hu": "hu"} and current_language() == "en"


def test_translator_plural_and_fallback():
    _ = Translator("no-such-domain")
    with language("de"):  # no catalog: the English source, filled in
        assert _("card {card} is not in your hand", card=7) == "card 7 is not in your hand"
        assert _.plural("{n} card", "{n} cards", 2) == "2 cards"
        assert _("{share} of the wins", share=0.5) == "0,5 of the wins"  # floats in the reader's locale
    assert _.plural("{n} card", "{n} cards", 1) == "1 card"


def test_placeholders_are_compared():
    assert catalogs.placeholders("card {card} on pile {pile}") == {"card", "pile"}
    assert catalogs.placeholders("{name!r} at {x:.2f}") == {"name", "x"}
    assert catalogs.placeholders("${x} {y}", javascript=True) == {"x", "y"}


def test_check_finds_missing_fuzzy_and_wrong_placeholders(tmp_path, monkeypatch):
    """A catalog with every kind of fault: the check names each (so the CI test on the real ones can fail)."""
    source = tmp_path / "src" / "m.py"
    source.parent.mkdir()
    source.write_text('_("a card {card}")\n_("two words here")\n_("left out")\n_n("{n} card", "{n} cards", n)\n')
    domain = Domain("probe", (("m.py", "python"),), root=lambda: source.parent)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locale")
    catalogs.update(domain, ["de"])
    catalog = catalogs.read("probe", "de")
    catalog["a card {card}"].string = "eine Karte {karte}"  # placeholder renamed
    catalog["two words here"].string = "zwei Wörter"
    catalog["two words here"].flags.add("fuzzy")
    catalog[("{n} card", "{n} cards")].string = ("{n} Karte", "{n} Karten")
    catalog.add("gone", "weg")
    catalogs.write(catalog, "probe", "de")
    reasons = {(p.msgid, p.reason.split(" ")[0]) for p in catalogs.check(domain, ["de"])}
    assert ("a card {card}", "placeholders") in reasons
    assert ("two words here", "fuzzy") in reasons
    assert ("left out", "no") in reasons
    assert ("gone", "no") in reasons  # no source uses it
    assert ("", "the") in reasons  # no .mo yet
    assert not any(m == "{n} card" for m, _r in reasons)


def test_scanner_finds_bypassing_texts(tmp_path):
    py = tmp_path / "m.py"
    py.write_text('"""A docstring is fine."""\n'
                  'x = _("marked text is fine")\n'
                  'y = f"card {c} is not here"\n'
                  'logger.info("for the log only")\n'
                  'z = "left out here"  # i18n: no\n'
                  'w = "Pile"\n')
    assert [h.line for h in scan_python(py, "m.py")] == [3]
    js = tmp_path / "m.js"
    js.write_text('const a = t("marked text");\n'
                  'h("p", { class: "btn small" }, "Your turn now");\n'
                  'const u = "see http://example.org for more"; // a comment with two words\n'
                  'el.textContent = `${n} cards left`;\n')
    assert sorted(h.line for h in scan_javascript(js, "m.js")) == [2, 3, 4]


def test_domains_cover_every_game():
    from cardtable.engine.registry import game_names
    from cardtable.server.pages import game_domain

    assert {game_domain(g) for g in game_names()} <= set(BY_NAME)
