"""The online pages: Play online (play.py: host or join), Find a table, the waiting
rooms, the leaderboards, and what they share: the service's tables (service_open.py)
and a player's key moved between computers (key_actions.py).  What the table shares
with them is scenes/net/."""
