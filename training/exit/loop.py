"""Expert iteration rounds (`python -m speciesgym.training.exit`): each round
1. plays `games` games with the expert (training.exit.expert: the search guided by the best
   net so far, `sims` simulations per decision; plain search with a uniform prior in round
   0) on every seat, a `mixed` fraction of them with one seat held by the opponent heuristic
   instead (rows only from the searching seats; the outcome of every seat's rows is its
   rank value (rank reward + 1) / 2); with `clone` (an agent spec), round 0 instead plays
   `clone_games` games of that agent on every seat and its moves are the targets (cloning,
   trained for `clone_epochs` passes);
2. trains the net (training.exit.fit, warm-started from the last round) on the rows of the
   last `window` rounds and exports it (torch and numba checked to agree);
3. evaluates the net alone against the opponent over `eval_games` games, seats rotating,
   and gates it against the best net alone over `gate_games` games: it becomes the best
   (the next expert's net) when it takes at least half of them;
4. appends a row to eval.csv and records the round in state.json.
A run folder holds config.json, state.json, eval.csv, best.npz, last.npz, model.pt and
data/round_<k>.npz; run again with the same folder and it goes on from its last round
(its config is read from config.json; only --rounds may change). root="gumbel": the
expert's root is the Gumbel root with Sequential Halving over `m` sampled actions (rounds
with a net; round 0 without a net searches with PUCT and a uniform prior). Training uses
one torch thread. sims_per_cpu_s: the expert's simulations per CPU second of self-play, its
Python and the heuristic seats included. Seeded: round k's games use seeds from seed."""
import csv
import json
import pathlib
import time

import numpy as np
import torch

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.net.mlp import load
from speciesgym.agents.runner import play_game, play_match
from speciesgym.agents.search.agent import glue
from speciesgym.envs.games import check_game
from speciesgym.training.exit.expert import ExpertAgent
from speciesgym.training.exit.fit import fit, new_model
from speciesgym.training.exit.model import export
from speciesgym.training.stats import wilson

OPPONENT = {"evolution": "heuristic:flyer", "dominant_species": "heuristic:spreader"}
DEFAULTS = dict(clone="", clone_games=200, clone_epochs=10, players=2, rounds=10, games=40,
                sims=32, mixed=0.3, window=4, eval_games=100, gate_games=50, hidden=[256, 256],
                epochs=3, lam=0.5, explore=8, root="puct", m=16, seed=0)
FIELDS = ["round", "rows", "policy_loss", "value_loss", "vs_opponent", "low", "high",
          "gate_share", "promoted", "cpu_s", "sims_per_cpu_s"]


class Recorder:
    """An agent that records (obs, mask, one-hot target, seat) of the agent it wraps (the
    InfoSet is passed on to an agent that wants it, e.g. the search as a teacher)."""

    def __init__(self, agent):
        self.agent, self.rows = agent, []
        self.name = getattr(agent, "name", "clone")

    def reset(self, seat, num_players):
        reset = getattr(self.agent, "reset", None)
        if reset is not None:
            reset(seat, num_players)

    def act(self, observation, action_mask, infoset=None):
        a = int(self.agent.act(observation, action_mask, infoset)
                if getattr(self.agent, "wants_infoset", False)
                else self.agent.act(observation, action_mask))
        if np.asarray(action_mask).sum() > 1:
            target = np.zeros(len(action_mask), np.float32)
            target[a] = 1.0
            self.rows.append((np.asarray(observation, np.float32),
                              np.asarray(action_mask, np.int8), target, infoset_seat(infoset)))
        return a


def infoset_seat(infoset):
    return infoset.seat if infoset is not None else -1


def self_play(cfg, round_k, net, log):
    game, n = cfg["game"], cfg["players"]
    rng = np.random.default_rng([cfg["seed"], round_k])
    gumbel = net is not None and cfg.get("root", "puct") == "gumbel"
    expert = ExpertAgent(cfg["sims"], seed=int(rng.integers(2**31)), net=net, game=game,
                         lam=cfg["lam"] if net is not None else 1.0, explore=cfg["explore"],
                         **({"root": "gumbel", "m": cfg.get("m", 16)} if gumbel else {}))
    opponent = from_spec(cfg.get("opponent") or OPPONENT[game], game, n,
                         seed=int(rng.integers(2**31)))
    obs, mask, target, z, gid = [], [], [], [], []
    sims = cpu = 0.0
    clone = round_k == 0 and cfg.get("clone")
    for g in range(cfg["clone_games"] if clone else cfg["games"]):
        if clone:                   # round 0 with --clone: imitate that agent on every seat
            expert = Recorder(from_spec(clone, game, n, seed=int(rng.integers(2**31))))
            expert.wants_infoset = True
            expert.last_simulations = 0
            seats = [expert] * n
        else:
            seats = [expert] * n
            if rng.random() < cfg["mixed"]:
                seats[int(rng.integers(n))] = opponent
        expert.rows = []
        t = time.process_time()
        res = play_game(game, n, seats, seed=cfg["seed"] * 1_000_003 + round_k * 10_007 + g)
        cpu += time.process_time() - t
        sims += expert.last_simulations * len(expert.rows)
        for o, m, p, seat in expert.rows:
            obs.append(o), mask.append(m), target.append(p), gid.append(g)
            z.append((res.rewards_rank[seat] + 1) / 2)
        log(f"round {round_k} game {g + 1}: {len(obs)} rows")
    data = {"obs": np.array(obs, np.float32), "mask": np.array(mask, np.int8),
            "target": np.array(target, np.float32), "z": np.array(z, np.float32),
            "game": np.array(gid, np.int64) + round_k * 100_000}
    return data, sims / max(cpu, 1e-9)


