"""Known gaps of issue 11, as data: (path, program) -> mismatch class (see the notes in test_alias_fuzz.py).

``program`` is a corpus case name (tests/corpus/alias/<name>) or ``fuzz:<seed>`` (a program of
the fixed CI sample).  The tests compare the set of failing (path, program) pairs with these
keys and fail when it changes either way: a fix must remove its entries, a regression shows up.
Regenerate the literal with ``python bench/fuzz_alias.py --known``.
"""

from __future__ import annotations

#: none: classes G (cse merging a ``full`` a ``while`` writes through its block argument), H (a write
#: through the result of an in-place shape op not reaching its operand) and I (an ``if`` result that
#: is an outer variable -- a captured value, another ``if``'s result -- copied because it shared
#: storage with a view, or shared as a view where the enclosing block saw only the variable: a later
#: in-place write to the variable was lost; bench seeds 31008972 and 51010763 of the first generator)
#: are fixed.  ``fuzz:<seed>`` names a program of today's generator, ``fuzz:first:<seed>`` one of the
#: first (test_alias_fuzz.sample).
KNOWN: dict[tuple[str, str], str] = {
}
