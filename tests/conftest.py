import os

from hypothesis import HealthCheck, settings

# "ci" (default) keeps the suite well inside CI's budget; "thorough" is for a long local run:
#   CARDTABLE_HYPOTHESIS=thorough python3 dev.py test
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=5000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("CARDTABLE_HYPOTHESIS", "ci"))

# The suite reads cardtable in English unless a test asks for another language (the CLI would otherwise take
# the machine's locale: a German workstation would see German texts where the tests expect English).
os.environ["CARDTABLE_LANG"] = "en"

# A heuristic that fails on a decision raises under the tests instead of passing (cardtable.engine.agent.STRICT_BOTS).
os.environ["CARDTABLE_STRICT_BOTS"] = "1"

# Every view a server sends is checked against its game's view model first (cardtable.engine.view_model.CHECK_VIEWS):
# the web client reads views by those schemas, so a field a surface sends without its schema fails a test.
os.environ["CARDTABLE_CHECK_VIEWS"] = "1"


def _signals_as_at_a_terminal() -> None:
    """Some tests send Ctrl-C (SIGINT) or a hang-up (SIGHUP) to the suite or to its children and expect what a
    terminal would get. A run started in the background (``nohup``, ``&`` in a script) starts with both ignored,
    and an ignored signal stays ignored in every child: those tests would then fail for how the suite was started,
    not for what it tests (cardtable rightly keeps a signal its parent ignores ignored). So SIGINT gets Python's
    own handler, and SIGHUP a handler that does nothing: the run still survives a hang-up, as ``nohup`` asked, but a
    handler, unlike an ignored signal, is the default again in every program the tests start."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:
        signal.signal(signal.SIGHUP, lambda signum, frame: None)


_signals_as_at_a_terminal()
