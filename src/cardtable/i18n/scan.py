"""Find the texts a person would read that bypass the catalogs: prose in a Python, JavaScript or page source
that is not inside ``_()``, ``_n()``, ``N_()`` (Python, pages) or ``t()``, ``tn()``, ``N_()`` (scripts).

"Prose" is two words of letters side by side (``"draw a card"``, ``"Pile"`` is not caught: a single word is
too often a key). Not prose: docstrings, comments, the arguments of logging and ``re`` calls, CSS class
lists and selectors in scripts. A line that must keep a literal (a rule ID pattern, a JSON key with a
space, text for programmers only) says so with a ``# i18n: no`` (Python) or ``// i18n: no`` (scripts)
comment, or, for a whole block, puts the comment on the line that opens the call.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from .domains import Domain

PROSE = re.compile(r"[A-Za-zÀ-ÿőűŐŰ]{2,}[ ][,;:()'’-]*[A-Za-zÀ-ÿőűŐŰ]{2,}")
MARKED = ("_", "_n", "N_")
PROGRAMMERS = {"debug", "info", "warning", "error", "exception", "critical", "compile", "match", "fullmatch",
               "search", "sub", "findall", "finditer", "split", "warn"}
NO = "i18n: no"


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text[:90]!r}"


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def scan_python(path: Path, shown: str) -> list[Hit]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in MARKED or name in PROGRAMMERS:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    for sub in ast.walk(arg):
                        if name in MARKED or isinstance(sub, ast.Constant):
                            skip.add(id(sub))
            if NO in lines[node.lineno - 1]:
                for sub in ast.walk(node):
                    skip.add(id(sub))
        elif isinstance(node, ast.Assert) and node.msg is not None:
            for sub in ast.walk(node.msg):
                skip.add(id(sub))
        elif isinstance(node, ast.JoinedStr):
            for sub in ast.walk(node):
                if isinstance(sub, ast.FormattedValue) and sub.format_spec is not None:
                    for spec in ast.walk(sub.format_spec):
                        skip.add(id(spec))
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if PROSE.search(node.value) and NO not in lines[node.lineno - 1]:
                hits.append(Hit(shown, node.lineno, node.value))
    return hits


# A script's string literals: '…', "…" and `…` (with ${…} inside, one level of nesting).
_JS_TOKEN = re.compile(r"""(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<string>'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|\$\{(?:[^{}]|\{[^{}]*\})*\}|[^`\\])*`)""", re.S)
_JS_NOT_TEXT = re.compile(
    r"(?:\b(?:t|tn|N_|querySelector|querySelectorAll|closest|matches|add|remove|toggle|contains|replace|"
    r"getElementById|import|from|setAttribute|getAttribute|startsWith|endsWith|includes|"
    r"addEventListener|removeEventListener|console\.(?:log|warn|error|info|debug))\s*\(\s*"
    r"|\b(?:tn)\s*\(\s*(?:'[^']*'|\"[^\"]*\")\s*,\s*"
    r"|\bclass(?:Name)?\s*[:=]\s*(?:[^,;{}]*\?\s*)?|\bfrom\s+|\bimport\s+)$")
_TAGS = re.compile(r"<[^>]*>")
_INTERP = re.compile(r"\$\{(?:[^{}]|\{[^{}]*\})*\}")


def scan_javascript(path: Path, shown: str) -> list[Hit]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    hits = []
    for m in _JS_TOKEN.finditer(source):  # comments and strings in one pass: a '//' in a string is no comment
        if m.group("comment"):
            continue
        position = m.start()
        line = source.count("\n", 0, position) + 1
        before = source[max(0, position - 120):position]
        if _JS_NOT_TEXT.search(before) or NO in lines[line - 1]:
            continue
        body = m.group()[1:-1]
        text = _TAGS.sub(" ", _INTERP.sub(" ", body))
        if PROSE.search(text):
            hits.append(Hit(shown, line, body))
    return hits


class _PageText(HTMLParser):
    ATTRS = ("title", "aria-label", "placeholder", "alt", "aria-description")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hits: list[tuple[int, str]] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in self.ATTRS and value and "{{" not in value and PROSE.search(value):
                self.hits.append((self.getpos()[0], value))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", data, flags=re.S)
        if PROSE.search(text) or re.search(r"[A-Za-z]{3,}", text):
            self.hits.append((self.getpos()[0], text.strip()))


def scan_page(path: Path, shown: str) -> list[Hit]:
    parser = _PageText()
    source = path.read_text(encoding="utf-8")
    source = re.sub(r"\{%.*?%\}|\{#.*?#\}", "", source, flags=re.S)
    parser.feed(source)
    return [Hit(shown, line, text) for line, text in parser.hits if text]


def scan(domain: Domain) -> list[Hit]:
    """Every text of ``domain``'s sources that a person reads and the catalogs do not hold."""
    hits: list[Hit] = []
    for path, method in domain.files():
        shown = path.relative_to(domain.folder()).as_posix()
        if method == "python":
            hits.extend(scan_python(path, shown))
        elif method == "javascript":
            hits.extend(scan_javascript(path, shown))
        elif method == "jinja2":
            hits.extend(scan_page(path, shown))
    return hits
