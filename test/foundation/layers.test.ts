// The folders of src/ are layers: a file imports only from its own folder or from a lower layer, so
// the import graph has no cycle between rooms and a newcomer can read it from the bottom up.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** Lower numbers are lower layers. Folders of one rank must not import each other. */
const RANK: Record<string, number> = {
  shared: 0,
  state: 1,
  sandbox: 1,
  evidence: 1.5,
  "test-results": 1.5,
  session: 2,
  checkpoint: 2,
  repeat: 3,
  "auto-loop": 3,
  loops: 3.5,
  run: 4,
  codex: 4,
  history: 4,
  report: 4,
  statusline: 4,
  notify: 4,
  doctor: 4.5,
  cli: 5,
  hook: 5,
  action: 4.5,
};

/**
 * The rooms inside a folder, lowest first; a file directly in the folder belongs to the room "". Rooms
 * of one rank must not import each other; across folders only RANK counts.
 */
const ROOM_RANK: Record<string, Record<string, number>> = {
  // auto-loop: the pure core; the kind's declarations and the option grammar; the files it keeps in
  // the project and in loopkit's data folder; the processes it runs; the hooks and the CLI's edges on top.
  "auto-loop": { core: 0, "": 1, project: 2, data: 3, runners: 4, hooks: 5, lifecycle: 5 },
};

/** The folder and the room inside it of a path relative to src/. */
function roomOf(file: string): { folder: string; room: string } {
  const [folder, ...rest] = file.split(path.sep);
  return { folder: folder!, room: rest.length > 1 && ROOM_RANK[folder!] ? rest[0]! : "" };
}

/** Every relative import in src/, each as the importing file and the file it names (both relative to src/). */
function imports(): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const folder of readdirSync(SRC)) {
    for (const name of readdirSync(path.join(SRC, folder), { recursive: true, encoding: "utf8" })) {
      if (!name.endsWith(".ts")) continue;
      const file = path.join(folder, name);
      const text = readFileSync(path.join(SRC, file), "utf8");
      for (const match of text.matchAll(/from "(\.\.?\/[^"]+)"/g))
        found.push({ file, target: path.relative(SRC, path.resolve(SRC, path.dirname(file), match[1]!)) });
    }
  }
  return found;
}

/** The circles of files (strongly connected sets of two or more, or a file importing itself), each sorted. */
function fileCircles(edges: { file: string; target: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { file, target } of edges) next.set(file, [...(next.get(file) ?? []), target.replace(/\.js$/, ".ts")]);
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** Why this import runs up or sideways, or null when it runs down (or stays in its room). */
function wrongWay(file: string, target: string): string | null {
  const from = roomOf(file);
  const to = roomOf(target);
  if (from.folder !== to.folder) return RANK[to.folder]! < RANK[from.folder]! ? null : `${file} imports ${to.folder}/`;
  const rooms = ROOM_RANK[from.folder];
  if (!rooms || from.room === to.room || rooms[to.room]! < rooms[from.room]!) return null;
  return `${file} imports ${to.folder}/${to.room ? `${to.room}/` : "(its folder's own files)"}`;
}

describe("the layers of src/", () => {
  it("gives every folder a rank", () => {
    expect(readdirSync(SRC).filter((folder) => !(folder in RANK))).toEqual([]);
  });

  it("gives every room of a folder with rooms a rank", () => {
    const unranked = Object.entries(ROOM_RANK).flatMap(([folder, rooms]) =>
      readdirSync(path.join(SRC, folder), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !(entry.name in rooms))
        .map((entry) => `${folder}/${entry.name}`),
    );
    expect(unranked).toEqual([]);
  });

  it("has every import run down a layer, never up or sideways", () => {
    const all = imports();
    expect(all.length).toBeGreaterThan(0);
    const wrong = all.map(({ file, target }) => wrongWay(file, target)).filter((why) => why !== null);
    expect(wrong).toEqual([]);
  });

  it("has no circle of files anywhere, inside a folder too (a type import counts: it ties the files as much)", () => {
    expect(fileCircles(imports())).toEqual([]);
  });

  it("sees a circle of files", () => {
    const edges = [
      { file: "evidence/a.ts", target: "evidence/b.js" },
      { file: "evidence/b.ts", target: "evidence/c.js" },
      { file: "evidence/c.ts", target: "evidence/a.js" },
      { file: "evidence/c.ts", target: "shared/d.js" },
    ];
    expect(fileCircles(edges)).toEqual([["evidence/a.ts", "evidence/b.ts", "evidence/c.ts"]]);
  });

  it("keeps auto-loop's core pure: no file, process or store import", () => {
    const core = path.join(SRC, "auto-loop", "core");
    const impure = readdirSync(core).flatMap((name) =>
      [...readFileSync(path.join(core, name), "utf8").matchAll(/from "([^"]+)"/g)]
        .map((match) => match[1]!)
        .filter((spec) => /^(node:(fs|child_process|net|os)|execa|proper-lockfile|write-file-atomic)|\/state\/|\/shared\/git/.test(spec))
        .map((spec) => `auto-loop/core/${name} imports ${spec}`),
    );
    expect(impure).toEqual([]);
  });

  it("sees an import that runs up between the rooms of a folder", () => {
    expect(wrongWay("auto-loop/core/decide.ts", "auto-loop/hooks/transcript-usage.js")).toMatch(/imports auto-loop\/hooks\//);
    expect(wrongWay("auto-loop/hooks/resume.ts", "auto-loop/lifecycle/start.js")).not.toBeNull();
    expect(wrongWay("auto-loop/hooks/resume.ts", "auto-loop/core/history.js")).toBeNull();
    expect(wrongWay("repeat/decide.ts", "auto-loop/core/state.js")).not.toBeNull();
  });
});
