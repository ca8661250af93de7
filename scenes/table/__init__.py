"""The table scene, split by job: scene.py (the client of a session, pacing, life
cycle), controls.py (input and its queue), animation.py (updates to tweens),
board.py (the display model) and painting.py (drawing)."""

from scenes.table.scene import DEFAULT_DELAY, TableScene, local_table

__all__ = ["DEFAULT_DELAY", "TableScene", "local_table"]
