"""``euchre replay FILE.egn`` (or a match, ``FILE.emn``): judge and show a record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pyengine.records.egn.alternatives import verdicts
from pyengine.records.egn.judge import Outcome
from pyengine.records.egn.origin import judge_into, mapped_for
from pyengine.records.egn.parse import FILE_TYPE, MATCH_FILE_TYPE, EgnError, read_match
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.rules_map import RulesetError
from pyengine.records.egn.show import final_line, lines

SUFFIXES = (".egn", ".emn")
SNIFF_BYTES = 4096


def looks_like_egn(path: Path) -> bool:
    """True for a ``.egn``/``.emn`` name, or a regular file whose start names EGN's
    ``fileType`` (an EGN record saved as ``.json``)."""
    if path.suffix.lower() in SUFFIXES:
        return True
    try:
        if not path.is_file():
            return False
        with path.open("rb") as f:
            head = f.read(SNIFF_BYTES).decode("utf-8", "replace")
    except OSError:
        return False
    return FILE_TYPE in head or MATCH_FILE_TYPE in head


def rules_line(out: Outcome) -> str:
    """The rules the record was judged by, as ``euchre play`` would be told them."""
    if out.mapped is None:
        return "Rules: -"
    from pyengine.core.options import options_of

    r = out.mapped.rules
    opts = "".join(f" -o {k}={str(v).lower()}" for k, v in options_of(r).items())
    return f"Rules: {r.name}{opts}"


def replay_egn(path: Path, quiet: bool, echo: Callable[[str], None],
               err: Callable[[str], None]) -> int:
    """Judge every game of the file; the exit status (0 fine or partial, 1 refused)."""
    try:
        games = read_match(path)
    except EgnError as exc:
        err(f"REFUSED: {exc}")
        return 1
    status = 0
    wins: dict[str, int] = {}
    for name, record in games:
        if len(games) > 1:
            echo(f"== {name}")
        out = Outcome()
        try:
            judge_into(record, out)
        except RulesetError as exc:
            err(f"REFUSED: {path}: {name}: {exc}")
            status = 1
            continue
        except Fault as exc:
            if not quiet and out.game is not None:
                for line in lines(record, out):
                    echo(line)
            err(f"REJECTED: {path}: {exc}")
            status = 1
            continue
        if not quiet:
            echo(rules_line(out))
            alts = verdicts(record, mapped_for(record))
            for line in lines(record, out, alts):
                echo(line)
        if out.partial:
            echo(f"PARTIAL: every call and card so far follows the rules; {out.partial}")
        else:
            echo(f"OK: {len(record.deals)} deals, every call and card follows the rules "
                 f"({', '.join(str(p) for p in record.players)})")
        echo(final_line(out))
        winner = out.game.winner if out.game is not None else None
        if winner is not None and out.partial is None:
            for seat, player in enumerate(record.players):
                if out.game is not None and out.game.team(seat) == winner:
                    wins[player] = wins.get(player, 0) + 1
    if len(games) > 1:
        names = {p for _, r in games for p in r.players}
        table = sorted(names, key=lambda p: (-wins.get(p, 0), p))
        echo(f"Match: {len(games)} games; games won: "
             + ", ".join(f"{p} {wins.get(p, 0)}" for p in table))
    return status
