"""Can this Python run the game?  Asked before anything imports pygame, so that someone
who runs ``python main.py`` with a Python that lacks the packages (before ``make play``,
or another Python than the checkout's ``.venv``) reads what is missing and the one
command that sets it up, and gets exit code 1 instead of a traceback.

- main.py calls :func:`exit_if_python_too_old` before it imports anything else, so this
  module parses and runs on old Pythons, 2.7 included (``python`` on older systems): no
  f-strings, annotations (type comments instead), keyword-only arguments, or
  ``from __future__ import annotations``.  The minimum is ``requires-python`` of the
  checkout's pyproject.toml, read as text (tomllib is 3.11+); without a checkout (an
  install) pip has already refused too old a Python.
- scenes/cli.py calls :func:`setup_problem` only when a window is about to open, so
  ``--help`` and ``--simulate`` (which never import pygame) work without the packages,
  and the installed ``tavolata`` command says the same as main.py.
- Presence is asked of ``importlib.util.find_spec`` (nothing is imported); pygame-ce is
  told from plain pygame by ``pygame.IS_CE``, which means importing pygame (prompt
  hidden, as scenes/app.py does, and the app imports it next anyway): only the module
  that loads can say which one it is, since with both distributions installed whichever
  came last owns the files, and uninstalling one of them leaves a module that fails to
  load, which is said too.
- The fix named: ``make play`` (Windows: the README's three lines) from a checkout;
  ``make clean play`` when this Python is the checkout's own ``.venv`` (its stamp would
  make ``make play`` skip the install); ``python -m pip`` with the install's own
  requirements when there is no checkout.  Too old a Python is sent to the checkout's
  ``.venv`` when that one is new enough (its pyvenv.cfg says), else to ``make play
  PYTHON=...`` after installing a newer one (``make clean play`` over an old ``.venv``,
  which ``make play`` would keep).
"""

import io
import os
import re
import sys

MYPY = False
if MYPY:   # the names of the type comments (Python 2.7 has no typing module to import)
    from typing import Callable, List, Optional, Tuple  # noqa: F401 (ruff reads no type comments)

#: (distribution, the module it provides) for every package the window needs: the
#: dependencies of pyproject.toml (a test holds them together)
NEEDED = (("pygame-ce", "pygame"), ("pygame-gui", "pygame_gui"),
          ("platformdirs", "platformdirs"), ("filelock", "filelock"),
          ("spake2", "spake2"), ("cryptography", "cryptography"))

#: the checkout (or, for an install, the site-packages folder) holding scenes/
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: the README's set-up for Windows, which has no make
WINDOWS_SETUP = ("py -m venv .venv", ".venv\\Scripts\\pip install -e .",
                 ".venv\\Scripts\\python main.py")


def _read(path):
    # type: (str) -> Optional[str]
    """A text file's words, or None when it cannot be read.  ``io.open``: Python 2's own
    ``open`` takes no encoding, and raises IOError, which is not an OSError there."""
    try:
        with io.open(path, encoding="utf-8") as f:  # noqa: UP020 - Python 2's open takes no encoding
            return f.read()
    except (IOError, OSError):  # noqa: UP024 - one class from Python 3.3 on, two before
        return None


def needed_python(root=ROOT):
    # type: (str) -> Optional[Tuple[int, int]]
    """(major, minor) of ``requires-python = ">=X.Y"`` in root's pyproject.toml, or None
    without a checkout."""
    text = _read(os.path.join(root, "pyproject.toml"))
    found = text and re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)', text, re.M)
    return (int(found.group(1)), int(found.group(2))) if found else None


def _venv_python(root):
    # type: (str) -> Optional[Tuple[int, int]]
    """(major, minor) of the Python the checkout's .venv was made with, or None."""
    text = _read(os.path.join(root, ".venv", "pyvenv.cfg"))
    found = text and re.search(r"^version(?:_info)?\s*=\s*(\d+)\.(\d+)", text, re.M)
    return (int(found.group(1)), int(found.group(2))) if found else None


def _dotted(version):
    # type: (Tuple[int, ...]) -> str
    return ".".join(str(n) for n in version)


