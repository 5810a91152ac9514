#!/usr/bin/env python3
"""Taash: start the game, or run a command (``python main.py --help``)."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
