"""The arena's match statistics (tools/arena/src/stats.rs) in Python, for
the driver's live display: score, Elo with its 95% error, LOS and the
pentanomial SPRT's log-likelihood ratio. The same formulas as the arena's,
so that the live figures are the ones the merged summary ends with
(tests/cluster checks they agree)."""

import math

SCORE_EPS = 1e-6
Z95 = 1.959963984540054
PENTA_PSEUDO_COUNT = 0.5
MIN_VARIANCE = 1e-9


def elo_from_score(score):
    """Elo difference of an expected score (clamped away from 0 and 1)."""
    s = 0.5 if math.isnan(score) else min(max(score, SCORE_EPS), 1.0 - SCORE_EPS)
    return -400.0 * math.log10(1.0 / s - 1.0) + 0.0


def score_from_elo(elo):
    """Expected score of an Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def estimate(wins, draws, losses):
    """(elo, error95, los) of a trinomial score, as the arena computes them."""
    n = wins + draws + losses
    decisive = wins + losses
    los = 0.5 if decisive == 0 else 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * decisive)))
    if n == 0:
        return 0.0, math.inf, los
    w, d, l = wins / n, draws / n, losses / n
    mu = w + 0.5 * d
    var = w * (1.0 - mu) ** 2 + d * (0.5 - mu) ** 2 + l * mu ** 2
    margin = Z95 * math.sqrt(max(var, 0.0)) / math.sqrt(n)
    lower = elo_from_score(mu - margin)
    upper = elo_from_score(mu + margin)
    return elo_from_score(mu), (upper - lower) / 2.0, los


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def llr(pentanomial, elo0, elo1):
    """The pentanomial log-likelihood ratio of H1 (elo1) against H0 (elo0)."""
    if sum(pentanomial) == 0:
        return 0.0
    counts = [c + PENTA_PSEUDO_COUNT for c in pentanomial]
    n = sum(counts)
    xs = [0.0, 0.25, 0.5, 0.75, 1.0]
    mu = sum(c * x for c, x in zip(counts, xs)) / n
    var = max(sum(c * (x - mu) ** 2 for c, x in zip(counts, xs)) / n, MIN_VARIANCE)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)


def decision(pentanomial, sprt):
    """'H1', 'H0' or None for an SPRT dict (elo0, elo1, alpha, beta)."""
    value = llr(pentanomial, sprt["elo0"], sprt["elo1"])
    lower, upper = sprt_bounds(sprt["alpha"], sprt["beta"])
    if value <= lower:
        return "H0"
    if value >= upper:
        return "H1"
    return None


def parse_sprt(text):
    """`elo0=0,elo1=5,alpha=0.05,beta=0.05` (the arena's --sprt) as a dict."""
    sprt = {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05}
    for part in text.split(","):
        key, _, value = part.partition("=")
        if key.strip() not in sprt:
            raise ValueError(f"sprt: unknown key '{key}'")
        sprt[key.strip()] = float(value)
    return sprt


class Tally:
    """Scores of a two-engine match from the first engine's view, and the
    pentanomial of its complete pairs (games come as the arena's unit
    outcomes: seats, winner seat)."""

    def __init__(self):
        self.wins = self.draws = self.losses = 0
        self.pentanomial = [0, 0, 0, 0, 0]
        self.games = 0

    def add_pair(self, games):
        """Counts the games of one pair (a unit's `games`)."""
        pair_points = 0.0
        for game in games:
            white_points = {0: 1.0, 1: 0.0}.get(game["winner"], 0.5)
            points = white_points if game["seats"][0] == 0 else 1.0 - white_points
            pair_points += points
            self.games += 1
            if points > 0.75:
                self.wins += 1
            elif points < 0.25:
                self.losses += 1
            else:
                self.draws += 1
        if len(games) == 2:
            self.pentanomial[min(max(round(pair_points * 2), 0), 4)] += 1

    def estimate(self):
        """(elo, error95, los) so far."""
        return estimate(self.wins, self.draws, self.losses)
