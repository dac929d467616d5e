"""Cycle histograms give the figures a list of every cycle count gave
(tools/gamecore/cycle_stats.py)."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.gamecore.crosscheck import Figures, budget_table
from tools.gamecore.cycle_stats import CycleHistogram

figures = st.lists(st.integers(0, 20_000), min_size=1, max_size=200)


@given(figures, figures)
def test_count_median_and_worst_are_those_of_every_figure(a, b):
    h = CycleHistogram.of(a)
    h.merge(CycleHistogram.of(b))
    every = a + b
    assert len(h) == len(every)
    assert h.median() == statistics.median(every)
    assert h.worst() == max(every)


def test_the_budget_table_is_the_one_the_lists_gave():
    fig = Figures(decisions={"play": CycleHistogram.of([900, 100, 5_000, 100])},
                  deal=CycleHistogram.of([6_853, 9_436, 7_000]), games=1)
    assert budget_table(fig)[2:] == ["| computer play | 4 | 500 | 5,000 | 27% |",
                                     "| shuffle + deal | 3 | 7,000 | 9,436 | 51% |"]


def test_an_empty_histogram_has_no_median():
    with pytest.raises(ValueError):
        CycleHistogram().median()
