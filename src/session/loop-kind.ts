// The contract every loop kind fulfils, in two parts. The entry's part (<kind>/hook-events.ts) is
// what dist/hook.cjs needs before it loads anything: which events the kind acts on and which typed
// command is its own; it must stay free of dependencies. The rest (<kind>/kind.ts) is what the
// active paths and the other rooms need: its state's schema, its hook handlers (loaded only when
// called: they bring the runners), and what the status line, notify, history and checkpoints show of it.
import type * as z from "zod";
import type { Snapshot } from "../evidence/snapshot.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import type { ActsOn, LoopHookHandlers } from "./handlers.js";

/** The part of a kind bundled into the hook entry. */
export interface LoopKindEntry {
  /** The marker's `kind` that routes a session's hooks to a loop of this kind. */
  kind: LoopKind;
  /** Its skill's command name as Claude Code reports it in UserPromptExpansion ("loopkit:repeat"). */
  command: string;
  actsOn: ActsOn;
}

/** What the state of every kind holds. */
export interface LoopIdentity {
  loop_id: string;
  session_id: string;
  project_dir: string;
  started_at: string;
  ended_at: string | null;
}

/** A loop as the person hears of it: still running, or the event they are told about. */
export type LoopStanding = "running" | "ended" | "paused" | "blocked";

/** The kind's half of the notify command's summary (notify/event.ts adds what every loop has). */
export interface LoopTale {
  status: string;
  reason: string | null;
  command: string | null;
  goal: string | null;
  iterations: number;
  max_iterations: number;
  /** One line for a person. */
  message: string;
}

/** One past run as `loopkit history` lists it (history/runs.ts adds the kind, the version and the checkpoints). */
export interface PastRun {
  summary: {
    id: string;
    command: string | null;
    goal: string | null;
    project_dir: string | null;
    started_at: string;
    ended_at: string | null;
    duration_ms: number;
    iterations: number;
    passed: number;
    failed: number;
    final_status: string | null;
    /** Not ended, and not running either: its session or runner is gone (a repeat loop paused, an auto-loop whose heartbeat went stale). */
    paused: boolean;
    /** Why it is paused, where the kind knows (an auto-loop that waits for the person). */
    paused_reason?: string;
    /** What the run cost in tokens; null where it was not counted (repeat runs recorded before loopkit counted them). */
    tokens: number | null;
  };
  /** Its steps as `loopkit history <id> --json` gives them (each valid under the kind's `history.stepSchema`). */
  steps: unknown[];
  /** One line each in `loopkit history <id>`: number, time, what happened, detail. */
  rows: { number: number; at: string; label: string; text: string }[];
}

/** The rest of a kind, loaded behind the hook entry's dynamic import. State-taking methods get a state its `stateSchema` read. */
export interface LoopKindParts<S extends LoopIdentity> {
  entry: LoopKindEntry;
  stateSchema: z.ZodType<S>;
  /** What the person types to cancel a loop of this kind. */
  cancelCommand: string;
  /** Its hook handlers, loaded on the first call. */
  handlers(): Promise<LoopHookHandlers>;
  /** Whether the loop may still change the project's tree (checkpoint restore and prune wait for it). */
  running(state: S): boolean;
  /** The id of a loop of this kind still running in the project, if one is. */
  runningIn(dataDir: string, projectDir: string): Promise<string | null>;
  /** Snapshots a loop of this kind running in the project still compares with (prune keeps them). */
  keptSnapshots(dataDir: string, projectDir: string): Promise<Snapshot[]>;
  /** The status line's text for a loop of the session's own, or undefined to show nothing. */
  statusLine(state: S, now: Date): string | undefined;
  notify: {
    /** Every status a tale may carry (the notify schema's enum). */
    statuses: readonly string[];
    standing(state: S): LoopStanding;
    tale(state: S): LoopTale;
  };
  history: {
    /** Every final status a past run may carry (the history schema's enum). */
    finalStatuses: readonly string[];
    /** The schema of one of its steps (history-run.schema.json). */
    stepSchema: z.ZodType;
    /** Width of a row's label, so that the detail lines up. */
    labelWidth: number;
    /** Its past runs on record: repeat's in the stats file, auto-loop's in the data folder (null: none found). */
    runs(where: { statsFile: string; dataDir: string | null }, now: Date): Promise<PastRun[]>;
  };
}
