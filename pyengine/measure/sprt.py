"""A sequential test for the arena: stop as soon as the deals decide (``euchre arena --sprt``).

Engine-testing frameworks (chess engines' fishtest, for one) judge a change by a sequential
probability ratio test (Wald's SPRT): games are played until the evidence crosses one of
two bounds, so a clear change is decided in a few games and a close one gets more. Here:

* **The observation** is one duplicate deal sequence (a pair of matches, the teams swapping
  seats): team A's net points a hand over both matches (its points minus the opponents',
  over the hands played). Dealt the same cards both ways, most of the luck of the deal
  cancels inside the pair.
* **Paired A/B** (``--baseline PLAYER``): the change (team A) and the baseline each play
  team B on the *same* deal sequences, the opponents seeded the same (a match's seeds come
  from its game number, :func:`pyengine.measure.arena.play_match`); the observation is
  the change's score minus the baseline's on that sequence, so the opponents' luck and
  the deals' cancel too. Without a baseline, A is judged against B directly.
* **The hypotheses**, on the mean ``mu`` of the observations: H0 "no better" (``mu = 0``)
  against H1 "better by delta" (``mu = delta``), in net points a hand. The log-likelihood
  ratio of the normal model with the variance estimated from the observations so far
  (the GSPRT approximation fishtest uses) is ``n * delta * (mean - delta / 2) / var``;
  the test stops at ``log((1 - beta) / alpha)`` (H1 accepted: better by delta) or at
  ``log(beta / (1 - alpha))`` (H0 accepted: no better), after at least ``min_pairs``
  sequences (the variance needs a few), or at the cap with no decision.
* **Deterministic.** Sequences are judged in their order whatever order the processes (or
  a cluster) finish them in, so a run's decision and deal count depend only on the seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from pyengine.core.rules import Rules
from pyengine.measure.arena import MatchResult, run_matches

VAR_FLOOR = 1e-6               # identical players give identical pairs: variance 0
BATCH_PAIRS = 16               # deal sequences played between two looks at the bounds

H1 = "H1"
H0 = "H0"


@dataclass(frozen=True)
class SprtConfig:
    """delta in net points a hand; alpha, beta: the error rates the bounds are set for."""
    delta: float = 0.10
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 12

    def bounds(self) -> tuple[float, float]:
        """(lower, upper) bounds of the log-likelihood ratio."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))


def llr(scores: list[float], delta: float) -> float:
    """The normal GSPRT log-likelihood ratio of H1 (mean delta) against H0 (mean 0)."""
    n = len(scores)
    if n < 2:
        return 0.0
    mean = sum(scores) / n
    var = max(sum((x - mean) ** 2 for x in scores) / (n - 1), VAR_FLOOR)
    return n * delta * (mean - delta / 2) / var


def pair_scores(results: list[MatchResult]) -> list[float]:
    """Team A's net points a hand in each deal sequence (both matches), in sequence order."""
    by_seq: dict[int, list[int]] = {}
    for r in results:
        net, hands = by_seq.setdefault(r.sequence, [0, 0])
        by_seq[r.sequence] = [net + r.a.net, hands + r.hands]
    return [net / hands if hands else 0.0 for _, (net, hands) in sorted(by_seq.items())]


@dataclass
class SprtResult:
    """Where the test stopped."""
    config: SprtConfig
    scores: list[float] = field(default_factory=list)   # one a deal sequence, in order
    llrs: list[float] = field(default_factory=list)
    decision: str | None = None                        # H1, H0 or None (the cap)
    matches: int = 0                                   # matches played (all sides)

    @property
    def pairs(self) -> int:
        """Deal sequences judged (each a duplicate pair of matches on every side)."""
        return len(self.scores)

    def add(self, score: float) -> bool:
        """Judge one more sequence; True when the test has stopped."""
        self.scores.append(score)
        self.llrs.append(llr(self.scores, self.config.delta))
        lower, upper = self.config.bounds()
        if self.pairs >= self.config.min_pairs:
            if self.llrs[-1] >= upper:
                self.decision = H1
            elif self.llrs[-1] <= lower:
                self.decision = H0
        return self.decision is not None

    def mean_interval(self) -> tuple[float, float]:
        """The mean score and the half-width of its 95% interval (normal)."""
        n = len(self.scores)
        mean = sum(self.scores) / n if n else 0.0
        if n < 2:
            return mean, float("inf")
        var = sum((x - mean) ** 2 for x in self.scores) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)


