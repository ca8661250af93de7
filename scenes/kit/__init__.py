"""The kit every screen is built from: the scene and its stack (scene.py), widgets and
focus, text fields, the HUD's cached text and panels, notices (toast.py), scrolling,
rich text, score sheets, the table's layout, the theme, fonts and tweens.  A kit module
imports no screen and no table part."""
