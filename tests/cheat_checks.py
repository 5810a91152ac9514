"""A check every search game's cheat bot must pass: it deals no worlds (the
arena hands it the true match), yet its tree must know whose decision it
searches. Below the root the other seats bet by the playout policy, from their
own cards; the searching seat's own later calls and answers stay in the tree."""

from game.ai import make_bot


def check_the_cheat_searches_its_own_later_bets(game_id: str, match, forget, own: list[str], reply: str) -> None:
    """``match``: a seat to act on a bet, whose candidates should be ``own``.
    ``forget(game)`` leaves another seat in the adapter's memory, as an earlier
    search for that seat would. ``reply``: the seat's move, after which another
    seat answers with at least two choices, of which the tree keeps the policy's one."""
    seat = match.to_act
    cheat = make_bot("cheat", game_id, 1)
    forget(cheat.game)
    cheat.see(match)
    cheat.analyse(match.view(seat))
    assert sorted(cheat.game.candidates(match, match.legal_actions())) == sorted(own)
    after = match.clone()
    after.apply(reply)
    assert after.to_act != seat and len(after.legal_actions()) >= 2
    assert len(cheat.game.candidates(after, after.legal_actions())) == 1
