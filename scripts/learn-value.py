#!/usr/bin/env python3
"""Fits the value network (include/ddz/value.h) to `ddz learn states` data and writes it as C.

    scripts/learn-value.py DATA... --out src/ai/value_weights.c [--hidden 128,64]
        [--epochs 8] [--batch 512] [--rate 0.001] [--l2 0] [--holdout 0.1] [--seed 1] [--note TEXT]

Each data file holds, after the line "ddz-value-data FEATURES", one byte (the landlord's side
won) and FEATURES bytes per position. The last --holdout share of each file's positions (whole
games at the file's end) is held out for the report: log-loss and accuracy of the network
against always answering the training share of landlord wins. Training: two hidden layers
(ReLU), a logistic output, cross-entropy, Adam; deterministic for a seed. numpy only.
"""
import argparse
import sys

import numpy as np


def read(path):
    with open(path, "rb") as f:
        head = f.readline().split()
        if len(head) != 2 or head[0] != b"ddz-value-data":
            sys.exit(f"{path}: not a file of ddz learn states")
        nf = int(head[1])
        raw = np.frombuffer(f.read(), dtype=np.uint8)
    if raw.size % (nf + 1):
        sys.exit(f"{path}: {raw.size} bytes after the header is not a whole number of positions of {nf + 1}")
    raw = raw.reshape(-1, nf + 1)
    return nf, raw[:, 0].astype(np.float32), raw[:, 1:]


def forward(p, x):
    a1 = x @ p["w1"] + p["b1"]
    h1 = np.maximum(a1, 0)
    a2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(a2, 0)
    z = h2 @ p["w3"] + p["b3"]
    return h1, h2, z


def logloss(z, y):
    # log(1 + exp(-z)) for y = 1, log(1 + exp(z)) for y = 0, stably
    return np.mean(np.logaddexp(0, np.where(y > 0.5, -z, z)))


def evaluate(p, x, y, batch=65536):
    zs = [forward(p, x[i:i + batch].astype(np.float32))[2] for i in range(0, len(x), batch)]
    z = np.concatenate(zs)
    return logloss(z, y), np.mean((z > 0) == (y > 0.5))


