"""The group schedule, which lives in :mod:`pirc.cinn.schedule.group` (one module per step);
this name is kept for the lowering code and tests that import it from here."""

from pirc.cinn.schedule.group import *
from pirc.cinn.schedule.group import __all__  # noqa: F401
from pirc.cinn.schedule.group.align import current_compute  # noqa: F401
from pirc.cinn.schedule.group.fusion import is_aligned  # noqa: F401
from pirc.cinn.schedule.group.info import nest_computes  # noqa: F401
