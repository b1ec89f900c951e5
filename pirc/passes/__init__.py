"""Passes over PIR programs.  Importing :mod:`pirc.passes.all` registers them."""
