// Whether `loopkit run`'s phases run under Claude Code's sandbox, and what the loop records of its
// agent. By default loopkit turns the sandbox on for every phase (with failIfUnavailable, and no
// command may leave it), so the agent and the verifier are confined alike; --no-sandbox leaves the
// phases as the person's settings make them, and a settings file that turns the sandbox on still
// counts (the verifier is then sandboxed too: reading more files here can only confine it more).
import path from "node:path";
import type { AgentSandbox } from "../sandbox/choice.js";
import { mergePersonSandbox, readPersonSettings, readSettingsFile, settingsOf, type SettingsSource } from "../sandbox/person-settings.js";
import type { Settings } from "./phase-settings.js";

export interface PhaseSandbox {
  /** The `sandbox` block loopkit adds to every phase's --settings; null with --no-sandbox. */
  settings: Settings | null;
  agent: AgentSandbox;
}

/** The sandbox block of a default `loopkit run`: on, no sandbox means no phase, and no command runs outside it. */
export const PHASE_SANDBOX_SETTINGS = { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false } as const;

/** The decision, from --no-sandbox and the settings files that reach the phases (their own, then the project's, then --settings). */
export function phaseSandbox(sandbox: boolean, sources: SettingsSource[], home: string): PhaseSandbox {
  if (sandbox) {
    return {
      settings: { ...PHASE_SANDBOX_SETTINGS },
      agent: {
        agent: "sandboxed",
        how: "loopkit run starts every phase with Claude Code's sandbox on, failIfUnavailable, no unsandboxed commands",
        fail_if_unavailable: true,
      },
    };
  }
  const merged = mergePersonSandbox(sources, home);
  const on = sources.filter((source) => source.settings.sandbox?.enabled === true).map((source) => source.file);
  if (on.length === 0)
    return {
      settings: null,
      agent: {
        agent: "unsandboxed",
        how: "loopkit run --no-sandbox, and no settings file turns the sandbox on",
        fail_if_unavailable: false,
      },
    };
  return {
    settings: null,
    agent: {
      agent: "sandboxed",
      how: `loopkit run --no-sandbox, but ${on.join(", ")} turns Claude Code's sandbox on`,
      fail_if_unavailable: merged.failIfUnavailable,
    },
  };
}

/** The settings files a phase's claude reads, in Claude Code's order: user, project, local, --settings, managed. */
export async function phaseSettingsSources(
  env: NodeJS.ProcessEnv,
  projectDir: string,
  flagSettings: Settings | null,
): Promise<SettingsSource[]> {
  const person = await readPersonSettings(env);
  const project: SettingsSource[] = [];
  for (const name of [".claude/settings.json", ".claude/settings.local.json"]) {
    const file = path.join(projectDir, name);
    const settings = await readSettingsFile(file);
    if (settings) project.push({ file, managed: false, settings });
  }
  const flag = flagSettings ? [{ file: "--settings", managed: false, settings: settingsOf(flagSettings) ?? {} }] : [];
  return [...person.filter((source) => !source.managed), ...project, ...flag, ...person.filter((source) => source.managed)];
}
