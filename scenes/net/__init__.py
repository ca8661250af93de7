"""What the table and the online pages share of netplay: a guest's connection and its
kept seats (guest.py), the room's codes (room_codes.py), who deals the table
(dealer.py) and a rated game's ratings in words (rating_words.py).  It imports no
screen and no part of the table."""
