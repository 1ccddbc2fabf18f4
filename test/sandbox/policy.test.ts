import { describe, expect, it } from "vitest";
import { mergePersonSandbox } from "../../src/sandbox/person-settings.js";
import { DANGEROUS_FILES, getDangerousDirectories } from "@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js";
import { LIBRARY_READ_ONLY, PROJECT_READ_ONLY, SANDBOX_READ_ONLY_IN_PROJECT, verifierPolicy } from "../../src/sandbox/policy.js";

const none = mergePersonSandbox([], "/home/p");
const at = (file: string, settings: object, managed = false) => ({ file, managed, settings });

describe("verifierPolicy", () => {
  it("writes the project and its own temp folder only, .git/config, .git/hooks and .claude/settings*.json excepted; no network", () => {
    expect(verifierPolicy({ projectDir: "/w/my project", tempDir: "/tmp/loopkit-sandbox-1", person: none })).toEqual({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: {
        allowWrite: ["/w/my project", "/tmp/loopkit-sandbox-1"],
        denyWrite: PROJECT_READ_ONLY.map((entry) => `/w/my project/${entry}`),
        denyRead: [],
        allowRead: [],
      },
    });
    expect(PROJECT_READ_ONLY).toEqual(
      expect.arrayContaining([
        ".git/config",
        ".git/hooks",
        ".claude/settings.json",
        ".claude/settings.local.json",
        ".claude/hooks",
        ".claude/skills",
      ]),
    );
  });

  it("knows what the library itself keeps read-only in the folder it runs in (a newer library with other lists fails here)", () => {
    expect([...LIBRARY_READ_ONLY].sort()).toEqual([...DANGEROUS_FILES, ...getDangerousDirectories(), ".git/hooks", ".git/config"].sort());
    expect(SANDBOX_READ_ONLY_IN_PROJECT).toEqual(expect.arrayContaining([...PROJECT_READ_ONLY, ...LIBRARY_READ_ONLY]));
  });

  it("adds what the person's own settings allow and deny, once each, and their switches", () => {
    const person = mergePersonSandbox(
      [
        at("/home/p/.claude/settings.json", {
          sandbox: {
            network: {
              allowedDomains: ["registry.npmjs.org", "github.com"],
              deniedDomains: ["evil.test"],
              allowLocalBinding: true,
              allowUnixSockets: ["/var/run/docker.sock"],
            },
            filesystem: { allowWrite: ["~/.cache/x"], denyRead: ["~/.ssh"], denyWrite: ["cfg"] },
          },
          permissions: { allow: ["WebFetch(domain:docs.example.com)", "Bash(ls)"], deny: ["WebFetch(domain:bad.example.com)"] },
        }),
        at("/etc/claude-code/managed-settings.json", { sandbox: { network: { allowedDomains: ["github.com"] } } }, true),
      ],
      "/home/p",
    );
    const policy = verifierPolicy({ projectDir: "/w/p", tempDir: "/t/x", person });
    expect(policy.network).toEqual({
      allowedDomains: ["registry.npmjs.org", "github.com", "docs.example.com"],
      deniedDomains: ["evil.test", "bad.example.com"],
      allowUnixSockets: ["/var/run/docker.sock"],
      allowLocalBinding: true,
    });
    expect(policy.filesystem).toEqual({
      allowWrite: ["/w/p", "/t/x", "/home/p/.cache/x"],
      denyWrite: [...PROJECT_READ_ONLY.map((entry) => `/w/p/${entry}`), "/home/p/.claude/cfg"],
      denyRead: ["/home/p/.ssh"],
      allowRead: [],
    });
  });
});

describe("mergePersonSandbox", () => {
  it("lets a managed allowManagedDomainsOnly drop the user's allowed domains, never their denials", () => {
    const merged = mergePersonSandbox(
      [
        at("/home/p/.claude/settings.json", {
          sandbox: { network: { allowedDomains: ["mine.test"], deniedDomains: ["no.test"] } },
          permissions: { allow: ["WebFetch(domain:also-mine.test)"] },
        }),
        at(
          "/etc/claude-code/managed-settings.json",
          { sandbox: { network: { allowManagedDomainsOnly: true, allowedDomains: ["corp.test"] } } },
          true,
        ),
      ],
      "/home/p",
    );
    expect(merged).toMatchObject({ allowedDomains: ["corp.test"], deniedDomains: ["no.test"] });
  });

  it("ignores allowManagedDomainsOnly in the user's own file", () => {
    const merged = mergePersonSandbox(
      [at("/home/p/.claude/settings.json", { sandbox: { network: { allowManagedDomainsOnly: true, allowedDomains: ["mine.test"] } } })],
      "/home/p",
    );
    expect(merged.allowedDomains).toEqual(["mine.test"]);
  });

  it("takes the last file's switches: managed files come last and win", () => {
    const merged = mergePersonSandbox(
      [
        at("/home/p/.claude/settings.json", {
          sandbox: { enabled: true, failIfUnavailable: false, network: { allowAllUnixSockets: true } },
        }),
        at(
          "/etc/claude-code/managed-settings.json",
          { sandbox: { failIfUnavailable: true, network: { allowAllUnixSockets: false } } },
          true,
        ),
      ],
      "/home/p",
    );
    expect(merged).toMatchObject({ enabled: true, failIfUnavailable: true, allowAllUnixSockets: false });
  });

  it("is the narrowest policy with no settings at all", () => {
    expect(mergePersonSandbox([], "/home/p")).toEqual({
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
    });
  });
});
