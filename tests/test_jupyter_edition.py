"""The Jupyter edition (jupyter/): what learners open in JupyterLab, Notebook and Colab.

Each edition notebook is rendered the way Jupyter renders it (nbconvert's HTML, which is
what the classic Notebook and Colab show) and no MyST syntax may appear in its rendered
markdown. Its code is its source's code, less the glue. The conversion itself is tested
on small pieces of MyST. That the editions equal a fresh generation is `make
edition-check`; that they run, on Colab's packages and on Binder's, is route_tests/
(`make routes`).
"""

import functools
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


tool = _load("jupyter_edition_tool", ROOT / "tools" / "jupyter_edition.py")
launch = _load("perclab_launch_ext", ROOT / "book" / "_ext" / "perclab_launch.py")
SOURCES = tool.sources(ROOT)
EDITIONS = tool.committed_editions(ROOT)
BOOK = tool.load_book(ROOT)


def _ids(paths):
    return [p.relative_to(ROOT).as_posix() for p in paths]


# --------------------------------------------------------------------------------------
# Markup that must not reach a reader
# --------------------------------------------------------------------------------------

MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$|\\\(.+?\\\)|\\\[.+?\\\]", re.DOTALL)
MYST_MARKERS = {
    "a role": re.compile(r"\{[a-zA-Z][\w:.-]*\}\s*<code>"),
    "a role as text": re.compile(r"\{[a-zA-Z][\w:.-]*\}`"),
    "a directive": re.compile(
        r"(```|:::)\s*\{[a-zA-Z][\w:.-]*\}|^\s*\{[a-zA-Z][\w:.-]*\}", re.M
    ),
    "a directive option": re.compile(
        r"^\s*:(label|class|alt|name|width|align|nonumber|icon|open):", re.M
    ),
    "a colon fence": re.compile(r"^\s*:::", re.M),
    "a label": re.compile(r"^\s*\([\w:.-]+\)=\s*$", re.M),
    "a substitution": re.compile(r"\{\{\s*[\w.-]+\s*\}\}"),
    "a glue key": re.compile(r"glue:"),
}


@functools.cache
def _exporter():
    from nbconvert import HTMLExporter

    return HTMLExporter(template_name="lab")


def rendered_markdown(notebook) -> list[str]:
    """The HTML of every markdown cell, as nbconvert renders it for a browser."""
    from bs4 import BeautifulSoup

    html, _ = _exporter().from_notebook_node(notebook)
    soup = BeautifulSoup(html, "html.parser")
    return [str(cell) for cell in soup.select(".jp-MarkdownCell .jp-RenderedMarkdown")]


def myst_markers(html: str) -> list[str]:
    """The MyST markers in one rendered cell (maths is left out: MathJax owns it)."""
    from bs4 import BeautifulSoup

    text = BeautifulSoup(html, "html.parser").get_text()
    found = []
    for what, pattern in MYST_MARKERS.items():
        for source in (MATH.sub("", html), MATH.sub("", text)):
            match = pattern.search(source)
            if match:
                found.append(f"{what}: {match.group(0)!r}")
                break
    return found


def test_every_source_has_an_edition_and_nothing_else():
    assert sorted(SOURCES) == EDITIONS
    chapters = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
    solutions = sorted((ROOT / "exercises" / "solutions").glob("[0-9]*.ipynb"))
    assert len(EDITIONS) == len(chapters) + len(solutions) > 0


@pytest.mark.parametrize("path", EDITIONS, ids=_ids(EDITIONS))
def test_rendered_edition_shows_no_myst(path):
    notebook = nbformat.read(path, as_version=4)
    problems = []
    for k, html in enumerate(rendered_markdown(notebook)):
        problems += [f"markdown cell {k}: {m}" for m in myst_markers(html)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "name", ["notebooks/03_convergence.ipynb", "exercises/03_training_loop.ipynb"]
)
def test_the_marker_check_sees_the_sources_markup(name):
    # The same check on the MyST sources finds their directives, roles and glue.
    notebook = nbformat.read(ROOT / name, as_version=4)
    found = [m for html in rendered_markdown(notebook) for m in myst_markers(html)]
    assert any(m.startswith("a directive") for m in found)
    assert any(m.startswith("a directive option") for m in found)
    if name.startswith("notebooks"):
        assert any(m.startswith("a role") for m in found)


