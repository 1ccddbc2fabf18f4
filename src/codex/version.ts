// The Codex CLI version: `codex --version` prints "codex-cli X.Y.Z". Goal mode needs MIN_CODEX_VERSION.

export type CodexVersion = readonly [major: number, minor: number, patch: number];

/** The first release with `thread/goal/*` on the app-server and the `goals` feature. */
export const MIN_CODEX_VERSION: CodexVersion = [0, 128, 0];

const VERSION_LINE = /^codex-cli (\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]*)?$/;

/** Parses the output of `codex --version` (a warning line may come first); undefined when no line is a version. */
export function parseCodexVersion(output: string): CodexVersion | undefined {
  for (const line of output.split(/\r?\n/)) {
    const match = VERSION_LINE.exec(line.trim());
    if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  return undefined;
}

/** Negative, zero or positive, like a sort comparator. Pre-release tags are ignored. */
export function compareVersions(a: CodexVersion, b: CodexVersion): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export function formatVersion(version: CodexVersion): string {
  return version.join(".");
}
