"""A trained policy network as numpy arrays: what ``rl:policy.npz`` plays, with no torch.

Training (``examples/train_maskable_ppo.py``, sb3-contrib's ``MaskablePPO``) needs torch; playing
does not. The policy's part of the network, its hidden layers and its action head, is a few
matrices; :meth:`NumpyPolicy.save` writes them to a compressed ``.npz`` (in float16: half the
size, and the trained float32 weights round to within 0.05% of themselves), without the value
network or the optimiser's state, and :meth:`NumpyPolicy.load` reads them with
``allow_pickle=False``, so loading a file runs no code.

The file holds ``format`` (``markov-risk-policy``), ``meta`` (JSON: the ``observation_size``, the
number of ``actions``, the hidden layers' ``activation`` and anything the trainer adds, such as
the command and the seed) and the layers ``w0, b0, w1, b1, ...``, the last being the action head:
``logits = w_last @ act(... act(w0 @ observation + b0) ...) + b_last``.

>>> import numpy as np
>>> policy = NumpyPolicy([(np.eye(2, dtype=np.float32), np.zeros(2, np.float32))], "tanh", {})
>>> policy.probabilities(np.array([1.0, 0.0], np.float32), np.array([True, True])).round(3).tolist()
[0.731, 0.269]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from risk.errors import UsageError

FORMAT = "markov-risk-policy"
ACTIVATIONS = {"tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}


class NumpyPolicy:
    """A multilayer perceptron from observations to action logits: ``layers`` of (weights of
    shape (outputs, inputs), biases), ``activation`` between them (not after the last)."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], activation: str, meta: dict[str, Any]):
        if activation not in ACTIVATIONS:
            raise UsageError(f"policy activation {activation!r} is not one of: {', '.join(ACTIVATIONS)}")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.activation = activation
        self._act = ACTIVATIONS[activation]
        self.meta = dict(meta)
        self.observation_size = self.layers[0][0].shape[1]
        self.actions = self.layers[-1][0].shape[0]

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The action logits of one observation (or a batch, one per row)."""
        x = np.asarray(observation, np.float32)
        last = len(self.layers) - 1
        for k, (weights, bias) in enumerate(self.layers):
            x = x @ weights.T + bias
            if k < last:
                x = self._act(x)
        return x

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's distribution over the legal actions (``mask`` true), 0 elsewhere."""
        logits = self.logits(observation).astype(np.float64)
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def save(self, path: str | Path) -> None:
        arrays = {"format": np.array(FORMAT),
                  "meta": np.array(json.dumps({**self.meta, "observation_size": self.observation_size,
                                               "actions": self.actions, "activation": self.activation},
                                              sort_keys=True))}
        for k, (weights, bias) in enumerate(self.layers):
            arrays[f"w{k}"] = weights.astype(np.float16)
            arrays[f"b{k}"] = bias.astype(np.float16)
        with open(path, "wb") as file:  # a file object: savez would add .npz to a name without it
            np.savez_compressed(file, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> "NumpyPolicy":
        """The policy in the file at ``path``; raises UsageError (one line) for a file that is
        not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if "format" not in data.files or str(data["format"]) != FORMAT:
                    raise UsageError(f"{path} is not a {FORMAT} file (no 'format' entry naming it)")
                meta = json.loads(str(data["meta"]))
                count = sum(1 for name in data.files if name.startswith("w"))
                layers = [(data[f"w{k}"], data[f"b{k}"]) for k in range(count)]
        except UsageError:
            raise
        except (OSError, ValueError, KeyError) as exc:
            raise UsageError(f"{path} is not a {FORMAT} file ({str(exc).splitlines()[0] or type(exc).__name__})") \
                from None
        if not layers:
            raise UsageError(f"{path} is not a {FORMAT} file (it has no layers)")
        for k in range(1, len(layers)):
            if layers[k][0].shape[1] != layers[k - 1][0].shape[0]:
                raise UsageError(f"{path}: layer {k} takes {layers[k][0].shape[1]} inputs but layer {k - 1} "
                                 f"gives {layers[k - 1][0].shape[0]}")
        return cls(layers, meta.pop("activation", "tanh"), meta)
