"""The program's one window, drawn on one of two paths, behind one small interface.

Every window call the app makes (open, resize, fullscreen, caption, the mouse's scale,
present, a screenshot) goes through an :class:`~scenes.window.base.AppWindow`, so no
scene knows the path: :class:`~scenes.window.plain.SurfaceWindow` draws into the
window's own surface (``display.set_mode``) and presents the rectangles that changed;
:class:`~scenes.window.rendered.RendererWindow` draws the same frame into a canvas,
uploads the rectangles that changed into a texture and presents it through SDL's
renderer (the GPU where there is one).  :mod:`scenes.window.choice` picks the path at
start (``--renderer auto|off|NAME``) and says why in the log; it imports no pygame, so
the command line checks the value before SDL starts.
"""
