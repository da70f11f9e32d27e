"""Mojo (rulebook 002_1e84b5280a20b663.txt, spec rules/mojo.md): shedding, lowest score wins."""

from cardtable.engine import register

from .game import MojoGame

register(MojoGame)

__all__ = ["MojoGame"]
