"""What a suite's noise floor would be at k times its labelling budget: a model fitted to the
suite's own two labellings, for choosing the labeller's budget before paying for it.

    python -m speciesgym.training.decisions.floor_model --suite feeding-2p \
        --spread 0.0073 --times 1 2 4 8

Each position's true action values are taken as the mean of its two labellings, and a
labelling as those values plus independent normal errors of the labelling's own standard
errors (`se`, `se_b`, their root mean square), shrunk by the root of k. Drawing A and B from
the model and scoring A's best under B and B's best under A (crossfit.floor) gives the
expected floor at k times the simulations. The model leaves out the common random numbers
the labeller shares across actions (word i seeds simulation i of every action), which make
the differences between actions less noisy than independent errors, so it errs high; the
row at k = 1 stands beside the floor observed, and `scaled` is the model's figure times
their ratio. Uniform labellings only: after successive halving an action's error depends on
the round it was dropped in, which the records do not keep.
"""
import argparse

import numpy as np

from speciesgym.training.decisions.crossfit import floor, two_labellings
from speciesgym.training.decisions.suite import read_suite_file, suite_path


def model_inputs(records):
    """(values, per-action standard errors) arrays per position of two-labelling uniform
    `records`; ValueError for a record with one labelling or labelled by halving."""
    out = []
    for rec in records:
        if not two_labellings(rec):
            raise ValueError(f"position {rec.get('id')}: one labelling; the floor model needs "
                             f"two")
        if rec.get("start"):
            raise ValueError(f"position {rec.get('id')}: labelled by successive halving; the "
                             f"floor model covers uniform labellings only")
        values = (np.array(rec["values"], float) + np.array(rec["values_b"], float)) / 2
        se = np.sqrt((np.array(rec["se"], float) ** 2 + np.array(rec["se_b"], float) ** 2) / 2)
        out.append((values, se))
    return out


def expected_floor(inputs, times, draws=400, seed=0):
    """The model's mean floor over the positions `inputs` (model_inputs) at `times` the
    simulations: each position's floor averaged over `draws` pairs of labellings."""
    if times <= 0:
        raise ValueError(f"times must be above 0, got {times}")
    rng = np.random.default_rng(seed)
    floors = []
    for values, se in inputs:
        if len(values) < 2:
            floors.append(0.0)
            continue
        scale = se / np.sqrt(times)
        a = values + rng.standard_normal((draws, len(values))) * scale
        b = values + rng.standard_normal((draws, len(values))) * scale
        rows = np.arange(draws)
        best_a, best_b = a.argmax(axis=1), b.argmax(axis=1)
        a_under_b = b[rows, best_b] - b[rows, best_a]
        b_under_a = a[rows, best_a] - a[rows, best_b]
        floors.append(float(np.mean((a_under_b + b_under_a) / 2)))
    return float(np.mean(floors)) if floors else 0.0


def table(records, times, spread=None, draws=400, seed=0):
    """Rows (k, model floor, scaled floor, scaled / spread or None) for each k of `times`,
    and the floor observed on `records`."""
    inputs = model_inputs(records)
    observed = float(np.mean([floor(r) for r in records]))
    model = {k: expected_floor(inputs, k, draws, seed) for k in {1, *times}}
    ratio = observed / model[1] if model[1] > 0 else 1.0
    rows = []
    for k in times:
        scaled = model[k] * ratio
        rows.append((k, model[k], scaled, scaled / spread if spread else None))
    return rows, observed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", required=True, help="a suite name or a suite file")
    parser.add_argument("--spread", type=float, default=None,
                        help="the best-to-random spread of the suite's board, for floor/spread")
    parser.add_argument("--times", nargs="+", type=float, default=[1, 2, 4, 8])
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.spread is not None and args.spread <= 0:
        raise SystemExit(f"floor_model: --spread must be above 0, got {args.spread}")
    try:
        data = read_suite_file(suite_path(args.suite))
        rows, observed = table(data["positions"], args.times, args.spread, args.draws,
                               args.seed)
    except ValueError as exc:
        raise SystemExit(f"floor_model: {exc}") from None
    budget = data.get("budget", {})
    print(f"suite {data['name']} v{data.get('version')}: {len(data['positions'])} positions, "
          f"{budget.get('sims', '?')} simulations per action; floor observed {observed:.5f}")
    print(f"{'times':>6} {'model':>8} {'scaled':>8} {'/ spread':>9}")
    for k, model, scaled, share in rows:
        tail = f"{share:>9.2f}" if share is not None else f"{'':>9}"
        print(f"{k:>6g} {model:>8.5f} {scaled:>8.5f} {tail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
