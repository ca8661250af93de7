"""Contact sheets of every card face and back, for reviewing the card art.

    python bench/cardart_sheet.py [--out DIR] [--widths 60 100 180]

Writes french_<w>.png and italian_<style>_<w>.png (cards on a felt-green
table, with the backs, a glow and a rotated card) and prints how long the
French deck took to render cold and to fetch from the cache.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.cards import french_deck, italian_deck  # noqa: E402
from scenes.art.cardart import ITALIAN_STYLES, CardArt  # noqa: E402

FELT = (22, 92, 60)


def sheet(art: CardArt, cards, width: int, per_row: int, deck: str) -> pygame.Surface:
    w, h = art.size_for(width)
    gap = max(6, width // 8)
    rows = (len(cards) + per_row - 1) // per_row + 1
    out = pygame.Surface((gap + per_row * (w + gap), gap + rows * (h + gap)))
    out.fill(FELT)
    shadow = art.shadow(width)
    for i, card in enumerate(cards):
        x = gap + (i % per_row) * (w + gap)
        y = gap + (i // per_row) * (h + gap)
        out.blit(shadow, shadow.get_rect(center=(x + w // 2 + 2, y + h // 2 + 3)))
        out.blit(art.face(card, width), (x, y))
    y = gap + (rows - 1) * (h + gap)
    extras = [art.back(width, deck), art.back(width, deck)]
    x = gap
    out.blit(shadow, shadow.get_rect(center=(x + w // 2 + 2, y + h // 2 + 3)))
    out.blit(extras[0], (x, y))
    x += w + gap
    glow = art.highlight(width, (255, 214, 80))
    out.blit(glow, glow.get_rect(center=(x + w // 2, y + h // 2)))
    out.blit(art.face(cards[0], width), (x, y))
    x += w + gap
    turned = art.rotated(cards[-1], width, 14)
    out.blit(turned, turned.get_rect(center=(x + w // 2, y + h // 2)))
    x += w + gap
    turned = art.rotated(None, width, -20, deck)
    out.blit(turned, turned.get_rect(center=(x + w // 2 + gap, y + h // 2)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/cardart")
    ap.add_argument("--widths", type=int, nargs="+", default=[60, 100, 180])
    ap.add_argument("--only", choices=["french", *ITALIAN_STYLES], default=None)
    args = ap.parse_args()
    pygame.init()
    pygame.display.set_mode((1280, 720))
    os.makedirs(args.out, exist_ok=True)

    art = CardArt()
    deck = french_deck(jokers=True)
    t0 = time.perf_counter()
    for c in deck:
        art.face(c, 100)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    n = 100
    for _ in range(n):
        for c in deck:
            art.face(c, 100)
    hit = (time.perf_counter() - t0) / (n * len(deck))
    print(f"54 French faces at width 100, cold: {cold * 1000:.0f} ms "
          f"({cold * 1000 / len(deck):.1f} ms/card); cache hit: {hit * 1e6:.2f} us")
    t0 = time.perf_counter()
    for c in deck:
        art.rotated(c, 100, 14)
    print(f"54 rotations at width 100 (rotozoom, cached after): "
          f"{(time.perf_counter() - t0) * 1000 / len(deck):.2f} ms/card")
    for style in ITALIAN_STYLES:
        art.set_style(style)
        t0 = time.perf_counter()
        for c in italian_deck():
            art.face(c, 100)
        print(f"40 Italian faces ({style}) at width 100, cold: "
              f"{(time.perf_counter() - t0) * 1000:.0f} ms")

    for width in args.widths:
        if args.only in (None, "french"):
            path = os.path.join(args.out, f"french_{width}.png")
            pygame.image.save(sheet(art, deck, width, 13, "french"), path)
            print(path)
        for style in ITALIAN_STYLES:
            if args.only not in (None, style):
                continue
            art.set_style(style)
            path = os.path.join(args.out, f"italian_{style}_{width}.png")
            pygame.image.save(sheet(art, italian_deck(), width, 10, "italian"), path)
            print(path)


if __name__ == "__main__":
    main()
