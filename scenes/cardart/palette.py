"""The inks of the card art, in one place so decks stay consistent."""

RED = (200, 16, 46)
BLACK = (26, 26, 26)
INK = (24, 22, 24)            # outlines of figures and signs
CARD = (253, 250, 243)        # slightly warm card white
EDGE = (150, 143, 132)        # the thin border around every card
BLUE = (30, 74, 160)
DEEP_BLUE = (22, 48, 112)
GOLD = (242, 184, 36)
DARK_GOLD = (176, 118, 18)
FLESH = (250, 222, 188)
CHEEK = (238, 150, 130)
WHITE = (255, 255, 255)
GREEN = (38, 122, 70)
STEEL = (186, 200, 214)
GREY = (120, 120, 126)
BROWN = (122, 74, 36)
HAIR_BLOND = (236, 196, 74)
HAIR_BROWN = (120, 72, 38)
HAIR_BLACK = (46, 36, 32)
HAIR_WHITE = (236, 232, 222)
