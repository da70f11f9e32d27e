"""A data file's entries as form fields, and one field changed in the YAML text with everything else kept.

The workbench's forms are built from the file itself: the entries of its first top-level list of mappings (a
set's or a deck's ``cards``), each with every scalar inside it as a field — its path (``maneuvers[0].cost.magic``),
its value, its type and its line. Changing a field replaces exactly that scalar's characters in the text, so the
designer's comments, order and layout stay as they were; the game's loader then checks the result as it checks
any file (:meth:`cardtable.studio.workspace.Workspace.check`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from cardtable.engine.i18n import Translator

from .workspace import WorkspaceError

_ = Translator("cardtable")

#: A plain scalar that YAML reads as the same text (no quotes needed)
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ./-]*")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}
MAX_FIELDS = 400


def _nodes(text: str) -> tuple[Any, Any]:
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise WorkspaceError(_("the file is not valid YAML: {problem}", problem=getattr(exc, "problem", None) or exc)) \
            from None
    return node, data


def _entries_key(node: Any) -> str | None:
    """The key of the first top-level list of mappings (``cards``), or None."""
    import yaml

    if not isinstance(node, yaml.MappingNode):
        return None
    for key, value in node.value:
        if isinstance(value, yaml.SequenceNode) and value.value and isinstance(value.value[0], yaml.MappingNode):
            return str(key.value)
    return None


def entries(text: str) -> dict[str, Any]:
    """The file's entries (``{"key": "cards", "entries": [{"index", "id", "name", "fields": […]}]}``) and its
    own top-level scalar fields (``file_fields``)."""
    import yaml

    node, data = _nodes(text)
    key = _entries_key(node)
    out: dict[str, Any] = {"key": key, "entries": [], "file_fields": []}
    if not isinstance(node, yaml.MappingNode):
        return out
    for k, v in node.value:
        if isinstance(v, yaml.ScalarNode):
            out["file_fields"].append(_field([str(k.value)], v, data.get(k.value) if isinstance(data, dict) else None))
    if key is None:
        return out
    seq = next(v for k, v in node.value if k.value == key)
    for i, item in enumerate(seq.value):
        raw = data[key][i] if isinstance(data, dict) and isinstance(data.get(key), list) else {}
        fields: list[dict[str, Any]] = []
        _walk(item, raw, [], fields)
        ident = raw.get("id", raw.get("card")) if isinstance(raw, dict) else None
        out["entries"].append({"index": i, "id": ident, "name": _shown_name(raw),
                               "line": item.start_mark.line + 1, "fields": fields[:MAX_FIELDS]})
    return out


def _shown_name(raw: Any) -> str | None:
    """An entry's ``name`` in the reader's language where the file gives one (``translations: {de: {name: …}}``,
    as the games' data files do), else as written."""
    from cardtable.engine.i18n import current_language

    if not isinstance(raw, dict):
        return None
    translations = raw.get("translations")
    if isinstance(translations, dict):
        own = translations.get(current_language())
        shown = own.get("name") if isinstance(own, dict) else None
        if isinstance(shown, str):
            return shown
    name = raw.get("name")
    return name if isinstance(name, str) else None


def _walk(node: Any, raw: Any, path: list[Any], out: list[dict[str, Any]]) -> None:
    import yaml

    if isinstance(node, yaml.ScalarNode):
        out.append(_field(path, node, raw))
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value
            _walk(v, raw.get(_data_key(raw, key)) if isinstance(raw, dict) else None, path + [key], out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _walk(v, raw[i] if isinstance(raw, list) and i < len(raw) else None, path + [i], out)


def _data_key(raw: dict[Any, Any], key: str) -> Any:
    if key in raw:
        return key
    for k in raw:  # a key YAML read as a number or a boolean
        if str(k) == key:
            return k
    return key


def _field(path: list[Any], node: Any, value: Any) -> dict[str, Any]:
    kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else \
        "float" if isinstance(value, float) else "null" if value is None else "text"
    return {"path": dotted(path), "parts": path, "value": value, "type": kind, "line": node.start_mark.line + 1}


def dotted(parts: list[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def set_field(text: str, entry: int | None, parts: list[Any], value: Any) -> str:
    """``text`` with the scalar at ``parts`` of entry ``entry`` (None: of the file itself) replaced by ``value``;
    only that scalar's characters change."""
    import yaml

    node, _data = _nodes(text)
    if not isinstance(parts, list) or not parts or not all(isinstance(p, (str, int)) and not isinstance(p, bool)
                                                           for p in parts):
        raise WorkspaceError(_("a field is named by its path: a list of keys and list positions"))
    target = node
    if entry is not None:
        key = _entries_key(node)
        if key is None:
            raise WorkspaceError(_("this file has no list of entries"))
        seq = next(v for k, v in node.value if k.value == key)
        if not isinstance(entry, int) or isinstance(entry, bool) or not 0 <= entry < len(seq.value):
            raise WorkspaceError(_("no entry {entry}: the file has {n}", entry=entry, n=len(seq.value)))
        target = seq.value[entry]
    for part in parts:
        if isinstance(target, yaml.MappingNode) and isinstance(part, str):
            found = [v for k, v in target.value if k.value == part]
        elif isinstance(target, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(target.value):
            found = [target.value[part]]
        else:
            found = []
        if not found:
            raise WorkspaceError(_("no field {field} here", field=repr(dotted(parts))))
        target = found[0]
    if not isinstance(target, yaml.ScalarNode):
        raise WorkspaceError(_("the field {field} holds a list or a mapping: edit the fields inside it",
                               field=repr(dotted(parts))))
    return text[:target.start_mark.index] + scalar_text(value) + text[target.end_mark.index:]


def scalar_text(value: Any) -> str:
    """``value`` written as a YAML scalar that reads back as the same value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if not isinstance(value, str):
        raise WorkspaceError(_("a field's value is a number, true or false, a text or null"))
    if "\n" in value or len(value) > 10_000:
        raise WorkspaceError(_("a text field holds one line (at most 10,000 characters)"))
    if _PLAIN.fullmatch(value) and value.lower() not in _RESERVED and value == value.strip():
        return value
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar
