"""Known gaps of issue 11, as data: (path, program) -> mismatch class (see the notes in test_alias_fuzz.py).

``program`` is a corpus case name (tests/corpus/alias/<name>) or ``fuzz:<seed>`` (a program of
the fixed CI sample).  The tests compare the set of failing (path, program) pairs with these
keys and fail when it changes either way: a fix must remove its entries, a regression shows up.
Regenerate the literal with ``python bench/fuzz_alias.py --known``.
"""

from __future__ import annotations

#: (class G, cse merging a ``full`` a ``while`` writes through its block argument, and class H, a
#: write through the result of an in-place shape op not reaching its operand, are fixed)
#: classes (reproducers in the notes of issue 11's work, alias-mismatches):
#:   I -- an ``if`` result that yields another ``if``'s result (``%22`` yields ``%12``) does not see an
#:        in-place write to ``%12`` made later inside a ``while`` nested in a third ``if``
#:        (``multiply_(%12, %24)``): pirc returns the value before the write (bench seed 31008972)
KNOWN: dict[tuple[str, str], str] = {
    ('interp', 'fuzz:31008972'): 'I',
    ('threads', 'fuzz:31008972'): 'I',
    ('cse', 'fuzz:31008972'): 'I',
    ('dce', 'fuzz:31008972'): 'I',
    ('cse,dce', 'fuzz:31008972'): 'I',
    ('inplace', 'fuzz:31008972'): 'I',
    ('cse,dce,inplace', 'fuzz:31008972'): 'I',
}
