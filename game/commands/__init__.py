"""Commands that drive the whole game from outside: ``--selftest``, ``screenshot`` and
``bench --ui``. They sit above the scenes (they build an :class:`~game.app.App` and put
scenes on its stack); nothing below imports them."""
