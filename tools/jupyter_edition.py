"""The Jupyter edition: the chapters and the student exercises as plain Jupyter notebooks.

The book's notebooks are written in MyST (directives, roles, labels, glued numbers), which
the book renders and Jupyter shows as text. This script writes, from the same sources, the
notebooks a learner opens in JupyterLab, the classic Notebook or Colab:

* ``jupyter/notebooks/NN_name.ipynb`` from each chapter ``notebooks/NN_name.ipynb``;
* ``jupyter/exercises/NN_name.ipynb`` from each student notebook, itself made by
  ``tools/exercises.py`` from ``exercises/solutions/NN_name.ipynb`` (no solutions).

Code cells are their sources' code less the glue: the edition has its numbers written
in, so it needs nothing but perclab and its dependencies (no ``myst_nb``), and the Colab
cell installs what ``colab_install`` in ``_config.yml`` names. Cells the book
hides are folded (``source_hidden``, which JupyterLab honours). Markdown cells
become plain Markdown: definitions, theorems, proofs, algorithms, exercises, notes and
"going further" sections become headed blocks between rules; dropdowns and folded
solutions become ``<details>`` blocks, folded; every glued number is written in, and a
glued figure is attached to its cell; cross-references, documents and citations become
links to the book's pages at ``html.baseurl`` of ``_config.yml``; labels, comments and
other markup disappear. Syntax the script does not know stops it with an error.

Glued values come from an executed copy of each source: the book build's
``_build/jupyter_execute`` when its code cells are those of the source, otherwise the
script runs the notebook once. A value computed from a clock (``time.perf_counter`` ...)
is measured, not reproducible: the edition marks it with an asterisk and a note, and
records it in the notebook's metadata, so that the sync test can compare every other
byte; regenerating keeps the recorded value unless ``--remeasure`` is given.

Usage, from the repository root (``make jupyter-edition`` runs the first line)::

    python tools/jupyter_edition.py              # write the editions
    python tools/jupyter_edition.py --check      # exit 1 if a committed edition differs
    python tools/jupyter_edition.py --remeasure  # write them with this machine's timings
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.util
import posixpath
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
EDITION = Path("jupyter")
CHAPTERS = Path("notebooks")
STUDENTS = Path("exercises")
SOLUTIONS = Path("exercises/solutions")
EXECUTED = Path("_build/jupyter_execute")
METADATA_KEY = "perclab_edition"


def _load_tool(name: str):
    """Another script of tools/, as a module."""
    spec = importlib.util.spec_from_file_location(
        f"perclab_{name}_tool", Path(__file__).with_name(f"{name}.py")
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


exercises_tool = _load_tool("exercises")


# --------------------------------------------------------------------------------------
# Where things live
# --------------------------------------------------------------------------------------


def edition_path(docname: str) -> str | None:
    """The edition notebook a book page launches: ``docname`` has no suffix.

    >>> edition_path("notebooks/03_convergence")
    'jupyter/notebooks/03_convergence.ipynb'
    >>> edition_path("exercises/solutions/03_training_loop")
    'jupyter/exercises/03_training_loop.ipynb'
    >>> edition_path("book/intro") is None
    True
    """
    parts = docname.split("/")
    if docname.startswith(f"{SOLUTIONS.as_posix()}/") and len(parts) == 3:
        name = parts[-1]
    elif parts[0] in (CHAPTERS.as_posix(), STUDENTS.as_posix()) and len(parts) == 2:
        name = parts[-1]
    else:
        return None
    folder = CHAPTERS if parts[0] == CHAPTERS.as_posix() else STUDENTS
    return f"{EDITION.as_posix()}/{folder.as_posix()}/{name}.ipynb"


@dataclass
class Target:
    """A place a cross-reference can point to."""

    docname: str
    anchor: str
    title: str
    kind: str = "section"


@dataclass
class Book:
    """What the conversion needs to know about the whole book."""

    baseurl: str
    docs: list[str]
    titles: dict[str, str] = field(default_factory=dict)
    targets: dict[str, Target] = field(default_factory=dict)
    bibliography: dict[str, tuple[str, str]] = field(default_factory=dict)
    substitutions: dict[str, str] = field(default_factory=dict)
    references_doc: str = "book/references"
    colab_requirement: str = ""

    def url(self, docname: str, anchor: str = "") -> str:
        return f"{self.baseurl}{docname}.html" + (f"#{anchor}" if anchor else "")


def _toc_docs(root: Path) -> list[str]:
    import yaml

    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    docs = [toc["root"]]

    def walk(node):
        if isinstance(node, dict):
            if "file" in node:
                docs.append(str(node["file"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk({k: v for k, v in toc.items() if k != "root"})
    return docs


def _doc_markdown(root: Path, docname: str) -> str:
    for suffix in (".ipynb", ".md"):
        path = root / f"{docname}{suffix}"
        if path.exists():
            if suffix == ".md":
                return path.read_text(encoding="utf-8")
            nb = nbformat.read(path, as_version=4)
            return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    raise FileNotFoundError(f"_toc.yml lists {docname}, but no .ipynb or .md is there")


LABEL_LINE = re.compile(r"^\s*\(([\w:.-]+)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def load_book(root: Path | None = None) -> Book:
    """Labels, titles, bibliography and settings of the book at ``root``."""
    import yaml

    root = ROOT if root is None else root
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    baseurl = (config.get("html") or {}).get("baseurl")
    if not baseurl:
        raise ValueError(
            "_config.yml needs html.baseurl, the address of the published book: "
            "the Jupyter edition links its cross-references there"
        )
    book = Book(baseurl=baseurl.rstrip("/") + "/", docs=_toc_docs(root))
    book.colab_requirement = colab_requirement(config)
    book.substitutions = dict((config.get("parse") or {}).get("myst_substitutions") or {})
    for docname in book.docs:
        text = _doc_markdown(root, docname)
        pending = None
        for line in text.split("\n"):
            label = LABEL_LINE.match(line)
            heading = HEADING.match(line)
            if label:
                pending = label.group(1)
            elif heading:
                title = heading.group(2)
                if docname not in book.titles and heading.group(1) == "#":
                    book.titles[docname] = title
                if pending:
                    book.targets[pending] = Target(docname, pending, title)
                    pending = None
            elif line.strip():
                pending = None
        for block in iter_directives(text):
            for option in ("label", "name"):
                if option not in block.options:
                    continue
                label = block.options[option]
                kind = block.name
                anchor = f"equation-{label}" if kind == "math" else label
                book.targets[label] = Target(docname, anchor, block.argument, kind)
                break
    bib = root / "book" / "references.bib"
    if bib.exists():
        from pybtex.database import parse_file

        for key, entry in parse_file(str(bib)).entries.items():
            people = entry.persons.get("author") or entry.persons.get("editor") or []
            names = [" ".join(p.last_names) for p in people]
            if len(names) > 2:
                authors = f"{names[0]} et al."
            else:
                authors = " and ".join(names)
            book.bibliography[key] = (authors, entry.fields.get("year", "n.d."))
    return book


# --------------------------------------------------------------------------------------
# MyST blocks
# --------------------------------------------------------------------------------------

FENCE = re.compile(r"^(?P<indent>[ ]{0,3})(?P<fence>`{3,}|:{3,})(?P<rest>.*)$")
DIRECTIVE = re.compile(r"^\{(?P<name>[\w:.-]+)\}\s*(?P<argument>.*)$")
OPTION = re.compile(r"^:(?P<key>[\w-]+):\s*(?P<value>.*)$")


@dataclass
class Directive:
    name: str
    argument: str
    options: dict[str, str]
    body: str


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a fence opened with ``fence`` (same character, as long)."""
    stripped = line.strip()
    indent = len(line) - len(line.lstrip())
    return indent <= 3 and len(stripped) >= len(fence) and set(stripped) == {fence[0]}


