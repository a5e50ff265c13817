"""CPU seconds per 4096 PPO steps (2-player DS, random opponents, batched env): the DS recipe's
separate 256,256 pi/vf against smaller value nets, and torch's distribution validation off."""
import sys, time
import numpy as np, torch
from sb3_contrib import MaskablePPO
from speciesgym.training.ppo.args import Args
from speciesgym.training.ppo.train import make_vec_env

torch.set_num_threads(1)
args = Args(game="dominant_species", players=2, envs=8)
KINDS = {"vf256x2": ([256, 256], [256, 256]), "vf64x2": ([256, 256], [64, 64]), "vf64": ([256, 256], [64])}
def model(pi, vf):
    venv = make_vec_env(args, ["random"], [1.0], 0)
    return MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=512, n_epochs=4,
                       policy_kwargs={"net_arch": {"pi": pi, "vf": vf}}, seed=0, device="cpu", verbose=0)
ms = {k: model(*v) for k, v in KINDS.items()}
for m in ms.values():
    m.learn(2048)
res = {k: [] for k in list(ms) + ["vf256x2-novalidate"]}
for r in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
    for k, m in list(ms.items()) + [("vf256x2-novalidate", ms["vf256x2"])]:
        torch.distributions.Distribution.set_default_validate_args(not k.endswith("novalidate"))
        t = time.process_time(); m.learn(4096, reset_num_timesteps=False); res[k].append(time.process_time() - t)
        print(r, k, round(res[k][-1], 2), flush=True)
for k, v in res.items():
    print(k, "median CPU s per 4096 steps", round(float(np.median(v)), 2))
