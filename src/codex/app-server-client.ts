// A small JSON-RPC client for `codex app-server` over stdio: one JSON object per line, no "jsonrpc"
// field, numeric request ids, notifications as events. Every reply we use is validated with zod.
import { killGroup } from "../shared/process-group.js";
import readline from "node:readline";
import { execa, type ResultPromise } from "execa";
import type { z } from "zod";
import { LoopkitError } from "../shared/errors.js";
import { NotificationSchema, ResponseMessageSchema, ServerRequestSchema, type Notification } from "./protocol.js";

const CODEX_BY_HAND = "run `codex app-server` by hand to see what stops it; `codex login status` shows the login";

export interface AppServerOptions {
  bin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  requestTimeoutMs?: number;
}

export interface AppServerExit {
  exitCode: number | undefined;
  signal: string | undefined;
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL_CHARS = 4000;

export class AppServerClient {
  /** Resolves once the server process has exited, however it ended. */
  readonly exit: Promise<AppServerExit>;
  private readonly child: ResultPromise;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(notification: Notification) => void>();
  private readonly requestTimeoutMs: number;
  private nextId = 1;
  private exited = false;
  private stderr = "";

  private constructor(options: AppServerOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    // Its own process group, so a kill reaches the native binary behind the npm launcher too.
    this.child = execa(options.bin, ["app-server"], {
      cwd: options.cwd,
      env: options.env,
      extendEnv: false,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      detached: true,
    });
    this.child.stdin?.on("error", () => undefined);
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    readline.createInterface({ input: this.child.stdout! }).on("line", (line) => this.handleLine(line));
    this.exit = this.child.then(
      (result) => this.handleExit({ exitCode: result.exitCode, signal: result.signal }),
      () => this.handleExit({ exitCode: undefined, signal: undefined }),
    );
  }

  static start(options: AppServerOptions): AppServerClient {
    return new AppServerClient(options);
  }

  /** Sends a request and validates its result; rejects on an error reply, a bad shape, exit or timeout. */
  request<S extends z.ZodType>(method: string, params: unknown, schema: S, timeoutMs = this.requestTimeoutMs): Promise<z.infer<S>> {
    if (this.exited) return Promise.reject(this.exitedError(method));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new LoopkitError("CODEX_PROTOCOL", `codex app-server did not answer ${method} within ${timeoutMs} ms`, {
            value: method,
            hint: CODEX_BY_HAND,
          }),
        );
        this.kill();
      }, timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      this.send({ id, method, params });
    }).then((result) => {
      const parsed = schema.safeParse(result);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      throw new LoopkitError(
        "CODEX_PROTOCOL",
        `codex app-server answered ${method} with an unexpected shape at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
        {
          value: result,
          cause: parsed.error,
          hint: "this Codex speaks a protocol loopkit does not know; see codex-delegation.md for the versions loopkit supports",
        },
      );
    });
  }

  notify(method: string, params?: unknown): void {
    this.send(params === undefined ? { method } : { method, params });
  }

  /** Subscribes to server notifications; returns the unsubscribe function. */
  onNotification(listener: (notification: Notification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last few thousand characters the server wrote to stderr (for error messages). */
  stderrTail(): string {
    return this.stderr;
  }

  /** Clean shutdown: closing stdin ends the app-server; it is killed if it lingers past `graceMs`. */
  async close(graceMs = 5_000): Promise<AppServerExit> {
    this.child.stdin?.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    try {
      return await this.exit;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the server's whole process group at once. */
  kill(): void {
    if (!this.exited) killGroup(this.child, "SIGKILL");
  }

  private send(message: Record<string, unknown>): void {
    if (!this.exited) this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private handleLine(line: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return; // Not a protocol message (the server logs to stderr; be lenient about stray lines).
    }
    if (typeof raw !== "object" || raw === null) return;
    if ("method" in raw) {
      const request = "id" in raw ? ServerRequestSchema.safeParse(raw) : undefined;
      if (request?.success) {
        // loopkit runs Codex unattended (approvals "never"): nothing is ever granted from here.
        this.send({ id: request.data.id, error: { code: -32601, message: `loopkit does not handle ${request.data.method}` } });
        return;
      }
      const notification = NotificationSchema.safeParse(raw);
      if (notification.success) for (const listener of this.listeners) listener(notification.data);
      return;
    }
    const response = ResponseMessageSchema.safeParse(raw);
    if (!response.success || typeof response.data.id !== "number") return;
    const pending = this.pending.get(response.data.id);
    if (!pending) return;
    this.pending.delete(response.data.id);
    clearTimeout(pending.timer);
    if (response.data.error) {
      pending.reject(
        new LoopkitError("CODEX_PROTOCOL", `codex app-server refused ${pending.method}: ${response.data.error.message}`, {
          value: response.data.error,
          hint: "see what Codex said; `codex login status` and your Codex configuration are the usual causes",
        }),
      );
    } else {
      pending.resolve(response.data.result);
    }
  }

  private handleExit(exit: AppServerExit): AppServerExit {
    this.exited = true;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(this.exitedError(pending.method));
      this.pending.delete(id);
    }
    return exit;
  }

  private exitedError(method: string): LoopkitError {
    const tail = this.stderr.trim().split("\n").slice(-5).join(" | ");
    return new LoopkitError("CODEX_PROTOCOL", `codex app-server exited before answering ${method}${tail ? `: ${tail}` : ""}`, {
      value: method,
      hint: CODEX_BY_HAND,
    });
  }
}
