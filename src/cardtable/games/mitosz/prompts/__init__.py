"""Mítosz's prompts (spec 8.2): each kind of question a player is asked in the middle of a procedure is a frozen class
that answers itself (``base.Prompt``); ``registry.PROMPTS`` maps each kind to its class. (This package imports
nothing: importing one of its modules costs no other.)"""
