"""The online pages: Play online (play.py: host or join), Find a table, the waiting
rooms, the leaderboards, and what they share: a guest's connection and its kept seats
(guest.py), the service's tables, the room's codes, who deals and the ratings in words."""