@pytest.mark.parametrize("path", EDITIONS, ids=_ids(EDITIONS))
def test_edition_code_is_the_source_code(path):
    # less the glue, with the Colab cell installing what _config.yml names
    docname, source = SOURCES[path]
    edition = nbformat.read(path, as_version=4)
    code = [c for c in edition.cells if c.cell_type == "code"]
    originals = [
        c
        for c in source.cells
        if c.cell_type == "code"
        and tool.has_code(tool.for_jupyter(c.source, BOOK.colab_requirement))
    ]
    assert [c.source for c in code] == [
        tool.for_jupyter(c.source, BOOK.colab_requirement) for c in originals
    ]
    for cell, original in zip(code, originals, strict=True):
        assert cell.metadata.get("tags") == original.metadata.get("tags")
        hidden = bool(tool.HIDDEN_TAGS & set(original.metadata.get("tags", [])))
        assert cell.metadata.get("jupyter", {}).get("source_hidden", False) == hidden or (
            original.metadata.get("jupyter", {}).get("source_hidden")
        )
    assert all(
        not c.outputs and c.execution_count is None
        for c in edition.cells
        if c.cell_type == "code"
    )
    assert edition.metadata[tool.METADATA_KEY]["source"].startswith(docname)


@pytest.mark.parametrize("path", EDITIONS, ids=_ids(EDITIONS))
def test_editions_need_no_myst_nb(path):
    # Colab has perclab and its dependencies only: no glue, no import of myst_nb, and
    # no comment that speaks of either
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            assert "myst_nb" not in cell.source and "glue" not in cell.source.lower(), (
                cell.source
            )


def test_every_colab_cell_installs_what_the_configuration_names():
    requirement = BOOK.colab_requirement
    for path in EDITIONS:
        cells = [
            c
            for c in nbformat.read(path, as_version=4).cells
            if c.cell_type == "code" and "google.colab" in c.source
        ]
        assert len(cells) == 1, path.name
        assert f'%pip install --quiet "{requirement}"' in cells[0].source, path.name


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        (
            {"colab_install": "repository", "repository": {"url": "https://x.org/p"}},
            "perclab @ git+https://x.org/p",
        ),
        ({"colab_install": "perclab"}, "perclab"),
        ({"colab_install": "perclab>=0.1,<0.2"}, "perclab>=0.1,<0.2"),
        ({"colab_install": "repository"}, "repository.url is not set"),
        ({}, "_config.yml needs colab_install"),
        ({"colab_install": "numpy"}, "a pip requirement for perclab"),
    ],
)
def test_colab_requirement(config, expected):
    if expected.startswith("perclab"):
        assert tool.colab_requirement(config) == expected
    else:
        with pytest.raises(ValueError, match=re.escape(expected)):
            tool.colab_requirement(config)


def test_the_colab_cell_of_an_edition_follows_the_configuration():
    source = (
        'import sys\n\nif "google.colab" in sys.modules:\n    %pip install --quiet "old"'
    )
    assert tool.for_jupyter(source, "perclab==9") == source.replace('"old"', '"perclab==9"')


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from myst_nb import glue\nimport numpy as np", "import numpy as np"),
        ("x = 1\nglue('x', x, display=False)", "x = 1"),
        ("glue(\n    'x',\n    1,\n    display=False,\n)\ny = 2", "y = 2"),
        ("for k in 'ab':\n    glue(k, 1, display=False)\nz = 3", "z = 3"),
        ("if True:\n    a = 1\n    glue('a', a, display=False)", "if True:\n    a = 1"),
        ("# Check and glue: the counts\nassert 1", "# Check: the counts\nassert 1"),
        ("# Check the claims, and glue them\nassert 1", "# Check the claims\nassert 1"),
        ("# Check the run; glue\nassert 1", "# Check the run\nassert 1"),
        (
            "# Plotting, glue and warnings\nimport numpy",
            "# Plotting and warnings\nimport numpy",
        ),
        ("# Glue and the widgets\nimport numpy", "# The widgets\nimport numpy"),
        ("# Not shown: glue, a test\nimport numpy", "# Not shown: a test\nimport numpy"),
        ("%matplotlib inline\nx = 1", "%matplotlib inline\nx = 1"),
    ],
)
def test_for_jupyter_drops_the_glue(source, expected):
    assert tool.for_jupyter(source, "perclab") == expected


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("from myst_nb import glue, glue_figure", "cannot drop this import"),
        ("value = glue('x', 1)", "cannot remove this use of glue"),
        ("show = glue", "cannot remove this use of glue"),
        ("if True:\n    glue('x', 1, display=False)", "a block that only glues"),
    ],
)
def test_for_jupyter_refuses_glue_it_cannot_drop(source, message):
    with pytest.raises(ValueError, match=message):
        tool.for_jupyter(source, "perclab")


