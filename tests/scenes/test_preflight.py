"""The first step on a Python that cannot run the game: what is missing, the command that
sets it up, exit code 1, never a traceback (scenes/preflight.py)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scenes import preflight

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> Path:
    """The Python of a venv made here with no packages at all (no pip either: nothing is
    installed, nothing is downloaded)."""
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    return venv / ("Scripts" if os.name == "nt" else "bin") / "python"


def _run(python: Path, *argv: str, path: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``python argv`` in the checkout, with no user site-packages, and ``path`` (if
    any) as its PYTHONPATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PYTHONNOUSERSITE"] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([str(python), *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_main_without_the_packages_names_them_and_the_command_that_sets_them_up(bare_python):
    out = _run(bare_python, "main.py", "--game", "bocce")
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    assert "lacks what the game needs: pygame-ce, pygame-gui, platformdirs, filelock, " \
        "spake2, cryptography." \
        in out.stderr
    assert "    make play\n" in out.stderr
    assert "`.venv/bin/python main.py` starts the game" in out.stderr


@pytest.mark.slow
def test_help_and_simulate_still_work_without_the_packages(bare_python):
    assert _run(bare_python, "main.py", "--help").returncode == 0
    out = _run(bare_python, "main.py", "--simulate", "bocce", "--games", "2")
    assert out.returncode == 0, out.stderr
    assert '"played": 2' in out.stdout


@pytest.mark.slow
def test_the_tavolata_command_says_the_same_as_main(bare_python):
    """What the installed command's script does: ``sys.exit(scenes.cli.main())``."""
    script = "import sys; from scenes.cli import main; sys.exit(main())"
    command = _run(bare_python, "-c", script, "--game", "bocce", path=ROOT)
    assert command.returncode == 1
    assert command.stderr == _run(bare_python, "main.py", "--game", "bocce").stderr


def _fake_packages(folder: Path, pygame_init: str) -> Path:
    """Empty pygame_gui, platformdirs, filelock, spake2 and cryptography, and a pygame
    whose __init__ is ``pygame_init``."""
    for module in ("pygame", "pygame_gui", "platformdirs", "filelock", "spake2", "cryptography"):
        (folder / module).mkdir()
        (folder / module / "__init__.py").write_text("", encoding="utf-8")
    (folder / "pygame" / "__init__.py").write_text(pygame_init, encoding="utf-8")
    return folder


def test_plain_pygame_instead_of_pygame_ce_is_refused(bare_python, tmp_path):
    out = _run(bare_python, "main.py", path=_fake_packages(tmp_path, '__version__ = "2.6.1"\n'))
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    assert "plain pygame, not pygame-ce" in out.stderr
    assert "lacks" not in out.stderr, "everything is there, only the wrong pygame"
    assert "    make play\n" in out.stderr


def test_a_pygame_that_fails_to_load_is_said_in_one_line(bare_python, tmp_path):
    """E.g. what is left after uninstalling plain pygame from beside pygame-ce."""
    broken = _fake_packages(tmp_path, 'raise ImportError("no base module")\n')
    out = _run(bare_python, "main.py", path=broken)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    assert "the pygame installed does not load (ImportError: no base module)." in out.stderr


def test_this_environment_is_ready():
    assert preflight.pygame_trouble() is None
    assert preflight.setup_problem() is None


