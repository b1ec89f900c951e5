"""Known gaps of issue 11, as data: (path, program) -> mismatch class (see the notes in test_alias_fuzz.py).

``program`` is a corpus case name (tests/corpus/alias/<name>) or ``fuzz:<seed>`` (a program of
the fixed CI sample).  The tests compare the set of failing (path, program) pairs with these
keys and fail when it changes either way: a fix must remove its entries, a regression shows up.
Regenerate the literal with ``python bench/fuzz_alias.py --known``.
"""

from __future__ import annotations

#: classes (reproducers in the notes of issue 11's work, alias-mismatches):
#:   H -- the interpreter does not let a write through the result of an in-place shape op
#:        (``reshape_`` here) reach its operand: ``r = reshape_(s); multiply_(r, x); fetch s``
#:        (Paddle: s sees the product); every path built on the interpreter shows it
#: (class G, cse merging a ``full`` a ``while`` writes through its block argument, is fixed)
KNOWN: dict[tuple[str, str], str] = {
    ('interp', 'reshape_inplace_binary_write'): 'H',
    ('threads', 'reshape_inplace_binary_write'): 'H',
    ('cse', 'reshape_inplace_binary_write'): 'H',
    ('dce', 'reshape_inplace_binary_write'): 'H',
    ('cse,dce', 'reshape_inplace_binary_write'): 'H',
    ('inplace', 'reshape_inplace_binary_write'): 'H',
    ('cse,dce,inplace', 'reshape_inplace_binary_write'): 'H',
    ('interp', 'fuzz:11000392'): 'H',
    ('threads', 'fuzz:11000392'): 'H',
    ('cse', 'fuzz:11000392'): 'H',
    ('dce', 'fuzz:11000392'): 'H',
    ('cse,dce', 'fuzz:11000392'): 'H',
    ('inplace', 'fuzz:11000392'): 'H',
    ('cse,dce,inplace', 'fuzz:11000392'): 'H',
}
