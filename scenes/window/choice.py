"""Which path draws the window (``--renderer auto|off|NAME``), and why, in words.

``off`` is the window's own surface; a driver's name (SDL's: ``opengl``, ``software``,
``direct3d11``, ``metal``...) is the renderer on it, where the machine has it; ``auto``
takes the first hardware-accelerated render driver whose device is a GPU, else the
window surface.  An OpenGL driver is asked what draws it: Mesa's llvmpipe or softpipe
is the CPU again, and through a renderer the CPU presents far dearer than through the
window surface (bench/README.md), so ``auto`` never picks it.  Nothing here imports
pygame: the command line checks the value before SDL starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

AUTO, OFF = "auto", "off"
#: SDL 2's render drivers, by the names its SDL_RENDER_DRIVER hint takes
DRIVERS = ("direct3d", "direct3d11", "direct3d12", "metal", "opengl", "opengles2",
           "opengles", "software")
#: words in an OpenGL renderer's name that say the CPU draws it
CPU_RASTERIZERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe")
#: what a driver the machine lists but cannot make a renderer of is said to be
UNAVAILABLE = "unavailable"
#: the drivers one OpenGL stack serves: one of them drawn by the CPU is all of them (a
#: probe costs a hidden window and a GL context, some 50 ms of start-up each)
GL_DRIVERS = ("opengl", "opengles2", "opengles")


def check(text: str) -> str:
    """The value in lower case, or ValueError with a message that lists what is allowed."""
    value = text.strip().lower()
    if value not in (AUTO, OFF, *DRIVERS):
        raise ValueError(f"--renderer wants auto, off or a render driver "
                         f"({', '.join(DRIVERS)}), not {text!r}")
    return value


@dataclass(frozen=True)
class Choice:
    """The path taken: a render driver, or None for the window surface; ``why`` in words."""

    driver: str | None
    why: str

    def words(self) -> str:
        """The log's line: "drawing: window surface (no accelerated renderer: ...)"."""
        path = "window surface" if self.driver is None else f"renderer {self.driver}"
        return f"tavolata: drawing: {path} ({self.why})"


def choose(wanted: str, drivers: Sequence[tuple[str, bool]],
           device: Callable[[str], str | None]) -> Choice:
    """``wanted`` (checked) among the machine's ``drivers`` (name, accelerated);
    ``device(name)``: what draws that driver (an OpenGL renderer's name; UNAVAILABLE
    and why, when no renderer could be made of it), None when unknown or not asked."""
    names = [name for name, _ in drivers]
    listed = ", ".join(names) or "none"
    if wanted == OFF:
        return Choice(None, "--renderer off")
    if wanted != AUTO:
        if wanted in names:
            return Choice(wanted, f"--renderer {wanted}")
        return Choice(None, f"render driver {wanted} not on this machine: drivers {listed}")
    refused: list[str] = []
    cpu_gl = ""         # the OpenGL stack's renderer, when the CPU is it
    for name, accelerated in drivers:
        if not accelerated or name == "software":
            continue
        if cpu_gl and name in GL_DRIVERS:
            refused.append(f"{name} is {cpu_gl} too")
            continue
        who = device(name)
        if who is not None and any(word in who.lower() for word in CPU_RASTERIZERS):
            cpu_gl = who if name in GL_DRIVERS else ""
            refused.append(f"{name} is {who}")
            continue
        if who is not None and who.startswith(UNAVAILABLE):
            refused.append(f"{name} is {who}")
            continue
        return Choice(name, f"accelerated: {who or name}")
    if refused:
        return Choice(None, f"no accelerated renderer: {'; '.join(refused)}")
    return Choice(None, f"no accelerated renderer: drivers {listed}")
