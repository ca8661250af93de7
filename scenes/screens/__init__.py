"""The screens: the title menu, a game's setup, the settings, the rules, the credits,
the statistics, the replays, the online pages (online/) and the kiosk (kiosk/).  A
screen opens another through the app's routes (scenes/routes.py), never by importing
it, and is built from scenes/kit/."""