def window(run, k, size):
    parts = [np.load(run / "data" / f"round_{j}.npz") for j in range(max(0, k - size + 1), k + 1)]
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[-1].files}


def run_rounds(run, cfg=None, log=print):
    """Run (or resume) the rounds of the run folder `run` (see the module docstring)."""
    run = pathlib.Path(run)
    torch.set_num_threads(1)        # self-play dominates a round; parallel runs are processes
    (run / "data").mkdir(parents=True, exist_ok=True)
    if (run / "config.json").exists():
        rounds = (cfg or {}).get("rounds")
        cfg = json.loads((run / "config.json").read_text())
        cfg["rounds"] = rounds or cfg["rounds"]            # a resumed run may be extended
    else:
        cfg = {**DEFAULTS, **(cfg or {})}
        check_game(cfg.get("game"))
        (run / "config.json").write_text(json.dumps(cfg, indent=1))
    state = json.loads((run / "state.json").read_text()) if (run / "state.json").exists() \
        else {"done": -1, "cpu_s": 0.0}
    game, n, g = cfg["game"], cfg["players"], glue(cfg["game"])
    model = new_model(g.OBS_SIZE, g.N_ACTIONS, cfg["hidden"], cfg["seed"])
    if (run / "model.pt").exists():
        model.load_state_dict(torch.load(run / "model.pt"))
    best = load(run / "best.npz") if (run / "best.npz").exists() else None
    opponent_spec = cfg.get("opponent") or OPPONENT[game]
    for k in range(state["done"] + 1, cfg["rounds"]):
        t0 = time.process_time()
        data, speed = self_play(cfg, k, best, log)
        np.savez_compressed(run / "data" / f"round_{k}.npz", **data)
        epochs = cfg.get("clone_epochs", cfg["epochs"]) if k == 0 and cfg.get("clone") \
            else cfg["epochs"]
        losses = fit(model, window(run, k, cfg["window"]), epochs=epochs, seed=k)
        meta = {"game": game, "players": n, "round": k, "config": cfg}
        net = export(model, game, n, meta, name=f"exit-{game}-{n}p-round{k}",
                     check_obs=data["obs"][:16])
        net.save(run / "last.npz")
        torch.save(model.state_dict(), run / "model.pt")
        opp = from_spec(opponent_spec, game, n, seed=k)
        res = play_match(game, n, [NetAgent(net)] + [opp] * (n - 1), cfg["eval_games"],
                         seed=1_000_000 + k * 1000)
        share = float(res.wins[0])
        low, high = wilson(share, res.games)
        gate = 1.0
        if best is not None:
            gres = play_match(game, n, [NetAgent(net), NetAgent(best)] + [opp] * (n - 2),
                              cfg["gate_games"], seed=2_000_000 + k * 1000)
            gate = float(gres.wins[0]) / gres.games
        promoted = gate >= 0.5
        if promoted:
            net.meta["vs_opponent"] = {"spec": opponent_spec, "share": share / res.games,
                                       "games": res.games, "wilson95": [low, high]}
            net.save(run / "best.npz")
            best = load(run / "best.npz")
        state["cpu_s"] += time.process_time() - t0
        row = {"round": k, "rows": len(data["obs"]), **losses,
               "vs_opponent": share / res.games, "low": low, "high": high,
               "gate_share": gate, "promoted": int(promoted), "cpu_s": round(state["cpu_s"], 1),
               "sims_per_cpu_s": round(speed)}
        new = not (run / "eval.csv").exists()
        with open(run / "eval.csv", "a", newline="") as f:
            w = csv.DictWriter(f, FIELDS)
            if new:
                w.writeheader()
            w.writerow(row)
        state["done"] = k
        (run / "state.json").write_text(json.dumps(state))
        log(f"round {k}: {row}")
    return cfg
