"""tests/scenes/tablekit.py: the helpers the table tests judge by."""

from __future__ import annotations

import pygame

from tests.scenes.tablekit import same


def test_same_tells_one_pixel_apart_in_one_format_and_across_formats(display):
    # the window as it is now (a test before may have ended pygame and opened it again)
    window = pygame.display.get_surface().copy()
    window.fill((20, 90, 40))
    copy = window.copy()
    assert same(copy, window)
    copy.set_at((639, 359), (20, 90, 41))
    assert not same(copy, window)
    other = window.convert_alpha()                  # another format: compared as RGB
    assert same(other, window)
    other.set_at((0, 0), (21, 90, 40))
    assert not same(other, window)
    assert not same(pygame.Surface((4, 4)), pygame.Surface((4, 5)))


def test_same_reads_no_difference_into_the_unused_byte_of_a_pixel():
    """One blitter writes the fourth byte of an RGB pixel and another leaves it: the raw
    buffers differ where the pixels do not."""
    masks = (0xFF0000, 0xFF00, 0xFF, 0)

    def pixels(raw: bytes) -> pygame.Surface:
        surface = pygame.Surface((2, 1), 0, 32, masks)
        surface.get_buffer().write(raw, 0)
        return surface

    assert pygame.Surface((2, 1), 0, 32, masks).get_pitch() == 8
    unused = 3 if pygame.Surface((1, 1), 0, 32, masks).get_shifts()[2] == 0 else 0
    plain = bytearray(b"\x01\x02\x03\x00\x04\x05\x06\x00")
    if unused == 0:
        plain = bytearray(b"\x00\x01\x02\x03\x00\x04\x05\x06")
    filled = bytearray(plain)
    filled[unused] = filled[unused + 4] = 0xFF
    assert same(pixels(bytes(plain)), pixels(bytes(filled)))
    changed = bytearray(plain)
    changed[(unused + 1) % 4] ^= 1
    assert not same(pixels(bytes(plain)), pixels(bytes(changed)))
