"""Small fixes to the stock book set-up, kept in one place.

1. With the stock set-up, the inline scripts of sphinx-thebe (``const THEBE_JS_URL =
   ...``) and sphinx-togglebutton reach every page twice (once registered with filename
   ``None``, once with ``""``), and the browser reports "Identifier 'THEBE_JS_URL' has
   already been declared". Each page's scripts are de-duplicated before it is written.
2. docutils wraps the bibliography in ``<div role="list">`` whose children carry
   ``role="doc-biblioentry"``, not ``listitem``: an ARIA list without list items, which
   accessibility checkers rate critical. The list role is dropped; the entries keep theirs.
3. ``perclab.css``: at phone width, long API signatures wrap and the general index scrolls
   inside its own box instead of widening the whole page; in light mode, links inside
   tinted boxes are a darker blue, for a 4.5:1 contrast.
4. Notebooks run in parallel. myst-nb executes the notebooks of a ``cache`` build one
   after another, while it reads them. Before reading, every notebook that the cache
   cannot serve is executed by jupyter-cache's ``local-parallel`` executor (one process
   per core) into the same cache, which myst-nb then reads from. A notebook that fails
   here is left out of the cache, so myst-nb runs it again and reports the failure as
   usual (``raise_on_error``).
5. The whole-book PDF (``make pdf``). Every HTML page links to it at its foot ("Download
   the book as PDF"), under the name that ``latex_documents`` gives it, next to the HTML
   book's index. ``latex/`` holds files copied next to the LaTeX sources: ``bbm.sty``
   stands in for a package that the jupyterBook LaTeX class loads and the book never
   uses, which Debian ships only in its largest font package. Displayed formulas that
   carry a ``\\tag``, which MathJax accepts, would be wrapped by Sphinx in ``split``,
   where LaTeX forbids it: they are written in an ``equation*`` (``align*`` when they
   align on ``&``, ``gather*`` when they have several lines) instead. sphinx-exercise
   labels an exercise ``exercise:LABEL`` in LaTeX, while references to it point at
   ``DOCNAME:LABEL``: each exercise also gets that label, carrying its number. An output
   that only a browser can show (an animation's player, HTML or JavaScript display
   objects), which would print as ``<IPython.core.display.HTML object>`` on paper, is
   replaced by a note that says so. LaTeX numbers every chapter, while the HTML book
   numbers only the chapters of its numbered parts: the pages of the other parts are
   unnumbered chapters in the PDF too, so that "Chapter 3" and "Theorem 3.2.1" mean the
   same in both. A proof (sphinx-proof) is a box without a title, which LaTeX draws with
   an empty title bar: in the PDF it is plain text that starts with "Proof.", as in print.
6. The lecture decks (``tools/slides.py``, built into ``_build/html/slides/``). Every
   chapter page that has a deck (``slides/<chapter>.md``) links to it under its title,
   and the ``perclab-decks`` directive lists every deck with its handout, for the
   instructors' page; in the PDF the list links to the published decks.
"""

import logging
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging as sphinx_logging

LOGGER = sphinx_logging.getLogger(__name__)


