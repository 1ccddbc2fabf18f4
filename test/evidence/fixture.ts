// Temporary projects for the evidence tests, and a snapshot helper with a generous deadline.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { compareSnapshots, type Change } from "../../src/evidence/compare.js";
import type { AheadOptions } from "../../src/evidence/lstat-ahead.js";
import { openStore, takeSnapshot, type TakenSnapshot } from "../../src/evidence/snapshot.js";
import { deadlineIn } from "../../src/shared/deadline.js";

export function makeProject(): { root: string; project: string; data: string; write: (file: string, text: string | Buffer) => string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "loopkit evidence "));
  const project = path.join(root, "my project");
  const data = path.join(root, "data");
  mkdirSync(project);
  const write = (file: string, text: string | Buffer) => {
    const full = path.join(project, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    return full;
  };
  return { root, project, data, write };
}

let ahead: AheadOptions | undefined;

/** How walks of the tests running now use the thread that lstats ahead (see bothWays). */
export const aheadNow = (): AheadOptions | undefined => ahead;

/**
 * Declares the tests in `body` twice: walks as on a small project (alone), and walks that take every
 * answer of the thread that lstats ahead (done before each walk starts), as on a big one.
 */
export function bothWays(body: () => void): void {
  describe("walking alone", body);
  describe("walking with the thread that lstats ahead", () => {
    beforeAll(() => {
      ahead = { from: 1, first: true };
    });
    afterAll(() => {
      ahead = undefined;
    });
    body();
  });
}

export const snap = (data: string, project: string, ms = 60_000): Promise<TakenSnapshot> =>
  takeSnapshot({ dataDir: data, projectDir: project, deadline: deadlineIn(ms), ahead: aheadNow() });

/** The changes from `a` to `b` as "how path" lines. */
export function changesOf(data: string, project: string, a: TakenSnapshot | null, b: TakenSnapshot): Change[] {
  const store = openStore(data, project);
  try {
    return compareSnapshots(store, project, a?.snapshot ?? null, b.snapshot);
  } finally {
    store.close();
  }
}

export const lines = (changes: Change[]) => changes.map((c) => `${c.how} ${c.path}`).sort();
