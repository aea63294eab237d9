"""perclab.quiz: the grading functions, and the widgets driven without a frontend."""

import math
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perclab.quiz import Feedback, check_choice, check_number, multiple_choice, numeric

ipywidgets = pytest.importorskip("ipywidgets")

TRY_AGAIN = "Try again, or open the answer below."

# --------------------------------------------------------------------------- grading


@pytest.mark.parametrize(
    ("selected", "expected"),
    [
        ("b", Feedback(True, "Correct.")),
        ("a", Feedback(False, f"Not this one. {TRY_AGAIN}")),
        (None, Feedback(False, "Choose one of the options, then press Check.", False)),
    ],
)
def test_check_choice(selected, expected):
    assert check_choice(selected, "b") == expected


def test_check_choice_explains_only_a_right_answer():
    assert check_choice("b", "b", explanation="Because.").message == "Correct. Because."
    assert "Because" not in check_choice("a", "b", explanation="Because.").message


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3.0),
        (" 0.25 ", 0.25),
        ("-1.5", -1.5),
        ("\u22121.5", -1.5),  # a typographic minus sign
        ("2.5e-3", 0.0025),
        ("1/4", 0.25),
        ("-3/2", -1.5),
        ("+7", 7.0),
        (3, 3.0),
        (0.25, 0.25),
    ],
)
def test_check_number_reads_numbers(text, value):
    assert check_number(text, value) == Feedback(True, "Correct.")
    wrong = check_number(text, value + 1)
    assert wrong == Feedback(False, f"Not quite: {value:.12g} is not it. {TRY_AGAIN}")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "'abc' is not a number; type e.g. 3 or 0.25"),
        ("0,25", "'0,25' is not a number; type e.g. 3 or 0.25 (with a decimal point, "
                 "not a comma)"),
        ("1 2", "'1 2' is not a number; type e.g. 3 or 0.25"),
        ("1/0", "'1/0' divides by zero; type e.g. 3 or 0.25"),
        ("", "Type a number first, e.g. 3 or 0.25."),
        ("   ", "Type a number first, e.g. 3 or 0.25."),
        ("inf", "'inf' is not a finite number; type e.g. 3 or 0.25"),
        ("nan", "'nan' is not a finite number; type e.g. 3 or 0.25"),
        ("1e999", "'1e999' is not a finite number; type e.g. 3 or 0.25"),
        ("x" * 40, f"'{'x' * 27}...' is not a number; type e.g. 3 or 0.25"),
        (None, "None is not a number; type e.g. 3 or 0.25"),
        (True, "True is not a number; type e.g. 3 or 0.25"),
    ],
)  # fmt: skip
def test_check_number_explains_what_is_not_a_number(text, message):
    assert check_number(text, 1.0) == Feedback(False, message, attempted=False)


def test_check_number_tolerance_and_explanation():
    assert check_number("0.3", 0.25, tol=0.05) == Feedback(
        True, "Correct (the exact value is 0.25)."
    )
    assert not check_number("0.31", 0.25, tol=0.05).correct
    assert not check_number("0.25000001", 0.25, tol=0).correct
    right = check_number("2", 2, explanation="Two updates.")
    assert right.message == "Correct. Two updates."
    assert "Two updates" not in check_number("3", 2, explanation="Two updates.").message


@given(
    value=st.floats(allow_nan=False, allow_infinity=False, width=64),
    answer=st.floats(min_value=-1e6, max_value=1e6),
    tol=st.floats(min_value=0, max_value=10),
)
def test_check_number_is_right_exactly_within_tol(value, answer, tol):
    # repr(float) reads back to the same float, so the typed text is the value itself
    feedback = check_number(repr(value), answer, tol)
    assert feedback.attempted
    assert feedback.correct == (abs(value - answer) <= tol)


@given(st.fractions(max_denominator=1000))
def test_check_number_reads_fractions(fraction):
    assert check_number(str(fraction), float(fraction)).correct


@given(st.text(max_size=40))
def test_check_number_never_raises_on_typed_text(text):
    feedback = check_number(text, 1.0)
    assert isinstance(feedback.message, str) and feedback.message
    if not feedback.attempted:
        assert not feedback.correct


# --------------------------------------------------------------------------- widgets


def _mc(**kwargs):
    box = multiple_choice("Which is the <b>even</b> prime?", ["1", "2", "9"], "2", **kwargs)
    return box, box.children


def test_multiple_choice_structure():
    box, (prompt, choices, check, feedback) = _mc()
    assert isinstance(box, ipywidgets.VBox)
    assert isinstance(prompt, ipywidgets.HTMLMath)
    assert prompt.value == "Which is the <b>even</b> prime?"
    assert isinstance(choices, ipywidgets.RadioButtons)
    assert choices.options == ("1", "2", "9")
    assert choices.value is None  # nothing chosen for the reader
    assert isinstance(check, ipywidgets.Button) and check.description == "Check"
    assert isinstance(feedback, ipywidgets.HTMLMath) and feedback.value == ""


