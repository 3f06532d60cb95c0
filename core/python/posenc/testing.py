# SPDX-License-Identifier: GPL-3.0-or-later
"""Assertions for test suites (pytest, unittest): check your encodings against posenc's."""

from . import check as _check

__all__ = ["assert_matches"]


def assert_matches(array, scheme, view, *, rtol=None, atol=None, rows=None, cols=None,
                   **params):
    """Asserts that your array equals view ``view`` of ``scheme`` within the tolerance.

    Takes the arguments of :func:`posenc.check`. For pytest::

        from posenc.testing import assert_matches

        def test_rope_cache():
            cos, sin = my_model.rotary_emb.cache(4096)
            assert_matches(cos, "rope", "cos", length=4096, dim=128)

    Raises:
        AssertionError: when a cell differs or the shapes differ; its message is the report
            of ``posenc check``: shapes, dtype, tolerance, mismatches, the largest errors and
            the diagnosis (the slip that reproduces your numbers).
        ValueError: as :func:`posenc.check`.
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this one
    report = _check(array, scheme, view, rtol=rtol, atol=atol, rows=rows, cols=cols, **params)
    if not report:
        raise AssertionError(str(report))
