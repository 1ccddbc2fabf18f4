// Follows one Codex thread's notifications: the latest goal, the turns still running, the last turn
// error, and whether the app-server is gone. The driver waits on it for "something changed".
import type { AppServerClient } from "./app-server-client.js";
import {
  ErrorParamsSchema,
  GoalUpdatedParamsSchema,
  TurnCompletedParamsSchema,
  TurnStartedParamsSchema,
  type Goal,
  type Notification,
} from "./protocol.js";

export class ThreadWatch {
  goal: Goal | undefined;
  lastError: string | undefined;
  exited = false;
  private readonly openTurns = new Set<string>();
  private wake: (() => void) | undefined;

  constructor(
    client: AppServerClient,
    private readonly threadId: string,
  ) {
    client.onNotification((notification) => this.handle(notification));
    void client.exit.then(() => {
      this.exited = true;
      this.wake?.();
    });
  }

  /** The goal has left `active` and no turn of the thread is still running: Codex is done acting. */
  settled(): boolean {
    return this.goal !== undefined && this.goal.status !== "active" && this.openTurns.size === 0;
  }

  /** Records the goal a request returned (a set answers with the new goal before any notification about it). */
  setGoal(goal: Goal): void {
    this.goal = goal;
    this.lastError = undefined;
  }

  /** Resolves at the next relevant notification, when the server exits, or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      const self = this;
      function done(): void {
        clearTimeout(timer);
        self.wake = undefined;
        resolve();
      }
      this.wake = done;
    });
  }

  private handle(notification: Notification): void {
    const params = notification.params as { threadId?: unknown } | undefined;
    if (params?.threadId !== this.threadId) return;
    switch (notification.method) {
      case "thread/goal/updated": {
        const parsed = GoalUpdatedParamsSchema.safeParse(params);
        if (parsed.success) this.goal = parsed.data.goal;
        break;
      }
      case "turn/started": {
        const parsed = TurnStartedParamsSchema.safeParse(params);
        if (parsed.success) this.openTurns.add(parsed.data.turn.id);
        break;
      }
      case "turn/completed": {
        const parsed = TurnCompletedParamsSchema.safeParse(params);
        if (!parsed.success) return;
        this.openTurns.delete(parsed.data.turn.id);
        if (parsed.data.turn.error) this.lastError = parsed.data.turn.error.message;
        break;
      }
      case "error": {
        const parsed = ErrorParamsSchema.safeParse(params);
        if (parsed.success && !parsed.data.willRetry) this.lastError = parsed.data.error.message;
        break;
      }
      default:
        return;
    }
    this.wake?.();
  }
}
