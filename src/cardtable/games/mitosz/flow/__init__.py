"""The turn machine (spec 5.6), open windows (5.7), counter rounds and the stack (5.8), prompts (8.2): ``machine`` runs
the pending steps, ``turns``, ``windows`` and ``end_phase`` are the steps, ``prompts`` sets the questions and
answers them, ``phases`` names the phases. (This package imports nothing: importing one of its modules costs no
other.)"""