def test_a_cell_that_only_glued_is_left_out():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# A page"),
        nbformat.v4.new_code_cell("# glue the answer\nglue('a', 1, display=False)"),
        nbformat.v4.new_code_cell("x = 1"),
    ]
    made = tool.edition(notebook, "notebooks/01_hyperplanes", BOOK, {})
    assert [c.source for c in made.cells if c.cell_type == "code"] == ["x = 1"]


def test_student_editions_hold_no_solution():
    for path in EDITIONS:
        if path.parent.name != "exercises":
            continue
        text = path.read_text(encoding="utf-8")
        for hidden in ("### BEGIN SOLUTION", "BEGIN HIDDEN TESTS", "Solution"):
            assert hidden not in text, f"{path.name}: {hidden!r}"
        assert "raise NotImplementedError(" in text


def test_glued_numbers_are_written_in():
    # Chapter 3 quotes its runs through glue; in the edition each quoted number is written
    # in, right after the words that precede the role in the source.
    source = nbformat.read(ROOT / "notebooks/03_convergence.ipynb", as_version=4)
    source_text = "\n".join(c.source for c in source.cells if c.cell_type == "markdown")
    before_roles = re.findall(r"(\w+ \w+) \{glue:text\}`[^`]+`", source_text)
    assert len(before_roles) >= 5
    edition = nbformat.read(ROOT / "jupyter/notebooks/03_convergence.ipynb", as_version=4)
    text = "\n".join(c.source for c in edition.cells if c.cell_type == "markdown")
    assert "glue" not in text
    for words in before_roles:
        assert re.search(re.escape(words) + r"\s+\$?[-−]?\d", text), words


# --------------------------------------------------------------------------------------
# The conversion, piece by piece
# --------------------------------------------------------------------------------------


def _book():
    book = tool.Book(
        baseurl="https://example.org/book/", docs=["notebooks/a", "notebooks/b"]
    )
    book.titles = {"notebooks/a": "Chapter A", "notebooks/b": "Chapter *B*"}
    book.targets = {
        "sec-x": tool.Target("notebooks/b", "sec-x", "Section X"),
        "thm-x": tool.Target("notebooks/b", "thm-x", "Big result", "prf:theorem"),
        "ex-x": tool.Target("notebooks/a", "ex-x", "Try it", "exercise"),
        "eq-x": tool.Target("notebooks/b", "equation-eq-x", "", "math"),
    }
    book.bibliography = {"block1962": ("Block", "1962"), "ab2000": ("A and B", "2000")}
    book.substitutions = {"name": "perclab"}
    return book


def convert(text, glue=None, measured=()):
    page = tool.Page("notebooks/a", glue or {}, set(measured))
    return tool.Converter(_book(), page).convert(text), page


@pytest.mark.parametrize(
    "myst, expected",
    [
        ("{ref}`sec-x`", "[Section X](https://example.org/book/notebooks/b.html#sec-x)"),
        ("{ref}`here <sec-x>`", "[here](https://example.org/book/notebooks/b.html#sec-x)"),
        (
            "{prf:ref}`thm-x`",
            "[Theorem (Big result)](https://example.org/book/notebooks/b.html#thm-x)",
        ),
        (
            "{numref}`thm-x`",
            "[Theorem (Big result)](https://example.org/book/notebooks/b.html#thm-x)",
        ),
        ("{eq}`eq-x`", "[(eq-x)](https://example.org/book/notebooks/b.html#equation-eq-x)"),
        ("{doc}`b`", "[Chapter *B*](https://example.org/book/notebooks/b.html)"),
        (
            "{doc}`that <../notebooks/b>`",
            "[that](https://example.org/book/notebooks/b.html)",
        ),
        (
            "{cite:t}`block1962`",
            "Block ([1962](https://example.org/book/book/references.html))",
        ),
        (
            "{cite:p}`block1962,ab2000`",
            "([Block, 1962](https://example.org/book/book/references.html); "
            "[A and B, 2000](https://example.org/book/book/references.html))",
        ),
        ("{math}`x^2`", "$x^2$"),
        ("{term}`margin <Margin>`", "margin"),
        ("a {{ name }} b", "a perclab b"),
        ("`{ref}` stays code", "`{ref}` stays code"),
        ("(sec-y)=\n## Title", "## Title"),
        ("% a comment\ntext", "text"),
        ("$$\nx\n$$ (eq-y)", "$$\nx\n$$"),
    ],
)
def test_roles_and_labels(myst, expected):
    assert convert(myst)[0] == expected


