"""Card art: the faces and backs drawn by code (cardart/) and the sprites that show
them, painted ahead in a thread (sprites.py).  This package imports neither, so that
importing the sprites does not draw in every card face's code."""
