// What a report shows of a loop, as plain data: gathered from loopkit's records (find.ts and the two
// *-story.ts files) and rendered to HTML (render-*.ts). Every string here may be the agent's words.

/** A file an iteration changed, with its diff as text when loopkit's record holds it. */
export interface FileChange {
  /** As git's status letters: A added, M modified, D deleted, T kind changed. */
  status: "A" | "M" | "D" | "T";
  path: string;
  /** Unified diff lines, or null (no content kept, or not compared). */
  diff: string[] | null;
  /** Why the diff is missing or cut, else null. */
  note: string | null;
}

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number | null;
  /** Tests that did not run to a result: skipped by the runner, or gone since the loop's start (when the start's count is on record). */
  notRun?: number;
}

export interface AutoLoopIteration {
  number: number;
  /** When the iteration was judged. */
  at: string;
  /** From the previous verdict (or the start) to this one. */
  durationMs: number;
  /** Tokens spent in this iteration (the turn and its audit), and the loop's total after it. */
  tokens: number;
  totalTokens: number;
  verdict: "pass" | "flaky" | "fail" | null;
  exitCode: number | null;
  vote: string | null;
  /** The audit's reasons, where the record has them. */
  reasons: string[] | null;
  /** Test counts of the verifier's run, where the record has them. */
  tests: TestCounts | null;
  /** Other things the history says of the iteration (a cap reached, tampering undone, ...). */
  notes: string[];
  /** The files it changed (null: no checkpoint recorded for it), and how many more than listed. */
  changes: FileChange[] | null;
  moreChanges: number;
  /** The verifier's output tail, for the iteration the state still holds it. */
  verifierOutput: string | null;
}

export interface CapUse {
  name: string;
  used: number;
  max: number;
  /** How to print a value of it. */
  unit: "count" | "tokens" | "ms";
}

export interface AutoLoopStory {
  kind: "auto-loop";
  id: string;
  projectDir: string | null;
  goal: string | null;
  verifyCommand: string | null;
  /** The final status, or "pursuing" ("paused" while it waits for the person). */
  status: string;
  reason: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Null when the loop's state was replaced by a later loop of the project (the caps are then in the start line only). */
  caps: CapUse[] | null;
  /** The start line of the gate history: the verifier and the caps in words. */
  startDetail: string | null;
  handoffNote: string | null;
  iterations: AutoLoopIteration[];
  /** What the report could not show, in words. */
  gaps: string[];
}

export interface RepeatIteration {
  number: number;
  startedAt: string;
  /** Null when the record keeps no end (the stats log keeps starts only). */
  durationMs: number | null;
  result: "pass" | "fail";
  exitCode: number;
  summary: string | null;
}

export interface RepeatStory {
  kind: "repeat";
  id: string;
  projectDir: string | null;
  command: string;
  /** The interval in words ("10m"). */
  interval: string;
  maxIterations: number;
  /** The final status, or the phase of a loop still going ("running", "waiting", "paused"). */
  status: string;
  startedAt: string;
  endedAt: string | null;
  iterations: RepeatIteration[];
  gaps: string[];
}

export type LoopStory = AutoLoopStory | RepeatStory;
