"""CI's gate on the catalogs: every domain complete in German and Hungarian, placeholders alike, .mo files
current, and no text a person reads left outside the catalogs (the scanner, over Python, scripts and pages)."""

from __future__ import annotations

import pytest

from cardtable.i18n.catalogs import check
from cardtable.i18n.domains import DOMAINS
from cardtable.i18n.scan import scan


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_catalog_is_complete(domain):
    problems = check(domain)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(map(str, problems[:25]))


@pytest.mark.parametrize("domain", [d for d in DOMAINS if d.name != "click"], ids=lambda d: d.name)
def test_no_text_bypasses_the_catalogs(domain):
    hits = scan(domain)
    assert not hits, f"{len(hits)} texts outside the catalogs, e.g.:\n" + "\n".join(map(str, hits[:25]))


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_every_domain_has_texts(domain):
    """A domain whose sources yield nothing would pass the two tests above without checking anything."""
    from cardtable.i18n.catalogs import extract

    assert len([m for m in extract(domain) if m.id]) >= 10


def test_style_sheets_write_no_words():
    """A style sheet's ``content: "…"`` is read on the page but no catalog holds it: words come from the page
    (``attr(data-unit)``, ``var(--ct-new)``, set by scripts in the reader's language)."""
    import re

    from cardtable.i18n.domains import PACKAGE

    found = [f"{css.name}:{n}: {line.strip()}" for css in sorted((PACKAGE / "web" / "css").glob("*.css"))
             for n, line in enumerate(css.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""content:\s*(["'])[^"']*[A-Za-z]{2,}[^"']*\1""", line)]
    assert not found, found