def split_blocks(text: str):
    """Yield ``str`` runs of plain Markdown, ``Directive`` blocks and code fences.

    A code fence that is not a directive is yielded as ``("code", text)``.
    """
    lines = text.split("\n")
    plain: list[str] = []
    k = 0
    while k < len(lines):
        match = FENCE.match(lines[k])
        if not match:
            plain.append(lines[k])
            k += 1
            continue
        fence, rest = match.group("fence"), match.group("rest").strip()
        end = k + 1
        while end < len(lines) and not _closes(lines[end], fence):
            end += 1
        if end == len(lines):
            raise ValueError(f"a fence {lines[k]!r} is never closed")
        inner = [line[len(match.group("indent")) :] for line in lines[k + 1 : end]]
        directive = DIRECTIVE.match(rest)
        if plain:
            yield "\n".join(plain)
            plain = []
        if directive:
            yield _directive(directive.group("name"), directive.group("argument"), inner)
        elif fence[0] == ":":
            raise ValueError(f"a colon fence without a directive: {lines[k]!r}")
        else:
            yield ("code", "\n".join(lines[k : end + 1]))
        k = end + 1
    if plain:
        yield "\n".join(plain)


def _directive(name: str, argument: str, inner: list[str]) -> Directive:
    options, k = {}, 0
    if inner and inner[0].strip() == "---":  # options as a YAML block
        import yaml

        close = inner.index("---", 1)
        options = {
            str(key): str(value)
            for key, value in (yaml.safe_load("\n".join(inner[1:close])) or {}).items()
        }
        k = close + 1
    else:
        while k < len(inner) and OPTION.match(inner[k]):
            option = OPTION.match(inner[k])
            options[option.group("key")] = option.group("value").strip()
            k += 1
    body = "\n".join(inner[k:]).strip("\n")
    return Directive(name, argument.strip(), options, body)


