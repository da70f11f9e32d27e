"""Levels, roads, power points, statics, immunity and card filters (spec 5.10, 6.2, 6.7; MIT-5.5, 5.8, 5.12).

Continuous effects are never stored on the cards: a level is computed from the printed level, the
attached modifier cards, tokens, the active effects and the statics of the cards on the board, each
time it is asked. Statics are gathered once per change of the board (``statics_cache``). The modules: ``board``
(the board's facts and caches), ``statics``, ``power``, ``abilities`` (and immunity), ``card_types``, ``level``,
``filters``. (This package imports nothing: importing one of its modules costs no other.)
"""
