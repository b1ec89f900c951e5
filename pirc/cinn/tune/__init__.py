"""Schedule tuning (``pirc-tune``): per fused group a search over the group schedule's
parameters, candidates built and measured in isolated worker processes, results in a JSON
lines log that ``--tuning-log`` applies.

* :mod:`.space` -- the parameters (knobs) and their values;
* :mod:`.log` -- the group key (a structural hash), the log, and applying it while lowering;
* :mod:`.extract` -- one group as a standalone program (its inputs as ``pd_op.data``);
* :mod:`.worker` -- one candidate measured in a child process (timeout, crash recorded);
* :mod:`.search` -- evolutionary and random search;
* :mod:`.tuner` -- the loop over a model's groups.
"""
