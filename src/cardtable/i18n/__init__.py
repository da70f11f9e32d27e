"""The catalogs' tools: which sources feed which domain, extraction, update, compilation and checks (Babel).

The running program needs none of this: it reads compiled catalogs through ``cardtable.engine.i18n``. These
tools serve the people who write and translate texts (``cardtable i18n …``) and the tests that keep the
catalogs complete.
"""
