// The sandbox loopkit runs the verifier in when the loop's agent is sandboxed: what Claude Code's
// sandbox gives the agent's Bash (measured with the real CLI, 2.1.197 and 2.1.332, see
// docs/claude-code-findings.md): the project writable except the files that would change what runs
// next (.git/config, .git/hooks, .claude/settings*.json, hooks, skills), everything else readable and read-only, a
// temp folder of its own, and no network but what the person's own settings allow. The library adds
// its own mandatory denies (shell rc files, .gitconfig, .vscode, .claude/commands, ...) on top.
import path from "node:path";
import type { PersonSandbox } from "./person-settings.js";

/**
 * Inside the project, read-only for the sandboxed process: what git and Claude Code run or load from
 * the project, as Claude Code denies them to its agent (measured: the settings files, hooks, skills,
 * launch.json; the rest from its code, 2.1.197). The library adds its own (LIBRARY_READ_ONLY).
 */
export const PROJECT_READ_ONLY = [
  ".git/config",
  ".git/hooks",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".claude/hooks",
  ".claude/skills",
  ".claude/launch.json",
  ".claude/workflows",
  ".claude/routines",
  ".claude/scheduled_tasks.json",
] as const;

/**
 * What @anthropic-ai/sandbox-runtime itself keeps read-only in the folder it runs in, whatever the
 * policy says (its DANGEROUS_FILES, getDangerousDirectories() and the cwd's .git/hooks and .git/config,
 * 0.0.83). Copied, not imported: the library does not export them and the hook must not load it;
 * test/sandbox/policy.test.ts fails when the library's lists change.
 */
export const LIBRARY_READ_ONLY = [
  ".gitconfig",
  ".gitmodules",
  ".bashrc",
  ".bash_profile",
  ".zshrc",
  ".zprofile",
  ".profile",
  ".ripgreprc",
  ".mcp.json",
  ".vscode",
  ".idea",
  ".claude/commands",
  ".claude/agents",
  ".git/hooks",
  ".git/config",
] as const;

/**
 * Every path the sandboxed verifier finds read-only inside the project. Where one does not exist,
 * bubblewrap makes an empty file or folder on the host to mount over, and the library removes it when
 * the command ends: the folders holding them change their times and list the same entries.
 */
export const SANDBOX_READ_ONLY_IN_PROJECT: readonly string[] = [...new Set<string>([...PROJECT_READ_ONLY, ...LIBRARY_READ_ONLY])];

/** The part of @anthropic-ai/sandbox-runtime's configuration loopkit sets (its SandboxRuntimeConfig). */
export interface SandboxPolicy {
  network: {
    allowedDomains: string[];
    deniedDomains: string[];
    allowUnixSockets?: string[];
    allowAllUnixSockets?: boolean;
    allowLocalBinding?: boolean;
  };
  filesystem: {
    allowWrite: string[];
    denyWrite: string[];
    denyRead: string[];
    allowRead: string[];
  };
}

export interface PolicyInput {
  /** The project root, a real absolute path. */
  projectDir: string;
  /** The verifier's own temp folder (its TMPDIR), made by loopkit for this run. */
  tempDir: string;
  person: PersonSandbox;
}

/** The policy for one sandboxed run in the project. Absolute paths only: the library resolves relative ones against its own cwd. */
export function verifierPolicy({ projectDir, tempDir, person }: PolicyInput): SandboxPolicy {
  const switches = {
    ...(person.allowUnixSockets.length ? { allowUnixSockets: person.allowUnixSockets } : {}),
    ...(person.allowAllUnixSockets ? { allowAllUnixSockets: true } : {}),
    ...(person.allowLocalBinding ? { allowLocalBinding: true } : {}),
  };
  return {
    // An empty allow list is what turns the network off: every connection goes through the
    // library's proxy, which refuses what no rule allows.
    network: { allowedDomains: unique(person.allowedDomains), deniedDomains: unique(person.deniedDomains), ...switches },
    filesystem: {
      allowWrite: unique([projectDir, tempDir, ...person.allowWrite]),
      denyWrite: unique([...PROJECT_READ_ONLY.map((entry) => path.join(projectDir, entry)), ...person.denyWrite]),
      denyRead: unique(person.denyRead),
      allowRead: unique(person.allowRead),
    },
  };
}

const unique = (list: string[]) => [...new Set(list)];
