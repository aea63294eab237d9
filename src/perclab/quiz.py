"""Self-check questions: try an answer, get told whether it is right.

The grading is two plain functions, :func:`check_choice` and :func:`check_number`, each
returning a :class:`Feedback`. :func:`multiple_choice` and :func:`numeric` wrap them in a
small box of widgets for readers who run a chapter live (Binder, Colab, JupyterLab);
ipywidgets is imported only there, so ``import perclab`` stays fast.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from perclab._validation import check_real

__all__ = ["Feedback", "check_choice", "check_number", "multiple_choice", "numeric"]

_EXAMPLE = "type e.g. 3 or 0.25"
_TRY_AGAIN = "Try again, or open the answer below."
_STYLE = {  # (symbol, colour) for right, wrong and not yet attempted; Okabe-Ito colours
    True: ("\u2714", "#009E73"),
    False: ("\u2718", "#D55E00"),
    None: ("\u2192", "#555555"),
}


@dataclass(frozen=True)
class Feedback:
    """The verdict on one attempt.

    ``correct`` says whether the answer is right and ``message`` what to tell the reader.
    ``attempted`` is False when there was nothing to grade (no option chosen, an empty
    box, or text that is not a number); ``correct`` is then False too.
    """

    correct: bool
    message: str
    attempted: bool = True


def check_choice(selected, answer, *, explanation: str | None = None) -> Feedback:
    """Grade a multiple-choice attempt.

    Parameters
    ----------
    selected : str or None
        The option the reader chose; None when nothing is chosen yet.
    answer : str
        The correct option.
    explanation : str, optional
        Added to the message when the attempt is right.

    Returns
    -------
    Feedback

    Examples
    --------
    >>> check_choice("4", "4")
    Feedback(correct=True, message='Correct.', attempted=True)
    >>> check_choice("5", "4").correct
    False
    >>> check_choice(None, "4").attempted
    False
    """
    explanation = _check_explanation(explanation)
    if selected is None:
        return Feedback(False, "Choose one of the options, then press Check.", False)
    if selected == answer:
        return Feedback(True, _with_explanation("Correct.", explanation))
    return Feedback(False, f"Not this one. {_TRY_AGAIN}")


def check_number(
    text, answer: float, tol: float = 1e-9, *, explanation: str | None = None
) -> Feedback:
    """Grade a numeric attempt typed as text.

    The text may be an integer, a decimal, scientific notation or a fraction
    (``3``, ``0.25``, ``2.5e-3``, ``1/4``). Anything else gets a message saying what to
    type, never an exception.

    Parameters
    ----------
    text : str or real number
        What the reader typed.
    answer : float
        The correct value.
    tol : float, default 1e-9
        Absolute tolerance, >= 0: the attempt is right when ``|value - answer| <= tol``.
    explanation : str, optional
        Added to the message when the attempt is right.

    Returns
    -------
    Feedback

    Raises
    ------
    TypeError, ValueError
        If ``answer`` or ``tol`` is not a finite real number, or ``tol`` is negative.

    Examples
    --------
    >>> check_number("1/4", 0.25)
    Feedback(correct=True, message='Correct.', attempted=True)
    >>> check_number("0.3", 0.25, tol=0.1).message
    'Correct (the exact value is 0.25).'
    >>> check_number("abc", 0.25).message
    "'abc' is not a number; type e.g. 3 or 0.25"
    """
    answer = check_real(answer, name="answer")
    tol = _check_tol(tol)
    explanation = _check_explanation(explanation)
    value, problem = _parse_number(text)
    if problem is not None:
        return Feedback(False, problem, False)
    if abs(value - answer) > tol:
        return Feedback(False, f"Not quite: {value:.12g} is not it. {_TRY_AGAIN}")
    verdict = (
        "Correct." if value == answer else f"Correct (the exact value is {answer:.12g})."
    )
    return Feedback(True, _with_explanation(verdict, explanation))


def multiple_choice(
    question: str, options: Sequence[str], answer: str, *, explanation: str | None = None
):
    """A multiple-choice question as a live widget: options, a Check button, feedback.

    Parameters
    ----------
    question : str
        The question; HTML and ``$...$`` maths are rendered.
    options : sequence of str
        At least two distinct, non-empty options, shown in this order.
    answer : str
        The correct option, one of ``options``.
    explanation : str, optional
        Shown, after "Correct.", once the reader picks the right option.

    Returns
    -------
    ipywidgets.VBox
        Its ``children`` are the question (``HTMLMath``), the options
        (``RadioButtons``, nothing selected), the Check ``Button`` and the feedback
        (``HTMLMath``, empty until the first check; cleared when the choice changes).

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).
    TypeError, ValueError
        If the question, options or answer are malformed.

    Examples
    --------
    >>> box = multiple_choice("Which label does the perceptron use?", ["0", "-1"], "-1")
    >>> prompt, choices, check, feedback = box.children
    >>> choices.value = "-1"
    >>> check.click()
    >>> "Correct." in feedback.value
    True
    """
    question = _check_text(question, name="question")
    options, answer = _check_options(options, answer)
    explanation = _check_explanation(explanation)
    widgets = _import_widgets()
    choices = widgets.RadioButtons(
        options=options, value=None, layout=widgets.Layout(width="auto")
    )
    check = widgets.Button(description="Check", tooltip="Check your choice")
    feedback = widgets.HTMLMath(value="")

    def on_check(_button=None):
        result = check_choice(choices.value, answer, explanation=explanation)
        feedback.value = _feedback_html(result)

    def on_choice(_change):
        feedback.value = ""

    check.on_click(on_check)
    choices.observe(on_choice, names="value")
    return _box(widgets, question, choices, check, feedback)


def numeric(
    question: str, answer: float, *, tol: float = 1e-9, explanation: str | None = None
):
    """A question with a numeric answer as a live widget: a text box, Check, feedback.

    Pressing Enter in the box (or leaving it) checks too. Text that is not a number gets
    a message saying what to type.

    Parameters
    ----------
    question : str
        The question; HTML and ``$...$`` maths are rendered.
    answer : float
        The correct value.
    tol : float, default 1e-9
        Absolute tolerance, >= 0; see :func:`check_number`.
    explanation : str, optional
        Shown, after "Correct.", once the reader types a right value.

    Returns
    -------
    ipywidgets.VBox
        Its ``children`` are the question (``HTMLMath``), the ``Text`` box, the Check
        ``Button`` and the feedback (``HTMLMath``, empty until the first check).

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).
    TypeError, ValueError
        If the question is not text, or ``answer`` or ``tol`` is not a finite number
        (``tol`` must be >= 0).

    Examples
    --------
    >>> box = numeric("How many updates from w = 0 on one point?", 1)
    >>> prompt, entry, check, feedback = box.children
    >>> entry.value = "two"
    >>> "is not a number" in feedback.value
    True
    >>> entry.value = "1"
    >>> "Correct." in feedback.value
    True
    """
    question = _check_text(question, name="question")
    answer = check_real(answer, name="answer")
    tol = _check_tol(tol)
    explanation = _check_explanation(explanation)
    widgets = _import_widgets()
    entry = widgets.Text(
        value="",
        placeholder=_EXAMPLE.replace("type ", ""),
        continuous_update=False,  # the value arrives on Enter or when the box is left
    )
    check = widgets.Button(description="Check", tooltip="Check your number")
    feedback = widgets.HTMLMath(value="")

    def on_check(_button=None):
        result = check_number(entry.value, answer, tol, explanation=explanation)
        feedback.value = _feedback_html(result)

    check.on_click(on_check)
    entry.observe(on_check, names="value")
    return _box(widgets, question, entry, check, feedback)


# --------------------------------------------------------------------------- helpers


def _parse_number(text) -> tuple[float | None, str | None]:
    """Return ``(value, None)`` for a finite number, or ``(None, message)`` otherwise."""
    if isinstance(text, bool):
        return None, f"{text!r} is not a number; {_EXAMPLE}"
    if isinstance(text, (int, float, Fraction)):
        value = float(text)
    elif isinstance(text, str):
        stripped = text.strip().replace("\u2212", "-")  # accept a typographic minus
        if not stripped:
            return None, "Type a number first, e.g. 3 or 0.25."
        shown = repr(stripped if len(stripped) <= 30 else stripped[:27] + "...")
        try:
            value = float(stripped)
        except ValueError:
            try:
                value = float(Fraction(stripped))
            except ZeroDivisionError:
                return None, f"{shown} divides by zero; {_EXAMPLE}"
            except ValueError:
                hint = " (with a decimal point, not a comma)" if "," in stripped else ""
                return None, f"{shown} is not a number; {_EXAMPLE}{hint}"
    else:
        return None, f"{text!r} is not a number; {_EXAMPLE}"
    if not math.isfinite(value):
        return None, f"{text!r} is not a finite number; {_EXAMPLE}"
    return value, None


def _with_explanation(verdict: str, explanation: str | None) -> str:
    return verdict if explanation is None else f"{verdict} {explanation}"


def _feedback_html(feedback: Feedback) -> str:
    """The feedback as coloured HTML with a symbol, so colour is never the only cue."""
    key = feedback.correct if feedback.attempted else None
    symbol, colour = _STYLE[key]
    return (
        f'<span style="color: {colour}; font-weight: bold">{symbol}</span> '
        f"{html.escape(feedback.message, quote=False)}"
    )


def _box(widgets, question, answer_widget, check, feedback):
    """Stack the parts of a question in a framed box."""
    layout = widgets.Layout(
        border="1px solid #BBBBBB", padding="4px 12px", margin="8px 0", width="auto"
    )
    return widgets.VBox(
        [widgets.HTMLMath(value=question), answer_widget, check, feedback], layout=layout
    )


def _import_widgets():
    try:
        import ipywidgets
    except ImportError:
        raise ImportError(
            "the self-check questions need ipywidgets; install it with "
            "`pip install ipywidgets` and restart the kernel"
        ) from None
    return ipywidgets


def _check_text(value, *, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, got {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{name} is empty; write the text to show")
    return value


def _check_explanation(explanation) -> str | None:
    return None if explanation is None else _check_text(explanation, name="explanation")


def _check_tol(tol) -> float:
    tol = check_real(tol, name="tol")
    if tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}; pass 0 to require an exact value")
    return tol


def _check_options(options, answer) -> tuple[tuple[str, ...], str]:
    if isinstance(options, str) or not isinstance(options, Sequence):
        raise TypeError(
            'options must be a list of strings, e.g. ["yes", "no"], '
            f"got {type(options).__name__}"
        )
    options = tuple(_check_text(option, name="each option") for option in options)
    if len(options) < 2:
        raise ValueError(f"pass at least two options, got {len(options)}")
    if len(set(options)) != len(options):
        repeated = sorted({option for option in options if options.count(option) > 1})
        raise ValueError(f"options must be distinct, but {repeated} appear more than once")
    if answer not in options:
        raise ValueError(
            f"answer {answer!r} is not one of the options {list(options)}; "
            "pass the text of the correct option"
        )
    return options, answer