def test_multiple_choice_grades_on_click_and_clears_on_change():
    _, (_, choices, check, feedback) = _mc(explanation="It is the only one.")
    check.click()
    assert "Choose one of the options" in feedback.value
    assert "\u2718" not in feedback.value  # nothing chosen is not a wrong answer
    choices.value = "9"
    assert feedback.value == ""  # changing the choice clears old feedback
    check.click()
    assert "\u2718" in feedback.value and "Not this one" in feedback.value
    assert "only one" not in feedback.value
    choices.value = "2"
    assert feedback.value == ""
    check.click()
    assert "\u2714" in feedback.value
    assert "Correct. It is the only one." in feedback.value


def test_numeric_structure():
    box = numeric("How many updates?", 2)
    assert isinstance(box, ipywidgets.VBox)
    prompt, entry, check, feedback = box.children
    assert isinstance(prompt, ipywidgets.HTMLMath) and prompt.value == "How many updates?"
    assert isinstance(entry, ipywidgets.Text) and entry.value == ""
    assert entry.continuous_update is False  # graded on Enter, not on every keystroke
    assert isinstance(check, ipywidgets.Button) and check.description == "Check"
    assert isinstance(feedback, ipywidgets.HTMLMath) and feedback.value == ""


def test_numeric_grades_typed_values_and_clicks():
    _, entry, check, feedback = numeric("How many?", 2, explanation="See below.").children
    check.click()
    assert "Type a number first" in feedback.value
    entry.value = "abc"
    assert "'abc' is not a number; type e.g. 3 or 0.25" in feedback.value
    assert "\u2718" not in feedback.value
    entry.value = "3"
    assert "\u2718" in feedback.value and "Not quite: 3 is not it" in feedback.value
    entry.value = "4/2"
    assert "\u2714" in feedback.value and "Correct. See below." in feedback.value
    feedback.value = ""
    check.click()  # the button grades the same text again
    assert "Correct." in feedback.value


def test_numeric_tolerance():
    _, entry, _, feedback = numeric("About pi?", math.pi, tol=0.01).children
    entry.value = "3.14"
    assert "Correct (the exact value is 3.14159265359)." in feedback.value
    entry.value = "3.1"
    assert "Not quite" in feedback.value


def test_typed_text_is_escaped():
    _, entry, _, feedback = numeric("How many?", 2).children
    entry.value = "<img src=x onerror=alert(1)>"
    assert "<img" not in feedback.value
    assert "&lt;img" in feedback.value


def test_missing_ipywidgets_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # makes the import fail
    with pytest.raises(ImportError, match="pip install ipywidgets"):
        multiple_choice("Q?", ["a", "b"], "a")
    with pytest.raises(ImportError, match="pip install ipywidgets"):
        numeric("Q?", 1)
    assert check_number("1", 1).correct  # grading needs no widgets


def test_import_does_not_load_ipywidgets():
    code = "import sys, perclab.quiz; print('ipywidgets' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


# --------------------------------------------------------------------------- bad input

BAD_INPUT = [
    (lambda: multiple_choice(3, ["a", "b"], "a"), TypeError, "question must be a string"),
    (lambda: multiple_choice("  ", ["a", "b"], "a"), ValueError, "question is empty"),
    (lambda: multiple_choice("Q?", "ab", "a"), TypeError, "options must be a list"),
    (lambda: multiple_choice("Q?", {"a", "b"}, "a"), TypeError, "options must be a list"),
    (lambda: multiple_choice("Q?", ["a"], "a"), ValueError, "at least two options"),
    (lambda: multiple_choice("Q?", ["a", 2], "a"), TypeError, "each option must be"),
    (lambda: multiple_choice("Q?", ["a", ""], "a"), ValueError, "each option is empty"),
    (lambda: multiple_choice("Q?", ["a", "a", "b"], "a"), ValueError, r"\['a'\] appear"),
    (lambda: multiple_choice("Q?", ["a", "b"], "c"), ValueError, "'c' is not one of"),
    (lambda: multiple_choice("Q?", ["a", "b"], "a", explanation=1), TypeError,
     "explanation must be a string"),
    (lambda: numeric("Q?", "1"), TypeError, "answer must be a real number"),
    (lambda: numeric("Q?", math.nan), ValueError, "answer must be finite"),
    (lambda: numeric("Q?", 1, tol=-0.1), ValueError, "tol must be >= 0"),
    (lambda: numeric("Q?", 1, tol=None), TypeError, "tol must be a real number"),
    (lambda: numeric(None, 1), TypeError, "question must be a string"),
    (lambda: check_number("1", math.inf), ValueError, "answer must be finite"),
    (lambda: check_number("1", 1, -1), ValueError, "pass 0 to require an exact value"),
    (lambda: check_choice("a", "a", explanation=b"x"), TypeError, "explanation must be"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "error", "match"), BAD_INPUT)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_fractions_are_accepted_as_values():
    assert check_number(Fraction(1, 3), 1 / 3).correct
