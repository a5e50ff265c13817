"""Where each benchmark table comes from: its results file (under benchmarks/results/), the
date it was measured, the commit that recorded it, the machine and the command that
reproduces it. The figures themselves are always read from the file (docs/gen/bench_pages.py)."""
MACHINE = "2 cores, x86_64 Linux, AMD EPYC, shared with other jobs"

TRAINING = [
    dict(title="Evolution, 2 players: clone heuristic:flyer, then 300k PPO steps",
         file="runs-evolution-effects/evolution-2p-flyerclone/report.json", date="2026-12-04",
         commit="56187c2", machine=MACHINE,
         command="SEEDS=0-4 WORKERS=2 sh benchmarks/scripts/evolution_flyer_clone_seeds.sh"),
    dict(title="Dominant Species, 2 players: clone heuristic:spreader, then 4.5M PPO steps "
               "(64x64 value network)",
         file="runs/dominant_species-2p-spreaderclone-vf64/report.json", date="2026-12-04",
         commit="1a5b75c", machine=MACHINE,
         command="NAME=dominant_species-2p-spreaderclone-vf64 SEEDS=0-4 TIMESTEPS=4500000 "
                 "WORKERS=2 EXTRA=\"--vf-net 64,64\" sh "
                 "benchmarks/scripts/dominant_species_spreader_clone_seeds.sh"),
    dict(title="Dominant Species, 4 players: clone heuristic:spreader, then 4.5M PPO steps",
         file="runs/dominant_species-4p-spreaderclone/report.json", date="2026-12-05",
         commit="14cbb2a", machine=MACHINE,
         command="NAME=dominant_species-4p-spreaderclone PLAYERS=4 SEEDS=0-4 WORKERS=2 sh "
                 "benchmarks/scripts/dominant_species_spreader_clone_seeds.sh"),
]

STRENGTH = [
    dict(title="Dominant Species, 4 players: search against three heuristics (target 0.40)",
         file="strength/ds-4p-mixed-priorspreader-eval.jsonl", date="2026-12-04",
         commit="6a99b1a", machine=MACHINE,
         command="speciesgym match --game dominant_species --agents "
                 "search:200cpums:prior=spreader:eval,heuristic:spreader,heuristic:dominator,"
                 "heuristic:spreader --games 200 --seed 740000 --log ds-4p.jsonl"),
    dict(title="Dominant Species, 2 players: search against heuristic:spreader "
               "(the log's seeds only)",
         file="strength/ds-2p-spreader-priorspreader-eval-c.jsonl", date="2026-12-04",
         commit="6a99b1a", machine=MACHINE,
         command="speciesgym match --game dominant_species --agents "
                 "search:200cpums:prior=spreader:eval,heuristic:spreader --games 126 "
                 "--seed 730074 --log ds-2p.jsonl"),
    dict(title="Dominant Species, 2 players: search against mcts:128",
         file="strength/ds-2p-mcts128.jsonl", date="2026-12-04", commit="9b0354b",
         machine=MACHINE,
         command="speciesgym match --game dominant_species --agents "
                 "search:200cpums:prior=spreader:eval,mcts:128 --games 40 --seed 750000 "
                 "--log ds-2p-mcts128.jsonl"),
    dict(title="Evolution, 2 players: search against mcts:128 (the log's seeds only)",
         file="strength/evo2p-mcts128-c.jsonl", date="2026-12-03", commit="f403832",
         machine=MACHINE,
         command="speciesgym match --game evolution --agents search:200cpums,mcts:128 "
                 "--games 60 --seed 720140 --log evo2p-mcts128.jsonl"),
]

# The README's rows for the shipped nets: each an IQM over the training seeds' nets, read
# from the line "... IQM over <n> seeds ...: <iqm> [<low>, <high>]" of its file; `what` names
# the opponent as {against} (against several heuristics: the one the nets do worst against)
SHIPPED = [
    dict(game="Evolution, 2 players", file="strength/zoo-evolution-2p-3m-3seeds-packed.txt",
         what="shipped net zoo:evolution-2p alone vs its strongest heuristic, {against}"),
    dict(game="Evolution, 2 players",
         file="strength/netroot-vs-search200cpums-evolution-2p-3seeds.txt",
         what="net-guided search vs plain {against}, 200 ms of CPU a move each"),
    dict(game="Evolution, 4 players", file="strength/zoo-evolution-4p-3seeds.txt",
         what="shipped net zoo:evolution-4p alone, win share against three {against}"),
    dict(game="Dominant Species, 2 players",
         file="strength/zoo-dominant_species-2p-stage2-3seeds.txt",
         what="shipped net zoo:dominant_species-2p alone vs its strongest heuristic, {against}"),
    dict(game="Dominant Species, 2 players",
         file="strength/netbias-vs-search200cpums-dominant_species-2p-3seeds.txt",
         what="net-guided search (root=bias) vs plain {against}, 200 ms of CPU a move each"),
]

