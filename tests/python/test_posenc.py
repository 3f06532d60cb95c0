# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module posenc against the command line built from the same core: values equal
`posenc export`'s JSON to the last bit, descriptions equal `posenc list --json`, error
messages equal the command line's; regions, series, the oracle (check, assert_matches),
model folders and threads computing at once."""

import concurrent.futures
import json
import math

import numpy as np
import pytest

import posenc
from posenc.testing import assert_matches


def matrix_of(doc):
    """The "data" of a matrix export as float64, null (masked) as NaN."""
    return np.array([[math.nan if v is None else v for v in row] for row in doc["data"]],
                    dtype=np.float64)


def assert_bit_equal(ours, expected):
    assert ours.dtype == np.float64 and ours.shape == expected.shape
    np.testing.assert_array_equal(np.isnan(ours), np.isnan(expected))
    assert np.array_equal(ours, expected, equal_nan=True)  # == cell by cell, NaN where NaN


# ---------------------------------------------------------------- schemes and descriptions

def test_schemes_and_describe_equal_list_json(cli):
    r = cli("list", "--json")
    assert r.returncode == 0, r.stderr
    listed = json.loads(r.stdout)["schemes"]
    assert posenc.schemes() == [s["id"] for s in listed]
    for entry in listed:
        assert posenc.describe(entry["id"]) == entry


def test_describe_marks_every_view_deterministic_or_random():
    views = [v for s in posenc.schemes() for v in posenc.describe(s)["views"]]
    for v in views:
        assert v["deterministic"] is (not v["random_stand_ins"])
    by_id = {(s, v["id"]): v for s in posenc.schemes() for v in posenc.describe(s)["views"]}
    assert by_id[("rope", "cos")]["deterministic"]
    assert by_id[("alibi", "slopes")]["deterministic"]
    assert by_id[("t5", "buckets")]["deterministic"]
    assert not by_id[("t5", "bias")]["deterministic"]
    assert not by_id[("learned", "encoding")]["deterministic"]
    params = {p["id"]: p for p in posenc.describe("rope")["params"]}
    assert params["dim"]["type"] == "int" and params["dim"]["even"]
    assert "half" in params["layout"]["choices"]


def test_list_text_marks_the_views_with_random_stand_ins(cli):
    text = cli("list").stdout
    note = "(random stand-ins: only our export reproduces it)"
    lines = [line for line in text.splitlines() if line.startswith("    ") and
             not line.startswith("        ")]
    marked = [line.split()[0] for line in lines if note in line]
    assert "bias" in marked and "encoding" in marked  # t5's bias, learned's encoding
    cos = [line for line in lines if line.split()[0] == "cos"]
    assert cos and note not in cos[0]


# ---------------------------------------------------------------- values vs the command line

MATRICES = [
    ("sinusoidal", "encoding", {"length": 37, "dim": 16}),
    ("rope", "cos", {"length": 33, "dim": 8}),
    ("rope", "sin", {"length": 20, "dim": 12, "layout": "interleaved", "base": 500000.0}),
    ("rope", "angles", {"length": 24, "dim": 8, "scaling": "linear", "factor": 2.5}),
    ("alibi", "bias", {"length": 20, "heads": 4, "head": 1}),  # causal: masked cells NaN
    ("t5", "buckets", {"length": 40}),
    ("t5", "bias", {"length": 12, "seed": 7}),  # random stand-ins, same seed
    ("deberta", "buckets", {"length": 30}),
    ("shaw", "index", {"length": 18}),
]


@pytest.mark.parametrize("scheme,view,params", MATRICES)
def test_matrix_equals_json_export_to_the_last_bit(export_json, scheme, view, params):
    doc = export_json(scheme, view, params.items())
    ours = posenc.compute(scheme, view, **params)
    assert ours.flags["C_CONTIGUOUS"]
    assert_bit_equal(ours, matrix_of(doc))


def test_masked_cells_are_nan():
    bias = posenc.compute("alibi", "bias", length=6, heads=2)
    assert np.isnan(bias[np.triu_indices(6, 1)]).all()  # keys after the query
    assert not np.isnan(bias[np.tril_indices(6)]).any()


def test_parameter_values_of_every_type_reach_the_scheme(export_json):
    # a list parameter (LongRoPE's factors) as a Python list and as a numpy array
    sets = {"dim": 8, "length": 20, "scaling": "longrope", "train_length": 10,
            "long_factor": [1, 1.05, 2, 4], "short_factor": np.array([1.0, 1.0, 1.5, 2.0])}
    doc = export_json("rope", "cos", [("dim", 8), ("length", 20), ("scaling", "longrope"),
                                      ("train_length", 10), ("long_factor", "1,1.05,2,4"),
                                      ("short_factor", "1,1,1.5,2")])
    assert_bit_equal(posenc.compute("rope", "cos", **sets), matrix_of(doc))
    # a bool parameter
    causal = posenc.compute("sandwich", "bias", length=8, causal=True)
    both = posenc.compute("sandwich", "bias", length=8, causal=np.bool_(False))
    assert np.isnan(causal[0, 1]) and not np.isnan(both).any()
    assert_bit_equal(causal, posenc.compute("sandwich", "bias", length=8, causal="true"))


def test_region_equals_json_export_of_the_region(export_json):
    doc = export_json("rope", "cos", [("length", 64), ("dim", 16)], rows="5:12", cols="3:")
    ours = posenc.compute("rope", "cos", length=64, dim=16, rows=(5, 12), cols=(3, None))
    assert ours.shape == (7, 13)
    assert doc["row_start"] == 5 and doc["col_start"] == 3
    assert_bit_equal(ours, matrix_of(doc))
    whole = posenc.compute("rope", "cos", length=64, dim=16)
    assert_bit_equal(ours, whole[5:12, 3:])


def test_region_of_a_million_position_matrix(export_json):
    n = 1 << 20
    rows, cols = (n - 3, None), (n - 5, n)
    ours = posenc.compute("alibi", "bias", length=n, heads=8, rows=rows, cols=cols)
    assert ours.shape == (3, 5)
    doc = export_json("alibi", "bias", [("length", n), ("heads", 8)],
                      rows="{}:".format(n - 3), cols="{}:{}".format(n - 5, n))
    assert_bit_equal(ours, matrix_of(doc))
    # ALiBi (ofirpress/attention_with_linear_biases): bias = -m (i - j), m = 2^-1 for head 0
    # of 8 heads; keys after the query masked.
    i = np.arange(n - 3, n)[:, None]
    j = np.arange(n - 5, n)[None, :]
    expected = np.where(j <= i, -0.5 * (i - j), np.nan)
    assert_bit_equal(ours, expected)
    table = posenc.compute("sinusoidal", "encoding", length=n, dim=16, rows=(n - 2, None))
    assert table.shape == (2, 16)


SERIES = [
    ("alibi", "slopes", {"heads": 12}),
    ("rope", "frequencies", {"dim": 16}),
    ("sinusoidal", "wavelengths", {"dim": 32}),
    ("t5", "bucket_map", {}),
    ("t5", "curves", {"seed": 3}),
]


@pytest.mark.parametrize("scheme,view,params", SERIES)
def test_series_equals_json_export(export_json, scheme, view, params):
    doc = export_json(scheme, view, params.items())
    ours = posenc.compute(scheme, view, **params)
    keys = list(ours)
    assert keys[0] == "x" and len(keys) == len(doc["series"]) + 1
    nan = lambda values: np.array([math.nan if v is None else v for v in values])
    assert_bit_equal(ours["x"], nan(doc["x"]))
    for key, curve in zip(keys[1:], doc["series"]):
        assert key == curve["name"] or key.startswith(curve["name"] + " (")
        assert_bit_equal(ours[key], nan(curve["y"]))


def test_series_slopes_follow_alibi():
    # ofirpress/attention_with_linear_biases, get_slopes: 2^(-8 h / n) for n a power of two
    slopes = posenc.compute("alibi", "slopes", heads=8)
    np.testing.assert_array_equal(slopes["x"], np.arange(8.0))
    (curve,) = [v for k, v in slopes.items() if k != "x"]
    np.testing.assert_array_equal(curve, 2.0 ** (-np.arange(1, 9)))


# ---------------------------------------------------------------- errors

def test_bad_value_raises_value_error_with_the_command_lines_message(cli, tmp_path):
    with pytest.raises(ValueError) as raised:
        posenc.compute("rope", "cos", dim=7)
    message = str(raised.value)
    assert "'dim'" in message and "'7'" in message and "even" in message
    r = cli("export", "--scheme", "rope", "--view", "cos", "--set", "dim=7",
            "--out", str(tmp_path / "x.json"))
    assert r.returncode != 0
    assert r.stderr == "posenc: " + message + "\n"


@pytest.mark.parametrize("call,named", [
    (lambda: posenc.compute("no_such", "cos"), "scheme"),
    (lambda: posenc.compute("rope", "no_such"), "view"),
    (lambda: posenc.compute("rope", "cos", no_such=1), "no_such"),
    (lambda: posenc.compute("rope", "cos", layout="diagonal"), "layout"),
    (lambda: posenc.compute("rope", "cos", length=1.5), "length"),
    (lambda: posenc.compute("rope", "cos", length={"a": 1}), "length"),
    (lambda: posenc.compute("rope", "cos", length=8, rows=(10, 20)), "rows"),
    (lambda: posenc.compute("rope", "cos", rows=(-1, 4)), "rows"),
    (lambda: posenc.compute("rope", "cos", cols=(1, 2, 3)), "cols"),
    (lambda: posenc.compute("alibi", "slopes", rows=(0, 2)), "rows"),
    (lambda: posenc.describe("no_such"), "scheme"),
    (lambda: posenc.check(np.zeros((2, 2)), "rope", "cos", rtol=-1.0), "rtol"),
    (lambda: posenc.from_model("/no/such/model/folder"), "/no/such/model/folder"),
])
def test_errors_raise_value_error_naming_the_culprit(call, named):
    with pytest.raises(ValueError, match=named):
        call()


# ---------------------------------------------------------------- the oracle

def test_check_passes_exact_values_in_float64_and_float32():
    cos = posenc.compute("rope", "cos", length=64, dim=16)
    report = posenc.check(cos, "rope", "cos", length=64, dim=16)
    assert report and report.matches and report.mismatches == 0
    assert report.compared == 64 * 16 and report.dtype == "float64"
    assert report.rtol == 1e-7 and report.atol == 1e-7  # torch.testing's float64 defaults
    assert "MATCH" in str(report)
    single = posenc.check(cos.astype(np.float32), "rope", "cos", length=64, dim=16)
    assert single and single.dtype == "float32" and single.rtol == 1.3e-6
    half = posenc.check(cos.astype(np.float16), "rope", "cos", length=64, dim=16)
    assert half and half.dtype == "float16"


def test_check_counts_the_cells_that_differ():
    cos = posenc.compute("rope", "cos", length=32, dim=8)
    mine = cos.copy()
    mine[3, 2] += 1e-3
    mine[7, 5] -= 4e-3
    report = posenc.check(mine, "rope", "cos", length=32, dim=8)
    assert not report
    assert report.mismatches == 2 and report.compared == 256
    assert report.mismatch_share == 2 / 256
    worst = report.largest_abs_error
    assert (worst["row"], worst["col"]) == (7, 5)
    assert worst["ours"] == cos[7, 5] and worst["yours"] == mine[7, 5]
    assert "7" in str(report) and report.to_dict()["mismatches"] == 2
    assert isinstance(report.diagnosis, list)
    assert "differs" in repr(report)


def test_check_of_a_region_skips_masked_cells_and_compares_shapes():
    bias = posenc.compute("alibi", "bias", length=10, heads=4, rows=(2, 6), cols=(0, 5))
    report = posenc.check(bias, "alibi", "bias", length=10, heads=4, rows=(2, 6), cols=(0, 5))
    assert report and report.row_start == 2 and report.masked == int(np.isnan(bias).sum())
    wrong = posenc.check(bias.T, "alibi", "bias", length=10, heads=4, rows=(2, 6), cols=(0, 5))
    assert not wrong and not wrong.shape_matches and wrong.compared == 0
    # a (1, seq, dim) cache as Hugging Face keeps it
    cos = posenc.compute("rope", "cos", length=16, dim=8)
    assert posenc.check(cos[None, :, :].astype(np.float32), "rope", "cos", length=16, dim=8)


def test_check_refuses_integer_and_boolean_arrays():
    for bad in (np.zeros((4, 4), dtype=np.int64), np.zeros((4, 4), dtype=bool),
                np.zeros((4, 4), dtype=np.complex128)):
        with pytest.raises(ValueError, match="dtype"):
            posenc.check(bad, "t5", "buckets", length=4)


def test_check_of_a_series_compares_curves():
    slopes = posenc.compute("alibi", "slopes", heads=8)
    curve = [v for k, v in slopes.items() if k != "x"][0]
    assert posenc.check(curve, "alibi", "slopes", heads=8)
    assert not posenc.check(curve * 2, "alibi", "slopes", heads=8)


def test_assert_matches_raises_assertion_error_with_the_report():
    sin = posenc.compute("rope", "sin", length=16, dim=8)
    assert_matches(sin, "rope", "sin", length=16, dim=8)
    assert_matches(sin.astype(np.float32), "rope", "sin", length=16, dim=8)
    interleaved = posenc.compute("rope", "sin", length=16, dim=8, layout="interleaved")
    with pytest.raises(AssertionError) as raised:
        assert_matches(interleaved, "rope", "sin", length=16, dim=8)
    text = str(raised.value)
    assert text == str(posenc.check(interleaved, "rope", "sin", length=16, dim=8))
    assert "mismatches" in text and "rope / sin" in text


# ---------------------------------------------------------------- models

def test_from_model_reads_a_tiny_gpt2_folder(tiny_gpt2):
    folder, wpe = tiny_gpt2
    model = posenc.from_model(folder)
    assert model["scheme"] == "learned" and model["label"] == "tiny-gpt2"
    params = model["params"]
    assert params["max_len"] == 12 and params["dim"] == 16
    assert params["table"].endswith("model.safetensors:wpe.weight")
    assert isinstance(model["report"], dict)
    table = posenc.compute("learned", "encoding", **params)
    np.testing.assert_array_equal(table, wpe)


def test_from_model_reads_a_tiny_llama_folder(tiny_llama):
    model = posenc.from_model(str(tiny_llama))
    assert model["scheme"] == "rope"
    assert model["params"]["dim"] == 16 and model["params"]["base"] == 20000.0
    cos = posenc.compute("rope", "cos", **model["params"])
    assert cos.shape == (model["params"]["length"], 16)


# ---------------------------------------------------------------- threads

def test_threads_computing_at_once_equal_serial_results():
    jobs = [("rope", "cos", {"length": 3000, "dim": 64}),
            ("sinusoidal", "encoding", {"length": 2000, "dim": 128}),
            ("alibi", "bias", {"length": 600, "heads": 8}),
            ("t5", "buckets", {"length": 500}),
            ("rope", "sin", {"length": 2500, "dim": 32, "layout": "interleaved"}),
            ("t5", "bias", {"length": 300, "seed": 5})] * 2
    serial = [posenc.compute(s, v, **p) for s, v, p in jobs]
    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
        parallel = list(pool.map(lambda job: posenc.compute(job[0], job[1], **job[2]), jobs))
    for a, b in zip(serial, parallel):
        assert_bit_equal(b, a)
