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

#: the four-colour French deck's own inks: Clubs green, Diamonds blue (Hearts red, Spades
#: black as ever), dark enough that every pip keeps its contrast on the white card
CLUB_GREEN = (14, 120, 52)
DIAMOND_BLUE = (20, 78, 196)
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": DIAMOND_BLUE, "C": CLUB_GREEN}


def french_ink(suit: str, red: bool, four: bool = False) -> tuple[int, int, int]:
    """The ink of a French suit: red or black, or in the four-colour deck each its own."""
    if four:
        return FOUR_COLOURS[suit]
    return RED if red else BLACK
