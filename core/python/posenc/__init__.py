# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc: the exact values of positional encodings (sinusoidal, RoPE, ALiBi, T5, ...) as numpy
arrays, and an oracle that checks your own arrays against them.

Built from the same C++ core as the ``posenc`` command line and window, so every value, check
and message is theirs::

    import posenc
    cos = posenc.compute("rope", "cos", length=4096, dim=128)      # (4096, 128) float64
    report = posenc.check(my_cos_cache, "rope", "cos", length=4096, dim=128)
    print(report)            # the report of `posenc check`, with the diagnosis
    assert report            # true when every cell matches

Parameters are keyword arguments named as on the command line (``posenc list``): ints,
floats, bools, strings (choices and file references) and lists of numbers. They are turned
into the command line's ``KEY=VALUE`` text and checked by the same code, so a bad value
raises ``ValueError`` with the command line's message (without its ``posenc:`` prefix), e.g.
``parameter 'dim' = '7': must be an even integer from 2 to 8192``. Unknown schemes, views
and parameters, unreadable model folders and bad regions raise ``ValueError`` too.

Computing releases the GIL, so threads computing at once run in parallel.
"""

import json as _json
import numbers as _numbers

import numpy as _np

from . import _posenc

__all__ = ["schemes", "describe", "compute", "check", "CheckReport", "from_model"]


def schemes():
    """The scheme ids, in the order ``posenc list`` shows them (e.g. ``"sinusoidal"``,
    ``"rope"``, ``"alibi"``, ``"t5"``).

    Returns:
        list of str.
    """
    return list(_posenc.schemes())


def describe(scheme):
    """What ``posenc list --json`` says about one scheme: its parameters and views.

    Args:
        scheme: a scheme id (see :func:`schemes`).

    Returns:
        dict with ``id``, ``name``, ``description``, ``params`` (each with ``id``, ``type``,
        ``default``, ``min``/``max`` for numbers, ``choices`` for a choice, ``description``)
        and ``views`` (each with ``id``, ``kind`` ``"matrix"`` or ``"series"``, ``title``,
        axis labels, ``random_stand_ins`` and ``deterministic``: whether the values depend
        on the parameters only, so anyone can reproduce them, ``description``).

    Raises:
        ValueError: unknown scheme (the message lists the known ones).
    """
    return _json.loads(_posenc.scheme_json(_text(scheme, "scheme")))


def compute(scheme, view, *, rows=None, cols=None, **params):
    """The exact values of a view, as ``posenc export`` writes them.

    Args:
        scheme: a scheme id, e.g. ``"rope"``.
        view: one of the scheme's view ids (``describe(scheme)["views"]``), e.g. ``"cos"``.
        rows, cols: matrix views only: ``(start, stop)`` of the part wanted, as
            ``--rows A:B`` on the command line (stop ``None``: to the end); default the
            whole matrix. A part of a 2^20-position matrix needs only its own cells.
        **params: the scheme's parameters (``length=4096, dim=128``); others keep their
            defaults.

    Returns:
        A matrix view: a C-ordered float64 ndarray (rows x cols of the region), masked cells
        NaN. A series view: a dict ``{"x": array, curve name: array, ...}`` in the view's
        order; a curve whose name is already taken (by ``"x"`` or an earlier curve) gets
        ``" (2)"``, ``" (3)"``, ... appended.

    Raises:
        ValueError: unknown scheme, view or parameter, a bad value, a bad region, or
            rows/cols given for a series view.
    """
    scheme = _text(scheme, "scheme")
    view = _text(view, "view")
    sets = _sets(params)
    if _posenc.view_kind(scheme, view) == "series":
        if rows is not None or cols is not None:
            raise ValueError("rows/cols: " + view + " is a series view; they apply to matrix "
                             "views only")
        x, curves = _posenc.compute_series(scheme, view, sets)
        out = {"x": x}
        for name, y in curves:
            out[_unique(name, out)] = y
        return out
    r0, r1 = _range(rows, "rows")
    c0, c1 = _range(cols, "cols")
    return _posenc.compute_matrix(scheme, view, sets, r0, r1, c0, c1)


class CheckReport:
    """The outcome of :func:`check`: the report of ``posenc check``.

    Attributes (the keys of ``posenc check --json``): ``scheme``, ``view``, ``file``,
    ``dtype``, ``yours_shape``, ``ours_shape``, ``row_start``, ``col_start``, ``rtol``,
    ``atol``, ``tolerance_source``, ``shape_matches``, ``matches``, ``view_of_layer``,
    ``compared``, ``masked``, ``mismatches``, ``mismatch_share``, ``largest_abs_error`` and
    ``largest_rel_error`` (dicts with ``row``, ``col``, ``yours``, ``ours``, ``abs_error``,
    ``rel_error``), ``random_stand_ins`` and ``diagnosis`` (a list of dicts with ``id``,
    ``text``, ``setting``, ``matched_share``, ``max_abs_error``, ``explains``: the usual
    slips that reproduce your numbers, best first). A number JSON writes as null (NaN, an
    infinite relative error) is None.

    ``str(report)`` is the text ``posenc check`` prints; ``bool(report)`` is ``matches``.
    """

    def __init__(self, fields, text):
        self._fields = dict(fields)
        self._text = text
        for key, value in self._fields.items():
            setattr(self, key, value)

    def to_dict(self):
        """The report as a dict, the same object ``posenc check --json`` prints."""
        return _json.loads(_json.dumps(self._fields))

    def __bool__(self):
        return bool(self._fields["matches"])

    def __str__(self):
        return self._text

    def __repr__(self):
        return ("<posenc.CheckReport {}/{}: {}, {} of {} cells differ>".format(
            self._fields["scheme"], self._fields["view"],
            "matches" if self else "differs", self._fields["mismatches"],
            self._fields["compared"]))


def check(array, scheme, view, *, rtol=None, atol=None, rows=None, cols=None, **params):
    """Compares your array with the exact view, cell by cell, as ``posenc check`` does.

    A cell matches when ``|yours - ours| <= atol + rtol * |ours|``. The default tolerance
    follows the array's dtype (torch.testing's defaults: float64, float32, float16; bfloat16
    from ml_dtypes too); ``rtol``/``atol`` override it. A matrix view takes a 2-D array
    (leading dimensions of size 1 dropped, as in a ``(1, seq, dim)`` cache); a series view
    is compared curve by curve (a 1-D array: the first curve). When the numbers differ, the
    report's diagnosis names the usual slip that reproduces them (the other pairing layout,
    positions shifted by one, a transpose, another base, ...).

    Args:
        array: your numbers: a numpy array (or anything ``numpy.asarray`` takes) of floats.
        scheme, view, **params: what to compare with, as for :func:`compute`.
        rtol, atol: the tolerance, default by dtype.
        rows, cols: the part of a matrix view your array holds, as for :func:`compute`.

    Returns:
        CheckReport (true when every cell matches).

    Raises:
        ValueError: an integer, boolean, complex or non-numeric array, or anything
            :func:`compute` refuses.
    """
    values, dtype = _floats(array)
    r0, r1 = _range(rows, "rows")
    c0, c1 = _range(cols, "cols")
    fields, text = _posenc.check(values, dtype, _text(scheme, "scheme"), _text(view, "view"),
                                 _sets(params), _real(rtol, "rtol"), _real(atol, "atol"),
                                 r0, r1, c0, c1)
    return CheckReport(_json.loads(fields), text)


def from_model(path):
    """The scheme and parameters of a model, read from its folder (config.json and its
    checkpoint) or a repo id in the local Hugging Face cache; never from the network.

    Returns:
        dict ``{"label": str, "scheme": id, "params": {name: value}, "report": dict}``:
        ``compute(m["scheme"], view, **m["params"])`` draws the model; ``report`` is what
        ``posenc inspect --json`` says about it.

    Raises:
        ValueError: no config.json, a model type that is not supported, a broken checkpoint.
    """
    label, scheme, params, report = _posenc.from_model(_text(str(path), "path"))
    return {"label": label, "scheme": scheme, "params": dict(params),
            "report": _json.loads(report)}


def _text(value, name):
    if not isinstance(value, str):
        raise ValueError("{}: must be a string, not {}".format(name, type(value).__name__))
    return value


def _value_text(key, value):
    """A Python value as the command line's text for --set KEY=VALUE."""
    if isinstance(value, (bool, _np.bool_)):
        return "true" if value else "false"
    if isinstance(value, _numbers.Integral):
        return str(int(value))
    if isinstance(value, _numbers.Real):
        return repr(float(value))  # shortest text that reads back as the same double
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple, _np.ndarray)):
        return ",".join(_value_text(key, v) for v in _np.asarray(value).ravel().tolist())
    raise ValueError("parameter '{}': a {} is not a parameter value (int, float, bool, str "
                     "or a list of numbers)".format(key, type(value).__name__))