GAME_LENGTHS = dict(file="bench/game-lengths.txt",
                    command="sh benchmarks/scripts/game_lengths.sh")

SPEED = dict(file="bench/compare-2026-12-03-idle.txt", date="2026-12-03", commit="e4a9927",
             machine="2 cores, x86_64 Linux, AMD EPYC, otherwise idle",
             command="speciesgym bench --compare --rounds 5 --round-seconds 0.5")

# (date, commit) each leaderboard was scored at
BOARD_RUNS = {"feeding-2p": ("2026-12-06", "3b2b1bc"), "evolve-2p": ("2026-12-06", "3b2b1bc"),
              "dominance-2p": ("2026-12-06", "a0a6526")}
# the boards of the table suites' versions by the frozen method: (suite, version, status,
# date, commit each was scored at)
BUILDING = "being built: the frozen method"
BUILT_BOARDS = (("feeding-2p", 4, "1024 simulations, given way to v5 at 8192 for its floor: "
                 "the frozen method otherwise", "2026-12-06", "ab5cd83"),
                ("feeding-2p", 5, BUILDING, "2026-12-07", "a1aed3d"),
                ("evolve-2p", 5, BUILDING, "2026-12-07", "a1aed3d"),
                ("feeding-4p", 2, BUILDING, "2026-12-06", "ab5cd83"),
                ("dominance-2p", 5, "given way to v6 when the zoo net among its movers was "
                 "replaced by a stronger one: the frozen method otherwise", "2026-12-06",
                 "ab5cd83"),
                ("dominance-2p", 6, BUILDING, "2026-12-07", "a1aed3d"),
                ("dominance-4p", 3, BUILDING, "2026-12-06", "ab5cd83"))
DECISIONS = [
    dict(title=f"{name} (2 players, shipped v2 labelling against a relabelling)",
         file=f"decisions/noise-floor/board-{name}/leaderboard.csv", date=BOARD_RUNS[name][0],
         commit=BOARD_RUNS[name][1], machine=MACHINE,
         command=f"NAME={name} A=<shipped suite> B=<relabelled suite> AGENTS=<agents> "
                 "sh benchmarks/scripts/noise_floor.sh")
    for name in ("feeding-2p", "evolve-2p", "dominance-2p")
] + [
    dict(title=f"{name} v{version} ({name[-2]} players, {status}, two labellings per "
               "position)",
         file=f"decisions/noise-floor/board-{name}-v{version}/leaderboard.csv",
         date=date, commit=commit, machine=MACHINE,
         command=f"PAIRED=benchmarks/results/decisions/{name}-v{version}.json.gz "
                 f"NAME={name}-v{version} AGENTS=<agents> sh benchmarks/scripts/noise_floor.sh")
    for name, version, status, date, commit in BUILT_BOARDS
]
# held-out validation (benchmarks/scripts/validate_suite.sh): the proof each suite's folder
# holds, with the date and commit it was run at; `games` the tournament's planned length
VALIDATION = [
    dict(suite="feeding-2p", dir="decisions/validate/feeding-2p", date="2026-12-07",
         commit="412428f", machine=MACHINE, players=2, games=2000,
         command="SUITE_FILE=benchmarks/results/decisions/feeding-2p-v5.json.gz "
                 "nice -n 15 sh benchmarks/scripts/validate_suite.sh",
         note="Both orders are loose: the suite, still growing, is far from its 150 clear "
              "positions, and in the finished tournament the agents other than random lie "
              "close together, their win shares' intervals overlapping (feeding is one kind "
              "of decision among many, the rest played by heuristic:flyer)."),
]
# where the suites being built stand (benchmarks/scripts/label_suites.py writes it)
SUITE_STATUS = dict(file="decisions/status.txt",
                    command="nice -n 15 python benchmarks/scripts/label_suites.py "
                            "--cpu-minutes <N>")

