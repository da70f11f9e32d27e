"""Extract, update, compile and check the gettext catalogs of every domain, with Babel.

``extract(domain)`` reads the domain's sources and returns a template catalog (every message, where it is
used); ``update`` merges it into ``locale/<lang>/LC_MESSAGES/<domain>.po`` for each target language (new
messages come in untranslated, gone ones are dropped); ``compile`` writes the ``.mo`` files the program reads;
``check`` lists every problem that makes a catalog unfit to ship: a message without translation, a fuzzy one,
a translation whose placeholders differ from the source, a message the sources no longer use, a stale ``.mo``.
"""

from __future__ import annotations

import io
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from cardtable.engine.i18n import LOCALE_DIR

from .domains import BY_NAME, DOMAINS, TARGET_LANGUAGES, Domain
from .extractors import extract_cli_help, extract_html

PY_KEYWORDS: dict[str, Any] = {"_": None, "_n": (1, 2), "N_": None}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "N_": None}
COMMENT_TAGS = ["Translators:"]
METHODS: dict[str, Any] = {"python": "python", "javascript": "javascript", "jinja2": extract_html,
                           "cli-help": extract_cli_help}


def po_path(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(domain: str, lang: str) -> Path:
    return po_path(domain, lang).with_suffix(".mo")


def extract(domain: Domain) -> Catalog:
    """Every message of ``domain``'s sources, with where it is used and the translators' comments."""
    catalog = Catalog(domain=domain.name, project="cardtable", msgid_bugs_address="", charset="utf-8",
                      fuzzy=False)
    for path, method in domain.files():
        keywords = JS_KEYWORDS if method == "javascript" else PY_KEYWORDS
        if domain.name == "click":
            keywords = {"_": None, "gettext": None, "ngettext": (1, 2)}
        where = path.relative_to(domain.folder()).as_posix()
        for lineno, message, comments, context in extract_from_file(
                METHODS[method], str(path), keywords=keywords, comment_tags=COMMENT_TAGS,
                options={"parse_template_string": "false"}, strip_comment_tags=True):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def read(domain: str, lang: str) -> Catalog:
    path = po_path(domain, lang)
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="cardtable", charset="utf-8", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def write(catalog: Catalog, domain: str, lang: str) -> None:
    path = po_path(domain, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, sort_output=False, omit_header=False)
    path.write_bytes(buf.getvalue())


def update(domain: Domain, langs: Iterable[str] = TARGET_LANGUAGES) -> dict[str, int]:
    """Merge the sources' messages into each language's catalog; returns how many lack a translation."""
    template = extract(domain)
    missing: dict[str, int] = {}
    for lang in langs:
        catalog = read(domain.name, lang)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        write(catalog, domain.name, lang)
        missing[lang] = sum(1 for m in catalog if m.id and not _translated(m))
    return missing


def compiled(domain: str, lang: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read(domain, lang), use_fuzzy=False)
    return buf.getvalue()


def compile_all(domains: Iterable[Domain] = DOMAINS, langs: Iterable[str] = TARGET_LANGUAGES) -> list[Path]:
    written = []
    for domain in domains:
        for lang in langs:
            if po_path(domain.name, lang).exists():
                mo_path(domain.name, lang).write_bytes(compiled(domain.name, lang))
                written.append(mo_path(domain.name, lang))
    return written


def _translated(message: Any) -> bool:
    if message.fuzzy:
        return False
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


_FIELD = string.Formatter()


def placeholders(text: str, javascript: bool = False) -> set[str]:
    """The named fields of a message: ``{card}`` in Python's ``str.format`` and in our scripts' ``t()``."""
    if javascript:
        return set(re.findall(r"\{(\w+)\}", text))
    try:
        return {name for _lit, name, _spec, _conv in _FIELD.parse(text) if name is not None}
    except ValueError:
        return {"<malformed>"}


@dataclass(frozen=True)
class Problem:
    domain: str
    lang: str
    msgid: str
    reason: str

    def __str__(self) -> str:
        return f"{self.domain}.po [{self.lang}] {self.msgid[:70]!r}: {self.reason}"


def check(domain: Domain, langs: Iterable[str] = TARGET_LANGUAGES) -> list[Problem]:
    """Everything that keeps ``domain``'s catalogs from shipping (empty: all is well)."""
    template = extract(domain)
    problems: list[Problem] = []
    for lang in langs:
        catalog = read(domain.name, lang)
        for message in template:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            found = catalog.get(message.id, message.context)
            if found is None:
                problems.append(Problem(domain.name, lang, key, "not in the catalog (run `cardtable i18n update`)"))
                continue
            if not _translated(found):
                problems.append(Problem(domain.name, lang, key, "fuzzy" if found.fuzzy else "no translation"))
                continue
            js = any(loc.endswith(".js") for loc, _line in message.locations)
            ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
            strings = (found.string,) if isinstance(found.string, str) else tuple(found.string or ())
            wanted = set().union(*(placeholders(i, js) for i in ids))
            for text in strings:
                got = placeholders(text, js)
                if got != wanted:
                    problems.append(Problem(domain.name, lang, key,
                                            f"placeholders {sorted(got)} differ from the source's {sorted(wanted)}"))
                    break
        used = {(m.id, m.context) for m in template if m.id}
        for message in catalog:
            if message.id and (message.id, message.context) not in used:
                key = message.id if isinstance(message.id, str) else message.id[0]
                problems.append(Problem(domain.name, lang, key, "no source uses it any more (run `cardtable i18n update`)"))
        if po_path(domain.name, lang).exists() and (
                not mo_path(domain.name, lang).exists() or mo_path(domain.name, lang).read_bytes() != compiled(domain.name, lang)):
            problems.append(Problem(domain.name, lang, "", "the .mo file is older than the .po (run `cardtable i18n compile`)"))
    return problems


def domains(names: Iterable[str] | None) -> list[Domain]:
    """The named domains (all when none are named); an unknown name is a ValueError naming the known ones."""
    names = list(names or [])
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise ValueError(f"unknown domain {unknown[0]!r}; the domains are {', '.join(BY_NAME)}")
    return [BY_NAME[n] for n in names] if names else list(DOMAINS)


def page_messages(domain: str, lang: str, scripts_only: bool = True) -> Iterator[tuple[str, Any]]:
    """The translated messages of ``domain`` that the browser's scripts use (msgid, msgstr or its forms)."""
    for message in read(domain, lang):
        if not message.id or not _translated(message):
            continue
        if scripts_only and not any(loc.endswith((".js", ".html")) for loc, _line in message.locations):
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        value = list(message.string) if isinstance(message.string, (tuple, list)) else message.string
        yield key, value