def iter_directives(text: str):
    """Every directive in ``text``, nested ones included."""
    for block in split_blocks(text):
        if isinstance(block, Directive):
            yield block
            if block.name not in ("math", "code-cell", "code-block", "code", "eval-rst"):
                yield from iter_directives(block.body)


# --------------------------------------------------------------------------------------
# Conversion of one markdown cell
# --------------------------------------------------------------------------------------

PROOF_KINDS = {
    "prf:definition": "Definition",
    "prf:theorem": "Theorem",
    "prf:lemma": "Lemma",
    "prf:proof": "Proof",
    "prf:algorithm": "Algorithm",
    "prf:corollary": "Corollary",
    "prf:proposition": "Proposition",
    "prf:example": "Example",
    "prf:remark": "Remark",
    "prf:conjecture": "Conjecture",
    "prf:axiom": "Axiom",
    "prf:property": "Property",
    "prf:observation": "Observation",
    "prf:assumption": "Assumption",
    "prf:criterion": "Criterion",
    "prf:notation": "Notation",
}
ADMONITIONS = {
    "note": "Note",
    "tip": "Tip",
    "hint": "Hint",
    "warning": "Warning",
    "important": "Important",
    "caution": "Caution",
    "attention": "Attention",
    "danger": "Danger",
    "error": "Error",
    "seealso": "See also",
    "admonition": "",
}
GOING_FURTHER = "Going further (optional)"
# Boxes set apart from the text: a headed block (the title is the heading when the kind
# is empty). Layout-only directives (tabs, grids, tables): their content, under its title.
BOXES = {"margin": "Aside", "sidebar": "Aside", "topic": "", "card": "", "epigraph": ""}
CONTAINERS = {"tab-set", "tab-item", "grid", "grid-item", "grid-item-card", "table"}
CONTAINERS |= {"div", "container", "rubric", "centered"}


def _without_going_further(title: str) -> str:
    """A title without a "Going further" or "Optional" of its own: the heading says it."""
    title = re.sub(
        r"^\s*going further\b\s*(\(optional\))?\s*[:.,–—-]?\s*", "", title, flags=re.I
    )
    return "" if title.strip(" ().").lower() == "optional" else title


ROLE = re.compile(
    r"(?P<role>\{(?P<name>[a-zA-Z][\w:.-]*)\}(?P<ticks>`+)(?P<content>.+?)(?P=ticks))"
    r"|(?P<code>(?P<cticks>`+).+?(?P=cticks))",
    re.DOTALL,
)
EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.DOTALL)
SUBSTITUTION = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")
DOLLAR_LABEL = re.compile(r"(\$\$)\s*\(([\w:.-]+)\)\s*$", re.MULTILINE)


@dataclass
class Page:
    """The document being converted, and what it needs from its executed copy."""

    docname: str
    glue: dict[str, dict] = field(default_factory=dict)
    measured: set[str] = field(default_factory=set)
    substitutions: dict[str, str] = field(default_factory=dict)
    used_measured: bool = False
    attachments: dict[str, dict] = field(default_factory=dict)


