#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the array files tests/core/models/tensor_file_test.cpp reads, with NumPy's own writers
(numpy.save, numpy.lib.format.write_array for format versions 2.0 and 3.0, numpy.savez,
numpy.savez_compressed) and, for safetensors, the byte layout of huggingface/safetensors'
README ("Format": 8-byte little-endian header length, JSON header, data), so the C++ readers
are checked against files they did not write.

Every value is k / 8 for a small whole k (or k / 4), exact in float16, bfloat16, float32 and
float64 alike, so the test states the expected numbers as the same formula:
value(flat C-order index i) = (i - 5) / 8.

Run: /usr/bin/python3 tests/reference/make_array_fixtures.py   (Debian's python3-numpy 1.24)
"""
import json
import os
import struct

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "data", "arrays")


def values(shape, dtype):
    n = int(np.prod(shape)) if shape else 1
    return ((np.arange(n, dtype=np.float64) - 5) / 8).reshape(shape).astype(dtype)


def save_version(path, array, version):
    with open(path, "wb") as f:
        np.lib.format.write_array(f, array, version=version)


def safetensors(path, tensors, metadata=None):
    """tensors: list of (name, dtype string, shape, raw little-endian bytes)."""
    header, data = {}, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape),
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)  # the library pads the header to 8 bytes with spaces
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def bf16_bytes(a):
    bits = np.asarray(a, dtype="<f4").view("<u4") >> 16
    return bits.astype("<u2").tobytes()


def main():
    os.makedirs(OUT, exist_ok=True)
    p = lambda name: os.path.join(OUT, name)
    np.save(p("f64_c_3x4.npy"), values((3, 4), "<f8"))
    np.save(p("f32_fortran_3x4x2.npy"), np.asfortranarray(values((3, 4, 2), "<f4")))
    np.save(p("f16_big_2x3.npy"), values((2, 3), ">f2"))
    np.save(p("f64_big_fortran_2x5.npy"), np.asfortranarray(values((2, 5), ">f8")))
    np.save(p("f64_scalar.npy"), np.float64(-5 / 8))
    np.save(p("f32_empty_0x3.npy"), values((0, 3), "<f4"))
    np.save(p("int64_2x2.npy"), np.arange(4, dtype="<i8").reshape(2, 2))
    save_version(p("f64_v2_4.npy"), values((4,), "<f8"), (2, 0))
    save_version(p("f32_v3_2x2.npy"), values((2, 2), "<f4"), (3, 0))
    np.savez(p("stored.npz"), table=values((3, 4), "<f8"), small=values((2,), "<f2"))
    np.savez_compressed(p("deflated.npz"), table=values((5, 6), "<f4"))
    safetensors(p("model.safetensors"), [
        ("wpe.weight", "F32", (3, 4), values((3, 4), "<f4").tobytes()),
        ("h.0.bias", "F16", (6,), values((6,), "<f2").tobytes()),
        ("rel.bf16", "BF16", (2, 3), bf16_bytes(values((2, 3), "<f4"))),
        ("double", "F64", (2,), values((2,), "<f8").tobytes()),
        ("ids", "I64", (3,), np.arange(3, dtype="<i8").tobytes()),
    ], metadata={"format": "pt"})
    safetensors(p("model-00001-of-00002.safetensors"),
                [("transformer.wpe.weight", "F32", (4, 2), values((4, 2), "<f4").tobytes())])
    safetensors(p("model-00002-of-00002.safetensors"),
                [("lm_head.weight", "BF16", (2, 2), bf16_bytes(values((2, 2), "<f4")))])
    with open(p("model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": 40},
                   "weight_map": {"transformer.wpe.weight": "model-00001-of-00002.safetensors",
                                  "lm_head.weight": "model-00002-of-00002.safetensors"}}, f, indent=2)


if __name__ == "__main__":
    main()
