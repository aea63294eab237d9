"""What the instructors' page (book/instructors.md) tells an instructor to rely on.

* The release workflow builds with `make dist`, checks the tag against the version and
  publishes with PyPI's trusted publishing (no token).
* The publish workflow passes actionlint, deploys with the standard Pages actions, and
  builds with the Makefile's own targets, the ones that write the HTML book and the PDF
  into the folder it uploads.
* Every ``make`` target the page names exists.
* The page's configuration snippets are the book's: the ``repository:`` keys are those of
  ``_config.yml``, and a book built with the page's ``jupyterhub_url`` snippet gets
  JupyterHub buttons that open each chapter of this repository through nbgitpuller.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PUBLISH = ROOT / ".github" / "workflows" / "publish.yml"
PAGE = ROOT / "book" / "instructors.md"
BIN = Path(sys.executable).parent


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):(?!=)", text, flags=re.MULTILINE))


def actionlint(path: Path) -> subprocess.CompletedProcess:
    executable = shutil.which("actionlint", path=str(BIN)) or shutil.which("actionlint")
    if executable is None:
        pytest.fail("actionlint not found: `make install` installs it (pyproject [test])")
    return subprocess.run(
        [executable, "-no-color", str(path)], capture_output=True, text=True, cwd=ROOT
    )


def test_there_is_a_publish_workflow():
    assert PUBLISH in WORKFLOWS


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_passes_actionlint(path):
    result = actionlint(path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_rejects_a_broken_workflow(tmp_path):
    """The check above can fail: an unknown runner label and an undefined step output."""
    broken = PUBLISH.read_text(encoding="utf-8").replace(
        "runs-on: ubuntu-latest", "runs-on: ubuntu-lates", 1
    )
    broken = broken.replace("steps.deployment.outputs", "steps.deploy.outputs")
    (tmp_path / "broken.yml").write_text(broken, encoding="utf-8")
    result = actionlint(tmp_path / "broken.yml")
    assert result.returncode != 0
    assert "ubuntu-lates" in result.stdout and "deploy" in result.stdout


def _steps(workflow) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_publish_builds_with_the_makefile_and_deploys_to_pages():
    workflow = yaml.safe_load(PUBLISH.read_text(encoding="utf-8"))
    # YAML reads the key `on` as True
    trigger = workflow.get("on", workflow.get(True))
    assert trigger["push"]["branches"] == ["main"]
    steps = _steps(workflow)
    commands = [step["run"].strip() for step in steps if "run" in step]
    assert commands, "the workflow builds nothing"
    targets = makefile_targets()
    built = set()
    for command in commands:
        words = command.split()
        assert words[0] == "make", f"a build command that is not the Makefile's: {command}"
        assert set(words[1:]) <= targets, f"not a Makefile target: {command}"
        built.update(words[1:])
    assert {"book", "pdf"} <= built
    uses = {step["uses"].split("@")[0]: step for step in steps if "uses" in step}
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "_build/html"
    assert "actions/deploy-pages" in uses
    deploy = next(job for job in workflow["jobs"].values() if "environment" in job)
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    # what `make book` and `make pdf` write is what the workflow uploads
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "cp _build/latex/perclab.pdf _build/html/perclab.pdf" in makefile


RELEASE = ROOT / ".github" / "workflows" / "release.yml"


def test_release_builds_with_the_makefile_and_publishes_with_trusted_publishing():
    workflow = yaml.safe_load(RELEASE.read_text(encoding="utf-8"))
    trigger = workflow.get("on", workflow.get(True))
    assert trigger == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {"contents": "read"}
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    commands = [step["run"] for step in build["steps"] if "run" in step]
    assert "make dist" in commands and "dist" in makefile_targets()
    # the tag must be the version, and the wheel must install and train on its own
    assert any("GITHUB_REF_NAME" in c and "pyproject.toml" in c for c in commands)
    assert any('pip" install _build/dist/*.whl' in c and "train" in c for c in commands)
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    uses = "pypa/gh-action-pypi-publish"
    (step,) = [s for s in publish["steps"] if uses in s.get("uses", "")]
    assert "with" not in step or not {"password", "user"} & set(step["with"])  # no token
    text = RELEASE.read_text(encoding="utf-8")
    assert "secrets." not in text


def test_every_make_target_the_page_names_exists():
    named = set(re.findall(r"`make ([a-z][\w-]*)`", PAGE.read_text(encoding="utf-8")))
    assert {"book", "pdf", "test", "book-nosolutions", "pdf-nosolutions"} <= named
    assert named <= makefile_targets(), named - makefile_targets()


def _page_yaml_blocks() -> list[dict]:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"^( *)```yaml\n(.*?)^\1```", text, flags=re.MULTILINE | re.DOTALL)
    return [
        yaml.safe_load("\n".join(line[len(indent) :] for line in body.splitlines()))
        for indent, body in blocks
    ]


def _config() -> dict:
    return yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))


def test_the_page_shows_the_repository_keys_of_the_configuration():
    shown = next(block for block in _page_yaml_blocks() if "repository" in block)
    config = _config()
    assert shown["repository"].keys() == config["repository"].keys()
    assert shown["repository"]["url"] == config["repository"]["url"]


def test_the_page_shows_the_colab_install_of_the_configuration():
    shown = next(block for block in _page_yaml_blocks() if "colab_install" in block)
    assert shown == {"colab_install": _config()["colab_install"]}


@pytest.fixture(scope="module")
def jupyterhub_book(tmp_path_factory) -> Path:
    """The introduction and the first chapter, built with the page's JupyterHub snippet
    merged into _config.yml (notebooks not run: only the buttons matter here)."""
    snippet = next(block for block in _page_yaml_blocks() if "launch_buttons" in block)
    out = tmp_path_factory.mktemp("jupyterhub")
    config = _config()
    config["launch_buttons"].update(snippet["launch_buttons"])
    config["execute"]["execute_notebooks"] = "off"
    extensions = config["sphinx"].get("local_extensions") or {}
    for name, folder in extensions.items():
        extensions[name] = os.path.relpath(ROOT / folder, out)
    (out / "_config.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    chapter = toc["parts"][1]["chapters"][0]
    small = {"format": "jb-book", "root": toc["root"], "chapters": [chapter]}
    (out / "_toc.yml").write_text(yaml.safe_dump(small), encoding="utf-8")
    build = subprocess.run(
        [BIN / "jupyter-book", "build", str(ROOT), "--config", out / "_config.yml",
         "--toc", out / "_toc.yml", "--path-output", str(out)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return out / "_build" / "html", chapter["file"], snippet


def test_jupyterhub_button_opens_the_chapter_edition_through_nbgitpuller(jupyterhub_book):
    html, chapter, snippet = jupyterhub_book
    hub = snippet["launch_buttons"]["jupyterhub_url"].rstrip("/")
    page = (html / f"{chapter}.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]*/hub/user-redirect/git-pull\?[^"]*)"', page)
    assert len(links) == 1, f"{len(links)} JupyterHub links on {chapter}.html"
    link = urlparse(links[0].replace("&amp;", "&"))
    assert f"{link.scheme}://{link.netloc}" == hub
    query = {key: values[0] for key, values in parse_qs(link.query).items()}
    repository = _config()["repository"]
    assert query["repo"] == repository["url"]
    assert query["branch"] == repository["branch"]
    # nbgitpuller clones into a folder named after the repository
    interface, tree, folder, path = query["urlpath"].split("/", 3)
    assert (interface, tree) == ("lab", "tree")
    assert folder == repository["url"].rstrip("/").rsplit("/", 1)[1]
    # it opens the chapter's Jupyter edition, which reads right in JupyterLab
    assert path == f"jupyter/{chapter}.ipynb" and (ROOT / path).is_file()
