"""The layers (docs/layers.md): import-linter's contracts in pyproject.toml hold for
the code as it is, and they fail on each kind of crossing import."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "league", "bouts", "fighters", "referees")
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_layers_hold():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


@pytest.fixture(scope="module")
def tree_copy(tmp_path_factory):
    """The packages' Python files and the contracts, in a scratch directory."""
    root = tmp_path_factory.mktemp("layers")
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            root / package,
            ignore=lambda folder, names: [
                n for n in names if not n.endswith(".py") and not (Path(folder) / n).is_dir()
            ],
        )
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    # The copy holds as the tree does, so a broken contract below is the crossing's.
    assert lint_imports(root).returncode == 0
    return root


CROSSINGS = {
    "the engine imports Django": ("bouts/engine/base.py", "import django.db"),
    "the engine imports the rest of bouts": ("bouts/engine/base.py", "from bouts import models"),
    "the engine imports core": ("bouts/engine/registry.py", "from core.api import filters"),
    "bouts calls the league": ("bouts/views.py", "from league import selectors"),
    "bouts calls the league's API": ("bouts/api/views.py", "from league.api import permissions"),
    "fighters reads bouts": ("fighters/selectors.py", "from bouts.models import Bout"),
    "fighters imports the league": ("fighters/models.py", "from league.models import League"),
    "referees imports fighters": ("referees/models.py", "from fighters.models import Fighter"),
    "fighters imports referees": ("fighters/services.py", "from referees.models import Referee"),
    "core imports an app": ("core/api/filters.py", "from fighters import models"),
}


@pytest.mark.parametrize("crossing", list(CROSSINGS))
def test_a_crossing_import_breaks_a_contract(crossing, tree_copy):
    path, line = CROSSINGS[crossing]
    module = tree_copy / path
    original = module.read_text()
    try:
        module.write_text(original + f"\n{line}\n")
        run = lint_imports(tree_copy)
    finally:
        module.write_text(original)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "BROKEN" in run.stdout
