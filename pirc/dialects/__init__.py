"""Dialects: the ops pirc knows, with their traits, verify hooks and (for pd_op) OpDefs.

Import :mod:`pirc.dialects.all` to register every dialect.
"""
