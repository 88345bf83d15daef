"""A trained policy network as numpy arrays: what ``rl:policy.npz`` plays, with no torch.

Training (``examples/train_maskable_ppo.py``, sb3-contrib's ``MaskablePPO``) needs torch; playing
does not. The policy's part of the network, its hidden layers and its action head, is a few
matrices; :meth:`NumpyPolicy.save` writes them to a compressed ``.npz`` (in float16: half the
size, and the trained float32 weights round to within 0.05% of themselves), without the value
network or the optimiser's state, and :meth:`NumpyPolicy.load` reads them with
``allow_pickle=False``, so loading a file runs no code. The file is read through the project's
bounded reader (:func:`risk.files.read_bytes`: a regular file of at most :data:`MAX_POLICY_BYTES`)
and its arrays' unpacked sizes are checked before any is unpacked, so neither a device nor a
small file that unpacks to gigabytes gets further than one line saying so.

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

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from risk.errors import UsageError
from risk.files import read_bytes, write_atomically

FORMAT = "markov-risk-policy"
#: The largest policy file read, and the most its arrays may unpack to: a network of two layers
#: of 1,024 units on this game's sizes is about 5 MB of float16.
MAX_POLICY_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
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
        buffer = io.BytesIO()  # a file object: savez would add .npz to a name without it
        np.savez_compressed(buffer, **arrays)
        write_atomically(path, buffer.getvalue(), _policy_error)

    @classmethod
    def load(cls, path: str | Path) -> "NumpyPolicy":
        """The policy in the file at ``path``; raises UsageError (one line) for a file that is
        not one."""
        data = read_bytes(path, MAX_POLICY_BYTES, f"{FORMAT} file", _policy_error)
        try:
            _check_unpacked_size(data, path)
            with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
                if "format" not in arrays.files or str(arrays["format"]) != FORMAT:
                    raise UsageError(f"{path} is not a {FORMAT} file (no 'format' entry naming it)")
                meta = json.loads(str(arrays["meta"]))
                count = sum(1 for name in arrays.files if name.startswith("w"))
                layers = [(arrays[f"w{k}"], arrays[f"b{k}"]) for k in range(count)]
        except UsageError:
            raise
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
            raise UsageError(f"{path} is not a {FORMAT} file ({str(exc).splitlines()[0] or type(exc).__name__})") \
                from None
        if not layers:
            raise UsageError(f"{path} is not a {FORMAT} file (it has no layers)")
        for k in range(1, len(layers)):
            if layers[k][0].shape[1] != layers[k - 1][0].shape[0]:
                raise UsageError(f"{path}: layer {k} takes {layers[k][0].shape[1]} inputs but layer {k - 1} "
                                 f"gives {layers[k - 1][0].shape[0]}")
        return cls(layers, meta.pop("activation", "tanh"), meta)


def _policy_error(message: str, path: str) -> UsageError:
    return UsageError(f"{path}: {message}")


def _check_unpacked_size(data: bytes, path: str | Path) -> None:
    """Refuses an archive whose members would unpack to more than :data:`MAX_UNPACKED_BYTES`
    (the sizes its directory declares; zipfile stops a member that grows past its own)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        unpacked = sum(member.file_size for member in archive.infolist())
    if unpacked > MAX_UNPACKED_BYTES:
        raise UsageError(f"{path} is not a {FORMAT} file (its arrays would unpack to {unpacked:,} bytes, "
                         f"over {MAX_UNPACKED_BYTES:,})")