def _sets(params):
    return [(key, _value_text(key, value)) for key, value in params.items()]


def _range(pair, name):
    """(start, stop) -> the core's [start, stop) with -1 for 'to the end'."""
    if pair is None:
        return 0, -1
    if isinstance(pair, slice):
        if pair.step not in (None, 1):
            raise ValueError(name + ": a step is not supported")
        pair = (pair.start or 0, pair.stop)
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise ValueError(name + ": must be a (start, stop) tuple, stop None for the end")
    start, stop = pair
    for v in (start, stop):
        if v is not None and (isinstance(v, bool) or not isinstance(v, _numbers.Integral)
                              or v < 0):
            raise ValueError("{}: ({}, {}): start and stop must be integers >= 0 (stop None "
                             "for the end)".format(name, start, stop))
    return int(start or 0), -1 if stop is None else int(stop)


def _real(value, name):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise ValueError("{}: must be a number".format(name))
    return float(value)


def _floats(array):
    """Your array as float64 (exactly, C order) and the name of the type it was stored as."""
    a = _np.asarray(array)
    name = a.dtype.name
    if name == "bfloat16":  # ml_dtypes, as JAX and PyTorch's numpy bridges give it
        return _np.ascontiguousarray(a.astype(_np.float64)), name
    if a.dtype.kind != "f":
        raise ValueError("array dtype {}: must be a floating-point type (float16, float32, "
                         "float64); convert integer or boolean arrays yourself if you mean "
                         "them as numbers".format(name))
    if name not in ("float16", "float32", "float64"):
        name = "float64"  # longdouble: compared as float64 with its tolerance
    return _np.ascontiguousarray(a, dtype=_np.float64), name


def _unique(name, taken):
    if name not in taken:
        return name
    k = 2
    while "{} ({})".format(name, k) in taken:
        k += 1
    return "{} ({})".format(name, k)