def test_a_python_older_than_the_minimum_is_told_which_one_is_needed(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text('requires-python = ">=3.10"\n')
    problem = preflight.python_problem((3, 9, 18), root=str(tmp_path), platform="linux")
    assert problem.startswith("tavolata: Python 3.10 or newer is needed; this is Python 3.9.18")
    assert "    make play PYTHON=python3.12" in problem
    assert preflight.python_problem((3, 10, 0), root=str(tmp_path)) is None
    with pytest.raises(SystemExit) as done:
        preflight.exit_if_python_too_old((2, 7, 18))
    assert done.value.code == 1
    assert "Python 3.10 or newer is needed; this is Python 2.7.18" in capsys.readouterr().err


def test_a_too_old_python_is_sent_to_the_venv_when_that_one_will_do(tmp_path):
    (tmp_path / "pyproject.toml").write_text('requires-python = ">=3.10"\n')
    (tmp_path / ".venv").mkdir()
    cfg = tmp_path / ".venv" / "pyvenv.cfg"
    cfg.write_text("home = /usr/bin\nversion = 3.8.18\n")
    problem = preflight.python_problem((3, 8, 18), root=str(tmp_path), platform="linux")
    assert "    make clean play PYTHON=python3.12" in problem, "the old .venv goes first"
    cfg.write_text("home = /usr/bin\nversion_info = 3.12.1.final.0\n")
    problem = preflight.python_problem((3, 8, 18), root=str(tmp_path), platform="linux")
    assert "This folder's .venv has Python 3.12: `.venv/bin/python main.py`" in problem


def test_the_minimum_is_the_projects_requires_python():
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=%d.%d" % preflight.needed_python(str(ROOT))


def test_the_packages_checked_are_the_projects_dependencies():
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {dep.split(">")[0].split("<")[0].split("=")[0].strip()
             for dep in project["dependencies"]}
    assert names == {dist for dist, _ in preflight.NEEDED}


def test_on_windows_the_fix_is_the_readmes_three_lines():
    problem = preflight.setup_problem(find_spec=lambda module: None, root=str(ROOT),
                                      prefix="/elsewhere", platform="win32")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for step in preflight.WINDOWS_SETUP:
        assert "    " + step in problem
        assert step in readme
    assert "make" not in problem


def test_the_checkouts_own_venv_is_set_up_afresh():
    problem = preflight.setup_problem(find_spec=lambda module: None, root=str(ROOT),
                                      prefix=str(ROOT / ".venv"), platform="linux")
    assert "    make clean play\n" in problem


def test_an_install_without_a_checkout_is_repaired_with_its_own_requirements(tmp_path):
    def lost_gui(module: str) -> object:
        return None if module == "pygame_gui" else object()

    problem = preflight.setup_problem(find_spec=lost_gui, pygame_check=lambda: None,
                                      root=str(tmp_path))
    assert "lacks what the game needs: pygame-gui." in problem
    assert f"{sys.executable} -m pip install \"pygame-gui" in problem
    assert "make" not in problem
    plain = preflight.setup_problem(find_spec=lambda module: object(),
                                    pygame_check=lambda: "plain pygame", root=str(tmp_path))
    assert f"{sys.executable} -m pip uninstall -y pygame\n" in plain
    assert f"{sys.executable} -m pip install --force-reinstall \"pygame-ce" in plain


@pytest.mark.parametrize("name", ["main.py", "scenes/preflight.py"])
def test_what_runs_before_the_version_check_parses_on_old_pythons(name):
    """No syntax newer than 3.4 (ast's oldest grammar), and none of what Python 2 lacks:
    f-strings, annotations, keyword-only arguments, ``from __future__ import annotations``."""
    tree = ast.parse((ROOT / name).read_text(encoding="utf-8"), feature_version=(3, 4))
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.JoinedStr, ast.AnnAssign, ast.Nonlocal)), node.lineno
        if isinstance(node, ast.FunctionDef):
            assert node.returns is None and not node.args.kwonlyargs, node.name
            assert all(a.annotation is None for a in node.args.args), node.name
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            assert "annotations" not in [alias.name for alias in node.names]


def _older_python(version: str) -> str | None:
    """A Python ``version`` installed on this machine: on the PATH, or one pyenv built
    (its shims run only the version selected, so they are passed over)."""
    found = shutil.which(f"python{version}")
    if found and os.sep + "shims" + os.sep not in found:
        return found
    versions = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    for home in sorted(versions.glob(f"{version}.*")):
        if (home / "bin" / "python").exists():
            return str(home / "bin" / "python")
    return None


@pytest.mark.parametrize("version", ["2.7", "3.6", "3.8", "3.9"])
def test_main_on_an_older_python_says_which_one_is_needed_without_a_traceback(version):
    """Run for real on whichever older Pythons this machine has: Python 2's ``open`` takes
    no encoding and raises IOError, which once made a traceback of the message."""
    python = _older_python(version)
    if python is None:
        pytest.skip(f"no Python {version} on this machine")
    done = _run(Path(python), "main.py", "--help")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert f"tavolata: Python 3.10 or newer is needed; this is Python {version}." in done.stderr
