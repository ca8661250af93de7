"""The spoken table: a seat's updates and view put into sentences, for a player who
plays by ear.

The engine side of speech, never importing pygame: :mod:`game.spoken.stream` turns each
update a seat receives (events already redacted by :meth:`Event.for_seat
<game.engine.Event.for_seat>`, its view, who is to act) into sentences, and
:mod:`game.spoken.queries` answers what a listener asks at any time (my hand, the
table, the scores ...).  Both read only what the seat was sent, so neither can say
what the seat may not know (tests/game/spoken/test_twin_transcripts.py holds it).
Every sentence comes from the catalogs (``spoken.*`` in assets/i18n/<lang>), so
every language speaks.
"""

from game.spoken.queries import QUERIES, ask
from game.spoken.stream import SpokenStream
from game.spoken.words import Words

__all__ = ["QUERIES", "SpokenStream", "Words", "ask"]