class Converter:
    """MyST Markdown to the Markdown that Jupyter renders."""

    def __init__(self, book: Book, page: Page):
        self.book, self.page = book, page

    # blocks ------------------------------------------------------------------------
    def convert(self, text: str) -> str:
        out = []
        for block in split_blocks(text):
            if isinstance(block, Directive):
                out.append(self.directive(block))
            elif isinstance(block, tuple):
                out.append(block[1])
            else:
                out.append(self.plain(block))
        return re.sub(r"\n{3,}", "\n\n", "\n\n".join(p.strip("\n") for p in out)).strip()

    def directive(self, d: Directive) -> str:
        classes = d.options.get("class", "").split()
        name = d.name
        if name == "math":
            return "$$\n" + d.body + "\n$$"
        if name in ("figure", "image"):
            return self.figure(d)
        if name in ("glue:figure", "glue:", "glue", "glue:any"):
            return self.glue_figure(d)
        if name in ("code-block", "code", "sourcecode"):
            return f"```{d.argument}\n{d.body}\n```"
        if name in ("solution-start", "solution-end"):
            if name == "solution-end":
                return "*End of the solution.*\n\n---"
            return "---\n\n" + self.header("Solution", self._solution_of(d.argument))
        if name in PROOF_KINDS:
            kind = PROOF_KINDS[name]
            body = self.convert(d.body)
            if name == "prf:proof":
                body += " $\\blacksquare$"
            return self.block(kind, self.inline(d.argument), body, classes)
        if name == "exercise":
            return self.block(
                "Exercise", self.inline(d.argument), self.convert(d.body), classes
            )
        if name == "solution":
            title = self._solution_of(d.argument)
            return self.block("Solution", title, self.convert(d.body), classes)
        if name == "dropdown":
            summary = self.inline(d.argument) or "Details"
            if "going-further" in classes:
                summary = self.heading(GOING_FURTHER, _without_going_further(summary))
            return self.details(summary, self.convert(d.body))
        if name in ("raw", "only"):  # what the HTML book shows, or nothing
            return self.convert(d.body) if "html" in d.argument else ""
        if name in CONTAINERS:  # layout only: the content, headed by its title if any
            title, body = self.inline(d.argument), self.convert(d.body)
            return f"**{title}**\n\n{body}" if title else body
        if name in BOXES:
            kind, title = BOXES[name], self.inline(d.argument)
            if not kind:
                kind, title = title, ""
            body = self.convert(d.body)
            return (
                self.block(kind, title, body, classes) if kind else f"---\n\n{body}\n\n---"
            )
        if name in ADMONITIONS:
            kind = ADMONITIONS[name]
            title = self.inline(d.argument)
            if "going-further" in classes:
                kind, classes = GOING_FURTHER, [c for c in classes if c != "going-further"]
                title = _without_going_further(title)
            elif not kind:
                kind, title = title, ""
            return self.block(kind, title, self.convert(d.body), classes)
        raise ValueError(
            f"{self.page.docname}: the directive {{{name}}} has no plain-Markdown form in "
            "tools/jupyter_edition.py; add one there"
        )

    def _solution_of(self, label: str) -> str:
        target = self.book.targets.get(label.strip())
        if target is None:
            raise ValueError(
                f"{self.page.docname}: a solution of unknown exercise {label!r}"
            )
        return f"to the exercise *{self.inline(target.title)}*" if target.title else ""

    @staticmethod
    def heading(kind: str, title: str) -> str:
        """``Theorem: Title``, ``Solution to the exercise *Title*``, or the kind alone."""
        if not title:
            return kind
        return f"{kind} {title}" if title.startswith("to ") else f"{kind}: {title}"

    def header(self, kind: str, title: str) -> str:
        return f"**{self.heading(kind, title)}**"

    def block(self, kind: str, title: str, body: str, classes: list[str]) -> str:
        """A headed block between two rules, or folded when its class is dropdown."""
        if "dropdown" in classes:
            return self.details(self.heading(kind, title), body)
        return f"---\n\n{self.header(kind, title)}\n\n{body}\n\n---"

    @staticmethod
    def details(summary: str, body: str) -> str:
        summary = re.sub(r"\*\*?([^*]+)\*\*?", r"<i>\1</i>", summary)
        return f"<details>\n<summary><b>{summary}</b></summary>\n\n{body}\n\n</details>"

    def figure(self, d: Directive) -> str:
        source = d.argument
        if not re.match(r"^[a-z]+://", source):
            here = posixpath.dirname(self.page.docname)
            target = posixpath.normpath(posixpath.join(here, source))
            edition_dir = posixpath.dirname(edition_path(self.page.docname) or "jupyter/x")
            source = posixpath.relpath(target, edition_dir)
        alt = d.options.get("alt", "")
        caption = self.convert(d.body)
        return f"![{alt}]({source})" + (f"\n\n*{caption}*" if caption else "")

    def glue_figure(self, d: Directive) -> str:
        key = d.argument
        data = self._glued(key)
        image = next((m for m in ("image/png", "image/jpeg") if m in data), None)
        caption = self.convert(d.body)
        if image is None:
            text = self._format(key, "")
            return text + (f"\n\n*{caption}*" if caption else "")
        suffix = image.split("/")[1]
        name = f"{key}.{suffix}"
        self.page.attachments[name] = {image: data[image]}
        alt = d.options.get("alt", "").replace("]", ")").replace("[", "(")
        return f"![{alt}](attachment:{name})" + (f"\n\n*{caption}*" if caption else "")

    # inline ------------------------------------------------------------------------
    def plain(self, text: str) -> str:
        lines = []
        for line in text.split("\n"):
            if LABEL_LINE.match(line):
                continue
            if line.startswith("%") or line.strip() == "+++":
                continue
            lines.append(line)
        text = DOLLAR_LABEL.sub(r"\1", "\n".join(lines))
        return self.inline(text)

    def inline(self, text: str) -> str:
        text = ROLE.sub(self._role, text)
        return SUBSTITUTION.sub(self._substitute, text)

    def _substitute(self, match) -> str:
        key = match.group(1)
        for table in (self.page.substitutions, self.book.substitutions):
            if key in table:
                return self.inline(str(table[key]))
        raise ValueError(f"{self.page.docname}: unknown substitution {{{{ {key} }}}}")

    def _role(self, match) -> str:
        if match.group("code"):
            return match.group("code")
        name, content = match.group("name"), match.group("content")
        explicit = EXPLICIT.match(content)
        text, target = (
            (explicit.group("text"), explicit.group("target"))
            if explicit
            else ("", content)
        )
        if name in ("glue:text", "glue:", "glue", "glue:any", "glue:md"):
            key, _, spec = content.partition(":") if ":" in content else (content, "", "")
            if name == "glue:md":
                return self._glued(key).get("text/markdown", "")
            return self._format(key, spec)
        if name in ("ref", "numref", "prf:ref", "eq"):
            return self._reference(name, text, target)
        if name == "doc":
            docname = (
                posixpath.normpath(
                    posixpath.join(posixpath.dirname(self.page.docname), target)
                )
                .removesuffix(".md")
                .removesuffix(".ipynb")
            )
            if target.startswith("/"):
                docname = target.lstrip("/")
            if docname not in self.book.docs:
                raise ValueError(f"{self.page.docname}: {{doc}} to unknown page {target!r}")
            title = text or self.book.titles.get(docname, docname)
            return f"[{self.inline(title)}]({self.book.url(docname)})"
        if name in ("cite", "cite:p", "cite:t", "cite:ps", "cite:ts"):
            return self._cite(name, content)
        if name == "math":
            return f"${content}$"
        if name in ("term", "abbr", "kbd", "guilabel", "menuselection", "sup", "sub"):
            shown = text or target
            if name == "abbr":
                shown = re.sub(r"\s*\(.*\)$", "", content)
            if name in ("sup", "sub"):
                return f"<{name}>{shown}</{name}>"
            return shown
        if name in ("download",):
            return f"[{text or target}]({target})"
        raise ValueError(
            f"{self.page.docname}: the role {{{name}}} has no plain-Markdown form in "
            "tools/jupyter_edition.py; add one there"
        )

    def _reference(self, name: str, text: str, label: str) -> str:
        target = self.book.targets.get(label)
        if target is None:
            raise ValueError(f"{self.page.docname}: {{{name}}} to unknown label {label!r}")
        if name == "eq" and not text:
            text = f"({label})"
        if not text:
            kind = PROOF_KINDS.get(target.kind) or target.kind.capitalize()
            title = target.title
            if name == "prf:ref" or target.kind in PROOF_KINDS or target.kind == "exercise":
                text = f"{kind} ({title})" if title else kind
            else:
                text = title or label
        return f"[{self.inline(text)}]({self.book.url(target.docname, target.anchor)})"

    def _cite(self, name: str, content: str) -> str:
        links = []
        for key in (k.strip() for k in content.split(",")):
            if key not in self.book.bibliography:
                raise ValueError(f"{self.page.docname}: unknown citation {key!r}")
            authors, year = self.book.bibliography[key]
            url = self.book.url(self.book.references_doc)
            if name.startswith("cite:t"):
                links.append(f"{authors} ([{year}]({url}))")
            else:
                links.append(f"[{authors}, {year}]({url})")
        if name.startswith("cite:t"):
            return ", ".join(links)
        return "(" + "; ".join(links) + ")"

    def _glued(self, key: str) -> dict:
        if "::" in key:
            raise ValueError(
                f"{self.page.docname}: glue from another page ({key}) is not supported"
            )
        if key not in self.page.glue:
            raise ValueError(
                f"{self.page.docname}: nothing is glued under {key!r} "
                "in the executed notebook"
            )
        return self.page.glue[key]

    def _format(self, key: str, spec: str) -> str:
        from myst_nb.core.variables import format_plain_text

        data = self._glued(key)
        if "text/plain" not in data:
            raise ValueError(f"{self.page.docname}: {key!r} has no text/plain to show")
        text = format_plain_text(data["text/plain"], spec or "s")
        if key in self.page.measured:
            self.page.used_measured = True
            return f"{text}\\*"
        return text


