"""The pd_op dialect: one module per family of ops, each registering OpDefs.

Every module in this package is imported (in name order), so a new family of
ops only needs a new file.
"""

import importlib
import pkgutil

for _m in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _m.startswith("_"):
        importlib.import_module(f"{__name__}.{_m}")
