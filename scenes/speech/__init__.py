"""Speaking the table aloud: a voice behind one small interface, and the speaker that
feeds it off the frame thread.

:mod:`scenes.speech.voice` holds the voices (pyttsx3, eSpeak NG on Linux, from the
``[speech]`` extra; a transcript for tests) and says in words what to install when no
engine is there; :mod:`scenes.speech.speaker` queues sentences for a thread of its own
so a frame never waits for speech.  The sentences come from :mod:`game.spoken`.
"""
