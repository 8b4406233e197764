"""scripts/learn-value.py, the fit of the learned value (include/ddz/value.h): it reads what
`ddz learn states` writes, learns a rule it can see, writes C, and refuses a broken file."""
import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import DDZ_BIN, ROOT

spec = importlib.util.spec_from_file_location("learn_value", os.path.join(ROOT, "scripts", "learn-value.py"))
learn_value = importlib.util.module_from_spec(spec)
spec.loader.exec_module(learn_value)
SCRIPT = os.path.join(ROOT, "scripts", "learn-value.py")


def states(tmp_path, games):
    out = tmp_path / "s.dat"
    run = subprocess.run([DDZ_BIN, "learn", "states", "--teacher", "rule", "--games", str(games), "--seed", "9",
                          "--out", str(out)], capture_output=True, text=True, check=True)
    assert run.stdout.startswith(f"{learn_value_positions(out)} positions of rule in {games} games")
    return out


def learn_value_positions(path):
    return len(learn_value.read(str(path))[1])


def test_learns_a_rule_it_can_see_and_writes_c(tmp_path):
    data = states(tmp_path, 40)
    nf, y, x = learn_value.read(str(data))
    assert nf == x.shape[1] and set(np.unique(y)) <= {0.0, 1.0}
    # Relabel: the landlord's side "wins" when it is the landlord's turn (the first of the three
    # features after the seats' blocks), which the net must find among the 209.
    turn = 3 * 57
    assert (x[:, turn:turn + 3].sum(axis=1) == 1).all()
    raw = np.concatenate([x[:, turn:turn + 1], x], axis=1)
    ruled = tmp_path / "ruled.dat"
    with open(ruled, "wb") as f:
        f.write(f"ddz-value-data {nf}\n".encode())
        f.write(raw.astype(np.uint8).tobytes())
    out = tmp_path / "w.c"
    run = subprocess.run([sys.executable, SCRIPT, str(ruled), "--out", str(out), "--epochs", "10", "--batch", "32",
                          "--hidden", "16,8", "--rate", "0.01", "--note", "test note"],
                         capture_output=True, text=True, check=True)
    last = run.stdout.strip().splitlines()[-1]
    right = float(last.split("the right side ")[1].split(";")[0])
    assert right > 0.99, run.stdout
    text = out.read_text()
    assert "test note" in text
    assert f"const DdzValueNet ddz_value_net = {{{nf}, 16, 8, w1, b1, w2, b2, w3," in text
    assert text.count("static const float") == 5


def test_refuses_a_broken_file(tmp_path):
    data = states(tmp_path, 2)
    cut = tmp_path / "cut.dat"
    cut.write_bytes(data.read_bytes()[:-5])
    run = subprocess.run([sys.executable, SCRIPT, str(cut), "--out", str(tmp_path / "w.c")],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "not a whole number of positions" in run.stderr
    run = subprocess.run([sys.executable, SCRIPT, SCRIPT, "--out", str(tmp_path / "w.c")],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "not a file of ddz learn states" in run.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