# The second labelling of each shipped suite (the same positions and method, another seed),
# under benchmarks/results/: the decision-suites table shows how far the two agree.
SECOND_LABELLING = {
    "feeding-2p": "proof/feeding-2p-tree384b.json.gz",
    "evolve-2p": "proof/evolve-2p-mix384b.json.gz",
    "dominance-2p": "proof/dominance-2p-tree384b.json.gz",
    "feeding": "proof/feeding-tree384s4.json.gz",
    "dominance": "proof/dominance-tree384s4.json.gz",
}

# Expert-iteration runs (docs/gen/exit_section.py reads each run's eval.csv, config.json and
# state.json under benchmarks/results/exit/<run>/); `commit`: where its last round was recorded.
EXIT_RUN = "nice -n 10 benchmarks/scripts/exit_rounds.sh benchmarks/results/exit/"
EXIT = [
    dict(title="Evolution, 2 players: plain search experts from a uniform prior (stopped)",
         run="evolution-2p-s0", opponent="heuristic:flyer", date="2026-12-05",
         commit="4da1ec1", machine=MACHINE,
         command=EXIT_RUN + "evolution-2p-s0 4 --game evolution --players 2 --games 24 "
                 "--sims 32 --eval-games 100 --gate-games 40 --hidden 128 128 --epochs 3 "
                 "--seed 0"),
    dict(title="Evolution, 2 players: clone heuristic:flyer (3 passes), then 32-simulation "
               "experts (stopped)",
         run="evolution-2p-clone-s0", opponent="heuristic:flyer", date="2026-12-05",
         commit="bf80bce", machine=MACHINE,
         command=EXIT_RUN + "evolution-2p-clone-s0 2 --game evolution --players 2 --clone "
                 "heuristic:flyer --clone-games 300 --clone-epochs 3 --games 24 --sims 32 "
                 "--eval-games 100 --gate-games 40 --hidden 128 128 --seed 0"),
    dict(title="Evolution, 2 players: clone heuristic:flyer (10 passes, 256x256), then "
               "64-simulation experts (stopped)",
         run="evolution-2p-sims64-s0", opponent="heuristic:flyer", date="2026-12-05",
         commit="70b1f73", machine=MACHINE,
         command=EXIT_RUN + "evolution-2p-sims64-s0 30 --game evolution --players 2 --clone "
                 "heuristic:flyer --clone-games 300 --clone-epochs 10 --games 32 --sims 64 "
                 "--window 3 --eval-games 100 --gate-games 40 --hidden 256 256 --seed 0"),
    dict(title="Evolution, 2 players: clone search:300 (160 games, 10 passes), then Gumbel "
               "experts (stopped after round 0)",
         run="evolution-2p-clonesearch-s0", opponent="heuristic:flyer", date="2026-12-05",
         commit="41860a2", machine=MACHINE,
         command=EXIT_RUN + "evolution-2p-clonesearch-s0 30 --game evolution --clone search:300 "
                 "--clone-games 160 --clone-epochs 10 --root gumbel --sims 64 --games 48 "
                 "--window 3 --gate-games 40"),
    dict(title="Dominant Species, 2 players: clone heuristic:spreader (10 passes, 256x256), "
               "then 32-simulation experts (stopped; shipped as zoo:dominant_species-2p until the "
               "packed PPO net replaced it)",
         run="dominant_species-2p-sims32-s0", opponent="heuristic:spreader", date="2026-12-05",
         commit="bf2a9c2", machine=MACHINE,
         command=EXIT_RUN + "dominant_species-2p-sims32-s0 30 --game dominant_species "
                 "--players 2 --clone heuristic:spreader --clone-games 150 --clone-epochs 10 "
                 "--games 16 --sims 32 --window 3 --eval-games 100 --gate-games 40 --hidden "
                 "256 256 --seed 0"),
]

