"""Placeholder (overwritten by the fit)."""

from pyengine.players.bidmodel import BidTable

TABLES = {
    "bit93": BidTable(weights=(2, 2, 2, 3, 4, 5, 6, 2, 1, 1, 0, 0, 0),
                      call=(9,) * 24, alone=(15,) * 24),
    "stick": BidTable(weights=(2, 2, 2, 3, 4, 5, 6, 2, 1, 1, 0, 0, 0),
                      call=(11,) * 24, alone=(16,) * 24),
}