def test_glue_roles_format_like_myst_nb():
    glue = {
        "v": {"text/plain": "0.123456"},
        "n": {"text/plain": "12"},
        "s": {"text/plain": "'hi'"},
    }
    text, _ = convert("{glue:text}`v:.3f`, {glue:text}`n`, {glue:}`s`, {glue}`v`", glue)
    assert text == "0.123, 12, hi, 0.123456"


def test_measured_values_are_marked_and_explained():
    text, page = convert(
        "took {glue:text}`t:.1f` µs", {"t": {"text/plain": "3.14159"}}, {"t"}
    )
    assert text == "took 3.1\\* µs" and page.used_measured


def test_a_missing_glued_value_is_an_error():
    with pytest.raises(ValueError, match="nothing is glued under 'v'"):
        convert("{glue:text}`v`")


@pytest.mark.parametrize(
    "myst, message",
    [
        ("```{mystery}\nx\n```", "directive {mystery} has no plain-Markdown form"),
        ("{mystery}`x`", "role {mystery} has no plain-Markdown form"),
        ("{ref}`nowhere`", "unknown label 'nowhere'"),
        ("{cite:p}`nobody`", "unknown citation 'nobody'"),
        ("{{ nothing }}", "unknown substitution"),
        ("```{note}\nnever closed", "is never closed"),
    ],
)
def test_unknown_markup_is_an_error(myst, message):
    with pytest.raises(ValueError, match=message):
        convert(myst)


def test_blocks_are_headed_and_nested():
    myst = (
        "````{prf:theorem} Big result\n:label: thm-x\n\nText $a$.\n\n"
        "```{note}\nInner.\n```\n````\n\n"
        ":::{admonition} Kernels\n:class: going-further\nMore.\n:::\n\n"
        "```{prf:proof}\nEasy.\n```"
    )
    text, _ = convert(myst)
    assert text == (
        "---\n\n**Theorem: Big result**\n\nText $a$.\n\n---\n\n**Note**\n\nInner.\n\n---"
        "\n\n---\n\n---\n\n**Going further (optional): Kernels**\n\nMore.\n\n---\n\n"
        "---\n\n**Proof**\n\nEasy. $\\blacksquare$\n\n---"
    )


@pytest.mark.parametrize(
    "myst, expected",
    [
        (
            ":::{note} Going further: kernels\n:class: going-further\nMore.\n:::",
            "---\n\n**Going further (optional): kernels**\n\nMore.\n\n---",
        ),
        (
            ":::{dropdown} Going further (optional): proofs\n"
            ":class: going-further\nMore.\n:::",
            "<details>\n<summary><b>Going further (optional): proofs</b></summary>\n\n"
            "More.\n\n</details>",
        ),
        (
            "::::{tab-set}\n:::{tab-item} One\nA.\n:::\n::::",
            "**One**\n\nA.",
        ),
        (
            ":::{admonition} Optional\n:class: going-further\nSkip it.\n:::",
            "---\n\n**Going further (optional)**\n\nSkip it.\n\n---",
        ),
        ("```{margin} Why\nBecause.\n```", "---\n\n**Aside: Why**\n\nBecause.\n\n---"),
        ("```{only} latex\nPrint.\n```", ""),
    ],
)
def test_going_further_and_layout(myst, expected):
    assert convert(myst)[0] == expected


def test_folded_things_stay_folded():
    myst = (
        "```{exercise} Try it\n:label: ex-x\nDo it.\n```\n\n"
        "```{solution} ex-x\n:class: dropdown\nDone.\n```\n\n"
        ":::{dropdown} Answer\nYes.\n:::"
    )
    text, _ = convert(myst)
    assert text == (
        "---\n\n**Exercise: Try it**\n\nDo it.\n\n---\n\n"
        "<details>\n<summary><b>Solution to the exercise <i>Try it</i></b></summary>\n\n"
        "Done.\n\n</details>\n\n"
        "<details>\n<summary><b>Answer</b></summary>\n\nYes.\n\n</details>"
    )


def test_code_fences_are_left_alone():
    myst = "```python\n{ref}`x` and :::\n```"
    assert convert(myst)[0] == myst


def test_a_glued_figure_is_attached():
    glue = {"f": {"text/plain": "<Figure>", "image/png": "iVBORw0KGgo="}}
    text, page = convert("```{glue:figure} f\n:alt: A plot\n\nThe caption.\n```", glue)
    assert text == "![A plot](attachment:f.png)\n\n*The caption.*"
    assert page.attachments == {"f.png": {"image/png": "iVBORw0KGgo="}}


def _notebook(*sources):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    return notebook