def _unique_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        # the same inline script can come twice, once with filename None and once with ""
        key = (script.filename or "", tuple(sorted(script.attributes.items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def _plain_citation_list(app, pagename, templatename, context, doctree):
    body = context.get("body")
    if body and 'role="list" class="citation-list"' in body:
        context["body"] = body.replace(
            '<div role="list" class="citation-list">', '<div class="citation-list">'
        )


def _execute_in_parallel(app, env, docnames):
    config = getattr(env, "mystnb_config", None)
    if config is None or config.execution_mode != "cache":
        return
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.executors import load_executor

    cache = get_cache(config.execution_cache_path)
    stale = []
    for docname in sorted(docnames):
        path = Path(env.doc2path(docname))
        if path.suffix != ".ipynb" or _excluded(docname, config):
            continue
        try:
            cache.match_cache_notebook(nbformat.read(path, as_version=4))
        except KeyError:
            stale.append(cache.add_nb_to_project(str(path)).pk)
    if len(stale) < 2:  # nothing to gain: myst-nb runs it as usual
        return
    LOGGER.info(f"executing {len(stale)} notebooks in parallel (jupyter-cache)")
    executor = load_executor("local-parallel", cache=cache, logger=logging.getLogger())
    result = executor.run_and_cache(
        filter_pks=stale,
        timeout=config.execution_timeout,
        allow_errors=config.execution_allow_errors,
    )
    for uri in result.excepted + result.errored:
        LOGGER.info(f"{uri}: failed in parallel; it runs again while it is read")


def _excluded(docname, config) -> bool:
    from fnmatch import fnmatch

    return any(fnmatch(docname, pattern) for pattern in config.execution_excludepatterns)


def pdf_name(config) -> str:
    """The PDF's name, from the LaTeX target (``perclab.tex`` gives ``perclab.pdf``)."""
    return Path(config.latex_documents[0][1]).with_suffix(".pdf").name


def _pdf_link(app, pagename, templatename, context, doctree):
    if app.builder.format != "html" or "pathto" not in context:
        return
    href = context["pathto"](pdf_name(app.config), 1)
    link = f'<p class="perclab-pdf"><a href="{href}">Download the book as PDF</a></p>'
    context["theme_extra_footer"] = link + (context.get("theme_extra_footer") or "")


DECKS = Path(__file__).resolve().parents[2] / "slides"


def _deck_link(app, pagename, templatename, context, doctree):
    name = pagename.rpartition("/")[2]
    if app.builder.format != "html" or not (DECKS / f"{name}.md").exists():
        return
    body = context.get("body") or ""
    href = context["pathto"](f"slides/{name}.html", 1)
    link = (
        f'<p class="perclab-deck"><a href="{href}">Lecture slides for this chapter</a></p>'
    )
    context["body"] = re.sub(r"(</h1>)", lambda m: m.group(1) + link, body, count=1)


def _deck_dependency(app, doctree):
    # a chapter page is written again when a deck is added or removed (the folder's time)
    if app.env.docname.startswith("notebooks/") and DECKS.is_dir():
        app.env.note_dependency(str(DECKS))


class DeckList(Directive):
    """``perclab-decks``: every lecture deck, with its handout, as a bullet list."""

    def run(self):
        import json

        env = self.state.document.settings.env
        builder = env.app.builder
        base = ""
        if builder.format != "html":
            base = (env.config.html_baseurl or "").rstrip("/") + "/"
        depth = env.docname.count("/")
        prefix = base or "../" * depth
        items = nodes.bullet_list()
        for deck in sorted(DECKS.glob("[0-9]*.md")):
            chapter = DECKS.parent / "notebooks" / f"{deck.stem}.ipynb"
            env.note_dependency(str(deck))
            cells = json.loads(chapter.read_text(encoding="utf-8"))["cells"]
            first = "".join(cells[0]["source"]).split("\n")[0]
            title = first.lstrip("# ").strip()
            number = int(deck.stem.split("_")[0])
            para = nodes.paragraph()
            para += nodes.Text(f"Chapter {number}, {title}: ")
            for text, target in (("slides", "html"), ("PDF handout", "pdf")):
                uri = f"{prefix}slides/{deck.stem}.{target}"
                para += nodes.reference("", text, refuri=uri)
                if target == "html":
                    para += nodes.Text(" · ")
            items += nodes.list_item("", para)
        return [items]


class TaggedMathForLatex(SphinxPostTransform):
    """Write displayed formulas with ``\\tag`` in an environment that allows it."""

    default_priority = 200
    formats = ("latex",)

    def run(self, **kwargs):
        for node in self.document.findall(nodes.math_block):
            text = node.astext().strip()
            if node.get("nowrap") or node.get("label") or r"\tag" not in text:
                continue
            if "&" in text:
                environment = "align*"
            elif r"\\" in text:
                environment = "gather*"
            else:
                environment = "equation*"
            wrapped = f"\\begin{{{environment}}}\n{text}\n\\end{{{environment}}}"
            node.replace_self(nodes.math_block(wrapped, wrapped, nowrap=True))


def _latex_exercise_labels(app):
    """Give each exercise the LaTeX label that references to it use (see 5.)."""
    if app.builder.format != "latex":
        return
    from sphinx_exercise import nodes as exercise_nodes

    def visit(self, node):
        label = node.get("label")
        docname = self.builder.env.sphinx_exercise_registry.get(label, {}).get("docname")
        if docname:  # before the admonition, whose title is its first argument
            numbers = self.builder.env.toc_fignumbers.get(docname, {}).get("exercise", {})
            number = numbers.get(node["ids"][0], ()) if node["ids"] else ()
            self.body.append(
                rf"\perclablabel{{{'.'.join(map(str, number))}}}"
                rf"{{\detokenize{{{docname}:{label}}}}}"
            )
        exercise_nodes.visit_exercise_enumerable_node(self, node)

    app.add_node(
        exercise_nodes.exercise_enumerable_node,
        override=True,
        latex=(visit, exercise_nodes.depart_exercise_enumerable_node),
    )


def _latex_preamble(app, config):
    # \perclablabel{NUMBER}{LABEL}: a label whose \ref prints NUMBER
    config.latex_elements["preamble"] = (
        config.latex_elements.get("preamble", "")
        + "\n\\makeatletter\n\\newcommand{\\perclablabel}[2]"
        + "{\\protected@edef\\@currentlabel{#1}\\label{#2}}\n\\makeatother\n"
    )


class ChapterNumbersForLatex(SphinxPostTransform):
    """Number in LaTeX only the pages the HTML book numbers (see 5.)."""

    default_priority = 200
    formats = ("latex",)

    def run(self, **kwargs):
        from sphinx import addnodes

        for start in list(self.document.findall(addnodes.start_of_file)):
            numbered = bool(self.env.toc_secnumbers.get(start["docname"]))
            depth = 2 if numbered else -1  # 2: chapters, sections, subsections
            start.insert(
                0,
                nodes.raw("", f"\\setcounter{{secnumdepth}}{{{depth}}}\n", format="latex"),
            )


class ProofsForLatex(SphinxPostTransform):
    """Unbox the untitled proof admonitions for LaTeX (see 5.)."""

    default_priority = 200
    formats = ("latex",)

    def run(self, **kwargs):
        from sphinx_proof.nodes import proof_node

        for proof in list(self.document.findall(proof_node)):
            for box in [
                child for child in proof.children if isinstance(child, nodes.admonition)
            ]:
                if not any(isinstance(child, nodes.title) for child in box.children):
                    box.replace_self(box.children)


BROWSER_ONLY = re.compile(r"<IPython\.core\.display\.(HTML|Javascript) object>")


class BrowserOnlyOutputsForLatex(SphinxPostTransform):
    """Replace outputs that only a browser can show by a note (see 5.)."""

    default_priority = 200
    formats = ("latex",)

    def run(self, **kwargs):
        for node in list(self.document.findall(nodes.literal_block)):
            if "text_plain" in node["classes"] and BROWSER_ONLY.fullmatch(node.astext()):
                note = nodes.note()
                note += nodes.paragraph(
                    text="This output plays in a web browser: see it in the HTML book, "
                    "or run the notebook."
                )
                node.replace_self(note)


def _add_static(app):
    app.config.html_static_path.append(str(Path(__file__).parents[1] / "_static"))


def _add_latex_files(app):
    if app.builder.format == "latex":
        for path in sorted((Path(__file__).parent / "latex").iterdir()):
            app.config.latex_additional_files.append(str(path))


def setup(app):
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", _add_latex_files)
    app.connect("builder-inited", _latex_exercise_labels)
    app.connect("config-inited", _latex_preamble)
    app.add_css_file("perclab.css")
    app.connect("html-page-context", _unique_scripts, priority=900)
    app.connect("html-page-context", _plain_citation_list, priority=900)
    app.connect("html-page-context", _pdf_link)
    app.connect("html-page-context", _deck_link)
    app.connect("doctree-read", _deck_dependency)
    app.add_directive("perclab-decks", DeckList)
    app.connect("env-before-read-docs", _execute_in_parallel)
    app.add_post_transform(TaggedMathForLatex)
    app.add_post_transform(BrowserOnlyOutputsForLatex)
    app.add_post_transform(ChapterNumbersForLatex)
    app.add_post_transform(ProofsForLatex)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
