"""What of Mítosz's data files may be translated, and into which languages: read by the loader (``data``) and by the
schemas (``schema``), which import nothing else of each other for it."""

from __future__ import annotations

#: The fields of each kind of entry that a person reads, and so may be translated (``translations.<lang>.<field>``).
TRANSLATABLE: dict[str, tuple[str, ...]] = {"card": ("name", "flavor"), "set": ("name", "note"),
                                             "deck": ("name", "note")}
#: The languages a file may translate into (English is the file's own fields).
TRANSLATION_LANGUAGES: tuple[str, ...] = ("de", "hu")