MEASURED_NOTE = (
    "\\* *Measured on the machine that made this notebook; the code above measures it "
    "again on yours.*"
)


# --------------------------------------------------------------------------------------
# Glued values and which of them are measured
# --------------------------------------------------------------------------------------

CLOCK = re.compile(
    r"\b(perf_counter|process_time|monotonic|timeit|time\.time|time_fit_predict)\b"
)
GLUE_CALL = re.compile(r"""\bglue\(\s*["']([\w.-]+)["']""")


def glued_outputs(executed: nbformat.NotebookNode) -> dict[str, dict]:
    """Every glued value of an executed notebook: its name and its mime bundle."""
    values = {}
    for cell in executed.cells:
        for output in cell.get("outputs", []):
            record = output.get("metadata", {}).get("scrapbook", {})
            if record.get("name"):
                # glue prefixes the mime types of what it records; the book build strips it
                prefix = record.get("mime_prefix", "")
                values[record["name"]] = {
                    mime.removeprefix(prefix): value
                    for mime, value in output["data"].items()
                }
    return values


def without_magics(source: str) -> str:
    """Python source with each IPython magic or shell line replaced by ``pass``."""
    lines = []
    for line in source.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            line = line[: len(line) - len(stripped)] + "pass"
        lines.append(line)
    return "\n".join(lines)


def _python(source: str) -> ast.Module:
    return ast.parse(without_magics(source))


