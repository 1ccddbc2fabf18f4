// A git server on 127.0.0.1, for tests that install loopkit from a git marketplace as
// `/plugin marketplace add owner/repo` does from GitHub (Claude Code clones with --depth 1, which git's
// dumb HTTP cannot serve): git's own smart-HTTP CGI, `git http-backend`, behind a Node HTTP server.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GitServer {
  /** http://127.0.0.1:<port>; a bare repository <root>/<name>.git is at `${url}/<name>.git`. */
  url: string;
  close(): Promise<void>;
}

/** Serves every bare repository under `root`, read-only (no push: http.receivepack is off by default). */
export async function startGitServer(root: string): Promise<GitServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const header = (name: string) => String(request.headers[name] ?? "");
    const cgi = spawn("git", ["http-backend"], {
      env: {
        PATH: process.env.PATH ?? "",
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? "GET",
        CONTENT_TYPE: header("content-type"),
        HTTP_CONTENT_ENCODING: header("content-encoding"),
        HTTP_GIT_PROTOCOL: header("git-protocol"),
        REMOTE_ADDR: "127.0.0.1",
      },
      stdio: ["pipe", "pipe", "ignore"],
    });
    request.pipe(cgi.stdin);
    // CGI output: header lines, an empty line, then the body.
    let head = Buffer.alloc(0);
    let sentHead = false;
    cgi.stdout.on("data", (chunk: Buffer) => {
      if (sentHead) return void response.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n") >= 0 ? head.indexOf("\r\n\r\n") + 4 : head.indexOf("\n\n") >= 0 ? head.indexOf("\n\n") + 2 : -1;
      if (end < 0) return;
      let status = 200;
      for (const line of head.subarray(0, end).toString("latin1").split(/\r?\n/).filter(Boolean)) {
        const colon = line.indexOf(":");
        const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else response.setHeader(name, value);
      }
      response.writeHead(status);
      sentHead = true;
      response.write(head.subarray(end));
    });
    cgi.on("close", () => {
      if (!sentHead) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