def python_problem(version=None, root=ROOT, platform=sys.platform):
    # type: (Optional[Tuple[int, ...]], str, str) -> Optional[str]
    """The lines saying this Python (``version``, default the running one) is older than
    the project's minimum and what to do, or None when it is new enough."""
    version = tuple(sys.version_info[:3] if version is None else version)
    needed = needed_python(root)
    if needed is None or version[:2] >= needed:
        return None
    lines = ["tavolata: Python %s or newer is needed; this is Python %s (%s)."
             % (_dotted(needed), _dotted(version[:3]), sys.executable)]
    venv = _venv_python(root)
    run = ".venv\\Scripts\\python main.py" if platform == "win32" else ".venv/bin/python main.py"
    if venv is not None and venv >= needed:
        return "\n".join(lines + ["This folder's .venv has Python %s: `%s` starts the game."
                                   % (_dotted(venv), run)])
    lines.append("Install a newer Python (https://www.python.org/downloads/), then, in this folder:")
    if platform == "win32":
        if venv is not None:
            lines.append("(delete the .venv folder first: it was made with Python %s)"
                         % _dotted(venv))
        return "\n".join(lines + ["    " + step for step in WINDOWS_SETUP])
    make = "make clean play" if venv is not None else "make play"
    return "\n".join(lines + [
        "    %s PYTHON=python3.12    (the new Python's command; `make` alone uses python3)"
        % make, "After that, `%s` starts the game." % run])


def exit_if_python_too_old(version=None):
    # type: (Optional[Tuple[int, ...]]) -> None
    """Exit with code 1 and :func:`python_problem`'s words when this Python is too old."""
    problem = python_problem(version)
    if problem is not None:
        sys.stderr.write(problem + "\n")
        sys.exit(1)


def pygame_trouble():
    # type: () -> Optional[str]
    """Why the ``pygame`` this Python loads will not do (plain pygame, or it fails to
    load), or None when it is pygame-ce."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except Exception as exc:  # whatever a broken install raises: said in one line
        return "the pygame installed does not load (%s: %s)" % (type(exc).__name__, exc)
    if getattr(pygame, "IS_CE", False):
        return None
    return "the pygame installed is plain pygame, not pygame-ce (the only one Tavolata runs on)"


def _installed_requirements(names):
    # type: (List[str]) -> List[str]
    """The requirements of the installed tavolata for these distributions (their bare
    names when its metadata cannot be read)."""
    try:
        from importlib.metadata import requires
        declared = requires("tavolata") or []
    except Exception:  # no metadata (not installed, or a Python before 3.8)
        declared = []
    found = []
    for name in names:
        spec = [r for r in declared if re.match(re.escape(name) + r"\s*[<>=!~;\[(]", r)]
        found.append(spec[0].split(";")[0].strip() if spec else name)
    return found


def _quoted(path):
    # type: (str) -> str
    return '"%s"' % path if " " in path else path


def _fix_lines(root, prefix, platform, missing, plain):
    # type: (str, str, str, List[str], bool) -> List[str]
    """The command (a few lines) that sets up or repairs what the game needs: ``missing``
    distributions, and pygame-ce over plain pygame when ``plain``."""
    if not os.path.isfile(os.path.join(root, "pyproject.toml")):   # an install, no checkout
        pip = _quoted(sys.executable) + " -m pip"
        wanted = _installed_requirements(missing + (["pygame-ce"] if plain else []))
        lines = ["Repair this Python's packages with:"]
        if plain:
            lines.append("    %s uninstall -y pygame" % pip)
        return lines + ["    %s install %s%s" % (pip, "--force-reinstall " if plain else "",
                                                 " ".join('"%s"' % r for r in wanted))]
    own = os.path.realpath(prefix) == os.path.realpath(os.path.join(root, ".venv"))
    if platform == "win32":
        lines = ["Set it up once, in this folder (the first time needs the network):"]
        if own and plain:
            lines.append("    .venv\\Scripts\\pip uninstall -y pygame pygame-ce")
        return lines + ["    " + step for step in WINDOWS_SETUP]
    then = "After that, `.venv/bin/python main.py` starts the game (so does `make play`)."
    if own:   # its stamp would make `make play` skip the install
        return ["Set this folder's .venv up afresh (it needs the network):",
                "    make clean play", then]
    return ["Set it up once, from this folder (the first time needs the network):",
            "    make play", then]


def setup_problem(find_spec=None, pygame_check=pygame_trouble, root=ROOT,
                  prefix=sys.prefix, platform=sys.platform):
    # type: (Optional[Callable[[str], object]], Callable[[], Optional[str]], str, str, str) -> Optional[str]
    """The lines saying what this Python lacks for the window and the command that fixes
    it, or None when the game can start."""
    if find_spec is None:
        import importlib.util
        find_spec = importlib.util.find_spec
    missing = [dist for dist, module in NEEDED if find_spec(module) is None]
    trouble = None if "pygame-ce" in missing else pygame_check()
    if not missing and trouble is None:
        return None
    lines = []
    if missing:
        lines.append("tavolata: this Python lacks what the game needs: %s." % ", ".join(missing))
    if trouble is not None:
        lines.append("tavolata: %s." % trouble)
    lines.append("  (this is %s, Python %s)" % (sys.executable, _dotted(sys.version_info[:3])))
    return "\n".join(lines + _fix_lines(root, prefix, platform, missing, trouble is not None))
