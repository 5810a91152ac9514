"""bench --convergence: each level's decisions priced by a far larger search."""
import pytest

from game.ai.convergence import LevelRegret, level_regret, paired_difference, reference_values
from game.bench import decision_views


@pytest.fixture(scope="module")
def priced():
    views = decision_views("tute", 2, {}, 10)
    return views, reference_values("tute", views, scale=1.0, iterations=1500)


def test_reference_prices_every_legal_action(priced):
    views, refs = priced
    assert len(refs) == len(views) == 10
    for view, values in zip(views, refs):
        assert set(values) == set(view["legal"])
        assert all(0.0 <= v <= 1.0 for v in values.values())


def test_search_is_nearer_the_reference_than_random_play(priced):
    views, refs = priced
    hard = level_regret("tute", "hard", views, refs, repeats=2, iterations=400)
    chance = level_regret("tute", "random", views, refs, repeats=2)
    assert len(hard.regrets) == len(chance.regrets) == 20
    assert min(hard.regrets) >= 0.0 and min(chance.regrets) >= 0.0
    assert hard.mean < chance.mean
    assert hard.best > chance.best


def test_regrets_repeat_with_the_seeds(priced):
    views, refs = priced
    once = level_regret("tute", "hard", views[:4], refs[:4], repeats=1, iterations=300)
    again = level_regret("tute", "hard", views[:4], refs[:4], repeats=1, iterations=300)
    assert once.regrets == again.regrets


def test_paired_difference_averages_repeats_then_decisions():
    a = LevelRegret("a", [0.04, 0.02, 0.0, 0.0, 0.01, 0.03])
    b = LevelRegret("b", [0.0, 0.0, 0.0, 0.0, 0.01, 0.01])
    diff, se = paired_difference(a, b, repeats=2)
    per = [0.03, 0.0, 0.01]
    assert diff == pytest.approx(sum(per) / 3)
    mean = sum(per) / 3
    assert se == pytest.approx((sum((d - mean) ** 2 for d in per) / 2 / 3) ** 0.5)
    assert a.best == 2 and a.costly() == 2 and b.costly(0.005) == 2


def test_decisions_settled_without_a_search_are_left_out():
    views = decision_views("buraco", 2, {}, 12)
    refs = reference_values("buraco", views, scale=1.0, iterations=150)
    settled = [v for v, r in zip(views, refs) if not r]
    assert settled and len(settled) < len(views)          # routine lays are never searched
    hard = level_regret("buraco", "hard", views, refs, repeats=1, iterations=150)
    assert len(hard.regrets) == len(views) - len(settled)
