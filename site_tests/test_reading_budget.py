"""The chapters stay a course, not a reference: on the built book, the main path of the
eight chapters is at most 11,500 words of prose, chapters 2 and 3 at most 2,200 each, and
no chapter but the quiz has more optional words (Going further, folded blocks) than main
ones (tools/reading_stats.py counts them; optional sections and folded blocks are not on
the main path)."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "_build" / "html"
TOOL = ROOT / "tools" / "reading_stats.py"
spec = importlib.util.spec_from_file_location("reading_stats", TOOL)
reading_stats = importlib.util.module_from_spec(spec)
sys.modules["reading_stats"] = reading_stats  # dataclasses look their module up
spec.loader.exec_module(reading_stats)

TOTAL = 11_500
PER_CHAPTER = {"02_update_rule": 2_200, "03_convergence": 2_200}


@pytest.fixture(scope="module")
def stats():
    chapters = reading_stats.chapters(ROOT / "_toc.yml")
    pages = [BUILD / f"{c}.html" for c in chapters]
    missing = [p for p in pages if not p.exists()]
    assert not missing, f"build the book first (make book-strict): {missing[0]} is missing"
    return {p.stem: reading_stats.page_stats(p) for p in pages}


def test_the_main_path_of_the_chapters_is_at_most_11500_words(stats):
    total = sum(s.main for s in stats.values())
    assert total <= TOTAL, {name: s.main for name, s in stats.items()}


@pytest.mark.parametrize("chapter", sorted(PER_CHAPTER))
def test_the_densest_chapters_stay_within_their_budget(stats, chapter):
    assert stats[chapter].main <= PER_CHAPTER[chapter]


def test_every_taught_chapter_marks_optional_material(stats):
    # Each chapter but the quiz has a Going further section, which the count finds.
    for name, s in stats.items():
        assert s.main > 300, name
        if name != "04_quiz":
            assert s.optional > 100, name


def test_no_chapter_has_more_optional_words_than_main_ones(stats):
    # Going further and folded blocks against the main line; the quiz is exempt: its
    # folded blocks are the answers to its questions, and it has no Going further.
    for name, s in stats.items():
        if name != "04_quiz":
            assert s.optional <= s.main, (name, s.optional, s.main)