EXIT_TARGETS = [
    dict(target="net alone >= 85% against heuristic:flyer (Evolution), IQM of 3 seeds, 200 "
                "games",
         met="yes (IQM 0.882 [0.842, 0.925], the interval's lower end below 0.85)",
         note="The Evolution recipe run to 3M steps, seeds 0, 1 and 2 (`speciesgym train "
              "--game evolution --players 2 --seed S --timesteps 3000000`; seeds 1 and 2 "
              "took 48 minutes each, side by side on the 2 cores), 200 games each against "
              "the flyer, seats rotating: 0.843 "
              "[0.786, 0.886], 0.925 [0.880, 0.954] and 0.877 [0.825, 0.916], IQM over the 3 "
              "seeds 0.882 [0.842, 0.925] (`python benchmarks/scripts/zoo_seeds.py --against "
              "heuristic:flyer --games 200 zoo:evolution-2p "
              "benchmarks/results/strength/nets/evolution-2p-3m-s1.npz "
              "benchmarks/results/strength/nets/evolution-2p-3m-s2.npz`: "
              "benchmarks/results/strength/zoo-evolution-2p-3m-3seeds-packed.txt; the nets "
              "of seeds 1 and 2 are kept, packed, in benchmarks/results/strength/nets/). "
              "An earlier net of seed 1, from the same command, took 0.880 and is not kept "
              "(zoo-evolution-2p-3m-3seeds.txt: IQM 0.867 [0.842, 0.880]). "
              "Seed 0 ships as zoo:evolution-2p (the suites under construction seat it and "
              "record its hash). "
              "Seed 0 of the Evolution recipe run to 3M steps (`speciesgym train --game "
              "evolution --players 2 --seed 0 --timesteps 3000000`, 85 CPU-minutes, run to 1M "
              "and resumed), packed and shipped as zoo:evolution-2p: 0.843 [0.786, 0.886] of "
              "200 games against the flyer (0.990 against the grazer, 0.945 against the "
              "hunter), where the same seed at 1M steps takes 0.748 [0.683, 0.803] on the same "
              "games (`python benchmarks/scripts/zoo_seeds.py --against heuristic:flyer "
              "heuristic:grazer heuristic:hunter --games 200 <1M run>/final.zip <3M "
              "run>/final.zip`: benchmarks/results/strength/zoo-evolution-2p-1m-vs-3m.txt); "
              "the shipping match, on other seeds, gives 0.795 [0.734, 0.845] (`speciesgym "
              "zoo`). Its own evaluations against the flyer: 100 games every 100k steps to 1M "
              "(0.27 after cloning, 0.60 at 200k, 0.70 at 400k, 0.75 at 1M), then 40 games "
              "every 50k steps, averaged over each half million: 0.78 (1-1.5M), 0.83 "
              "(1.5-2M), 0.82 (2-2.5M), 0.89 (2.5-3M). Expert iteration stayed far below: cloning the "
              "flyer 0.35, then 64-simulation experts did not raise it; cloning search:300 "
              "(160 games) gives 0.01 (the search's moves at 300 simulations are too noisy to "
              "imitate: policy loss 1.33 against 0.73 for the flyer's)."),
    dict(target="net alone >= 85% against heuristic:spreader (Dominant Species), IQM of 3 "
                "seeds, 200 games",
         met="no: the two stages' IQM over 3 seeds 0.835 [0.795, 0.875] (seeds 0.835, "
             "0.795, 0.875), 0.015 short",
         note="Seed 0 in two stages (`sh benchmarks/scripts/dominant_species_two_stage.sh`). "
              "Stage 1, the Dominant Species recipe's PPO run (`speciesgym train --game "
              "dominant_species --players 2 --seed 0`: clone heuristic:spreader, then 4.5M "
              "steps; 128 CPU-minutes): 0.580 [0.511, 0.646] against the spreader and 0.545 "
              "[0.476, 0.613] against the dominator; its own evaluations (100 games, "
              "spreader / dominator): 0.09 / 0.33 after cloning, 0.41 / 0.47 at 1.5M steps, "
              "0.49 / 0.46 at 3M, 0.56 / 0.48 at 4.5M (the recipe's IQM over 5 seeds: 0.643 "
              "against the spreader, Training results). Stage 2, 4.5M more steps started "
              "from stage 1's packed net (`speciesgym train --init <net>`: the same weights, "
              "a fresh optimiser and self-play pool, the recipe's settings otherwise; 48 "
              "CPU-minutes): 0.835 [0.777, 0.880] and 0.805 [0.745, 0.854] on the same 200 "
              "games each (`python benchmarks/scripts/zoo_seeds.py --against "
              "heuristic:spreader heuristic:dominator --games 200 "
              "benchmarks/results/strength/nets/dominant_species-2p-stage1-s0.npz "
              "zoo:dominant_species-2p`: benchmarks/results/strength/"
              "zoo-dominant_species-2p-stages.txt); it ships as zoo:dominant_species-2p "
              "(the shipping match, on other seeds: 0.875 and 0.840, `speciesgym zoo`). Its "
              "own evaluations (100 games every 250k steps, spreader / dominator): 0.64 / "
              "0.66 at 250k, 0.74 / 0.63 at 1M, 0.82 / 0.75 at 2M, 0.83 / 0.77 at 3M, 0.87 "
              "/ 0.82 at 4.5M, so the second stage learns about three times as fast as the "
              "first stage's last 1.5M steps did; why (the optimiser's state, the self-play "
              "pool starting from a strong net) is not measured. Seed 0's two stages took "
              "176 CPU-minutes, past the 2 CPU-hours aimed at (its stage 1 was trained "
              "with an earlier, slower env). Seed 1, the same script (stage 1 62 "
              "CPU-minutes, stage 2 49): 0.795 [0.734, 0.845] against the spreader and "
              "0.830 [0.772, 0.876] against the dominator, 200 games each; IQM over seeds "
              "0 and 1 0.815 [0.795, 0.835] and 0.818 [0.805, 0.830] (`python "
              "benchmarks/scripts/zoo_seeds.py --against heuristic:spreader "
              "heuristic:dominator --games 200 zoo:dominant_species-2p "
              "benchmarks/results/strength/nets/dominant_species-2p-stage2-s1.npz`: "
              "benchmarks/results/strength/zoo-dominant_species-2p-stage2-seeds.txt). "
              "Seed 2, the same script (stage 1 75 CPU-minutes and stage 2 63, 139 in all "
              "as its runs' eval.csv record them, past the 2 CPU-hours: the same steps "
              "took seed 1 111, and both ran beside other jobs on the 2 cores, which "
              "slows each; its own evaluation at 4.5M 0.68 / 0.67, stage 2's 0.82 / 0.75): 0.875 "
              "[0.822, 0.914] against the spreader and 0.790 [0.728, 0.841] against the "
              "dominator; IQM over the 3 seeds 0.835 [0.795, 0.875] and 0.808 [0.790, "
              "0.830] (the same command with "
              "benchmarks/results/strength/nets/dominant_species-2p-stage2-s2.npz added: "
              "benchmarks/results/strength/zoo-dominant_species-2p-stage2-3seeds.txt). "
              "Weight averaging did not close the gap: the mean of each seed's last five "
              "stage-2 snapshots (4.1M to 4.5M steps, `python -m "
              "speciesgym.training.exit.from_ppo <the five checkpoints> <net>.npz`) was "
              "chosen on 400 other games per seed (`--seed 77`: 0.845, 0.807 and 0.850 "
              "against 0.825, 0.807 and 0.818 for the final nets; "
              "benchmarks/results/strength/zoo-dominant_species-2p-stage2-final-vs-mean5-seed77.txt) "
              "but took 0.835, 0.795 and 0.825 on the target's 200 games, IQM 0.818 "
              "[0.795, 0.835] against the spreader and 0.785 against the dominator "
              "(zoo-dominant_species-2p-stage2-mean5-3seeds.txt; the averaged nets are not "
              "kept). Over the 600 games of both sets the final nets average 0.823 against "
              "the spreader and the averaged ones 0.829: seed 2's 0.875 on the target's "
              "games was on the lucky side, and the recipe sits near 0.82-0.83. "
              "Expert iteration "
              "(32-simulation experts after cloning the spreader) stayed between 0.06 and "
              "0.15."),
    dict(target="net alone >= 40% against search:200cpums (both games, 100 games)",
         met="Evolution: yes at the IQM of 3 seeds (0.440 with the kept nets), its "
             "interval's lower end 0.390; Dominant Species: no (one seed each: the stage-1 "
             "net 0.060 of 100 games, the shipped second stage 3 of 37, stopped with its "
             "interval wholly below 0.40); the shipped net "
             "alone is level with the search at 128 to 256 simulations a move, where "
             "search:200cpums runs about 1,500",
         note="Evolution: the 3M-step recipe nets of seeds 0 (shipped as zoo:evolution-2p), "
              "1 and 2, each alone against search:200cpums, 100 games from seed 300, seats "
              "rotating, a shared win split: 0.400 [0.309, 0.498], 0.570 [0.472, 0.663] "
              "and 0.390 [0.300, 0.488] (Wilson); IQM over the 3 seeds 0.453 [0.390, 0.570] "
              "(`python -m speciesgym.training.tournament.match_summary --iqm "
              "net-vs-search200cpums-evolution-2p-3m.jsonl "
              "net-vs-search200cpums-evolution-2p-3m-s1.jsonl "
              "net-vs-search200cpums-evolution-2p-3m-s2.jsonl`, in "
              "benchmarks/results/strength/net-vs-search200cpums-evolution-2p-3m-3seeds.txt; "
              "each log from `speciesgym match --game evolution --agents "
              "<net>,search:200cpums --games 100 --seed 300 --log <log>`). Seed 1's kept net "
              "(benchmarks/results/strength/nets/evolution-2p-3m-s1.npz, a second run of the "
              "same command; the net of 0.570 is not kept) takes 0.530 [0.433, 0.625] "
              "(`--agents net:benchmarks/results/strength/nets/evolution-2p-3m-s1.npz,"
              "search:200cpums`, log net-vs-search200cpums-evolution-2p-3m-s1-committed.jsonl), "
              "so the IQM over the three kept nets is 0.440 [0.390, 0.530] "
              "(net-vs-search200cpums-evolution-2p-3m-3seeds-packed.txt). The recipe's net "
              "at 1M steps took 32 of the same 100 games (0.320 [0.24, 0.42], log "
              "net-vs-search200cpums-evolution-2p.jsonl). Dominant Species, "
              "the stage-1 net (shipped as zoo:dominant_species-2p until its second stage "
              "replaced it; benchmarks/results/strength/nets/"
              "dominant_species-2p-stage1-s0.npz): 6 of 100 games (0.060 [0.028, 0.125], Wilson; mean score 185.2 against 264.1; "
              "about 65 CPU s a game), one seed, its interval wholly below 40% "
              "(the same command with --game dominant_species and the log "
              "net-vs-search200cpums-dominant_species-2p.jsonl). The shipped second-stage "
              "net, the same command (log "
              "net-vs-search200cpums-dominant_species-2p-stage2.jsonl): 3 of the first 37 "
              "games (0.081 [0.03, 0.21]; mean score 199.1 against 270.7), stopped there: "
              "its interval lies wholly below 0.40, and the CPU went to the net-guided "
              "search. How far it is: the shipped net alone against the plain search at "
              "a fixed number of simulations a move, 100 games each from seed 300, seats "
              "rotating (one net, an example; `speciesgym match --game dominant_species "
              "--agents zoo:dominant_species-2p,search:<N> --games 100 --seed 300 --log "
              "net-vs-search<N>-dominant_species-2p-stage2.jsonl`): search:16 0.920 [0.85, "
              "0.96], search:64 0.790 [0.70, 0.86], search:128 0.570 [0.47, 0.66], search:256 "
              "0.410 [0.32, 0.51]. The net alone "
              "plays about as well as the search at 128 to 256 simulations a move, where "
              "search:200cpums ran a median of 1,520 (mean 2,463; interquartile 1,296 to "
              "2,408) in two games against it: six to twelve times as many "
              "(search200cpums-sims-per-move-dominant_species-2p.txt, `python "
              "benchmarks/scripts/search_sims_per_move.py --game dominant_species --search "
              "search:200cpums --opponent zoo:dominant_species-2p --games 2`). Why the gap "
              "stays: the recipe trains the net against the heuristics and its own past "
              "snapshots, never against a search, and its evaluations were still rising when "
              "training stopped (stage 2 above); what more training or a search opponent in "
              "the pool would reach is not measured.",
         ),
    dict(target="net-guided search at 200 ms >= 60% against search:200cpums (100 games)",
         met="Evolution: yes (IQM of 3 seeds 0.695 [0.640, 0.770], the interval's lower "
             "end above 0.60); Dominant Species: yes with the bias root (IQM of 3 seeds 0.760 "
             "[0.740, 0.790]; seeds 0.750, 0.740, 0.790), where the PUCT root stayed near 0.5",
         note="The net read at the root alone (`netdepth=1`: one forward pass per move, its "
              "prior steering the root's PUCT, values from rollouts, deeper nodes searched "
              "as without a net) keeps 0.98 (Evolution) and 0.96 (Dominant Species) of the "
              "plain search's simulations per CPU second "
              "(benchmarks/results/strength/search-net-rates.txt, `python -m "
              "speciesgym.agents.search.bench --game <game> --players 2 --net zoo:<game>-2p "
              "--net-depth 1 --mcts-sims 0 --cpu --repeat 3 --caps 0`), where the net at "
              "every node keeps 0.34 and 0.54 (the same command without --net-depth). At "
              "200 ms of CPU a move, seats rotating (`speciesgym match --game evolution "
              "--agents search:200cpums:net=zoo:evolution-2p:netdepth=1,search:200cpums "
              "--games 100 --seed 300 --log "
              "netroot-vs-search200cpums-evolution-2p.jsonl`): 67.5 of 100 games (0.675 "
              "[0.578, 0.759], Wilson, a shared win split; mean score 110.8 against 54.3; "
              "about 82 CPU s a game). That is the shipped net, seed 0 of the three "
              "trained. The kept nets of seeds 1 and 2 "
              "(benchmarks/results/strength/nets/evolution-2p-3m-s{1,2}.npz), the same "
              "command with `net=` that file and the logs "
              "netroot-vs-search200cpums-evolution-2p-s{1,2}.jsonl: 0.770 [0.678, 0.842] "
              "and 0.640 [0.542, 0.727] of 100 games each; IQM over the 3 seeds 0.695 "
              "[0.640, 0.770] (`python -m speciesgym.training.tournament.match_summary --iqm "
              "netroot-vs-search200cpums-evolution-2p.jsonl "
              "netroot-vs-search200cpums-evolution-2p-s1.jsonl "
              "netroot-vs-search200cpums-evolution-2p-s2.jsonl`, in "
              "benchmarks/results/strength/netroot-vs-search200cpums-evolution-2p-3seeds.txt). "
              "Dominant Species, the same command with --game dominant_species: the "
              "stage-1 net (zoo:dominant_species-2p until its second stage replaced it; log "
              "netroot-vs-search200cpums-dominant_species-2p.jsonl) took 22 of 54 games "
              "(0.407 [0.29, 0.54]; about 106 CPU s a game) and was stopped there; the "
              "shipped second-stage net (log "
              "netroot-vs-search200cpums-dominant_species-2p-stage2.jsonl) 11 of the first "
              "28 (0.393 [0.24, 0.58]), stopped there. A net much stronger alone "
              "(0.835 against 0.580 of the spreader) did not make the search stronger at "
              "the root's default c_puct of 1 (a guess, not measured: there the "
              "prior may outweigh the searched values at about 1,600 simulations a move, "
              "and the net alone is much weaker than the search). Two root settings tried "
              "on the same games from seed 300, one run each: c_puct 0.15 "
              "(`search:200cpums:net=zoo:dominant_species-2p:netdepth=1:cp=0.15`, log "
              "netroot-cp015-vs-search200cpums-dominant_species-2p-stage2.jsonl) 14 of 28 "
              "(0.500 [0.33, 0.67]), where c_puct 1 took 11 of the same 28, and 22 of the "
              "first 43 (0.512 [0.37, 0.65]; mean score 249.8 against 215.8); the Gumbel root with the net at every node "
              "(`search:200cpums:net=zoo:dominant_species-2p:root=gumbel`, log "
              "gumbel-vs-search200cpums-dominant_species-2p-stage2.jsonl) 5 of 13 (0.385 "
              "[0.18, 0.64]), stopped there. Neither interval reaches 0.60. At equal "
              "simulations (200 a "
              "move, 40 games from seed 100, one run each): the 3M Evolution net at the root "
              "alone 0.625 [0.470, 0.758], at every node 0.550 [0.398, 0.693] (the 1M net "
              "at every node 0.475, benchmarks/results/strength/"
              "netsearch-evolution-2p-200sims.jsonl); the Dominant Species net at the root "
              "alone 0.750 [0.531, 0.888] of 20 games (`speciesgym match --game "
              "dominant_species --agents search:200:net=zoo:dominant_species-2p:netdepth=1,"
              "search:200 --games 20 --seed 100`). "
              "The bias rule (`root=bias`: the plain search's walk at the root, its untried "
              "moves expanded in the prior's order, then UCT plus the prior's bonus cp * P(a) /"
              " sqrt(1 + N(a)), which fades with visits; 0.99 of the plain search's simulations"
              " per CPU second, as the PUCT root, search-net-rates.txt) with the shipped net at"
              " the root alone "
              "(`search:200cpums:net=zoo:dominant_species-2p:netdepth=1:root=bias:cp=1`, log "
              "netbias-vs-search200cpums-dominant_species-2p-stage2.jsonl, the same games from "
              "seed 300): 75 of 100 games (0.750 [0.66, 0.82]); on the first 22, where it took "
              "17, PUCT took 12 (c_puct 0.15) and 10 (c_puct 1). At 200 simulations a move it "
              "took 31 of 40 games from seed 100 (0.775 [0.625, 0.877]), as PUCT took 0.750 of "
              "20: the two rules part ways only where simulations are many, which fits the "
              "guess above that PUCT's prior keeps weighing on the choice there. The kept net "
              "of seed 1 "
              "(`net=benchmarks/results/strength/nets/dominant_species-2p-stage2-s1.npz`, log "
              "netbias-vs-search200cpums-dominant_species-2p-stage2-s1.jsonl): 74 of 100 games "
              "(0.740 [0.65, 0.82]); that of seed 2 "
              "(`net=benchmarks/results/strength/nets/dominant_species-2p-stage2-s2.npz`, log "
              "netbias-vs-search200cpums-dominant_species-2p-stage2-s2.jsonl): 79 of 100 games "
              "(0.790 [0.70, 0.86]). IQM over the 3 seeds 0.760 [0.740, 0.790] "
              "(benchmarks/results/strength/netbias-vs-search200cpums-"
              "dominant_species-2p-3seeds.txt). All three matches, resumable, each log "
              "committed as it ends, then their IQM: `nice -n 5 sh "
              "benchmarks/scripts/netguided_seeds.sh`."),
    dict(target="4 players: net alone >= 40% win share against three best heuristics",
         met="yes (both games)",
         note="Evolution, three heuristic:flyer seats (the strongest heuristic at 4 players: "
              "the net takes 0.73 against three grazers and 0.97 against three hunters): IQM "
              "over 3 seeds 0.418 [0.403, 0.432], 200 games each (0.420, 0.432, 0.403), the "
              "Evolution recipe at 4 players (300k steps, 13 CPU-minutes per seed), packed; "
              "`python benchmarks/scripts/zoo_seeds.py --against heuristic:flyer --games 200 "
              "runs/zoo-evolution-4p/final.zip runs/zoo-evolution-4p-s1/final.zip "
              "runs/zoo-evolution-4p-s2/final.zip` (benchmarks/results/strength/"
              "zoo-evolution-4p-3seeds.txt; seed 0 ships as zoo:evolution-4p). Dominant "
              "Species, three heuristic:spreader seats (the stronger heuristic at 4 players): "
              "the recipe at 4 players, IQM over 5 seeds 0.418 [0.385, 0.515] at 4.5M steps, "
              "200 games each (Training results; 0.520 against three dominators); its seed 0, "
              "packed and shipped as zoo:dominant_species-4p (`speciesgym train --game "
              "dominant_species --players 4 --seed 0`, 158 CPU-minutes on the shared "
              "machine), takes 0.415 [0.349, 0.484] against three spreaders and 0.535 "
              "[0.466, 0.603] against three dominators, 200 games each (`speciesgym zoo`)."),
]

