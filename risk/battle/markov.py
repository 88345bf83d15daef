"""Tan's absorbing Markov chain, as written in the paper: the documented reference solution.

States (a, d) in Tan's convention. Tan orders the A*D transient states (1, 1), (1, 2), ...,
(1, D), (2, 1), ..., (A, D), then the A + D absorbing ones (0, 1), ..., (0, D), (1, 0), ...,
(A, 0), so that

    P = [[Q, R], [0, I]],   F = (I - Q)^-1 R,

where ``F[i, j]`` is the probability that the battle started in transient state ``i`` ends in
absorbing state ``j``. With E = [[1..D, 0..0], [0..0, 1..A]]^T, ``F @ E`` gives the expected
defenders and attackers left.

Two ways to get F are kept: the dense inverse (Tan's formula literally: O((AD)^3) time and
O((AD)^2) memory, about a minute at 100 vs 100) and a sparse solve of (I - Q) X = R E' with
scipy (Q has at most 3 entries per row). Both are cross-checks for :mod:`risk.battle.solver`,
which exploits that Q is strictly triangular in this very order (every round removes armies,
so every transition goes to an earlier index) and never builds a matrix.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from risk.battle.model import RoundModel


@dataclass(frozen=True)
class TanChain:
    """The blocks of Tan's transition matrix for battles up to (A, D)."""

    attackers: int
    defenders: int
    Q: "scipy.sparse.csr_matrix"  # transient -> transient, (A*D) x (A*D)
    R: "scipy.sparse.csr_matrix"  # transient -> absorbing, (A*D) x (A + D)
    E: np.ndarray                 # absorbing state -> (defenders left, attackers left), (A + D) x 2

    def transient_index(self, a: int, d: int) -> int:
        """Index of (a, d), 1 <= a <= A, 1 <= d <= D, in Tan's order."""
        return (a - 1) * self.defenders + (d - 1)

    def absorbing_index(self, a: int, d: int) -> int:
        """Column of R for (0, d) (defender wins) or (a, 0) (attacker wins)."""
        return d - 1 if a == 0 else self.defenders + a - 1


def tan_chain(model: RoundModel, attackers: int, defenders: int) -> TanChain:
    """Build Q, R and E with scipy.sparse (fighting to the last army, as in the paper).

    The states are grouped by the round odds that apply to them (attacker dice, defender
    class), so the entries are laid down a group at a time with numpy, not state by state.
    """
    import scipy.sparse as sp  # only this reference needs scipy: keep it out of every import

    A, D = attackers, defenders
    a_grid, d_grid = np.meshgrid(np.arange(1, A + 1), np.arange(1, D + 1), indexing="ij")
    a_all, d_all = a_grid.ravel(), d_grid.ravel()          # Tan's order: a major, d minor
    index = (a_all - 1) * D + (d_all - 1)
    dice_class = np.minimum(a_all, model.dice.attacker_max)
    defender_class = np.minimum(d_all, model.steady_defenders)
    q_parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    r_parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for n_dice in range(1, model.dice.attacker_max + 1):
        for k in range(1, model.steady_defenders + 1):
            group = (dice_class == n_dice) & (defender_class == k)
            if not group.any():
                continue
            a, d, i = a_all[group], d_all[group], index[group]
            for la, ld, p in model.float_outcomes(n_dice, k):
                a2, d2 = a - la, d - ld
                inside = (a2 > 0) & (d2 > 0)
                q_parts.append((i[inside], ((a2 - 1) * D + (d2 - 1))[inside], np.full(inside.sum(), p)))
                out = ~inside
                column = np.where(a2 == 0, d2 - 1, D + a2 - 1)[out]
                r_parts.append((i[out], column, np.full(out.sum(), p)))

    def assemble(parts, shape):
        rows, cols, vals = (np.concatenate([part[j] for part in parts]) for j in range(3))
        return sp.csr_matrix((vals, (rows, cols)), shape=shape)

    Q = assemble(q_parts, (A * D, A * D))
    R = assemble(r_parts, (A * D, A + D))
    E = np.zeros((A + D, 2))
    E[:D, 0] = np.arange(1, D + 1)
    E[D:, 1] = np.arange(1, A + 1)
    return TanChain(A, D, Q, R, E)


@dataclass(frozen=True)
class ChainSolution:
    """Per transient state (Tan's order): P(attacker wins), expected attackers and defenders left."""

    chain: TanChain
    attacker_win: np.ndarray
    attacker_left: np.ndarray
    defender_left: np.ndarray

    def at(self, a: int, d: int) -> tuple[float, float, float]:
        i = self.chain.transient_index(a, d)
        return float(self.attacker_win[i]), float(self.attacker_left[i]), float(self.defender_left[i])


def _right_hand_sides(chain: TanChain) -> np.ndarray:
    """R times [attacker-win indicator | E]: the three quantities' one-step values."""
    D = chain.defenders
    weights = np.zeros((chain.attackers + D, 3))
    weights[D:, 0] = 1.0               # the last A columns of F: the attacker won (Tan's P_Z)
    weights[:, 1] = chain.E[:, 1]      # attackers left
    weights[:, 2] = chain.E[:, 0]      # defenders left
    return np.asarray(chain.R @ weights)


def solve_dense(chain: TanChain) -> ChainSolution:
    """Tan's formula literally: F = (I - Q)^-1 R with a dense inverse."""
    n = chain.Q.shape[0]
    fundamental = np.linalg.inv(np.eye(n) - chain.Q.toarray())
    F = fundamental @ chain.R.toarray()
    D = chain.defenders
    win = F[:, D:].sum(axis=1)
    left = F @ chain.E
    return ChainSolution(chain, win, left[:, 1], left[:, 0])


def solve_sparse(chain: TanChain) -> ChainSolution:
    """(I - Q) X = R W with scipy's sparse LU (natural order: (I - Q) is already triangular)."""
    import scipy.sparse as sp
    import scipy.sparse.linalg as spla

    n = chain.Q.shape[0]
    system = (sp.identity(n, format="csc") - chain.Q.tocsc()).tocsc()
    solution = spla.spsolve(system, _right_hand_sides(chain), permc_spec="NATURAL")
    solution = np.asarray(solution).reshape(n, 3)
    return ChainSolution(chain, solution[:, 0], solution[:, 1], solution[:, 2])


def absorption_probabilities_dense(chain: TanChain) -> np.ndarray:
    """The whole F = (I - Q)^-1 R, dense (for small battles and for showing the method)."""
    n = chain.Q.shape[0]
    return np.linalg.inv(np.eye(n) - chain.Q.toarray()) @ chain.R.toarray()
