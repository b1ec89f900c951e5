"""pirc-tune: search the group schedules of a model, append the measurements to a log.

``pirc-tune MODEL.pir -o tuning.jsonl [--trials N] [--strategy evolutionary|random]
[-j WORKERS | --ray-address auto|HOST:PORT | --ray-local CPUS]``

Each fused group becomes a standalone program; candidates (schedule parameters, see
``pirc/cinn/tune/space.py``) are built and measured in worker processes (warm-up, then
repeats; a crash or a hang past ``--timeout`` is recorded as a failed candidate), every
result is checked against the interpreter, and one JSON line per candidate is appended to
the log.  Candidates are measured by a local pool of worker processes, or as Ray tasks on
a cluster (``--ray-address``; see pirc/cinn/tune/runner.py).  Run it again with the same
log to resume.  ``pirc-lower --tuning-log`` and
``pirc-run --backend cinn --tuning-log`` apply the best candidate of each group.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import click

from pirc.cli.common import (
    EXIT_INPUT,
    handle_errors,
    print_timing,
    read_program_text,
    read_tuning_log,
    timing_option,
    verify_option,
    version_option,
)
from pirc.diagnostics import PircError


@click.command(name="tune", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("model", default="-", metavar="[MODEL]")
@click.option("-o", "--output", "log_path", required=True, metavar="TUNING.jsonl",
              help="The log (appended to; an existing one is resumed).")
@click.option("--target", type=click.Choice(["c"]), default="c", show_default=True,
              help="The target whose schedules are tuned (the C target for now).")
@click.option("--trials", type=click.IntRange(min=1), default=8, show_default=True,
              help="Candidates measured per group (the default schedule included).")
@click.option("--strategy", type=click.Choice(["evolutionary", "random"]), default="evolutionary", show_default=True,
              help="evolutionary: mutations and crossovers of the best so far; random: uniform samples.")
@click.option("--timeout", type=float, default=120.0, show_default=True, help="Seconds per candidate.")
@click.option("--repeat", type=click.IntRange(min=1), default=7, show_default=True, help="Timed runs per candidate.")
@click.option("--warmup", type=click.IntRange(min=0), default=2, show_default=True,
              help="Untimed runs per candidate before the timed ones.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the search and of the inputs.")
@click.option("--group", "only", type=int, multiple=True, help="Tune only these group indices.")
@click.option("--dynamic-dim", type=click.IntRange(min=1), default=1, show_default=True,
              help="The size a dynamic (-1) dim is measured at.")
@click.option("-j", "--workers", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default and at most: the usable cores). Builds run side by side; "
                   "timed runs one at a time per machine.")
@click.option("--batch", type=click.IntRange(min=1), default=4, show_default=True,
              help="Candidates proposed per round (measured in parallel). The proposals depend on the seed, "
                   "the batch and the measurements only: not on the workers or the runner.")
@click.option("--ray-address", default=None, metavar="auto|HOST:PORT",
              help="Measure on a Ray cluster: 'auto' (the cluster this machine joined with `ray start`), "
                   "HOST:PORT of its head, or ray://HOST:PORT (Ray client). Needs pirc[ray] on every node.")
@click.option("--ray-local", type=click.IntRange(min=1), default=None, metavar="CPUS",
              help="Start a local Ray head with CPUS CPUs for this run (stopped at the end).")
@click.option("--replay", "replay_path", default=None, metavar="TUNING.jsonl",
              help="Keep the times this earlier log recorded for the same code (each candidate is still built, "
                   "run and checked): the same measurements give the same choices on another runner.")
@click.option("--confirm", type=click.IntRange(min=0), default=2, show_default=True,
              help="After the search, measure the default and the two best candidates of each group again this "
                   "many times, alternating, and choose by the fastest run of each (one measurement can catch a "
                   "busy moment of the machine). Not with --replay (its choices come from the recorded times).")
@verify_option(True, "the input program")
@timing_option
@handle_errors
def tune_command(model: str, log_path: str, target: str, trials: int, strategy: str, timeout: float, repeat: int,
                 warmup: int, seed: int, only: tuple[int, ...], dynamic_dim: int, workers: int | None = None,
                 batch: int = 4, ray_address: str | None = None, ray_local: int | None = None,
                 replay_path: str | None = None, confirm: int = 2, do_verify: bool = True,
                 timing: bool = False) -> None:
    """Tune the fused groups of MODEL; results go to a JSON lines log.

    \b
    Examples:
      pirc-tune model.pir -o tuning.jsonl --trials 12
      pirc-run model.pir --backend cinn --tuning-log tuning.jsonl
      pirc-tune model.pir -o tuning.jsonl --ray-address auto      # on a Ray cluster
      pirc-tune model.pir -o tuning.jsonl --ray-address 10.0.0.5:6379
    """
    from pirc.cinn.compiler import fuse
    from pirc.cinn.tune.extract import group_tasks
    from pirc.cinn.tune.log import TuningLog
    from pirc.cinn.tune.runner import LocalRunner, RayRunner, RayUnavailable, Runner
    from pirc.cinn.tune.tuner import tune_group
    from pirc.text.parser import parse_program

    t0 = time.perf_counter()
    text, name, _ = read_program_text(model)
    try:
        prog = parse_program(text, name)
        if do_verify:
            from pirc.ir.verifier import verify

            diags = verify(prog)
            if diags:
                raise PircError(diags)
    except PircError as e:
        e.print(sys.stderr)
        sys.exit(EXIT_INPUT)
    fuse(prog)
    t1 = time.perf_counter()
    tasks = [t for t in group_tasks(prog, target, dynamic_dim) if not only or t.index in only]
    if ray_address is not None and ray_local is not None:
        raise click.UsageError("--ray-address and --ray-local exclude each other")
    log = TuningLog(log_path)
    replay = read_tuning_log(replay_path, "--replay")
    results = []
    runner: Runner
    if ray_address is not None or ray_local is not None:
        try:
            runner = RayRunner(ray_address, ray_local)
        except RayUnavailable as e:
            raise click.UsageError(str(e)) from e
        except RuntimeError as e:
            raise click.ClickException(str(e)) from e
    else:
        runner = LocalRunner(workers)
    click.echo(f"{len(tasks)} groups; measuring on {runner.name} ({runner.workers} workers), batch {batch}", err=True)
    with runner_closed(runner), GroupProgress(trials) as shown:
        for t in tasks:
            label = f"group {t.index} ({'+'.join(o.split('.')[-1] for o in t.ops[:4])}{'...' if len(t.ops) > 4 else ''})"
            update = shown.start(label)
            r = tune_group(t, log, trials=trials, strategy=strategy, seed=seed, timeout=timeout, warmup=warmup,
                           repeat=repeat, on_result=update, runner=runner, batch=batch, replay=replay,
                           confirm=0 if replay is not None else confirm)
            shown.done(label, r)
            results.append(r)
    measured = sum(r.trials for r in results)
    failed = sum(r.failed for r in results)
    click.echo(f"{len(tasks)} groups, {measured} candidates measured ({failed} failed), log: {log_path}", err=True)
    if timing:
        print_timing("tune", [("parse+fuse", t1 - t0), ("tune", time.perf_counter() - t1)])


def best_text(r: Any) -> str:
    """``best 0.123 ms (default 0.200 ms, 1.63x)``: a group's result so far."""
    if r.best_ms is None:
        return "no valid candidate yet"
    text = f"best {r.best_ms:.3f} ms"
    if r.default_ms:
        text += f" (default {r.default_ms:.3f} ms, {r.default_ms / r.best_ms:.2f}x)"
    return text


