// Temporary projects (git repositories, or not) for the checkpoint tests, and readers of what the person would see.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoopRef } from "../../src/checkpoint/take.js";

export function git(dir: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: dir } });
}

export function write(dir: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** A project folder (with a space in its path) and a data folder; `init` makes it a repository, `commit` adds a first commit. */
export function makeProject(options: { init?: boolean; commit?: boolean } = {}): {
  root: string;
  project: string;
  data: string;
  loop: (id?: string) => LoopRef;
} {
  const root = mkdtempSync(path.join(os.tmpdir(), "loopkit checkpoint "));
  const project = path.join(root, "my project");
  const data = path.join(root, "data");
  mkdirSync(project);
  if (options.init ?? true) {
    git(project, "init", "-q", "-b", "main");
    git(project, "config", "user.name", "Person");
    git(project, "config", "user.email", "person@example.com");
    if (options.commit ?? true) {
      write(project, "README.md", "hello\n");
      write(project, ".gitignore", "ignored/\n");
      git(project, "add", "-A");
      git(project, "commit", "-q", "-m", "first");
    }
  }
  const loop = (id = "loop-1"): LoopRef => ({
    dataDir: data,
    projectDir: project,
    loopId: id,
    loopKind: "repeat",
    stateFile: path.join(data, "repeat", "s.json"),
  });
  return { root, project, data, loop };
}

/** The whole .git folder, file by file: checkpoints write nothing there. */
export function gitFolder(project: string): Record<string, string> {
  const files: Record<string, string> = {};
  const root = path.join(project, ".git");
  for (const name of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const full = path.join(root, name);
    if (statSync(full).isFile()) files[name] = readFileSync(full).toString("base64");
  }
  return files;
}

/** Everything of the person's that checkpointing must leave alone. */
export function personView(project: string): Record<string, string> {
  const safe = (...args: string[]) => {
    try {
      return git(project, ...args);
    } catch {
      return "(none)";
    }
  };
  return {
    head: safe("rev-parse", "HEAD"),
    symbolicHead: safe("symbolic-ref", "HEAD"),
    index: safe("ls-files", "--stage"),
    status: safe("status", "--porcelain=v1", "--untracked-files=all", "--ignored"),
    branches: safe("for-each-ref", "refs/heads", "refs/tags", "refs/stash"),
    stash: safe("stash", "list"),
    reflog: safe("reflog", "show", "--all"),
  };
}