def measured_glue(notebook: nbformat.NotebookNode) -> set[str]:
    """The glued names whose value depends on a clock reading.

    A name is measured when the cell that glues it, or a cell it reads a variable from
    (the last cell before it that assigns the variable, followed back transitively),
    calls a clock.
    """
    cells = [c.source for c in notebook.cells if c.cell_type == "code"]
    trees = [_python(s) for s in cells]
    stored, loaded = [], []
    for tree in trees:
        names_in, names_out = set(), set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                (names_out if isinstance(node.ctx, ast.Store) else names_in).add(node.id)
            elif isinstance(node, ast.FunctionDef):
                names_out.add(node.name)
        stored.append(names_out)
        loaded.append(names_in)

    def depends_on_clock(index: int) -> bool:
        seen, todo = set(), [index]
        while todo:
            k = todo.pop()
            if k in seen:
                continue
            seen.add(k)
            if CLOCK.search(cells[k]):
                return True
            for name in loaded[k]:
                for j in range(k, -1, -1):
                    if name in stored[j] and (j != k or j == index):
                        todo.append(j)
                        break
        return False

    measured = set()
    for k, source in enumerate(cells):
        for name in GLUE_CALL.findall(source):
            if depends_on_clock(k):
                measured.add(name)
    return measured


def _code(notebook) -> list[str]:
    return [c.source for c in notebook.cells if c.cell_type == "code"]


def glue_of(path: Path, root: Path, notebook) -> dict[str, dict]:
    """The glued values of the notebook at ``path``: the book build's, or a fresh run's.

    The book build keeps them in ``_build/jupyter_execute/<path>.glue.json``; they are used
    only when the executed copy beside them has exactly the code cells of ``notebook``.
    """
    import json

    built = root / EXECUTED / path.relative_to(root)
    stored = built.with_suffix(".glue.json")
    if built.exists() and stored.exists():
        if _code(nbformat.read(built, as_version=4)) == _code(notebook):
            data = json.loads(stored.read_text(encoding="utf-8"))
            return {name: dict(output["data"]) for name, output in data.items()}
    return glued_outputs(execute(notebook, path.parent))


def execute(notebook, cwd: Path, timeout: int = 600) -> nbformat.NotebookNode:
    """Run a copy of ``notebook`` top to bottom in a fresh kernel, in folder ``cwd``.

    The kernel gets this process's environment without ``MPLBACKEND`` (the test suite
    sets it to Agg), so that figures are drawn as in Jupyter, by the inline backend.
    """
    import os

    from nbclient import NotebookClient

    run = copy.deepcopy(notebook)
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    client = NotebookClient(
        run,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
    )
    client.execute(env=env)
    return run


# --------------------------------------------------------------------------------------
# Editions
# --------------------------------------------------------------------------------------


def sources(root: Path | None = None) -> dict[Path, tuple[str, nbformat.NotebookNode]]:
    """Each edition path, with the docname of its book page and its source notebook."""
    root = ROOT if root is None else root
    made = {}
    for path in sorted((root / CHAPTERS).glob("[0-9]*.ipynb")):
        docname = f"{CHAPTERS.as_posix()}/{path.stem}"
        made[root / edition_path(docname)] = (docname, nbformat.read(path, as_version=4))
    for path, text in exercises_tool.students(root).items():
        solution = f"{SOLUTIONS.as_posix()}/{path.stem}"
        made[root / edition_path(solution)] = (solution, nbformat.reads(text, as_version=4))
    return made


# --------------------------------------------------------------------------------------
# Code for Jupyter: no glue, and the Colab cell installs what _config.yml says
# --------------------------------------------------------------------------------------


def colab_requirement(config: dict) -> str:
    """What the notebooks' Colab cell installs, from ``colab_install`` in ``_config.yml``.

    ``repository`` means perclab from ``repository.url`` (``perclab @ git+URL``); any
    other value is a pip requirement, such as ``perclab`` once it is on PyPI.

    >>> colab_requirement({"colab_install": "repository",
    ...                    "repository": {"url": "https://example.org/perclab"}})
    'perclab @ git+https://example.org/perclab'
    >>> colab_requirement({"colab_install": "perclab==0.2"})
    'perclab==0.2'
    """
    value = str(config.get("colab_install") or "").strip()
    if value == "repository":
        url = (config.get("repository") or {}).get("url")
        if not url:
            raise ValueError(
                "_config.yml: colab_install is 'repository' but repository.url is not set"
            )
        return f"perclab @ git+{url}"
    if not value.startswith("perclab"):
        raise ValueError(
            "_config.yml needs colab_install, what the notebooks' Colab cell installs: "
            f"'repository' or a pip requirement for perclab, got {value!r}"
        )
    return value


COLAB_INSTALL = re.compile(r'^(\s*%pip install --quiet )"([^"]*)"\s*$', re.MULTILINE)

