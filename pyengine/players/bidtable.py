"""The learned bidding model's fitted tables (generated: do not edit).

Per rule family: the weights of bidmodel.FEATURES, then the call and alone
thresholds by group (round 1's dealer, left, partner, right, three score buckets
each, then round 2's). Regenerate (docs/strength.md, "Learned bidding"):

    python -m pyengine.measure.bidlearn fit build/bidlearn/bit93-1000.jsonl \
        build/bidlearn/bit93-3000.jsonl build/bidlearn/bit93-5000.jsonl \
        build/bidlearn/bit93-7000.jsonl build/bidlearn/bit93-9000.jsonl \
        build/bidlearn/standard-1000.jsonl build/bidlearn/standard-3000.jsonl \
        build/bidlearn/standard-5000.jsonl build/bidlearn/standard-7000.jsonl \
        build/bidlearn/standard-9000.jsonl build/bidlearn/bit93-fp1-11000.jsonl \
        build/bidlearn/standard-fp1-11000.jsonl --caution --loner stick=0.28 --write \
        pyengine/players/bidtable.py
"""

from pyengine.players.bidtypes import BidTable

TABLES = {
    "bit93": BidTable(
        weights=(
              3,   3,   3,   3,   3,   3,   8,   3,   3,   0,   1,   4,   1,
        ),
        call=(
             20,  19,  19,  27,  27,  30,  27,  27,  28,  25,  25,  24,
             22,  22,  22,  24,  21,  22,  24,  22,  24,  22,  22,  22,
        ),
        alone=(
             33, 127,  33,  33, 127,  30,  27,  27,  28,  33,  34,  33,
             33,  33,  33,  35,  42,  36,  35,  42,  35,  34,  34,  34,
        ),
    ),
    "stick": BidTable(
        weights=(
              3,   3,   3,   3,   3,   4,   7,   3,   2,   0,   1,   2,   0,
        ),
        call=(
             20,  19,  19,  26,  24,  24,  14,  14,  14,  21,  19,  20,
              7,   7,   7,  18,  19,  18,  13,  13,  13,   9,   9,   9,
        ),
        alone=(
             24,  24,  24,  26,  24,  24,  23,  24,  23,  30,  32,  27,
             24,  24,  24,  22,  25,  22,  24,  24,  24,  25,  25,  25,
        ),
    ),
}
