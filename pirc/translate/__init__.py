"""Legacy ProgramDesc (.pdmodel / .pdiparams) support for pirc."""
