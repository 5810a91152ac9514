"""Taash: card games of the world.

``__version__`` is the one place the version lives: ``main.py --version``, the window,
the .deb (``main.py package deb``), the Windows installer and the macOS bundle read it here.
"""
__version__ = "1.0.0"
