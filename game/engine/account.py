"""The human-readable account of a match (``replay --pretty``).

It tells the whole story, every hand included: it is for reading a replay or
a bug report, not for a seat at the table.
"""
from __future__ import annotations

from .match import Event, Match

TEMPLATES = {
    "dealt": "{who} is dealt {cards}",
    "bid": "{who} bids {n}",
    "passed": "{who} passes",
    "auction won": "{who} wins the auction at {bid}",
    "doubled": "{who} doubles",
    "redoubled": "{who} redoubles",
    "trump chosen": "{who} chooses the trump: {suit}",
    "trump turned": "trump card turned up: {card}",
    "single hand": "{who} plays a single hand",
    "trump revealed": "{who} asks for the trump: {suit}",
    "marriage shown": "{who} shows the marriage (target now {target})",
    "played": "{who} plays {card}",
    "trick won": "{who} wins the trick{points_part}",
    "called": "{who} calls {call}",
    "accepted": "{who} accepts {call}",
    "refused": "{who} refuses {call}",
    "parda": "the trick is a parda (tie)",
    "trick tied": "the trick is tied",
    "went to the deck": "{who} goes to the deck",
    "envido declared": "{who} declares envido {points}",
    "flor declared": "{who} declares flor {points}",
    "son buenas": "{who}: son buenas",
    "hand won": "the hand is won by team {team} ({points} points)",
    "chico won": "the chico is won by team {team}",
    "drew": "{who} draws {card}",
    "partner hand shown": "{who} is shown the partner's hand",
    "sang": "{who} sings {what}",
    "exchanged": "{who} exchanges {card} for {took}",
    "capote announced": "{who} announces capote",
    "capote won": "{who} wins the capote",
    "capote lost": "{who} loses the capote",
    "discarded": "{who} discards {card}",
    "took pile": "{who} takes the discard pile ({count} cards)",
    "added": "{who} adds {card} to meld {meld}: {result}",
    "melded": "{who} melds {cards}",
    "batted": "{who} goes out and takes a muerto",
    "stock exhausted": "the stock is exhausted",
    "muertos to stock": "the muertos left become the stock",
    "closed": "{who} closes the hand",
    "hand scored": "hand scored: {points} (score {score})",
    "deal scored": "deal scored: {data}",
    "deal void": "all pass: the deal is void",
    "match won": "the match is won by {winner} (score {score})",
}


def _who(match: Match, seat: int | None) -> str:
    return "the table" if seat is None else f"seat {seat}"


def _fmt(value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def describe(match: Match, event: Event) -> str:
    data = {k: _fmt(v) for k, v in event.data.items()}
    data["points_part"] = f" ({data['points']} points)" if "points" in data else ""
    template = TEMPLATES.get(event.kind)
    if template is not None:
        try:
            return template.format(who=_who(match, event.seat), data=event.text(), **data)
        except KeyError:
            pass
    return event.text()


def pretty_account(match: Match) -> str:
    lines = [f"{match.game_id}, {match.players} players, seed {match.seed}, options: "
             + ", ".join(f"{k}={v}" for k, v in match.options.items())]
    for rec in match.records:
        lines.append("")
        lines.append(f"Deal {rec.index} (dealer: seat {rec.dealer})")
        for event in rec.events:
            lines.append("  " + describe(match, event))
        points = rec.points if rec.ended else match.deal_points()
        points = "not counted yet" if points is None else points
        state = "ended" if rec.ended else "in progress"
        lines.append(f"  -- {state}, points {_fmt(points)}")
    lines.append("")
    lines.append(f"Score: {_fmt(match.score)}")
    if match.finished:
        lines.append(f"Finished: winner {match.winner}")
    else:
        legal = ", ".join(match.legal_actions())
        lines.append(f"To act: seat {match.to_act}; legal: {legal}")
    return "\n".join(lines)
