"""``rl:path/to/model.zip``: a policy trained with sb3-contrib's ``MaskablePPO`` playing as a bot.

The bot sees exactly what the Gymnasium wrapper showed the policy in training: the observation
of the deciding seat (built from the bot's view, so only what that seat may see) and the action
mask of the codec for the game's map and rules; it plays the codec action the policy picks.

Torch and sb3-contrib are imported only when a model is loaded (``pip install
'markov-risk[rl-train]'``). A model is loaded once per process and file: a tournament builds a bot
per game and must not unpickle the policy every time.

Loading a model unpickles code, so :func:`risk.players.make_trusted_player` refuses ``rl:`` specs
read from a save or record, as it refuses import paths.

>>> from risk.players import make_player
>>> make_player("rl:no/such/model.zip")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
risk.errors.UsageError: bot 'rl:no/such/model.zip': no model file no/such/model.zip
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from ai.agent import BaseAgent
from risk.errors import UsageError

#: Loaded models by (absolute path, size, modification time): a rewritten file is loaded again.
_MODELS: dict[tuple[str, int, int], Any] = {}

INSTALL_HINT = "pip install 'markov-risk[rl-train]' (torch and sb3-contrib)"


def load_model(path: str):
    """The MaskablePPO model saved at ``path``, loaded on the CPU once per process; raises
    UsageError (one line) if torch or sb3-contrib is missing or the file is missing or broken.
    (``risk.players.make_player`` puts the bot's spec in front of the message.)"""
    file = Path(path).expanduser()
    if not file.is_file():
        raise UsageError(f"no model file {path}")
    stat = file.stat()
    key = (str(file.resolve()), stat.st_size, stat.st_mtime_ns)
    if key in _MODELS:
        return _MODELS[key]
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        raise UsageError(f"a trained policy needs torch and sb3-contrib ({exc.name} is "
                         f"missing): {INSTALL_HINT}") from None
    # One thread: tournaments run a game per core, and the policy is a small network.
    torch.set_num_threads(1)
    try:
        model = MaskablePPO.load(str(file), device="cpu")
    except Exception as exc:  # a zip that is not a model fails in many ways, all the user's file
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"{path} is not a MaskablePPO model ({reason})") from None
    _MODELS[key] = model
    return model


class PolicyAgent(BaseAgent):
    """Plays the action a trained MaskablePPO policy picks for the seat that must decide.

    By default the action is drawn from the policy's masked distribution, as in training, with
    the view's seeded random source (games replay); ``deterministic`` plays the most likely
    action instead. Sampling is the default because it is what was trained: the example policy
    beats three random bots when it samples and does no better than they do when it always
    plays its most likely action (the figures: docs/rl-training.md).
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
            actions, observed = self.model.action_space.n, self.model.observation_space.shape
            if codec.size != actions or (encoder.size,) != tuple(observed):
                raise ValueError(f"{self.path} was trained for {actions} actions and observations "
                                 f"of shape {tuple(observed)}, but this game's map and rules have "
                                 f"{codec.size} actions and observations of {encoder.size}")
            self._codecs[key] = (codec, encoder)
        return self._codecs[key]

    def _choose(self, observation, mask: np.ndarray, rng) -> int:
        if self.deterministic:
            action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
            return int(np.asarray(action).reshape(-1)[0])
        import torch

        policy = self.model.policy
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(observation)
            distribution = policy.get_distribution(tensor, action_masks=mask[None, :])
            probabilities = distribution.distribution.probs[0].cpu().numpy().astype(np.float64)
        cumulative = np.cumsum(probabilities * mask)
        draw = rng.random() * cumulative[-1]
        return int(min(np.searchsorted(cumulative, draw, side="right"), len(mask) - 1))

