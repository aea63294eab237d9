"""What every held-out catalogue of learner solutions (tests/catalogue_heldout*.py) needs:
the lists ``WRONG`` and ``CORRECT`` and the decorators that fill them."""


def registry():
    """``(WRONG, CORRECT, wrong, correct)`` for one catalogue.

    ``@wrong(check, *phrases)`` appends ``(check, function, phrases)`` to ``WRONG`` (the
    phrases: words a teacher would use to name the bug); ``@correct(check)`` appends
    ``(check, function)`` to ``CORRECT``."""
    wrong_rows, correct_rows = [], []

    def wrong(check, *phrases):
        def register(func):
            wrong_rows.append((check, func, phrases))
            return func

        return register

    def correct(check):
        def register(func):
            correct_rows.append((check, func))
            return func

        return register

    return wrong_rows, correct_rows, wrong, correct
