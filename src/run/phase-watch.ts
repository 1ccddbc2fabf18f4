// While a `loopkit run` phase runs, what it is doing: a line when the Stop hook's gate starts a step
// (the verifier, its second run, the audit), and a line whenever `everyMs` passes with no other, so a
// person or a CI log can tell a phase at work from a stuck one. It only reads; it decides nothing.
import { readGateStep, type GateStep } from "../auto-loop/data/gate-progress.js";
import type { LoopFiles } from "../auto-loop/data/store.js";
import { formatDuration } from "../shared/duration.js";

const POLL_MS = 2_000;

export interface PhaseWatch {
  files: LoopFiles;
  loopId: string;
  phase: number;
  /** The loop's iteration when the phase started: the gate of this phase judges the next one. */
  fromIteration: number;
  verifyCommand: string;
  everyMs: number;
  now(): Date;
  print(line: string): void;
}

/** The line for a gate step that just started. */
export function stepLine(phase: number, step: GateStep, verifyCommand: string): string {
  const head = `loopkit run: phase ${phase}:`;
  if (step.step === "contract")
    return `${head} the verifier passed twice; it runs once more in a copy, with the test files and configs as they were at the start.`;
  if (step.step === "audit") return `${head} the verifier passed twice; the audit runs (a fresh, read-only claude -p).`;
  if (step.run === 2) return `${head} the verifier passed; it runs once more.`;
  return `${head} the agent's turn ended (iteration ${step.iteration}); the verifier runs: ${verifyCommand}`;
}

/** The line when nothing new happened for a while: who the phase waits for, since when. */
export function stillLine(phase: number, step: GateStep | undefined, elapsedMs: number): string {
  const what = step
    ? `the ${step.step === "contract" ? "run on the start's tests" : step.step} is still running`
    : "the agent is still working";
  return `loopkit run: phase ${phase}: ${what} (${formatDuration(elapsedMs)}).`;
}

/** Watches until the returned function is called; it resolves once a read in flight has printed what it found. */
export function watchPhase(w: PhaseWatch): () => Promise<void> {
  let told: GateStep | undefined;
  let since = w.now().getTime();
  let lastLine = since;
  let inFlight: Promise<void> | null = null;
  const tick = async () => {
    try {
      const step = await readGateStep(w.files);
      const now = w.now().getTime();
      if (
        step &&
        step.loop_id === w.loopId &&
        step.iteration > w.fromIteration &&
        !(told && told.step === step.step && told.run === step.run && told.iteration === step.iteration)
      ) {
        told = step;
        since = now;
        lastLine = now;
        w.print(stepLine(w.phase, step, w.verifyCommand));
      } else if (now - lastLine >= w.everyMs) {
        lastLine = now;
        w.print(stillLine(w.phase, told, now - since));
      }
    } finally {
      inFlight = null;
    }
  };
  const timer = setInterval(
    () => {
      inFlight ??= tick();
    },
    Math.min(POLL_MS, w.everyMs),
  );
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
