"""Tavolata: card games at one table.  ``python main.py [options]`` from a checkout;
the command line itself is :mod:`scenes.cli` (an install's ``tavolata`` command).

This file and scenes/preflight.py parse on old Pythons (no ``from __future__ import
annotations``), so too old a Python is told which one is needed instead of failing
on the syntax of the modules after it."""

import sys

from scenes.preflight import exit_if_python_too_old

exit_if_python_too_old()

from scenes.cli import main, parse_args  # noqa: E402, F401 - parse_args: tests and tools use it here

if __name__ == "__main__":
    sys.exit(main())
