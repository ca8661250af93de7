"""The drawing path chosen at start (scenes/window/choice.py): ``auto`` takes a GPU only,
a named driver only where the machine has it, and a bad value is refused in words."""

from __future__ import annotations

import pytest

from scenes.window.choice import Choice, check, choose

MESA = {"opengl": "llvmpipe (LLVM 15.0.6, 256 bits)"}
GPU = {"opengl": "NVIDIA GeForce RTX 3060/PCIe/SSE2"}
HERE = [("opengl", True), ("opengles2", True), ("software", False)]


def test_a_bad_value_names_what_is_allowed():
    with pytest.raises(ValueError, match="auto, off or a render driver .*opengl.*'vulkan'"):
        check("vulkan")


def test_values_are_read_in_any_case():
    assert check(" OpenGL ") == "opengl"
    assert check("AUTO") == "auto"


def test_auto_without_an_accelerated_driver_keeps_the_window_surface():
    choice = choose("auto", [("software", False)], lambda name: None)
    assert choice == Choice(None, "no accelerated renderer: drivers software")
    assert choice.words() == \
        "tavolata: drawing: window surface (no accelerated renderer: drivers software)"


def test_auto_refuses_an_opengl_the_cpu_draws_and_asks_its_stack_once():
    asked: list[str] = []

    def device(name: str) -> str:
        asked.append(name)
        return MESA.get(name, "llvmpipe")

    choice = choose("auto", HERE, device)
    assert choice.driver is None
    assert choice.why == ("no accelerated renderer: opengl is llvmpipe (LLVM 15.0.6, 256 bits); "
                          "opengles2 is llvmpipe (LLVM 15.0.6, 256 bits) too")
    assert asked == ["opengl"]


def test_auto_takes_a_gpu():
    choice = choose("auto", HERE, GPU.get)
    assert choice == Choice("opengl", "accelerated: NVIDIA GeForce RTX 3060/PCIe/SSE2")


def test_a_driver_not_asked_about_counts_as_a_gpu():
    assert choose("auto", [("direct3d11", True)], lambda name: None).driver == "direct3d11"


def test_a_named_driver_is_taken_even_when_the_cpu_draws_it():
    assert choose("software", HERE, MESA.get) == Choice("software", "--renderer software")


def test_a_named_driver_the_machine_lacks_keeps_the_window_surface():
    choice = choose("metal", HERE, MESA.get)
    assert choice.driver is None
    assert choice.why == "render driver metal not on this machine: drivers opengl, opengles2, software"


def test_off_is_the_window_surface():
    assert choose("off", HERE, GPU.get).driver is None


def test_auto_passes_over_a_driver_no_renderer_can_be_made_of():
    devices = {"opengl": "unavailable (Could not create GL context)", "direct3d11": None}
    choice = choose("auto", [("opengl", True), ("direct3d11", True)], devices.get)
    assert choice == Choice("direct3d11", "accelerated: direct3d11")
    alone = choose("auto", [("opengl", True)], devices.get)
    assert alone.driver is None
    assert alone.why == "no accelerated renderer: opengl is unavailable (Could not create GL context)"