# The words of a comment that speak of glue, and what replaces them in the edition;
# edition code that still says "glue" fails tests/test_jupyter_edition.py.
GLUE_WORDS = [
    (re.compile(r"\bCheck and glue\b"), "Check"),
    (re.compile(r",? and glue (?:it|them|the [\w -]+)$"), ""),
    (re.compile(r"(?:,? and|[;,]) glue$"), ""),
    (re.compile(r"\bglue, "), ""),
    (re.compile(r", glue and "), " and "),
    (re.compile(r"# Glue and (\w)"), lambda m: f"# {m.group(1).upper()}"),
]


def for_jupyter(source: str, requirement: str) -> str:
    r"""The code of a cell as the Jupyter edition runs it.

    The edition has its numbers written in, so it needs no ``myst_nb``: the import of
    ``glue`` and every ``glue(...)`` statement go, and so does a ``for`` loop that only
    glued; comments stop speaking of glue. The Colab cell's ``%pip install`` installs
    ``requirement``. Any other use of ``glue`` is an error.

    >>> print(for_jupyter("from myst_nb import glue\n# Check x and glue it\nx = 1\n"
    ...                   "glue('x', x, display=False)", "perclab"))
    # Check x
    x = 1
    """
    source = COLAB_INSTALL.sub(lambda m: f'{m.group(1)}"{requirement}"', source)
    if "glue" not in source.lower():
        return source
    tree = _python(source)
    drop: set[int] = set()  # line numbers (from 1)

    def glues(statement) -> bool:
        if isinstance(statement, ast.ImportFrom) and statement.module == "myst_nb":
            if [a.name for a in statement.names] != ["glue"]:
                raise ValueError(f"the edition cannot drop this import: {statement.names}")
            return True
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            return getattr(statement.value.func, "id", None) == "glue"
        if isinstance(statement, ast.For) and not statement.orelse:
            return all(glues(s) for s in statement.body)
        return False

    def visit(body):
        for statement in body:
            if glues(statement):
                drop.update(range(statement.lineno, statement.end_lineno + 1))
            else:
                for name in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(statement, name, None)
                    if isinstance(inner, list) and inner:
                        visit(inner)
                        kept = [s for s in inner if s.lineno not in drop]
                        if not kept:
                            raise ValueError(
                                "the edition cannot drop the glue of a block that only "
                                f"glues, line {inner[0].lineno}:\n{source}"
                            )

    visit(tree.body)
    lines = [line for k, line in enumerate(source.split("\n"), start=1) if k not in drop]
    out = []
    for line in lines:
        if line.lstrip().startswith("#"):
            for pattern, replacement in GLUE_WORDS:
                line = pattern.sub(replacement, line)
        out.append(line)
    text = "\n".join(out).strip("\n")
    used = {
        n.id for n in ast.walk(_python(text)) if isinstance(n, ast.Name) and n.id == "glue"
    }
    if used:
        raise ValueError(f"the edition cannot remove this use of glue:\n{source}")
    return text


def has_code(source: str) -> bool:
    """Whether ``source`` holds a statement, not only comments and blank lines."""
    return bool(_python(source).body)


def needs_execution(notebook) -> bool:
    """Whether the notebook's markdown uses glued values."""
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    return bool(re.search(r"\{glue(:\w*)?\}", text))


def edition(
    notebook: nbformat.NotebookNode,
    docname: str,
    book: Book,
    glue: dict[str, dict] | None = None,
    measured_values: dict[str, dict] | None = None,
) -> nbformat.NotebookNode:
    """The Jupyter edition of ``notebook``, the source of the book page ``docname``.

    ``glue`` holds the glued values of an executed copy; ``measured_values`` replaces the
    measured ones among them (the sync test passes those of the committed edition).
    """
    glue = dict(glue or {})
    measured = measured_glue(notebook) & set(glue)
    glue.update({k: v for k, v in (measured_values or {}).items() if k in measured})
    substitutions = (notebook.metadata.get("myst") or {}).get("substitutions") or {}
    out = nbformat.v4.new_notebook()
    out.metadata = copy.deepcopy(notebook.metadata)
    out.metadata.pop(METADATA_KEY, None)
    student_paths = {
        f"{STUDENTS.as_posix()}/{Path(d).name}.ipynb": edition_path(d)
        for d in book.docs
        if d.startswith(f"{SOLUTIONS.as_posix()}/")
    }
    title = book.titles.get(docname, docname)
    link = f"[{Converter(book, Page(docname)).inline(title)}]({book.url(docname)})"
    banner = (
        f"*The Jupyter edition of {link}, a page of the book perclab: the perceptron. "
        "Run the cells from the top.*"
    )
    out.cells.append(nbformat.v4.new_markdown_cell(banner))
    used_measured = set()
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            new = nbformat.from_dict(copy.deepcopy(dict(cell)))
            if new.cell_type == "code":
                new.source = for_jupyter(new.source, book.colab_requirement)
                if not has_code(new.source):
                    continue  # it only glued
                new.outputs, new.execution_count = [], None
                if HIDDEN_TAGS & set(new.metadata.get("tags", [])):
                    new.metadata.setdefault("jupyter", {})["source_hidden"] = True
            out.cells.append(new)
            continue
        page = Page(docname, glue, measured, substitutions)
        text = Converter(book, page).convert(cell.source)
        for old, new_path in student_paths.items():
            text = re.sub(rf"(?<![\w/]){re.escape(old)}", new_path, text)
        if page.used_measured:
            text += "\n\n" + MEASURED_NOTE
            used_measured |= {k for k in measured if k in cell.source}
        new = nbformat.v4.new_markdown_cell(text, metadata=copy.deepcopy(cell.metadata))
        if _one_fold(text) and "jupyter" in new.metadata:
            # folded by <details> already: JupyterLab need not hide the cell as well
            new.metadata.jupyter.pop("source_hidden", None)
            if not new.metadata.jupyter:
                del new.metadata["jupyter"]
        if page.attachments:
            new.attachments = page.attachments
        out.cells.append(new)
    out.metadata[METADATA_KEY] = {
        "source": f"{docname}.ipynb"
        if not docname.startswith(SOLUTIONS.as_posix())
        else f"{docname}.ipynb (student version)",
        "made_by": "tools/jupyter_edition.py; edit the source, not this file",
    }
    if used_measured:
        out.metadata[METADATA_KEY]["measured"] = {
            k: {"text/plain": glue[k]["text/plain"]} for k in sorted(used_measured)
        }
    for k, cell in enumerate(out.cells):
        cell.id = f"cell-{k}"
    return out


