"""The executor: PirInterpreter, as Paddle's StandaloneExecutor / InterpreterCore run it.

* :mod:`~pirc.runtime.executor` -- StandaloneExecutor, Plan, Job, InterpreterCore, run_program
* :mod:`~pirc.runtime.interpreter` -- PirInterpreter: the Build phase and the run entry points
* :mod:`~pirc.runtime.instruction` -- instructions and their run closures
* :mod:`~pirc.runtime.dependency` -- the dependency DAG (RAW/WAR/WAW over storages, transitive reduction)
* :mod:`~pirc.runtime.gc` -- reference counts and garbage collection
* :mod:`~pirc.runtime.scheduler` -- the ready queue, the thread pool
* :mod:`~pirc.runtime.control_flow` -- IfInstruction, WhileInstruction
* :mod:`~pirc.runtime.compiled` -- the hook for compiled kernels (CinnJitInstruction)
* :mod:`~pirc.runtime.streams` -- stream assignment and events for device instructions (PirStreamAnalyzer)
* :mod:`~pirc.runtime.device` -- device-resident values (DeviceArray) and stream-ordered execution
* :mod:`~pirc.runtime.feeds`, :mod:`~pirc.runtime.memory`, :mod:`~pirc.runtime.profiler`
"""

from pirc.runtime.executor import Job, Plan, StandaloneExecutor, run_program

__all__ = ["Job", "Plan", "StandaloneExecutor", "run_program"]
