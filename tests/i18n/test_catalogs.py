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
