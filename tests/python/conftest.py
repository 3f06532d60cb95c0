# SPDX-License-Identifier: GPL-3.0-or-later
"""Fixtures for the posenc module's tests: the built command line to compare with, and
tiny model folders written by hand (as tests/support/tiny_model.hpp writes them)."""

import json
import os
import struct
import subprocess

import numpy as np
import pytest


@pytest.fixture(scope="session")
def posenc_exe():
    """The built `posenc` (ctest passes its path in POSENC_EXE)."""
    exe = os.environ.get("POSENC_EXE", "")
    if not exe or not os.path.exists(exe):
        pytest.skip("POSENC_EXE is not set to the built posenc (a build without the app)")
    return exe


@pytest.fixture
def cli(posenc_exe):
    """Runs the command line; returns the CompletedProcess (text)."""
    def run(*args):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        return subprocess.run([posenc_exe, *args], capture_output=True, text=True, env=env,
                              timeout=60, check=False)
    return run


@pytest.fixture
def export_json(cli, tmp_path):
    """`posenc export --out X.json` of a view, parsed (numbers exactly as written, %.17g)."""
    def export(scheme, view, sets=(), rows=None, cols=None):
        out = tmp_path / "{}_{}.json".format(scheme, view)
        args = ["export", "--scheme", scheme, "--view", view, "--out", str(out)]
        for key, value in sets:
            args += ["--set", "{}={}".format(key, value)]
        if rows:
            args += ["--rows", rows]
        if cols:
            args += ["--cols", cols]
        r = cli(*args)
        assert r.returncode == 0, r.stderr
        with open(out, encoding="utf-8") as f:
            return json.load(f)
    return export


def safetensors_bytes(tensors):
    """A safetensors file of float32 tensors {name: array}: 8-byte little-endian header
    length, the JSON header, the data (the format of huggingface/safetensors)."""
    header = {"__metadata__": {"format": "pt"}}
    data = b""
    for name, values in tensors.items():
        raw = np.ascontiguousarray(values, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(values.shape),
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode("utf-8")
    return struct.pack("<Q", len(text)) + text + data


def tiny_value(n):
    """tests/support/tiny_model.hpp's tinyValue: (i % 16 - 5) / 8, exact in float32."""
    return (np.arange(n) % 16 - 5) / 8.0


@pytest.fixture
def tiny_gpt2(tmp_path):
    """A GPT-2 folder: 12 positions of width 16 (wpe.weight) and token embeddings."""
    folder = tmp_path / "tiny-gpt2"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(
        {"model_type": "gpt2", "n_positions": 12, "n_embd": 16, "n_head": 4}))
    wpe = tiny_value(12 * 16).reshape(12, 16)
    wte = tiny_value(8 * 16).reshape(8, 16)
    (folder / "model.safetensors").write_bytes(
        safetensors_bytes({"wpe.weight": wpe, "wte.weight": wte}))
    return folder, wpe


@pytest.fixture
def tiny_llama(tmp_path):
    """A Llama folder: RoPE with head dim 64 / 4 = 16 and base 20000, nothing learned."""
    folder = tmp_path / "tiny-llama"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(
        {"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
         "rope_theta": 20000.0, "max_position_embeddings": 64}))
    (folder / "model.safetensors").write_bytes(
        safetensors_bytes({"model.embed_tokens.weight": tiny_value(8 * 64).reshape(8, 64)}))
    return folder
