"""Importing this module registers every pass and pipeline."""

from pirc.passes import cse, dce  # noqa: F401
