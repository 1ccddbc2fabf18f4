// A repository whose config, attributes, hooks and environment each try to run a command that writes
// a marker file: the fixture for "loopkit's git runs nothing the project configures".
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const HOOKS = [
  "reference-transaction",
  "post-checkout",
  "pre-commit",
  "post-commit",
  "post-index-change",
  "pre-auto-gc",
  "fsmonitor-watchman",
];

/** Plain git with a fixed identity, for setting the fixture up (never the code under test). */
export function plainGit(cwd: string, ...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgSign=false", "-c", "core.hooksPath=/dev/null", ...args],
    { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** Makes `dir` a repository with one commit, then plants every command hook; `marker` collects who ran. */
export function plantHostileGit(dir: string, marker: string): void {
  mkdirSync(dir, { recursive: true });
  plainGit(dir, "init", "-q", "-b", "main");
  writeFileSync(join(dir, "a.txt"), "one\n");
  writeFileSync(join(dir, "b.bin"), "one\n");
  plainGit(dir, "add", ".");
  plainGit(dir, "commit", "-q", "-m", "base");
  const bin = join(dir, ".git", "evil");
  mkdirSync(bin, { recursive: true });
  const script = (name: string, body = "") => {
    const path = join(bin, name);
    writeFileSync(path, `#!/bin/sh\necho ${name} >> '${marker}'\n${body}`);
    chmodSync(path, 0o755);
    // Config values that name a command run through the shell: quoted for the space in the path.
    return `'${path}'`;
  };
  for (const hook of HOOKS) script(hook);
  const hooksDir = bin;
  mkdirSync(join(dir, ".git", "hooks"), { recursive: true });
  for (const hook of HOOKS)
    writeFileSync(join(dir, ".git", "hooks", hook), `#!/bin/sh\necho hook-${hook} >> '${marker}'\n`, { mode: 0o755 });
  const include = join(dir, ".git", "included.cfg");
  writeFileSync(
    include,
    [
      "[core]",
      `\tfsmonitor = ${script("fsmonitor")}`,
      `\tpager = ${script("core-pager")}`,
      "[diff]",
      `\texternal = ${script("diff-external")}`,
      `[diff "evil"]`,
      `\ttextconv = ${script("textconv", 'cat "$1"')}`,
      `\tcommand = ${script("diff-command")}`,
      `[filter "evil"]`,
      `\tclean = ${script("filter-clean", "cat")}`,
      `\tsmudge = ${script("filter-smudge", "cat")}`,
      "\trequired = true",
      `[filter "a.b=c"]`,
      `\tprocess = ${script("filter-process")}`,
      "\trequired = true",
      "[gpg]",
      `\tprogram = ${script("gpg")}`,
      "[commit]",
      "\tgpgSign = true",
      "[log]",
      "\tshowSignature = true",
      "[pager]",
      `\tdiff = ${script("pager-diff")}`,
      `\tlog = ${script("pager-log")}`,
      "[gc]",
      "\tauto = 1",
      "\tautoDetach = false",
      "[maintenance]",
      "\tauto = true",
    ].join("\n") + "\n",
  );
  // The hooks folder and the work tree redirect come straight from .git/config; the rest through an include.
  plainGit(dir, "config", "core.hooksPath", hooksDir);
  plainGit(dir, "config", "include.path", include);
  writeFileSync(join(dir, ".gitattributes"), "*.txt diff=evil filter=evil\n");
  mkdirSync(join(dir, ".git", "info"), { recursive: true });
  writeFileSync(join(dir, ".git", "info", "attributes"), "*.bin diff=evil filter=a.b=c\n");
}

/** Environment variables that would point git at other repositories, programs or config. */
export function hostileGitEnv(dir: string, marker: string): NodeJS.ProcessEnv {
  const evil = join(dir, ".git", "evil");
  return {
    ...process.env,
    GIT_DIR: join(dir, "nowhere"),
    GIT_WORK_TREE: join(dir, "nowhere"),
    GIT_EXTERNAL_DIFF: join(evil, "diff-external"),
    GIT_PAGER: join(evil, "core-pager"),
    PAGER: join(evil, "core-pager"),
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "core.fsmonitor",
    GIT_CONFIG_VALUE_0: join(evil, "fsmonitor"),
    GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${join(evil, "fsmonitor")}'`,
    GIT_SSH_COMMAND: `echo ssh >> '${marker}'`,
  };
}
