"""Search bots: information-set Monte Carlo tree search over sampled worlds.

- :mod:`.worlds` deals the cards a seat cannot see, consistently with what it
  has seen, and builds each sampled world as a match through the engine
  (:meth:`~game.engine.match.Match.from_world`), keeping only worlds that show
  the seat exactly its own view. Where a game has a model of how the others
  play, it draws more worlds and keeps them in proportion to how likely the
  others' moves were in each (inference from play).
- :mod:`.ismcts` is the search itself (single-observer ISMCTS, Cowling, Powley
  and Whitehouse 2012): one tree over the seat's information sets, a fresh
  world every iteration, availability-aware UCB, playouts to the end of the deal.
- :mod:`.game` is what a game tells the search: how to sample its hidden
  cards, a cheap playout policy, and what a finished deal is worth.
- :mod:`.bot` is the bot: levels by iteration budget, the arena's cheat bot.
- :mod:`.memo` remembers what a playout policy works out for many worlds alike.
"""