# luck-correction runs (benchmarks/results/luck/<run>.csv and .json, written by
# benchmarks/scripts/luck_bench.py or luck_agreement.py, whose JSON holds the command, the
# commit and the machine); the date each was measured
LUCK_PAIRS = [
    dict(setting="Evolution: zoo:evolution-2p (the PPO recipe's net as shipped then, 1M "
                 "steps) vs heuristic:flyer",
         run="evo_zoo_flyer_s10000", date="2026-12-06"),
    dict(setting="Dominant Species: zoo:dominant_species-2p (the PPO recipe's net) vs "
                 "heuristic:spreader", run="ds_zoo_spreader_s10000", date="2026-12-06"),
    dict(setting="Dominant Species: search:200cpums vs heuristic:spreader",
         run="ds_search_spreader_s10000", date="2026-12-06"),
    dict(setting="Evolution: heuristic:hunter vs heuristic:grazer (seeds from 10000)",
         run="evo_hunter_grazer_net_s10000", date="2026-12-05"),
    dict(setting="Evolution: heuristic:hunter vs heuristic:grazer (seeds from 20000)",
         run="evo_hunter_grazer_net_s20000", date="2026-12-05"),
    dict(setting="Evolution: random vs random", run="evo_random_net_s10000", date="2026-12-05"),
    dict(setting="Dominant Species: random vs random", run="ds_random_net_chance_s10000",
         date="2026-12-06"),
]
LUCK_AGREEMENT = [
    dict(setting="Evolution: random vs random, chance and decisions (expectations over more "
                 "than 8 outcomes sampled)", run="agree_evo_random_s40000", date="2026-12-06"),
    dict(setting="Dominant Species: random vs random, chance (cards, tiles, element-bag draws)",
         run="agree_ds_random_s40000", date="2026-12-06"),
]
