"""Tavolata: five card games at one table.  ``python main.py [options]`` from a checkout;
the command line itself is :mod:`scenes.cli` (an install's ``tavolata`` command)."""

from __future__ import annotations

import sys

from scenes.cli import main, parse_args  # noqa: F401 - parse_args: tests and tools use it here

if __name__ == "__main__":
    sys.exit(main())