def _one_fold(text: str) -> bool:
    """Whether the whole markdown ``text`` is one ``<details>`` block."""
    return (
        text.startswith("<details>")
        and text.endswith("</details>")
        and text.count("<details>") == text.count("</details>") == 1
    )


# Code the book hides (a check, a figure's plumbing) is folded in JupyterLab as well.
HIDDEN_TAGS = {"remove-cell", "remove-input", "hide-input", "hide-cell"}


def render(notebook: nbformat.NotebookNode) -> str:
    """The notebook as the text that is committed."""
    return nbformat.writes(notebook) + "\n"


def committed_editions(root: Path | None = None, decks: bool = False) -> list[Path]:
    """The edition notebooks in the repository (Jupyter's checkpoint copies left out).

    The lecture decks, ``jupyter/slides``, only with ``decks``: they are the chapters'
    code and the slides' text, not notebooks to read or to run on every route.
    """
    root = ROOT if root is None else root
    return sorted(
        p
        for p in (root / EDITION).rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
        and (decks or p.parent != root / EDITION / "slides")
    )


def committed_measured(path: Path) -> dict[str, dict]:
    """The measured values recorded in the committed edition at ``path``, if any."""
    if not path.exists():
        return {}
    notebook = nbformat.read(path, as_version=4)
    return dict((notebook.metadata.get(METADATA_KEY) or {}).get("measured") or {})


def editions(root: Path | None = None, log=None, remeasure=False) -> dict[Path, str]:
    """Every edition notebook's path and text, made from the sources.

    Measured values (see ``measured_glue``) are kept from the committed editions, so that
    regenerating changes nothing when the sources have not changed; ``remeasure`` takes
    this machine's instead.
    """
    root = ROOT if root is None else root
    book = load_book(root)
    made = {}
    for path, (docname, notebook) in sources(root).items():
        glue = {}
        if needs_execution(notebook):
            source = root / f"{docname}.ipynb"
            if log:
                log(f"executed copy of {source.relative_to(root)}")
            glue = glue_of(source, root, notebook)
        measured = None if remeasure else committed_measured(path)
        made[path] = render(edition(notebook, docname, book, glue, measured))
    made.update(decks(root, book, log))
    return made


def decks(root: Path, book: Book, log=None) -> dict[Path, str]:
    """Each lecture deck, ``slides/NN_name.md``, as a RISE notebook in jupyter/slides."""
    slides = _load_tool("slides")
    this = sys.modules[__name__]
    made = {}
    for source in slides.deck_paths(root):
        run = slides.chapter_run(source.stem, root, this, log=log or (lambda m: None))
        deck = slides.edition_deck(source.stem, run, book, this, root)
        made[root / EDITION / "slides" / f"{source.stem}.ipynb"] = render(deck)
    if made:
        made[root / EDITION / "slides" / "rise.css"] = slides.RISE_CSS
    return made


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    parser.add_argument(
        "--remeasure", action="store_true", help="take this machine's timings"
    )
    args = parser.parse_args(argv)
    made = editions(ROOT, log=lambda m: print(m, file=sys.stderr), remeasure=args.remeasure)
    stale = []
    for path, text in made.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in committed_editions(ROOT, decks=True):
        if path not in made:
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.unlink()
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
