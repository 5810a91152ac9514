"""Expert's opinion of a human's decisions: the hint and the post-deal review.

No pygame here. The table asks an :class:`Advisor` to start thinking as soon
as a human's turn begins (on a thread, so the answer is usually ready by the
time he presses the hint key); when he acts, the advisor keeps the moment:
what he chose, what Expert preferred and what the difference is worth in
expected match points. :meth:`Advisor.review` lists the deal's costliest
moments for the review page.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from . import has_search, make_bot

WORTH_A_MENTION = 0.05      # expected match points below which a choice is as good as Expert's


@dataclass
class Advice:
    """Expert's view of one decision: the action it prefers, the reasons (locale
    keys with their parameters) and every legal action's searched worth."""

    best: str
    reasons: list = field(default_factory=list)
    margins: dict = field(default_factory=dict)     # action -> expected match points for the side
    values: dict = field(default_factory=dict)      # action -> mean reward in [0, 1]
    visits: dict = field(default_factory=dict)


@dataclass
class Moment:
    """A decision the human took, priced against Expert's."""

    deal_index: int
    step: int                       # how many actions of the deal came before it
    view: dict
    chosen: str
    advice: Advice
    snapshot: object = None         # what the table looked like (the table keeps a picture here)
    job: object = field(default=None, repr=False, compare=False)
    number: int = 0                 # the human's 1st, 2nd... decision of the deal

    @property
    def cost(self) -> float:
        """Expected match points the choice gave up against Expert's."""
        best = self.advice.margins.get(self.advice.best)
        mine = self.advice.margins.get(self.chosen)
        if best is None or mine is None:
            return 0.0
        return max(0.0, best - mine)


class AdviceJob:
    """Expert thinking about one view, on a daemon thread."""

    def __init__(self, advisor: "Advisor", view: dict) -> None:
        self.view = view
        self.advice: Advice | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(advisor,), daemon=True,
                                        name="expert-advice")
        self._thread.start()

    def _run(self, advisor: "Advisor") -> None:
        try:
            self.advice = advisor.advise(self.view)
        except Exception as exc:           # advice must never stop the table
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> Advice | None:
        self._thread.join(timeout)
        return self.advice


class Advisor:
    """Expert at the human's shoulder: ``start(view)`` when his turn begins,
    ``record(view, action)`` when he acts, ``review(deal)`` after the deal."""

    def __init__(self, game_id: str, seed: int = 0, iterations: int | None = None) -> None:
        self.game_id = game_id
        self.available = has_search(game_id)
        self.bot = make_bot("expert", game_id, seed) if self.available else None
        if self.bot is not None and iterations:
            self.bot.iterations = iterations
        self.jobs: dict[tuple, AdviceJob] = {}
        self.moments: list[Moment] = []
        self._lock = threading.Lock()

    @staticmethod
    def key(view: dict) -> tuple:
        return (view["seat"], view["deal_index"], len(view["actions"]))

    def advise(self, view: dict) -> Advice | None:
        """Expert's advice on ``view`` (blocking)."""
        if not self.available or not view["legal"]:
            return None
        plain = self.bot.game.settled(view)
        if plain is not None and plain in view["legal"]:
            return Advice(plain, [("hint.plain", {})])      # nothing to weigh, nothing to price
        with self._lock:                   # one search at a time: the bot object is not shared
            stats = self.bot.analyse(view, price_all=True)
            kept = self.bot.game.root_candidates(view, list(view["legal"])) if stats else None
        if not stats:
            return None
        # Expert recommends only what it would play itself: an action its own
        # search leaves out (say an envido bluff at a table of four, which the
        # partner would read as points) is priced, never advised
        playable = [s for s in stats if kept is None or s.action in kept] or stats
        best = playable[0].action
        explain = getattr(self.bot.game, "explain", None)
        reasons = list(explain(view, playable)) if explain else []
        if len(playable) > 1:           # and what it is worth against the next best choice
            edge = playable[0].margin - max(s.margin for s in playable[1:])
            if edge >= WORTH_A_MENTION:
                reasons.append(("hint.edge", {"points": round(edge, 1) or 0.1}))
            else:
                reasons.append(("hint.close", {}))
        return Advice(best, reasons,
                      {s.action: s.margin for s in stats}, {s.action: s.value for s in stats},
                      {s.action: s.visits for s in stats})

    def start(self, view: dict) -> AdviceJob | None:
        """Begin thinking about a human's decision (once per decision)."""
        if not self.available or len(view["legal"]) < 2:
            return None
        key = self.key(view)
        job = self.jobs.get(key)
        if job is None:
            job = self.jobs[key] = AdviceJob(self, view)
        return job

    def job_for(self, view: dict) -> AdviceJob | None:
        return self.jobs.get(self.key(view))

    def record(self, view: dict, action: str, snapshot=None) -> Moment | None:
        """The human chose ``action`` at ``view``: keep the moment (the advice
        finishes on its thread; :meth:`review` waits for it)."""
        job = self.start(view)
        if job is None:
            return None
        number = 1 + sum(1 for m in self.moments if m.deal_index == view["deal_index"])
        moment = Moment(view["deal_index"], len(view["actions"]), view, action, None, snapshot, job, number)
        self.moments.append(moment)
        return moment

    def review(self, deal_index: int, top: int = 6, timeout: float = 30.0) -> list[Moment]:
        """The deal's moments where the human's choice cost the most against
        Expert, costliest first (only those worth a mention)."""
        out = []
        for moment in self.moments:
            if moment.deal_index != deal_index:
                continue
            if moment.advice is None:
                moment.advice = moment.job.wait(timeout)
            if moment.advice is not None and moment.cost >= WORTH_A_MENTION \
                    and moment.chosen != moment.advice.best:
                out.append(moment)
        out.sort(key=lambda m: -m.cost)
        return out[:top]

    def forget_before(self, deal_index: int) -> None:
        """Drop what belongs to earlier deals (keeps memory flat over a long match)."""
        self.moments = [m for m in self.moments if m.deal_index >= deal_index]
        self.jobs = {k: j for k, j in self.jobs.items() if k[1] >= deal_index}