def test_measured_glue_follows_the_variables_back_to_a_clock():
    notebook = _notebook(
        "import time\nrng = 1",
        "start = time.perf_counter()\nwork = 2\nseconds = time.perf_counter() - start",
        "micro = 1e6 * seconds\nglue('micro', micro)",
        "glue('work_done', rng + 1)",
        "seconds = 5.0\nglue('fixed', seconds)",
    )
    assert tool.measured_glue(notebook) == {"micro"}


def test_edition_paths_and_launch_buttons():
    assert tool.edition_path("exercises/03_training_loop") == (
        "jupyter/exercises/03_training_loop.ipynb"
    )
    binder = "https://mybinder.org/v2/gh/o/r/main?urlpath=lab/tree/{}"
    colab = "https://colab.research.google.com/github/o/r/blob/main/{}"
    context = {
        "header_buttons": [
            {"label": "download-buttons", "buttons": []},
            {
                "label": "launch-buttons",
                "buttons": [
                    {
                        "type": "link",
                        "url": binder.format("exercises/solutions/03_x.ipynb"),
                    },
                    {"type": "link", "url": colab.format("exercises/solutions/03_x.ipynb")},
                    {"type": "javascript", "javascript": "initThebeSBT()"},
                ],
            },
        ]
    }
    assert launch.rewrite("exercises/solutions/03_x", context) == 2
    urls = [b["url"] for b in launch.launch_buttons(context)]
    assert urls == [
        binder.format("jupyter/exercises/03_x.ipynb"),
        colab.format("jupyter/exercises/03_x.ipynb"),
    ]
    assert launch.rewrite("book/intro", context) == 0


def test_every_label_the_sources_use_is_known():
    # {ref}, {prf:ref} and {numref} in the sources all resolve to a page of the book
    for docname, source in SOURCES.values():
        text = "\n".join(c.source for c in source.cells if c.cell_type == "markdown")
        for label in re.findall(
            r"\{(?:ref|prf:ref|numref)\}`(?:[^`<]*<)?([\w:.-]+)>?`", text
        ):
            assert label in BOOK.targets, f"{docname}: {label}"
            assert BOOK.targets[label].docname in BOOK.docs


def _requirement_closure() -> set[str]:
    """The distributions requirements.txt installs, with everything they require."""
    from importlib.metadata import PackageNotFoundError, requires

    from packaging.requirements import Requirement

    def name(text):
        return re.sub(r"[-_.]+", "-", text).lower()

    todo = ["perclab"]
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").split("\n"):
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            todo.append(name(Requirement(line).name))
    seen = set()
    while todo:
        dist = todo.pop()
        if dist in seen:
            continue
        seen.add(dist)
        try:
            needs = requires(dist) or []
        except PackageNotFoundError:
            continue
        for need in map(Requirement, needs):
            if need.marker is None or need.marker.evaluate({"extra": ""}):
                todo.append(name(need.name))
    return seen


def test_editions_import_only_what_requirements_txt_installs():
    # Binder installs requirements.txt and nothing else: every module an edition imports
    # comes from the standard library or from a distribution that file pulls in.
    import ast
    from importlib.metadata import packages_distributions

    allowed = _requirement_closure()
    providers = packages_distributions()
    missing = set()
    for path in EDITIONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            code = tool.without_magics(cell.source)
            for node in ast.walk(ast.parse(code)):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    modules = [node.module]
                else:
                    continue
                for module in (m.split(".")[0] for m in modules):
                    if module in sys.stdlib_module_names:
                        continue
                    dists = {
                        re.sub(r"[-_.]+", "-", d).lower() for d in providers.get(module, [])
                    }
                    if module != "perclab" and not dists & allowed:
                        missing.add(f"{path.name}: {module}")
    assert not missing, sorted(missing)


def test_edition_of_a_small_notebook():
    source = nbformat.v4.new_notebook()
    source.cells = [
        nbformat.v4.new_markdown_cell("# Title\n\nSee {ref}`sec-x`."),
        nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["remove-cell"]}),
        nbformat.v4.new_markdown_cell(
            ":::{dropdown} Answer\nYes.\n:::", metadata={"jupyter": {"source_hidden": True}}
        ),
    ]
    made = tool.edition(source, "notebooks/a", _book())
    banner, title, code, answer = made.cells
    assert banner.source.startswith("*The Jupyter edition of [Chapter A]")
    assert title.source == (
        "# Title\n\nSee [Section X](https://example.org/book/notebooks/b.html#sec-x)."
    )
    assert code.source == "x = 1" and code.metadata["jupyter"]["source_hidden"]
    assert answer.source.startswith("<details>") and "jupyter" not in answer.metadata
    assert made.metadata[tool.METADATA_KEY]["source"] == "notebooks/a.ipynb"
