"""Start-up's objects are kept out of the cyclic collector's walks (scenes/heap.py)."""

from __future__ import annotations

import gc

from scenes import heap


def test_what_start_up_made_is_not_walked_by_a_full_collection():
    """A full collection walked every object start-up made (33 ms of a frame at Dou Dizhu's
    table): once frozen, they are in the permanent generation, out of its walks."""
    gc.unfreeze()
    kept = [[i] for i in range(1000)]
    try:
        heap.freeze_startup()
        assert gc.get_freeze_count() >= len(kept)
        assert all(gc.is_tracked(item) for item in kept[:3])
    finally:
        gc.unfreeze()
