"""Train a PPO agent for Anludim against random bots, in plain numpy, and plot its curve.

    pip install -e '.[rl,examples]'
    python examples/train_anludim.py --steps 200000 --out examples/anludim_ppo.png

The learner is one seat (a new random seat each episode) of a 2-player game against
meeple's random agent, through the Gymnasium adapter (meeple.rl.gymnasium). Its policy is
a small two-layer network over the game's observation encoding, with illegal actions
masked out of the softmax (`info["action_mask"]`); a second network estimates the value.
PPO's clipped objective, generalised advantage estimation, Adam: about 250 lines with
the gradients written out, so nothing but numpy is needed (matplotlib draws the curve).

The reward is the game's: 1 for a win, 0 for a loss. The plot shows the share of games
won over training (a moving average of the training episodes), against what a uniformly
random policy wins in the same setting, measured first.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
from gymnasium.wrappers import TimeLimit

from meeple.rl.gymnasium import MeepleEnv

EPISODE_LIMIT = 2_000
"""Decisions of the learner after which an episode is cut short (a typical one has about 100)."""


@dataclass
class Config:
    players: int = 2
    envs: int = 8
    steps: int = 200_000
    rollout: int = 256  # steps per env between updates
    hidden: int = 64
    lr: float = 3e-4
    gamma: float = 0.995
    lam: float = 0.95
    clip: float = 0.2
    epochs: int = 4
    minibatch: int = 512
    entropy: float = 0.01
    seed: int = 0
    baseline_episodes: int = 200


# --- a two-layer network with hand-written gradients -----------------------------------


@dataclass
class Mlp:
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    @classmethod
    def new(cls, rng: np.random.Generator, inputs: int, hidden: int, outputs: int, scale: float):
        return cls(
            rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            rng.normal(0, scale / np.sqrt(hidden), (hidden, outputs)).astype(np.float32),
            np.zeros(outputs, np.float32),
        )

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.w1 + self.b1)
        return h @ self.w2 + self.b2, h

    def backward(self, x: np.ndarray, h: np.ndarray, grad_out: np.ndarray) -> list[np.ndarray]:
        grad_h = (grad_out @ self.w2.T) * (1 - h * h)
        return [x.T @ grad_h, grad_h.sum(0), h.T @ grad_out, grad_out.sum(0)]

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]


@dataclass
class Adam:
    params: list[np.ndarray]
    lr: float
    t: int = 0
    m: list[np.ndarray] = field(default_factory=list)
    v: list[np.ndarray] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads))
        scale = min(1.0, 0.5 / (norm + 1e-8))  # clip the global gradient norm at 0.5
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            g = g * scale
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.t)
            v_hat = v / (1 - 0.999**self.t)
            p -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask > 0, logits, -1e9)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z) * (mask > 0)
    return e / e.sum(axis=-1, keepdims=True)


# --- training ---------------------------------------------------------------------------


def random_policy_win_rate(config: Config) -> float:
    """What a uniformly random learner wins in the same setting."""
    env = MeepleEnv("anludim", config.players, seat="random", opponents="random")
    rng = np.random.default_rng(config.seed + 1)
    wins = 0.0
    for episode in range(config.baseline_episodes):
        _, info = env.reset(seed=10_000 + episode)
        while True:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, _, info = env.step(action)
            if terminated:
                wins += reward
                break
    return wins / config.baseline_episodes


def train(config: Config) -> tuple[list[tuple[int, float]], float]:
    rng = np.random.default_rng(config.seed)
    # a policy may repeat moves for ever where the rules allow it: a time limit ends such
    # an episode (truncated) instead of stalling the run (docs/rl.md, Truncation)
    envs = [
        TimeLimit(
            MeepleEnv("anludim", config.players, seat="random", opponents="random"),
            max_episode_steps=EPISODE_LIMIT,
        )
        for _ in range(config.envs)
    ]
    size = envs[0].observation_space.shape[0]
    actions = envs[0].action_space.n
    policy = Mlp.new(rng, size, config.hidden, actions, scale=0.01)
    value = Mlp.new(rng, size, config.hidden, 1, scale=1.0)
    policy_opt = Adam(policy.params(), config.lr)
    value_opt = Adam(value.params(), config.lr)

    obs = np.zeros((config.envs, size), np.float32)
    masks = np.zeros((config.envs, actions), np.float32)
    for i, env in enumerate(envs):
        o, info = env.reset(seed=config.seed * 1000 + i)
        obs[i], masks[i] = o, info["action_mask"]

    results: list[tuple[int, float]] = []  # (env steps so far, reward) per finished episode
    steps = 0
    n, t_len = config.envs, config.rollout
    while steps < config.steps:
        buf_obs = np.zeros((t_len, n, size), np.float32)
        buf_mask = np.zeros((t_len, n, actions), np.float32)
        buf_act = np.zeros((t_len, n), np.int64)
        buf_logp = np.zeros((t_len, n), np.float32)
        buf_val = np.zeros((t_len + 1, n), np.float32)
        buf_rew = np.zeros((t_len, n), np.float32)
        buf_done = np.zeros((t_len, n), np.float32)
        for t in range(t_len):
            logits, _ = policy.forward(obs)
            probs = masked_softmax(logits, masks)
            values, _ = value.forward(obs)
            chosen = [int(rng.choice(actions, p=p)) for p in probs]
            buf_obs[t], buf_mask[t], buf_val[t] = obs, masks, values[:, 0]
            buf_act[t] = chosen
            buf_logp[t] = np.log(probs[np.arange(n), chosen] + 1e-12)
            for i, env in enumerate(envs):
                o, reward, terminated, truncated, info = env.step(chosen[i])
                buf_rew[t, i] = reward
                if terminated or truncated:
                    buf_done[t, i] = 1.0
                    results.append((steps + (t + 1) * n, float(reward)))
                    o, info = env.reset()
                obs[i], masks[i] = o, info["action_mask"]
        steps += t_len * n
        buf_val[t_len] = value.forward(obs)[0][:, 0]

        # Generalised advantage estimation, backwards through the rollout.
        advantages = np.zeros((t_len, n), np.float32)
        running = np.zeros(n, np.float32)
        for t in reversed(range(t_len)):
            alive = 1.0 - buf_done[t]
            delta = buf_rew[t] + config.gamma * buf_val[t + 1] * alive - buf_val[t]
            running = delta + config.gamma * config.lam * alive * running
            advantages[t] = running
        returns = advantages + buf_val[:t_len]

        flat = t_len * n
        x_all = buf_obs.reshape(flat, size)
        m_all = buf_mask.reshape(flat, actions)
        a_all = buf_act.reshape(flat)
        lp_all = buf_logp.reshape(flat)
        adv_all = advantages.reshape(flat)
        ret_all = returns.reshape(flat)
        for _ in range(config.epochs):
            order = rng.permutation(flat)
            for start in range(0, flat, config.minibatch):
                idx = order[start : start + config.minibatch]
                x, m, a = x_all[idx], m_all[idx], a_all[idx]
                adv = adv_all[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                rows = np.arange(len(idx))
                # Policy: clipped surrogate plus an entropy bonus, gradients by hand.
                logits, h = policy.forward(x)
                p = masked_softmax(logits, m)
                logp = np.log(p[rows, a] + 1e-12)
                ratio = np.exp(logp - lp_all[idx])
                active = np.where(adv >= 0, ratio < 1 + config.clip, ratio > 1 - config.clip)
                d_logp = -(adv * ratio * active) / len(idx)
                onehot = np.zeros_like(p)
                onehot[rows, a] = 1.0
                grad = d_logp[:, None] * (onehot - p)
                logp_all = np.log(p + 1e-12) * (m > 0)
                entropy = -(p * logp_all).sum(axis=1)
                grad += config.entropy * p * (logp_all + entropy[:, None]) / len(idx)
                policy_opt.step(policy.backward(x, h, grad.astype(np.float32)))
                # Value: squared error against the GAE returns.
                v, hv = value.forward(x)
                grad_v = (v[:, 0] - ret_all[idx])[:, None] / len(idx)
                value_opt.step(value.backward(x, hv, grad_v.astype(np.float32)))
        recent = [r for _, r in results[-200:]]
        if recent:
            print(
                f"steps {steps:>8,}  episodes {len(results):>5}  "
                f"win rate (last {len(recent)}) {np.mean(recent):.3f}",
                flush=True,
            )
    return results, steps


def plot(results: list[tuple[int, float]], baseline: float, config: Config, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.array([s for s, _ in results])
    wins = np.array([r for _, r in results])
    window = 200
    sums = np.concatenate([[0.0], np.cumsum(wins)])
    first = np.maximum(np.arange(1, len(wins) + 1) - window, 0)
    smooth = (sums[1:] - sums[first]) / (np.arange(1, len(wins) + 1) - first)
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    skip = 20  # the first few games make a noisy mean
    ax.plot(steps[skip:], smooth[skip:], label=f"PPO learner (mean of the last {window} games)")
    ax.axhline(baseline, color="grey", linestyle="--", label=f"random policy ({baseline:.2f})")
    ax.set_xlabel("learner decisions (environment steps)")
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda x, _: f"{x / 1000:.0f}k"))
    ax.set_ylabel("share of games won")
    ax.set_title(f"Anludim, {config.players} players: numpy PPO against random bots")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=Config.steps)
    parser.add_argument("--players", type=int, default=Config.players)
    parser.add_argument("--seed", type=int, default=Config.seed)
    parser.add_argument("--out", default="anludim_ppo.png", help="the learning-curve PNG")
    args = parser.parse_args()
    config = Config(steps=args.steps, players=args.players, seed=args.seed)
    start = time.perf_counter()
    baseline = random_policy_win_rate(config)
    print(f"random policy wins {baseline:.3f} of {config.baseline_episodes} games")
    results, steps = train(config)
    print(f"{steps:,} steps, {len(results)} games in {time.perf_counter() - start:.0f} s")
    plot(results, baseline, config, args.out)


if __name__ == "__main__":
    main()
