// The one way loopkit reads and writes its JSON files: lock, read, validate, write atomically. A
// read-change-write is withLock around the loop kind's own load and save (they keep corrupt files aside).
// A file that does not parse or validate is an error; it is never reset to defaults behind the person's back.
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import type { z } from "zod";
import { isLoopkitError, LoopkitError } from "../shared/errors.js";
import { noSpaceOr, writeFileAtomic } from "../shared/atomic-write.js";

/** Result of reading a file that may not exist yet. */
export type ReadResult<T> = { exists: false } | { exists: true; value: T };

/** No state file of loopkit's comes near this; a bigger one is not loopkit's and is not read. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

/**
 * Reads and validates `file`; a missing file is `{exists:false}`, a corrupt one throws STATE_CORRUPT.
 * A link, FIFO, device or folder in its place, or a huge file, is corrupt too: it is never followed,
 * waited on, or read whole.
 */
export async function readJson<S extends z.ZodType>(file: string, schema: S): Promise<ReadResult<z.infer<S>>> {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { exists: false };
    if (code === "ELOOP" || code === "ENXIO" || code === "EISDIR") throw notRegular(file, error);
    throw error;
  }
  let text: string;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notRegular(file);
    if (stat.size > MAX_JSON_BYTES)
      throw new LoopkitError("STATE_CORRUPT", `${file} is ${stat.size} bytes, larger than any file loopkit writes`, { value: file });
    text = await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
  return { exists: true, value: parseJson(file, text, schema) };
}

const notRegular = (file: string, cause?: unknown) =>
  new LoopkitError("STATE_CORRUPT", `${file} is not a regular file`, { value: file, cause });

/** Parses `text` (the content of `file`) against `schema`, throwing STATE_CORRUPT with the reason. */
export function parseJson<S extends z.ZodType>(file: string, text: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new LoopkitError("STATE_CORRUPT", `${file} is not valid JSON`, { value: file, cause });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new LoopkitError("STATE_CORRUPT", `${file} does not match its schema${where}: ${issue?.message ?? "invalid"}`, {
      value: file,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Validates `value` and writes it atomically (shared/atomic-write.ts), creating the parent folder; a failed write keeps the last good file. */
export async function writeJson<S extends z.ZodType>(file: string, schema: S, value: z.infer<S>): Promise<void> {
  const checked = schema.parse(value);
  await writableFolder(file);
  await writeFileAtomic(file, `${JSON.stringify(checked, null, 2)}\n`).catch((cause: unknown) => {
    throw readOnlyOr(file, cause);
  });
}

/** Errors that mean "this process may not write there" (a read-only mount such as Claude Code's sandbox, or permissions). */
const NOT_WRITABLE = new Set(["EROFS", "EACCES", "EPERM"]);

/** READ_ONLY for a write refused by the file system, else the error itself. */
function readOnlyOr(file: string, cause: unknown): unknown {
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  if (!code || !NOT_WRITABLE.has(code)) return cause;
  return new LoopkitError("READ_ONLY", `cannot write ${path.dirname(file)} from here (${code}); nothing was started or changed`, {
    value: file,
    cause,
    hint:
      code === "EROFS"
        ? "its file system is read-only: inside Claude Code's sandbox loopkit's data folder is, so type the /loopkit:repeat or /loopkit:auto-loop command in Claude Code, or run loopkit from a terminal; elsewhere remount it read-write, or point LOOPKIT_DATA_DIR at a writable folder"
        : "this user may not write there: make it writable, or point LOOPKIT_DATA_DIR at a writable folder",
  });
}

/** Creates `file`'s folder and checks it can be written, failing at once with READ_ONLY where it cannot (no lock retries). */
const writableFolder = (file: string): Promise<void> => ensureWritableFolder(path.dirname(file));

/**
 * Creates `dir` and checks that loopkit may write in it, failing at once with READ_ONLY (a read-only
 * file system, permissions) or NO_SPACE (a full disk or quota) that name the folder, why and what to do.
 */
export async function ensureWritableFolder(dir: string): Promise<void> {
  const probe = path.join(dir, ".");
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.access(dir, constants.W_OK);
  } catch (error) {
    // A recursive mkdir on a read-only file system may say ENOENT: the folder that exists says why.
    const cause = (error as NodeJS.ErrnoException).code === "ENOENT" ? ((await refusalAbove(dir)) ?? error) : error;
    throw notWritable(probe, cause);
  }
}

/** READ_ONLY or NO_SPACE for a write of `file` the file system refused, naming its folder, why and what to do; else the error itself. */
export const notWritable = (file: string, cause: unknown): unknown => readOnlyOr(file, noSpaceOr(file, cause));

/** Why the nearest existing folder above `dir` cannot be written, or null. */
async function refusalAbove(dir: string): Promise<unknown> {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    const refused = await fs.access(at, constants.W_OK).then(
      () => null,
      (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : error),
    );
    if (refused !== undefined || at === path.dirname(at)) return refused;
  }
}

/** Moves a corrupt file aside as `<name>.corrupt-<timestamp>` and returns the new path. */
export async function keepAside(file: string, now: Date = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const aside = `${file}.corrupt-${stamp}`;
  await fs.rename(file, aside);
  return aside;
}

/**
 * Runs `fn` while holding an exclusive lock on `file` (the lock is a sibling `<file>.lock` folder,
 * so the file itself may be absent). A holder that died leaves a lock that goes stale after `staleMs`.
 */
export async function withLock<T>(file: string, fn: () => Promise<T>, staleMs = 10_000): Promise<T> {
  await writableFolder(file);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: staleMs,
      retries: { retries: 60, minTimeout: 20, maxTimeout: 250, factor: 1.5 },
    });
  } catch (cause) {
    const full = noSpaceOr(file, cause);
    if (full !== cause) throw full;
    throw new LoopkitError("STATE_LOCKED", `could not lock ${file}`, {
      value: file,
      cause,
      hint: "another loopkit process holds it; try again in a few seconds",
    });
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}

/**
 * Reads `file` (undefined when absent). A corrupt one is moved aside and reported as STATE_CORRUPT
 * naming the copy, with `hint` telling the person what now: it is never overwritten in place.
 */
export async function readOrKeepAside<S extends z.ZodType>(
  file: string,
  schema: S,
  now: Date,
  hint: string,
): Promise<z.infer<S> | undefined> {
  try {
    const read = await readJson(file, schema);
    return read.exists ? read.value : undefined;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(file, now);
    throw new LoopkitError("STATE_CORRUPT", `${(error as Error).message}; kept it as ${aside}`, { value: aside, cause: error, hint });
  }
}
