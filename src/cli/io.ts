// The edges a CLI command touches, passed in so tests can drive commands without a process.

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now(): Date;
  /** The OS user's home, where the person's notify command is configured (default: notify/command.ts userHome). */
  userHome?: () => string;
  /** The script this CLI runs from (process.argv[1]), for a command that starts itself again (repeat --detach). */
  entry?: string;
  /** Set by a command to choose the process exit code (commander's own errors set it too). */
  exitCode: number;
}