def c_array(name, a):
    flat = a.astype(np.float32).ravel()
    body = ",\n".join(
        "    " + ", ".join(f"{v:.9g}f" for v in flat[i:i + 6]) for i in range(0, flat.size, 6))
    return f"static const float {name}[{flat.size}] = {{\n{body}\n}};\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--hidden", default="128,64")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--rate", type=float, default=0.001)
    ap.add_argument("--l2", type=float, default=0.0, help="decoupled weight decay of the weights (AdamW)")
    ap.add_argument("--holdout", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--note", default="")
    args = ap.parse_args()

    xs, ys, xt, yt = [], [], [], []
    nf = None
    for path in args.data:
        f_nf, y, x = read(path)
        if nf is not None and f_nf != nf:
            sys.exit(f"{path}: {f_nf} features, the others {nf}")
        nf = f_nf
        cut = int(len(y) * (1 - args.holdout))
        xs.append(x[:cut]); ys.append(y[:cut]); xt.append(x[cut:]); yt.append(y[cut:])
    x, y = np.concatenate(xs), np.concatenate(ys)
    x_test, y_test = np.concatenate(xt), np.concatenate(yt)
    h1, h2 = (int(v) for v in args.hidden.split(","))
    rng = np.random.default_rng(args.seed)
    # The card count (a feature up to 20) is scaled by the first layer's weights like the rest.
    p = {
        "w1": (rng.standard_normal((nf, h1)) * np.sqrt(2.0 / nf) * 0.5).astype(np.float32),
        "b1": np.zeros(h1, np.float32),
        "w2": (rng.standard_normal((h1, h2)) * np.sqrt(2.0 / h1)).astype(np.float32),
        "b2": np.zeros(h2, np.float32),
        "w3": (rng.standard_normal(h2) * np.sqrt(1.0 / h2)).astype(np.float32),
        "b3": np.float32(0.0),
    }
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    b1, b2, eps, t = 0.9, 0.999, 1e-8, 0
    base = float(np.mean(y))
    base_loss = logloss(np.full(len(y_test), np.log(base / (1 - base)), np.float32), y_test)
    print(f"{len(y)} positions to learn, {len(y_test)} held out; landlord wins {base:.4f} of the learned; "
          f"{nf} features, hidden {h1},{h2}", flush=True)
    print(f"held out, always {base:.3f}: log-loss {base_loss:.4f}", flush=True)
    best = None
    for epoch in range(args.epochs):
        order = rng.permutation(len(y))
        rate = args.rate * (0.5 ** max(0, epoch - args.epochs // 2))
        for i in range(0, len(order), args.batch):
            idx = order[i:i + args.batch]
            xb = x[idx].astype(np.float32)
            yb = y[idx]
            a1 = xb @ p["w1"] + p["b1"]
            hh1 = np.maximum(a1, 0)
            a2 = hh1 @ p["w2"] + p["b2"]
            hh2 = np.maximum(a2, 0)
            z = hh2 @ p["w3"] + p["b3"]
            dz = (1 / (1 + np.exp(-z)) - yb) / len(idx)
            g = {"w3": hh2.T @ dz, "b3": np.float32(dz.sum())}
            d2 = np.outer(dz, p["w3"]) * (a2 > 0)
            g["w2"] = hh1.T @ d2
            g["b2"] = d2.sum(0)
            d1 = (d2 @ p["w2"].T) * (a1 > 0)
            g["w1"] = xb.T @ d1
            g["b1"] = d1.sum(0)
            t += 1
            for k in p:
                m[k] = b1 * m[k] + (1 - b1) * g[k]
                v2[k] = b2 * v2[k] + (1 - b2) * g[k] * g[k]
                mh = m[k] / (1 - b1 ** t)
                vh = v2[k] / (1 - b2 ** t)
                step = rate * mh / (np.sqrt(vh) + eps)
                if args.l2 > 0 and k.startswith("w"):
                    step = step + rate * args.l2 * p[k]
                p[k] = (p[k] - step).astype(np.float32)
        loss, acc = evaluate(p, x_test, y_test)
        print(f"epoch {epoch + 1}: held out log-loss {loss:.4f}, right side {acc:.4f} (rate {rate:g})", flush=True)
        if best is None or loss < best[0]:
            best = (loss, epoch + 1, {k: v.copy() for k, v in p.items()})
    # The epoch with the lowest held-out loss is kept: the positions of a game share its
    # result, so after a pass or two the net starts learning the deals by heart.
    p = best[2]
    loss, acc = evaluate(p, x_test, y_test)
    tr_loss, tr_acc = evaluate(p, x[:200000], y[:200000])
    report = (f"{len(y)} positions learned, {len(y_test)} held out; epoch {best[1]} of {args.epochs} kept: "
              f"held-out log-loss {loss:.4f} "
              f"(always {base:.3f}: {base_loss:.4f}), the right side {acc:.4f}; learned (first 200,000) "
              f"{tr_loss:.4f}, {tr_acc:.4f}")
    print(report)
    with open(args.out, "w") as out:
        out.write("/* value_weights.c -- the shipped value network (include/ddz/value.h), written by\n"
                  " * scripts/learn-value.py: do not edit.\n")
        for line in (args.note.splitlines() if args.note else []):
            out.write(f" * {line}\n")
        out.write(f" * {report} */\n")
        out.write('#include "ddz/value.h"\n\n')
        out.write(c_array("w1", p["w1"]))
        out.write(c_array("b1", p["b1"]))
        out.write(c_array("w2", p["w2"]))
        out.write(c_array("b2", p["b2"]))
        out.write(c_array("w3", p["w3"]))
        out.write(f"\nconst DdzValueNet ddz_value_net = {{{nf}, {h1}, {h2}, w1, b1, w2, b2, w3, "
                  f"{float(p['b3']):.9g}f}};\n")


if __name__ == "__main__":
    main()