def run_sprt(rules: Rules, spec_a: str, spec_b: str, baseline: str | None, config: SprtConfig,
             max_matches: int, seed: int = 0, jobs: int = 2, scheduler: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> SprtResult:
    """Play deal sequences in batches until the test stops or ``max_matches`` (a side)."""
    result = SprtResult(config)
    max_pairs = max_matches // 2
    done = 0
    while done < max_pairs and result.decision is None:
        k = min(BATCH_PAIRS, max_pairs - done)
        ra, _ = run_matches(rules, spec_a, spec_b, 2 * k, seed + done, jobs,
                            scheduler=scheduler)
        scores = pair_scores(ra)
        result.matches += len(ra)
        if baseline is not None:
            rb, _ = run_matches(rules, baseline, spec_b, 2 * k, seed + done, jobs,
                                scheduler=scheduler)
            scores = [x - y for x, y in zip(scores, pair_scores(rb), strict=True)]
            result.matches += len(rb)
        for s in scores:
            if result.add(s):
                break
        done += k
        if progress:
            progress(result.pairs, max_pairs)
    return result


def report_lines(result: SprtResult, spec_a: str, spec_b: str, baseline: str | None,
                 seed: int) -> list[str]:
    """The test's set-up (hypotheses, delta, bounds) and where it stopped."""
    c = result.config
    lower, upper = c.bounds()
    against = (f"{spec_a} and {baseline} each against {spec_b} on the same deals "
               f"(paired: {spec_a}'s net points a hand minus {baseline}'s)"
               if baseline else f"{spec_a} against {spec_b}")
    better = f"{spec_a} better than {baseline or spec_b}"
    mean, half = result.mean_interval()
    n = result.pairs
    lines = [
        f"SPRT: {against}, one observation a duplicate deal sequence (game numbers "
        f"{seed}-{seed + max(n, 1) - 1}), in net points a hand",
        f"  H0: no better (mean 0)   H1: {better} by delta = {c.delta:g}",
        f"  alpha = {c.alpha:g}, beta = {c.beta:g}: stop when the log-likelihood ratio "
        f"reaches {upper:+.2f} (H1) or {lower:+.2f} (H0), after at least {c.min_pairs} "
        f"sequences",
        f"  after {n} duplicate deal sequences ({2 * n * (2 if baseline else 1)} matches "
        f"judged, {result.matches} played): "
        f"mean {mean:+.3f} ± {half:.3f} (95%), LLR {result.llrs[-1] if n else 0.0:+.2f}",
    ]
    if result.decision == H1:
        lines.append(f"  H1 accepted: {better} by about {c.delta:g} a hand or more")
    elif result.decision == H0:
        lines.append(f"  H0 accepted: {spec_a} no better than {baseline or spec_b} "
                     f"(not better by {c.delta:g})")
    else:
        lines.append("  no decision within --matches: neither bound reached "
                     "(play more, or the difference is between 0 and delta)")
    return lines


def sprt_command(rules: Rules, spec_a: str, spec_b: str, baseline: str | None, delta: float,
                 max_matches: int, seed: int, jobs: int, scheduler: str | None,
                 sprt: bool) -> int:
    """``euchre arena --sprt``: run the test and print it; the exit status."""
    import click

    from pyengine.measure.cluster import ClusterError
    from pyengine.measure.progress import bar, reporter
    if not sprt:
        click.echo("euchre arena: --baseline belongs to --sprt (a paired A/B test)", err=True)
        return 2
    pairs = max_matches // 2
    with bar(pairs, "sprt", "deal") as b:
        try:
            result = run_sprt(rules, spec_a, spec_b, baseline, SprtConfig(delta=delta),
                              max_matches, seed, jobs, scheduler,
                              reporter(b))
        except ClusterError as exc:
            b.close()
            click.echo(f"euchre arena: {exc}", err=True)
            return 2
        except KeyboardInterrupt:
            b.close()
            click.echo(f"euchre arena: interrupted after {b.n:,} duplicate deal sequences",
                       err=True)
            return 130
    for line in report_lines(result, spec_a, spec_b, baseline, seed):
        click.echo(line)
    return 0
