"""The table scene (scene.py: the client of a session, its life cycle), made of parts
it owns, each given only what it needs: board.py (the display model), animation.py
(updates to tweens), controls.py (input) with keys.py (its key tables), painting.py
(drawing), pace.py (the person's and the computers' pace), ranks.py (the rank strip),
story.py (the story and the corner buttons); position.py and stage.py are what the
parts share (the game as shown; the layout and the card images).  What opens over the
table lives here too (result.py: the result, the pause menu, the score sheet;
lookback.py), opened by its route (scenes/routes.py), and keeping.py (kept games:
which client a table gets, Resume, Undo)."""

from scenes.table.scene import DEFAULT_DELAY, TableScene, local_table

__all__ = ["DEFAULT_DELAY", "TableScene", "local_table"]
