// The person's own Claude Code sandbox settings: ~/.claude/settings.json (or $CLAUDE_CONFIG_DIR) and
// the administrator's managed settings. Never the project's .claude/settings*.json: those come with
// the repository, and an unsandboxed agent can write them, so what they allow is not the person's
// word. Only the fields that shape the policy are read; a file that is missing, unreadable or not
// valid reads as no settings (the narrowest policy), as Claude Code ignores a settings file it rejects.
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as z from "zod";
import { openRegular } from "../shared/guarded-files.js";

const Paths = z.array(z.string()).optional();

const SettingsFileSchema = z.object({
  sandbox: z
    .object({
      enabled: z.boolean().optional(),
      failIfUnavailable: z.boolean().optional(),
      network: z
        .object({
          allowedDomains: Paths,
          deniedDomains: Paths,
          allowManagedDomainsOnly: z.boolean().optional(),
          allowUnixSockets: Paths,
          allowAllUnixSockets: z.boolean().optional(),
          allowLocalBinding: z.boolean().optional(),
        })
        .optional(),
      filesystem: z.object({ allowWrite: Paths, denyWrite: Paths, denyRead: Paths, allowRead: Paths }).optional(),
    })
    .optional(),
  permissions: z.object({ allow: Paths, deny: Paths }).optional(),
});
type SettingsFile = z.infer<typeof SettingsFileSchema>;

/** One settings file as read: where it is (relative paths in it resolve against its folder) and what it says. */
export interface SettingsSource {
  file: string;
  managed: boolean;
  settings: SettingsFile;
}

/** A settings object given some other way (Claude Code's --settings), read like a file's. */
export function settingsOf(value: unknown): SettingsFile | null {
  const parsed = SettingsFileSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the person's settings add to the sandbox, merged over all their files. */
export interface PersonSandbox {
  enabled: boolean;
  failIfUnavailable: boolean;
  allowedDomains: string[];
  deniedDomains: string[];
  allowUnixSockets: string[];
  allowAllUnixSockets: boolean;
  allowLocalBinding: boolean;
  allowWrite: string[];
  denyWrite: string[];
  denyRead: string[];
  allowRead: string[];
}

/** The folder of managed settings on this platform, as Claude Code reads it. */
function managedDir(): string | null {
  if (process.platform === "linux") return "/etc/claude-code";
  if (process.platform === "darwin") return "/Library/Application Support/ClaudeCode";
  return null;
}

/** The person's settings files: user settings first, then managed-settings.json and managed-settings.d/*.json. */
export async function readPersonSettings(env: NodeJS.ProcessEnv): Promise<SettingsSource[]> {
  const home = env.HOME || os.homedir();
  const config = env.CLAUDE_CONFIG_DIR || path.join(home, ".claude");
  const files: { file: string; managed: boolean }[] = [{ file: path.join(config, "settings.json"), managed: false }];
  const managed = managedDir();
  if (managed) {
    files.push({ file: path.join(managed, "managed-settings.json"), managed: true });
    const dropIns = path.join(managed, "managed-settings.d");
    const names = await readdir(dropIns).catch(() => [] as string[]);
    for (const name of names.filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort())
      files.push({ file: path.join(dropIns, name), managed: true });
  }
  const read = await Promise.all(files.map(async ({ file, managed }) => ({ file, managed, settings: await readSettingsFile(file) })));
  return read.flatMap(({ file, managed, settings }) => (settings ? [{ file, managed, settings }] : []));
}

/** Larger than any real settings file. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** One settings file's sandbox fields; null when it is missing, not a regular file (never blocks on a FIFO), too large, or not valid. */
export async function readSettingsFile(file: string): Promise<SettingsFile | null> {
  const handle = await openRegular(file, true).catch(() => null);
  if (!handle) return null;
  try {
    if ((await handle.stat()).size > MAX_SETTINGS_BYTES) return null;
    return settingsOf(JSON.parse(await handle.readFile("utf8")));
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

const WEB_FETCH_DOMAIN = /^WebFetch\(domain:(.+)\)$/;

/**
 * Merges the files as Claude Code does for its sandbox: lists add up across files; the last file
 * that sets a switch wins (managed files come last); with allowManagedDomainsOnly in a managed file,
 * only managed files allow domains. WebFetch(domain:...) rules allow and deny domains too. A
 * relative path resolves against its file's folder, `~/` against the home folder.
 */
export function mergePersonSandbox(sources: SettingsSource[], home: string): PersonSandbox {
  const managedOnly = sources.some((source) => source.managed && source.settings.sandbox?.network?.allowManagedDomainsOnly === true);
  const merged: PersonSandbox = {
    enabled: false,
    failIfUnavailable: false,
    allowedDomains: [],
    deniedDomains: [],
    allowUnixSockets: [],
    allowAllUnixSockets: false,
    allowLocalBinding: false,
    allowWrite: [],
    denyWrite: [],
    denyRead: [],
    allowRead: [],
  };
  for (const { file, managed, settings } of sources) {
    const sandbox = settings.sandbox ?? {};
    const network = sandbox.network ?? {};
    const fsRules = sandbox.filesystem ?? {};
    const resolve = (entry: string) => resolveSettingsPath(entry, path.dirname(file), home);
    merged.enabled = sandbox.enabled ?? merged.enabled;
    merged.failIfUnavailable = sandbox.failIfUnavailable ?? merged.failIfUnavailable;
    merged.allowAllUnixSockets = network.allowAllUnixSockets ?? merged.allowAllUnixSockets;
    merged.allowLocalBinding = network.allowLocalBinding ?? merged.allowLocalBinding;
    if (!managedOnly || managed) {
      merged.allowedDomains.push(...(network.allowedDomains ?? []), ...webFetchDomains(settings.permissions?.allow));
    }
    merged.deniedDomains.push(...(network.deniedDomains ?? []), ...webFetchDomains(settings.permissions?.deny));
    merged.allowUnixSockets.push(...(network.allowUnixSockets ?? []).map(resolve));
    merged.allowWrite.push(...(fsRules.allowWrite ?? []).map(resolve));
    merged.denyWrite.push(...(fsRules.denyWrite ?? []).map(resolve));
    merged.denyRead.push(...(fsRules.denyRead ?? []).map(resolve));
    merged.allowRead.push(...(fsRules.allowRead ?? []).map(resolve));
  }
  return merged;
}

function webFetchDomains(rules: string[] | undefined): string[] {
  return (rules ?? []).flatMap((rule) => {
    const match = WEB_FETCH_DOMAIN.exec(rule.trim());
    return match ? [match[1]!] : [];
  });
}

function resolveSettingsPath(entry: string, base: string, home: string): string {
  if (entry === "~") return home;
  if (entry.startsWith("~/")) return path.join(home, entry.slice(2));
  return path.resolve(base, entry);
}

/** The person's sandbox settings for a process started with `env` (its HOME and CLAUDE_CONFIG_DIR). */
export async function personSandbox(env: NodeJS.ProcessEnv): Promise<PersonSandbox> {
  return mergePersonSandbox(await readPersonSettings(env), env.HOME || os.homedir());
}
