"""``rl:policy.npz`` and ``rl:model.zip``: a trained policy playing as a bot.

Two kinds of file:

- ``.npz``, a policy network's weights alone (:mod:`risk.rl.numpy_policy`): played with numpy,
  no torch; loading it runs no code. A bare name with no file of that name is looked up among
  the policies the package ships (``risk/rl/policies/NAME.npz``): ``rl:ppo-random`` plays the
  shipped policy (see ``docs/rl-training.md``).
- anything else, a model saved by sb3-contrib's ``MaskablePPO`` (a ``.zip``): torch and
  sb3-contrib are imported when it loads (``pip install 'markov-risk[rl-train]'``).

The bot sees exactly what the Gymnasium wrapper showed the policy in training: the observation
of the deciding seat (built from the bot's view, so only what that seat may see) and the action
mask of the codec for the game's map and rules; it plays the codec action the policy picks.
A policy is loaded once per process and file: a tournament builds a bot per game.

Loading an sb3 model unpickles code, so :func:`risk.players.make_trusted_player` refuses ``rl:``
specs read from a save or record, as it refuses import paths.

>>> from risk.players import make_player
>>> make_player("rl:no/such/model.zip")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
risk.errors.UsageError: bot 'rl:no/such/model.zip': no model file no/such/model.zip
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from ai.agent import BaseAgent
from risk.errors import UsageError
from risk.files import read_bytes
from risk.rl.numpy_policy import NumpyPolicy

#: Loaded models by (absolute path, size, modification time): a rewritten file is loaded again.
_MODELS: dict[tuple[str, int, int], Any] = {}

#: The largest sb3 model file read: far above what the training script writes (5.4 MB for two
#: layers of 128 units with the optimiser's state).
MAX_MODEL_BYTES = 512 * 1024 * 1024
INSTALL_HINT = "pip install 'markov-risk[rl-train]' (torch and sb3-contrib)"

#: Where the policies the package ships are (``rl:NAME`` finds ``NAME.npz`` here).
SHIPPED = Path(__file__).resolve().parent / "policies"


def policy_file(path: str) -> Path:
    """The file ``rl:path`` names: the path itself, or a shipped policy's by its bare name.
    Raises UsageError if there is neither."""
    file = Path(path).expanduser()
    if file.is_file():
        return file
    shipped = SHIPPED / f"{path}.npz"
    if "/" not in path and "\\" not in path and shipped.is_file():
        return shipped
    names = sorted(p.stem for p in SHIPPED.glob("*.npz"))
    hint = f" (the shipped policies: {', '.join(names)})" if names and "/" not in path else ""
    raise UsageError(f"no model file {path}{hint}")


def load_model(path: str):
    """The policy at ``path`` (a :class:`~risk.rl.numpy_policy.NumpyPolicy` for an ``.npz``,
    else a MaskablePPO model loaded on the CPU), once per process; raises UsageError (one line)
    if the file is missing or broken, or torch or sb3-contrib is missing for a model.
    (``risk.players.make_player`` puts the bot's spec in front of the message.)"""
    file = policy_file(path)
    stat = file.stat()
    key = (str(file.resolve()), stat.st_size, stat.st_mtime_ns)
    if key in _MODELS:
        return _MODELS[key]
    if file.suffix == ".npz":
        _MODELS[key] = NumpyPolicy.load(file)
        return _MODELS[key]
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        raise UsageError(f"a trained policy needs torch and sb3-contrib ({exc.name} is "
                         f"missing): {INSTALL_HINT}") from None
    # One thread: tournaments run a game per core, and the policy is a small network.
    torch.set_num_threads(1)
    # Through the bounded reader: a FIFO or device named as a model is refused, not waited on.
    data = read_bytes(file, MAX_MODEL_BYTES, "MaskablePPO model",
                      lambda message, name: UsageError(f"{name}: {message}"))
    try:
        model = MaskablePPO.load(io.BytesIO(data), device="cpu")
    except Exception as exc:  # a zip that is not a model fails in many ways, all the user's file
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"{path} is not a MaskablePPO model ({reason})") from None
    _MODELS[key] = model
    return model


class PolicyAgent(BaseAgent):
    """Plays the action a trained policy picks for the seat that must decide.

    By default the action is drawn from the policy's masked distribution, as in training, with
    the view's seeded random source (games replay); ``deterministic`` plays the most likely
    action instead. Sampling is the default because it is what was trained (the figures of
    both: docs/rl-training.md).
    """

    name: ClassVar[str] = "rl"

    def __init__(self, path: str = "", deterministic: bool = False, seed: int | None = None):
        super().__init__(seed)
        self.path = path
        self.deterministic = deterministic
        self.model = load_model(path)
        self._codecs: dict[tuple, tuple] = {}

    @property
    def spec(self) -> str:
        extra = ",deterministic=true" if self.deterministic else ""
        seed = "" if self.seed is None else f",seed={self.seed}"
        return f"rl:{self.path}{extra}{seed}"

    def act(self, view):
        seat = view.current_player
        codec, encoder = self._codec_for(view)
        mask = codec.mask(view).astype(bool)
        if not mask.any():
            raise ValueError("the action codec names no legal action in this position")
        index = self._choose(encoder.encode(view, seat), mask, view.rng)
        return codec.decode(index, view)

    def _codec_for(self, view):
        """The codec and observation encoder of the game's map and rules, checked once against
        the model's spaces (a policy trained on another map cannot play this one)."""
        key = (id(view.board), view.rules)
        if key not in self._codecs:
            from risk.rl.codec import ActionCodec
            from risk.rl.observation import ObservationEncoder

            codec, encoder = ActionCodec(view.board, view.rules), ObservationEncoder(view.board)
            if isinstance(self.model, NumpyPolicy):
                actions, observed = self.model.actions, (self.model.observation_size,)
            else:
                actions, observed = self.model.action_space.n, self.model.observation_space.shape
            if codec.size != actions or (encoder.size,) != tuple(observed):
                raise ValueError(f"{self.path} was trained for {actions} actions and observations "
                                 f"of shape {tuple(observed)}, but this game's map and rules have "
                                 f"{codec.size} actions and observations of {encoder.size}")
            self._codecs[key] = (codec, encoder)
        return self._codecs[key]

    def _choose(self, observation, mask: np.ndarray, rng) -> int:
        if isinstance(self.model, NumpyPolicy):
            probabilities = self.model.probabilities(observation, mask)
            if self.deterministic:
                return int(np.argmax(probabilities))
            return _draw(probabilities, mask, rng)
        if self.deterministic:
            action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
            return int(np.asarray(action).reshape(-1)[0])
        import torch

        policy = self.model.policy
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(observation)
            distribution = policy.get_distribution(tensor, action_masks=mask[None, :])
            probabilities = distribution.distribution.probs[0].cpu().numpy().astype(np.float64)
        return _draw(probabilities, mask, rng)


def _draw(probabilities: np.ndarray, mask: np.ndarray, rng) -> int:
    """A legal index drawn from ``probabilities`` with one number of the seat's random source."""
    cumulative = np.cumsum(probabilities * mask)
    draw = rng.random() * cumulative[-1]
    return int(min(np.searchsorted(cumulative, draw, side="right"), len(mask) - 1))