class GroupProgress:
    """A live bar per group on a terminal (the finished bars stay); elsewhere one plain line per
    finished group, never cut to a console width (piped, the bars were cut at 80 columns and lost
    the speedup)."""

    def __init__(self, trials: int) -> None:
        from pirc.progress import enabled

        self.trials = trials
        self.bar: Any = None
        self._task: Any = None
        if enabled():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), TextColumn("{task.fields[best]}", markup=False),
                                console=Console(stderr=True), transient=False)

    def __enter__(self) -> GroupProgress:
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def start(self, label: str) -> Callable[[Any], None] | None:
        """A new group's bar; the callback the tuner calls after each measurement (None off a terminal)."""
        if self.bar is None:
            return None
        task = self._task = self.bar.add_task(label, total=self.trials, best="")

        def update(r: Any) -> None:
            self.bar.update(task, completed=r.trials, best=best_text(r))

        return update

    def done(self, label: str, r: Any) -> None:
        if self.bar is not None:
            self.bar.update(self._task, completed=self.trials, best=best_text(r))
            return
        failed = f", {r.failed} failed" if r.failed else ""
        click.echo(f"{label}: {r.trials} candidates measured{failed}; {best_text(r)}", err=True)


@contextlib.contextmanager
def runner_closed(runner: Any) -> Iterator[None]:
    try:
        yield
    finally:
        runner.close()


def main() -> None:
    tune_command.main(prog_name="pirc-tune")


if __name__ == "__main__":
    main()
