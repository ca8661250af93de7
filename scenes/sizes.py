"""Window sizes the program knows, in a module without pygame so the command line can
check ``--size`` against the same minimum the window keeps."""

#: the window never gets smaller than this (every screen is laid out for it)
MIN_SIZE = (800, 500)
DEFAULT_SIZE = (1280, 720)
#: ``--size`` asks for no more than this (an 8K screen): a bigger surface takes seconds
#: to make and gigabytes to hold, and SDL refuses past 16384 on a side
MAX_SIZE = (7680, 4320)
