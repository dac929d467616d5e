"""The fitting tools of pyengine.measure.fit find what they are built to find."""

from __future__ import annotations

import pytest

from pyengine.measure.fit import (
    BidPosition,
    fit_thresholds,
    fit_weights,
    lead_loss,
    lead_positions,
    main,
)
from pyengine.players.player import LEAD_FEATURES

BOSS = LEAD_FEATURES.index("boss")


def _feats(**on: int) -> tuple[int, ...]:
    f = [0] * len(LEAD_FEATURES)
    for name, value in on.items():
        f[LEAD_FEATURES.index(name)] = value
    return tuple(f)


def test_fit_weights_learns_to_lead_the_boss():
    # the boss is the second candidate (ties go to the first): only a weight finds it
    positions = [[(_feats(rank=r), 1.0), (_feats(boss=1), 0.0)] for r in range(3)] * 5
    assert lead_loss(positions, [0] * len(LEAD_FEATURES)) == 15
    weights, loss = fit_weights(positions)
    assert loss == 0 and weights[BOSS] > 0


def test_lead_positions_value_every_legal_card():
    rows = lead_positions(7)
    assert len(rows) > 20
    for role, cands in rows:
        assert 0 <= role <= 3 and len(cands) >= 2
        assert min(lost for _, lost in cands) == 0          # the best card loses nothing
        assert all(len(f) == len(LEAD_FEATURES) for f, _ in cands)


def test_fit_thresholds_finds_where_calling_starts_to_pay():
    # calling gains strength - 10.5 points, going alone twice that; passing nothing
    positions = [BidPosition("r1 left", s, (0.0, s - 10.5, 2 * (s - 13.5)))
                 for s in range(0, 20)]
    now, (call, alone, best) = fit_thresholds(positions, 9, 15)
    assert (call, alone) == (11, 17)
    assert best > now


def test_bad_arguments_say_so(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["leads", "--games", "0"])
    assert exc.value.code == 2
    assert "--games" in capsys.readouterr().err
