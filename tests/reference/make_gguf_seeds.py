#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of tests/fuzz/gguf_file_fuzz.cpp (tests/fuzz/corpus/gguf_file/):
small GGUF files, valid and hostile, in the layout of ggml-org/ggml docs/gguf.md ("File
Structure"): magic "GGUF", u32 version, u64 tensor count, u64 pair count, the pairs (u64
key length, key, u32 value type, value), the tensor infos (u64 name length, name, u32 n_dims,
u64 ne[n_dims], u32 ggml type, u64 offset in the data section), zeros to general.alignment,
the data. Little-endian. Written by plain struct.pack, not by the C++ reader's test writer.

Run: /usr/bin/python3 tests/reference/make_gguf_seeds.py   (no modules beyond the standard)
"""
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), "..", "fuzz", "corpus", "gguf_file")

U8, I8, U16, I16, U32, I32, F32, BOOL, STRING, ARRAY, U64, I64, F64 = range(13)
FORMATS = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f",
           BOOL: "<B", U64: "<Q", I64: "<q", F64: "<d"}
T_F32, T_F16, T_Q4_0, T_Q8_0, T_Q4_K, T_F64, T_BF16 = 0, 1, 2, 8, 12, 28, 30


def string(s):
    b = s.encode() if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def value(kind, v):
    if kind == STRING:
        return string(v)
    if kind == ARRAY:
        element, items = v
        return struct.pack("<IQ", element, len(items)) + b"".join(value(element, x) for x in items)
    return struct.pack(FORMATS[kind], v)


def gguf(pairs, tensors=(), version=3, alignment=32):
    """pairs: [(key, type, value)]; tensors: [(name, ne, ggml type, data bytes)]."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(pairs))
    for key, kind, v in pairs:
        out += string(key) + struct.pack("<I", kind) + value(kind, v)
    data = b""
    for name, ne, kind, payload in tensors:
        data += b"\0" * (-len(data) % alignment)  # each tensor at the next aligned offset
        out += string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", d) for d in ne)
        out += struct.pack("<IQ", kind, len(data))
        data += payload
    if tensors:
        out += b"\0" * (-len(out) % alignment)
    return out + data


def f32(*xs):
    return b"".join(struct.pack("<f", x) for x in xs)


LLAMA = [("general.architecture", STRING, "llama"), ("general.name", STRING, "tiny"),
         ("llama.context_length", U32, 4096), ("llama.rope.freq_base", F32, 10000.0),
         ("llama.rope.dimension_count", U32, 4),
         ("tokenizer.ggml.tokens", ARRAY, (STRING, ["<s>", "</s>", "a", "b"])),
         ("tokenizer.ggml.scores", ARRAY, (F32, [0.0, 0.0, -1.0, -2.0])),
         ("tokenizer.ggml.add_bos_token", BOOL, 1)]

SEEDS = {
    "v3-llama-f32-f16-bf16.gguf": gguf(LLAMA, [
        ("token_embd.weight", [4, 2], T_F32, f32(1, 2, 3, 4, 5, 6, 7, 8)),
        ("rope_freqs.weight", [2], T_F16, struct.pack("<2H", 0x3C00, 0x3555)),
        ("output_norm.weight", [4], T_BF16, struct.pack("<4H", 0x3F80, 0xC040, 0x3EAB, 0))]),
    "v2-every-type.gguf": gguf([("u8", U8, 200), ("i8", I8, -100), ("u16", U16, 60000),
                                ("i16", I16, -30000), ("u32", U32, 4000000000),
                                ("i32", I32, -2000000000), ("f32", F32, 0.5), ("bool", BOOL, 0),
                                ("str", STRING, "text"), ("u64", U64, 2**63 + 5),
                                ("i64", I64, -2**62), ("f64", F64, 0.1),
                                ("arr", ARRAY, (I32, [1, -2, 3]))], version=2),
    "v3-align64-f64.gguf": gguf([("general.alignment", U32, 64)], [
        ("a", [2], T_F64, struct.pack("<2d", 0.1, -1e300)),
        ("b", [3, 1, 1, 1], T_F32, f32(1, 2, 3))], alignment=64),
    "v3-quantised.gguf": gguf([("general.architecture", STRING, "llama")], [
        ("q8", [32], T_Q8_0, b"\x01" * 34), ("q4k", [256], T_Q4_K, b"\x02" * 144),
        ("after", [1], T_F32, f32(9))]),
    "v3-no-tensors.gguf": gguf([("general.architecture", STRING, "qwen2")]),
    "v3-empty-and-scalar.gguf": gguf([], [("s", [], T_F32, f32(7)), ("e", [0, 3], T_F16, b"")]),
    "hostile-big-endian.gguf": b"GGUF" + struct.pack(">IQQ", 3, 0, 1) + b"\0" * 16,
    "hostile-version-1.gguf": gguf([("k", U8, 1)], version=1),
    "hostile-nested-array.gguf": gguf([("k", ARRAY, (ARRAY, []))]),
    "hostile-count.gguf": b"GGUF" + struct.pack("<IQQ", 3, 0, 2**62),
    "hostile-truncated.gguf": gguf(LLAMA, [("t", [4], T_F32, f32(1, 2, 3, 4))])[:-5],
    "hostile-dims.gguf": gguf([], [("t", [2**32, 2**32, 2**32], T_F32, b"")]),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
