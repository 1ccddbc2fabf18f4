import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  ANSWER_FD,
  ExecRequestSchema,
  NODE_OPTIONS_CARRIER,
  UNAVAILABLE_EXIT
} from "./chunks/chunk-63YVBMM7.js";
import "./chunks/chunk-CW3O4QTE.js";
import {
  __commonJS,
  __export,
  __require,
  __toESM
} from "./chunks/chunk-JXA4W5PX.js";

// node_modules/@pondwader/socks5-server/dist/index.js
var require_dist = __commonJS({
  "node_modules/@pondwader/socks5-server/dist/index.js"(exports, module) {
    "use strict";
    var __create = Object.create;
    var __defProp = Object.defineProperty;
    var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
    var __getOwnPropNames = Object.getOwnPropertyNames;
    var __getProtoOf = Object.getPrototypeOf;
    var __hasOwnProp = Object.prototype.hasOwnProperty;
    var __export2 = (target, all) => {
      for (var name in all)
        __defProp(target, name, { get: all[name], enumerable: true });
    };
    var __copyProps = (to, from, except, desc) => {
      if (from && typeof from === "object" || typeof from === "function") {
        for (let key of __getOwnPropNames(from))
          if (!__hasOwnProp.call(to, key) && key !== except)
            __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
      }
      return to;
    };
    var __toESM2 = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
      // If the importer is in node compatibility mode or this is not an ESM
      // file that has been converted to a CommonJS file using a Babel-
      // compatible transform (i.e. "__esModule" has not been set), then set
      // "default" to the CommonJS "module.exports" for node compatibility.
      isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
      mod
    ));
    var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
    var src_exports = {};
    __export2(src_exports, {
      Socks5Server: () => Socks5Server,
      createServer: () => createServer7,
      defaultConnectionHandler: () => connectionHandler_default
    });
    module.exports = __toCommonJS(src_exports);
    var import_net2 = __toESM2(__require("net"));
    var Socks5ConnectionCommand = /* @__PURE__ */ ((Socks5ConnectionCommand2) => {
      Socks5ConnectionCommand2[Socks5ConnectionCommand2["connect"] = 1] = "connect";
      Socks5ConnectionCommand2[Socks5ConnectionCommand2["bind"] = 2] = "bind";
      Socks5ConnectionCommand2[Socks5ConnectionCommand2["udp"] = 3] = "udp";
      return Socks5ConnectionCommand2;
    })(Socks5ConnectionCommand || {});
    var Socks5ConnectionStatus = /* @__PURE__ */ ((Socks5ConnectionStatus2) => {
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["REQUEST_GRANTED"] = 0] = "REQUEST_GRANTED";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["GENERAL_FAILURE"] = 1] = "GENERAL_FAILURE";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["CONNECTION_NOT_ALLOWED"] = 2] = "CONNECTION_NOT_ALLOWED";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["NETWORK_UNREACHABLE"] = 3] = "NETWORK_UNREACHABLE";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["HOST_UNREACHABLE"] = 4] = "HOST_UNREACHABLE";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["CONNECTION_REFUSED"] = 5] = "CONNECTION_REFUSED";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["TTL_EXPIRED"] = 6] = "TTL_EXPIRED";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["COMMAND_NOT_SUPPORTED"] = 7] = "COMMAND_NOT_SUPPORTED";
      Socks5ConnectionStatus2[Socks5ConnectionStatus2["ADDRESS_TYPE_NOT_SUPPORTED"] = 8] = "ADDRESS_TYPE_NOT_SUPPORTED";
      return Socks5ConnectionStatus2;
    })(Socks5ConnectionStatus || {});
    var Socks5Connection = class {
      constructor(server, socket) {
        this.errorHandler = () => {
        };
        this.metadata = {};
        this.socket = socket;
        this.server = server;
        socket.on("error", this.errorHandler);
        socket.pause();
        this.handleGreeting();
      }
      readBytes(len) {
        return new Promise((resolve6) => {
          let buf = Buffer.allocUnsafe(len);
          let offset = 0;
          const dataListener = (chunk) => {
            const readAmount = Math.min(chunk.length, len - offset);
            chunk.copy(buf, offset, 0, readAmount);
            offset += readAmount;
            if (offset < len) return;
            this.socket.removeListener("data", dataListener);
            this.socket.push(chunk.subarray(readAmount));
            resolve6(buf);
            this.socket.pause();
          };
          this.socket.on("data", dataListener);
          this.socket.resume();
        });
      }
      async handleGreeting() {
        const ver = (await this.readBytes(1)).readUInt8();
        if (ver !== 5) return this.socket.destroy();
        const authMethodsAmount = (await this.readBytes(1)).readUInt8();
        if (authMethodsAmount > 128 || authMethodsAmount === 0) return this.socket.destroy();
        const authMethods = await this.readBytes(authMethodsAmount);
        const authMethodByteCode = this.server.authHandler ? 2 : 0;
        if (!authMethods.includes(authMethodByteCode)) {
          this.socket.write(Buffer.from([
            5,
            // Version 5 - Socks5
            255
            // no acceptable auth modes were offered 
          ]));
          return this.socket.destroy();
        }
        this.socket.write(Buffer.from([
          5,
          // Version 5 - Socks5
          authMethodByteCode
          // The chosen auth method, 0x00 for no auth, 0x02 for user-pass
        ]));
        if (this.server.authHandler) this.handleUserPassword();
        else this.handleConnectionRequest();
      }
      async handleUserPassword() {
        await this.readBytes(1);
        const usernameLength = (await this.readBytes(1)).readUint8();
        const username = (await this.readBytes(usernameLength)).toString();
        const passwordLength = (await this.readBytes(1)).readUint8();
        const password = (await this.readBytes(passwordLength)).toString();
        this.username = username;
        this.password = password;
        let calledBack = false;
        const acceptCallback = () => {
          if (calledBack) return;
          calledBack = true;
          this.socket.write(Buffer.from([
            1,
            // User pass auth version
            0
            // Success
          ]));
          this.handleConnectionRequest();
        };
        const denyCallback = () => {
          if (calledBack) return;
          calledBack = true;
          this.socket.write(Buffer.from([
            1,
            // User pass auth version
            1
            // Failure
          ]));
          this.socket.destroy();
        };
        const resp = await this.server.authHandler(this, acceptCallback, denyCallback);
        if (resp === true) acceptCallback();
        else if (resp === false) denyCallback();
      }
      async handleConnectionRequest() {
        await this.readBytes(1);
        const commandByte = (await this.readBytes(1))[0];
        const command = Socks5ConnectionCommand[commandByte];
        if (!command) return this.socket.destroy();
        this.command = command;
        await this.readBytes(1);
        const addrType = (await this.readBytes(1)).readUInt8();
        let address = "";
        switch (addrType) {
          case 1:
            address = (await this.readBytes(4)).join(".");
            break;
          case 3:
            const hostLength = (await this.readBytes(1)).readUInt8();
            address = (await this.readBytes(hostLength)).toString();
            break;
          case 4:
            const bytes = await this.readBytes(16);
            for (let i = 0; i < 16; i++) {
              if (i % 2 === 0 && i > 0) address += ":";
              address += `${bytes[i] < 16 ? "0" : ""}${bytes[i].toString(16)}`;
            }
            break;
          default:
            this.socket.destroy();
            return;
        }
        const port = (await this.readBytes(2)).readUInt16BE();
        if (!this.server.supportedCommands.has(command)) {
          this.socket.write(Buffer.from([
            5,
            7
            /* COMMAND_NOT_SUPPORTED */
          ]));
          return this.socket.destroy();
        }
        this.destAddress = address;
        this.destPort = port;
        let calledBack = false;
        const acceptCallback = () => {
          if (calledBack) return;
          calledBack = true;
          this.connect();
        };
        if (!this.server.rulesetValidator) return acceptCallback();
        const denyCallback = () => {
          if (calledBack) return;
          calledBack = true;
          this.socket.write(Buffer.from([
            5,
            2,
            // connection not allowed by ruleset
            0,
            1,
            0,
            0,
            0,
            0,
            0,
            0
          ]));
          this.socket.destroy();
        };
        const resp = await this.server.rulesetValidator(this, acceptCallback, denyCallback);
        if (resp === true) acceptCallback();
        else if (resp === false) denyCallback();
      }
      connect() {
        this.socket.removeListener("error", this.errorHandler);
        this.server.connectionHandler(this, (status) => {
          if (Socks5ConnectionStatus[status] === void 0) throw new Error(`"${status}" is not a valid status.`);
          this.socket.write(Buffer.from([
            5,
            Socks5ConnectionStatus[status],
            0,
            1,
            0,
            0,
            0,
            0,
            0,
            0
          ]));
          if (status !== "REQUEST_GRANTED") {
            this.socket.destroy();
          }
        });
        this.socket.resume();
      }
    };
    var import_net3 = __toESM2(__require("net"));
    function connectionHandler_default(connection, sendStatus) {
      if (connection.command !== "connect") return sendStatus("COMMAND_NOT_SUPPORTED");
      connection.socket.on("error", () => {
      });
      const stream = import_net3.default.createConnection({
        host: connection.destAddress,
        port: connection.destPort
      });
      stream.setNoDelay();
      let streamOpened = false;
      stream.on("error", (err) => {
        if (!streamOpened) {
          switch (err.code) {
            case "EINVAL":
            case "ENOENT":
            case "ENOTFOUND":
            case "ETIMEDOUT":
            case "EADDRNOTAVAIL":
            case "EHOSTUNREACH":
              sendStatus("HOST_UNREACHABLE");
              break;
            case "ENETUNREACH":
              sendStatus("NETWORK_UNREACHABLE");
              break;
            case "ECONNREFUSED":
              sendStatus("CONNECTION_REFUSED");
              break;
            default:
              sendStatus("GENERAL_FAILURE");
          }
        }
      });
      stream.on("ready", () => {
        streamOpened = true;
        sendStatus("REQUEST_GRANTED");
        connection.socket.pipe(stream).pipe(connection.socket);
      });
      connection.socket.on("close", () => stream.destroy());
      return stream;
    }
    var Socks5Server = class {
      constructor() {
        this.supportedCommands = /* @__PURE__ */ new Set(["connect"]);
        this.connectionHandler = connectionHandler_default;
        this.server = import_net2.default.createServer((socket) => {
          socket.setNoDelay();
          this._handleConnection(socket);
        });
      }
      listen(...args) {
        this.server.listen(...args);
        return this;
      }
      close(callback) {
        this.server.close(callback);
        return this;
      }
      setAuthHandler(handler) {
        this.authHandler = handler;
        return this;
      }
      disableAuthHandler() {
        this.authHandler = void 0;
        return this;
      }
      setRulesetValidator(handler) {
        this.rulesetValidator = handler;
        return this;
      }
      disableRulesetValidator() {
        this.rulesetValidator = void 0;
        return this;
      }
      setConnectionHandler(handler) {
        this.connectionHandler = handler;
        return this;
      }
      useDefaultConnectionHandler() {
        this.connectionHandler = connectionHandler_default;
        return this;
      }
      // Not private because someone may want to inject a duplex stream to be handled as a connection
      _handleConnection(socket) {
        new Socks5Connection(this, socket);
        return this;
      }
    };
    function createServer7(opts) {
      const server = new Socks5Server();
      if (opts?.auth) server.setAuthHandler((conn) => {
        return conn.username === opts.auth.username && conn.password === opts.auth.password;
      });
      if (opts?.port) server.listen(opts.port, opts.hostname);
      return server;
    }
  }
});

// src/sandbox/exec-main.ts
import { spawn as spawn5, spawnSync as spawnSync4 } from "node:child_process";
import { closeSync as closeSync2, writeSync } from "node:fs";
import { constants as constants3 } from "node:os";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/path-entries.js
import * as fs4 from "node:fs";
import * as path3 from "node:path";

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/platform.js
import * as fs from "fs";
function getWslVersion() {
  if (process.platform !== "linux") {
    return void 0;
  }
  try {
    const procVersion = fs.readFileSync("/proc/version", { encoding: "utf8" });
    const wslVersionMatch = procVersion.match(/WSL(\d+)/i);
    if (wslVersionMatch && wslVersionMatch[1]) {
      return wslVersionMatch[1];
    }
    if (procVersion.toLowerCase().includes("microsoft")) {
      return "1";
    }
    return void 0;
  } catch {
    return void 0;
  }
}
function getPlatform() {
  switch (process.platform) {
    case "darwin":
      return "macos";
    case "linux":
      return "linux";
    case "win32":
      return "windows";
    default:
      return "unknown";
  }
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js
import { homedir } from "os";
import * as path2 from "path";
import * as fs3 from "fs";

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/debug.js
function logForDebugging(message, options) {
  if (!process.env.SRT_DEBUG) {
    return;
  }
  const level = options?.level || "info";
  const prefix = "[SandboxDebug]";
  switch (level) {
    case "error":
      console.error(`${prefix} ${message}`);
      break;
    case "warn":
      console.warn(`${prefix} ${message}`);
      break;
    default:
      console.error(`${prefix} ${message}`);
  }
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/real-path.js
import * as fs2 from "node:fs";
import * as path from "node:path";
var MAX_LINKS = 40;
function textOf(ask, at) {
  const text2 = ask(at);
  if (text2.includes("\uFFFD") && !ask(at, "buffer").equals(Buffer.from(text2))) {
    throw Object.assign(new Error(`EILSEQ: illegal byte sequence, '${at}'`), {
      code: "EILSEQ"
    });
  }
  return text2;
}
function realPathOf(p) {
  if (process.platform === "win32")
    return fs2.realpathSync(p);
  const from = path.isAbsolute(p) ? "" : process.cwd();
  const folded = path.resolve(from, p);
  if (!(from + p).includes("\\"))
    return textOf(fs2.realpathSync.native, folded);
  const { real, notThere } = wayTo(folded);
  if (notThere !== void 0)
    throw notThere;
  return real || "/";
}
function wayTo(folded) {
  let real = "";
  let links = 0;
  const rest = folded.split("/");
  for (let name = rest.shift(); name !== void 0; name = rest.shift()) {
    if (name === "" || name === "." || name === "..") {
      try {
        fs2.lstatSync(`${real}/.`);
      } catch (notThere) {
        if (notThere.code !== "EACCES") {
          throw notThere;
        }
        return { real, rest: [name, ...rest], notThere };
      }
      if (name === "..")
        real = real.slice(0, real.lastIndexOf("/"));
      continue;
    }
    const next = `${real}/${name}`;
    let isLink;
    try {
      isLink = fs2.lstatSync(next).isSymbolicLink();
    } catch (notThere) {
      const { code } = notThere;
      if (code !== "ENOENT" && code !== "ENOTDIR" && code !== "EACCES") {
        throw notThere;
      }
      return { real, rest: [name, ...rest], notThere };
    }
    if (!isLink) {
      real = next;
      continue;
    }
    if (++links > MAX_LINKS) {
      throw Object.assign(new Error(`ELOOP: too many symbolic links encountered, realpath '${folded}'`), { code: "ELOOP", syscall: "realpath", path: folded });
    }
    const target = textOf(fs2.readlinkSync, next);
    if (target.startsWith("/"))
      real = "";
    rest.unshift(...target.split("/"));
  }
  return { real, rest };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/glob-pattern.js
var GlobTokenKind;
(function(GlobTokenKind2) {
  GlobTokenKind2["Text"] = "text";
  GlobTokenKind2["Separator"] = "separator";
  GlobTokenKind2["AnyChar"] = "anyChar";
  GlobTokenKind2["Star"] = "star";
  GlobTokenKind2["Globstar"] = "globstar";
  GlobTokenKind2["GlobstarSlash"] = "globstarSlash";
  GlobTokenKind2["Set"] = "set";
})(GlobTokenKind || (GlobTokenKind = {}));
function setRanges(members) {
  if (members === "")
    return void 0;
  const ranges = [];
  for (let i = 0; i < members.length; i++) {
    const isRange = members[i + 1] === "-" && i + 2 < members.length;
    const from = members.charCodeAt(i);
    if (isRange)
      i += 2;
    const to = members.charCodeAt(i);
    if (to < from)
      return void 0;
    ranges.push([from, to]);
  }
  return ranges;
}
var SEPARATOR = "/".charCodeAt(0);
function parseGlob(pattern) {
  const tokens = [];
  let textStart = 0;
  const endText = (at) => {
    if (textStart < at) {
      const text2 = pattern.slice(textStart, at);
      tokens.push({ kind: GlobTokenKind.Text, text: text2 });
    }
  };
  const addWildcard = (kind) => {
    const { Star, Globstar, GlobstarSlash } = GlobTokenKind;
    const kindAt = (fromEnd) => tokens[tokens.length - fromEnd]?.kind;
    if (kindAt(1) === Globstar || kindAt(1) === kind)
      return;
    const isGlobstar = kind === Globstar || kindAt(2) === kind && (kindAt(1) === Star || kindAt(1) === GlobstarSlash);
    if (!isGlobstar) {
      tokens.push({ kind });
      return;
    }
    while (kindAt(1) === Star || kindAt(1) === GlobstarSlash)
      tokens.pop();
    tokens.push({ kind: Globstar });
  };
  let bracketsAreTextUntil = 0;
  const noSets = [];
  let i = 0;
  while (i < pattern.length) {
    switch (pattern[i]) {
      case "/":
        endText(i);
        tokens.push({ kind: GlobTokenKind.Separator });
        textStart = ++i;
        break;
      case "?":
        endText(i);
        tokens.push({ kind: GlobTokenKind.AnyChar });
        textStart = ++i;
        break;
      case "*": {
        endText(i);
        const start = i;
        while (pattern[i] === "*")
          i++;
        const withSeparator = i - start >= 2 && pattern[i] === "/";
        const rest = i - start - (withSeparator ? 2 : 0);
        if (rest >= 2)
          addWildcard(GlobTokenKind.Globstar);
        if (rest === 1)
          addWildcard(GlobTokenKind.Star);
        if (withSeparator)
          addWildcard(GlobTokenKind.GlobstarSlash);
        textStart = withSeparator ? ++i : i;
        break;
      }
      case "[": {
        if (i < bracketsAreTextUntil) {
          i++;
          break;
        }
        const close = pattern.indexOf("]", i + 1);
        if (close === -1) {
          noSets.push(pattern.slice(i));
          bracketsAreTextUntil = pattern.length;
          i++;
          break;
        }
        const members = pattern.slice(i + 1, close);
        const ranges = setRanges(members);
        if (ranges === void 0) {
          noSets.push(`[${members}]`);
          bracketsAreTextUntil = close + 1;
          i++;
          break;
        }
        endText(i);
        tokens.push({
          kind: GlobTokenKind.Set,
          members,
          matchesSeparator: ranges.some(([from, to]) => from <= SEPARATOR && SEPARATOR <= to)
        });
        textStart = i = close + 1;
        break;
      }
      default:
        i++;
    }
  }
  endText(i);
  if (noSets.length > 0) {
    logForDebugging(`[Sandbox] The brackets in ${noSets.join(", ")} spell no set of characters, so they are read as text: ${pattern}`, { level: "warn" });
  }
  return tokens;
}
function escapeRegexLiteral(text2) {
  return text2.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function globTokenToRegex(token) {
  switch (token.kind) {
    case GlobTokenKind.Text:
      return escapeRegexLiteral(token.text);
    case GlobTokenKind.Separator:
      return "/";
    case GlobTokenKind.AnyChar:
      return "[^/]";
    case GlobTokenKind.Star:
      return "[^/]*";
    case GlobTokenKind.Globstar:
      return ".*";
    case GlobTokenKind.GlobstarSlash:
      return "(.*/)?";
    case GlobTokenKind.Set:
      return `[${token.members.replace(/[.^$+{}()|\\]/g, "\\$&")}]`;
  }
}
function globToRegex(globPattern) {
  return `^${parseGlob(globPattern).map(globTokenToRegex).join("")}$`;
}
function denyGlobRegex(normalizedGlob) {
  return globToRegex(normalizedGlob).slice(0, -1) + "(/.*)?$";
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js
var DANGEROUS_FILES = [
  ".gitconfig",
  ".gitmodules",
  ".bashrc",
  ".bash_profile",
  ".zshrc",
  ".zprofile",
  ".profile",
  ".ripgreprc",
  ".mcp.json"
];
var DANGEROUS_DIRECTORIES = [".git", ".vscode", ".idea"];
function getDangerousDirectories() {
  return [
    ...DANGEROUS_DIRECTORIES.filter((d) => d !== ".git"),
    ".claude/commands",
    ".claude/agents"
  ];
}
function normalizeCaseForComparison(pathStr) {
  return pathStr.toLowerCase();
}
function isAtOrUnder(p, dir) {
  return p === dir || p.startsWith(dir === "/" ? "/" : dir + "/");
}
function isStrictlyUnder(p, dir) {
  return p !== dir && isAtOrUnder(p, dir);
}
function* properAncestors(absolutePath) {
  for (let slash = absolutePath.lastIndexOf("/"); slash > 0; slash = absolutePath.lastIndexOf("/", slash - 1)) {
    yield absolutePath.slice(0, slash);
  }
  if (absolutePath !== "/")
    yield "/";
}
function pathSpellings(candidatePath) {
  try {
    const resolved = realPathOf(candidatePath);
    if (resolved !== candidatePath)
      return [candidatePath, resolved];
  } catch {
  }
  return [candidatePath];
}
function nameLocation(p, canonicalOf) {
  if (p === "/")
    return p;
  const parent = canonicalOf(path2.dirname(p));
  return `${parent === "/" ? "" : parent}/${path2.basename(p)}`;
}
function workingDirectory() {
  try {
    return process.cwd();
  } catch {
    return void 0;
  }
}
function isAbsenceErrno(err) {
  const code = err?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG";
}
function containsGlobChars(pathPattern) {
  return pathPattern.includes("*") || pathPattern.includes("?") || pathPattern.includes("[") || pathPattern.includes("]");
}
function containsGlobCharsWin(p) {
  return p.includes("*") || p.includes("?");
}
function containsGlobCharsForPlatform(p) {
  return getPlatform() === "windows" ? containsGlobCharsWin(p) : containsGlobChars(p);
}
function markedLiteralPath(entry) {
  const candidate = entry;
  if (candidate === null || typeof candidate !== "object" || typeof candidate.path !== "string" || candidate.path === "" || candidate.literal !== true) {
    throw new TypeError(`A filesystem path entry must be a path, or { path, literal: true }; got ${JSON.stringify(entry) ?? String(entry)}`);
  }
  return candidate.path;
}
function stripExtendedPathPrefix(p) {
  if (/^\\\\\?\\unc\\/i.test(p))
    return "\\\\" + p.slice(8);
  if (p.startsWith("\\\\?\\"))
    return p.slice(4);
  return p;
}
function isUncPath(p) {
  const ns = path2.win32.toNamespacedPath(p);
  return /^[\\/]{2}[?.][\\/]unc[\\/]/i.test(ns);
}
function removeTrailingGlobSuffix(pathPattern) {
  const stripped = pathPattern.replace(/\/\*\*$/, "");
  return stripped || "/";
}
function isSymlinkOutsideBoundary(originalPath, resolvedPath) {
  const normalizedOriginal = path2.normalize(originalPath);
  const normalizedResolved = path2.normalize(resolvedPath);
  if (normalizedResolved === normalizedOriginal) {
    return false;
  }
  if (normalizedOriginal.startsWith("/tmp/") && normalizedResolved === "/private" + normalizedOriginal) {
    return false;
  }
  if (normalizedOriginal.startsWith("/var/") && normalizedResolved === "/private" + normalizedOriginal) {
    return false;
  }
  if (normalizedResolved === "/") {
    return true;
  }
  const resolvedParts = normalizedResolved.split("/").filter(Boolean);
  if (resolvedParts.length <= 1) {
    return true;
  }
  if (normalizedOriginal.startsWith(normalizedResolved + "/")) {
    return true;
  }
  let canonicalOriginal = normalizedOriginal;
  if (normalizedOriginal.startsWith("/tmp/")) {
    canonicalOriginal = "/private" + normalizedOriginal;
  } else if (normalizedOriginal.startsWith("/var/")) {
    canonicalOriginal = "/private" + normalizedOriginal;
  }
  if (canonicalOriginal !== normalizedOriginal && canonicalOriginal.startsWith(normalizedResolved + "/")) {
    return true;
  }
  const resolvedStartsWithOriginal = normalizedResolved.startsWith(normalizedOriginal + "/");
  const resolvedStartsWithCanonical = canonicalOriginal !== normalizedOriginal && normalizedResolved.startsWith(canonicalOriginal + "/");
  const resolvedIsCanonical = canonicalOriginal !== normalizedOriginal && normalizedResolved === canonicalOriginal;
  if (!resolvedIsCanonical && !resolvedStartsWithOriginal && !resolvedStartsWithCanonical) {
    return true;
  }
  return false;
}
function expandTilde(p) {
  if (p === "~")
    return homedir();
  if (p.startsWith("~/") || process.platform === "win32" && p.startsWith("~\\")) {
    return homedir() + p.slice(1);
  }
  return p;
}
function expandWindowsEnvRefs(p) {
  const home = homedir();
  const drive = /^[A-Za-z]:/.test(home) ? home.slice(0, 2) : "";
  const homePath = drive ? home.slice(2) : home;
  return p.replace(/%USERPROFILE%/gi, home).replace(/%HOMEDRIVE%/gi, drive).replace(/%HOMEPATH%/gi, homePath);
}
function collapseInteriorSpellings(pathPattern) {
  return pathPattern.replace(/\/{2,}/g, "/").replace(/\/\.(?=\/)/g, "");
}
function warnIfParentRefUnfolded(normalizedPath) {
  if (getPlatform() !== "windows" && /(?:^|\/)\.\.(?:\/|$)/.test(normalizedPath)) {
    logForDebugging(`[Sandbox] "${normalizedPath}" could not be resolved and still contains a ".." component, so a rule spelled this way may not match.`, { level: "warn" });
  }
  return normalizedPath;
}
function normalizePathForSandbox(pathPattern, opts) {
  const isGlobSpelling = (p) => !opts?.literal && containsGlobCharsForPlatform(p);
  if (getPlatform() === "windows") {
    pathPattern = stripExtendedPathPrefix(expandWindowsEnvRefs(pathPattern));
    if (/^[a-z]:/.test(pathPattern)) {
      pathPattern = pathPattern[0].toUpperCase() + pathPattern.slice(1);
    }
    if (isUncPath(pathPattern) && !isGlobSpelling(pathPattern)) {
      return path2.win32.normalize(pathPattern);
    }
  }
  if (getPlatform() !== "windows" && pathPattern.endsWith("/") && !isGlobSpelling(pathPattern)) {
    pathPattern = pathPattern.replace(/\/+$/, "") || "/";
  }
  let normalizedPath = expandTilde(pathPattern);
  if (normalizedPath === pathPattern && !path2.isAbsolute(pathPattern)) {
    normalizedPath = path2.resolve(process.cwd(), pathPattern);
  }
  if (getPlatform() !== "windows") {
    normalizedPath = collapseInteriorSpellings(normalizedPath);
  }
  if (isGlobSpelling(normalizedPath)) {
    const splitRe = getPlatform() === "windows" ? /[*?]/ : /[*?[\]]/;
    const staticPrefix = normalizedPath.split(splitRe)[0];
    if (staticPrefix && staticPrefix !== "/") {
      const baseDir = staticPrefix.endsWith("/") ? staticPrefix.slice(0, -1) : path2.dirname(staticPrefix);
      try {
        const resolvedBaseDir = realPathOf(baseDir);
        if (!isSymlinkOutsideBoundary(baseDir, resolvedBaseDir)) {
          const patternSuffix = normalizedPath.slice(baseDir.length);
          return warnIfParentRefUnfolded(resolvedBaseDir + patternSuffix);
        }
      } catch {
      }
    }
    return warnIfParentRefUnfolded(normalizedPath);
  }
  if (getPlatform() !== "windows" && normalizedPath !== "") {
    normalizedPath = normalizedPath.replace(/\/\.$/, "").replace(/\/+$/, "") || "/";
  }
  try {
    const resolvedPath = realPathOf(normalizedPath);
    if (!isSymlinkOutsideBoundary(normalizedPath, resolvedPath)) {
      normalizedPath = resolvedPath;
    }
  } catch {
  }
  return warnIfParentRefUnfolded(normalizedPath);
}
var SANDBOX_OWN_WRITE_PATHS = [
  "/dev/stdout",
  "/dev/stderr",
  "/dev/null",
  "/dev/tty",
  "/dev/dtracehelper",
  "/dev/autofs_nowait",
  "/tmp/claude",
  "/private/tmp/claude"
];
var HOME_CONVENIENCE_WRITE_DIRS = [
  ".npm/_logs",
  ".claude/debug"
];
function getDefaultWritePaths(readRules) {
  const home = homedir();
  const keptDirs = !readRules || readRules.denyRead.length === 0 ? HOME_CONVENIENCE_WRITE_DIRS : homeDirsNotReadDenied(home, readRules.denyRead, readRules.allowRead);
  return [
    ...SANDBOX_OWN_WRITE_PATHS,
    ...keptDirs.map((rel) => path2.join(home, rel))
  ];
}
function homeDirsNotReadDenied(home, denyRead, allowRead = []) {
  const homes = [
    .../* @__PURE__ */ new Set([home, normalizePathForSandbox(home, { literal: true })])
  ];
  const denies = denyRead.map((entry) => readRuleCovers(entry));
  const reopened = allowRead.flatMap((entry) => {
    if (typeof entry !== "string")
      return [markedLiteralPath(entry)];
    const stripped = removeTrailingGlobSuffix(entry);
    return containsGlobCharsForPlatform(stripped) ? [] : [stripped];
  }).map((entry) => normalizePathForSandbox(entry, { literal: true }));
  return HOME_CONVENIENCE_WRITE_DIRS.filter((rel) => {
    const spellings = homes.map((h) => path2.join(h, rel));
    return !denies.some((denyCovers) => spellings.some(denyCovers) && !reopened.some((allow) => denyCovers(allow) && spellings.some((s) => isAtOrUnder(s, allow))));
  });
}
function readRuleCovers(entry) {
  if (typeof entry !== "string") {
    const rule2 = normalizePathForSandbox(markedLiteralPath(entry), {
      literal: true
    });
    return (p) => isAtOrUnder(p, rule2);
  }
  const stripped = removeTrailingGlobSuffix(entry);
  if (containsGlobCharsForPlatform(stripped)) {
    const regex = compiledDenyGlob(normalizePathForSandbox(stripped));
    return regex === null ? () => true : (p) => regex.test(p);
  }
  const rule = normalizePathForSandbox(stripped, { literal: true });
  return (p) => isAtOrUnder(p, rule);
}
function compiledDenyGlob(normalizedGlob) {
  let regex = compiledDenyGlobs.get(normalizedGlob);
  if (regex === void 0) {
    try {
      regex = new RegExp(denyGlobRegex(normalizedGlob));
      regex.test("");
    } catch {
      regex = null;
    }
    compiledDenyGlobChars += normalizedGlob.length;
    if (compiledDenyGlobChars > MAX_COMPILED_DENY_GLOB_CHARS) {
      compiledDenyGlobs.clear();
      compiledDenyGlobChars = normalizedGlob.length;
    }
    compiledDenyGlobs.set(normalizedGlob, regex);
  }
  return regex;
}
var compiledDenyGlobs = /* @__PURE__ */ new Map();
var compiledDenyGlobChars = 0;
var MAX_COMPILED_DENY_GLOB_CHARS = 1 << 20;
var CA_TRUST_VARS = [
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "CURL_CA_BUNDLE",
  "REQUESTS_CA_BUNDLE",
  "PIP_CERT",
  "GIT_SSL_CAINFO",
  "AWS_CA_BUNDLE",
  "CARGO_HTTP_CAINFO",
  "DENO_CERT",
  // gcloud ignores SSL_CERT_FILE/REQUESTS_CA_BUNDLE; this is its dedicated
  // override (maps to core/custom_ca_certs_file).
  "CLOUDSDK_CORE_CUSTOM_CA_CERTS_FILE",
  // Nix-built binaries are patched to read this instead of SSL_CERT_FILE, and
  // it's typically pre-set to the Nix system bundle in the parent env, so we
  // must override it explicitly.
  "NIX_SSL_CERT_FILE"
];
function generateProxyEnvVars(httpProxyPort, socksProxyPort, caCertPath, proxyAuthToken2, skipTmpdir, encodedCommand) {
  const userRaw = proxyUsernameFor(encodedCommand);
  const userPct = userRaw === PROXY_AUTH_USER ? userRaw : encodeURIComponent(userRaw);
  const auth = proxyAuthToken2 ? `${userPct}:${proxyAuthToken2}@` : "";
  const envVars = [`SANDBOX_RUNTIME=1`];
  if (!skipTmpdir) {
    const tmpdir6 = process.env.CLAUDE_CODE_TMPDIR || process.env.CLAUDE_TMPDIR || "/tmp/claude";
    envVars.push(`TMPDIR=${tmpdir6}`);
  }
  if (caCertPath) {
    for (const v of CA_TRUST_VARS) {
      envVars.push(`${v}=${caCertPath}`);
    }
  }
  if (!httpProxyPort && !socksProxyPort) {
    return envVars;
  }
  const noProxyAddresses = [
    "localhost",
    "127.0.0.1",
    "::1",
    "169.254.0.0/16",
    // Link-local
    "10.0.0.0/8",
    // Private network
    "172.16.0.0/12",
    // Private network
    "192.168.0.0/16"
    // Private network
  ].join(",");
  envVars.push(`NO_PROXY=${noProxyAddresses}`);
  envVars.push(`no_proxy=${noProxyAddresses}`);
  if (httpProxyPort) {
    envVars.push(`HTTP_PROXY=http://${auth}localhost:${httpProxyPort}`);
    envVars.push(`HTTPS_PROXY=http://${auth}localhost:${httpProxyPort}`);
    envVars.push(`http_proxy=http://${auth}localhost:${httpProxyPort}`);
    envVars.push(`https_proxy=http://${auth}localhost:${httpProxyPort}`);
    if (proxyAuthToken2) {
      envVars.push(`GIT_CONFIG_PARAMETERS='http.proxyAuthMethod=basic'`);
    }
  }
  const connectProxyUrl = httpProxyPort ? `http://${auth}localhost:${httpProxyPort}` : `socks5h://${auth}localhost:${socksProxyPort}`;
  envVars.push(`ALL_PROXY=${connectProxyUrl}`);
  envVars.push(`all_proxy=${connectProxyUrl}`);
  envVars.push(`GRPC_PROXY=${connectProxyUrl}`);
  envVars.push(`grpc_proxy=${connectProxyUrl}`);
  if (socksProxyPort) {
    const sshMuxOverride = "-o ControlMaster=no -o ControlPath=none";
    const platform = getPlatform();
    if (platform === "macos" && proxyAuthToken2 && httpProxyPort === socksProxyPort) {
      const basic = Buffer.from(`${userRaw}:${proxyAuthToken2}`);
      envVars.push(`SRT_SSH_PROXY_COMMAND=${sshConnectScript(socksProxyPort, basic.toString("base64"))}`, `GIT_SSH_COMMAND=ssh ${sshMuxOverride} -o ProxyCommand="/bin/sh -c 'eval \\"\\\${SRT_SSH_PROXY_COMMAND:?unset, but GIT_SSH_COMMAND needs it}\\"' sh '%h' %p"`);
    } else if (platform === "macos") {
      envVars.push(`GIT_SSH_COMMAND=ssh ${sshMuxOverride} -o ProxyCommand='nc -X 5 -x localhost:${socksProxyPort} %h %p'`);
    } else if (platform === "linux" && httpProxyPort) {
      const socatAuth = proxyAuthToken2 ? `,proxyauth=${userRaw}:${proxyAuthToken2}` : "";
      envVars.push(`GIT_SSH_COMMAND=ssh ${sshMuxOverride} -o ProxyCommand='socat - PROXY:localhost:%h:%p,proxyport=${httpProxyPort}${socatAuth}'`);
    }
    envVars.push(`FTP_PROXY=socks5h://${auth}localhost:${socksProxyPort}`);
    envVars.push(`ftp_proxy=socks5h://${auth}localhost:${socksProxyPort}`);
    envVars.push(`RSYNC_PROXY=localhost:${socksProxyPort}`);
    envVars.push(`DOCKER_HTTP_PROXY=http://${auth}localhost:${httpProxyPort || socksProxyPort}`);
    envVars.push(`DOCKER_HTTPS_PROXY=http://${auth}localhost:${httpProxyPort || socksProxyPort}`);
    if (httpProxyPort) {
      envVars.push(`CLOUDSDK_PROXY_TYPE=http`);
      envVars.push(`CLOUDSDK_PROXY_ADDRESS=localhost`);
      envVars.push(`CLOUDSDK_PROXY_PORT=${httpProxyPort}`);
      if (proxyAuthToken2) {
        envVars.push(`CLOUDSDK_PROXY_USERNAME=${userRaw}`);
        envVars.push(`CLOUDSDK_PROXY_PASSWORD=${proxyAuthToken2}`);
      }
    }
  }
  return envVars;
}
function sshConnectScript(proxyPort, basic, nc = "/usr/bin/nc") {
  return `LC_ALL=C; no() { printf "sandbox proxy: %s\\n" "$*" >&2; exit 1; }; case $1 in ""|*[!A-Za-z0-9._:-]*) no bad host;; *:*) set -- "[$1]" "$2";; esac; case $2 in ""|*[!0-9]*) no bad port;; esac; exec 3<&0; { printf "CONNECT %s HTTP/1.1\\r\\nHost: %s\\r\\nProxy-Authorization: Basic ${basic}\\r\\n\\r\\n" "$1:$2" "$1:$2"; exec /bin/cat <&3; } | ${nc} 127.0.0.1 ${proxyPort} | { read -r v why; while read -r v; do case $v in ""|?) break;; esac; done; case $why in "200 "*) exec /bin/cat;; esac; why=\${why%?}; no "$1:$2: \${why:-no answer}"; } & exec >&-; wait $!`;
}
var SAFE_DIRECTORY_WILDCARD_THRESHOLD = 8;
function buildGitConfigEnv(opts) {
  if (opts.baseEnv?.GIT_CONFIG_COUNT === "0")
    return {};
  const parsed = Number.parseInt(opts.baseEnv?.GIT_CONFIG_COUNT ?? "", 10);
  const start = Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
  let n = start;
  const out = {};
  const emit = (key, value) => {
    out[`GIT_CONFIG_KEY_${n}`] = key;
    out[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  };
  const dirs = [
    ...new Set(opts.safeDirs.filter((d) => !!d).map((d) => {
      const fwd = d.replace(/\\/g, "/");
      const stripped = fwd.replace(/\/+$/, "");
      if (stripped === "" || /^[A-Za-z]:$/.test(stripped)) {
        return `${stripped}/`;
      }
      return stripped;
    }))
  ];
  if (dirs.length > SAFE_DIRECTORY_WILDCARD_THRESHOLD) {
    emit("safe.directory", "*");
  } else {
    for (const d of dirs) {
      emit("safe.directory", d);
      emit("safe.directory", d.endsWith("/") ? `${d}*` : `${d}/*`);
    }
  }
  if (opts.schannelCa) {
    emit("http.schannelUseSSLCAInfo", "true");
    emit("http.schannelCheckRevoke", "false");
  }
  if (opts.opensslBackend) {
    emit("http.sslBackend", "openssl");
  }
  if (n === start)
    return {};
  out.GIT_CONFIG_COUNT = String(n);
  return out;
}
function buildPosixGitSafeDirEnv(opts) {
  const baseEnv = {
    GIT_CONFIG_COUNT: process.env.GIT_CONFIG_COUNT
  };
  for (const k of opts.unsetEnvVars ?? [])
    delete baseEnv[k];
  Object.assign(baseEnv, opts.setEnvVars ?? {});
  return buildGitConfigEnv({ safeDirs: opts.safeDirs, baseEnv });
}
var SANDBOXED_COMMAND_KEY_LENGTH = 100;
function attributionKeyFor(command, commandId) {
  return !commandId ? command : commandId;
}
function encodeSandboxedCommand(command) {
  const truncatedCommand = command.slice(0, SANDBOXED_COMMAND_KEY_LENGTH);
  return Buffer.from(truncatedCommand).toString("base64");
}
function decodeSandboxedCommand(encodedCommand) {
  return Buffer.from(encodedCommand, "base64").toString("utf8");
}
var PROXY_AUTH_USER = "srt";
var MAX_PROXY_USERNAME_BYTES = 255;
var MAX_ENCODED_COMMAND_BYTES = MAX_PROXY_USERNAME_BYTES - Buffer.byteLength(`${PROXY_AUTH_USER}.`);
function proxyUsernameFor(encodedCommand) {
  if (!encodedCommand)
    return PROXY_AUTH_USER;
  const user = `${PROXY_AUTH_USER}.${encodedCommand}`;
  return Buffer.byteLength(user) <= MAX_PROXY_USERNAME_BYTES ? user : PROXY_AUTH_USER;
}
function encodedCommandFromProxyUser(username) {
  if (!username || !username.startsWith(`${PROXY_AUTH_USER}.`))
    return void 0;
  const suffix = username.slice(PROXY_AUTH_USER.length + 1);
  if (!suffix || Buffer.byteLength(suffix) > MAX_ENCODED_COMMAND_BYTES) {
    return void 0;
  }
  return suffix;
}
function finish(steps) {
  for (; ; ) {
    const step = steps.next();
    if (step.done)
      return step.value;
  }
}
var TURN_MS = 10;
async function finishInTurns(steps, signal) {
  signal?.throwIfAborted();
  let since = performance.now();
  for (; ; ) {
    const step = steps.next();
    if (!step.done && performance.now() - since < TURN_MS)
      continue;
    if (!step.done)
      await new Promise((resolve6) => setImmediate(resolve6));
    signal?.throwIfAborted();
    if (step.done)
      return step.value;
    since = performance.now();
  }
}
function expandGlobPattern(globPath, opts = {}) {
  return walkGlobPattern(globPath, opts).matches;
}
function globPositions(normalizedPattern, flags) {
  const regex = new RegExp(globToRegex(normalizedPattern), flags);
  const directoryForm = removeTrailingGlobSuffix(normalizedPattern);
  const directoryRegex = directoryForm !== normalizedPattern ? new RegExp(globToRegex(directoryForm), flags) : void 0;
  const unsplit = {
    splits: false,
    start: [0],
    next: () => [0],
    matches: (_positions, _name, spelled) => regex.test(spelled),
    matchesDirectoryForm: (_positions, _name, spelled) => directoryRegex?.test(spelled) === true
  };
  const states = [];
  const star = globTokenToRegex({ kind: GlobTokenKind.Star });
  const build = (pieces) => {
    const sources = pieces.map(globTokenToRegex);
    const memo = /* @__PURE__ */ new Map();
    const globstar = (then) => states.push({ then }) - 1;
    const componentAt = (i, lead) => {
      const key = `${i}${lead ? "*" : ""}`;
      const known = memo.get(key);
      if (known !== void 0)
        return known;
      if (!lead && pieces[i]?.kind === GlobTokenKind.GlobstarSlash) {
        const id2 = globstar(void 0);
        memo.set(key, id2);
        states[id2].then = componentAt(i + 1, false);
        return id2;
      }
      if (!lead && pieces[i]?.kind === GlobTokenKind.Globstar && i === pieces.length - 1) {
        const id2 = globstar(void 0);
        memo.set(key, id2);
        return id2;
      }
      const component = { edges: [] };
      const id = states.push(component) - 1;
      memo.set(key, id);
      const endsWith = (source2, to) => {
        component.edges.push({ regex: new RegExp(`^${source2}$`, flags), to });
      };
      let source = lead ? star : "";
      for (let j = i; ; j++) {
        const piece = pieces[j];
        if (piece === void 0) {
          endsWith(source, void 0);
          break;
        }
        if (piece.kind === GlobTokenKind.Separator) {
          endsWith(source, componentAt(j + 1, false));
          break;
        }
        if (piece.kind === GlobTokenKind.Globstar) {
          endsWith(source + star, globstar(componentAt(j + 1, true)));
          source += star;
        } else if (piece.kind === GlobTokenKind.GlobstarSlash) {
          endsWith(source + star, globstar(componentAt(j + 1, false)));
        } else if (piece.kind === GlobTokenKind.Set && piece.matchesSeparator) {
          endsWith(source, componentAt(j + 1, false));
          source += `(?!/)${sources[j]}`;
        } else {
          source += sources[j];
        }
      }
      return id;
    };
    return componentAt(0, false);
  };
  let starts;
  let firstOfDirectoryForm;
  try {
    starts = [build(parseGlob(normalizedPattern))];
    firstOfDirectoryForm = states.length;
    if (directoryRegex)
      starts.push(build(parseGlob(directoryForm)));
  } catch {
    return unsplit;
  }
  const open = (into, position) => {
    for (let p = position; p !== void 0 && !into.has(p); ) {
      into.add(p);
      const state = states[p];
      p = "then" in state ? state.then : void 0;
    }
  };
  const sorted = (positions) => [...positions].sort((x, y) => x - y);
  const endsAt = (positions, name, ofDirectoryForm) => positions.some((p) => {
    if (p >= firstOfDirectoryForm !== ofDirectoryForm)
      return false;
    const state = states[p];
    return "then" in state ? state.then === void 0 : state.edges.some((e) => e.to === void 0 && e.regex.test(name));
  });
  const start = /* @__PURE__ */ new Set();
  for (const p of starts)
    open(start, p);
  return {
    splits: true,
    start: sorted(start),
    next: (positions, name) => {
      const next = /* @__PURE__ */ new Set();
      for (const p of positions) {
        const state = states[p];
        if ("then" in state)
          open(next, p);
        else {
          for (const edge of state.edges) {
            if (edge.to !== void 0 && edge.regex.test(name)) {
              open(next, edge.to);
            }
          }
        }
      }
      return sorted(next);
    },
    matches: (positions, name) => endsAt(positions, name, false),
    matchesDirectoryForm: (positions, name) => endsAt(positions, name, true)
  };
}
function globPatternBaseDir(normalizedPattern) {
  const staticPrefix = normalizedPattern.split(/[*?[\]]/)[0];
  if (!staticPrefix)
    return "";
  return staticPrefix.endsWith("/") ? staticPrefix.slice(0, -1) : path2.posix.dirname(staticPrefix);
}
function globBaseDirIsRoot(baseDir) {
  return baseDir === "" || baseDir === "/";
}
function toForwardSlashes(s) {
  return process.platform === "win32" ? s.replace(/\\/g, "/") : s;
}
function walkGlobPattern(globPath, opts = {}) {
  return finish(walkGlobPatternSteps(globPath, opts));
}
function* walkGlobPatternSteps(globPath, opts = {}) {
  const walk = {
    baseLocation: "",
    matches: [],
    directoryMatches: [],
    symlinks: /* @__PURE__ */ new Set(),
    uninspectableLinks: /* @__PURE__ */ new Set(),
    unlisted: [],
    realOf: /* @__PURE__ */ new Map()
  };
  const anchor = opts.anchor === void 0 ? void 0 : toForwardSlashes(opts.anchor);
  const normalizedPattern = anchor === void 0 ? toForwardSlashes(normalizePathForSandbox(globPath)) : toForwardSlashes(globPath).slice(anchor.length);
  if (anchor !== void 0 && (!/[^/]/.test(anchor) || !toForwardSlashes(globPath).startsWith(anchor) || !(anchor.endsWith("/") || /^(\/|$)/.test(normalizedPattern)))) {
    throw new TypeError(`Glob pattern ${globPath} does not lie beneath the anchor ${opts.anchor}`);
  }
  const patternBaseDir = globPatternBaseDir(normalizedPattern);
  const baseDirBelowAnchor = patternBaseDir === "/" ? "" : patternBaseDir;
  const baseDir = anchor === void 0 ? patternBaseDir : anchor + baseDirBelowAnchor;
  if (globBaseDirIsRoot(baseDir)) {
    logForDebugging(`[Sandbox] Glob pattern has no literal directory below the root to start from, skipping: ${globPath}`, { level: "warn" });
    return walk;
  }
  const flags = opts.caseInsensitive ? "is" : "s";
  const positions = globPositions(normalizedPattern, flags);
  if (opts.followSymlinkedDirectories && !positions.splits) {
    logForDebugging(`[Sandbox] Glob pattern ${globPath} cannot be followed one path component at a time, so it is matched against real paths only and not through symlinked directories`, { level: "warn" });
  }
  const records = /* @__PURE__ */ new Map();
  const listings = opts.listings ?? /* @__PURE__ */ new Map();
  const pending = [];
  const codeOf = (err) => err?.code;
  const onRealPath = (real, short, call, absent, unread) => {
    try {
      return call(real);
    } catch (first) {
      if (short === real)
        throw first;
      let answer2;
      try {
        answer2 = call(short);
      } catch (second) {
        throw absent(first) && !absent(second) ? second : first;
      }
      if (!absent(first) && codeOf(first) !== "ENAMETOOLONG") {
        logForDebugging(`[Sandbox] ${real} could not be read for glob pattern ${globPath}, so it is covered whole, whatever ${short} leads to: ${first}`, { level: "warn" });
        unread();
      }
      return answer2;
    }
  };
  const linkTargets = /* @__PURE__ */ new Map();
  const linkTargetOf = (linkPath, realLinkPath) => {
    const cached = linkTargets.get(realLinkPath);
    if (cached !== void 0)
      return cached;
    let target;
    try {
      let unread = false;
      const found = onRealPath(realLinkPath, linkPath, (p) => ({
        isDirectory: fs3.statSync(p).isDirectory(),
        real: realPathOf(p)
      }), isAbsenceErrno, () => unread = true);
      target = { ...found, unread };
    } catch (err) {
      target = isAbsenceErrno(err) ? "absent" : "uninspectable";
    }
    linkTargets.set(realLinkPath, target);
    return target;
  };
  const withType = (entry, listedAs, real) => {
    if (entry.isFile() || entry.isDirectory() || entry.isSymbolicLink() || entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) {
      return entry;
    }
    const { name } = entry;
    const spelled = path2.join(listedAs, name);
    let type = "other";
    try {
      const stats = fs3.lstatSync(spelled);
      if (stats.isDirectory())
        type = "directory";
      else if (stats.isSymbolicLink())
        type = "link";
    } catch {
      try {
        const isDirectory = fs3.statSync(spelled).isDirectory();
        if (realPathOf(spelled) !== path2.join(real, name))
          type = "link";
        else if (isDirectory)
          type = "directory";
      } catch (err) {
        const code = err?.code;
        if (code === "ELOOP")
          type = "link";
        else if (code !== "ENOENT") {
          type = "directory";
          listings.set(path2.join(real, name), err instanceof Error ? err : new Error(String(err)));
        }
      }
    }
    return {
      name,
      isDirectory: () => type === "directory",
      isSymbolicLink: () => type === "link"
    };
  };
  const baseSpelling = /^[A-Za-z]:$/.test(baseDir) ? `${baseDir}/` : baseDir;
  let baseReal = baseSpelling;
  try {
    baseReal = realPathOf(baseSpelling);
  } catch {
  }
  walk.baseLocation = baseReal;
  pending.push({
    dir: baseSpelling,
    real: baseReal,
    short: baseSpelling.length < baseReal.length ? baseSpelling : baseReal,
    positions: (anchor === void 0 ? baseDir : baseDirBelowAnchor).split("/").reduce(positions.next, positions.start)
  });
  for (let frame = pending.pop(); frame !== void 0; frame = pending.pop()) {
    const { dir, real } = frame;
    const record = records.get(real) ?? {
      listedFor: /* @__PURE__ */ new Set()
    };
    records.set(real, record);
    const fresh = frame.positions.filter((p) => !record.listedFor.has(p));
    if (fresh.length === 0)
      continue;
    yield;
    const denyWhole = () => {
      if (record.unlisted)
        return;
      record.unlisted = true;
      walk.unlisted.push(dir);
      if (real !== dir)
        walk.realOf.set(dir, real);
    };
    let entries;
    try {
      const known = listings.get(real);
      if (known instanceof Error)
        throw known;
      entries = known ?? onRealPath(real, frame.short, (p) => fs3.readdirSync(p, { withFileTypes: true }).map((entry) => withType(entry, p, real)), (err) => codeOf(err) === "ENOENT", denyWhole);
      listings.set(real, entries);
    } catch (err) {
      const errorCode = codeOf(err);
      logForDebugging(`[Sandbox] Error listing ${dir} for glob pattern ${globPath}: ${err}`, { level: errorCode === "ENOENT" ? "info" : "warn" });
      if (errorCode !== "ENOENT") {
        if (opts.listings !== void 0) {
          listings.set(real, err instanceof Error ? err : new Error(String(err)));
        }
        denyWhole();
      }
      continue;
    }
    for (const p of fresh)
      record.listedFor.add(p);
    for (const entry of entries) {
      if (positions.splits && !entry.isDirectory() && !entry.isSymbolicLink() && !positions.matches(fresh, entry.name, "")) {
        continue;
      }
      const fullPath = path2.join(dir, entry.name);
      const realPath = path2.join(real, entry.name);
      const spelled = toForwardSlashes(fullPath);
      const candidate = anchor !== void 0 && spelled.startsWith(anchor) ? spelled.slice(anchor.length) : spelled;
      const isMatch = positions.matches(fresh, entry.name, candidate);
      if (isMatch)
        walk.matches.push(fullPath);
      if (entry.isDirectory()) {
        const beneath2 = positions.next(fresh, entry.name);
        const isDirectoryMatch = opts.withDirectoryForm === true && positions.matchesDirectoryForm(fresh, entry.name, candidate);
        if (isDirectoryMatch)
          walk.directoryMatches.push(fullPath);
        if ((isMatch || isDirectoryMatch) && realPath !== fullPath) {
          walk.realOf.set(fullPath, realPath);
        }
        if (beneath2.length > 0) {
          pending.push({
            dir: fullPath,
            real: realPath,
            short: path2.join(frame.short, entry.name),
            positions: beneath2
          });
        }
        continue;
      }
      if (!entry.isSymbolicLink()) {
        if (isMatch && realPath !== fullPath) {
          walk.realOf.set(fullPath, realPath);
        }
        continue;
      }
      walk.symlinks.add(fullPath);
      if (!opts.followSymlinkedDirectories)
        continue;
      const isDirectoryFormCandidate = opts.withDirectoryForm === true && positions.matchesDirectoryForm(fresh, entry.name, candidate);
      const beneath = positions.splits ? positions.next(fresh, entry.name) : [];
      if (!isMatch && !isDirectoryFormCandidate && beneath.length === 0) {
        continue;
      }
      const shortPath = path2.join(frame.short, entry.name);
      const target = linkTargetOf(shortPath, realPath);
      if (target === "absent")
        continue;
      const unread = target === "uninspectable" || target.unread;
      if (unread) {
        walk.uninspectableLinks.add(fullPath);
        if (isDirectoryFormCandidate)
          walk.directoryMatches.push(fullPath);
      }
      if (target === "uninspectable")
        continue;
      if (unread && (isMatch || isDirectoryFormCandidate && target.isDirectory)) {
        walk.matches.push(target.real === "/" ? real : target.real);
      }
      if (isMatch && !unread)
        walk.realOf.set(fullPath, target.real);
      if (!target.isDirectory)
        continue;
      if (isDirectoryFormCandidate && !unread) {
        walk.directoryMatches.push(fullPath);
        walk.realOf.set(fullPath, target.real);
      }
      if (beneath.length === 0)
        continue;
      if (isAtOrUnder(real, target.real) || isAtOrUnder(baseReal, target.real)) {
        logForDebugging(`[Sandbox] Not following symlink ${fullPath} -> ${target.real} for glob pattern ${globPath}: it leads back up the tree`);
        continue;
      }
      logForDebugging(`[Sandbox] Following symlink ${fullPath} -> ${target.real} for glob pattern ${globPath}`);
      pending.push({
        dir: target.real,
        real: target.real,
        short: shortPath.length < target.real.length ? shortPath : target.real,
        positions: beneath
      });
    }
  }
  return walk;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/path-entries.js
function splitPathEntries(entries) {
  const spelled = [];
  const marked = [];
  for (const entry of entries ?? []) {
    if (typeof entry === "string")
      spelled.push(entry);
    else
      marked.push(markedLiteralPath(entry));
  }
  return { spelled, marked };
}
function spelledOf(entries) {
  return splitPathEntries(entries).spelled;
}
function samePathEntries(a, b) {
  const key = (entry) => typeof entry === "string" ? `s:${entry}` : `l:${markedLiteralPath(entry)}`;
  if (a.length !== b.length)
    return false;
  const keys = new Set(a.map(key));
  return b.every((entry) => keys.has(key(entry)));
}
function spelledAbsolute(spelling) {
  const onWindows = getPlatform() === "windows";
  let spelled = spelling;
  if (onWindows) {
    spelled = stripExtendedPathPrefix(expandWindowsEnvRefs(spelled));
    if (isUncPath(spelled))
      return void 0;
  }
  const expanded = expandTilde(spelled);
  const absolute = expanded === spelled && !path3.isAbsolute(spelled) ? path3.resolve(process.cwd(), spelled) : expanded;
  return onWindows ? toForwardSlashes(absolute) : collapseInteriorSpellings(absolute);
}
function mayBeThere(p) {
  try {
    fs4.lstatSync(p);
    return true;
  } catch (err) {
    return !isAbsenceErrno(err);
  }
}
function isThereUnlinked(p) {
  try {
    return !fs4.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
function isDirectoryFor(kind, p) {
  try {
    return kind === "allow" ? fs4.lstatSync(p).isDirectory() : fs4.statSync(p).isDirectory();
  } catch (err) {
    return kind === "deny" && !isAbsenceErrno(err);
  }
}
function literalReadings(spelling, kind, opts = {}) {
  const isPattern = opts.isPattern ?? containsGlobCharsForPlatform;
  let stripped = removeTrailingGlobSuffix(spelling);
  if (!isPattern(stripped)) {
    if (stripped === spelling || !containsGlobChars(stripped))
      return [];
    stripped = spelling;
  }
  const spelled = spelledAbsolute(stripped);
  if (spelled === void 0)
    return [];
  const parts = spelled.split("/");
  const globAt = parts.flatMap((part2, i) => containsGlobChars(part2) ? [i] : []);
  const first = globAt[0];
  const last = globAt[globAt.length - 1];
  if (first === void 0 || last === void 0)
    return [];
  const prefix = (i) => parts.slice(0, i + 1).join("/") || "/";
  const isThere = kind === "deny" ? mayBeThere : isThereUnlinked;
  let reach = first - 1;
  while (reach < last && isThere(prefix(reach + 1)))
    reach++;
  if (reach < first)
    return [];
  const readings = [];
  if (reach === last && (kind === "deny" || restIsUnlinked(last, parts.length - 1, prefix))) {
    readings.push({
      glob: false,
      path: normalizePathForSandbox(stripped, { literal: true })
    });
  }
  const setAside = stripped === spelling ? "" : "/**";
  for (let n = globAt.length - 2; n >= 0; n--) {
    const at = globAt[n];
    if (at > reach)
      continue;
    const next = globAt[n + 1];
    let end = Math.min(next - 1, reach);
    while (end >= at && !isDirectoryFor(kind, prefix(end)))
      end--;
    if (end < at)
      continue;
    if (kind === "allow" && !restIsUnlinked(end, next - 1, prefix))
      continue;
    const anchor = normalizePathForSandbox(prefix(end), { literal: true });
    readings.push({
      glob: true,
      anchor,
      path: anchor + spelled.slice(prefix(end).length) + setAside
    });
  }
  return readings;
}
function restIsUnlinked(from, to, prefix) {
  for (let i = from + 1; i <= to; i++) {
    try {
      if (fs4.lstatSync(prefix(i)).isSymbolicLink())
        return false;
    } catch (err) {
      return isAbsenceErrno(err);
    }
  }
  return true;
}
function hasNameReading(spelling, kind) {
  return literalReadings(spelling, kind).some((reading) => !reading.glob);
}
function* withOtherReadings(spelling, name, kind, expandGlob) {
  const expansion = yield* expandGlob(spelling);
  const seen = new Set(expansion);
  const added = [];
  for (const reading of literalReadings(spelling, kind)) {
    const found = reading.glob ? yield* expandGlob(reading.path, reading.anchor) : [name];
    for (const p of found) {
      if (seen.has(p))
        continue;
      seen.add(p);
      added.push(p);
    }
  }
  return [...expansion, ...added];
}
function readRulesOf(denyRead, allowRead, credentialDenies) {
  const withNames = (entries, kind) => [
    ...entries,
    ...spelledOf(entries).flatMap((spelling) => literalReadings(spelling, kind).flatMap((reading) => reading.glob ? [] : [{ path: reading.path, literal: true }]))
  ];
  return {
    denyRead: withNames([...denyRead, ...credentialDenies], "deny"),
    allowRead: allowRead === void 0 ? void 0 : withNames(allowRead, "allow")
  };
}
function nonEmptyLists(lists) {
  return Object.fromEntries(Object.entries(lists).filter(([, list]) => list.length > 0));
}
function literalReadLists(denyRead, allowRead) {
  return nonEmptyLists({
    literalDenyOnly: splitPathEntries(denyRead).marked,
    literalAllowWithinDeny: splitPathEntries(allowRead).marked
  });
}
function literalWriteLists(allowWrite, denyWrite) {
  return nonEmptyLists({
    literalAllowOnly: splitPathEntries(allowWrite).marked,
    literalDenyWithinAllow: splitPathEntries(denyWrite).marked
  });
}
function writeRootsOf(config2) {
  return [...config2.allowOnly || [], ...config2.literalAllowOnly ?? []];
}
function reExposedBy(expandedAllowRead, allowRead, writeConfig) {
  return [
    ...expandedAllowRead,
    ...splitPathEntries(allowRead).marked,
    ...writeRootsOf(writeConfig)
  ];
}
function readNamesOf(config2) {
  if (!config2)
    return config2;
  const { literalDenyOnly, literalAllowWithinDeny, ...rest } = config2;
  return {
    ...rest,
    denyOnly: [...config2.denyOnly || [], ...literalDenyOnly ?? []],
    ...config2.allowWithinDeny || literalAllowWithinDeny ? {
      allowWithinDeny: [
        ...config2.allowWithinDeny ?? [],
        ...literalAllowWithinDeny ?? []
      ]
    } : {}
  };
}
function writeNamesOf(config2) {
  if (!config2)
    return config2;
  const { literalAllowOnly, literalDenyWithinAllow, ...rest } = config2;
  return {
    ...rest,
    allowOnly: writeRootsOf({
      allowOnly: (config2.allowOnly || []).filter((p) => !containsGlobChars(p) || hasNameReading(p, "allow")),
      literalAllowOnly
    }),
    denyWithinAllow: [
      ...config2.denyWithinAllow || [],
      ...literalDenyWithinAllow ?? []
    ]
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/http-proxy.js
import { Agent, createServer as createServer2 } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest2 } from "node:https";
import { connect, isIP as isIP7 } from "node:net";
import { URL as URL3 } from "node:url";
import { inspect } from "node:util";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/emitted-connection.js
import { createServer } from "node:http";
function runsOnBun() {
  return typeof globalThis.Bun !== "undefined";
}
var probeOverride;
function servesEmittedConnections() {
  return probeOverride?.() ?? createServer().listenerCount("connection") > 0;
}
function runtimeName() {
  const bun = process.versions.bun;
  return bun !== void 0 ? `Bun ${bun}` : `Node ${process.version}`;
}
function assertTlsTerminationSupported() {
  if (servesEmittedConnections())
    return;
  throw new Error(`tlsTerminate needs Node, or Bun 1.4 or later (this is ${runtimeName()})`);
}
function keepFlushedHeaderBatches(sock) {
  const parser = sock.parser;
  if (typeof parser !== "object" || parser === null)
    return;
  const slots = parser;
  const statics = parser.constructor;
  if (typeof statics.kOnHeaders !== "number" || typeof statics.kOnHeadersComplete !== "number" || typeof statics.kOnMessageComplete !== "number") {
    return;
  }
  const onHeaders = statics.kOnHeaders;
  const onHeadersComplete = statics.kOnHeadersComplete;
  const onMessageComplete = statics.kOnMessageComplete;
  const complete = slots[onHeadersComplete];
  const messageComplete = slots[onMessageComplete];
  if (typeof slots[onHeaders] === "function" || typeof complete !== "function" || typeof messageComplete !== "function")
    return;
  let headers = [];
  let url = "";
  slots[onHeaders] = (batch, part2) => {
    headers = headers.concat(batch);
    url += part2;
  };
  slots[onHeadersComplete] = function(...args) {
    if (headers.length > 0 || url !== "") {
      args[2] = Array.isArray(args[2]) ? headers.concat(args[2]) : headers;
      args[4] = url + (typeof args[4] === "string" ? args[4] : "");
      headers = [];
      url = "";
    }
    return complete.apply(this, args);
  };
  slots[onMessageComplete] = function(...args) {
    headers = [];
    url = "";
    return messageComplete.apply(this, args);
  };
}
function writeHeadsAsLatin1(sock) {
  if (runsOnBun())
    sock.setDefaultEncoding("latin1");
}
function createByteBudget(limit) {
  return { limit, used: 0, waiters: /* @__PURE__ */ new Set() };
}
function adjustByteBudget(budget, delta) {
  budget.used += delta;
  if (delta >= 0 || budget.waiters.size === 0)
    return;
  const woken = [...budget.waiters];
  budget.waiters.clear();
  for (const wake of woken)
    wake();
}
function gateSocketOnBufferedBody(req, cap, budget) {
  const socket = req.socket;
  let counted = 0;
  const check = () => {
    const held = req.readableLength;
    if (budget)
      adjustByteBudget(budget, held - counted);
    counted = held;
    if (held > cap || budget !== void 0 && budget.used > budget.limit && held > 0) {
      socket.pause();
    }
  };
  const release = () => {
    socket.off("data", check);
    socket.off("close", release);
    if (budget)
      adjustByteBudget(budget, -counted);
    counted = 0;
  };
  socket.on("data", check);
  req.once("end", release);
  req.once("close", release);
  socket.once("close", release);
}
var endsGracefully = /* @__PURE__ */ new WeakSet();
function markEndsGracefully(socket) {
  endsGracefully.add(socket);
}
function endRequestAfterResponse(req) {
  const socket = req.socket;
  if (!endsGracefully.has(socket) || socket.destroyed) {
    req.destroy();
    return;
  }
  socket.end();
  const backstop = setTimeout(() => req.destroy(), 1e3);
  backstop.unref?.();
  socket.once("close", () => clearTimeout(backstop));
}

// scripts/node-forge-absent.js
var unavailable = () => {
  throw new Error("node-forge is not bundled with loopkit: the sandbox's TLS termination is not available");
};
var part = new Proxy(unavailable, { get: () => part, apply: unavailable, construct: unavailable });
var node_forge_absent_default = part;

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mitm-ca.js
import { sign as cryptoSign, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync as readFileSync2, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join2, dirname as dirname2 } from "node:path";
import { rootCertificates } from "node:tls";
var { asn1, pki, md, random, util } = node_forge_absent_default;
var getTBSCertificate = pki.getTBSCertificate;
var PEM_CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
var CRL_PATH = "/srt.crl";
function caSubjectKeyId(caCert) {
  const ext = caCert.getExtension("subjectKeyIdentifier");
  return ext?.subjectKeyIdentifier ? util.hexToBytes(ext.subjectKeyIdentifier) : caCert.generateSubjectKeyIdentifier().getBytes();
}
function signCertificateNative(cert, keyPem) {
  const oid = pki.oids.sha256WithRSAEncryption;
  cert.siginfo.algorithmOid = oid;
  cert.signatureOid = oid;
  cert.tbsCertificate = getTBSCertificate(cert);
  const tbsDer = asn1.toDer(cert.tbsCertificate).getBytes();
  cert.signature = rsaSha256SignNative(tbsDer, keyPem);
  cert.md = md.sha256.create();
  cert.md.update(tbsDer);
}
function rsaSha256SignNative(der, keyPem) {
  return cryptoSign("sha256", Buffer.from(der, "binary"), keyPem).toString("binary");
}
function createMitmCA(opts) {
  if (opts.caCertPem && opts.caKeyPem) {
    const v = validateCaPair(opts.caCertPem, opts.caKeyPem);
    if (!v.ok)
      throw new Error(`tlsTerminate: CA PEM pair: ${v.reason}`);
    return buildMitmCA(opts.caCertPem, opts.caKeyPem, v.cert, v.key, {
      certPath: opts.caCertPath ?? "",
      keyPath: opts.caKeyPath ?? "",
      extraCaCertPaths: opts.extraCaCertPaths
    });
  }
  if (opts.caCertPath && opts.caKeyPath) {
    return loadCA(opts.caCertPath, opts.caKeyPath, opts.extraCaCertPaths);
  }
  if (opts.caCertPath || opts.caKeyPath) {
    throw new Error("tlsTerminate: caCertPath and caKeyPath must be provided together");
  }
  return generateEphemeralCA(opts.extraCaCertPaths);
}
async function disposeMitmCA(ca) {
  for (const dir of ownedDirs(ca)) {
    try {
      await rm(dir, { recursive: true, force: true });
    } catch (err) {
      logForDebugging(`[mitm-ca] cleanup failed: ${err.message}`, {
        level: "warn"
      });
    }
  }
}
function disposeMitmCASync(ca) {
  for (const dir of ownedDirs(ca)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      logForDebugging(`[mitm-ca] cleanup failed: ${err.message}`, {
        level: "warn"
      });
    }
  }
}
function ownedDirs(ca) {
  const dirs = /* @__PURE__ */ new Set([dirname2(ca.trustBundlePath)]);
  if (ca.ephemeral)
    dirs.add(dirname2(ca.certPath));
  return dirs;
}
function writeTrustBundle(dir, caCertPem, extraCaCertPaths) {
  const parts = [caCertPem.trim(), ...rootCertificates];
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (extra) {
    try {
      parts.push(readFileSync2(extra, "utf8").trim());
    } catch {
    }
  }
  for (const extraPath of extraCaCertPaths ?? []) {
    let raw;
    try {
      raw = readFileSync2(extraPath, "utf8");
    } catch (err) {
      const code = err.code ?? String(err);
      logForDebugging(`[mitm-ca] extraCaCertPaths: cannot read ${extraPath} (${code}); skipping`, { level: "warn" });
      continue;
    }
    const certs = raw.match(PEM_CERT_BLOCK);
    if (!certs) {
      logForDebugging(`[mitm-ca] extraCaCertPaths: ${extraPath} has no PEM CERTIFICATE block; skipping`, { level: "warn" });
      continue;
    }
    parts.push(...certs);
  }
  const path10 = join2(dir, "trust-bundle.crt");
  writeFileSync(path10, parts.join("\n") + "\n", { mode: 420 });
  return path10;
}
function generateEmptyCrl(cert, keyPem) {
  const SHA256_RSA = pki.oids.sha256WithRSAEncryption;
  const sigAlg = () => seq([
    asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(SHA256_RSA).getBytes()),
    asn1.create(C.UNIVERSAL, T.NULL, false, "")
  ]);
  const ext = (oid, value) => seq([
    asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(C.UNIVERSAL, T.OCTETSTRING, false, asn1.toDer(value).getBytes())
  ]);
  const crlExtensions = asn1.create(C.CONTEXT_SPECIFIC, 0, true, [
    seq([
      // authorityKeyIdentifier ::= SEQUENCE { [0] KeyIdentifier }
      ext(pki.oids.authorityKeyIdentifier, seq([asn1.create(C.CONTEXT_SPECIFIC, 0, false, caSubjectKeyId(cert))])),
      // cRLNumber ::= INTEGER — one CRL per CA per session, so a fixed 1.
      ext("2.5.29.20", asn1.create(C.UNIVERSAL, T.INTEGER, false, ""))
    ])
  ]);
  const now = /* @__PURE__ */ new Date();
  const caEnd = cert.validity.notAfter;
  const nextUpdate = caEnd > now ? caEnd : daysFromNow(1);
  const tbsCertList = seq([
    // version v2 == INTEGER 1 (required when crlExtensions is present)
    asn1.create(C.UNIVERSAL, T.INTEGER, false, ""),
    sigAlg(),
    // Issuer Name: RFC 5280 §5.1.2.3 requires this match the CA subject
    // byte-for-byte. node-forge normalises DN attributes on parse (its
    // certificateFromPem re-encodes via distinguishedNameToAsn1 too, so the
    // "original" DER isn't recoverable via the library), which means a
    // user-supplied CA whose subject uses e.g. multi-valued RDNs or a
    // non-canonical string type could produce a differently-encoded issuer
    // here. Schannel matches on AKI keyid (present above) not issuer DN, and
    // the ephemeral CA is generated by the same encoder, so this holds in
    // practice; noted for completeness.
    pki.distinguishedNameToAsn1(cert.subject),
    asn1Time(now),
    asn1Time(nextUpdate),
    // revokedCertificates: OMITTED. RFC 5280: "When there are no revoked
    // certificates, the revoked certificates list MUST be absent."
    crlExtensions
  ]);
  const sig = rsaSha256SignNative(asn1.toDer(tbsCertList).getBytes(), keyPem);
  const crl = seq([
    tbsCertList,
    sigAlg(),
    // BIT STRING: leading 0x00 = zero unused bits.
    asn1.create(C.UNIVERSAL, T.BITSTRING, false, "\0" + sig)
  ]);
  return Buffer.from(asn1.toDer(crl).getBytes(), "binary");
}
var C = asn1.Class;
var T = asn1.Type;
function seq(v) {
  return asn1.create(C.UNIVERSAL, T.SEQUENCE, true, v);
}
function asn1Time(d) {
  return d.getUTCFullYear() < 2050 ? asn1.create(C.UNIVERSAL, T.UTCTIME, false, asn1.dateToUtcTime(d)) : asn1.create(C.UNIVERSAL, T.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(d));
}
function loadCA(certPath, keyPath, extraCaCertPaths) {
  const certPem = readPem(certPath, "CERTIFICATE", "tlsTerminate.caCertPath");
  const keyPem = readPem(keyPath, "PRIVATE KEY", "tlsTerminate.caKeyPath");
  const v = validateCaPair(certPem, keyPem);
  if (!v.ok) {
    throw new Error(`tlsTerminate: CA at ${certPath}: ${v.reason}`);
  }
  logForDebugging(`[mitm-ca] loaded CA from ${certPath}`);
  return buildMitmCA(certPem, keyPem, v.cert, v.key, {
    certPath,
    keyPath,
    extraCaCertPaths
  });
}
function buildMitmCA(certPem, keyPem, cert, key, opts) {
  const bundleDir = mkdtempSync(join2(tmpdir(), "srt-ca-"));
  return {
    certPath: opts.certPath,
    keyPath: opts.keyPath,
    trustBundlePath: writeTrustBundle(bundleDir, certPem, opts.extraCaCertPaths),
    certPem,
    keyPem,
    cert,
    key,
    leafCerts: /* @__PURE__ */ new Map(),
    secureContexts: /* @__PURE__ */ new Map(),
    crlDer: generateEmptyCrl(cert, keyPem),
    ephemeral: opts.ephemeral ?? false
  };
}
function generateCa(opts = {}) {
  const keys = pki.rsa.generateKeyPair(2048);
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = daysFromNow(-1);
  cert.validity.notAfter = daysFromNow(opts.validityDays ?? 825);
  const subject = [
    { name: "commonName", value: opts.cn ?? "sandbox-runtime ephemeral CA" },
    { name: "organizationName", value: "sandbox-runtime" }
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    {
      name: "keyUsage",
      critical: true,
      keyCertSign: true,
      cRLSign: true,
      digitalSignature: true
    },
    { name: "subjectKeyIdentifier" }
  ]);
  const keyPem = pki.privateKeyToPem(keys.privateKey);
  signCertificateNative(cert, keyPem);
  return {
    certPem: pki.certificateToPem(cert),
    keyPem,
    cert,
    key: keys.privateKey
  };
}
function certThumbprint(certPem) {
  return new X509Certificate(certPem).fingerprint.replace(/:/g, "").toUpperCase();
}
function validateCaPair(certPem, keyPem) {
  let cert;
  let key;
  try {
    cert = pki.certificateFromPem(certPem);
    key = pki.privateKeyFromPem(keyPem);
  } catch (err) {
    return { ok: false, reason: `parse: ${err.message}` };
  }
  if (!("n" in key) || !("d" in key)) {
    return { ok: false, reason: "key is not RSA" };
  }
  if (cert.validity.notBefore.getTime() > Date.now()) {
    return {
      ok: false,
      reason: `notBefore ${cert.validity.notBefore.toISOString()} is in the future (clock skew?)`
    };
  }
  const pub = cert.publicKey;
  if (!("n" in pub) || pub.n.compareTo(key.n)) {
    return { ok: false, reason: "key does not match certificate public key" };
  }
  let thumbprint;
  try {
    thumbprint = certThumbprint(certPem);
  } catch (err) {
    return { ok: false, reason: `thumbprint: ${err.message}` };
  }
  return {
    ok: true,
    thumbprint,
    notAfter: cert.validity.notAfter,
    cert,
    key
  };
}
function generateEphemeralCA(extraCaCertPaths) {
  const { certPem, keyPem, cert, key } = generateCa();
  const dir = mkdtempSync(join2(tmpdir(), "srt-ca-"));
  const certPath = join2(dir, "ca.crt");
  const keyPath = join2(dir, "ca.key");
  writeFileSync(certPath, certPem, { mode: 420 });
  writeFileSync(keyPath, keyPem, { mode: 384 });
  logForDebugging(`[mitm-ca] generated ephemeral CA at ${certPath}`);
  return buildMitmCA(certPem, keyPem, cert, key, {
    certPath,
    keyPath,
    extraCaCertPaths,
    ephemeral: true
  });
}
function readPem(path10, label, field) {
  let pem;
  try {
    pem = readFileSync2(path10, "utf8");
  } catch (err) {
    const code = err.code ?? String(err);
    throw new Error(`${field}: cannot read ${path10} (${code})`);
  }
  if (!new RegExp(`-----BEGIN [A-Z ]*${label}-----`).test(pem)) {
    throw new Error(`${field}: ${path10} is not a PEM ${label}`);
  }
  return pem;
}
function randomSerial() {
  const hex = util.bytesToHex(random.getBytesSync(16));
  const firstNibble = parseInt(hex[0], 16) & 3 | 4;
  return firstNibble.toString(16) + hex.slice(1);
}
function daysFromNow(days) {
  const d = /* @__PURE__ */ new Date();
  d.setDate(d.getDate() + days);
  return d;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/request-filter.js
import { METHODS } from "node:http";
import { isIP as isIP5 } from "node:net";
import { PassThrough, Readable } from "node:stream";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/resolved-address-guard.js
import { lookup as dnsLookup } from "node:dns";
import { BlockList as BlockList3, isIP as isIP4 } from "node:net";
import { networkInterfaces } from "node:os";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js
import { isIP as isIP3 } from "node:net";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js
import { BlockList as BlockList2, connect as netConnect, isIP as isIP2 } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { URL as URL2 } from "node:url";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/address.js
import { BlockList, isIP } from "node:net";
var LOOPBACK_RANGES = ["127.0.0.0/8", "::1"];
function ipFamily(address) {
  const fam = isIP(address);
  return fam === 4 ? "ipv4" : fam === 6 ? "ipv6" : void 0;
}
function parseAddressRange(entry) {
  const slash = entry.indexOf("/");
  const address = stripZone(slash === -1 ? entry : entry.slice(0, slash));
  const family = ipFamily(address);
  if (!family)
    return void 0;
  const max = family === "ipv6" ? 128 : 32;
  let prefix = max;
  if (slash !== -1) {
    const raw = entry.slice(slash + 1);
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > max)
      return void 0;
    prefix = Number(raw);
  }
  const mapped = family === "ipv6" ? mappedIPv4(address) : void 0;
  if (mapped !== void 0) {
    return prefix < 96 ? void 0 : { address: mapped, prefix: prefix - 96, family: "ipv4" };
  }
  return { address, prefix, family };
}
function addRange(list, entry) {
  const range = parseAddressRange(entry);
  if (!range)
    return false;
  try {
    list.addSubnet(range.address, range.prefix, range.family);
  } catch {
    return false;
  }
  return true;
}
function buildAddressSet(entries) {
  const list = new BlockList();
  for (const entry of entries) {
    if (!addRange(list, entry)) {
      throw new Error(`Invalid IP address or CIDR range: ${JSON.stringify(entry)}`);
    }
  }
  return list;
}
function addressInSet(list, address) {
  const addr = stripZone(address);
  const family = ipFamily(addr);
  return family !== void 0 && list.check(addr, family);
}
function stripZone(address) {
  const pct = address.indexOf("%");
  return pct === -1 ? address : address.slice(0, pct);
}
function ipv6Groups(address) {
  let host;
  try {
    host = new URL(`http://[${stripZone(address)}]/`).hostname.slice(1, -1);
  } catch {
    return void 0;
  }
  const [head = "", tail] = host.split("::");
  const lead = head ? head.split(":") : [];
  const rest = tail ? tail.split(":") : [];
  const fill = tail === void 0 ? 0 : 8 - lead.length - rest.length;
  if (fill < 0 || lead.length + fill + rest.length !== 8)
    return void 0;
  return [...lead, ...Array(fill).fill("0"), ...rest].map((g) => parseInt(g, 16));
}
var dottedQuad = (hi, lo) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
function mappedIPv4(address) {
  if (!/ffff/i.test(address))
    return void 0;
  const g = ipv6Groups(address);
  return g && g.slice(0, 5).every((x) => x === 0) && g[5] === 65535 ? dottedQuad(g[6], g[7]) : void 0;
}
function embeddedIPv4(address) {
  if (isIP(address) !== 6)
    return void 0;
  const g = ipv6Groups(address);
  if (!g)
    return void 0;
  const zero = (from, to) => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 8194)
    return dottedQuad(g[1], g[2]);
  const low = dottedQuad(g[6], g[7]);
  if (g[0] === 100 && g[1] === 65435 && zero(2, 6))
    return low;
  if (zero(0, 5) && (g[5] === 0 || g[5] === 65535))
    return low;
  if (zero(0, 4) && g[4] === 65535 && g[5] === 0)
    return low;
  return void 0;
}
var LOOPBACK = buildAddressSet(LOOPBACK_RANGES);
function isLoopbackAddress(address) {
  return addressInSet(LOOPBACK, address);
}
function isLoopbackName(hostname) {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js
var CONNECT_TIMEOUT_MS = 3e4;
var HOP_BY_HOP = /* @__PURE__ */ new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade"
]);
function resolveParentProxy(cfg) {
  const http = cfg?.http ?? process.env.HTTP_PROXY ?? process.env.http_proxy ?? void 0;
  const https = cfg?.https ?? process.env.HTTPS_PROXY ?? process.env.https_proxy ?? // Fall back to HTTP_PROXY for HTTPS if HTTPS_PROXY is unset — this is
  // the de-facto behaviour of curl and most tooling.
  http;
  const noProxyRaw = cfg?.noProxy ?? process.env.NO_PROXY ?? process.env.no_proxy ?? "";
  if (!http && !https)
    return void 0;
  const parse = (u) => {
    if (!u)
      return void 0;
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(u);
    const withScheme = hasScheme ? u : `http://${u}`;
    try {
      const parsed = new URL2(withScheme);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:" || !parsed.hostname) {
        throw new Error("unsupported scheme or empty host");
      }
      return parsed;
    } catch {
      logForDebugging(`Invalid parent proxy URL, ignoring: ${redactUserinfo(u)}`, { level: "error" });
      return void 0;
    }
  };
  const httpUrl = parse(http);
  const httpsUrl = parse(https);
  if (!httpUrl && !httpsUrl)
    return void 0;
  return { httpUrl, httpsUrl, noProxy: parseNoProxy(noProxyRaw) };
}
function parseNoProxy(raw) {
  const rules = {
    all: false,
    suffixes: [],
    cidr: new BlockList2()
  };
  for (let entry of raw.split(",")) {
    entry = entry.trim();
    if (!entry)
      continue;
    if (entry === "*") {
      rules.all = true;
      continue;
    }
    if (entry.includes("/")) {
      addRange(rules.cidr, entry);
      continue;
    }
    let v = entry.toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
    if (bracketed)
      v = bracketed[1];
    if (v.startsWith("*."))
      v = v.slice(1);
    if (!isIP2(v)) {
      const colon = v.lastIndexOf(":");
      if (colon !== -1 && /^\d+$/.test(v.slice(colon + 1))) {
        v = v.slice(0, colon);
      }
    } else if (addRange(rules.cidr, v)) {
      continue;
    }
    rules.suffixes.push(v);
  }
  return rules;
}
function shouldBypassParentProxy(resolved, host) {
  const h = stripBrackets(host.toLowerCase().replace(/\.$/, ""));
  if (h === "localhost" || isLoopbackAddress(h))
    return true;
  if (resolved.noProxy.all)
    return true;
  if (addressInSet(resolved.noProxy.cidr, h))
    return true;
  for (const v of resolved.noProxy.suffixes) {
    if (v.startsWith(".")) {
      if (h === v.slice(1) || h.endsWith(v))
        return true;
    } else {
      if (h === v || h.endsWith("." + v))
        return true;
    }
  }
  return false;
}
function selectParentProxyUrl(resolved, opts) {
  if (opts.isHttps)
    return resolved.httpsUrl ?? resolved.httpUrl;
  return resolved.httpUrl;
}
function openConnectTunnel(opts) {
  const { destHost, destPort } = opts;
  const bare = stripBrackets(destHost);
  if (!isValidHost(bare)) {
    return Promise.reject(new Error(`Invalid destination host for CONNECT: ${JSON.stringify(destHost)}`));
  }
  if (!Number.isInteger(destPort) || destPort < 1 || destPort > 65535) {
    return Promise.reject(new Error(`Invalid destination port: ${destPort}`));
  }
  const authority = isIP2(bare) === 6 ? `[${bare}]:${destPort}` : `${bare}:${destPort}`;
  return new Promise((resolve6, reject) => {
    const sock = opts.dial();
    let settled = false;
    const fail = (err) => {
      if (settled)
        return;
      settled = true;
      sock.destroy();
      reject(err);
    };
    const onClose = () => fail(new Error("Proxy closed during CONNECT handshake"));
    sock.setTimeout(opts.timeoutMs ?? CONNECT_TIMEOUT_MS, () => fail(new Error("CONNECT handshake timed out")));
    sock.once("error", fail);
    sock.once("close", onClose);
    sock.once(opts.readyEvent, () => {
      sock.write(`CONNECT ${authority} HTTP/1.1\r
Host: ${authority}\r
` + (opts.authHeader ? `Proxy-Authorization: ${opts.authHeader}\r
` : "") + "\r\n");
      let buf = "";
      const onData = (chunk) => {
        buf += chunk.toString("latin1");
        const end = buf.indexOf("\r\n\r\n");
        if (end === -1) {
          if (buf.length > 16 * 1024)
            fail(new Error("CONNECT response header too large"));
          return;
        }
        sock.pause();
        sock.removeListener("data", onData);
        const statusLine = buf.slice(0, buf.indexOf("\r\n"));
        if (!/^HTTP\/1\.[01] 2\d\d(?:\s|$)/.test(statusLine)) {
          return fail(new Error(`Proxy refused CONNECT: ${statusLine.trim()}`));
        }
        const rest = buf.slice(end + 4);
        if (rest.length)
          sock.unshift(Buffer.from(rest, "latin1"));
        settled = true;
        sock.setTimeout(0);
        sock.removeListener("error", fail);
        sock.removeListener("close", onClose);
        resolve6(sock);
      };
      sock.on("data", onData);
    });
  });
}
function connectViaParentProxy(proxyUrl, destHost, destPort) {
  const proxyHost = stripBrackets(proxyUrl.hostname);
  const proxyPort = Number(proxyUrl.port) || (proxyUrl.protocol === "https:" ? 443 : 80);
  const useTls = proxyUrl.protocol === "https:";
  return openConnectTunnel({
    destHost,
    destPort,
    authHeader: proxyAuthHeader(proxyUrl),
    readyEvent: useTls ? "secureConnect" : "connect",
    dial: () => useTls ? tlsConnect({
      host: proxyHost,
      port: proxyPort,
      // SNI must be a hostname, never an IP literal (RFC 6066 §3).
      ...isIP2(proxyHost) ? {} : { servername: proxyHost }
    }) : netConnect(proxyPort, proxyHost)
  });
}
function proxyAuthHeader(proxyUrl) {
  if (!proxyUrl.username && !proxyUrl.password)
    return void 0;
  try {
    const creds = `${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`;
    return `Basic ${Buffer.from(creds).toString("base64")}`;
  } catch {
    const creds = `${proxyUrl.username}:${proxyUrl.password}`;
    return `Basic ${Buffer.from(creds).toString("base64")}`;
  }
}
function relayResponseHead(res, upstreamRes, headers = stripHopByHop(upstreamRes.headers)) {
  try {
    res.writeHead(upstreamRes.statusCode ?? 502, headers);
    return true;
  } catch (err) {
    logForDebugging(`Invalid upstream response head (status ${upstreamRes.statusCode}): ${err instanceof Error ? err.message : String(err)}`, { level: "error" });
    upstreamRes.destroy();
    if (res.headersSent) {
      res.destroy();
      return false;
    }
    for (const name of res.getHeaderNames())
      res.removeHeader(name);
    res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("Bad Gateway");
    return false;
  }
}
function onUpstreamError(upstream, fail) {
  let answer2;
  upstream.once("response", (res) => {
    answer2 = res;
  });
  upstream.on("error", (err) => {
    if (answer2?.complete) {
      logForDebugging(`Upstream connection failed after a whole answer: ${err.message}`);
      return;
    }
    fail(err);
  });
}
function stripHopByHop(h, { folded = false } = {}) {
  const norm = (name) => {
    const lower = name.trim().toLowerCase();
    return folded ? lower.replace(/[_.]/g, "-") : lower;
  };
  const extra = /* @__PURE__ */ new Set();
  const connHeader = h.connection;
  if (connHeader) {
    for (const tok of String(connHeader).split(",")) {
      extra.add(norm(tok));
    }
  }
  const out = {};
  for (const [k, v] of Object.entries(h)) {
    const nk = norm(k);
    if (!HOP_BY_HOP.has(nk) && !extra.has(nk))
      out[k] = v;
  }
  return out;
}
function stripBrackets(host) {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
function redactUrl(u) {
  if (!u)
    return "-";
  if (!u.username && !u.password)
    return u.href;
  const c = new URL2(u.href);
  c.username = "***";
  c.password = "***";
  return c.href;
}
function redactUserinfo(raw) {
  return raw.replace(/\/\/[^@/]*@/, "//***:***@");
}
function isValidHost(h) {
  if (!h || h.length > 255)
    return false;
  const bare = stripBrackets(h);
  if (bare.includes("%"))
    return false;
  if (isIP2(bare))
    return true;
  return /^[A-Za-z0-9._-]+$/.test(bare);
}
function canonicalizeHost(h) {
  try {
    const bare = stripBrackets(h);
    const bracketed = isIP2(bare) === 6 ? `[${bare}]` : bare;
    const out = stripBrackets(new URL2(`http://${bracketed}/`).hostname);
    return isIP2(out) === 6 ? mappedIPv4(out) ?? out : out.replace(/\.$/, "");
  } catch {
    return void 0;
  }
}
function formatAuthority(host, port, defaultPort) {
  const bracketed = isIP2(host) === 6 ? `[${host}]` : host;
  return port === defaultPort ? bracketed : `${bracketed}:${port}`;
}
async function directRequestOptions(host, port, lookup, tls) {
  let address = host;
  if (lookup && !isIP2(host)) {
    const probe = await dialDirect(host, port, lookup);
    address = probe.remoteAddress ?? "";
    probe.destroy();
    if (!address)
      throw new Error(`connect ${host}:${port}: no peer address`);
  }
  return {
    host: address,
    port,
    ...tls && !isIP2(host) ? { servername: host } : {},
    agent: false
  };
}
function dialDirect(host, port, lookup, timeoutMs = CONNECT_TIMEOUT_MS) {
  return new Promise((resolve6, reject) => {
    const s = netConnect({ port, host, lookup });
    let settled = false;
    const done = (err) => {
      if (settled)
        return;
      settled = true;
      s.setTimeout(0);
      if (err) {
        s.destroy();
        reject(err);
      } else {
        resolve6(s);
      }
    };
    s.setTimeout(timeoutMs, () => done(new Error("connect timed out")));
    s.once("connect", () => done());
    s.once("error", done);
    s.once("close", () => done(new Error("socket closed before connect")));
  });
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js
function dropZone(host) {
  const pct = host.indexOf("%");
  return pct === -1 ? host : host.slice(0, pct);
}
function splitDomainPatternPort(pattern) {
  if (pattern.startsWith("[")) {
    const close = pattern.indexOf("]");
    if (close === -1)
      return { hostPattern: pattern, port: void 0 };
    const inner = dropZone(pattern.slice(1, close));
    const host = canonicalizeHost(inner) ?? inner;
    const rest = pattern.slice(close + 1);
    if (rest === "")
      return { hostPattern: host, port: void 0 };
    const port2 = parsePortSuffix(rest.startsWith(":") ? rest.slice(1) : "");
    return port2 === void 0 ? { hostPattern: pattern, port: void 0 } : { hostPattern: host, port: port2 };
  }
  const idx = pattern.lastIndexOf(":");
  if (idx === -1)
    return { hostPattern: pattern, port: void 0 };
  if (pattern.indexOf(":") !== idx) {
    const host = dropZone(pattern);
    return {
      hostPattern: canonicalizeHost(host) ?? host,
      port: void 0
    };
  }
  const port = parsePortSuffix(pattern.slice(idx + 1));
  if (port === void 0)
    return { hostPattern: pattern, port: void 0 };
  return { hostPattern: pattern.slice(0, idx), port };
}
function parsePortSuffix(suffix) {
  if (!/^[1-9][0-9]{0,4}$/.test(suffix))
    return void 0;
  const port = Number(suffix);
  return port > 65535 ? void 0 : port;
}
function isValidDomainPattern(val) {
  if (isIP3(val) === 6)
    return true;
  if (val.includes("://") || val.includes("/") || val.includes(":")) {
    return false;
  }
  if (val === "localhost")
    return true;
  if (val.startsWith("*.")) {
    const domain = val.slice(2);
    if (!domain.includes(".") || domain.startsWith(".") || domain.endsWith(".")) {
      return false;
    }
    const parts = domain.split(".");
    return parts.length >= 2 && parts.every((p) => p.length > 0);
  }
  if (val.includes("*")) {
    return false;
  }
  return val.includes(".") && !val.startsWith(".") && !val.endsWith(".");
}
var DOMAIN_PATTERN_MESSAGE = 'Invalid domain pattern. Must be a valid domain (e.g., "example.com"), a wildcard (e.g., "*.example.com"), or a bracketed IPv6 literal (e.g., "[::1]", "[2001:db8::1]:443"). Overly broad patterns like "*.com" or "*" are not allowed for security reasons.';
function hasValidIpv6Bracketing(val) {
  const first = val.indexOf(":");
  const multiColon = first !== -1 && val.indexOf(":", first + 1) !== -1;
  return !multiColon || val.startsWith("[");
}
function isValidAllowedDomainEntry(val) {
  return hasValidIpv6Bracketing(val) && isValidDomainPattern(splitDomainPatternPort(val).hostPattern);
}
var ALLOWED_DOMAIN_ENTRY_MESSAGE = DOMAIN_PATTERN_MESSAGE + ' An optional ":port" suffix (1-65535) restricts the entry to that port.';
function ipLiteralRules(entries) {
  return entries.flatMap((entry) => {
    const { hostPattern, port } = splitDomainPatternPort(entry);
    return isIP3(hostPattern) ? [{ range: hostPattern, port }] : [];
  });
}
function stripDomainPatternPort(pattern) {
  return splitDomainPatternPort(pattern).hostPattern;
}
function matchesDomainPattern(hostname, pattern) {
  const h = hostname.toLowerCase();
  if (pattern === "*")
    return true;
  if (pattern.startsWith("*.")) {
    if (isIP3(stripBrackets(h)))
      return false;
    const baseDomain = pattern.substring(2).toLowerCase();
    return h.endsWith("." + baseDomain);
  }
  return h === pattern.toLowerCase();
}
function matchesDomainPatternWithPort(hostname, port, pattern) {
  const { hostPattern, port: patternPort } = splitDomainPatternPort(pattern);
  if (patternPort !== void 0 && patternPort !== port)
    return false;
  return matchesDomainPattern(hostname, hostPattern);
}
function isInjectHostCoveredByAllowedDomains(injectHost, allowedDomains) {
  const allowedHosts = allowedDomains.map(stripDomainPatternPort);
  if (!injectHost.startsWith("*.")) {
    return allowedHosts.some((p) => matchesDomainPattern(injectHost, p));
  }
  const injectBase = injectHost.slice(2).toLowerCase();
  return allowedHosts.some((p) => {
    if (!p.startsWith("*."))
      return false;
    const allowedBase = p.slice(2).toLowerCase();
    return injectBase === allowedBase || injectBase.endsWith("." + allowedBase);
  });
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/resolved-address-guard.js
var CLOUD_METADATA_ADDRESSES = [
  "100.100.100.200",
  // Alibaba Cloud
  "168.63.129.16",
  // Azure WireServer / host agent endpoint
  "192.0.0.192",
  // Oracle Cloud Infrastructure Classic
  "fd00:ec2::/32",
  // AWS IPv6 service block: IMDS ::254, EKS Pod Identity ::23, DNS, NTP
  "fd20:ce::254",
  // Google Cloud, IPv6-only instances
  "fd00:c1::a9fe:a9fe",
  // Oracle Cloud Infrastructure IPv6
  "fd00:42::42",
  // Scaleway IPv6
  "fd00:a9fe:a9fe::1",
  // Akamai / Linode IPv6
  "fd00:100::100:200"
  // Alibaba Cloud IPv6
];
var DENIED_CLASSES = [
  ["a loopback address", LOOPBACK_RANGES],
  ["an unspecified address", ["0.0.0.0/8", "::"]],
  // connects to the local host on common stacks
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  // incl. most instance-metadata endpoints
  ["a multicast address", ["224.0.0.0/4", "ff00::/8"]],
  ["the broadcast address", ["255.255.255.255"]],
  ["a cloud metadata address", CLOUD_METADATA_ADDRESSES]
];
var REASON_ORDER = [
  "a deny-listed address",
  ...DENIED_CLASSES.map(([why]) => why),
  "a listed address",
  "one of this host's addresses",
  "a non-loopback address",
  "an unparsable address"
];
function localInterfaceAddresses() {
  let byInterface;
  try {
    byInterface = networkInterfaces();
  } catch {
    return [];
  }
  return Object.values(byInterface).flat().flatMap((i) => i ? [i.address] : []);
}
var ResolvedAddressDeniedError = class extends Error {
  /**
   * @param reason parenthetical for the violation line and the client, e.g.
   *   `resolved to a loopback address` — the class, never the address, which
   *   the sandboxed client should not learn from a refusal.
   * @param addresses the refused addresses, for operator logs.
   */
  constructor(hostname, reason, addresses) {
    super(`Connection to ${hostname} blocked: ${reason}`);
    this.hostname = hostname;
    this.reason = reason;
    this.addresses = addresses;
    this.code = "ERR_SRT_RESOLVED_ADDRESS_DENIED";
    this.name = "ResolvedAddressDeniedError";
  }
};
function isResolvedAddressDenied(err) {
  return err instanceof ResolvedAddressDeniedError;
}
function buildRuleSet(rules) {
  const set = { anyPort: new BlockList3(), byPort: /* @__PURE__ */ new Map() };
  for (const rule of rules) {
    const { range, port } = typeof rule === "string" ? { range: rule, port: void 0 } : rule;
    let list = port === void 0 ? set.anyPort : set.byPort.get(port);
    if (!list)
      set.byPort.set(port, list = new BlockList3());
    if (!addRange(list, range)) {
      throw new Error(`Invalid IP address or CIDR range: ${JSON.stringify(range)}`);
    }
  }
  return set;
}
function inRuleSet(set, address, port) {
  const forPort = set.byPort.get(port);
  return addressInSet(set.anyPort, address) || forPort !== void 0 && addressInSet(forPort, address);
}
function createResolvedAddressGuard(opts = {}) {
  const refused = buildRuleSet(ipLiteralRules(opts.deniedDomains ?? []));
  const allowed = buildRuleSet(ipLiteralRules(opts.allowedDomains ?? []));
  const denied = [
    ...DENIED_CLASSES.map(([why, ranges]) => [why, buildRuleSet(ranges)]),
    ["a listed address", buildRuleSet(opts.deniedResolvedAddresses ?? [])]
  ];
  const resolve6 = opts.resolve ?? dnsLookup;
  const localSet = () => {
    const list = new BlockList3();
    for (const a of (opts.localAddresses ?? localInterfaceAddresses)()) {
      addRange(list, a);
    }
    return list;
  };
  const denial = (hostname, address, port, local) => {
    if (isIP4(hostname))
      return void 0;
    if (!isIP4(address))
      return "an unparsable address";
    const v4 = embeddedIPv4(address);
    const denies = (set) => inRuleSet(set, address, port) || v4 !== void 0 && inRuleSet(set, v4, port);
    if (denies(refused))
      return "a deny-listed address";
    if (inRuleSet(allowed, address, port))
      return void 0;
    if (isLoopbackName(hostname)) {
      return isLoopbackAddress(address) ? void 0 : "a non-loopback address";
    }
    const why = denied.find(([, set]) => denies(set))?.[0];
    if (why)
      return why;
    if (addressInSet(local, address) || v4 !== void 0 && addressInSet(local, v4))
      return "one of this host's addresses";
    return void 0;
  };
  const lookupFor = (port) => (hostname, options, callback) => {
    resolve6(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, []);
        return;
      }
      const local = localSet();
      const kept = [];
      const dropped = [];
      const whys = /* @__PURE__ */ new Set();
      for (const a of addresses) {
        const why = denial(hostname, a.address, port, local);
        if (why === void 0)
          kept.push(a);
        else {
          dropped.push(a.address);
          whys.add(why);
        }
      }
      const classes = REASON_ORDER.filter((w) => whys.has(w));
      if (dropped.length) {
        logForDebugging(`Denied address(es) for ${hostname}:${port}: ${dropped.join(", ")} (${classes.join("; ")})`);
      }
      const first = kept[0];
      if (!first) {
        const none = dropped.length ? new ResolvedAddressDeniedError(hostname, `resolved to ${classes.join(" / ")}`, dropped) : Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: "ENOTFOUND"
        });
        callback(none, []);
        return;
      }
      if (options.all)
        callback(null, kept);
      else
        callback(null, first.address, first.family);
    });
  };
  return {
    permits: (hostname, address, port) => denial(hostname, address, port, localSet()) === void 0,
    lookupFor
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-violation-store.js
var SandboxViolationStore = class {
  constructor() {
    this.violations = [];
    this.totalCount = 0;
    this.maxSize = 100;
    this.listeners = /* @__PURE__ */ new Set();
  }
  addViolation(violation) {
    this.violations.push({
      ...violation,
      line: sanitizeViolationText(violation.line)
    });
    this.totalCount++;
    if (this.violations.length > this.maxSize) {
      this.violations = this.violations.slice(-this.maxSize);
    }
    this.notifyListeners();
  }
  getViolations(limit) {
    if (limit === void 0) {
      return [...this.violations];
    }
    return this.violations.slice(-limit);
  }
  getCount() {
    return this.violations.length;
  }
  getTotalCount() {
    return this.totalCount;
  }
  getViolationsForCommand(command) {
    const commandBase64 = encodeSandboxedCommand(command);
    return this.violations.filter((v) => v.encodedCommand === commandBase64);
  }
  clear() {
    this.violations = [];
    this.notifyListeners();
  }
  subscribe(listener) {
    this.listeners.add(listener);
    listener(this.getViolations());
    return () => {
      this.listeners.delete(listener);
    };
  }
  notifyListeners() {
    const violations = this.getViolations();
    this.listeners.forEach((listener) => listener(violations));
  }
};
function shouldIgnoreViolation(line, command, ignoreViolations) {
  if (!ignoreViolations) {
    return false;
  }
  const wildcardPatterns = ignoreViolations["*"] ?? [];
  if (wildcardPatterns.some((p) => line.includes(p))) {
    return true;
  }
  if (command === void 0) {
    return false;
  }
  for (const [pattern, patterns] of Object.entries(ignoreViolations)) {
    if (pattern !== "*" && command.includes(pattern) && patterns.some((p) => line.includes(p))) {
      return true;
    }
  }
  return false;
}
var DISPLAY_UNSAFE_CHARACTERS = /[\x00-\x1f\x7f-\x9f\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]+/gu;
function sanitizeViolationText(text2) {
  return text2.replace(DISPLAY_UNSAFE_CHARACTERS, " ").replace(/[<>]/g, "").trim();
}
function sanitizeUnregisteredCommandKey(decodedKey) {
  return cutBetweenCharacters(sanitizeViolationText(decodedKey), SANDBOXED_COMMAND_KEY_LENGTH);
}
var MAX_DENIAL_REASON_LENGTH = 500;
function sanitizeDenialReason(reason) {
  return cutBetweenCharacters(sanitizeViolationText(reason), MAX_DENIAL_REASON_LENGTH).trimEnd();
}
function cutBetweenCharacters(text2, length) {
  const cut = text2.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/request-filter.js
var BODYLESS_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var ECHO_METHODS = /* @__PURE__ */ new Set(["TRACE", "TRACK"]);
var DEFAULT_DENY_REASON = "denied by sandbox policy";
function destroyAfterResponse(req, res) {
  if (res.destroyed) {
    req.destroy();
    return;
  }
  if (res.writableFinished) {
    endRequestAfterResponse(req);
    return;
  }
  res.once("finish", () => endRequestAfterResponse(req));
  res.once("close", () => {
    if (!res.writableFinished)
      req.destroy();
  });
}
async function decideAndRespond(filterRequest, req, res, url, signal, onDeny, info, denyHeader, canSetHeaders = true) {
  const method = req.method ?? "GET";
  let forCallback;
  let forUpstream = req;
  let shim;
  const declaresBody = Boolean(req.headers["content-length"] || req.headers["transfer-encoding"]);
  const bodylessMethod = BODYLESS_METHODS.has(method);
  if (!bodylessMethod || declaresBody) {
    const teeSource = new PassThrough();
    shim = teeSource;
    teeSource.on("error", () => {
    });
    req.pipe(teeSource);
    const web = Readable.toWeb(teeSource);
    const [a, b] = web.tee();
    forCallback = a;
    forUpstream = Readable.fromWeb(b);
    const upstreamBranch = forUpstream;
    upstreamBranch.on("error", () => {
    });
    req.on("error", (err) => {
      teeSource.end();
      upstreamBranch.destroy(err);
    });
  }
  if (ECHO_METHODS.has(method.toUpperCase())) {
    const reason = `the ${method} method is not forwarded`;
    onDeny?.(method, url, reason);
    deny(res, { action: "deny", status: 405, reason, mark: "method_refused" }, denyHeader);
    forCallback?.cancel().catch(() => {
    });
    endDeniedBody(req, res, forUpstream, shim);
    return null;
  }
  let webReq;
  try {
    const callbackBody = forCallback && !bodylessMethod ? { body: forCallback, duplex: "half" } : {};
    webReq = new Request(url, {
      method,
      headers: incomingHeaders(req),
      signal,
      ...callbackBody
    });
  } catch (err) {
    const reason = `malformed request: ${err.message}`;
    onDeny?.(method, url, reason);
    deny(res, { action: "deny", reason, mark: "bad_request" }, denyHeader);
    forCallback?.cancel().catch(() => {
    });
    endDeniedBody(req, res, forUpstream, shim);
    return null;
  }
  let decision;
  try {
    decision = await filterRequest(webReq, forCallback && bodylessMethod ? { ...info, unshownBody: unshownBodyProbe(req, forCallback) } : info);
  } catch (err) {
    decision = {
      action: "deny",
      reason: `sandbox policy check failed: ${err.message}`
    };
  }
  const malformed = malformedDecisionReason(decision);
  if (malformed !== void 0) {
    decision = {
      action: "deny",
      reason: `malformed filterRequest decision: ${malformed}`
    };
  }
  if (!canSetHeaders && decision.action === "allow" && (decision.setHeaders?.length ?? 0) > 0) {
    decision = {
      action: "deny",
      reason: PLAINTEXT_HEADER_SET_REASON,
      mark: "plaintext_header_set"
    };
  }
  if (forCallback && !webReq.bodyUsed) {
    forCallback.cancel().catch(() => {
    });
  }
  if (decision.action === "allow") {
    logForDebugging(`[request-filter] allow ${method} ${url}`);
    return { body: forUpstream, decision };
  }
  onDeny?.(method, url, decision.reason ?? DEFAULT_DENY_REASON);
  deny(res, decision, denyHeader);
  endDeniedBody(req, res, forUpstream, shim);
  return null;
}
function endDeniedBody(req, res, forUpstream, shim) {
  if (shim !== void 0) {
    req.unpipe(shim);
    shim.pause();
    req.resume();
  }
  if (forUpstream !== req)
    forUpstream.destroy();
  destroyAfterResponse(req, res);
}
function unshownBodyProbe(req, branch) {
  let answer2;
  const probe = async () => {
    if (!req.headers["transfer-encoding"] && Number(req.headers["content-length"]) > 0) {
      return true;
    }
    const reader = branch.getReader();
    try {
      for (; ; ) {
        const { done, value } = await reader.read();
        if (done)
          return false;
        if (value.byteLength > 0)
          return true;
      }
    } finally {
      reader.cancel().catch(() => {
      });
    }
  };
  return () => answer2 ?? (answer2 = probe());
}
var PLAINTEXT_HEADER_SET_REASON = "the allow decision sets headers, and headers are not set on plain-HTTP requests unless plaintext header sets are enabled; nothing was forwarded";
var HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
function malformedDecisionReason(decision) {
  if (typeof decision !== "object" || decision === null)
    return "not an object";
  const d = decision;
  if (d.action !== "allow" && d.action !== "deny")
    return "unknown action";
  if (d.reason !== void 0 && typeof d.reason !== "string") {
    return "reason is not a string";
  }
  if (d.status !== void 0 && typeof d.status !== "number") {
    return "status is not a number";
  }
  if (d.mark !== void 0 && (typeof d.mark !== "string" || !HEADER_NAME.test(d.mark))) {
    return "mark is not a reason code";
  }
  if (d.action === "deny")
    return void 0;
  if (d.onResponse !== void 0 && typeof d.onResponse !== "function") {
    return "onResponse is not a function";
  }
  const removals = d.removeHeaders;
  if (removals !== void 0) {
    if (!Array.isArray(removals))
      return "removeHeaders is not an array";
    for (const name of removals) {
      if (typeof name !== "string" || !HEADER_NAME.test(name)) {
        return "removeHeaders holds an invalid header name";
      }
    }
  }
  const sets = d.setHeaders;
  if (sets !== void 0) {
    if (!Array.isArray(sets))
      return "setHeaders is not an array";
    for (const entry of sets) {
      if (!Array.isArray(entry) || entry.length !== 2) {
        return "setHeaders holds an entry that is not a [name, value] pair";
      }
      const [name, value] = entry;
      if (typeof name !== "string" || !HEADER_NAME.test(name)) {
        return "setHeaders holds an invalid header name";
      }
      if (typeof value !== "string" || !isValidHeaderValue(value)) {
        return "setHeaders holds an invalid header value";
      }
    }
  }
  return void 0;
}
function isValidHeaderValue(value) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 && code !== 9 || code === 127 || code > 255) {
      return false;
    }
  }
  return true;
}
function deny(res, decision, denyHeader) {
  const s = decision.status;
  const status = s !== void 0 && Number.isInteger(s) && s >= 400 && s <= 599 ? s : 403;
  respondDenied(res, decision.reason ?? DEFAULT_DENY_REASON, denyHeader !== void 0 ? { name: denyHeader, value: decision.mark ?? "denied" } : void 0, status);
}
function normalizeRequestTarget(raw, method) {
  if (raw === "*")
    return method === "OPTIONS" ? raw : void 0;
  let url;
  try {
    url = new URL(raw.startsWith("/") ? `http://origin.invalid${raw}` : raw);
  } catch {
    return void 0;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return void 0;
  return `${url.pathname.replace(/^\/{2,}/, "/")}${url.search}`;
}
var MALFORMED_TARGET = "malformed request-target";
var AMBIGUOUS_TARGET = `ambiguous request-target: as spelled and normalized it names different paths (a dot segment, leading slashes or "\\"); nothing was forwarded (network.ambiguousRequestTarget in the sandbox's configuration is "refuse")`;
var percentEncoded = (text2) => Buffer.from(text2).toString("hex").toUpperCase().replace(/../g, "%$&");
function readRequestTarget(raw, method, mode) {
  const target = raw.replace(/#.*/s, "");
  const ascii = target.replace(/[^\0-\x7f]+/g, percentEncoded);
  const normalized = normalizeRequestTarget(ascii, method);
  let spelled = ascii.replace(/^https?:\/\/[^/?#\\]+/i, "");
  if (spelled === "" || spelled.startsWith("?"))
    spelled = "/" + spelled;
  if (normalized === void 0 || !/^(?:\*|\/[!-~]*)$/.test(spelled)) {
    return { refusal: MALFORMED_TARGET };
  }
  if (/[\ufffd\ud800-\udfff]/u.test(target)) {
    return {
      spelled,
      refusal: `${MALFORMED_TARGET}: it holds bytes that are not UTF-8, or U+FFFD`
    };
  }
  const [a, b] = [spelled, normalized].map((t) => t.replace(/["'<>^`{}]/g, percentEncoded));
  const ambiguous = a !== b && a !== b + "?";
  const forwarded = mode === "normalize" ? normalized : mode === "asSpelled" || !ambiguous ? spelled : void 0;
  return {
    spelled,
    normalized,
    ambiguous,
    forwarded,
    refusal: forwarded === void 0 ? AMBIGUOUS_TARGET : void 0
  };
}
function respondRefusedTarget(res, refusal = MALFORMED_TARGET, mark) {
  logForDebugging(`[proxy] ${refusal}`, { level: "warn" });
  respondDenied(res, refusal, mark ?? (refusal === AMBIGUOUS_TARGET ? "ambiguous-request-target" : void 0), 400);
  return refusal;
}
var MAX_REPORTED_TARGET_LENGTH = 200;
function refuseUnparsedRequest(err, socket, mayAnswer, mark = DEFAULT_DENY_TAG) {
  const { code, rawPacket, bytesParsed } = err;
  if (typeof code !== "string" || !code.startsWith("HPE_") || // The input ended in the middle of a message: the client left.
  code === "HPE_INVALID_EOF_STATE") {
    socket.destroy();
    return void 0;
  }
  if (socket.writableEnded)
    return void 0;
  const refused = {
    method: "-",
    target: "",
    reason: `malformed request (${err.message})`
  };
  if (code === "HPE_INVALID_URL") {
    refused.reason = `${MALFORMED_TARGET}: percent-encode its bytes outside printable ASCII`;
    if (Buffer.isBuffer(rawPacket) && typeof bytesParsed === "number") {
      const text2 = rawPacket.toString("latin1");
      const line = /([A-Z-]+) (\/[^ \r\n]*) HTTP\/1\.[01]\r?\n/y;
      line.lastIndex = text2.slice(0, bytesParsed).lastIndexOf("\n") + 1;
      const [, method, target] = line.exec(text2) ?? [];
      if (method !== void 0 && METHODS.includes(method)) {
        refused.method = method;
        refused.target = target.slice(0, MAX_REPORTED_TARGET_LENGTH).replace(/[^!-~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
      }
    }
  }
  logForDebugging(`[proxy] ${refused.reason}`, { level: "warn" });
  if (!mayAnswer || !socket.writable) {
    socket.destroy();
    return refused;
  }
  socket.on("error", () => {
  });
  const [name, value] = denyMarkHeader(mark);
  socket.end(`HTTP/1.1 400 Bad Request\r
Content-Type: text/plain\r
${name}: ${value}\r
Content-Length: ${refused.reason.length + 1}\r
Connection: close\r
\r
${refused.reason}
`);
  setTimeout(() => socket.destroy(), 1e3).unref?.();
  return refused;
}
function requestTargetAsSpelled(raw, { absolute = false } = {}) {
  let target = raw;
  if (absolute) {
    const m = /^https?:\/\/[^/?#]*/i.exec(raw);
    if (!m)
      return void 0;
    target = raw.slice(m[0].length);
    if (target === "" || target.startsWith("?"))
      target = "/" + target;
  }
  if (!target.startsWith("/") || target.startsWith("//"))
    return void 0;
  if (target.startsWith("/\\"))
    return void 0;
  for (let i = 0; i < target.length; i++) {
    const c = target.charCodeAt(i);
    if (c <= 32 || c === 127 || c === 35)
      return void 0;
  }
  return target;
}
function foldHeaderName(name) {
  return name.toLowerCase().replace(/[_.]/g, "-");
}
var UNSETTABLE_HEADERS = /* @__PURE__ */ new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "content-length"
]);
function removeHeadersFolded(headers, names) {
  const drop = /* @__PURE__ */ new Set();
  for (const n of names)
    drop.add(foldHeaderName(n));
  if (drop.size === 0)
    return;
  for (const k of Object.keys(headers)) {
    if (drop.has(foldHeaderName(k)))
      delete headers[k];
  }
}
function applyHeaderEdits(headers, decision) {
  const sets = /* @__PURE__ */ new Map();
  for (const [name, value] of decision.setHeaders ?? []) {
    const folded = foldHeaderName(name);
    if (UNSETTABLE_HEADERS.has(folded))
      continue;
    const entry = sets.get(folded) ?? { name: name.toLowerCase(), values: [] };
    if (!/[\r\n\0]/.test(value))
      entry.values.push(value);
    sets.set(folded, entry);
  }
  const removals = (decision.removeHeaders ?? []).filter((n) => !UNSETTABLE_HEADERS.has(foldHeaderName(n)));
  removeHeadersFolded(headers, [...removals, ...sets.keys()]);
  for (const { name, values } of sets.values()) {
    if (values.length > 0) {
      headers[name] = values.length === 1 ? values[0] : values;
    }
  }
}
function notifyResponse(decision, status, headers) {
  if (!decision?.onResponse)
    return;
  const copy = {};
  for (const [name, value] of Object.entries(headers)) {
    copy[name] = Array.isArray(value) ? [...value] : value;
  }
  try {
    const returned = decision.onResponse(status, copy);
    if (isThenable(returned))
      returned.then(void 0, logResponseFailure);
  } catch (err) {
    logResponseFailure(err);
  }
}
function isThenable(value) {
  return typeof value === "object" && value !== null && typeof value.then === "function";
}
function logResponseFailure(err) {
  logForDebugging(`[request-filter] onResponse failed: ${err?.message ?? String(err)}`, { level: "error" });
}
function hostHeaderValues(rawHeaders) {
  const out = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === "host")
      out.push(rawHeaders[i + 1]);
  }
  return out;
}
function hostMismatch(hostHeaders, serverName, target, requestTargetAuthority) {
  const want = target.hostname.toLowerCase();
  if (serverName !== void 0 && serverName.toLowerCase() !== want) {
    return "TLS server name does not match the request target";
  }
  if (requestTargetAuthority !== void 0 && !namesTarget(requestTargetAuthority, want, target)) {
    return "request-target authority does not match the request target";
  }
  if (hostHeaders.length === 0)
    return void 0;
  if (hostHeaders.length > 1)
    return "more than one Host header";
  if (!namesTarget(hostHeaders[0], want, target)) {
    return "Host header does not match the request target";
  }
  return void 0;
}
function namesTarget(authority, want, target) {
  const parsed = hostAndPort(authority);
  if (parsed === void 0 || parsed.host.toLowerCase() !== want)
    return false;
  return parsed.port === "" ? target.port === target.defaultPort : parsed.port === String(target.port);
}
function hostAndPort(h) {
  let host = h;
  let rest = "";
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    if (end < 0)
      return void 0;
    host = h.slice(1, end);
    rest = h.slice(end + 1);
    if (isIP5(host) !== 6)
      return void 0;
  } else {
    const i = h.indexOf(":");
    if (i >= 0) {
      host = h.slice(0, i);
      rest = h.slice(i);
    }
    if (/[[\]]/.test(host))
      return void 0;
  }
  if (rest === "")
    return { host, port: "" };
  const port = rest.slice(1);
  if (rest[0] !== ":" || port === "" || /[[\]:]/.test(port))
    return void 0;
  return { host, port };
}
var DEFAULT_DENY_TAG = "blocked-by-sandbox-runtime";
function denyMarkHeader(mark) {
  return typeof mark === "string" ? ["X-Proxy-Error", mark] : [mark.name, mark.value];
}
function rawDenied(reason, tag = DEFAULT_DENY_TAG, phrase = "Forbidden") {
  const [name, value] = denyMarkHeader(tag);
  return `HTTP/1.1 403 ${sanitizeDenialReason(String(phrase)).replace(/[^ -~]/gu, "?")}\r
Content-Type: text/plain\r
${name}: ${value}\r
\r
` + reason;
}
function respondDenied(res, reason, tag = DEFAULT_DENY_TAG, status = 403) {
  logForDebugging(`[proxy] deny: ${reason}`);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const [name, value] = denyMarkHeader(tag);
  res.writeHead(status, {
    "Content-Type": "text/plain",
    [name]: value
  });
  res.end(Buffer.from(reason + "\n"));
}
function respondUpstreamError(res, err, denyHeader) {
  if (isResolvedAddressDenied(err)) {
    respondDenied(res, err.message, denyHeader !== void 0 ? { name: denyHeader, value: "address_not_allowed" } : void 0);
  } else if (!res.headersSent) {
    res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("Bad Gateway");
  } else {
    res.destroy();
  }
}
function incomingHeaders(req) {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === void 0)
      continue;
    if (Array.isArray(v)) {
      for (const vv of v)
        h.append(k, vv);
    } else {
      h.append(k, v);
    }
  }
  return h;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/tls-terminate-proxy.js
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createServer as createHttpServer } from "node:http";
import { checkServerIdentity, TLSSocket } from "node:tls";
import { Duplex } from "node:stream";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/body-substitution.js
import { Transform } from "node:stream";
function allLengthMatched(pairs) {
  return pairs.every((p) => p.sentinel.length === p.realValue.length);
}
function prepareBodySubstitution(getBodySubstitutions, req, fwdHeaders, destHost) {
  if (getBodySubstitutions === void 0)
    return void 0;
  const declaresBody = req.headers["content-length"] !== void 0 || req.headers["transfer-encoding"] !== void 0;
  if (BODYLESS_METHODS.has(req.method ?? "GET") && !declaresBody) {
    return void 0;
  }
  const pairs = getBodySubstitutions(destHost);
  if (!pairs?.length)
    return void 0;
  if (req.headers["content-encoding"] !== void 0) {
    logForDebugging(`[body-substitution] ${destHost}: request body has Content-Encoding "${String(req.headers["content-encoding"])}"; masked-credential substitution skipped \u2014 a sentinel in this body reaches the upstream as the fake value`, { level: "warn" });
    return void 0;
  }
  if (!allLengthMatched(pairs)) {
    delete fwdHeaders["content-length"];
  }
  return createBodySubstitutionTransform(pairs);
}
function createBodySubstitutionTransform(pairs) {
  const maxLen = Math.max(...pairs.map((p) => p.sentinel.length));
  let carry;
  return new Transform({
    transform(chunk, encoding, callback) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding);
      const work = carry?.length ? Buffer.concat([carry, buf]) : buf;
      const { out, tail } = substitute(work, pairs, maxLen);
      carry = tail;
      callback(null, out);
    },
    flush(callback) {
      callback(null, carry?.length ? carry : void 0);
    }
  });
}
function substitute(work, pairs, maxLen) {
  const parts = [];
  let pos = 0;
  for (; ; ) {
    let matchIdx = -1;
    let matchPair;
    for (const p of pairs) {
      const i = work.indexOf(p.sentinel, pos);
      if (i !== -1 && (matchIdx === -1 || i < matchIdx)) {
        matchIdx = i;
        matchPair = p;
      }
    }
    if (matchPair === void 0)
      break;
    parts.push(work.subarray(pos, matchIdx), matchPair.realValue);
    pos = matchIdx + matchPair.sentinel.length;
  }
  const tailStart = Math.max(pos, work.length - (maxLen - 1));
  parts.push(work.subarray(pos, tailStart));
  return {
    out: Buffer.concat(parts),
    tail: Buffer.from(work.subarray(tailStart))
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mitm-leaf.js
import { isIP as isIP6 } from "node:net";
import { createSecureContext } from "node:tls";
var { pki: pki2 } = node_forge_absent_default;
function mintLeafCert(ca, hostname) {
  const cached = cacheGet(ca.leafCerts, hostname);
  if (cached)
    return cached;
  const keys = ca.leafKeyPair ?? (ca.leafKeyPair = pki2.rsa.generateKeyPair(2048));
  const cert = pki2.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = randomSerial();
  const notBefore = daysFromNow(-1);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = clampValidity(ca.cert, notBefore);
  cert.setSubject([{ name: "commonName", value: hostname }]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    {
      name: "keyUsage",
      critical: true,
      digitalSignature: true,
      keyEncipherment: true
    },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: [sanFor(hostname)] },
    { name: "subjectKeyIdentifier" },
    // Python ≥3.13 enables ssl.VERIFY_X509_STRICT by default, which enforces
    // RFC 5280's "AKI MUST be present on non-self-signed certs". curl/Go/Node
    // don't enforce this, but requests/urllib3/httpx/google-auth all reject
    // a leaf without AKI under 3.13. See caSubjectKeyId() in mitm-ca.ts for
    // why we can't just pass the CA's stored SKI value through.
    { name: "authorityKeyIdentifier", keyIdentifier: caSubjectKeyId(ca.cert) },
    // Schannel (Windows System32 curl, git's default backend, cargo) checks
    // revocation on the LEAF and hard-fails CRYPT_E_NO_REVOCATION_CHECK when
    // there's no CDP to consult. Point it at the empty CRL the proxy serves
    // on 127.0.0.1 (see MitmCA.crlDer / http-proxy.ts) so the check resolves
    // to "not revoked" instead of "unknown". node-forge encodes CDP with the
    // same {altNames} shape as SAN; type 6 = uniformResourceIdentifier.
    // OpenSSL-backed clients don't check CRLs by default, so a leaf minted
    // before the port is bound (crlUrl unset) works everywhere except
    // Schannel-with-revocation.
    ...ca.crlUrl ? [
      {
        name: "cRLDistributionPoints",
        altNames: [{ type: 6, value: ca.crlUrl }]
      }
    ] : []
  ]);
  signCertificateNative(cert, ca.keyPem);
  const leaf = {
    certPem: pki2.certificateToPem(cert) + ca.certPem,
    keyPem: pki2.privateKeyToPem(keys.privateKey)
  };
  cacheSet(ca.leafCerts, hostname, leaf, ca.cacheLimit ?? LEAF_CACHE_LIMIT);
  logForDebugging(`[mitm-leaf] minted RSA leaf for ${hostname}`);
  return leaf;
}
function secureContextFor(ca, hostname) {
  const cached = cacheGet(ca.secureContexts, hostname);
  if (cached)
    return cached;
  const { certPem, keyPem } = mintLeafCert(ca, hostname);
  const ctx = createSecureContext({ cert: certPem, key: keyPem });
  cacheSet(ca.secureContexts, hostname, ctx, ca.cacheLimit ?? LEAF_CACHE_LIMIT);
  return ctx;
}
function sanFor(hostname) {
  return isIP6(hostname) !== 0 ? { type: 7, ip: hostname } : { type: 2, value: hostname };
}
function clampValidity(caCert, notBefore) {
  const caEnd = caCert.validity.notAfter;
  const max = new Date(notBefore);
  max.setDate(max.getDate() + 99);
  return caEnd < max ? new Date(caEnd) : max;
}
var LEAF_CACHE_LIMIT = 256;
function cacheGet(cache, key) {
  const value = cache.get(key);
  if (value !== void 0) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}
function cacheSet(cache, key, value, limit) {
  cache.set(key, value);
  for (const oldest of cache.keys()) {
    if (cache.size <= limit)
      break;
    cache.delete(oldest);
  }
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/aws-sigv4.js
import { createHash, createHmac } from "node:crypto";
var SIGV4_ALGORITHM = "AWS4-HMAC-SHA256";
var SIGV4A_ALGORITHM = "AWS4-ECDSA-P256-SHA256";
var UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
function detectSigv4(headers, requestTarget) {
  const auth = singleHeader(headers.authorization);
  if (auth !== void 0 && auth.startsWith(SIGV4A_ALGORITHM)) {
    const akid2 = credentialAccessKeyId(auth);
    if (akid2 !== void 0)
      return { kind: "sigv4a", accessKeyId: akid2 };
  } else if (auth !== void 0 && auth.startsWith(SIGV4_ALGORITHM)) {
    const akid2 = credentialAccessKeyId(auth);
    if (akid2 !== void 0) {
      const contentSha = singleHeader(headers["x-amz-content-sha256"]);
      const kind = contentSha?.startsWith("STREAMING-") ? "streaming" : "header-sigv4";
      return { kind, accessKeyId: akid2 };
    }
  }
  const q = requestTarget.indexOf("?");
  if (q === -1)
    return null;
  const params = new URLSearchParams(requestTarget.slice(q + 1));
  if (params.get("X-Amz-Algorithm") !== SIGV4_ALGORITHM)
    return null;
  if (!params.has("X-Amz-Signature"))
    return null;
  const credential = params.get("X-Amz-Credential");
  if (!credential)
    return null;
  const akid = credential.split("/")[0];
  return akid ? { kind: "presigned", accessKeyId: akid } : null;
}
function credentialAccessKeyId(auth) {
  const m = /Credential=([^/,\s]+)\//.exec(auth);
  return m?.[1];
}
function parseSigv4Authorization(auth) {
  if (!auth.startsWith(SIGV4_ALGORITHM))
    return null;
  const cred = /Credential=([^,\s]+)/.exec(auth)?.[1];
  const signedHeaders = /SignedHeaders=([^,\s]+)/.exec(auth)?.[1];
  const signature = /Signature=([0-9a-fA-F]+)/.exec(auth)?.[1];
  if (!cred || !signedHeaders || !signature)
    return null;
  const parts = cred.split("/");
  if (parts.length !== 5 || parts[4] !== "aws4_request")
    return null;
  const [accessKeyId, date, region, service] = parts;
  if (!accessKeyId || !date || !region || !service)
    return null;
  return {
    accessKeyId,
    date,
    region,
    service,
    signedHeaders: signedHeaders.split(";").map((h) => h.toLowerCase()),
    signature
  };
}
function uriEncode(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}
function canonicalUri(rawPath, service) {
  if (rawPath === "")
    return "/";
  if (service === "s3")
    return rawPath;
  const segments = [];
  for (const seg of rawPath.split("/")) {
    if (seg === "" || seg === ".")
      continue;
    if (seg === "..")
      segments.pop();
    else
      segments.push(seg);
  }
  const trailing = segments.length > 0 && rawPath.endsWith("/") ? "/" : "";
  const normalized = `/${segments.join("/")}${trailing}`;
  return uriEncode(normalized).replace(/%2F/gi, "/");
}
function canonicalQueryString(rawQuery) {
  if (rawQuery === "")
    return "";
  const pairs = [];
  for (const part2 of rawQuery.split("&")) {
    if (part2 === "")
      continue;
    const eq = part2.indexOf("=");
    const rawKey = eq === -1 ? part2 : part2.slice(0, eq);
    const rawValue = eq === -1 ? "" : part2.slice(eq + 1);
    pairs.push([uriEncode(safeDecode(rawKey)), uriEncode(safeDecode(rawValue))]);
  }
  pairs.sort(([ak, av], [bk, bv]) => ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0);
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
function trimall(value) {
  return value.trim().replace(/[ \t]+/g, " ");
}
function buildCanonicalRequest(input) {
  const q = input.requestTarget.indexOf("?");
  const rawPath = q === -1 ? input.requestTarget : input.requestTarget.slice(0, q);
  const rawQuery = q === -1 ? "" : input.requestTarget.slice(q + 1);
  const names = [...input.signedHeaders].map((h) => h.toLowerCase()).sort();
  const headerLines = [];
  for (const name of names) {
    const value = name === "host" ? input.hostHeader : input.headers[name];
    if (value === void 0) {
      throw new Error(`signed header "${name}" is missing from the request`);
    }
    const canonical = Array.isArray(value) ? value.map(trimall).join(",") : trimall(String(value));
    headerLines.push(`${name}:${canonical}`);
  }
  return [
    input.method.toUpperCase(),
    canonicalUri(rawPath, input.scope.service),
    canonicalQueryString(rawQuery),
    headerLines.join("\n") + "\n",
    names.join(";"),
    input.payloadHash
  ].join("\n");
}
function buildStringToSign(canonicalRequest, amzDate, scope) {
  return [
    SIGV4_ALGORITHM,
    amzDate,
    `${scope.date}/${scope.region}/${scope.service}/aws4_request`,
    sha256Hex(canonicalRequest)
  ].join("\n");
}
function deriveSigningKey(secretAccessKey, scope) {
  const kDate = hmac(`AWS4${secretAccessKey}`, scope.date);
  const kRegion = hmac(kDate, scope.region);
  const kService = hmac(kRegion, scope.service);
  return hmac(kService, "aws4_request");
}
function signSigv4(input) {
  const canonicalRequest = buildCanonicalRequest(input);
  const stringToSign = buildStringToSign(canonicalRequest, input.amzDate, input.scope);
  const signature = createHmac("sha256", deriveSigningKey(input.secretAccessKey, input.scope)).update(stringToSign, "utf8").digest("hex");
  const names = [...input.signedHeaders].map((h) => h.toLowerCase()).sort();
  const scopeStr = `${input.scope.date}/${input.scope.region}/${input.scope.service}/aws4_request`;
  return {
    authorization: `${SIGV4_ALGORITHM} Credential=${input.accessKeyId}/${scopeStr}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
    signature,
    canonicalRequest,
    stringToSign
  };
}
function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}
function hmac(key, data) {
  return createHmac("sha256", key).update(data, "utf8").digest();
}
function singleHeader(v) {
  return Array.isArray(v) ? v[0] : v;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/tls-terminate-proxy.js
var MAX_SIGV4_RESIGN_BODY_BYTES = 64 * 1024 * 1024;
var BodyTooLargeError = class extends Error {
};
function looksLikeClientHello(buf) {
  return buf.length >= 3 && buf[0] === 22 && buf[1] === 3 && buf[2] <= 3;
}
function peekForClientHello(socket, head) {
  if (head.length >= 3) {
    return Promise.resolve({ isTLS: looksLikeClientHello(head), head });
  }
  return new Promise((resolve6) => {
    let buf = head;
    const done = () => {
      socket.removeListener("data", onData);
      socket.removeListener("close", done);
      resolve6({ isTLS: looksLikeClientHello(buf), head: buf });
    };
    const onData = (chunk) => {
      socket.pause();
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      if (buf.length >= 3)
        return done();
      socket.resume();
    };
    socket.on("data", onData);
    socket.once("close", done);
  });
}
function duplexOverSocket(socket, head, onClosed) {
  let waiting = false;
  let consumer;
  let waitingForConsumer = false;
  const onConsumerResume = () => {
    waitingForConsumer = false;
    pull();
  };
  const pull = () => {
    if (consumer?.isPaused()) {
      if (!waitingForConsumer) {
        waitingForConsumer = true;
        consumer.once("resume", onConsumerResume);
      }
      return;
    }
    let chunk;
    while ((chunk = socket.read()) !== null) {
      if (!d.push(chunk))
        return;
    }
    if (!waiting) {
      waiting = true;
      socket.once("readable", onReadable);
    }
  };
  const onReadable = () => {
    waiting = false;
    pull();
  };
  const d = new Duplex({
    read() {
      pull();
    },
    write(chunk, _encoding, cb) {
      if (socket.write(chunk))
        cb();
      else
        socket.once("drain", () => cb());
    },
    final(cb) {
      socket.off("readable", onReadable);
      closeAfterFlush(socket, onClosed);
      cb();
    },
    destroy(err, cb) {
      socket.destroy();
      cb(err);
    }
  });
  if (head.length)
    d.push(head);
  socket.once("end", () => d.push(null));
  socket.once("close", () => d.destroy());
  d.on("error", () => {
  });
  return {
    duplex: d,
    setConsumer: (c) => {
      consumer = c;
    }
  };
}
function serverTlsOn(socket, head, options, onClosed) {
  if (!runsOnBun()) {
    if (head.length)
      socket.unshift(head);
    const tls2 = new TLSSocket(socket, { ...options, isServer: true });
    return { tls: tls2, outbound: tls2 };
  }
  const { duplex, setConsumer } = duplexOverSocket(socket, head, onClosed);
  const tls = new TLSSocket(duplex, {
    ...options,
    isServer: true
  });
  setConsumer(tls);
  tls.destroySoon = () => void tls.end();
  return { tls, outbound: duplex };
}
var outboundOf = /* @__PURE__ */ new WeakMap();
var budgetOf = /* @__PURE__ */ new WeakMap();
var MAX_QUEUED_FOR_CLIENT = 1 << 20;
var MAX_BUFFERED_REQUEST_BODY = 4 << 20;
var TUNNEL_TIMEOUTS = {
  firstRequestMs: 1e4,
  keepAliveMs: 5e3,
  keepAliveMarginMs: 1e3,
  stalledMs: 3e5
};
var LOOKS = 5;
function terminateAndForward(ca, filterRequest, mutateHeaders, getBodySubstitutions, socket, head, target, planSigv4, maxSigv4BodyBytes = MAX_SIGV4_RESIGN_BODY_BYTES) {
  let serverName = { kind: "absent" };
  const timeouts = { ...TUNNEL_TIMEOUTS, ...target.timeouts };
  const inner = createHttpServer({
    keepAliveTimeout: timeouts.keepAliveMs,
    ...target.maxHeaderSize !== void 0 ? { maxHeaderSize: target.maxHeaderSize } : {}
  });
  if (inner.listenerCount("connection") === 0) {
    logForDebugging("[tls-terminate] this runtime cannot terminate TLS in-process; tunnel refused", { level: "error" });
    socket.destroy();
    return;
  }
  const leg = createUpstreamLeg(target);
  inner.on("request", (req, res) => {
    req.on("error", (err) => {
      logForDebugging(`[tls-terminate] client request error: ${err.message}`, {
        level: "error"
      });
    });
    res.on("error", (err) => {
      logForDebugging(`[tls-terminate] client response error: ${err.message}`, {
        level: "error"
      });
    });
    if (runsOnBun()) {
      gateSocketOnBufferedBody(req, MAX_BUFFERED_REQUEST_BODY, target.byteBudget);
    }
    forwardUpstreamGuarded(filterRequest, mutateHeaders, getBodySubstitutions, req, res, {
      ...target,
      clientServerName: serverName.kind === "name" ? serverName.name : void 0,
      clientServerNameUnreadable: serverName.kind === "unreadable"
    }, leg, planSigv4, maxSigv4BodyBytes);
  });
  let answering = 0;
  inner.on("request", (_req, res) => {
    answering++;
    res.once("close", () => answering--);
  });
  inner.on("clientError", (err, sock) => {
    logForDebugging(`[tls-terminate] client connection error for ${target.hostname}: ${err.message}`, { level: "error" });
    const refused = refuseUnparsedRequest(err, sock, answering === 0, target.denyHeader !== void 0 ? { name: target.denyHeader, value: "bad_request" } : void 0);
    if (refused === void 0)
      return;
    target.onFilterRequestDeny?.(refused.method, `https://${formatAuthority(target.hostname, target.port, 443)}${refused.target}`, refused.reason);
  });
  inner.on("upgrade", (_req, sock) => {
    logForDebugging("[tls-terminate] upgrade request refused", {
      level: "warn"
    });
    sock.destroy();
  });
  socket.on("error", (err) => {
    logForDebugging(`[tls-terminate] client connection error for ${target.hostname}: ${err.message}`);
    socket.destroy();
  });
  socket.once("close", () => leg.agent.destroy());
  void readFirstRecord(socket, head).then((hello) => {
    if (socket.destroyed)
      return;
    serverName = serverNameFromClientHello(hello);
    startTls(hello);
  }).catch((err) => {
    logForDebugging(`[tls-terminate] tunnel setup failed for ${target.hostname}: ${err.message}`, { level: "error" });
    socket.destroy();
  });
  const startTls = (hello) => {
    let closedBy;
    const leafFor = !target.requireHostMatch && serverName.kind === "name" ? serverName.name : target.hostname;
    const { tls, outbound } = serverTlsOn(socket, hello, {
      ALPNProtocols: ["http/1.1"],
      secureContext: secureContextFor(ca, leafFor)
    }, (how) => {
      closedBy = how;
    });
    outboundOf.set(tls, outbound);
    if (target.byteBudget)
      budgetOf.set(tls, target.byteBudget);
    markEndsGracefully(tls);
    let established = false;
    const onEstablished = () => {
      if (established)
        return;
      established = true;
      target.onEstablished?.();
    };
    tls.once("data", onEstablished);
    const handshakeDone = () => established || isTlsHandshakeDone(tls);
    target.onHandshakeProbe?.(handshakeDone);
    boundTunnel(inner, tls, outbound, socket, timeouts, handshakeDone);
    tls.once("secure", () => {
      onEstablished();
      const negotiated = tls.servername;
      const read = serverName.kind === "name" ? serverName.name : void 0;
      if (serverName.kind !== "unreadable" && typeof negotiated === "string" && negotiated !== "" && negotiated.toLowerCase() !== read) {
        logForDebugging(`[tls-terminate] server name ${negotiated} is not the one read from the ClientHello (${read ?? "none"}); tunnel closed`, { level: "error" });
        socket.destroy();
      }
    });
    tls.on("error", (err) => {
      logForDebugging(`[tls-terminate] client TLS error for ${target.hostname}: ${err.message}`, { level: "error" });
      socket.destroy();
    });
    if (outbound === tls) {
      tls.once("finish", () => {
        const grace = setTimeout(() => tls.destroy(), 5e3);
        grace.unref?.();
        tls.once("close", () => clearTimeout(grace));
      });
    }
    socket.once("close", () => {
      if (!tls.destroyed)
        tls.destroy();
      setImmediate(() => logForDebugging(`[tls-terminate] tunnel closed for ${target.hostname}:${target.port}: TLS on ${outbound === tls ? "the socket" : "a stream over the socket"}; to the client ${socket.bytesWritten ?? "?"} B, ${outbound.writableLength} B still queued; closed by ${closedBy ?? "the connection ending"}`));
    });
    writeHeadsAsLatin1(tls);
    inner.emit("connection", tls);
    keepFlushedHeaderBatches(tls);
  };
}
function boundTunnel(inner, tls, outbound, socket, { firstRequestMs, keepAliveMs, keepAliveMarginMs, stalledMs }, handshakeDone) {
  const queued = () => tls.writableLength + outbound.writableLength + socket.writableLength;
  let owed = 0;
  let idle;
  const endWhenIdleFor = (ms) => {
    const busy = queued() > 0;
    idle = setTimeout(() => {
      if (!handshakeDone() || busy || queued() > 0)
        return endWhenIdleFor(ms);
      if (tls.writableEnded)
        return void socket.destroy();
      logForDebugging(`[tls-terminate] tunnel idle for ${ms} ms; closed`);
      tls.end();
      endWhenIdleFor(ms);
    }, busy ? ms / LOOKS : ms);
    idle.unref?.();
  };
  endWhenIdleFor(firstRequestMs);
  inner.on("timeout", () => {
  });
  let receiving;
  let resumed = 0;
  tls.on("resume", () => resumed++);
  let moved = 0;
  let still = 0;
  const stalled = setInterval(() => {
    const before = moved;
    moved = tls.bytesRead + resumed + tls.bytesWritten - queued();
    const underWay = tls.isPaused() || receiving?.complete === false || queued() > 0;
    still = underWay && moved === before ? still + 1 : 0;
    if (still < LOOKS)
      return;
    logForDebugging(`[tls-terminate] nothing has moved for ${stalledMs} ms; tunnel closed`);
    socket.destroy();
  }, stalledMs / LOOKS);
  stalled.unref?.();
  inner.on("request", (req, res) => {
    owed++;
    clearTimeout(idle);
    receiving = req;
    res.once("finish", () => req.unpipe().resume());
    res.once("close", () => {
      if (--owed === 0 && !socket.destroyed) {
        endWhenIdleFor(keepAliveMs + keepAliveMarginMs);
      }
    });
  });
  socket.once("close", () => {
    clearTimeout(idle);
    clearInterval(stalled);
  });
}
function readFirstRecord(socket, head) {
  const want = (b) => b.length >= 5 ? 5 + Math.min(b.readUInt16BE(3), 16 << 10) : 5;
  if (head.length >= want(head))
    return Promise.resolve(head);
  return new Promise((resolve6) => {
    let buf = head;
    const done = () => {
      clearTimeout(timer);
      socket.off("readable", pull);
      socket.off("close", done);
      resolve6(buf);
    };
    const pull = () => {
      let chunk;
      while ((chunk = socket.read()) !== null) {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length >= want(buf)) {
          done();
          return;
        }
      }
    };
    const timer = setTimeout(done, 5e3);
    socket.on("readable", pull);
    socket.once("close", done);
    pull();
  });
}
function serverNameFromClientHello(record) {
  const unreadable = { kind: "unreadable" };
  if (record.length < 9 || record[0] !== 22 || record[5] !== 1) {
    return unreadable;
  }
  const end = Math.min(record.length, 5 + record.readUInt16BE(3));
  let i = 5 + 4 + 2 + 32;
  const skip = (lengthBytes) => {
    if (i + lengthBytes > end)
      return false;
    const n = lengthBytes === 1 ? record[i] : record.readUInt16BE(i);
    i += lengthBytes + n;
    return i <= end;
  };
  if (!skip(1) || !skip(2) || !skip(1))
    return unreadable;
  if (i === end && end === 5 + record.readUInt16BE(3))
    return { kind: "absent" };
  if (i + 2 > end)
    return unreadable;
  const declaredEnd = i + 2 + record.readUInt16BE(i);
  const extensionsEnd = Math.min(end, declaredEnd);
  i += 2;
  let found;
  while (i + 4 <= extensionsEnd) {
    const type = record.readUInt16BE(i);
    const length = record.readUInt16BE(i + 2);
    i += 4;
    if (i + length > extensionsEnd) {
      if (extensionsEnd === declaredEnd)
        return unreadable;
      break;
    }
    if (type === 0) {
      if (found !== void 0)
        return unreadable;
      found = hostNameEntry(record.subarray(i, i + length));
    }
    i += length;
  }
  if (found !== void 0)
    return found;
  return i === declaredEnd ? { kind: "absent" } : unreadable;
}
function hostNameEntry(body) {
  if (body.length < 5 || body.readUInt16BE(0) !== body.length - 2) {
    return { kind: "unreadable" };
  }
  const nameType = body[2];
  const nameLength = body.readUInt16BE(3);
  if (nameType !== 0 || 5 + nameLength !== body.length) {
    return { kind: "unreadable" };
  }
  const name = body.toString("latin1", 5).toLowerCase();
  const plain = name.length <= 253 && name.split(".").every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  return plain ? { kind: "name", name } : { kind: "unreadable" };
}
function closeAfterFlush(socket, done, stalledMs = TUNNEL_TIMEOUTS.stalledMs) {
  if (socket.destroyed) {
    done("the client, earlier");
    return;
  }
  let finished = socket.writableFinished;
  let clientEnded = socket.readableEnded;
  let settled = false;
  const close = (how) => {
    if (settled)
      return;
    settled = true;
    clearTimeout(stalled);
    clearTimeout(grace);
    if (!socket.destroyed)
      socket.destroy();
    done(how);
  };
  const stalled = setTimeout(() => close(`not flushed in ${stalledMs} ms`), stalledMs);
  stalled.unref?.();
  let grace;
  const onFinish = () => {
    finished = true;
    if (clientEnded) {
      close("the client ending after the flush");
      return;
    }
    grace = setTimeout(() => close("the 5 s grace after the flush"), 5e3);
    grace.unref?.();
  };
  socket.once("end", () => {
    clientEnded = true;
    if (finished)
      close("the client ending after the flush");
  });
  socket.once("close", () => close("the client closing"));
  socket.on("data", () => {
  });
  socket.resume();
  if (finished)
    onFinish();
  else
    socket.once("finish", onFinish);
  socket.end();
}
function createUpstreamLeg(target) {
  const agent = new HttpsAgent({
    keepAlive: true,
    maxSockets: 1,
    // We're a TLS-terminating proxy, not a trust boundary for the upstream
    // server's identity — the runtime verifies it normally (system roots and
    // NODE_EXTRA_CA_CERTS). Pin the identity to the tunnel's target so the
    // check does not depend on how a runtime derives it from the Host header
    // (some verify against `Host` verbatim, so a non-default port would
    // never match a SAN); `servername` still carries the name for SNI.
    checkServerIdentity: (_host, cert) => checkServerIdentity(target.hostname, cert),
    ...target.upstreamCA ? { ca: target.upstreamCA } : {}
  });
  let vetted;
  return {
    agent,
    address() {
      if (!vetted) {
        const probe = directRequestOptions(target.hostname, target.port, target.lookup, true);
        vetted = probe;
        probe.catch(() => {
          if (vetted === probe)
            vetted = void 0;
        });
      }
      return vetted;
    },
    forgetAddress() {
      vetted = void 0;
    }
  };
}
function isStaleSocketError(err) {
  const code = err.code;
  return code === "ECONNRESET" || code === "EPIPE";
}
function destroyAfterDenial(req, res) {
  if (res.destroyed) {
    req.destroy();
    return;
  }
  if (res.writableFinished) {
    endRequestAfterResponse(req);
    return;
  }
  res.once("finish", () => endRequestAfterResponse(req));
  res.once("close", () => {
    if (!res.writableFinished)
      req.destroy();
  });
}
function endDeniedRequest(req, res, body) {
  if (body !== req)
    body.destroy();
  destroyAfterDenial(req, res);
}
function forwardUpstreamGuarded(...args) {
  const [, , , req, res, target] = args;
  forwardUpstream(...args).catch((err) => {
    logForDebugging(`[tls-terminate] forwardUpstream failed: ${err.message}`, { level: "error" });
    respondUpstreamError(res, err, target.denyHeader);
    destroyAfterDenial(req, res);
  });
}
async function forwardUpstream(filterRequest, mutateHeaders, getBodySubstitutions, req, res, target, leg, planSigv4, maxSigv4BodyBytes = MAX_SIGV4_RESIGN_BODY_BYTES) {
  const markFor = (code) => target.denyHeader !== void 0 ? { name: target.denyHeader, value: code } : void 0;
  const authority = formatAuthority(target.hostname, target.port, 443);
  const read = filterRequest && !target.requestTargetAsSpelled ? readRequestTarget(req.url ?? "/", req.method, target.ambiguousRequestTarget) : void 0;
  const path10 = target.requestTargetAsSpelled ? requestTargetAsSpelled(req.url ?? "/") : read ? read.forwarded : originFormPath(req.url);
  if (path10 === void 0) {
    const why = respondRefusedTarget(res, read?.refusal, markFor("bad_request"));
    target.onFilterRequestDeny?.(req.method ?? "GET", `https://${authority}${read?.spelled ?? ""}`, why);
    destroyAfterDenial(req, res);
    return;
  }
  if (req.httpVersion === "1.1" && hostHeaderValues(req.rawHeaders).length === 0) {
    respondDenied(res, "HTTP/1.1 request without a Host header", markFor("bad_request"), 400);
    return;
  }
  const url = `https://${authority}${path10 === "*" ? "" : path10}`;
  let body = req;
  let decision;
  const sni = target.clientServerName ?? serverNameOf(req);
  if (target.requireHostMatch && target.clientServerNameUnreadable) {
    const why = "TLS server name could not be read";
    target.onFilterRequestDeny?.(req.method ?? "GET", url, why);
    respondDenied(res, why, markFor("misdirected"), 421);
    return;
  }
  if (target.requireHostMatch) {
    const why = hostMismatch(hostHeaderValues(req.rawHeaders), sni, { hostname: target.hostname, port: target.port, defaultPort: 443 }, absoluteFormAuthority(req.url));
    if (why !== void 0) {
      target.onFilterRequestDeny?.(req.method ?? "GET", url, why);
      respondDenied(res, why, markFor("misdirected"), 421);
      return;
    }
  }
  if (filterRequest) {
    const ac = new AbortController();
    res.once("close", () => ac.abort());
    const out = await decideAndRespond(filterRequest, req, res, url, ac.signal, target.onFilterRequestDeny, {
      sni,
      target: { host: target.hostname, port: target.port },
      requestTarget: read?.spelled ?? path10,
      normalizedRequestTarget: read?.normalized,
      requestTargetIsAmbiguous: read?.ambiguous,
      rawHeaders: [...req.rawHeaders],
      scheme: "https"
    }, target.denyHeader);
    if (out === null)
      return;
    body = out.body;
    decision = out.decision;
    if (req.destroyed && !req.readableEnded || res.destroyed || req.socket.destroyed || body.destroyed) {
      body.destroy();
      return;
    }
  }
  const fwdHeaders = stripHopByHop(req.headers, {
    folded: target.foldHopByHop
  });
  fwdHeaders.host = authority;
  if (decision)
    applyHeaderEdits(fwdHeaders, decision);
  const sigv4Plan = planSigv4?.(req.method ?? "GET", path10, fwdHeaders, target.hostname);
  mutateHeaders?.(fwdHeaders, target.hostname);
  const bodyTransform = prepareBodySubstitution(getBodySubstitutions, req, fwdHeaders, target.hostname);
  let bufferedBody;
  if (sigv4Plan?.action === "deny") {
    respondDenied(res, sigv4Plan.reason);
    endDeniedRequest(req, res, body);
    return;
  }
  if (sigv4Plan?.action === "resign") {
    let payloadHash = sigv4Plan.payloadHash;
    if (payloadHash === void 0) {
      const bodySource = bodyTransform ? body.pipe(bodyTransform) : body;
      if (bodyTransform) {
        body.on("error", (err) => bodyTransform.destroy(err));
      }
      try {
        bufferedBody = await collectBody(bodySource, maxSigv4BodyBytes);
      } catch (err) {
        if (err instanceof BodyTooLargeError) {
          respondDenied(res, `AWS SigV4 request uses a masked credential and signs a literal body hash, so the proxy must buffer the body to re-sign it, but the body exceeds the ${maxSigv4BodyBytes}-byte buffering limit; denied. Sign the payload as UNSIGNED-PAYLOAD to stream it without buffering, or use an unmasked credential to have the request forwarded untouched.`);
          bodySource.resume();
          return;
        }
        logForDebugging(`[tls-terminate] failed to buffer body for SigV4 re-sign: ${err.message}`, { level: "error" });
        res.destroy();
        return;
      }
      payloadHash = sha256Hex(bufferedBody);
      fwdHeaders["content-length"] = String(bufferedBody.length);
    }
    try {
      sigv4Plan.apply(fwdHeaders, authority, payloadHash);
    } catch (err) {
      respondDenied(res, `AWS SigV4 re-signing failed: ${err.message}`);
      endDeniedRequest(req, res, body);
      return;
    }
  }
  const clientDeclaredBody = Boolean(req.headers["content-length"] || req.headers["transfer-encoding"]);
  if (clientDeclaredBody && bufferedBody === void 0 && fwdHeaders["content-length"] === void 0 && fwdHeaders["transfer-encoding"] === void 0) {
    fwdHeaders["transfer-encoding"] = "chunked";
  }
  const failUpstream = (err, sent) => {
    logForDebugging(`[tls-terminate] upstream ${target.hostname}:${target.port} failed: ${err.message}`, { level: "error" });
    leg.forgetAddress();
    if (sent?.reusedSocket && !res.headersSent && isStaleSocketError(err)) {
      req.socket.destroy();
      return;
    }
    respondUpstreamError(res, err, target.denyHeader);
  };
  let direct;
  try {
    direct = await leg.address();
  } catch (err) {
    failUpstream(err);
    return;
  }
  if (res.destroyed || req.socket.destroyed) {
    body.destroy();
    return;
  }
  const upstream = httpsRequest({
    ...direct,
    agent: leg.agent,
    path: path10,
    method: req.method,
    headers: fwdHeaders
  }, (upRes) => {
    upRes.on("error", (err) => {
      logForDebugging(`[tls-terminate] upstream response error: ${err.message}`, { level: "error" });
      res.destroy();
    });
    const outHeaders = stripHopByHop(upRes.headers);
    notifyResponse(decision, upRes.statusCode ?? 502, outHeaders);
    if (target.stripResponseHeaders) {
      removeHeadersFolded(outHeaders, target.stripResponseHeaders);
    }
    if (relayResponseHead(res, upRes, outHeaders))
      relayResponse(upRes, res);
  });
  onUpstreamError(upstream, (err) => failUpstream(err, upstream));
  res.on("close", () => upstream.destroy());
  if (bufferedBody !== void 0) {
    upstream.end(bufferedBody);
  } else if (bodyTransform) {
    bodyTransform.on("error", (err) => upstream.destroy(err));
    body.on("error", (err) => bodyTransform.destroy(err));
    res.on("close", () => bodyTransform.destroy());
    body.pipe(bodyTransform).pipe(upstream);
  } else {
    body.on("error", (err) => upstream.destroy(err));
    body.pipe(upstream);
  }
}
function collectBody(body, maxBytes) {
  return new Promise((resolve6, reject) => {
    const chunks = [];
    let total = 0;
    const onData = (c) => {
      total += c.length;
      if (total > maxBytes) {
        chunks.length = 0;
        body.removeListener("data", onData);
        reject(new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`));
        return;
      }
      chunks.push(c);
    };
    body.on("data", onData);
    body.once("end", () => resolve6(Buffer.concat(chunks)));
    body.once("error", reject);
  });
}
function absoluteFormAuthority(reqUrl) {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(reqUrl ?? "");
  return m ? m[1] : void 0;
}
function serverNameOf(req) {
  const name = req.socket.servername;
  return typeof name === "string" && name !== "" ? name : void 0;
}
function relayResponse(src, res) {
  const outbound = outboundOf.get(res.socket);
  const budget = budgetOf.get(res.socket);
  let counted = 0;
  let released = false;
  const recount = () => {
    const queued = released ? 0 : outbound?.writableLength ?? 0;
    const delta = queued - counted;
    counted = queued;
    if (budget && delta !== 0)
      adjustByteBudget(budget, delta);
  };
  const full = () => {
    if (outbound === void 0)
      return false;
    recount();
    return outbound.writableLength > MAX_QUEUED_FOR_CLIENT || budget !== void 0 && budget.used > budget.limit && outbound.writableLength > 0;
  };
  const resumeWhenRoom = () => {
    if (released || res.destroyed)
      return;
    if (full()) {
      waitForRoom();
      return;
    }
    src.resume();
  };
  let awaitingFlush = false;
  const waitForRoom = () => {
    budget?.waiters.add(resumeWhenRoom);
    if (awaitingFlush || outbound === void 0)
      return;
    awaitingFlush = true;
    outbound.write(EMPTY_CHUNK, () => {
      awaitingFlush = false;
      resumeWhenRoom();
    });
  };
  const release = () => {
    released = true;
    budget?.waiters.delete(resumeWhenRoom);
    recount();
  };
  src.on("data", (chunk) => {
    const ok = res.write(chunk);
    if (full()) {
      src.pause();
      waitForRoom();
    } else if (!ok) {
      src.pause();
      res.once("drain", resumeWhenRoom);
    }
  });
  src.once("end", () => res.end());
  res.once("close", release);
  res.once("finish", release);
}
function originFormPath(reqUrl) {
  const raw = reqUrl ?? "/";
  if (raw.startsWith("/"))
    return raw;
  try {
    const u = new URL(raw);
    return `${u.pathname}${u.search}` || "/";
  } catch {
    return raw;
  }
}
var EMPTY_CHUNK = Buffer.alloc(0);
function isTlsHandshakeDone(tls) {
  return Boolean(tls.getPeerFinished?.()) || tls._secureEstablished === true;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/http-proxy.js
var ALLOWLIST_DENY = [
  "Connection blocked by network allowlist",
  "blocked-by-allowlist"
];
function describeError(error) {
  if (error instanceof Error) {
    const details = error;
    return inspect({
      name: details.name,
      code: details.code,
      errno: details.errno,
      syscall: details.syscall,
      address: details.address,
      port: details.port
    }, { depth: 0, breakLength: Infinity });
  }
  return typeof error;
}
var handedIn = /* @__PURE__ */ new WeakSet();
function createHttpProxyServer(options) {
  if (options.mitmCA)
    assertTlsTerminationSupported();
  const server = createServer2(options.maxHeaderSize !== void 0 ? { maxHeaderSize: options.maxHeaderSize } : {});
  let terminatedTunnels = 0;
  const toldOfCap = /* @__PURE__ */ new Set();
  const byteBudget = options.byteBudget ?? createByteBudget(options.maxBufferedBytes ?? 256 << 20);
  const markFor = (code, tag) => options.denyHeader !== void 0 ? { name: options.denyHeader, value: code } : tag;
  const allowlistDeny = [
    ALLOWLIST_DENY[0],
    markFor("host_not_allowed", ALLOWLIST_DENY[1])
  ];
  server.on("clientError", (err, socket) => {
    logForDebugging(`Client connection error: ${err.message}`, {
      level: "error"
    });
    socket.on("error", () => {
    });
    if (err.code !== "ECONNRESET" && socket.writable) {
      const status = err.code === "HPE_HEADER_OVERFLOW" && options.maxHeaderSize === void 0 ? "431 Request Header Fields Too Large" : "400 Bad Request";
      const mark = options.denyHeader !== void 0 ? `${options.denyHeader}: bad_request\r
` : "";
      socket.end(`HTTP/1.1 ${status}\r
${mark}\r
`, () => socket.destroy());
      const backstop = setTimeout(() => socket.destroy(), 1e3);
      backstop.unref?.();
      return;
    }
    socket.destroy();
  });
  const checkAuth = (got) => {
    if (!options.proxyAuthToken)
      return { ok: true };
    const m = /^basic\s+([a-z0-9+/=]+)\s*$/i.exec(got ?? "");
    if (!m)
      return { ok: false };
    const decoded = Buffer.from(m[1], "base64").toString("utf8");
    const sep2 = decoded.indexOf(":");
    if (sep2 <= 0 || decoded.slice(sep2 + 1) !== options.proxyAuthToken) {
      return { ok: false };
    }
    return {
      ok: true,
      encodedCommand: encodedCommandFromProxyUser(decoded.slice(0, sep2))
    };
  };
  server.on("connect", async (req, socket, head) => {
    socket.on("error", (err) => {
      logForDebugging(`Client socket error: ${err.message}`, { level: "error" });
      socket.destroy();
    });
    let clientGone = false;
    socket.once("close", () => {
      clientGone = true;
    });
    const onDecisionWindowEof = () => {
      clientGone = true;
      socket.destroy();
    };
    const MAX_DECISION_CAPTURE_BYTES = 64 * 1024;
    let decisionCaptureBytes = 0;
    let capturing = false;
    const decisionData = [];
    const onDecisionData = (chunk) => {
      if (!capturing)
        return;
      decisionCaptureBytes += chunk.length;
      if (decisionCaptureBytes > MAX_DECISION_CAPTURE_BYTES) {
        logForDebugging("CONNECT client exceeded pre-establishment capture cap; destroying", { level: "error" });
        onDecisionWindowEof();
        return;
      }
      decisionData.push(chunk);
    };
    if (!options.mitmCA) {
      capturing = true;
      socket.on("data", onDecisionData);
    }
    if (socket.readableEnded) {
      onDecisionWindowEof();
    } else {
      socket.once("end", onDecisionWindowEof);
    }
    const disarmDecisionCapture = () => {
      capturing = false;
      if (decisionData.length) {
        head = Buffer.concat([head, ...decisionData]);
        decisionData.length = 0;
      }
    };
    const disarmDecisionWindowEof = () => {
      socket.removeListener("end", onDecisionWindowEof);
      disarmDecisionCapture();
    };
    const endWithStatus = (payload) => {
      if (clientGone || socket.destroyed || socket.readableEnded || !socket.writable) {
        logForDebugging("CONNECT client gone before status write; dropping verdict and destroying socket");
        socket.destroy();
        return;
      }
      disarmDecisionWindowEof();
      socket.end(payload);
    };
    if (clientGone || socket.destroyed) {
      return;
    }
    let wrote200 = false;
    try {
      const auth = checkAuth(req.headers["proxy-authorization"]);
      if (!auth.ok) {
        endWithStatus('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="srt"\r\n\r\n');
        return;
      }
      const target = parseConnectTarget(req.url);
      if (!target || options.requireAsciiHost && !isAsciiAuthority(req.url, false)) {
        logForDebugging(`Invalid CONNECT request: ${req.url}`, {
          level: "error"
        });
        const mark = options.denyHeader !== void 0 ? `${options.denyHeader}: bad_request\r
` : "";
        endWithStatus(`HTTP/1.1 400 Bad Request\r
${mark}\r
`);
        return;
      }
      const { hostname: requestedHost, port } = target;
      let reason;
      const allowed = await options.filter(port, requestedHost, socket, auth.encodedCommand, (given) => {
        reason = given;
      });
      if (!allowed) {
        logForDebugging(`Connection blocked to ${requestedHost}:${port}`, {
          level: "error"
        });
        endWithStatus(rawDenied(...allowlistDeny, reason));
        return;
      }
      if (clientGone || socket.destroyed) {
        socket.destroy();
        return;
      }
      const hostname = canonicalizeHost(requestedHost) ?? requestedHost;
      const lookup = options.lookupFor?.(port, auth.encodedCommand);
      if (options.mitmCA && (options.shouldTerminateTLS?.(hostname, port) ?? true)) {
        const maxTunnels = options.maxTerminatedTunnels ?? 256;
        if (terminatedTunnels >= maxTunnels) {
          if (!toldOfCap.has(auth.encodedCommand)) {
            if (toldOfCap.size >= 100)
              toldOfCap.clear();
            toldOfCap.add(auth.encodedCommand);
            const reason2 = `the sandbox's limit of ${maxTunnels} TLS-terminated tunnels at once is reached; the limit is network.tlsTerminate.maxTunnels in the sandbox's configuration`;
            logForDebugging(`[proxy] CONNECT ${hostname}:${port} refused: ${reason2}`, { level: "warn" });
            options.onFilterRequestDenied?.({
              method: "CONNECT",
              url: formatAuthority(hostname, port, 0),
              reason: reason2,
              encodedCommand: auth.encodedCommand
            });
          }
          const mark = markFor("too_many_tunnels", "too-many-tunnels");
          const [name, value] = typeof mark === "string" ? ["X-Proxy-Error", mark] : [mark.name, mark.value];
          socket.end(`HTTP/1.1 503 Service Unavailable\r
Content-Type: text/plain\r
${name}: ${value}\r
Connection: close\r
\r
too many TLS-terminated tunnels at once`);
          return;
        }
        terminatedTunnels++;
        let slotHeld = true;
        const freeSlot = () => {
          if (!slotHeld)
            return;
          slotHeld = false;
          terminatedTunnels--;
          if (terminatedTunnels * 2 <= maxTunnels)
            toldOfCap.clear();
        };
        let handshakeDone = () => false;
        const deadline = setTimeout(() => {
          if (handshakeDone())
            return;
          logForDebugging(`[proxy] TLS handshake not done in time for ${hostname}:${port}; tunnel closed`);
          socket.destroy();
        }, options.tlsHandshakeTimeoutMs ?? 1e4);
        deadline.unref?.();
        socket.once("close", () => {
          clearTimeout(deadline);
          freeSlot();
        });
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        wrote200 = true;
        const peeked = await peekForClientHello(socket, head);
        if (!peeked.isTLS) {
          clearTimeout(deadline);
          freeSlot();
        }
        if (clientGone || socket.destroyed) {
          socket.destroy();
          return;
        }
        if (peeked.isTLS) {
          disarmDecisionWindowEof();
          terminateAndForward(options.mitmCA, options.filterRequest, options.mutateHeaders, options.getBodySubstitutions, socket, peeked.head, {
            hostname,
            port,
            upstreamCA: options.tlsTerminateUpstreamCA,
            lookup,
            stripResponseHeaders: options.stripResponseHeaders,
            requireHostMatch: options.requireHostMatch,
            maxHeaderSize: options.maxHeaderSize,
            foldHopByHop: options.foldHopByHop,
            denyHeader: options.denyHeader,
            requestTargetAsSpelled: options.requestTargetAsSpelled,
            ambiguousRequestTarget: options.ambiguousRequestTarget,
            byteBudget,
            timeouts: options.tunnelTimeouts,
            onEstablished: () => clearTimeout(deadline),
            onHandshakeProbe: (isDone) => {
              handshakeDone = isDone;
            },
            onFilterRequestDeny: options.onFilterRequestDenied ? (method, url, reason2) => options.onFilterRequestDenied({
              method,
              url,
              reason: reason2,
              encodedCommand: auth.encodedCommand
            }) : void 0
          }, options.planSigv4, options.maxSigv4ResignBodyBytes);
          return;
        }
        if (options.refuseOpaqueTunnels) {
          logForDebugging(`[tls-terminate] non-TLS bytes on CONNECT ${hostname}:${port}; refused (refuseOpaqueTunnels)`);
          options.onFilterRequestDenied?.({
            method: "CONNECT",
            url: formatAuthority(hostname, port, 0),
            reason: "tunnel carries no TLS and cannot be inspected",
            encodedCommand: auth.encodedCommand
          });
          socket.destroy();
          return;
        }
        logForDebugging(`[tls-terminate] non-TLS bytes on CONNECT ${hostname}:${port}; opaque-tunnelling`);
        head = peeked.head;
      } else if (options.refuseOpaqueTunnels) {
        const reason2 = "this proxy does not tunnel CONNECTs it cannot inspect";
        options.onFilterRequestDenied?.({
          method: "CONNECT",
          url: formatAuthority(hostname, port, 0),
          reason: reason2,
          encodedCommand: auth.encodedCommand
        });
        endWithStatus(rawDenied(reason2, markFor("opaque_tunnel")));
        return;
      } else if (options.mitmCA) {
        logForDebugging(`[tls-terminate] policy exempts ${hostname}:${port}; opaque-tunnelling`);
      }
      const mitmSocketPath = options.getMitmSocketPath?.(hostname);
      const parentUrl = !mitmSocketPath && options.parentProxy && !shouldBypassParentProxy(options.parentProxy, hostname) ? selectParentProxyUrl(options.parentProxy, { isHttps: true }) : void 0;
      let upstream;
      try {
        if (mitmSocketPath) {
          logForDebugging(`Routing CONNECT ${hostname}:${port} through MITM proxy at ${mitmSocketPath}`);
          upstream = await openConnectTunnel({
            dial: () => connect({ path: mitmSocketPath }),
            readyEvent: "connect",
            destHost: hostname,
            destPort: port
          });
        } else if (parentUrl) {
          upstream = await connectViaParentProxy(parentUrl, hostname, port);
        } else {
          upstream = await dialDirect(hostname, port, lookup);
        }
      } catch (err) {
        logForDebugging(`CONNECT tunnel failed: ${describeError(err)}`, {
          level: "error"
        });
        if (wrote200)
          socket.destroy();
        else if (isResolvedAddressDenied(err)) {
          endWithStatus(rawDenied(err.message, markFor("address_not_allowed"), err.reason));
        } else
          endWithStatus("HTTP/1.1 502 Bad Gateway\r\n\r\n");
        return;
      }
      if (clientGone || socket.destroyed) {
        upstream.on("error", () => {
        });
        upstream.destroy();
        socket.destroy();
        return;
      }
      if (!wrote200) {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      }
      disarmDecisionWindowEof();
      socket.allowHalfOpen = true;
      if (head.length)
        upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
      upstream.on("error", (err) => {
        logForDebugging(`CONNECT tunnel failed: ${describeError(err)}`, {
          level: "error"
        });
        socket.destroy();
      });
      socket.on("close", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
    } catch (err) {
      logForDebugging(`Error handling CONNECT: ${err}`, { level: "error" });
      if (wrote200)
        socket.destroy();
      else
        endWithStatus("HTTP/1.1 500 Internal Server Error\r\n\r\n");
    }
  });
  server.on("request", async (req, res) => {
    req.on("error", (err) => {
      logForDebugging(`Client request error: ${err.message}`, {
        level: "error"
      });
    });
    res.on("error", (err) => {
      logForDebugging(`Client response error: ${err.message}`, {
        level: "error"
      });
      res.socket?.destroy();
    });
    try {
      if (options.mitmCA && req.method === "GET" && new URL3(req.url ?? "", "http://x").pathname === CRL_PATH) {
        res.writeHead(200, {
          "Content-Type": "application/pkix-crl",
          "Content-Length": options.mitmCA.crlDer.length
        });
        res.end(options.mitmCA.crlDer);
        return;
      }
      const auth = checkAuth(req.headers["proxy-authorization"]);
      if (!auth.ok) {
        res.writeHead(407, { "Proxy-Authenticate": 'Basic realm="srt"' });
        res.end();
        return;
      }
      if (options.requireAsciiHost && !isAsciiAuthority(req.url, true)) {
        respondDenied(res, "destination host is not plain ASCII", markFor("bad_request"), 400);
        return;
      }
      const url = new URL3(req.url);
      const isHttps = url.protocol === "https:";
      const defaultPort = isHttps ? 443 : 80;
      const requestedHost = stripBrackets(url.hostname);
      const port = url.port ? parseInt(url.port, 10) : defaultPort;
      const allowed = await options.filter(port, requestedHost, req.socket, auth.encodedCommand);
      if (!allowed) {
        logForDebugging(`HTTP request blocked to ${requestedHost}:${port}`, {
          level: "error"
        });
        if (req.socket.destroyed || res.destroyed) {
          res.destroy();
          return;
        }
        respondDenied(res, ...allowlistDeny);
        return;
      }
      if (req.socket.destroyed)
        return;
      const hostname = canonicalizeHost(requestedHost) ?? requestedHost;
      const authority = formatAuthority(hostname, port, defaultPort);
      const fwdHeaders = {
        ...stripHopByHop(req.headers, { folded: options.foldHopByHop }),
        host: authority
      };
      const mitmSocketPath = options.getMitmSocketPath?.(hostname);
      const parentUrl = !mitmSocketPath && options.parentProxy && !shouldBypassParentProxy(options.parentProxy, hostname) ? selectParentProxyUrl(options.parentProxy, {
        isHttps
      }) : void 0;
      const read = options.filterRequest && !options.requestTargetAsSpelled ? readRequestTarget(req.url, req.method, options.ambiguousRequestTarget) : void 0;
      const requestTarget = options.requestTargetAsSpelled ? requestTargetAsSpelled(req.url, { absolute: true }) : read ? read.forwarded : `${url.pathname}${url.search}`;
      if (requestTarget === void 0) {
        const reason = respondRefusedTarget(res, read?.refusal, markFor("bad_request"));
        options.onFilterRequestDenied?.({
          method: req.method ?? "GET",
          url: `${url.protocol}//${authority}${read?.spelled ?? ""}`,
          reason,
          encodedCommand: auth.encodedCommand
        });
        return;
      }
      const absUrl = `${url.protocol}//${authority}${requestTarget}`;
      if (options.maxBufferedRequestBody !== void 0 && handedIn.has(req.socket)) {
        gateSocketOnBufferedBody(req, options.maxBufferedRequestBody, byteBudget);
      }
      let body = req;
      let decision;
      if (options.requireHostMatch) {
        const hostHeaders = hostHeaderValues(req.rawHeaders);
        if (hostHeaders.length === 0 && req.httpVersion === "1.1") {
          respondDenied(res, "HTTP/1.1 request without a Host header", markFor("bad_request"), 400);
          return;
        }
        const why = hostMismatch(hostHeaders, void 0, {
          hostname,
          port,
          defaultPort
        });
        if (why !== void 0) {
          options.onFilterRequestDenied?.({
            method: req.method ?? "GET",
            url: absUrl,
            reason: why,
            encodedCommand: auth.encodedCommand
          });
          respondDenied(res, why, markFor("misdirected"), 421);
          return;
        }
      }
      if (options.filterRequest) {
        const ac = new AbortController();
        res.once("close", () => ac.abort());
        const out = await decideAndRespond(options.filterRequest, req, res, absUrl, ac.signal, options.onFilterRequestDenied ? (method, url2, reason) => options.onFilterRequestDenied({
          method,
          url: url2,
          reason,
          encodedCommand: auth.encodedCommand
        }) : void 0, {
          target: { host: hostname, port },
          requestTarget: read?.spelled ?? requestTarget,
          normalizedRequestTarget: read?.normalized,
          requestTargetIsAmbiguous: read?.ambiguous,
          rawHeaders: [...req.rawHeaders],
          scheme: "http"
        }, options.denyHeader, options.plaintextHeaderSet === true);
        if (out === null)
          return;
        body = out.body;
        decision = out.decision;
        applyHeaderEdits(fwdHeaders, out.decision);
        if (req.destroyed && !req.readableEnded || res.destroyed || req.socket.destroyed || body.destroyed) {
          body.destroy();
          return;
        }
      }
      options.mutateHeadersPlaintext?.(fwdHeaders, hostname);
      const bodyTransform = prepareBodySubstitution(options.getBodySubstitutionsPlaintext, req, fwdHeaders, hostname);
      const clientDeclaredBody = Boolean(req.headers["content-length"] || req.headers["transfer-encoding"]);
      if (clientDeclaredBody && fwdHeaders["content-length"] === void 0 && fwdHeaders["transfer-encoding"] === void 0) {
        fwdHeaders["transfer-encoding"] = "chunked";
      }
      const failUpstream = (err) => {
        logForDebugging(`Proxy request failed: ${describeError(err)}`, {
          level: "error"
        });
        respondUpstreamError(res, err, options.denyHeader);
      };
      let proxyReq;
      if (mitmSocketPath) {
        logForDebugging(`Routing HTTP ${req.method} ${hostname}:${port} through MITM proxy at ${mitmSocketPath}`);
        const mitmAgent = new Agent({
          // @ts-expect-error - socketPath is valid but not in types
          socketPath: mitmSocketPath
        });
        proxyReq = httpRequest({
          agent: mitmAgent,
          path: absUrl,
          method: req.method,
          headers: fwdHeaders
        }, (proxyRes) => {
          proxyRes.on("error", (err) => {
            logForDebugging(`Upstream response error: ${describeError(err)}`, {
              level: "error"
            });
            res.destroy();
          });
          const outHeaders = stripHopByHop(proxyRes.headers);
          notifyResponse(decision, proxyRes.statusCode, outHeaders);
          if (options.stripResponseHeaders) {
            removeHeadersFolded(outHeaders, options.stripResponseHeaders);
          }
          if (relayResponseHead(res, proxyRes, outHeaders))
            proxyRes.pipe(res);
        });
      } else if (parentUrl) {
        const parentHost = stripBrackets(parentUrl.hostname);
        const parentPort = Number(parentUrl.port) || (parentUrl.protocol === "https:" ? 443 : 80);
        const auth2 = proxyAuthHeader(parentUrl);
        const requestFn = parentUrl.protocol === "https:" ? httpsRequest2 : httpRequest;
        proxyReq = requestFn({
          hostname: parentHost,
          port: parentPort,
          path: absUrl,
          method: req.method,
          headers: auth2 ? { ...fwdHeaders, "proxy-authorization": auth2 } : fwdHeaders
        }, (proxyRes) => {
          proxyRes.on("error", (err) => {
            logForDebugging(`Upstream response error: ${describeError(err)}`, {
              level: "error"
            });
            res.destroy();
          });
          const outHeaders = stripHopByHop(proxyRes.headers);
          notifyResponse(decision, proxyRes.statusCode, outHeaders);
          if (options.stripResponseHeaders) {
            removeHeadersFolded(outHeaders, options.stripResponseHeaders);
          }
          if (relayResponseHead(res, proxyRes, outHeaders))
            proxyRes.pipe(res);
        });
      } else {
        let direct;
        try {
          direct = await directRequestOptions(hostname, port, options.lookupFor?.(port, auth.encodedCommand), isHttps);
        } catch (err) {
          failUpstream(err);
          return;
        }
        if (res.destroyed || req.socket.destroyed) {
          body.destroy();
          return;
        }
        proxyReq = (isHttps ? httpsRequest2 : httpRequest)({
          ...direct,
          path: requestTarget,
          method: req.method,
          headers: fwdHeaders
        }, (proxyRes) => {
          proxyRes.on("error", (err) => {
            logForDebugging(`Upstream response error: ${describeError(err)}`, {
              level: "error"
            });
            res.destroy();
          });
          const outHeaders = stripHopByHop(proxyRes.headers);
          notifyResponse(decision, proxyRes.statusCode, outHeaders);
          if (options.stripResponseHeaders) {
            removeHeadersFolded(outHeaders, options.stripResponseHeaders);
          }
          if (relayResponseHead(res, proxyRes, outHeaders))
            proxyRes.pipe(res);
        });
      }
      onUpstreamError(proxyReq, failUpstream);
      res.on("close", () => proxyReq.destroy());
      if (bodyTransform) {
        bodyTransform.on("error", (err) => proxyReq.destroy(err));
        body.on("error", (err) => bodyTransform.destroy(err));
        res.on("close", () => bodyTransform.destroy());
        body.pipe(bodyTransform).pipe(proxyReq);
      } else {
        body.on("error", (err) => proxyReq.destroy(err));
        body.pipe(proxyReq);
      }
    } catch (err) {
      logForDebugging(`Error handling HTTP request: ${err}`, { level: "error" });
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end("Internal Server Error");
      } else {
        res.destroy();
      }
    }
  });
  return server;
}
function parseConnectTarget(target) {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(target) ?? /^([^:]+):(\d+)$/.exec(target);
  if (!m)
    return void 0;
  const port = Number(m[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return void 0;
  return { hostname: m[1], port };
}
function isAsciiAuthority(raw, absolute) {
  const m = absolute ? /^https?:\/\/(\[[^\]]*\]|[^/?#:@[\]]*)(?::\d+)?(?:[/?]|$)/i.exec(raw) : /^(\[[^\]]*\]|[^:[\]]*):\d+$/.exec(raw);
  if (!m)
    return false;
  const host = m[1];
  if (host.startsWith("["))
    return isIP7(host.slice(1, -1)) === 6;
  if (isIP7(host) === 4)
    return true;
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?$/.test(host);
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/socks-proxy.js
var import_socks5_server = __toESM(require_dist(), 1);
import { connect as connect2 } from "net";
var SOCKS_REPLY_GENERAL_FAILURE = Buffer.from([5, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
function createSocksProxyServer(options) {
  const socksServer = (0, import_socks5_server.createServer)();
  if (options.proxyAuthToken) {
    socksServer.setAuthHandler((conn, accept, deny2) => {
      if ((conn.username === PROXY_AUTH_USER || conn.username.startsWith(`${PROXY_AUTH_USER}.`)) && conn.password === options.proxyAuthToken) {
        accept();
      } else {
        logForDebugging("SOCKS auth rejected", { level: "error" });
        deny2();
      }
    });
  }
  socksServer.setRulesetValidator((conn) => {
    if (options.refuseOpaqueTunnels) {
      logForDebugging(`SOCKS CONNECT to ${JSON.stringify(conn.destAddress)}:${conn.destPort} refused (refuseOpaqueTunnels)`);
      options.onTunnelRefused?.(conn.destPort, conn.destAddress, encodedCommandFromProxyUser(conn.username));
      conn.socket.end(SOCKS_REPLY_GENERAL_FAILURE, () => conn.socket.destroy());
      return void 0;
    }
    return validateDestination(conn);
  });
  async function validateDestination(conn) {
    try {
      const hostname = conn.destAddress;
      const port = conn.destPort;
      if (!isValidHost(hostname)) {
        logForDebugging(`Rejecting malformed SOCKS host: ${JSON.stringify(hostname)}`, { level: "error" });
        return false;
      }
      logForDebugging(`Connection request to ${hostname}:${port}`);
      const allowed = await options.filter(port, hostname, encodedCommandFromProxyUser(conn.username));
      if (!allowed) {
        logForDebugging(`Connection blocked to ${hostname}:${port}`, {
          level: "error"
        });
        return false;
      }
      logForDebugging(`Connection allowed to ${hostname}:${port}`);
      return true;
    } catch (error) {
      logForDebugging(`Error validating connection: ${error}`, {
        level: "error"
      });
      return false;
    }
  }
  socksServer.setConnectionHandler((conn, sendStatus) => {
    const host = canonicalizeHost(conn.destAddress) ?? conn.destAddress;
    const port = conn.destPort;
    let clientGone = false;
    let upstreamRef;
    conn.socket.once("close", () => {
      clientGone = true;
      upstreamRef?.destroy();
    });
    conn.socket.on("error", () => upstreamRef?.destroy());
    const mitmSocketPath = options.getMitmSocketPath?.(host);
    const parentUrl = !mitmSocketPath && options.parentProxy && !shouldBypassParentProxy(options.parentProxy, host) ? selectParentProxyUrl(options.parentProxy, { isHttps: true }) : void 0;
    let open;
    if (mitmSocketPath) {
      logForDebugging(`Routing SOCKS CONNECT ${host}:${port} through MITM proxy at ${mitmSocketPath}`);
      open = openConnectTunnel({
        dial: () => connect2({ path: mitmSocketPath }),
        readyEvent: "connect",
        destHost: host,
        destPort: port
      });
    } else if (parentUrl) {
      open = connectViaParentProxy(parentUrl, host, port);
    } else {
      open = dialDirect(host, port, options.lookupFor?.(port, encodedCommandFromProxyUser(conn.username)));
    }
    open.then((upstream) => {
      upstreamRef = upstream;
      upstream.on("error", () => conn.socket.destroy());
      if (clientGone) {
        upstream.destroy();
        return;
      }
      sendStatus("REQUEST_GRANTED");
      upstream.pipe(conn.socket);
      conn.socket.pipe(upstream);
      upstream.on("close", () => conn.socket.destroy());
    }).catch((err) => {
      logForDebugging(`SOCKS connect to ${host}:${port} failed: ${err.message}`, { level: "error" });
      if (!clientGone) {
        try {
          sendStatus(isResolvedAddressDenied(err) ? "CONNECTION_NOT_ALLOWED" : "HOST_UNREACHABLE");
        } catch {
        }
      }
    });
  });
  const openSockets = /* @__PURE__ */ new Set();
  return {
    handleConnection(socket) {
      socket.setNoDelay();
      openSockets.add(socket);
      socket.once("close", () => openSockets.delete(socket));
      if (!options.proxyAuthToken) {
        socksServer._handleConnection(socket);
        return;
      }
      readSocksGreeting(socket, (canAuthenticate) => {
        if (canAuthenticate) {
          socksServer._handleConnection(socket);
          return;
        }
        refuseUnauthenticated(socket, options).catch(() => socket.destroy());
      });
    },
    async close() {
      for (const socket of openSockets)
        socket.destroy();
      openSockets.clear();
    }
  };
}
var SOCKS_METHOD_NO_AUTH = 0;
var SOCKS_METHOD_USERPASS = 2;
function readSocksGreeting(socket, done) {
  let buf = Buffer.alloc(0);
  const onData = (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    if (buf.length < 2)
      return;
    if (buf[0] !== 5) {
      socket.off("data", onData);
      socket.destroy();
      return;
    }
    const nMethods = buf[1];
    if (buf.length < 2 + nMethods)
      return;
    socket.off("data", onData);
    socket.pause();
    const methods = buf.subarray(2, 2 + nMethods);
    const canAuthenticate = methods.includes(SOCKS_METHOD_USERPASS);
    const pushBack = canAuthenticate ? buf : buf.subarray(2 + nMethods);
    if (pushBack.length > 0)
      socket.unshift(pushBack);
    done(canAuthenticate);
  };
  socket.on("data", onData);
  socket.once("error", () => socket.off("data", onData));
}
async function refuseUnauthenticated(socket, options) {
  socket.write(Buffer.from([5, SOCKS_METHOD_NO_AUTH]));
  const request = await readSocksConnect(socket);
  if (request === void 0) {
    socket.destroy();
    return;
  }
  const { host, port } = request;
  if (!isValidHost(host)) {
    socket.end(socksReply(2));
    return;
  }
  const probe = options.probeUnauthenticated ? await options.probeUnauthenticated(port, host) : {};
  logForDebugging(`SOCKS unauthenticated client refused for ${host}:${port}` + (probe.deniedReason !== void 0 ? " (denied by policy)" : ""));
  if (port !== 22) {
    socket.end(socksReply(2));
    return;
  }
  const reason = probe.deniedReason ?? "This proxy requires authentication, and this client did not offer an authentication method, so the connection was refused.";
  socket.write(socksReply(0));
  socket.write(Buffer.from("SSH-2.0-policy_refusal\r\n"));
  socket.end(sshDisconnectPacket(reason));
}
function socksReply(status) {
  return Buffer.from([5, status, 0, 1, 0, 0, 0, 0, 0, 0]);
}
function readSocksConnect(socket) {
  return new Promise((resolve6) => {
    let buf = Buffer.alloc(0);
    const finish2 = (value) => {
      socket.off("data", onData);
      clearTimeout(timer);
      resolve6(value);
    };
    const timer = setTimeout(() => finish2(void 0), 5e3);
    const onData = (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 4)
        return;
      if (buf[0] !== 5 || buf[1] !== 1) {
        finish2(void 0);
        return;
      }
      const atyp = buf[3];
      if (atyp === 1) {
        if (buf.length < 10)
          return;
        const host = Array.from(buf.subarray(4, 8)).join(".");
        finish2({ host, port: buf.readUInt16BE(8) });
      } else if (atyp === 3) {
        if (buf.length < 5)
          return;
        const len = buf[4];
        if (buf.length < 5 + len + 2)
          return;
        finish2({
          host: buf.subarray(5, 5 + len).toString("utf8"),
          port: buf.readUInt16BE(5 + len)
        });
      } else if (atyp === 4) {
        if (buf.length < 22)
          return;
        const parts = [];
        for (let i = 0; i < 16; i += 2) {
          parts.push(buf.readUInt16BE(4 + i).toString(16));
        }
        finish2({ host: parts.join(":"), port: buf.readUInt16BE(20) });
      } else {
        finish2(void 0);
      }
    };
    socket.on("data", onData);
    socket.resume();
    socket.once("error", () => finish2(void 0));
    socket.once("close", () => finish2(void 0));
  });
}
function sshDisconnectPacket(description) {
  const text2 = description.replace(/[\x00-\x1f\x7f-\x9f]+/g, " ").slice(0, 1e3);
  const desc = Buffer.from(text2, "utf8");
  const lang = Buffer.alloc(0);
  const payload = Buffer.concat([
    Buffer.from([1]),
    // SSH_MSG_DISCONNECT
    uint32(1),
    // SSH_DISCONNECT_HOST_NOT_ALLOWED_TO_CONNECT
    uint32(desc.length),
    desc,
    uint32(lang.length),
    lang
  ]);
  let padding = 8 - (4 + 1 + payload.length) % 8;
  if (padding < 4)
    padding += 8;
  const packet = Buffer.concat([
    uint32(1 + payload.length + padding),
    Buffer.from([padding]),
    payload,
    Buffer.alloc(padding)
  ]);
  return packet;
}
function uint32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mux-proxy.js
import { createServer as createServer4, connect as connect3 } from "node:net";
import { join as join3 } from "node:path";
import { tmpdir as tmpdir2 } from "node:os";
import { rmSync as rmSync2 } from "node:fs";
import { unlink } from "node:fs/promises";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/listen-in-range.js
function listenInRange(server, doListen, range, exclude) {
  return new Promise((resolve6, reject) => {
    const [lo, hi] = range ?? [0, 0];
    let port = lo;
    const tryNext = () => {
      while (exclude.has(port) && port <= hi)
        port++;
      if (port > hi) {
        reject(new Error(`No free port in range ${lo}-${hi} (excluding ${[...exclude].join(",")})`));
        return;
      }
      const onListening = () => {
        server.removeListener("error", onError);
        resolve6();
      };
      const onError = (err) => {
        server.removeListener("listening", onListening);
        if (range && err?.code === "EADDRINUSE" && port < hi) {
          port++;
          tryNext();
          return;
        }
        reject(err ?? new Error("listen error"));
      };
      server.once("error", onError);
      server.once("listening", onListening);
      doListen(range ? port : 0);
    };
    tryNext();
  });
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mux-proxy.js
var SOCKS_FIRST_BYTES = /* @__PURE__ */ new Set([4, 5]);
var DEFAULT_FIRST_BYTE_TIMEOUT_MS = 1e4;
var backendSeq = 0;
function unixSocketPath() {
  return join3(tmpdir2(), `srt-mux-${process.pid}-${(backendSeq++).toString(36)}.sock`);
}
function createMuxProxyServer(opts) {
  const firstByteTimeoutMs = opts.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS;
  const isWindows = getPlatform() === "windows";
  let backendSocketPath;
  let backendTcpPort;
  const openSockets = /* @__PURE__ */ new Set();
  function dispatchHttp(client) {
    if (backendSocketPath === void 0 && backendTcpPort === void 0) {
      logForDebugging("mux: HTTP dispatch before backend bound; dropping", {
        level: "error"
      });
      client.destroy();
      return;
    }
    const upstream = backendSocketPath ? connect3(backendSocketPath) : connect3(backendTcpPort, "127.0.0.1");
    let answered = false;
    upstream.once("data", () => {
      answered = true;
    });
    upstream.on("error", (err) => {
      if (answered) {
        logForDebugging(`mux: HTTP backend error: ${err.message}`);
        return;
      }
      const code = err.code ?? "ERR";
      logForDebugging(`mux: HTTP backend dial failed: ${err.message}`, { level: "error" });
      if (!client.destroyed) {
        client.end(`HTTP/1.1 502 Bad Gateway\r
Connection: close\r
\r
mux backend dial failed (${code})
`);
      }
    });
    client.on("error", () => upstream.destroy());
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => closeAfterFlush(client, () => {
    }));
    client.pipe(upstream);
    upstream.pipe(client);
  }
  const server = createServer4((client) => {
    openSockets.add(client);
    client.once("close", () => openSockets.delete(client));
    client.on("error", (err) => logForDebugging(`mux: client socket error: ${err.message}`));
    const timer = setTimeout(() => {
      logForDebugging("mux: first-byte timeout; destroying connection");
      client.destroy();
    }, firstByteTimeoutMs);
    if (typeof timer.unref === "function")
      timer.unref();
    client.once("readable", () => {
      clearTimeout(timer);
      const peek = client.read(1);
      if (!peek || peek.length === 0) {
        client.destroy();
        return;
      }
      client.unshift(peek);
      if (SOCKS_FIRST_BYTES.has(peek[0])) {
        opts.handleSocksConnection(client);
      } else {
        dispatchHttp(client);
      }
    });
  });
  return {
    server,
    getPort() {
      const addr = server.address();
      return addr && typeof addr === "object" ? addr.port : void 0;
    },
    async listenHttpBackend() {
      if (!isWindows) {
        const path10 = unixSocketPath();
        await unlink(path10).catch(() => {
        });
        await new Promise((resolve6, reject) => {
          opts.httpServer.once("error", reject);
          opts.httpServer.listen(path10, () => {
            opts.httpServer.removeListener("error", reject);
            resolve6();
          });
        });
        backendSocketPath = path10;
        logForDebugging(`mux: HTTP backend listening on ${path10}`);
        return void 0;
      }
      await listenInRange(opts.httpServer, (p) => opts.httpServer.listen(p, "127.0.0.1"), opts.httpBackendPortRange, /* @__PURE__ */ new Set());
      const addr = opts.httpServer.address();
      backendTcpPort = addr && typeof addr === "object" ? addr.port : void 0;
      logForDebugging(`mux: HTTP backend listening on 127.0.0.1:${backendTcpPort}`);
      return backendTcpPort;
    },
    async close() {
      for (const s of openSockets)
        s.destroy();
      openSockets.clear();
      await new Promise((resolve6) => server.close(() => resolve6()));
      await new Promise((resolve6) => opts.httpServer.close(() => resolve6()));
      if (backendSocketPath) {
        await unlink(backendSocketPath).catch(() => {
        });
        backendSocketPath = void 0;
      }
      backendTcpPort = void 0;
    },
    removeBackendSocketSync() {
      try {
        if (backendSocketPath)
          rmSync2(backendSocketPath, { force: true });
      } catch {
      }
    },
    unref() {
      server.unref();
      opts.httpServer.unref();
    }
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-sentinel.js
import { randomBytes, randomUUID } from "node:crypto";
var SENTINEL_PREFIX = "fake_value_";
var SENTINEL_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_-";
function mintSentinel(realValue) {
  const base = SENTINEL_PREFIX + randomUUID();
  const pad = Buffer.byteLength(realValue) - base.length;
  if (pad <= 0)
    return base;
  let out = base;
  for (const b of randomBytes(pad)) {
    out += SENTINEL_ALPHABET[b % SENTINEL_ALPHABET.length];
  }
  return out;
}
var SentinelRegistry = class {
  constructor() {
    this.byName = /* @__PURE__ */ new Map();
    this.bySentinel = /* @__PURE__ */ new Map();
    this.allSentinelsPrefixed = true;
  }
  /**
   * Return the sentinel for the credential named `name`, minting a fresh one
   * on first use. The sentinel is `fake_value_<uuid4>`: long enough that an
   * accidental collision with legitimate header content is negligible, and
   * free of shell/URL metacharacters so it survives `--setenv` and
   * `env NAME=value` unquoted.
   *
   * Idempotent on `name`: a repeat call returns the same sentinel and updates
   * `realValue`/`injectHosts` in place so `updateConfig()` can change either
   * without invalidating sentinels the sandboxed process has already read.
   * (A re-register whose new value has a different byte length leaves the
   * sentinel un-length-matched; body substitution then re-frames as chunked
   * rather than trusting a stale Content-Length.)
   */
  register(name, realValue, injectHosts) {
    return this.registerWithSentinel(name, mintSentinel(realValue), realValue, injectHosts);
  }
  /**
   * Like {@link register}, but with a caller-minted sentinel instead of the
   * default `fake_value_<uuid4>` — used when the fake must keep the real
   * value's shape (e.g. a structurally valid JWT for `decode: "jwt"`), so
   * client-side parsers inside the sandbox don't choke on it.
   *
   * Same idempotency contract as {@link register}: if `name` is already
   * registered, the EXISTING sentinel is returned (and `sentinel` discarded)
   * so a re-register never invalidates a fake the sandboxed process has
   * already read. The caller must mint sentinels with enough entropy that
   * collisions with real content are negligible (embed a uuid4). No
   * registered sentinel may be a substring of any other registered sentinel:
   * the body-substitution scan matches earliest-position-then-registration-
   * order, not longest-match, so nested sentinels would make replacement
   * chunk-boundary-dependent (still fail-safe — worst case a wrong fake
   * reaches upstream, never a secret).
   *
   * Caller-minted sentinels are used verbatim — never length-padded: a
   * shaped fake (e.g. a JWT) must keep its structure. They are therefore
   * generally not length-matched, and body substitution at hosts where they
   * inject falls back to chunked framing.
   */
  registerWithSentinel(name, sentinel, realValue, injectHosts) {
    const existing = this.byName.get(name);
    if (existing !== void 0) {
      existing.realValue = realValue;
      existing.injectHosts = injectHosts;
      return existing.sentinel;
    }
    if (!sentinel.startsWith(SENTINEL_PREFIX)) {
      this.allSentinelsPrefixed = false;
    }
    const entry = { name, sentinel, realValue, injectHosts };
    this.byName.set(name, entry);
    this.bySentinel.set(sentinel, entry);
    return sentinel;
  }
  /** Real value for `sentinel`, or undefined if not registered. */
  lookupReal(sentinel) {
    return this.bySentinel.get(sentinel)?.realValue;
  }
  /**
   * Names of the registered credentials whose `injectHosts` cover
   * `destHost`. Diagnostic helper: the proxy uses it to warn when a host is
   * exempted from TLS termination (so substitution can never run there) but
   * a masked credential is configured for injection at it.
   */
  namesInjectableAt(destHost, matches) {
    const names = [];
    for (const e of this.byName.values()) {
      if (e.injectHosts.some((p) => matches(destHost, p)))
        names.push(e.name);
    }
    return names;
  }
  /**
   * Sentinel→real byte pairs for every credential whose `injectHosts`
   * cover `destHost` — the substitution set the body transform scans for.
   * Same per-credential gating as {@link substituteInHeaders}. Buffers are
   * built per call so a re-registered credential's updated real value is
   * always current.
   */
  sentinelsForHost(destHost, matches) {
    const pairs = [];
    for (const e of this.bySentinel.values()) {
      if (!e.injectHosts.some((p) => matches(destHost, p)))
        continue;
      pairs.push({
        sentinel: Buffer.from(e.sentinel),
        realValue: Buffer.from(e.realValue)
      });
    }
    return pairs;
  }
  /** Iterate registered `[sentinel, realValue]` pairs. */
  *entries() {
    for (const e of this.bySentinel.values())
      yield [e.sentinel, e.realValue];
  }
  /** Number of registered sentinels. */
  get size() {
    return this.bySentinel.size;
  }
  /** Drop every mapping. Called on session teardown. */
  clear() {
    this.byName.clear();
    this.bySentinel.clear();
    this.allSentinelsPrefixed = true;
  }
  /**
   * Replace registered sentinels found in `headers` with their real values,
   * in place. Each sentinel substitutes only when `destHost` matches one of
   * THAT credential's `injectHosts` patterns (via `matches`); a sentinel
   * whose host list does not cover `destHost` is left as the useless fake.
   *
   * Scans all header values rather than a fixed set — a sentinel showing up
   * anywhere is the substitution trigger, regardless of header name
   * (Authorization, X-Api-Key, Private-Token, ...).
   *
   * The caller remains responsible for transport gating (TLS-terminated path
   * unless `allowPlaintextInject`).
   */
  substituteInHeaders(headers, destHost, matches) {
    if (this.bySentinel.size === 0)
      return;
    for (const [name, value] of Object.entries(headers)) {
      if (value === void 0)
        continue;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          value[i] = this.substituteInString(value[i], destHost, matches);
        }
      } else {
        headers[name] = this.substituteInString(value, destHost, matches);
      }
    }
  }
  substituteInString(s, destHost, matches) {
    if (this.allSentinelsPrefixed && !s.includes(SENTINEL_PREFIX))
      return s;
    let out = s;
    for (const e of this.bySentinel.values()) {
      if (!out.includes(e.sentinel))
        continue;
      if (!e.injectHosts.some((p) => matches(destHost, p)))
        continue;
      out = out.split(e.sentinel).join(e.realValue);
    }
    return out;
  }
};

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-mask-files.js
import { randomUUID as randomUUID2 } from "node:crypto";
import * as fs5 from "node:fs";
import { tmpdir as tmpdir3 } from "node:os";
import { join as join4 } from "node:path";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-extract.js
function extractAndSubstitute(content, pattern, sentinelFor, options = {}) {
  const re = new RegExp(pattern, "gd");
  const indexByCapture = /* @__PURE__ */ new Map();
  const sentinelByCapture = /* @__PURE__ */ new Map();
  const spans = [];
  for (const m of content.matchAll(re)) {
    const cap = m[1];
    if (cap === void 0) {
      throw new Error(`extract pattern /${pattern}/ matched at offset ${m.index} but capture group 1 is undefined \u2014 group 1 must capture the credential value on every match.`);
    }
    if (cap.length === 0)
      continue;
    let i = indexByCapture.get(cap);
    if (i === void 0)
      indexByCapture.set(cap, i = indexByCapture.size);
    const [start, end] = m.indices[1];
    const sentinel = sentinelFor(cap, i);
    if (!sentinelByCapture.has(cap))
      sentinelByCapture.set(cap, sentinel);
    spans.push({ start, end, sentinel });
  }
  if (indexByCapture.size === 0)
    return null;
  if (options.maskDuplicates) {
    const byLength = [...indexByCapture.keys()].sort((a, b) => b.length - a.length);
    for (const cap of byLength) {
      const sentinel = sentinelByCapture.get(cap);
      if (sentinel === cap)
        continue;
      for (let start = content.indexOf(cap); start !== -1; start = content.indexOf(cap, start + 1)) {
        const end = start + cap.length;
        if (spans.some((s) => start < s.end && s.start < end))
          continue;
        spans.push({ start, end, sentinel });
      }
    }
    spans.sort((a, b) => a.start - b.start);
  }
  let out = "";
  let pos = 0;
  for (const s of spans) {
    out += content.slice(pos, s.start) + s.sentinel;
    pos = s.end;
  }
  return {
    fakeContent: out + content.slice(pos),
    captures: [...indexByCapture.keys()]
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-decode.js
var JWT_DEFAULT_EXTRACT_PATTERN = "(eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)";
function decodeSegment(segment) {
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    return void 0;
  }
}
function verifyJwt(candidate) {
  const parts = candidate.split(".");
  if (parts.length !== 3)
    return false;
  const header = decodeSegment(parts[0]);
  if (typeof header !== "object" || header === null || !("alg" in header)) {
    return false;
  }
  return decodeSegment(parts[1]) !== void 0;
}
var FAKE_JWT_EXP = 9999999999;
var FAKE_JWT_SIGNATURE = "c3J0LWZha2U";
function base64url(s) {
  return Buffer.from(s, "utf8").toString("base64url");
}
function mintFakeJwt(uuid) {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify({ sub: SENTINEL_PREFIX + uuid, exp: FAKE_JWT_EXP }));
  return `${header}.${payload}.${FAKE_JWT_SIGNATURE}`;
}
function maskJwtClaims(token, claims, sentinelFor) {
  const [headerSeg, payloadSeg] = token.split(".");
  const payload = decodeSegment(payloadSeg ?? "");
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return null;
  const record = payload;
  const matched = [];
  for (const claim of claims) {
    const value = record[claim];
    if (typeof value === "string")
      matched.push([claim, value]);
  }
  if (matched.length === 0)
    return null;
  const claimSentinels = /* @__PURE__ */ new Map();
  for (const [claim, value] of matched) {
    const sentinel = sentinelFor(claim, value);
    record[claim] = sentinel;
    claimSentinels.set(claim, sentinel);
  }
  return {
    fakeToken: `${headerSeg}.${base64url(JSON.stringify(record))}.${FAKE_JWT_SIGNATURE}`,
    claimSentinels
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-mask-files.js
var FILE_KEY_PREFIX = "file:";
var MaskedFileStore = class {
  constructor() {
    this.byKey = /* @__PURE__ */ new Map();
  }
  /**
   * Write `sentinel` to a fake file for `key` and return its path.
   * Idempotent on `key`: a repeat call rewrites the same fake (so a
   * changed sentinel after re-register propagates) instead of leaking a
   * new file per wrapWithSandbox() call.
   */
  write(key, sentinel) {
    if (this.dir === void 0) {
      this.dir = fs5.mkdtempSync(join4(tmpdir3(), "srt-credmask-"));
    }
    let fakePath = this.byKey.get(key);
    if (fakePath === void 0) {
      fakePath = join4(this.dir, `${this.byKey.size}.fake`);
      this.byKey.set(key, fakePath);
    }
    fs5.rmSync(fakePath, { force: true });
    fs5.writeFileSync(fakePath, sentinel, { mode: 384 });
    return fakePath;
  }
  /** Remove the temp dir and every fake file in it. Idempotent. */
  dispose() {
    if (this.dir !== void 0) {
      try {
        fs5.rmSync(this.dir, { recursive: true, force: true });
      } catch (err) {
        logForDebugging(`MaskedFileStore cleanup failed: ${err}`, {
          level: "error"
        });
      }
    }
    this.dir = void 0;
    this.byKey.clear();
  }
  /** Temp dir path, or undefined if no fake has been written yet. */
  get dirPath() {
    return this.dir;
  }
};
function buildMaskedFileBinds(files, allowedDomains, registry, store) {
  const binds = [];
  const degradeToDenyPaths = [];
  for (const f of files) {
    if (f.mode !== "mask")
      continue;
    const realPath = normalizePathForSandbox(f.path, { literal: true });
    let content;
    try {
      const stat = fs5.statSync(realPath);
      if (stat.isDirectory()) {
        logForDebugging(`[credential-mask] Skipping masked file entry that resolves to a directory: ${f.path} \u2014 use mode "deny" for directories.`, { level: "warn" });
        continue;
      }
      const raw = fs5.readFileSync(realPath);
      content = raw.toString("utf8");
      if (Buffer.byteLength(content, "utf8") !== raw.length) {
        logForDebugging(`[credential-mask] Skipping masked file with non-UTF-8 content (binary credential files are not supported in mask mode): ${f.path}`, { level: "warn" });
        continue;
      }
    } catch (err) {
      logForDebugging(`[credential-mask] Skipping masked file (unreadable on host): ${f.path} \u2014 ${err.message}`);
      continue;
    }
    const injectHosts = f.injectHosts ?? allowedDomains;
    const key = FILE_KEY_PREFIX + realPath;
    let fakeContent;
    if (f.extract === void 0 && f.decode === void 0) {
      fakeContent = registry.register(key, content, injectHosts);
    } else {
      const pattern = f.extract ?? JWT_DEFAULT_EXTRACT_PATTERN;
      let maskedCount = 0;
      const extracted = extractAndSubstitute(content, pattern, (cap, i) => {
        if (f.decode === "jwt" && !verifyJwt(cap))
          return cap;
        const name = `${key}#${i}`;
        if (f.decode === "jwt" && f.maskClaims?.length) {
          const masked = maskJwtClaims(cap, f.maskClaims, (claim, real) => registry.register(`${key}#jwt${i}.${claim}`, real, injectHosts));
          if (masked === null) {
            logForDebugging(`[credential-mask] ${f.path}: verified JWT candidate has none of maskClaims ${JSON.stringify(f.maskClaims)} as string claims \u2014 left unmasked.`);
            return cap;
          }
          const skipped = f.maskClaims.filter((c) => !masked.claimSentinels.has(c));
          if (skipped.length > 0) {
            logForDebugging(`[credential-mask] ${f.path}: maskClaims ${JSON.stringify(skipped)} absent or non-string in a verified JWT \u2014 skipped.`);
          }
          maskedCount++;
          return registry.registerWithSentinel(name, masked.fakeToken, cap, injectHosts);
        }
        maskedCount++;
        return f.decode === "jwt" ? registry.registerWithSentinel(name, mintFakeJwt(randomUUID2()), cap, injectHosts) : registry.register(name, cap, injectHosts);
      }, { maskDuplicates: f.maskDuplicates ?? false });
      if (extracted === null || maskedCount === 0) {
        const cause = f.decode === "jwt" ? f.maskClaims?.length ? `decode "jwt" with pattern "${pattern}" that matched no verified JWT with maskable claims (maskClaims: ${JSON.stringify(f.maskClaims)})` : `decode "jwt" with pattern "${pattern}" that matched no verified JWT` : `extract pattern "${pattern}" that matched nothing`;
        const onNoMatch = f.onExtractNoMatch ?? "warn";
        if (onNoMatch === "error") {
          throw new Error(`credentials.files entry "${f.path}": ${cause} (onExtractNoMatch: "error"). Fix the config, change to "warn"/"deny", or remove the entry.`);
        }
        if (onNoMatch === "deny") {
          logForDebugging(`[credential-mask] ${f.path} has ${cause} \u2014 degrading to mode "deny".`, { level: "warn" });
          degradeToDenyPaths.push(realPath);
          continue;
        }
        const msg = `[sandbox-runtime] WARNING: credentials.files entry "${f.path}" has ${cause} in the file. The file is left UNPROTECTED (readable as-is inside the sandbox). Fix the config, set onExtractNoMatch to "deny" or "error", or remove the entry.`;
        console.warn(msg);
        logForDebugging(msg, { level: "warn" });
        continue;
      }
      fakeContent = extracted.fakeContent;
    }
    const fakePath = store.write(key, fakeContent);
    binds.push({ realPath, fakePath });
  }
  return { binds, degradeToDenyPaths };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-mask-env.js
import { randomUUID as randomUUID3 } from "node:crypto";
var ENV_EXTRACT_KEY_PREFIX = "env:";
function buildMaskedEnvVars(envVars, allowedDomains, registry, env = process.env) {
  const setEnvVars = {};
  const degradeToUnsetNames = [];
  for (const v of envVars) {
    if (v.mode !== "mask")
      continue;
    const real = env[v.name];
    if (real === void 0)
      continue;
    const injectHosts = v.injectHosts ?? allowedDomains;
    if (v.decode === "jwt") {
      if (!verifyJwt(real)) {
        const msg = `[sandbox-runtime] WARNING: credentials.envVars entry "${v.name}" has decode "jwt" but its value did not verify as a JWT. The variable is left UNPROTECTED (real value visible as-is inside the sandbox). Fix the config or remove the entry.`;
        console.warn(msg);
        logForDebugging(msg, { level: "warn" });
        continue;
      }
      if (v.maskClaims?.length) {
        const masked = maskJwtClaims(real, v.maskClaims, (claim, value) => registry.register(`${ENV_EXTRACT_KEY_PREFIX}${v.name}#${claim}`, value, injectHosts));
        if (masked === null) {
          const msg = `[sandbox-runtime] WARNING: credentials.envVars entry "${v.name}" has maskClaims ${JSON.stringify(v.maskClaims)} but none is present as a string claim in its JWT value. The variable is left UNPROTECTED (real value visible as-is inside the sandbox). Fix the config or remove the entry.`;
          console.warn(msg);
          logForDebugging(msg, { level: "warn" });
          continue;
        }
        const skipped = v.maskClaims.filter((c) => !masked.claimSentinels.has(c));
        if (skipped.length > 0) {
          logForDebugging(`[credential-mask] env var "${v.name}": maskClaims ${JSON.stringify(skipped)} absent or non-string in the JWT \u2014 skipped.`);
        }
        setEnvVars[v.name] = registry.registerWithSentinel(`${ENV_EXTRACT_KEY_PREFIX}${v.name}`, masked.fakeToken, real, injectHosts);
        continue;
      }
      setEnvVars[v.name] = registry.registerWithSentinel(`${ENV_EXTRACT_KEY_PREFIX}${v.name}`, mintFakeJwt(randomUUID3()), real, injectHosts);
      continue;
    }
    if (v.extract === void 0) {
      setEnvVars[v.name] = registry.register(v.name, real, injectHosts);
      continue;
    }
    const extracted = extractAndSubstitute(real, v.extract, (cap, i) => registry.register(`${ENV_EXTRACT_KEY_PREFIX}${v.name}#${i}`, cap, injectHosts));
    if (extracted === null) {
      const onNoMatch = v.onExtractNoMatch ?? "warn";
      if (onNoMatch === "error") {
        throw new Error(`credentials.envVars entry "${v.name}": extract pattern "${v.extract}" matched nothing (onExtractNoMatch: "error"). Fix the regex, change to "warn"/"deny", or remove the entry.`);
      }
      if (onNoMatch === "deny") {
        logForDebugging(`[credential-mask] extract pattern /${v.extract}/ matched nothing in the value of ${v.name} \u2014 unsetting the variable.`, { level: "warn" });
        degradeToUnsetNames.push(v.name);
        continue;
      }
      const msg = `[sandbox-runtime] WARNING: credentials.envVars entry "${v.name}" has extract pattern "${v.extract}" that matched nothing in the variable's value. The variable is left UNPROTECTED (visible as-is inside the sandbox). Fix the regex, set onExtractNoMatch to "deny" or "error", or remove the entry.`;
      console.warn(msg);
      logForDebugging(msg, { level: "warn" });
      continue;
    }
    setEnvVars[v.name] = extracted.fakeContent;
  }
  return { setEnvVars, degradeToUnsetNames };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-aws-pairs.js
var AWS_ACCESS_KEY_ID_VAR = "AWS_ACCESS_KEY_ID";
var AWS_SECRET_ACCESS_KEY_VAR = "AWS_SECRET_ACCESS_KEY";
var AWS_SESSION_TOKEN_VAR = "AWS_SESSION_TOKEN";
var AwsPairRegistry = class {
  constructor() {
    this.bySentinel = /* @__PURE__ */ new Map();
  }
  /** Insert or replace the pair keyed on its access-key-id sentinel. */
  register(pair) {
    this.bySentinel.set(pair.accessKeyIdSentinel, pair);
  }
  /** Exact-match lookup by the fake access key id; never pattern-based. */
  lookup(accessKeyIdSentinel) {
    return this.bySentinel.get(accessKeyIdSentinel);
  }
  get size() {
    return this.bySentinel.size;
  }
  /** Drop every pair. Called on session teardown. */
  clear() {
    this.bySentinel.clear();
  }
};
function registerAwsPairs(envVars, awsPairs, allowedDomains, setEnvVars, registry, env = process.env) {
  const specs = [...awsPairs ?? []];
  const explicitNames = new Set(specs.flatMap((p) => [
    p.accessKeyIdVar,
    p.secretAccessKeyVar,
    ...p.sessionTokenVar ? [p.sessionTokenVar] : []
  ]));
  const conventional = [
    AWS_ACCESS_KEY_ID_VAR,
    AWS_SECRET_ACCESS_KEY_VAR,
    AWS_SESSION_TOKEN_VAR
  ];
  if (!conventional.some((n) => explicitNames.has(n))) {
    specs.push({
      accessKeyIdVar: AWS_ACCESS_KEY_ID_VAR,
      secretAccessKeyVar: AWS_SECRET_ACCESS_KEY_VAR,
      sessionTokenVar: AWS_SESSION_TOKEN_VAR
    });
  }
  const wholeValueEntry = (name) => envVars.find((v) => v.name === name && v.mode === "mask" && v.extract === void 0 && v.decode === void 0);
  const maskedSentinel = (name) => wholeValueEntry(name) !== void 0 ? setEnvVars[name] : void 0;
  for (const spec of specs) {
    const akidSentinel = maskedSentinel(spec.accessKeyIdVar);
    const secretMasked = maskedSentinel(spec.secretAccessKeyVar) !== void 0;
    const realAkid = env[spec.accessKeyIdVar];
    const realSecret = env[spec.secretAccessKeyVar];
    if (akidSentinel === void 0 || !secretMasked || realAkid === void 0 || realSecret === void 0) {
      if (secretMasked && akidSentinel === void 0) {
        const msg = `[sandbox-runtime] WARNING: "${spec.secretAccessKeyVar}" is masked but "${spec.accessKeyIdVar}" is not, so no AWS credential pair was registered. SigV4 requests will be signed with the masked placeholder secret and the proxy cannot detect or re-sign them \u2014 they will fail upstream. Mask both variables (whole-value) to enable re-signing.`;
        console.warn(msg);
        logForDebugging(msg, { level: "warn" });
      }
      continue;
    }
    const akidEntry = wholeValueEntry(spec.accessKeyIdVar);
    const sessionSentinel = spec.sessionTokenVar !== void 0 ? maskedSentinel(spec.sessionTokenVar) : void 0;
    const realSessionToken = sessionSentinel !== void 0 && spec.sessionTokenVar !== void 0 ? env[spec.sessionTokenVar] : void 0;
    registry.register({
      accessKeyIdSentinel: akidSentinel,
      realAccessKeyId: realAkid,
      realSecretAccessKey: realSecret,
      ...realSessionToken !== void 0 ? { realSessionToken } : {},
      injectHosts: akidEntry.injectHosts ?? allowedDomains
    });
    logForDebugging(`[credential-aws] registered SigV4 pair for ${spec.accessKeyIdVar}/${spec.secretAccessKeyVar}` + (realSessionToken !== void 0 ? ` (+session token)` : ""));
  }
}
function resolveSigv4Policies(config2) {
  return {
    streaming: config2?.streaming ?? "deny",
    presigned: config2?.presigned ?? "deny",
    sigv4a: config2?.sigv4a ?? "deny"
  };
}
function createSigv4Planner(registry, config2, matches) {
  const policies = resolveSigv4Policies(config2);
  return (method, requestTarget, headers, destHost) => {
    if (registry.size === 0)
      return void 0;
    const detected = detectSigv4(headers, requestTarget);
    if (detected === null)
      return void 0;
    const pair = registry.lookup(detected.accessKeyId);
    if (pair === void 0)
      return void 0;
    if (!pair.injectHosts.some((p) => matches(destHost, p)))
      return void 0;
    if (detected.kind !== "header-sigv4") {
      if (policies[detected.kind] === "passthrough") {
        logForDebugging(`[credential-aws] ${detected.kind} request with masked credential passed through un-resigned per credentials.sigv4.${detected.kind} (its signature covers the placeholder secret and will fail upstream)`);
        return void 0;
      }
      return {
        action: "deny",
        reason: `AWS SigV4 ${detected.kind} request uses a masked credential but cannot be re-signed by the sandbox proxy; denied by policy. Set credentials.sigv4.${detected.kind} to "passthrough" to forward it unmodified (it will fail upstream: the signature covers the masked placeholder).`
      };
    }
    const auth = parseSigv4Authorization(singleHeader(headers.authorization));
    if (auth === null) {
      return {
        action: "deny",
        reason: "AWS SigV4 request uses a masked credential but its Authorization header is malformed; the proxy cannot re-sign it."
      };
    }
    const amzDate = singleHeader(headers["x-amz-date"]);
    if (amzDate === void 0) {
      return {
        action: "deny",
        reason: "AWS SigV4 request uses a masked credential but carries no x-amz-date header; the proxy cannot re-sign it."
      };
    }
    const signedHeaders = [...auth.signedHeaders];
    for (const name of signedHeaders) {
      if (name === "host")
        continue;
      if (name === "x-amz-security-token" && pair.realSessionToken !== void 0) {
        continue;
      }
      if (headers[name] === void 0) {
        return {
          action: "deny",
          reason: `AWS SigV4 request uses a masked credential but signed header "${name}" is missing; the proxy cannot re-sign it.`
        };
      }
    }
    if (pair.realSessionToken !== void 0 && !signedHeaders.includes("x-amz-security-token")) {
      signedHeaders.push("x-amz-security-token");
    }
    const contentSha = singleHeader(headers["x-amz-content-sha256"]);
    return {
      action: "resign",
      payloadHash: contentSha === UNSIGNED_PAYLOAD ? UNSIGNED_PAYLOAD : void 0,
      apply(fwdHeaders, hostHeader, payloadHash) {
        if (pair.realSessionToken !== void 0) {
          fwdHeaders["x-amz-security-token"] = pair.realSessionToken;
        }
        if (fwdHeaders["x-amz-content-sha256"] !== void 0 && contentSha !== UNSIGNED_PAYLOAD) {
          fwdHeaders["x-amz-content-sha256"] = payloadHash;
        }
        const { authorization } = signSigv4({
          method,
          requestTarget,
          headers: fwdHeaders,
          hostHeader,
          signedHeaders,
          payloadHash,
          amzDate,
          scope: {
            date: auth.date,
            region: auth.region,
            service: auth.service
          },
          accessKeyId: pair.realAccessKeyId,
          secretAccessKey: pair.realSecretAccessKey
        });
        fwdHeaders.authorization = authorization;
      }
    };
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/which.js
import { spawnSync } from "node:child_process";
function whichSync(bin) {
  if (typeof globalThis.Bun !== "undefined") {
    return globalThis.Bun.which(bin);
  }
  const result = spawnSync("which", [bin], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 1e3
  });
  if (result.status === 0 && result.stdout) {
    return result.stdout.trim();
  }
  return null;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-manager.js
import * as fs10 from "fs";
import { randomBytes as randomBytes4 } from "node:crypto";

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/shell-quote.js
function quote(args) {
  return args.map((arg) => {
    if (arg === "") {
      return "''";
    }
    if (/^[A-Za-z0-9_./:@+,-][A-Za-z0-9_./:=@+,-]*$/.test(arg)) {
      return arg;
    }
    return "'" + arg.replace(/'/g, `'"'"'`) + "'";
  }).join(" ");
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js
import { randomBytes as randomBytes2 } from "node:crypto";
import * as fs7 from "fs";
import { spawn as spawn2, spawnSync as spawnSync2 } from "node:child_process";
import { endianness, tmpdir as tmpdir4 } from "node:os";
import path4, { join as join7 } from "node:path";

// node_modules/@anthropic-ai/sandbox-runtime/dist/utils/ripgrep.js
import { spawn } from "child_process";
import { text } from "node:stream/consumers";
async function ripGrep(args, target, abortSignal, config2 = { command: "rg" }) {
  const { command, args: commandArgs = [], argv0 } = config2;
  const child = spawn(command, [...commandArgs, ...args, target], {
    argv0,
    signal: abortSignal,
    timeout: 1e4,
    windowsHide: true
  });
  const [stdout, stderr, code] = await Promise.all([
    text(child.stdout),
    text(child.stderr),
    new Promise((resolve6, reject) => {
      child.on("close", resolve6);
      child.on("error", reject);
    })
  ]);
  if (code === 0) {
    return stdout.trim().split("\n").filter(Boolean);
  }
  if (code === 1) {
    return [];
  }
  throw new RipgrepError(`ripgrep failed with exit code ${code}: ${stderr}`, stdout.split("\n").slice(0, -1).filter(Boolean), stderr);
}
var RipgrepError = class extends Error {
  constructor(message, listed, stderr) {
    super(message);
    this.listed = listed;
    this.stderr = stderr;
    this.name = "RipgrepError";
  }
};

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/java-proxy-agent.js
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname4, join as join6 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/generate-seccomp-filter.js
import { join as join5, dirname as dirname3 } from "node:path";
import { fileURLToPath } from "node:url";
import * as fs6 from "node:fs";
import { exec, execSync } from "node:child_process";
import { homedir as homedir2 } from "node:os";
var applySeccompPathCache = /* @__PURE__ */ new Map();
var cachedGlobalNpmPaths = null;
var pendingGlobalNpmPaths = null;
var NPM_ROOT_COMMAND = "npm root -g";
var NPM_ROOT_TIMEOUT_MS = 5e3;
function getGlobalNpmPaths() {
  if (cachedGlobalNpmPaths)
    return cachedGlobalNpmPaths;
  let npmRoot;
  try {
    npmRoot = execSync(NPM_ROOT_COMMAND, {
      encoding: "utf8",
      timeout: NPM_ROOT_TIMEOUT_MS,
      stdio: ["pipe", "pipe", "ignore"]
    });
  } catch {
  }
  cachedGlobalNpmPaths = buildGlobalNpmPaths(npmRoot);
  return cachedGlobalNpmPaths;
}
function getGlobalNpmPathsAsync() {
  if (cachedGlobalNpmPaths)
    return Promise.resolve(cachedGlobalNpmPaths);
  if (pendingGlobalNpmPaths)
    return pendingGlobalNpmPaths;
  pendingGlobalNpmPaths = new Promise((resolve6) => {
    try {
      const child = exec(NPM_ROOT_COMMAND, { encoding: "utf8", timeout: NPM_ROOT_TIMEOUT_MS }, (err, stdout) => resolve6(err ? void 0 : stdout));
      child.stdin?.end();
    } catch {
      resolve6(void 0);
    }
  }).then((npmRoot) => {
    cachedGlobalNpmPaths ?? (cachedGlobalNpmPaths = buildGlobalNpmPaths(npmRoot));
    pendingGlobalNpmPaths = null;
    return cachedGlobalNpmPaths;
  });
  return pendingGlobalNpmPaths;
}
function buildGlobalNpmPaths(npmRootOutput) {
  const paths = [];
  const npmRoot = npmRootOutput?.trim();
  if (npmRoot) {
    paths.push(join5(npmRoot, "@anthropic-ai", "sandbox-runtime"));
  }
  const home = homedir2();
  paths.push(
    // npm global (Linux/macOS)
    join5("/usr", "lib", "node_modules", "@anthropic-ai", "sandbox-runtime"),
    join5("/usr", "local", "lib", "node_modules", "@anthropic-ai", "sandbox-runtime"),
    // npm global with prefix (common on macOS with homebrew)
    join5("/opt", "homebrew", "lib", "node_modules", "@anthropic-ai", "sandbox-runtime"),
    // User-local npm global
    join5(home, ".npm", "lib", "node_modules", "@anthropic-ai", "sandbox-runtime"),
    join5(home, ".npm-global", "lib", "node_modules", "@anthropic-ai", "sandbox-runtime")
  );
  return paths;
}
function getVendorArchitecture() {
  const arch = process.arch;
  switch (arch) {
    case "x64":
      return "x64";
    case "arm64":
      return "arm64";
    case "ia32":
      logForDebugging(`[SeccompFilter] 32-bit x86 (ia32) is not currently supported due to missing socketcall() syscall blocking. The current seccomp filter only blocks socket(AF_UNIX, ...), but on 32-bit x86, socketcall() can be used to bypass this.`, { level: "error" });
      return null;
    default:
      logForDebugging(`[SeccompFilter] Unsupported architecture: ${arch}. Only x64 and arm64 are supported.`);
      return null;
  }
}
function getLocalSeccompPaths(filename) {
  const arch = getVendorArchitecture();
  if (!arch)
    return [];
  const baseDir = dirname3(fileURLToPath(import.meta.url));
  const relativePath = join5("vendor", "seccomp", arch, filename);
  return [
    join5(baseDir, relativePath),
    // bundled: same directory as bundle (e.g., when bundled into claude-cli)
    join5(baseDir, "..", "..", relativePath),
    // package root: vendor/seccomp/...
    join5(baseDir, "..", relativePath)
    // dist: dist/vendor/seccomp/...
  ];
}
function getApplySeccompBinaryPath(seccompBinaryPath) {
  const cacheKey = seccompBinaryPath ?? "";
  if (applySeccompPathCache.has(cacheKey)) {
    return applySeccompPathCache.get(cacheKey);
  }
  const local = findLocalApplySeccompPath(seccompBinaryPath);
  const result = local !== void 0 ? local : findGlobalApplySeccompPath(getGlobalNpmPaths());
  applySeccompPathCache.set(cacheKey, result);
  return result;
}
async function getApplySeccompBinaryPathAsync(seccompBinaryPath) {
  const cacheKey = seccompBinaryPath ?? "";
  if (applySeccompPathCache.has(cacheKey)) {
    return applySeccompPathCache.get(cacheKey);
  }
  const local = findLocalApplySeccompPath(seccompBinaryPath);
  const result = local !== void 0 ? local : findGlobalApplySeccompPath(await getGlobalNpmPathsAsync());
  applySeccompPathCache.set(cacheKey, result);
  return result;
}
function findLocalApplySeccompPath(seccompBinaryPath) {
  if (seccompBinaryPath) {
    if (fs6.existsSync(seccompBinaryPath)) {
      logForDebugging(`[SeccompFilter] Using apply-seccomp binary from explicit path: ${seccompBinaryPath}`);
      return seccompBinaryPath;
    }
    logForDebugging(`[SeccompFilter] Explicit path provided but file not found: ${seccompBinaryPath}`);
  }
  const arch = getVendorArchitecture();
  if (!arch) {
    logForDebugging(`[SeccompFilter] Cannot find apply-seccomp binary: unsupported architecture ${process.arch}`);
    return null;
  }
  logForDebugging(`[SeccompFilter] Looking for apply-seccomp binary for architecture: ${arch}`);
  for (const binaryPath of getLocalSeccompPaths("apply-seccomp")) {
    if (fs6.existsSync(binaryPath)) {
      logForDebugging(`[SeccompFilter] Found apply-seccomp binary: ${binaryPath} (${arch})`);
      return binaryPath;
    }
  }
  return void 0;
}
function findGlobalApplySeccompPath(globalBases) {
  const arch = getVendorArchitecture();
  if (!arch)
    return null;
  for (const globalBase of globalBases) {
    const binaryPath = join5(globalBase, "vendor", "seccomp", arch, "apply-seccomp");
    if (fs6.existsSync(binaryPath)) {
      logForDebugging(`[SeccompFilter] Found apply-seccomp binary in global install: ${binaryPath} (${arch})`);
      return binaryPath;
    }
  }
  logForDebugging(`[SeccompFilter] apply-seccomp binary not found in any expected location (${arch})`);
  return null;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/java-proxy-agent.js
var JAVA_PROXY_AGENT_JAR_NAME = "srt-proxy-agent.jar";
var jarPathCache = /* @__PURE__ */ new Map();
async function getJavaProxyAgentJarPathAsync(explicitPath) {
  const key = explicitPath ?? "";
  const cached = jarPathCache.get(key);
  if (cached !== void 0)
    return cached;
  const found = findLocalJar(explicitPath) ?? findGlobalJar(await getGlobalNpmPathsAsync());
  jarPathCache.set(key, found);
  return found;
}
var JAR_REL_PATH = join6("vendor", "java-proxy-agent", JAVA_PROXY_AGENT_JAR_NAME);
function findLocalJar(explicitPath) {
  if (explicitPath) {
    if (existsSync2(explicitPath))
      return explicitPath;
    logForDebugging(`[java-proxy-agent] javaAgentJarPath not found: ${explicitPath}`, { level: "warn" });
  }
  const baseDir = dirname4(fileURLToPath2(import.meta.url));
  const candidates = [
    join6(baseDir, JAR_REL_PATH),
    join6(baseDir, "..", "..", JAR_REL_PATH),
    join6(baseDir, "..", JAR_REL_PATH)
  ];
  return candidates.find((p) => existsSync2(p));
}
function findGlobalJar(globalBases) {
  for (const base of globalBases) {
    const p = join6(base, JAR_REL_PATH);
    if (existsSync2(p))
      return p;
  }
  logForDebugging(`[java-proxy-agent] ${JAVA_PROXY_AGENT_JAR_NAME} not found; JVMs in the sandbox will not be pointed at the proxy (run \`npm run build:java-agent\`)`, { level: "warn" });
  return null;
}
function buildJavaToolOptions(opts) {
  const denied = (opts.unsetEnvVars ?? []).includes("JAVA_TOOL_OPTIONS");
  const inherited = denied ? "" : opts.inherited ?? "";
  const parts = [];
  if (opts.agentJarPath) {
    parts.push(javaAgentFlag(opts.agentJarPath));
  }
  if (inherited)
    parts.push(inherited);
  for (const flag of opts.flags ?? []) {
    if (!inherited.includes(flag) && !parts.includes(flag))
      parts.push(flag);
  }
  return parts.length > 0 ? parts.join(" ") : void 0;
}
function javaAgentFlag(jarPath) {
  const flag = `-javaagent:${jarPath}`;
  return /\s/.test(jarPath) ? `"${flag}"` : flag;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js
var DEFAULT_MANDATORY_DENY_SEARCH_DEPTH = 3;
function findSymlinkInPath(targetPath, allowedWritePaths) {
  const parts = targetPath.split(path4.sep);
  let currentPath = "";
  for (const part2 of parts) {
    if (!part2)
      continue;
    const nextPath = currentPath + path4.sep + part2;
    try {
      const stats = fs7.lstatSync(nextPath);
      if (stats.isSymbolicLink()) {
        const isWithinAllowedPath = allowedWritePaths.some((allowedPath) => isAtOrUnder(nextPath, allowedPath));
        if (isWithinAllowedPath) {
          return nextPath;
        }
      }
    } catch {
      break;
    }
    currentPath = nextPath;
  }
  return null;
}
var MAX_MISSING_NAMES_PASSED = 40;
function resolveSymlinkedDenyPath(targetPath, alsoDenied) {
  try {
    return realPathOf(targetPath);
  } catch {
  }
  let ancestor = targetPath;
  const remainder = [];
  let resolvedAncestor = null;
  while (resolvedAncestor === null) {
    const parent = path4.dirname(ancestor);
    if (parent === ancestor) {
      return null;
    }
    remainder.unshift(path4.basename(ancestor));
    ancestor = parent;
    try {
      resolvedAncestor = realPathOf(ancestor);
    } catch {
    }
  }
  const rejoined = path4.join(resolvedAncestor, ...remainder);
  try {
    fs7.readlinkSync(path4.join(resolvedAncestor, remainder[0]));
  } catch {
    return rejoined;
  }
  let why = "it goes up from too many names that are not there";
  try {
    let onward = rejoined;
    for (let i = 0; i < MAX_MISSING_NAMES_PASSED; i++) {
      const { real, rest, notThere } = wayTo(onward);
      if (notThere?.code === "EACCES") {
        return real || "/";
      }
      const names = rest.filter((name) => name !== "" && name !== ".");
      if (names[1] !== "..") {
        return [real, ...names.slice(0, 2)].join("/") || "/";
      }
      alsoDenied?.push(`${real}/${names[0]}`);
      onward = [real, ...names.slice(2)].join("/");
    }
  } catch (err) {
    why = err;
  }
  if (alsoDenied === void 0) {
    logForDebugging(`[Sandbox Linux] Where a write to ${targetPath} would land cannot be settled: ${why}. The link on the way is masked instead, which can keep the sandbox from starting.`, { level: "warn" });
  }
  return null;
}
function fileOnTheWay(targetPath) {
  const parts = targetPath.split(path4.sep);
  let currentPath = "";
  for (const part2 of parts) {
    if (!part2)
      continue;
    const nextPath = currentPath + path4.sep + part2;
    try {
      if (!fs7.statSync(nextPath).isDirectory())
        return nextPath;
    } catch {
      break;
    }
    currentPath = nextPath;
  }
  return void 0;
}
function findFirstNonExistentComponent(targetPath) {
  const parts = targetPath.split(path4.sep);
  let currentPath = "";
  for (const part2 of parts) {
    if (!part2)
      continue;
    const nextPath = currentPath + path4.sep + part2;
    if (!fs7.existsSync(nextPath)) {
      return nextPath;
    }
    currentPath = nextPath;
  }
  return targetPath;
}
var MountPointKind;
(function(MountPointKind2) {
  MountPointKind2["File"] = "file";
  MountPointKind2["Directory"] = "directory";
  MountPointKind2["Held"] = "held";
  MountPointKind2["Unmakeable"] = "unmakeable";
})(MountPointKind || (MountPointKind = {}));
var O_PATH = 2097152;
var V9FS_MAGIC = 16914839;
function makeableMountPoint(dest, wanted) {
  const refusalOf = (attempt) => {
    try {
      attempt();
      return void 0;
    } catch (err) {
      const code = err.code;
      if (code === "EACCES" || code === "EPERM" || code === "EROFS")
        return code;
      throw err;
    }
  };
  let fd;
  try {
    fd = fs7.openSync(path4.dirname(dest), O_PATH | fs7.constants.O_NOFOLLOW | fs7.constants.O_DIRECTORY);
    const parent = `/proc/self/fd/${fd}`;
    if (fs7.readlinkSync(parent) !== path4.dirname(dest))
      return wanted;
    const { uid, mode } = fs7.fstatSync(fd);
    const refusal = refusalOf(() => fs7.accessSync(parent, fs7.constants.W_OK | fs7.constants.X_OK));
    if (fs7.statfsSync(parent).type !== V9FS_MAGIC) {
      return refusal === void 0 || refusal === "EACCES" && uid === process.geteuid?.() ? wanted : MountPointKind.Unmakeable;
    }
    if (refusal === void 0) {
      const entry = `${parent}/${path4.basename(dest)}`;
      if (wanted === MountPointKind.File && refusalOf(() => fs7.closeSync(fs7.openSync(entry, "wx", 292))) === void 0) {
        return MountPointKind.File;
      }
      if (refusalOf(() => fs7.mkdirSync(entry)) === void 0) {
        return MountPointKind.Directory;
      }
    }
    return refusalOf(() => fs7.chmodSync(parent, mode & 4095)) === void 0 ? wanted : MountPointKind.Unmakeable;
  } catch {
    return wanted;
  } finally {
    if (fd !== void 0)
      fs7.closeSync(fd);
  }
}
var DotGitKind;
(function(DotGitKind2) {
  DotGitKind2["Directory"] = "directory";
  DotGitKind2["File"] = "file";
  DotGitKind2["Absent"] = "absent";
})(DotGitKind || (DotGitKind = {}));
function dotGitKindAt(dotGitPath) {
  try {
    return fs7.statSync(dotGitPath).isDirectory() ? DotGitKind.Directory : DotGitKind.File;
  } catch {
    return DotGitKind.Absent;
  }
}
function linuxGetCwdMandatoryDenyPaths(allowGitConfig = false) {
  const cwd = process.cwd();
  const denyPaths = [
    // Dangerous files in CWD
    ...DANGEROUS_FILES.map((f) => path4.resolve(cwd, f)),
    // Dangerous directories in CWD
    ...getDangerousDirectories().map((d) => path4.resolve(cwd, d))
  ];
  const dotGitPath = path4.resolve(cwd, ".git");
  const dotGit = dotGitKindAt(dotGitPath);
  if (dotGit === DotGitKind.File) {
    denyPaths.push(dotGitPath);
  }
  if (dotGit === DotGitKind.Directory) {
    denyPaths.push(path4.resolve(cwd, ".git/hooks"));
    if (!allowGitConfig) {
      denyPaths.push(path4.resolve(cwd, ".git/config"));
    }
  }
  return denyPaths;
}
function unreadableDirectories(stderr, cwd, maxDepth) {
  const found = [];
  const tried = /* @__PURE__ */ new Set();
  for (const line of stderr.split("\n")) {
    const said = line.startsWith("rg: ") ? line.slice(4) : line;
    for (let cut = said.indexOf(": "); cut !== -1; cut = said.indexOf(": ", cut + 1)) {
      for (let dir = path4.resolve(cwd, said.slice(0, cut)); dir.startsWith(cwd + path4.sep) && !tried.has(dir); dir = path4.dirname(dir)) {
        tried.add(dir);
        try {
          const stat = fs7.lstatSync(dir);
          if (!stat.isDirectory() || stat.uid !== process.getuid?.() || realPathOf(dir) !== dir) {
            break;
          }
        } catch (error) {
          if (error.code === "EACCES")
            continue;
          break;
        }
        try {
          fs7.accessSync(dir, fs7.constants.R_OK | fs7.constants.X_OK);
        } catch {
          if (path4.relative(cwd, dir).split(path4.sep).length <= maxDepth) {
            found.push(dir);
          }
        }
        break;
      }
    }
  }
  return found;
}
async function linuxGetMandatoryDenyPaths(ripgrepConfig = { command: "rg" }, maxDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, abortSignal) {
  const cwd = process.cwd();
  const fallbackController = new AbortController();
  const signal = abortSignal ?? fallbackController.signal;
  const dangerousDirectories = getDangerousDirectories();
  const denyPaths = linuxGetCwdMandatoryDenyPaths(allowGitConfig);
  const iglobArgs = [];
  for (const fileName of DANGEROUS_FILES) {
    iglobArgs.push("--iglob", fileName);
  }
  for (const dirName of dangerousDirectories) {
    iglobArgs.push("--iglob", `**/${dirName}/**`);
  }
  iglobArgs.push("--iglob", "**/.git/hooks/**", "--iglob", "**/.git/HEAD");
  if (!allowGitConfig) {
    iglobArgs.push("--iglob", "**/.git/config");
  }
  let matches = [];
  try {
    matches = await ripGrep([
      "--files",
      "--hidden",
      // INVARIANT: no file decides what is listed. An ignore file that names
      // a directory hides all beneath it, and a configuration file can add
      // any flag; both are files in or above the tree.
      "--no-ignore",
      "--no-config",
      // Into a pipe ripgrep writes by the block, and killed it drops the
      // block: it would have listed nothing.
      "--line-buffered",
      "--max-depth",
      String(maxDepth + 1),
      ...iglobArgs,
      "-g",
      "!**/node_modules/**"
    ], cwd, signal, ripgrepConfig);
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof RipgrepError) {
      matches = error.listed;
      denyPaths.push(...unreadableDirectories(error.stderr, cwd, maxDepth));
    }
    logForDebugging(`[Sandbox] ripgrep scan failed: ${error}`, {
      level: "warn"
    });
  }
  const directoryNames = [
    ...dangerousDirectories,
    ".git/hooks",
    ".git/config",
    ".git/HEAD"
  ].map((name) => normalizeCaseForComparison(name).split("/"));
  for (const match of matches) {
    const segments = path4.relative(cwd, path4.resolve(cwd, match)).split(path4.sep);
    const lower = segments.map(normalizeCaseForComparison);
    let at = segments.length - 1;
    let length = 1;
    let deepest = maxDepth - 1;
    search: for (let i = 0; i < lower.length; i++) {
      for (const name of directoryNames) {
        if (name.every((component, k) => lower[i + k] === component)) {
          at = i;
          length = name.length;
          deepest = maxDepth - 2;
          break search;
        }
      }
    }
    if (at > deepest)
      continue;
    const found = segments.slice(0, at + length);
    if (lower[at] === ".git" && lower[at + 1] === "head")
      found[at + 1] = "hooks";
    denyPaths.push(path4.join(cwd, ...found));
  }
  return [...new Set(denyPaths)];
}
var bwrapMountPoints = /* @__PURE__ */ new Set();
var emptyMountSourceDir;
function ensureEmptyMountSourceDir() {
  if (emptyMountSourceDir !== void 0) {
    try {
      const stat = fs7.lstatSync(emptyMountSourceDir);
      if (stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 63) === 0 && fs7.readdirSync(emptyMountSourceDir).length === 0) {
        return emptyMountSourceDir;
      }
    } catch {
    }
    logForDebugging(`[Sandbox Linux] Not reusing the empty-directory mount source, it is gone or no longer our own empty directory: ${emptyMountSourceDir}`);
  }
  emptyMountSourceDir = fs7.mkdtempSync(path4.join(tmpdir4(), "claude-empty-"));
  fs7.chmodSync(emptyMountSourceDir, 448);
  return emptyMountSourceDir;
}
var CAP_SETFCAP = 31;
var boundingCapabilities;
var capabilityReadFailureLogged = false;
function processHasBoundingCapability(cap) {
  let bits = boundingCapabilities;
  if (bits === void 0) {
    let failure = "has no CapBnd or CapInh line";
    try {
      bits = boundingCapabilitiesFromStatus(fs7.readFileSync("/proc/self/status", "utf8"));
      boundingCapabilities = bits;
    } catch (e) {
      failure = `could not be read (${String(e)})`;
    }
    if (bits === void 0) {
      if (!capabilityReadFailureLogged) {
        capabilityReadFailureLogged = true;
        logForDebugging(`[Sandbox Linux] /proc/self/status ${failure} - assuming this process holds no capabilities`, { level: "warn" });
      }
      return false;
    }
  }
  return (bits >> BigInt(cap) & 1n) === 1n;
}
function boundingCapabilitiesFromStatus(status) {
  const bounding = status.match(/^CapBnd:\s*([0-9a-fA-F]+)\s*$/m);
  const inheritable = status.match(/^CapInh:\s*([0-9a-fA-F]+)\s*$/m);
  return bounding && inheritable ? BigInt("0x" + bounding[1]) | BigInt("0x" + inheritable[1]) : void 0;
}
function capabilityArgs({ euid, hasSetfcap, usesSeccompHelper }) {
  const args = ["--cap-drop", "ALL"];
  if (euid !== 0)
    return args;
  if (!hasSetfcap)
    return args;
  if (usesSeccompHelper)
    args.push("--cap-add", "CAP_SETFCAP");
  return args;
}
var setfcapMissingLogged = false;
var CAP_SETFCAP_MISSING_MESSAGE = `running as uid 0 without CAP_SETFCAP in this process's capability bounding set - on kernels that enforce the CAP_SETFCAP requirement for mapping uid 0 into a user namespace (Linux 5.12 and distribution backports) every sandboxed command fails while writing a uid map ("Operation not permitted"). Grant CAP_SETFCAP to this process, or run as a non-root user`;
var linuxMaxArgStrlen;
function maxArgStrlen() {
  if (linuxMaxArgStrlen === void 0) {
    const AT_PAGESZ = 6;
    let pageSize = 4096;
    try {
      const auxv = fs7.readFileSync("/proc/self/auxv");
      const wordBytes = /64|s390x/.test(process.arch) ? 8 : 4;
      const low = Math.min(wordBytes, 6);
      const word = (at) => endianness() === "BE" ? auxv.readUIntBE(at + wordBytes - low, low) : auxv.readUIntLE(at, low);
      for (let at = 0; at + 2 * wordBytes <= auxv.length; at += 2 * wordBytes) {
        if (word(at) === AT_PAGESZ) {
          pageSize = word(at + wordBytes);
          break;
        }
      }
    } catch {
    }
    linuxMaxArgStrlen = 32 * pageSize;
  }
  return linuxMaxArgStrlen;
}
var ARG_HEADROOM_BYTES = 4096;
var BWRAP_MAX_ARGS = 9e3;
var BWRAP_ARGS_FD = 9;
var O_TMPFILE = 4194304 | fs7.constants.O_DIRECTORY;
var bwrapArgsFds = /* @__PURE__ */ new Set();
function bwrapArgsProfilePath(fd) {
  return `/proc/${process.pid}/fd/${fd}`;
}
function openBwrapArgsProfile(mountWords) {
  const contents = mountWords.map((word) => word + "\0").join("");
  const failures = [];
  for (const dir of /* @__PURE__ */ new Set([tmpdir4(), "/dev/shm"])) {
    let fd;
    try {
      fd = fs7.openSync(dir, O_TMPFILE | fs7.constants.O_RDWR, 384);
    } catch (error) {
      failures.push(`${dir}: ${errorText(error)}`);
      continue;
    }
    try {
      fs7.writeFileSync(fd, contents);
      fs7.fchmodSync(fd, 256);
      fs7.closeSync(fs7.openSync(bwrapArgsProfilePath(fd), fs7.constants.O_RDONLY));
    } catch (error) {
      failures.push(`${dir}: ${errorText(error)}`);
      fs7.closeSync(fd);
      continue;
    }
    bwrapArgsFds.add(fd);
    return fd;
  }
  throw new Error(`no unnamed file could be opened for it (${failures.join("; ")})`);
}
function closeBwrapArgsProfile(fd) {
  bwrapArgsFds.delete(fd);
  try {
    fs7.closeSync(fd);
  } catch {
  }
}
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}
var LinuxSandboxProfileError = class extends Error {
  constructor(code, message, cause) {
    super(message);
    this.name = "LinuxSandboxProfileError";
    this.code = code;
    if (cause !== void 0) {
      Object.defineProperty(this, "cause", {
        value: cause,
        writable: true,
        configurable: true,
        enumerable: false
      });
    }
  }
};
var WorkingDirectoryChanged = class extends Error {
  constructor() {
    super("The working directory changed while the command was being wrapped");
    this.name = "WorkingDirectoryChanged";
  }
};
function renderBwrapInvocation(bwrapBinary, bwrapArgs, mounts) {
  const shares = () => `${mounts.mandatoryDenyArgs} of its arguments are built-in write protection, in no list of the configuration: shell and tool settings and each git repository's hooks and config, in and below the working directory, and the directories holding them. For fewer, run from a directory with fewer repositories in it, or allow writing to fewer of them; a lower mandatoryDenySearchDepth leaves the deeper ones unprotected. The other ${bwrapArgs.length - mounts.mandatoryDenyArgs} are what the configuration expands to: each path takes about three arguments, each environment variable two`;
  if (bwrapArgs.length > BWRAP_MAX_ARGS) {
    throw new LinuxSandboxProfileError("too_many_arguments", `Sandbox profile has ${bwrapArgs.length} bwrap arguments and bwrap accepts at most ${BWRAP_MAX_ARGS} (about ${BWRAP_MAX_ARGS / 3} mounts). ${shares()}`);
  }
  const mountWords = bwrapArgs.slice(mounts.start, mounts.end);
  if (mountWords.some((word) => word.includes("\0"))) {
    throw new LinuxSandboxProfileError("nul_in_path", "Sandbox profile contains a path with a NUL byte, which neither a command line nor a file of bwrap arguments can carry");
  }
  const inline = quote([bwrapBinary, ...bwrapArgs]);
  const inlineBytes = Buffer.byteLength(inline, "utf8");
  const limit = maxArgStrlen() - 1;
  if (inlineBytes <= limit - ARG_HEADROOM_BYTES) {
    return inline;
  }
  const tooLong = `Sandbox profile is too long for the command line (${inlineBytes} bytes; past ${limit - ARG_HEADROOM_BYTES} it goes through a file)`;
  if (bwrapArgs.length + 2 > BWRAP_MAX_ARGS) {
    throw new LinuxSandboxProfileError("too_many_arguments", `${tooLong} and, passed through a file, would exceed the ${BWRAP_MAX_ARGS} arguments bwrap accepts. ${shares()}`);
  }
  let argsFd;
  try {
    argsFd = openBwrapArgsProfile(mountWords);
  } catch (error) {
    throw new LinuxSandboxProfileError("args_file_unavailable", `${tooLong} and cannot be passed through a file: ${errorText(error)}`, error);
  }
  const viaArgsFile = quote([
    "/bin/sh",
    "-c",
    `exec ${BWRAP_ARGS_FD}<"$1" && shift && exec "$@"`,
    "srt-args",
    bwrapArgsProfilePath(argsFd),
    bwrapBinary,
    ...bwrapArgs.slice(0, mounts.start),
    "--args",
    String(BWRAP_ARGS_FD),
    ...bwrapArgs.slice(mounts.end)
  ]);
  const viaArgsFileBytes = Buffer.byteLength(viaArgsFile, "utf8");
  if (viaArgsFileBytes > limit) {
    closeBwrapArgsProfile(argsFd);
    throw new LinuxSandboxProfileError("command_too_long", `Sandboxed command is too long for one shell argument even with the mounts passed through a file (${viaArgsFileBytes} bytes; the limit here is ${limit})`);
  }
  logForDebugging(`[Sandbox Linux] bwrap mounts moved to an unnamed file, read through ${bwrapArgsProfilePath(argsFd)} on bwrap's fd ${BWRAP_ARGS_FD}: the command line would be ${inlineBytes} bytes as one argument`);
  return viaArgsFile;
}
var activeSandboxCount = 0;
var forcedCleanups = 0;
var exitHandlerRegistered = false;
function registerExitCleanupHandler() {
  if (exitHandlerRegistered) {
    return;
  }
  process.on("exit", () => {
    cleanupBwrapMountPoints({ force: true });
  });
  exitHandlerRegistered = true;
}
function cleanupBwrapMountPoints(opts) {
  if (!opts?.force) {
    if (activeSandboxCount > 0) {
      activeSandboxCount--;
    }
    if (activeSandboxCount > 0) {
      logForDebugging(`[Sandbox Linux] Deferring mount point cleanup \u2014 ${activeSandboxCount} sandbox(es) still active`);
      return;
    }
  } else {
    activeSandboxCount = 0;
    forcedCleanups++;
  }
  const deepestFirst = [...bwrapMountPoints].sort((a, b) => b.length - a.length);
  for (const mountPoint of deepestFirst) {
    try {
      const stat = fs7.statSync(mountPoint);
      if (stat.isFile() && stat.size === 0) {
        fs7.unlinkSync(mountPoint);
        logForDebugging(`[Sandbox Linux] Cleaned up bwrap mount point (file): ${mountPoint}`);
      } else if (stat.isDirectory()) {
        const entries = fs7.readdirSync(mountPoint);
        if (entries.length === 0) {
          fs7.rmdirSync(mountPoint);
          logForDebugging(`[Sandbox Linux] Cleaned up bwrap mount point (dir): ${mountPoint}`);
        }
      }
    } catch {
    }
  }
  bwrapMountPoints.clear();
  if (emptyMountSourceDir !== void 0) {
    try {
      fs7.rmdirSync(emptyMountSourceDir);
      logForDebugging(`[Sandbox Linux] Cleaned up the empty-directory mount source: ${emptyMountSourceDir}`);
      emptyMountSourceDir = void 0;
    } catch (err) {
      const code = err.code;
      if (code === "ENOTEMPTY") {
        logForDebugging(`[Sandbox Linux] Left the empty-directory mount source behind, something has written into it: ${emptyMountSourceDir}`);
      }
      if (code === "ENOENT" || code === "ENOTDIR") {
        emptyMountSourceDir = void 0;
      }
    }
  }
  for (const argsFd of [...bwrapArgsFds]) {
    closeBwrapArgsProfile(argsFd);
  }
}
function isExecutable(p) {
  try {
    fs7.accessSync(p, fs7.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function checkLinuxDependencies(opts) {
  const { seccompConfig, bwrapPath, socatPath } = opts ?? {};
  const errors = [];
  const warnings = [];
  let usableBwrap = null;
  if (bwrapPath) {
    if (isExecutable(bwrapPath))
      usableBwrap = bwrapPath;
    else
      errors.push(`bubblewrap (bwrap) not executable at ${bwrapPath}`);
  } else {
    usableBwrap = whichSync("bwrap");
    if (usableBwrap === null)
      errors.push("bubblewrap (bwrap) not installed");
  }
  if (socatPath) {
    if (!isExecutable(socatPath))
      errors.push(`socat not executable at ${socatPath}`);
  } else if (whichSync("socat") === null) {
    errors.push("socat not installed");
  }
  if (!seccompConfig?.argv0 && getApplySeccompBinaryPath(seccompConfig?.applyPath) === null) {
    warnings.push("seccomp not available - unix socket access not restricted");
  }
  const uid0Error = uid0SandboxError({
    euid: process.geteuid?.(),
    hasSetfcap: processHasBoundingCapability(CAP_SETFCAP),
    bwrap: usableBwrap
  });
  if (uid0Error !== null)
    errors.push(uid0Error);
  const outdated = outdatedBwrapWarning(usableBwrap);
  if (outdated !== null)
    warnings.push(outdated);
  return { warnings, errors };
}
var OLDEST_FULLY_SUPPORTED_BWRAP_VERSION = "0.5.0";
var bwrapVersions = /* @__PURE__ */ new Map();
function probeBwrapVersion(bwrap) {
  const cached = bwrapVersions.get(bwrap);
  if (cached !== void 0)
    return cached;
  const probe = spawnSync2(bwrap, ["--version"], {
    timeout: 5e3,
    stdio: ["ignore", "pipe", "ignore"],
    encoding: "utf8"
  });
  const version = probe.error === void 0 && probe.status === 0 ? /\d+(?:\.\d+)*/.exec(probe.stdout ?? "")?.[0] ?? null : null;
  bwrapVersions.set(bwrap, version);
  return version;
}
function compareVersions(a, b) {
  const partsOf = (version) => version.split(".").map((part2) => {
    const parsed = Number.parseInt(part2, 10);
    return Number.isNaN(parsed) ? 0 : parsed;
  });
  const left = partsOf(a);
  const right = partsOf(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0)
      return difference;
  }
  return 0;
}
function outdatedBwrapWarning(bwrap) {
  if (bwrap === null)
    return null;
  const version = probeBwrapVersion(bwrap);
  if (version === null || compareVersions(version, OLDEST_FULLY_SUPPORTED_BWRAP_VERSION) >= 0) {
    return null;
  }
  return `bubblewrap ${version} at ${bwrap} is older than ${OLDEST_FULLY_SUPPORTED_BWRAP_VERSION}: a denyRead entry or credential mask naming a path that is not a regular file (a fifo, socket or device node) cannot be applied on it. Everything else is unaffected`;
}
function uid0SandboxError({ euid, hasSetfcap, bwrap }) {
  if (euid !== 0 || hasSetfcap || bwrap === null)
    return null;
  const refusal = probeUid0UserNamespace(bwrap);
  if (refusal === null)
    return null;
  return refusal === "" ? CAP_SETFCAP_MISSING_MESSAGE : `${CAP_SETFCAP_MISSING_MESSAGE} (bubblewrap: ${refusal})`;
}
var uid0UserNamespaceProbes = /* @__PURE__ */ new Map();
function probeUid0UserNamespace(bwrap) {
  const cached = uid0UserNamespaceProbes.get(bwrap);
  if (cached !== void 0)
    return cached;
  const probe = spawnSync2(bwrap, ["--unshare-user", "--dev-bind", "/", "/", "true"], {
    timeout: 5e3,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8"
  });
  const refusal = probe.error === void 0 && probe.status === 0 ? null : (probe.stderr ?? "").split("\n").map((line) => line.trim()).find((line) => line.length > 0)?.slice(0, 200) ?? "";
  uid0UserNamespaceProbes.set(bwrap, refusal);
  return refusal;
}
async function initializeLinuxNetworkBridge(httpProxyPort, socksProxyPort, socatPath) {
  const socat = socatPath ?? "socat";
  const socketId = randomBytes2(8).toString("hex");
  const httpSocketPath = join7(tmpdir4(), `claude-http-${socketId}.sock`);
  const socksSocketPath = join7(tmpdir4(), `claude-socks-${socketId}.sock`);
  const httpSocatArgs = [
    `UNIX-LISTEN:${httpSocketPath},fork,reuseaddr`,
    `TCP:localhost:${httpProxyPort},keepalive,keepidle=10,keepintvl=5,keepcnt=3`
  ];
  logForDebugging(`Starting HTTP bridge: ${socat} ${httpSocatArgs.join(" ")}`);
  const httpBridgeProcess = spawn2(socat, httpSocatArgs, {
    stdio: "ignore"
  });
  httpBridgeProcess.on("error", (err) => {
    logForDebugging(`HTTP bridge process error: ${err}`, { level: "error" });
  });
  httpBridgeProcess.on("exit", (code, signal) => {
    logForDebugging(`HTTP bridge process exited with code ${code}, signal ${signal}`, { level: code === 0 ? "info" : "error" });
  });
  if (!httpBridgeProcess.pid) {
    throw new Error("Failed to start HTTP bridge process");
  }
  let socksBridgeProcess;
  let socksSockPath;
  if (socksProxyPort === httpProxyPort) {
    socksBridgeProcess = httpBridgeProcess;
    socksSockPath = httpSocketPath;
  } else {
    socksSockPath = socksSocketPath;
    const socksSocatArgs = [
      `UNIX-LISTEN:${socksSocketPath},fork,reuseaddr`,
      `TCP:localhost:${socksProxyPort},keepalive,keepidle=10,keepintvl=5,keepcnt=3`
    ];
    logForDebugging(`Starting SOCKS bridge: ${socat} ${socksSocatArgs.join(" ")}`);
    socksBridgeProcess = spawn2(socat, socksSocatArgs, {
      stdio: "ignore"
    });
    socksBridgeProcess.on("error", (err) => {
      logForDebugging(`SOCKS bridge process error: ${err}`, { level: "error" });
    });
    socksBridgeProcess.on("exit", (code, signal) => {
      logForDebugging(`SOCKS bridge process exited with code ${code}, signal ${signal}`, { level: code === 0 ? "info" : "error" });
    });
    if (!socksBridgeProcess.pid) {
      if (httpBridgeProcess.pid) {
        try {
          process.kill(httpBridgeProcess.pid, "SIGTERM");
        } catch {
        }
      }
      throw new Error("Failed to start SOCKS bridge process");
    }
  }
  const maxAttempts = 5;
  for (let i = 0; i < maxAttempts; i++) {
    if (!httpBridgeProcess.pid || httpBridgeProcess.killed || !socksBridgeProcess.pid || socksBridgeProcess.killed) {
      throw new Error("Linux bridge process died unexpectedly");
    }
    try {
      if (fs7.existsSync(httpSocketPath) && fs7.existsSync(socksSockPath)) {
        logForDebugging(`Linux bridges ready after ${i + 1} attempts`);
        break;
      }
    } catch (err) {
      logForDebugging(`Error checking sockets (attempt ${i + 1}): ${err}`, {
        level: "error"
      });
    }
    if (i === maxAttempts - 1) {
      if (httpBridgeProcess.pid) {
        try {
          process.kill(httpBridgeProcess.pid, "SIGTERM");
        } catch {
        }
      }
      if (socksBridgeProcess.pid) {
        try {
          process.kill(socksBridgeProcess.pid, "SIGTERM");
        } catch {
        }
      }
      throw new Error(`Failed to create bridge sockets after ${maxAttempts} attempts`);
    }
    await new Promise((resolve6) => setTimeout(resolve6, i * 100));
  }
  return {
    httpSocketPath,
    socksSocketPath: socksSockPath,
    httpBridgeProcess,
    socksBridgeProcess,
    httpProxyPort,
    socksProxyPort
  };
}
var NESTED_USERNS_ENV = "SRT_ALLOW_NESTED_USERNS";
function helperEnvironmentPrefix(allowNestedUserNamespaces) {
  return `${NESTED_USERNS_ENV}=${allowNestedUserNamespaces ? "1" : "0"} `;
}
var disableUsernsProbes = /* @__PURE__ */ new Map();
function bwrapCanDisableUserns(bwrap) {
  const cached = disableUsernsProbes.get(bwrap);
  if (cached !== void 0)
    return cached;
  let can = false;
  try {
    if ((fs7.statSync(bwrap).mode & 2048) === 0) {
      const help = spawnSync2(bwrap, ["--help"], {
        timeout: 5e3,
        stdio: ["ignore", "pipe", "pipe"],
        encoding: "utf8"
      });
      const text2 = `${help.stdout ?? ""}${help.stderr ?? ""}`;
      if (help.error !== void 0 || text2.trim() === "")
        return false;
      can = text2.includes("--disable-userns");
    }
  } catch {
    return false;
  }
  disableUsernsProbes.set(bwrap, can);
  return can;
}
var noUsernsLimitLogged = false;
function resolveApplySeccompPrefix(applyPath, argv0) {
  if (argv0) {
    if (!applyPath) {
      throw new Error("seccompConfig.argv0 requires seccompConfig.applyPath");
    }
    return `ARGV0=${quote([argv0])} ${quote([applyPath])} `;
  }
  const binary = getApplySeccompBinaryPath(applyPath);
  return binary ? `${quote([binary])} ` : void 0;
}
var RELAYS_LISTEN = [
  "_srt_since=",
  'while [ -r /proc/net/sockstat ] && kill -0 "$_srt_http" "$_srt_socks" 2>/dev/null; do',
  "  _srt_up=0",
  "  for _srt_counts in /proc/net/sockstat /proc/net/sockstat6; do",
  '    [ -r "$_srt_counts" ] || continue',
  "    while read -r _srt_kind _srt_skip _srt_inuse _srt_skip; do",
  '      case "$_srt_kind" in TCP: | TCP6:) _srt_up=$((_srt_up + _srt_inuse)); break ;; esac',
  '    done < "$_srt_counts"',
  "  done",
  '  [ "$_srt_up" -lt 2 ] || break',
  "  read -r _srt_now _srt_skip 2>/dev/null < /proc/uptime || break",
  "  _srt_now=1${_srt_now%.*}${_srt_now#*.}",
  '  [ "$((_srt_now - ${_srt_since:=$_srt_now}))" -lt 30 ] || break',
  "done",
  "unset _srt_since _srt_now _srt_up _srt_counts _srt_kind _srt_skip _srt_inuse _srt_http _srt_socks"
];
function buildSandboxCommand(httpSocketPath, socksSocketPath, userCommand, applySeccompPrefix, shell, socatPath) {
  const shellPath = shell || "bash";
  const socat = quote([socatPath ?? "socat"]);
  const listen = "fork,reuseaddr,backlog=4096";
  const relay = (port, socketPath) => `{ ${socat} TCP6-LISTEN:${port},ipv6only=0,${listen} UNIX-CONNECT:${socketPath} || exec ${socat} TCP4-LISTEN:${port},${listen} UNIX-CONNECT:${socketPath}; } >/dev/null 2>&1 &`;
  const socatCommands = [
    relay(3128, httpSocketPath),
    "_srt_http=$!",
    relay(1080, socksSocketPath),
    "_srt_socks=$!",
    // The trap saves the status the script is exiting with and exits with
    // it. A bare `exit` inside an EXIT trap is not portable: bash and dash
    // keep the script's status, zsh takes the status of the trap's own last
    // command (the kill), so under zsh a failing command reported 0. Single
    // quotes, so $? and $rc are read when the trap runs, not when it is set.
    "trap 'rc=$?; kill %1 %2 2>/dev/null; exit $rc' EXIT",
    ...RELAYS_LISTEN
  ];
  if (applySeccompPrefix) {
    const applySeccompCmd = applySeccompPrefix + quote([shellPath, "-c", userCommand]);
    const innerScript = [...socatCommands, applySeccompCmd].join("\n");
    return `${shellPath} -c ${quote([innerScript])}`;
  } else {
    const innerScript = [...socatCommands, `eval ${quote([userCommand])}`].join("\n");
    return `${shellPath} -c ${quote([innerScript])}`;
  }
}
function isTransientErrno(err) {
  const code = err?.code;
  return code === "EIO" || code === "ESTALE" || code === "EMFILE" || code === "ENFILE" || code === "EAGAIN";
}
function retryingTransient(attempt) {
  try {
    return attempt();
  } catch (err) {
    if (!isTransientErrno(err))
      throw err;
  }
  return attempt();
}
var KERNEL_TOP_LEVEL_DIRS = ["/proc", "/dev", "/sys"];
function ancestorPinArgs(seeds, writeRoots) {
  const { rootIsWriteRoot } = writeRoots;
  const pinDirs = /* @__PURE__ */ new Set();
  const coverDirs = /* @__PURE__ */ new Set();
  const visited = /* @__PURE__ */ new Set();
  for (const seed of seeds) {
    if (rootIsWriteRoot && KERNEL_TOP_LEVEL_DIRS.some((dir) => isAtOrUnder(seed, dir))) {
      continue;
    }
    for (let dir = path4.dirname(seed); dir !== "/" && !visited.has(dir) && writeRoots.isWithinAllowedWrite(dir); dir = path4.dirname(dir)) {
      visited.add(dir);
      if (rootIsWriteRoot) {
        if (path4.dirname(dir) === "/") {
          coverDirs.add(dir);
          continue;
        }
      } else if (writeRoots.isAllowedWriteRoot(dir)) {
        continue;
      }
      try {
        fs7.statSync(dir);
      } catch (err) {
        if (isAbsenceErrno(err))
          continue;
      }
      pinDirs.add(dir);
    }
  }
  const covers = [...coverDirs];
  if (covers.length > 0) {
    logForDebugging(`[Sandbox Linux] Covering the pinned ancestors under: ${covers.join(", ")}`);
  }
  return [
    ...[...pinDirs].sort((a, b) => a.split("/").length - b.split("/").length).flatMap((dir) => ["--ro-bind", dir, dir]),
    ...covers.flatMap((dir) => ["--bind", dir, dir])
  ];
}
function pushReadDenyDirMounts(args, unit) {
  const { landing, allowedWritePaths, readAllowPaths } = unit;
  args.push("--tmpfs", landing);
  const restorePlacementOf = (p) => {
    const dest = unit.nameLocation(p);
    if (!isAtOrUnder(dest, landing))
      return void 0;
    const { canonical: source, resolved } = unit.resolve(p);
    if (!resolved) {
      logForDebugging(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: nothing there resolves (absent, dangling or unreadable), so the only source available is the name itself`, { level: "warn" });
      return void 0;
    }
    if (!isAtOrUnder(source, landing)) {
      logForDebugging(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: it resolves outside it, to ${source}`, { level: "warn" });
      return void 0;
    }
    if (source !== dest) {
      const denied = unit.readDenialAround(source);
      if (denied !== void 0) {
        logForDebugging(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: it resolves to ${source}, and the read section denies or masks ${denied}`, { level: "warn" });
        return void 0;
      }
    }
    return { source, dest };
  };
  const restoredWrites = [];
  for (const writePath of allowedWritePaths) {
    const placement = restorePlacementOf(writePath);
    if (placement === void 0)
      continue;
    args.push("--bind", placement.source, placement.dest);
    restoredWrites.push(placement);
    logForDebugging(`[Sandbox Linux] Re-bound write path wiped by denyRead tmpfs: ${writePath}`);
  }
  const restoredReads = [];
  for (const allowPath of readAllowPaths) {
    const placement = restorePlacementOf(allowPath);
    if (placement === void 0)
      continue;
    if (restoredWrites.some((w) => isAtOrUnder(placement.dest, w.dest)))
      continue;
    args.push("--ro-bind", placement.source, placement.dest);
    restoredReads.push(placement);
    logForDebugging(`[Sandbox Linux] Re-allowed read access within denied region: ${allowPath}`);
  }
  return { restoredWrites, restoredReads };
}
async function generateFilesystemArgs(readConfig, writeConfig, maskedFileBinds, maskedFileStoreDir, ripgrepConfig = { command: "rg" }, mandatoryDenySearchDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, abortSignal) {
  const args = [];
  const startedIn = workingDirectory();
  const allowedWritePaths = [];
  const denyWriteArgs = [];
  let mandatoryDenyArgsStart = Infinity;
  const readOnlyDenyDirSpellings = /* @__PURE__ */ new Map();
  const symlinkedDenySpellingDests = /* @__PURE__ */ new Set();
  const denyWriteRawDests = /* @__PURE__ */ new Map();
  const unmakeableDenyDests = /* @__PURE__ */ new Set();
  let emptySource;
  const canonicalFormCache = /* @__PURE__ */ new Map();
  const canonicalFormGuesses = /* @__PURE__ */ new Set();
  const canonicalFormUnresolved = /* @__PURE__ */ new Set();
  const canonicalForm = (p) => {
    let canonical = canonicalFormCache.get(p);
    if (canonical === void 0) {
      try {
        canonical = retryingTransient(() => realPathOf(p));
      } catch (err) {
        canonical = p;
        canonicalFormUnresolved.add(p);
        if (!isAbsenceErrno(err)) {
          canonicalFormGuesses.add(p);
          logForDebugging(`[Sandbox Linux] Where ${p} really is cannot be told, so what is mounted for it is mounted on this spelling, which bubblewrap may refuse: ${err}`, { level: "warn" });
        }
      }
      canonicalFormCache.set(p, canonical);
    }
    return canonical;
  };
  const canonicalLocationOf = (p) => ({
    canonical: canonicalForm(p),
    resolved: !canonicalFormUnresolved.has(p)
  });
  const mountForms = (p) => {
    const canonical = canonicalForm(p);
    return canonical === p ? [p] : [p, canonical];
  };
  const nameLocationOf = (p) => nameLocation(p, canonicalForm);
  const isWithinAnyAllowedWritePath = (candidatePath) => allowedWritePaths.some((allowedPath) => isAtOrUnder(candidatePath, allowedPath));
  const meetsAnyAllowedWritePath = (candidatePath) => isWithinAnyAllowedWritePath(candidatePath) || allowedWritePaths.some((allowedPath) => isStrictlyUnder(allowedPath, candidatePath));
  const isAllowedWriteRoot = (candidatePath) => allowedWritePaths.includes(candidatePath);
  let readAllowPathsMemo;
  const readAllowPaths = () => readAllowPathsMemo ?? (readAllowPathsMemo = (readConfig?.allowWithinDeny || []).map((p) => normalizePathForSandbox(p, { literal: true })));
  let ownReadAllowPathsMemo;
  const ownReadAllowPaths = () => ownReadAllowPathsMemo ?? (ownReadAllowPathsMemo = (readConfig?.ownAllowWithinDeny ?? []).map((p) => normalizePathForSandbox(p, { literal: true })));
  const credentialDenies = new Set(readConfig?.credentialDenyOnly);
  const readExceptionsTo = (isCredential) => isCredential ? ownReadAllowPaths() : readAllowPaths();
  const readDenyTargetOf = (entry) => {
    for (let candidate = entry; ; candidate = path4.dirname(candidate)) {
      if (candidate === "/" && candidate !== entry)
        return void 0;
      try {
        const stats = retryingTransient(() => fs7.statSync(candidate));
        return {
          path: candidate,
          isDirectory: stats.isDirectory(),
          isStandIn: candidate !== entry
        };
      } catch (err) {
        if (isAbsenceErrno(err) || candidate === "/")
          return void 0;
      }
    }
  };
  const readDenyMountOf = (entry) => {
    const target = readDenyTargetOf(entry);
    if (target === void 0)
      return void 0;
    const landing = canonicalForm(target.path);
    if (landing !== "/") {
      return {
        landing,
        named: target.path,
        isDirectory: target.isDirectory,
        isStandIn: target.isStandIn
      };
    }
    const holder = canonicalForm(path4.dirname(target.path));
    if (holder === "/")
      return void 0;
    return {
      landing: holder,
      named: target.path,
      isDirectory: true,
      isStandIn: true
    };
  };
  let readDenyEntriesMemo;
  const readDenyEntries = () => {
    if (readDenyEntriesMemo !== void 0)
      return readDenyEntriesMemo;
    if (!readConfig)
      return [];
    const entries = [];
    for (const p of readConfig.denyOnly || []) {
      if (normalizePathForSandbox(p, { literal: true }) !== "/") {
        entries.push(p);
        continue;
      }
      const children = retryingTransient(() => fs7.readdirSync("/"));
      const isCredential = credentialDenies.has(p);
      for (const child of children) {
        if (KERNEL_TOP_LEVEL_DIRS.includes(`/${child}`))
          continue;
        const childLocation = canonicalForm("/" + child);
        const covered = readExceptionsTo(isCredential).some((allowPath) => isAtOrUnder(childLocation, nameLocationOf(allowPath)));
        if (covered) {
          logForDebugging(`[Sandbox Linux] Root deny expansion skips /${child}: covered by allowRead`);
          continue;
        }
        entries.push("/" + child);
        if (isCredential)
          credentialDenies.add("/" + child);
      }
    }
    if (fs7.existsSync("/etc/ssh/ssh_config.d")) {
      entries.push("/etc/ssh/ssh_config.d");
    }
    readDenyEntriesMemo = entries;
    return entries;
  };
  const canonicalDepth = (p) => canonicalForm(p).split("/").length;
  let readDenyPlanMemo;
  const readDenyPlan = () => readDenyPlanMemo ?? (readDenyPlanMemo = readDenyEntries().map((p) => ({
    normalizedPath: normalizePathForSandbox(p, { literal: true }),
    isCredential: credentialDenies.has(p)
  })).sort((a, b) => canonicalDepth(a.normalizedPath) - canonicalDepth(b.normalizedPath)).map(({ normalizedPath, isCredential }) => {
    const mount = readDenyMountOf(normalizedPath);
    return {
      normalizedPath,
      mount,
      isCredential,
      liftedFile: mount !== void 0 && !mount.isDirectory && readExceptionsTo(isCredential).some((allowPath) => nameLocationOf(allowPath) === mount.landing)
    };
  }));
  let ancestorPinInsertAt;
  if (writeConfig) {
    args.push("--ro-bind", "/", "/");
    const beneathAllowBinds = args.length;
    for (const pathPattern of writeConfig.allowOnly || []) {
      const normalized = normalizePathForSandbox(pathPattern, { literal: true });
      const normalizedPath = normalized === "" ? "" : normalized.replace(/\/+$/, "") || "/";
      logForDebugging(`[Sandbox Linux] Processing write path: ${pathPattern} -> ${normalizedPath}`);
      if (normalizedPath.startsWith("/dev/")) {
        logForDebugging(`[Sandbox Linux] Skipping /dev path: ${normalizedPath}`);
        continue;
      }
      if (!fs7.existsSync(normalizedPath)) {
        logForDebugging(`[Sandbox Linux] Skipping non-existent write path: ${normalizedPath}`);
        continue;
      }
      try {
        const resolvedPath = realPathOf(normalizedPath);
        const normalizedForComparison = normalizedPath.replace(/\/+$/, "");
        if (resolvedPath !== normalizedForComparison && isSymlinkOutsideBoundary(normalizedPath, resolvedPath)) {
          logForDebugging(`[Sandbox Linux] Skipping symlink write path pointing outside expected location: ${pathPattern} -> ${resolvedPath}`);
          continue;
        }
      } catch {
        logForDebugging(`[Sandbox Linux] Skipping write path that could not be resolved: ${normalizedPath}`);
        continue;
      }
      args.push("--bind", normalizedPath, normalizedPath);
      allowedWritePaths.push(normalizedPath);
    }
    ancestorPinInsertAt = isAllowedWriteRoot("/") ? args.length : beneathAllowBinds;
    let stubSkipVetoInputs;
    const getStubSkipVetoInputs = () => {
      if (stubSkipVetoInputs !== void 0) {
        return stubSkipVetoInputs;
      }
      const unusable = (cause) => {
        logForDebugging(`[Sandbox Linux] Read-deny prediction unusable (${cause}); keeping every deny placeholder, which refuses to start wherever a covering deny directory is read-only: bubblewrap cannot create a placeholder's mount point there`, { level: "warn" });
        return { usable: false };
      };
      try {
        const allowedWritePathsBothForms = allowedWritePaths.flatMap(mountForms);
        const prospectiveReadDenyTmpfsDirsBothForms = readDenyPlan().flatMap(({ mount }) => {
          if (!mount?.isDirectory)
            return [];
          return [
            .../* @__PURE__ */ new Set([...mountForms(mount.named), mount.landing])
          ].filter((form) => form !== "/");
        });
        stubSkipVetoInputs = canonicalFormGuesses.size > 0 ? unusable(`no canonical location for ${[...canonicalFormGuesses].join(", ")}`) : {
          usable: true,
          allowedWritePathsBothForms,
          prospectiveReadDenyTmpfsDirsBothForms
        };
      } catch (err) {
        stubSkipVetoInputs = unusable(`deriving it threw: ${err}`);
      }
      return stubSkipVetoInputs;
    };
    const configuredDenyPaths = writeConfig.denyWithinAllow || [];
    const denyPaths = [
      ...configuredDenyPaths,
      ...await linuxGetMandatoryDenyPaths(ripgrepConfig, mandatoryDenySearchDepth, allowGitConfig, abortSignal)
    ];
    if (workingDirectory() !== startedIn)
      throw new WorkingDirectoryChanged();
    const seenDenyWrite = /* @__PURE__ */ new Set();
    const denyPathAncestors = /* @__PURE__ */ new Set();
    for (const pathPattern of denyPaths) {
      const rawPath = normalizePathForSandbox(pathPattern, { literal: true });
      if (rawPath.startsWith("/dev/")) {
        continue;
      }
      const resolvedPath = resolveSymlinkedDenyPath(rawPath, denyPaths);
      if (resolvedPath === null || resolvedPath.startsWith("/dev/")) {
        continue;
      }
      for (const above of properAncestors(resolvedPath)) {
        denyPathAncestors.add(above);
      }
      if (findSymlinkInPath(resolvedPath, allowedWritePaths)) {
        continue;
      }
      if (resolvedPath !== rawPath) {
        symlinkedDenySpellingDests.add(resolvedPath);
      }
      let isDirectory = false;
      try {
        isDirectory = fs7.statSync(resolvedPath).isDirectory();
      } catch {
        continue;
      }
      if (!isDirectory) {
        continue;
      }
      if (meetsAnyAllowedWritePath(resolvedPath)) {
        let spellings = readOnlyDenyDirSpellings.get(resolvedPath);
        if (spellings === void 0) {
          spellings = /* @__PURE__ */ new Set();
          readOnlyDenyDirSpellings.set(resolvedPath, spellings);
        }
        spellings.add(rawPath);
      }
    }
    const coveringDirUnsafeVerdicts = /* @__PURE__ */ new Map();
    const coveringDirIsUnsafe = (denyDir) => {
      const cached = coveringDirUnsafeVerdicts.get(denyDir);
      if (cached !== void 0) {
        return cached;
      }
      const vetoInputs = getStubSkipVetoInputs();
      const unsafe = (
        // (0) the prediction of what the denyRead loop will mount is
        //     unusable, so no veto below can be trusted to fire. Veto
        //     everything rather than nothing: a prediction that failed is no
        //     evidence that this directory is reliably read-only.
        !vetoInputs.usable || // (i) an allowed write path both strictly beneath the dir and at or
        //     under a prospective read-deny tmpfs. Re-applying that tmpfs
        //     after the dir's read-only bind is the one pass that mounts
        //     anything inside such a path at all, and it restores read-only,
        //     so this names no live re-opening route today and no
        //     configuration is known that needs it. It is the only veto that
        //     speaks about a writable path under the dir: should a pass after
        //     the deny binds ever restore one writable again, the skip fails
        //     closed here.
        vetoInputs.allowedWritePathsBothForms.some((writePath) => isStrictlyUnder(writePath, denyDir) && vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some((tmpfsDir) => isAtOrUnder(writePath, tmpfsDir))) || // (ii) a read-deny tmpfs CONTAINING the dir: its own --ro-bind is
        //     dropped as hidden-by-the-tmpfs at emission, and a tmpfs above
        //     it restores allowed paths around it — either way the dir's own
        //     bind is not the last word on that subtree. A tmpfs containing
        //     only a raw spelling it was reached through counts too; that
        //     over-predicts, which only keeps a stub.
        vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some((tmpfsDir) => [denyDir, ...readOnlyDenyDirSpellings.get(denyDir) ?? []].some((spelling) => isAtOrUnder(spelling, tmpfsDir)))
      );
      coveringDirUnsafeVerdicts.set(denyDir, unsafe);
      return unsafe;
    };
    const readOnlyDenyDirs = [...readOnlyDenyDirSpellings.keys()];
    const uncoveredWritePaths = allowedWritePaths.filter((allowedPath) => !readOnlyDenyDirs.some((denyDir) => isStrictlyUnder(allowedPath, denyDir)));
    const coveredBySafeReadOnlyDenyDir = (candidate) => {
      let covered = false;
      for (const denyDir of readOnlyDenyDirs) {
        if (!isStrictlyUnder(candidate, denyDir))
          continue;
        if (coveringDirIsUnsafe(denyDir)) {
          if (denyDir === "/") {
            const vetoInputs = getStubSkipVetoInputs();
            if (vetoInputs.usable && !vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some((tmpfsDir) => isAtOrUnder(candidate, tmpfsDir))) {
              covered = true;
            }
            continue;
          }
          return false;
        }
        covered = true;
      }
      return covered;
    };
    const decidedMountPoints = /* @__PURE__ */ new Set();
    const decidedMountPointOver = (p) => [p, ...properAncestors(p)].find((at) => decidedMountPoints.has(at));
    const mountPointFor = (absentPath) => {
      const none = (why) => {
        logForDebugging(`[Sandbox Linux] No placeholder for non-existent deny path ${absentPath}: ${why}`);
        return void 0;
      };
      const decided = decidedMountPointOver(absentPath);
      if (decided !== void 0)
        return none(`decided with ${decided}`);
      if (!uncoveredWritePaths.some((allowedPath) => isAtOrUnder(absentPath, allowedPath)) || coveredBySafeReadOnlyDenyDir(absentPath)) {
        return none("it is read-only there");
      }
      const file = fileOnTheWay(path4.dirname(absentPath));
      if (file !== void 0) {
        if (seenDenyWrite.has(file))
          return none(`${file} is denied itself`);
        if (!uncoveredWritePaths.some((allowedPath) => isAtOrUnder(path4.dirname(file), allowedPath))) {
          return none(`${file} is a file, in a directory that is read-only`);
        }
        seenDenyWrite.add(file);
        decidedMountPoints.add(file);
        return { dest: file, kind: MountPointKind.Held };
      }
      const dest = findFirstNonExistentComponent(absentPath);
      decidedMountPoints.add(dest);
      const kind = makeableMountPoint(dest, denyPathAncestors.has(dest) ? MountPointKind.Directory : MountPointKind.File);
      if (kind === MountPointKind.Unmakeable) {
        unmakeableDenyDests.add(dest);
      } else {
        bwrapMountPoints.add(dest);
        registerExitCleanupHandler();
      }
      return { dest, kind };
    };
    const mountSourceFor = ({ dest, kind }) => {
      switch (kind) {
        case MountPointKind.Held:
          return dest;
        case MountPointKind.Directory:
          return emptySource ?? (emptySource = ensureEmptyMountSourceDir());
        case MountPointKind.File:
          return "/dev/null";
        case MountPointKind.Unmakeable:
          return "/dev/null";
      }
    };
    for (const [index, pathPattern] of denyPaths.entries()) {
      if (index === configuredDenyPaths.length) {
        mandatoryDenyArgsStart = denyWriteArgs.length;
      }
      const rawPath = normalizePathForSandbox(pathPattern, { literal: true });
      if (rawPath.startsWith("/dev/")) {
        continue;
      }
      const normalizedPath = resolveSymlinkedDenyPath(rawPath);
      if (normalizedPath === null) {
        const unresolvableSymlink = findSymlinkInPath(rawPath, allowedWritePaths);
        if (unresolvableSymlink && !seenDenyWrite.has(unresolvableSymlink)) {
          seenDenyWrite.add(unresolvableSymlink);
          denyWriteArgs.push("--ro-bind", "/dev/null", unresolvableSymlink);
          denyWriteRawDests.set(unresolvableSymlink, rawPath);
        }
        logForDebugging(`[Sandbox Linux] Deny path could not be resolved through symlinks, failing closed: ${rawPath}`);
        continue;
      }
      if (normalizedPath !== rawPath) {
        logForDebugging(`[Sandbox Linux] Resolved symlinked deny path: ${rawPath} -> ${normalizedPath}`);
      }
      if (normalizedPath.startsWith("/dev/")) {
        continue;
      }
      if (seenDenyWrite.has(normalizedPath))
        continue;
      seenDenyWrite.add(normalizedPath);
      const symlinkInPath = findSymlinkInPath(normalizedPath, allowedWritePaths);
      if (symlinkInPath) {
        if (!seenDenyWrite.has(symlinkInPath)) {
          seenDenyWrite.add(symlinkInPath);
          denyWriteArgs.push("--ro-bind", "/dev/null", symlinkInPath);
          denyWriteRawDests.set(symlinkInPath, rawPath);
        }
        logForDebugging(`[Sandbox Linux] Mounted /dev/null at symlink ${symlinkInPath} to prevent symlink replacement attack`);
        continue;
      }
      if (decidedMountPointOver(normalizedPath) !== void 0 || !fs7.existsSync(normalizedPath)) {
        const placeholder = mountPointFor(normalizedPath);
        if (placeholder !== void 0) {
          const { dest, kind } = placeholder;
          const source = mountSourceFor(placeholder);
          denyWriteArgs.push("--ro-bind", source, dest);
          denyWriteRawDests.set(dest, rawPath);
          logForDebugging(kind === MountPointKind.Unmakeable ? `[Sandbox Linux] No mount point at ${dest}, which neither bubblewrap nor the command can create, for ${normalizedPath}` : `[Sandbox Linux] Mounted ${source} at ${dest} to block creation of ${normalizedPath}`);
        }
        continue;
      }
      if (meetsAnyAllowedWritePath(normalizedPath)) {
        if (!symlinkedDenySpellingDests.has(normalizedPath) && coveredBySafeReadOnlyDenyDir(normalizedPath)) {
          logForDebugging(`[Sandbox Linux] Skipping deny path already under read-only denied directory: ${normalizedPath}`);
          continue;
        }
        for (const buried of allowedWritePaths) {
          if (isStrictlyUnder(buried, normalizedPath)) {
            logForDebugging(`[Sandbox Linux] Write deny ${normalizedPath} covers allowed write path ${buried}; ${buried} will be read-only`, { level: "warn" });
          }
        }
        denyWriteArgs.push("--ro-bind", normalizedPath, normalizedPath);
        denyWriteRawDests.set(normalizedPath, rawPath);
      } else {
        logForDebugging(`[Sandbox Linux] Skipping deny path not within allowed paths: ${normalizedPath}`);
      }
    }
  } else {
    args.push("--bind", "/", "/");
    allowedWritePaths.push("/");
    ancestorPinInsertAt = args.length;
  }
  const readDenyTmpfsUnits = [];
  const fileMasks = [];
  const isHiddenByTmpfs = (location, broughtBackBy) => {
    const broughtBack = (restored) => restored.some((r) => isAtOrUnder(location, r.dest));
    let hidden = false;
    for (const unit of readDenyTmpfsUnits) {
      if (isAtOrUnder(location, unit.landing)) {
        hidden = true;
      }
      if (broughtBack(unit.restoredWrites) || broughtBackBy === "writes and reads" && broughtBack(unit.restoredReads)) {
        hidden = false;
      }
    }
    return hidden;
  };
  const unlistableDenyDirs = new Set(readConfig?.unlistableDenyDirs ?? []);
  const credentialMaskFakes = /* @__PURE__ */ new Map();
  for (const { realPath, fakePath } of maskedFileBinds ?? []) {
    credentialMaskFakes.set(canonicalForm(realPath), fakePath);
  }
  const fileMaskLandings = new Set(credentialMaskFakes.keys());
  const readDeniedLocations = [
    ...readDenyPlan().flatMap(({ mount, liftedFile }) => mount === void 0 || liftedFile ? [] : [mount.landing]),
    ...credentialMaskFakes.keys()
  ];
  const readDenialAround = (target, landing) => readDeniedLocations.find((denied) => !isAtOrUnder(landing, denied) && (isAtOrUnder(denied, target) || isAtOrUnder(target, denied)));
  const credentialLandings = readDenyPlan().flatMap(({ mount, isCredential }) => mount !== void 0 && isCredential ? [mount.landing] : []);
  const leftOut = /* @__PURE__ */ new Set();
  const outsideCredentials = (p) => {
    const landing = credentialLandings.find((at) => isAtOrUnder(nameLocationOf(p), at));
    if (landing !== void 0 && !leftOut.has(p)) {
      leftOut.add(p);
      logForDebugging(`[Sandbox Linux] ${p} is at or beneath the credential deny ${landing}: not bound back`, { level: "warn" });
    }
    return landing === void 0;
  };
  const restorableReadPaths = readAllowPaths().filter((p) => ownReadAllowPaths().includes(p) || outsideCredentials(p));
  const restorableWritePaths = allowedWritePaths.filter(outsideCredentials);
  for (const { normalizedPath, mount, liftedFile } of readDenyPlan()) {
    if (mount === void 0) {
      logForDebugging(`[Sandbox Linux] Read deny path mounts nothing this wrap can place (absent, or uninspectable, or a link to '/' with nothing but '/' holding it): ${normalizedPath}`);
      continue;
    }
    const { landing, isDirectory, isStandIn } = mount;
    if (isHiddenByTmpfs(landing, "writes and reads")) {
      logForDebugging(`[Sandbox Linux] Skipping read deny already hidden by a denyRead tmpfs: ${landing}`);
      continue;
    }
    if (isDirectory) {
      if (isStandIn) {
        logForDebugging(`[Sandbox Linux] Read deny path ${normalizedPath} cannot be mounted where it names; hiding ${landing} instead`, { level: "warn" });
      }
      const unlistable = unlistableDenyDirs.has(normalizedPath) || unlistableDenyDirs.has(landing);
      if (unlistable) {
        logForDebugging(`[Sandbox Linux] Read-denied directory could not be listed when the glob was expanded; restoring nothing beneath it: ${landing}`, { level: "warn" });
      }
      const restoresNothing = isStandIn || unlistable;
      const restored = pushReadDenyDirMounts(args, {
        landing,
        allowedWritePaths: restoresNothing ? [] : restorableWritePaths,
        readAllowPaths: restoresNothing ? [] : restorableReadPaths,
        resolve: canonicalLocationOf,
        readDenialAround: (restoreTarget) => readDenialAround(restoreTarget, landing),
        nameLocation: nameLocationOf
      });
      readDenyTmpfsUnits.push({ landing, ...restored });
    } else {
      if (liftedFile) {
        logForDebugging(`[Sandbox Linux] Skipping read deny for re-allowed path: ${normalizedPath}`);
        continue;
      }
      if (fileMaskLandings.has(landing)) {
        logForDebugging(`[Sandbox Linux] Skipping read deny at a destination a file mask already covers: ${normalizedPath} -> ${landing}`);
        continue;
      }
      fileMaskLandings.add(landing);
      args.push("--ro-bind", "/dev/null", landing);
      fileMasks.push({ source: "/dev/null", landing });
    }
  }
  for (const [landing, fakePath] of credentialMaskFakes) {
    args.push("--ro-bind", fakePath, landing);
    fileMasks.push({ source: fakePath, landing });
  }
  const pinArgs = ancestorPinArgs([
    ...denyWriteRawDests.keys(),
    ...fileMasks.map((mask) => mask.landing),
    ...readDenyTmpfsUnits.map((unit) => unit.landing)
  ], {
    rootIsWriteRoot: isAllowedWriteRoot("/"),
    isWithinAllowedWrite: isWithinAnyAllowedWritePath,
    isAllowedWriteRoot
  });
  args.splice(ancestorPinInsertAt, 0, ...pinArgs);
  const pinned = new Set(pinArgs);
  const mandatoryDenyPins = /* @__PURE__ */ new Set();
  for (let i = mandatoryDenyArgsStart; i < denyWriteArgs.length; i += 3) {
    for (let dir = path4.dirname(denyWriteArgs[i + 2]); dir !== "/" && !mandatoryDenyPins.has(dir); dir = path4.dirname(dir)) {
      if (pinned.has(dir))
        mandatoryDenyPins.add(dir);
    }
  }
  let mandatoryDenyArgs = 3 * mandatoryDenyPins.size;
  const emittedDenyWriteDests = [];
  const restoredReadOnlyWritePaths = /* @__PURE__ */ new Set();
  for (let i = 0; i < denyWriteArgs.length; i += 3) {
    const dest = denyWriteArgs[i + 2];
    if (unmakeableDenyDests.has(dest))
      continue;
    const rawDest = denyWriteRawDests.get(dest) ?? dest;
    if (fileMasks.some((mask) => mask.landing === dest))
      continue;
    if (isHiddenByTmpfs(dest, "writes")) {
      logForDebugging(`[Sandbox Linux] Skipping denyWrite bind already hidden by denyRead tmpfs: ${dest}`);
      for (const unit of readDenyTmpfsUnits) {
        for (const writeMount of unit.restoredWrites) {
          const writePath = writeMount.dest;
          if (!isAtOrUnder(writePath, dest) && !isAtOrUnder(writePath, rawDest)) {
            continue;
          }
          if (fileMasks.some((mask) => mask.landing === writePath)) {
            logForDebugging(`[Sandbox Linux] Leaving a masked file to its mask inside dropped denyWrite bind ${dest}: ${writePath}`);
            continue;
          }
          if (restoredReadOnlyWritePaths.has(writePath))
            continue;
          restoredReadOnlyWritePaths.add(writePath);
          args.push("--ro-bind", writeMount.source, writePath);
          emittedDenyWriteDests.push(writePath);
          logForDebugging(`[Sandbox Linux] Restoring write path read-only inside dropped denyWrite bind ${dest}: ${writePath}`);
        }
      }
      continue;
    }
    args.push(denyWriteArgs[i], denyWriteArgs[i + 1], dest);
    if (i >= mandatoryDenyArgsStart)
      mandatoryDenyArgs += 3;
    emittedDenyWriteDests.push(dest);
    if (rawDest !== dest)
      emittedDenyWriteDests.push(rawDest);
  }
  for (const unit of readDenyTmpfsUnits) {
    const reExposingDest = emittedDenyWriteDests.find((dest) => isStrictlyUnder(unit.landing, dest));
    if (reExposingDest !== void 0) {
      logForDebugging(`[Sandbox Linux] Re-applying denyRead tmpfs re-exposed by denyWrite bind: ${unit.landing}`);
      if (unit.restoredWrites.length > 0) {
        logForDebugging(`[Sandbox Linux] Restoring write paths read-only inside denyWrite bind ${reExposingDest}: ${unit.restoredWrites.map((w) => w.dest).join(", ")}`);
      }
      args.push("--tmpfs", unit.landing);
      for (const restored of [...unit.restoredWrites, ...unit.restoredReads]) {
        args.push("--ro-bind", restored.source, restored.dest);
      }
    }
  }
  for (const mask of fileMasks) {
    if (emittedDenyWriteDests.some((dest) => isAtOrUnder(mask.landing, dest))) {
      logForDebugging(`[Sandbox Linux] Re-applying file mask re-exposed by denyWrite bind: ${mask.landing}`);
      args.push("--ro-bind", mask.source, mask.landing);
    }
  }
  if (maskedFileStoreDir !== void 0) {
    args.push("--ro-bind", maskedFileStoreDir, maskedFileStoreDir);
  }
  if (emptySource !== void 0) {
    args.push("--ro-bind", emptySource, emptySource);
  }
  return { args, mandatoryDenyArgs };
}
async function wrapCommandWithSandboxLinux(params) {
  const { command, commandId, needsNetworkRestriction, httpSocketPath, socksSocketPath, httpProxyPort, socksProxyPort, proxyAuthToken: proxyAuthToken2, caCertPath, javaAgentJarPath: javaAgentJarPath2, unsetEnvVars, setEnvVars, maskedFileBinds, maskedFileStoreDir, enableWeakerNestedSandbox, allowNestedUserNamespaces, allowAllUnixSockets, binShell, ripgrepConfig = { command: "rg" }, mandatoryDenySearchDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, gitSafeDirectories, seccompConfig, bwrapPath, socatPath, observeSocketPath, abortSignal } = params;
  const readConfig = readNamesOf(params.readConfig);
  const writeConfig = writeNamesOf(params.writeConfig);
  const hasReadRestrictions = readConfig && readConfig.denyOnly.length > 0 || maskedFileBinds !== void 0 && maskedFileBinds.length > 0;
  const hasWriteRestrictions = writeConfig !== void 0;
  const hasEnvRestrictions = unsetEnvVars !== void 0 && unsetEnvVars.length > 0 || setEnvVars !== void 0 && Object.keys(setEnvVars).length > 0;
  const hasGitConfig = (gitSafeDirectories?.length ?? 0) > 0;
  if (!needsNetworkRestriction && !hasReadRestrictions && !hasWriteRestrictions && !hasEnvRestrictions && !hasGitConfig) {
    return command;
  }
  activeSandboxCount++;
  const countedAfter = forcedCleanups;
  const attributionKey = encodeSandboxedCommand(attributionKeyFor(command, commandId));
  const bwrapArgs = ["--new-session", "--die-with-parent"];
  let applySeccompPrefix;
  try {
    if (!allowAllUnixSockets) {
      applySeccompPrefix = resolveApplySeccompPrefix(seccompConfig?.applyPath, seccompConfig?.argv0);
      if (!applySeccompPrefix) {
        logForDebugging("[Sandbox Linux] apply-seccomp binary not available - unix socket blocking disabled. Install @anthropic-ai/sandbox-runtime globally for full protection.", { level: "warn" });
      } else {
        applySeccompPrefix = helperEnvironmentPrefix(allowNestedUserNamespaces === true) + applySeccompPrefix;
        logForDebugging("[Sandbox Linux] Applying seccomp filter for Unix socket blocking");
      }
    } else {
      logForDebugging("[Sandbox Linux] Skipping seccomp filter - allowAllUnixSockets is enabled");
    }
    if (observeSocketPath && applySeccompPrefix) {
      if (fs7.existsSync(observeSocketPath)) {
        bwrapArgs.push("--bind", observeSocketPath, observeSocketPath);
        bwrapArgs.push("--setenv", "SRT_OBSERVE_SOCK", observeSocketPath);
        bwrapArgs.push("--setenv", "SRT_ENCODED_CMD", attributionKey);
      } else {
        logForDebugging("[Sandbox Linux] observe socket missing \u2014 supervisor not running; continuing without violation monitoring");
      }
    }
    if (hasEnvRestrictions) {
      for (const name of unsetEnvVars ?? []) {
        bwrapArgs.push("--unsetenv", name);
      }
      for (const [name, value] of Object.entries(setEnvVars ?? {})) {
        bwrapArgs.push("--setenv", name, value);
      }
    }
    if (gitSafeDirectories && gitSafeDirectories.length > 0) {
      const gitCfg = buildPosixGitSafeDirEnv({
        safeDirs: gitSafeDirectories,
        unsetEnvVars,
        setEnvVars
      });
      for (const [name, value] of Object.entries(gitCfg)) {
        bwrapArgs.push("--setenv", name, value);
      }
    }
    if (needsNetworkRestriction) {
      bwrapArgs.push("--unshare-net");
      if (httpSocketPath && socksSocketPath) {
        if (!fs7.existsSync(httpSocketPath)) {
          throw new Error(`Linux HTTP bridge socket does not exist: ${httpSocketPath}. The bridge process may have died. Try reinitializing the sandbox.`);
        }
        if (!fs7.existsSync(socksSocketPath)) {
          throw new Error(`Linux SOCKS bridge socket does not exist: ${socksSocketPath}. The bridge process may have died. Try reinitializing the sandbox.`);
        }
        bwrapArgs.push("--bind", httpSocketPath, httpSocketPath);
        if (socksSocketPath !== httpSocketPath) {
          bwrapArgs.push("--bind", socksSocketPath, socksSocketPath);
        }
        const proxyEnv = generateProxyEnvVars(
          3128,
          // Internal HTTP listener port
          1080,
          // Internal SOCKS listener port
          caCertPath,
          proxyAuthToken2,
          writeConfig === void 0,
          attributionKey
        );
        bwrapArgs.push(...proxyEnv.flatMap((env) => {
          const firstEq = env.indexOf("=");
          const key = env.slice(0, firstEq);
          const value = env.slice(firstEq + 1);
          return ["--setenv", key, value];
        }));
        const javaToolOptions = buildJavaToolOptions({
          agentJarPath: javaAgentJarPath2,
          unsetEnvVars,
          inherited: process.env.JAVA_TOOL_OPTIONS
        });
        if (javaToolOptions !== void 0) {
          bwrapArgs.push("--setenv", "JAVA_TOOL_OPTIONS", javaToolOptions);
        }
        if (httpProxyPort !== void 0) {
          bwrapArgs.push("--setenv", "CLAUDE_CODE_HOST_HTTP_PROXY_PORT", String(httpProxyPort));
        }
        if (socksProxyPort !== void 0) {
          bwrapArgs.push("--setenv", "CLAUDE_CODE_HOST_SOCKS_PROXY_PORT", String(socksProxyPort));
        }
      }
    }
    const { args: fsArgs, mandatoryDenyArgs } = await generateFilesystemArgs(readConfig, writeConfig, maskedFileBinds, maskedFileStoreDir, ripgrepConfig, mandatoryDenySearchDepth, allowGitConfig, abortSignal);
    const mountsStart = bwrapArgs.length;
    bwrapArgs.push(...fsArgs);
    const mounts = {
      start: mountsStart,
      end: bwrapArgs.length,
      mandatoryDenyArgs
    };
    bwrapArgs.push("--dev", "/dev");
    bwrapArgs.push("--unshare-pid");
    const euid = process.geteuid?.();
    const hasSetfcap = processHasBoundingCapability(CAP_SETFCAP);
    if (euid === 0 && !hasSetfcap && !setfcapMissingLogged) {
      setfcapMissingLogged = true;
      logForDebugging(`[Sandbox Linux] ${CAP_SETFCAP_MISSING_MESSAGE}`, {
        level: "warn"
      });
    }
    bwrapArgs.push("--unshare-user", ...capabilityArgs({
      euid,
      hasSetfcap,
      usesSeccompHelper: applySeccompPrefix !== void 0
    }));
    if (!enableWeakerNestedSandbox) {
      bwrapArgs.push("--proc", "/proc");
    } else {
      bwrapArgs.push("--bind", "/proc", "/proc");
    }
    bwrapArgs.push("--unsetenv", NESTED_USERNS_ENV);
    if (applySeccompPrefix === void 0 && allowNestedUserNamespaces !== true) {
      const bwrap = enableWeakerNestedSandbox ? null : bwrapPath ?? whichSync("bwrap");
      if (bwrap !== null && bwrapCanDisableUserns(bwrap)) {
        bwrapArgs.push("--disable-userns");
      } else if (!noUsernsLimitLogged) {
        noUsernsLimitLogged = true;
        logForDebugging("[Sandbox Linux] no seccomp helper in use, and bubblewrap cannot disable user namespaces (needs 0.8.0 or later, not setuid, and no enableWeakerNestedSandbox) - a sandboxed command that creates one can undo the write denies", { level: "warn" });
      }
    }
    const shellName = binShell || "bash";
    const shell = whichSync(shellName);
    if (!shell) {
      throw new Error(`Shell '${shellName}' not found in PATH`);
    }
    bwrapArgs.push("--", shell, "-c");
    if (needsNetworkRestriction && httpSocketPath && socksSocketPath) {
      const sandboxCommand = buildSandboxCommand(httpSocketPath, socksSocketPath, command, applySeccompPrefix, shell, socatPath);
      bwrapArgs.push(sandboxCommand);
    } else if (applySeccompPrefix) {
      const applySeccompCmd = applySeccompPrefix + quote([shell, "-c", command]);
      bwrapArgs.push(applySeccompCmd);
    } else {
      bwrapArgs.push(command);
    }
    const wrappedCommand = renderBwrapInvocation(bwrapPath ?? "bwrap", bwrapArgs, mounts);
    const restrictions = [];
    if (needsNetworkRestriction)
      restrictions.push("network");
    if (hasReadRestrictions || hasWriteRestrictions)
      restrictions.push("filesystem");
    if (hasEnvRestrictions)
      restrictions.push("env");
    if (applySeccompPrefix)
      restrictions.push("seccomp(unix-block)");
    logForDebugging(`[Sandbox Linux] Wrapped command with bwrap (${restrictions.join(", ")} restrictions)`);
    if (forcedCleanups !== countedAfter)
      activeSandboxCount++;
    return wrappedCommand;
  } catch (error) {
    if (forcedCleanups === countedAfter)
      cleanupBwrapMountPoints();
    throw error;
  }
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/read-deny-glob.js
var READ_DENY_GLOB_MOUNT_WARN_THRESHOLD = 256;
function parentOf(p) {
  return p.slice(0, p.lastIndexOf("/"));
}
function collapseReadDenyLocations({ locations, reExposedPaths }) {
  const sorted = [...new Set(locations)].sort();
  const kept = /* @__PURE__ */ new Set();
  for (const location of sorted) {
    let reExposedBetween = reExposedPaths.has(location);
    let hidden = false;
    for (const ancestor of properAncestors(location)) {
      if (reExposedPaths.has(ancestor))
        reExposedBetween = true;
      if (kept.has(ancestor)) {
        hidden = true;
        break;
      }
    }
    if (!hidden || reExposedBetween)
      kept.add(location);
  }
  return kept;
}
function* expandReadDenyGlobLinuxSteps(globPattern, reExposedPaths, unlistableDirs, opts = {}) {
  const walk = yield* walkGlobPatternSteps(globPattern, {
    withDirectoryForm: true,
    followSymlinkedDirectories: true,
    anchor: opts.anchor,
    listings: opts.listings
  });
  const locationOf = (p) => walk.realOf.get(p) ?? p;
  const candidates = /* @__PURE__ */ new Set([...walk.matches, ...walk.unlisted]);
  if (walk.directoryMatches.length > 0) {
    const holdMatches = new Set(walk.matches.map((m) => parentOf(locationOf(m))));
    for (const dir of walk.directoryMatches) {
      if (holdMatches.has(locationOf(dir)) || walk.symlinks.has(dir)) {
        candidates.add(dir);
      }
    }
  }
  const locations = /* @__PURE__ */ new Set();
  const spelledLinks = [];
  const namedBy = /* @__PURE__ */ new Map();
  const addLocation = (location, candidate) => {
    locations.add(location);
    if (!namedBy.has(location))
      namedBy.set(location, candidate);
  };
  for (const candidate of candidates) {
    if (walk.symlinks.has(candidate) && !walk.realOf.has(candidate)) {
      if (!walk.uninspectableLinks.has(candidate)) {
        logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} does not resolve, skipping`);
        continue;
      }
      logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} leads somewhere that cannot be inspected; denying what holds it`, { level: "warn" });
      spelledLinks.push(candidate);
      continue;
    }
    const location = locationOf(candidate);
    if (location !== "/") {
      addLocation(location, candidate);
      continue;
    }
    const standIn = locationOf(parentOf(candidate));
    if (standIn === "" || standIn === "/") {
      logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} resolves to / and nothing but / holds it, skipping`, { level: "warn" });
      continue;
    }
    logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} resolves to /; denying ${standIn}, which holds it, instead`, { level: "warn" });
    addLocation(standIn, candidate);
  }
  const reExposed = new Set(reExposedPaths.flatMap((p) => pathSpellings(normalizePathForSandbox(p, { literal: true }))));
  const mounts = collapseReadDenyLocations({
    locations,
    reExposedPaths: reExposed
  });
  for (const unlisted of walk.unlisted) {
    const location = locationOf(unlisted);
    if (mounts.has(location)) {
      unlistableDirs?.add(location);
      continue;
    }
    for (const ancestor of properAncestors(location)) {
      if (mounts.has(ancestor)) {
        unlistableDirs?.add(ancestor);
        break;
      }
    }
  }
  logForDebugging(`[Sandbox Linux] Expanded denyRead glob "${globPattern}": ${walk.matches.length} matches -> ${mounts.size} mounts`);
  for (const mount of mounts) {
    if (walk.baseLocation !== "" && !isAtOrUnder(mount, walk.baseLocation)) {
      logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}" hides ${mount}, outside ${walk.baseLocation}: reached through ${namedBy.get(mount) === mount ? "a symlinked directory" : namedBy.get(mount)}`, { level: "warn" });
    }
  }
  if (mounts.size > READ_DENY_GLOB_MOUNT_WARN_THRESHOLD) {
    logForDebugging(`[Sandbox Linux] denyRead glob "${globPattern}" still needs ${mounts.size} mounts after collapsing (threshold ${READ_DENY_GLOB_MOUNT_WARN_THRESHOLD}); each is a separate bwrap mount at sandbox start. Prefer denying the enclosing directories.`, { level: "warn" });
  }
  return [...mounts, ...spelledLinks].sort();
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/macos-sandbox-utils.js
import { spawn as spawn3 } from "child_process";
import * as path5 from "path";
function macGetMandatoryDenyEntries(allowGitConfig = false) {
  const cwd = normalizePathForSandbox(process.cwd(), { literal: true });
  const entries = [];
  const literal = (relativePath) => toLiteralPathEntry(path5.resolve(cwd, relativePath));
  const beneathCwd = (pattern) => anchoredGlobEntry(cwd, pattern);
  for (const fileName of DANGEROUS_FILES) {
    entries.push(literal(fileName));
    entries.push(beneathCwd(`**/${fileName}`));
  }
  for (const dirName of getDangerousDirectories()) {
    entries.push(literal(dirName));
    entries.push(beneathCwd(`**/${dirName}/**`));
  }
  entries.push(literal(".git/hooks"));
  entries.push(beneathCwd("**/.git/hooks/**"));
  if (!allowGitConfig) {
    entries.push(literal(".git/config"));
    entries.push(beneathCwd("**/.git/config"));
  }
  return entries;
}
var sessionSuffix = `_${Math.random().toString(36).slice(2, 11)}_SBX`;
function generateLogTag(command) {
  const encodedCommand = encodeSandboxedCommand(command);
  return `CMD64_${encodedCommand}_END_${sessionSuffix}`;
}
function pathFilter(entry) {
  return entry.glob ? `(regex ${escapePath(globRegex(entry))})` : `(subpath ${escapePath(entry.path)})`;
}
function anchorRegex(entry, compile) {
  if (entry.anchor === void 0)
    return compile(entry.path);
  const pattern = entry.path.slice(entry.anchor.length);
  return `^${escapeRegexLiteral(entry.anchor)}${compile(pattern).slice(1)}`;
}
function globRegex(entry) {
  return anchorRegex(entry, globToRegex);
}
function denyGlobEntryRegex(entry) {
  return anchorRegex(entry, denyGlobRegex);
}
function denyPathFilter(entry) {
  return entry.glob ? `(regex ${escapePath(denyGlobEntryRegex(entry))})` : `(subpath ${escapePath(entry.path)})`;
}
function entrySamplePath(entry) {
  if (!entry.glob)
    return entry.path;
  const anchor = entry.anchor ?? "";
  return anchor + entry.path.slice(anchor.length).replace(/\[[^\]]*\]|[*?]+/g, "x");
}
function carveFilter(filter, carveOuts) {
  const unique = [...new Set(carveOuts)];
  if (unique.length === 0)
    return filter;
  const nots = unique.map((c) => `(require-not ${c})`).join(" ");
  return `(require-all ${filter} ${nots})`;
}
function anchoredGlobEntry(anchor, pattern) {
  return { glob: true, path: path5.join(anchor, pattern), anchor };
}
function toPathEntry(pathPattern) {
  return containsGlobChars(pathPattern) ? { glob: true, path: normalizePathForSandbox(pathPattern) } : {
    glob: false,
    path: normalizePathForSandbox(pathPattern, { literal: true })
  };
}
function toLiteralPathEntry(literalPath) {
  return {
    path: normalizePathForSandbox(literalPath, { literal: true }),
    glob: false
  };
}
function alsoReadAs(spellings, kind) {
  return (spellings ?? []).flatMap((spelling) => literalReadings(spelling, kind));
}
function callerEntries(kind, spellings, literalPaths) {
  return [
    ...(spellings ?? []).map(toPathEntry),
    ...alsoReadAs(spellings, kind),
    ...(literalPaths ?? []).map(toLiteralPathEntry)
  ];
}
function denyGlobCovers(denyRegex, entry) {
  return denyRegex.test(entrySamplePath(entry));
}
function isStrictlyUnder2(entry, dir) {
  return isStrictlyUnder(entrySamplePath(entry), dir);
}
function inBothSpellings(kind, entry) {
  const resolved = (p) => pathSpellings(p)[1] ?? p;
  const base = entryBaseDir(entry);
  const canonical = kind === "deny" || entry.glob ? resolved(base) : nameLocation(base, resolved);
  if (canonical === base || canonical === "/" || isAtOrUnder(canonical, "/dev")) {
    return [entry];
  }
  return [
    entry,
    entry.glob ? {
      glob: true,
      path: canonical + entry.path.slice(base.length),
      anchor: canonical
    } : { glob: false, path: canonical }
  ];
}
function resolveReadConfig(config2, writeRoots, libraryDenies) {
  const credentialDenies = [
    ...callerEntries("deny", config2.credentialDenyOnly, void 0),
    ...libraryDenies
  ].flatMap((entry) => inBothSpellings("deny", entry));
  return {
    denies: [
      ...callerEntries("deny", config2.denyOnly.filter((p) => !config2.credentialDenyOnly?.includes(p)), config2.literalDenyOnly).flatMap((entry) => inBothSpellings("deny", entry)),
      ...credentialDenies
    ],
    credentialDenies: new Set(credentialDenies),
    ownAllows: (config2.ownAllowWithinDeny ?? []).map(toLiteralPathEntry).flatMap((entry) => inBothSpellings("allow", entry)),
    // Non-glob spellings arrive slash-free from normalizePathForSandbox —
    // the nested-deny re-emit matches by `path + '/'` prefix, which a
    // preserved trailing slash would defeat ('<dir>//').
    allows: callerEntries("allow", config2.allowWithinDeny, config2.literalAllowWithinDeny).flatMap((entry) => inBothSpellings("allow", entry)),
    writeRoots: [...writeRoots]
  };
}
function lateReadDenyFilters(resolved) {
  const filters = [];
  let coversRoot = false;
  const literalAllowDirs = resolved.allows.filter((a) => !a.glob).map((a) => a.path);
  for (const deny2 of resolved.denies) {
    const isCredential = resolved.credentialDenies.has(deny2);
    if (!deny2.glob) {
      if (isCredential) {
        const carveOuts2 = resolved.ownAllows.filter((a) => isAtOrUnder(a.path, deny2.path)).map((a) => pathFilter(a));
        filters.push(carveFilter(denyPathFilter(deny2), carveOuts2));
      } else if (literalAllowDirs.some((a) => isStrictlyUnder2(deny2, a))) {
        filters.push(denyPathFilter(deny2));
      }
      continue;
    }
    const denyRegex = new RegExp(denyGlobEntryRegex(deny2));
    if (denyRegex.test("/"))
      coversRoot = true;
    const carveOuts = (isCredential ? resolved.ownAllows : resolved.allows).filter((a) => denyGlobCovers(denyRegex, a)).map((a) => pathFilter(a));
    filters.push(carveFilter(denyPathFilter(deny2), carveOuts));
  }
  return { filters, coversRoot };
}
function globBaseDir(normalizedGlob) {
  const staticPrefix = normalizedGlob.split(/[*?[\]]/)[0];
  if (!staticPrefix || staticPrefix === "/")
    return "/";
  return staticPrefix.endsWith("/") ? staticPrefix.slice(0, -1) : path5.dirname(staticPrefix);
}
function entryBaseDir(entry) {
  if (!entry.glob)
    return entry.path;
  return entry.anchor ?? globBaseDir(entry.path);
}
function generateReadDenyUnlinkRules(resolved, logTag) {
  const { denies, credentialDenies, writeRoots } = resolved;
  if (writeRoots.length === 0)
    return [];
  const writeRootRegexes = writeRoots.filter((w) => w.glob).map((w) => new RegExp(globRegex(w)));
  const literalWriteRoots = writeRoots.filter((w) => !w.glob).map((w) => w.path);
  const strictlyBelowWriteRoot = (p) => literalWriteRoots.some((w) => isStrictlyUnder2({ path: p, glob: false }, w)) || writeRootRegexes.some((re) => re.test(p));
  const filters = /* @__PURE__ */ new Set();
  const protectDirs = (dirs, withWriteRoots) => {
    for (const dir of dirs) {
      if (strictlyBelowWriteRoot(dir) || withWriteRoots && literalWriteRoots.includes(dir)) {
        filters.add(`(literal ${escapePath(dir)})`);
      }
    }
  };
  for (const deny2 of denies) {
    const isCredential = credentialDenies.has(deny2);
    const exceptions = isCredential ? [] : [...resolved.allows, ...writeRoots];
    if (deny2.glob) {
      const baseDir = entryBaseDir(deny2);
      const intersectsWriteRoot = writeRootRegexes.length > 0 || literalWriteRoots.some((w) => baseDir === w || isStrictlyUnder2({ path: baseDir, glob: false }, w) || isStrictlyUnder2({ path: w, glob: false }, baseDir));
      if (!intersectsWriteRoot)
        continue;
      const denyRegex = new RegExp(denyGlobEntryRegex(deny2));
      const carveOuts = exceptions.filter((e) => denyGlobCovers(denyRegex, e)).map((e) => pathFilter(e));
      filters.add(carveFilter(denyPathFilter(deny2), carveOuts));
      if (baseDir !== "/") {
        protectDirs([baseDir, ...getAncestorDirectories(baseDir)], isCredential);
      }
    } else {
      if (!isCredential && !strictlyBelowWriteRoot(deny2.path))
        continue;
      const carveOuts = exceptions.filter((e) => isStrictlyUnder2(e, deny2.path)).map((e) => pathFilter(e));
      filters.add(carveFilter(denyPathFilter(deny2), carveOuts));
      protectDirs(getAncestorDirectories(deny2.path), isCredential);
    }
  }
  return renderRule("deny", ["file-write-unlink"], filters, logTag);
}
function renderRule(action, operations, filters, logTag) {
  if (filters.size === 0)
    return [];
  return [
    `(${action} ${operations.join(" ")}`,
    ...[...filters].map((f) => `  ${f}`),
    `  (with message "${logTag}"))`
  ];
}
function getAncestorDirectories(pathStr) {
  const ancestors = [];
  let currentPath = path5.dirname(pathStr);
  while (currentPath !== "/" && currentPath !== ".") {
    ancestors.push(currentPath);
    const parentPath = path5.dirname(currentPath);
    if (parentPath === currentPath) {
      break;
    }
    currentPath = parentPath;
  }
  return ancestors;
}
var SBPL_STRING_MAX_BYTES = 900;
var MIN_DENY_GROUP_SIZE = 4;
function groupLiteralDenyPaths(entries) {
  const byDir = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    if (entry.glob)
      continue;
    const entryPath = entry.path;
    const parent = path5.dirname(entryPath);
    const dir = path5.dirname(parent);
    if (dir === parent || parent === entryPath || dir === "/")
      continue;
    let names = byDir.get(dir);
    if (!names) {
      names = /* @__PURE__ */ new Map();
      byDir.set(dir, names);
    }
    const name = path5.basename(parent);
    let leaves = names.get(name);
    if (!leaves) {
      leaves = /* @__PURE__ */ new Set();
      names.set(name, leaves);
    }
    leaves.add(path5.basename(entryPath));
  }
  const grouped = /* @__PURE__ */ new Set();
  const groups = [];
  for (const [dir, names] of byDir) {
    const bySignature = /* @__PURE__ */ new Map();
    for (const [name, leafSet] of names) {
      const leaves = [...leafSet].sort();
      const signature = leaves.join("\0");
      let group = bySignature.get(signature);
      if (!group) {
        group = { dir, names: [], leaves };
        bySignature.set(signature, group);
      }
      group.names.push(name);
    }
    for (const group of bySignature.values()) {
      const fixedLength = regexLength(groupRegexPrefix(group)) + regexLength(groupDenyTail(group));
      group.names = group.names.filter((name) => fixedLength + regexLength(escapeRegexLiteral(name)) <= SBPL_STRING_MAX_BYTES);
      if (group.names.length < MIN_DENY_GROUP_SIZE)
        continue;
      groups.push(group);
      for (const name of group.names) {
        for (const leaf of group.leaves) {
          grouped.add(path5.join(dir, name, leaf));
        }
      }
    }
  }
  return {
    groups,
    rest: entries.filter((e) => !grouped.has(e.path))
  };
}
function regexLength(fragment) {
  return Buffer.byteLength(escapePath(fragment)) - 2;
}
function groupRegexPrefix(group) {
  return `^${escapeRegexLiteral(group.dir)}/(`;
}
function groupDenyTail(group) {
  return `)/(${group.leaves.map(escapeRegexLiteral).join("|")})(/.*)?$`;
}
function literalDenyGroupFilters(group) {
  const prefix = groupRegexPrefix(group);
  const denyTail = groupDenyTail(group);
  const pinTail = ")$";
  const fixedLength = regexLength(prefix) + regexLength(denyTail);
  const chunks = [];
  let chunk = [];
  let chunkLength = 0;
  for (const name of group.names.map(escapeRegexLiteral)) {
    const nameLength = regexLength(name) + (chunk.length === 0 ? 0 : 1);
    if (chunk.length > 0 && fixedLength + chunkLength + nameLength > SBPL_STRING_MAX_BYTES) {
      chunks.push(chunk);
      chunk = [];
      chunkLength = 0;
    }
    chunk.push(name);
    chunkLength += chunk.length === 1 ? regexLength(name) : nameLength;
  }
  chunks.push(chunk);
  const alternations = chunks.map((names) => names.join("|"));
  return {
    deny: alternations.map((names) => `(regex ${escapePath(prefix + names + denyTail)})`),
    pins: alternations.map((names) => `(regex ${escapePath(prefix + names + pinTail)})`)
  };
}
function generateMoveBlockingRules(entries, logTag) {
  return renderRule("deny", ["file-write-unlink", "file-write-create"], moveBlockingFilters(entries), logTag);
}
function moveBlockingFilters(entries) {
  const filters = /* @__PURE__ */ new Set();
  for (const entry of entries) {
    filters.add(denyPathFilter(entry));
    const baseDir = entryBaseDir(entry);
    if (entry.glob) {
      if (baseDir === "/")
        continue;
      filters.add(`(literal ${escapePath(baseDir)})`);
    }
    for (const ancestorDir of getAncestorDirectories(baseDir)) {
      filters.add(`(literal ${escapePath(ancestorDir)})`);
    }
  }
  return filters;
}
function generateReadRules(resolved, logTag) {
  if (!resolved) {
    return [`(allow file-read*)`];
  }
  const rules = [];
  rules.push(`(allow file-read*)`);
  const deniesRoot = resolved.denies.some((d) => d.path === "/");
  const denyFilters = new Set(resolved.denies.map(denyPathFilter));
  rules.push(...renderRule("deny", ["file-read*"], denyFilters, logTag));
  const allowFilters = new Set(resolved.allows.map((a) => pathFilter(a)));
  rules.push(...renderRule("allow", ["file-read*"], allowFilters, logTag));
  const late2 = lateReadDenyFilters(resolved);
  rules.push(...renderRule("deny", ["file-read*"], new Set(late2.filters), logTag));
  if (deniesRoot || late2.coversRoot) {
    rules.push(`(allow file-read* (literal "/"))`);
  }
  if (resolved.denies.length > 0) {
    rules.push(`(allow file-read-metadata`, `  (vnode-type DIRECTORY))`);
  }
  rules.push(...generateMoveBlockingRules(resolved.denies, logTag));
  const writeAllowFilters = new Set(resolved.writeRoots.map(pathFilter));
  rules.push(...renderRule("allow", ["file-write-unlink", "file-write-create"], writeAllowFilters, logTag));
  return rules;
}
function writeRootEntries(config2) {
  return callerEntries("allow", config2?.allowOnly, config2?.literalAllowOnly);
}
function generateWriteRules(config2, logTag, allowGitConfig, writeRoots) {
  if (!config2) {
    return [`(allow file-write*)`];
  }
  const rules = [];
  const allowFilters = /* @__PURE__ */ new Set();
  for (const entry of writeRoots) {
    allowFilters.add(pathFilter(entry));
  }
  rules.push(...renderRule("allow", ["file-write*"], allowFilters, logTag));
  const denyEntries = [
    ...(config2.denyWithinAllow || []).map(toPathEntry),
    ...(config2.literalDenyWithinAllow ?? []).map(toLiteralPathEntry),
    ...macGetMandatoryDenyEntries(allowGitConfig)
  ];
  denyEntries.push(...alsoReadAs(config2.denyWithinAllow, "deny"));
  const { groups, rest: ungrouped } = groupLiteralDenyPaths(denyEntries);
  const groupFilters = groups.map(literalDenyGroupFilters);
  const denyFilters = /* @__PURE__ */ new Set();
  for (const { deny: deny2 } of groupFilters) {
    for (const filter of deny2)
      denyFilters.add(filter);
  }
  for (const entry of ungrouped) {
    denyFilters.add(denyPathFilter(entry));
  }
  rules.push(...renderRule("deny", ["file-write*"], denyFilters, logTag));
  const moveFilters = moveBlockingFilters(ungrouped);
  for (const [index, { deny: deny2, pins }] of groupFilters.entries()) {
    for (const filter of [...deny2, ...pins])
      moveFilters.add(filter);
    const { dir } = groups[index];
    for (const ancestorDir of [dir, ...getAncestorDirectories(dir)]) {
      moveFilters.add(`(literal ${escapePath(ancestorDir)})`);
    }
  }
  rules.push(...renderRule("deny", ["file-write-unlink", "file-write-create"], moveFilters, logTag));
  return rules;
}
function generateSandboxProfile({ readConfig, libraryDenyEntries, writeConfig, httpProxyPort, socksProxyPort, needsNetworkRestriction, allowUnixSockets, allowAllUnixSockets, allowLocalBinding, allowMachLookup, allowPty, allowGitConfig = false, enableWeakerNetworkIsolation = false, allowAppleEvents = false, logTag }) {
  const profile = [
    "(version 1)",
    `(deny default (with message "${logTag}"))`,
    "",
    `; LogTag: ${logTag}`,
    "",
    "; Essential permissions - based on Chrome sandbox policy",
    "; Process permissions",
    "(allow process-exec)",
    "(allow process-fork)",
    "(allow process-info* (target same-sandbox))",
    "(allow signal (target same-sandbox))",
    "(allow mach-priv-task-port (target same-sandbox))",
    "",
    "; User preferences",
    "(allow user-preference-read)",
    "",
    "; Mach IPC - specific services only (no wildcard)",
    "(allow mach-lookup",
    '  (global-name "com.apple.audio.systemsoundserver")',
    '  (global-name "com.apple.distributed_notifications@Uv3")',
    '  (global-name "com.apple.FontObjectsServer")',
    '  (global-name "com.apple.fonts")',
    '  (global-name "com.apple.logd")',
    '  (global-name "com.apple.lsd.mapdb")',
    '  (global-name "com.apple.PowerManagement.control")',
    '  (global-name "com.apple.system.logger")',
    '  (global-name "com.apple.system.notification_center")',
    '  (global-name "com.apple.system.opendirectoryd.libinfo")',
    '  (global-name "com.apple.system.opendirectoryd.membership")',
    '  (global-name "com.apple.bsd.dirhelper")',
    '  (global-name "com.apple.securityd.xpc")',
    '  (global-name "com.apple.coreservices.launchservicesd")',
    ")",
    "",
    ...enableWeakerNetworkIsolation ? [
      "; trustd.agent - needed for Go TLS certificate verification (weaker network isolation)",
      '(allow mach-lookup (global-name "com.apple.trustd.agent"))'
    ] : [],
    ...allowAppleEvents ? [
      "; Apple Events - opt-in; needed for open/osascript to talk to other apps (appleeventsd)",
      "(allow appleevent-send)",
      '(allow mach-lookup (global-name "com.apple.coreservices.appleevents"))',
      "; Launch Services open requests need the lsopen operation plus, on",
      "; macOS 14/15, coreservicesd and the quarantine resolver - without",
      "; these open fails with -10822 kLSServerCommunicationErr or -54",
      "(allow lsopen)",
      '(allow mach-lookup (global-name "com.apple.CoreServices.coreservicesd"))',
      '(allow mach-lookup (global-name "com.apple.coreservices.quarantine-resolver"))'
    ] : [],
    ...allowMachLookup && allowMachLookup.length > 0 ? [
      "; User-specified XPC/Mach services",
      ...allowMachLookup.map((name) => name.endsWith("*") ? `(allow mach-lookup (global-name-prefix ${escapePath(name.slice(0, -1))}))` : `(allow mach-lookup (global-name ${escapePath(name)}))`)
    ] : [],
    "",
    "; POSIX IPC - shared memory",
    "(allow ipc-posix-shm)",
    "",
    "; POSIX IPC - semaphores for Python multiprocessing",
    "(allow ipc-posix-sem)",
    "",
    "; IOKit - specific operations only",
    "(allow iokit-open",
    '  (iokit-registry-entry-class "IOSurfaceRootUserClient")',
    '  (iokit-registry-entry-class "RootDomainUserClient")',
    '  (iokit-user-client-class "IOSurfaceSendRight")',
    ")",
    "",
    "; IOKit properties",
    "(allow iokit-get-properties)",
    "",
    "; Specific safe system-sockets, doesn't allow network access",
    "(allow system-socket (require-all (socket-domain AF_SYSTEM) (socket-protocol 2)))",
    "",
    "; sysctl - specific sysctls only",
    "(allow sysctl-read",
    '  (sysctl-name "hw.activecpu")',
    '  (sysctl-name "hw.busfrequency_compat")',
    '  (sysctl-name "hw.byteorder")',
    '  (sysctl-name "hw.cacheconfig")',
    '  (sysctl-name "hw.cachelinesize_compat")',
    '  (sysctl-name "hw.cpufamily")',
    '  (sysctl-name "hw.cpufrequency")',
    '  (sysctl-name "hw.cpufrequency_compat")',
    '  (sysctl-name "hw.cputype")',
    '  (sysctl-name "hw.l1dcachesize_compat")',
    '  (sysctl-name "hw.l1icachesize_compat")',
    '  (sysctl-name "hw.l2cachesize_compat")',
    '  (sysctl-name "hw.l3cachesize_compat")',
    '  (sysctl-name "hw.logicalcpu")',
    '  (sysctl-name "hw.logicalcpu_max")',
    '  (sysctl-name "hw.machine")',
    '  (sysctl-name "hw.memsize")',
    '  (sysctl-name "hw.ncpu")',
    '  (sysctl-name "hw.nperflevels")',
    '  (sysctl-name "hw.packages")',
    '  (sysctl-name "hw.pagesize_compat")',
    '  (sysctl-name "hw.pagesize")',
    '  (sysctl-name "hw.physicalcpu")',
    '  (sysctl-name "hw.physicalcpu_max")',
    '  (sysctl-name "hw.tbfrequency_compat")',
    '  (sysctl-name "hw.vectorunit")',
    '  (sysctl-name "kern.argmax")',
    '  (sysctl-name "kern.bootargs")',
    '  (sysctl-name "kern.hostname")',
    '  (sysctl-name "kern.maxfiles")',
    '  (sysctl-name "kern.maxfilesperproc")',
    '  (sysctl-name "kern.maxproc")',
    '  (sysctl-name "kern.ngroups")',
    '  (sysctl-name "kern.osproductversion")',
    '  (sysctl-name "kern.osrelease")',
    '  (sysctl-name "kern.ostype")',
    '  (sysctl-name "kern.osvariant_status")',
    '  (sysctl-name "kern.osversion")',
    '  (sysctl-name "kern.secure_kernel")',
    '  (sysctl-name "kern.tcsm_available")',
    '  (sysctl-name "kern.tcsm_enable")',
    '  (sysctl-name "kern.usrstack64")',
    '  (sysctl-name "kern.version")',
    '  (sysctl-name "kern.willshutdown")',
    '  (sysctl-name "machdep.cpu.brand_string")',
    '  (sysctl-name "machdep.ptrauth_enabled")',
    '  (sysctl-name "security.mac.lockdown_mode_state")',
    '  (sysctl-name "sysctl.proc_cputype")',
    '  (sysctl-name "vm.loadavg")',
    '  (sysctl-name-prefix "hw.optional.arm")',
    '  (sysctl-name-prefix "hw.optional.arm.")',
    '  (sysctl-name-prefix "hw.optional.armv8_")',
    '  (sysctl-name-prefix "hw.perflevel")',
    '  (sysctl-name-prefix "kern.proc.all")',
    '  (sysctl-name-prefix "kern.proc.pgrp.")',
    '  (sysctl-name-prefix "kern.proc.pid.")',
    '  (sysctl-name-prefix "machdep.cpu.")',
    '  (sysctl-name-prefix "net.routetable.")',
    ")",
    "",
    "; V8 thread calculations",
    "(allow sysctl-write",
    '  (sysctl-name "kern.tcsm_enable")',
    ")",
    "",
    "; Distributed notifications",
    "(allow distributed-notification-post)",
    "",
    "; Specific mach-lookup permissions for security operations",
    '(allow mach-lookup (global-name "com.apple.SecurityServer"))',
    "",
    "; File I/O on device files",
    '(allow file-ioctl (literal "/dev/null"))',
    '(allow file-ioctl (literal "/dev/zero"))',
    '(allow file-ioctl (literal "/dev/random"))',
    '(allow file-ioctl (literal "/dev/urandom"))',
    '(allow file-ioctl (literal "/dev/dtracehelper"))',
    '(allow file-ioctl (literal "/dev/tty"))',
    "",
    "(allow file-ioctl file-read-data file-write-data",
    "  (require-all",
    '    (literal "/dev/null")',
    "    (vnode-type CHARACTER-DEVICE)",
    "  )",
    ")",
    ""
  ];
  profile.push("; Network");
  if (!needsNetworkRestriction) {
    profile.push("(allow network*)");
  } else {
    if (allowLocalBinding) {
      profile.push('(allow network-bind (local ip "*:*"))');
      profile.push('(allow network-inbound (local ip "*:*"))');
      profile.push('(allow network-outbound (remote ip "localhost:*"))');
    }
    if (allowAllUnixSockets) {
      profile.push("(allow system-socket (socket-domain AF_UNIX))");
      profile.push('(allow network-bind (local unix-socket (path-regex #"^/")))');
      profile.push('(allow network-outbound (remote unix-socket (path-regex #"^/")))');
    } else if (allowUnixSockets && allowUnixSockets.length > 0) {
      profile.push("(allow system-socket (socket-domain AF_UNIX))");
      for (const socketPath of allowUnixSockets) {
        const normalizedPath = normalizePathForSandbox(socketPath);
        profile.push(`(allow network-bind (local unix-socket (subpath ${escapePath(normalizedPath)})))`);
        profile.push(`(allow network-outbound (remote unix-socket (subpath ${escapePath(normalizedPath)})))`);
      }
    }
    if (httpProxyPort !== void 0) {
      profile.push(`(allow network-bind (local ip "localhost:${httpProxyPort}"))`);
      profile.push(`(allow network-inbound (local ip "localhost:${httpProxyPort}"))`);
      profile.push(`(allow network-outbound (remote ip "localhost:${httpProxyPort}"))`);
    }
    if (socksProxyPort !== void 0 && socksProxyPort !== httpProxyPort) {
      profile.push(`(allow network-bind (local ip "localhost:${socksProxyPort}"))`);
      profile.push(`(allow network-inbound (local ip "localhost:${socksProxyPort}"))`);
      profile.push(`(allow network-outbound (remote ip "localhost:${socksProxyPort}"))`);
    }
  }
  profile.push("");
  const writeRoots = writeRootEntries(writeConfig);
  const resolvedRead = readConfig || libraryDenyEntries.length > 0 ? resolveReadConfig(readConfig ?? { denyOnly: [] }, writeRoots, libraryDenyEntries) : void 0;
  profile.push("; File read");
  profile.push(...generateReadRules(resolvedRead, logTag));
  profile.push("");
  profile.push("; File write");
  profile.push(...generateWriteRules(writeConfig, logTag, allowGitConfig, writeRoots));
  if (resolvedRead) {
    const unlinkRules = generateReadDenyUnlinkRules(resolvedRead, logTag);
    if (unlinkRules.length > 0) {
      profile.push("");
      profile.push("; File read: keep read-denied paths inside write roots in place");
      profile.push(...unlinkRules);
    }
  }
  if (allowPty) {
    profile.push("");
    profile.push("; Pseudo-terminal (pty) support");
    profile.push("(allow pseudo-tty)");
    profile.push("(allow file-ioctl");
    profile.push('  (literal "/dev/ptmx")');
    profile.push('  (regex #"^/dev/ttys")');
    profile.push(")");
    profile.push("(allow file-read* file-write*");
    profile.push('  (literal "/dev/ptmx")');
    profile.push('  (regex #"^/dev/ttys")');
    profile.push(")");
  }
  return profile.join("\n");
}
function escapePath(pathStr) {
  return JSON.stringify(pathStr);
}
function wrapCommandWithSandboxMacOS(params) {
  const { command, commandId, needsNetworkRestriction, httpProxyPort, socksProxyPort, proxyAuthToken: proxyAuthToken2, caCertPath, javaAgentJarPath: javaAgentJarPath2, allowUnixSockets, allowAllUnixSockets, allowLocalBinding, allowMachLookup, readConfig, writeConfig, unsetEnvVars, setEnvVars, maskedFileBinds, degradeToDenyPaths, allowPty, allowGitConfig = false, gitSafeDirectories, enableWeakerNetworkIsolation = false, allowAppleEvents = false, binShell } = params;
  const maskedDenyPaths = maskedFileBinds?.map((b) => b.realPath) ?? [];
  if (maskedDenyPaths.length > 0) {
    logForDebugging("[Sandbox macOS] file mask degrades to deny on macOS until the interposer lands");
  }
  const libraryDenyEntries = [
    ...maskedDenyPaths,
    ...degradeToDenyPaths ?? []
  ].map(toLiteralPathEntry);
  const hasReadRestrictions = readConfig && (readConfig.denyOnly.length > 0 || (readConfig.literalDenyOnly?.length ?? 0) > 0) || libraryDenyEntries.length > 0;
  const hasWriteRestrictions = writeConfig !== void 0;
  const hasEnvRestrictions = unsetEnvVars !== void 0 && unsetEnvVars.length > 0 || setEnvVars !== void 0 && Object.keys(setEnvVars).length > 0;
  const hasGitConfig = (gitSafeDirectories?.length ?? 0) > 0;
  if (!needsNetworkRestriction && !hasReadRestrictions && !hasWriteRestrictions && !hasEnvRestrictions && !hasGitConfig) {
    return command;
  }
  const attributionCommand = attributionKeyFor(command, commandId);
  const logTag = generateLogTag(attributionCommand);
  const profile = generateSandboxProfile({
    readConfig,
    libraryDenyEntries,
    writeConfig,
    httpProxyPort,
    socksProxyPort,
    needsNetworkRestriction,
    allowUnixSockets,
    allowAllUnixSockets,
    allowLocalBinding,
    allowMachLookup,
    allowPty,
    allowGitConfig,
    enableWeakerNetworkIsolation,
    allowAppleEvents,
    logTag
  });
  const proxyEnvArgs = generateProxyEnvVars(httpProxyPort, socksProxyPort, caCertPath, proxyAuthToken2, writeConfig === void 0, encodeSandboxedCommand(attributionCommand));
  const loopbackReachable = needsNetworkRestriction && (allowLocalBinding || httpProxyPort !== void 0 || socksProxyPort !== void 0);
  const javaToolOptions = buildJavaToolOptions({
    agentJarPath: javaAgentJarPath2,
    flags: loopbackReachable ? ["-Djava.net.preferIPv4Stack=true"] : [],
    unsetEnvVars,
    inherited: process.env.JAVA_TOOL_OPTIONS
  });
  if (javaToolOptions !== void 0) {
    proxyEnvArgs.push(`JAVA_TOOL_OPTIONS=${javaToolOptions}`);
  }
  if (gitSafeDirectories && gitSafeDirectories.length > 0) {
    const gitCfg = buildPosixGitSafeDirEnv({
      safeDirs: gitSafeDirectories,
      unsetEnvVars,
      setEnvVars
    });
    for (const [name, value] of Object.entries(gitCfg)) {
      proxyEnvArgs.push(`${name}=${value}`);
    }
  }
  const shellName = binShell || "bash";
  const shell = whichSync(shellName);
  if (!shell) {
    throw new Error(`Shell '${shellName}' not found in PATH`);
  }
  const unsetEnvArgs = (unsetEnvVars ?? []).flatMap((name) => ["-u", name]);
  const setEnvArgs = Object.entries(setEnvVars ?? {}).map(([name, value]) => `${name}=${value}`);
  const wrappedCommand = quote([
    "env",
    ...unsetEnvArgs,
    ...setEnvArgs,
    ...proxyEnvArgs,
    "/usr/bin/sandbox-exec",
    "-p",
    profile,
    shell,
    "-c",
    command
  ]);
  logForDebugging(`[Sandbox macOS] Applied restrictions - network: ${!!(httpProxyPort || socksProxyPort)}, read: ${hasReadRestrictions ? readConfig && "allowAllExcept" in readConfig ? "allowAllExcept" : "denyAllExcept" : "none"}, write: ${writeConfig ? "allowAllExcept" in writeConfig ? "allowAllExcept" : "denyAllExcept" : "none"}`);
  return wrappedCommand;
}
function startMacOSSandboxLogMonitor(callback, ignoreViolations, resolveCommandText2) {
  const cmdExtractRegex = /CMD64_(.+?)_END/;
  const sandboxExtractRegex = /Sandbox:\s+(.+)$/;
  const logProcess = spawn3("log", [
    "stream",
    "--predicate",
    `(eventMessage ENDSWITH "${sessionSuffix}")`,
    "--style",
    "compact"
  ]);
  logProcess.stdout?.on("data", (data) => {
    const lines = data.toString().split("\n");
    const violationLine = lines.find((line) => line.includes("Sandbox:") && line.includes("deny"));
    const commandLine = lines.find((line) => line.startsWith("CMD64_"));
    if (!violationLine)
      return;
    const sandboxMatch = violationLine.match(sandboxExtractRegex);
    if (!sandboxMatch?.[1])
      return;
    const violationDetails = sandboxMatch[1];
    let command;
    let encodedCommand;
    if (commandLine) {
      const cmdMatch = commandLine.match(cmdExtractRegex);
      encodedCommand = cmdMatch?.[1];
      if (encodedCommand) {
        try {
          command = resolveCommandText2(decodeSandboxedCommand(encodedCommand));
        } catch {
        }
      }
    }
    if (violationDetails.includes("mDNSResponder") || violationDetails.includes("mach-lookup com.apple.diagnosticd") || violationDetails.includes("mach-lookup com.apple.analyticsd")) {
      return;
    }
    if (shouldIgnoreViolation(violationDetails, command, ignoreViolations)) {
      return;
    }
    callback({
      line: violationDetails,
      command,
      encodedCommand,
      timestamp: /* @__PURE__ */ new Date()
      // We could parse the timestamp from the log but this feels more reliable
    });
  });
  logProcess.stderr?.on("data", (data) => {
    logForDebugging(`[Sandbox Monitor] Log stream stderr: ${data.toString()}`);
  });
  logProcess.on("error", (error) => {
    logForDebugging(`[Sandbox Monitor] Failed to start log stream: ${error.message}`);
  });
  logProcess.on("exit", (code) => {
    logForDebugging(`[Sandbox Monitor] Log stream exited with code: ${code}`);
  });
  return () => {
    logForDebugging("[Sandbox Monitor] Stopping log monitor");
    logProcess.kill("SIGTERM");
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/linux-violation-monitor.js
import { randomBytes as randomBytes3 } from "node:crypto";
import { mkdtempSync as mkdtempSync4, rmSync as rmSync4 } from "node:fs";
import { createServer as createServer5 } from "node:net";
import { tmpdir as tmpdir5 } from "node:os";
import { join as join9, posix as posix2 } from "node:path";
import { createInterface } from "node:readline";
function startLinuxSandboxViolationMonitor(callback, opts) {
  const { allowWritePaths, denyWritePaths, ignoreViolations, resolveCommandText: resolveCommandText2 } = opts;
  const sockDir = mkdtempSync4(join9(tmpdir5(), "srt-obs-"));
  const sockPath = join9(sockDir, `s${randomBytes3(4).toString("hex")}.sock`);
  const underPrefix = (p, prefix) => p === prefix || p.startsWith(prefix.endsWith("/") ? prefix : prefix + "/");
  const isDenied = (p) => {
    if (denyWritePaths.some((d) => underPrefix(p, d)))
      return true;
    return !allowWritePaths.some((a) => underPrefix(p, a));
  };
  const handleEvent = (ev, encodedCommand) => {
    if (ev.observe_init_error) {
      logForDebugging(`[Sandbox Linux Monitor] observe filter not installed: ${ev.observe_init_error}`);
      return;
    }
    if (typeof ev.path !== "string")
      return;
    if (!ev.path.startsWith("/"))
      return;
    const observedPath = posix2.normalize(ev.path);
    if (!isDenied(observedPath))
      return;
    let command;
    if (encodedCommand) {
      try {
        command = resolveCommandText2(decodeSandboxedCommand(encodedCommand));
      } catch {
      }
    }
    if (shouldIgnoreViolation(observedPath, command, ignoreViolations))
      return;
    const violation = {
      line: `deny ${ev.syscall ?? "syscall"} ${observedPath}`,
      command,
      encodedCommand,
      timestamp: /* @__PURE__ */ new Date()
    };
    callback(violation);
  };
  let resolveReady;
  const ready = new Promise((res) => {
    resolveReady = res;
  });
  let observeSocketPath = sockPath;
  const server = createServer5((conn) => {
    let encodedCommand;
    const rl = createInterface({ input: conn });
    rl.on("line", (raw) => {
      if (!raw)
        return;
      let ev;
      try {
        ev = JSON.parse(raw);
      } catch {
        return;
      }
      const attribution = ev.encodedCommand !== void 0 && Buffer.byteLength(ev.encodedCommand) <= MAX_ENCODED_COMMAND_BYTES ? ev.encodedCommand : void 0;
      if (attribution && encodedCommand === void 0) {
        encodedCommand = attribution;
      }
      handleEvent(ev, encodedCommand ?? attribution);
    });
    conn.on("error", () => rl.close());
    conn.on("close", () => rl.close());
  });
  server.on("error", (err) => {
    logForDebugging(`[Sandbox Linux Monitor] listen failed: ${err.message} - violation monitoring disabled`, { level: "warn" });
    observeSocketPath = void 0;
    resolveReady();
  });
  server.listen(sockPath, () => resolveReady());
  const sockets = /* @__PURE__ */ new Set();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const stop = () => {
    logForDebugging("[Sandbox Linux Monitor] stopping");
    for (const s of sockets)
      s.destroy();
    server.close();
    try {
      rmSync4(sockDir, { recursive: true, force: true });
    } catch {
    }
  };
  return {
    get observeSocketPath() {
      return observeSocketPath;
    },
    ready,
    stop
  };
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/windows-sandbox-utils.js
import * as fs8 from "node:fs";
import * as net from "node:net";
import * as path6 from "node:path";
import { spawn as spawn4, spawnSync as spawnSync3 } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath as fileURLToPath3 } from "node:url";
var WindowsSandboxError = class extends Error {
  constructor(code, message, subcommand) {
    super(message);
    this.name = "WindowsSandboxError";
    this.code = code;
    this.subcommand = subcommand;
  }
};
var DEFAULT_WINDOWS_PROXY_PORT_RANGE = [
  60080,
  60089
];
var WINDOWS_LOOPBACK_PROBE_PORT = 1;
var WINDOWS_ALLOW_LOOPBACK_EFFECT = `Loopback is open: sandboxed commands can connect to every TCP and UDP port on localhost (127.0.0.0/8 and ::1; port ${WINDOWS_LOOPBACK_PROBE_PORT} alone stays blocked, so the sandbox can check its own fence). Every service listening on localhost is reachable from them, and any local forwarder (a DNS stub, a SOCKS or HTTP proxy, a VPN or security agent, a tunnel) reachable there gives them a way off the machine that the network restrictions do not cover.`;
var PWSH_FLAGS = ["-NoProfile", "-Command"];
function parseWindowsBinShell(raw) {
  const systemRoot = process.env.SystemRoot ?? "C:\\Windows";
  const cmdDefault = {
    exe: path6.win32.join(systemRoot, "System32", "cmd.exe"),
    args: ["/d", "/s", "/c"]
  };
  if (raw === void 0 || raw === null)
    return cmdDefault;
  if (typeof raw === "object") {
    if (!path6.win32.isAbsolute(raw.exe)) {
      throw new WindowsSandboxError("bin_shell_invalid", `binShell.exe must be an absolute path (got ${JSON.stringify(raw.exe)})`);
    }
    if (!Array.isArray(raw.args)) {
      throw new WindowsSandboxError("bin_shell_invalid", `binShell.args must be an array (got ${JSON.stringify(raw.args)})`);
    }
    return raw;
  }
  const rawBase = path6.win32.basename(raw);
  const base = rawBase.toLowerCase();
  const isAbs = path6.win32.isAbsolute(raw);
  if (!isAbs && raw !== rawBase) {
    throw new WindowsSandboxError("bin_shell_invalid", `binShell string must be a bare token or an absolute path (got ${JSON.stringify(raw)})`);
  }
  switch (base) {
    case "bash":
    case "bash.exe":
    case "sh":
    case "sh.exe":
      if (!isAbs) {
        throw new WindowsSandboxError("bin_shell_invalid", `binShell bash path must be absolute (got ${JSON.stringify(raw)}); pass the resolved Git Bash install path`);
      }
      return { exe: raw, args: ["-c"] };
    case "pwsh":
    case "pwsh.exe":
      return { exe: isAbs ? raw : "pwsh.exe", args: PWSH_FLAGS };
    case "powershell":
    case "powershell.exe":
      return {
        exe: isAbs ? raw : path6.win32.join(systemRoot, "System32", "WindowsPowerShell", "v1.0", "powershell.exe"),
        args: PWSH_FLAGS
      };
    case "cmd":
    case "cmd.exe":
      return isAbs ? { exe: raw, args: cmdDefault.args } : cmdDefault;
    default:
      throw new WindowsSandboxError("bin_shell_invalid", `unrecognised binShell ${JSON.stringify(raw)}: expected 'cmd' | 'powershell' | 'pwsh' or an absolute path to bash.exe/sh.exe/pwsh.exe/powershell.exe`);
  }
}
function repoRoot() {
  const here = path6.dirname(fileURLToPath3(import.meta.url));
  return path6.resolve(here, "..", "..");
}
var nodeArchToDir = { x64: "x64", arm64: "arm64" };
var VENDORED_SRT_WIN_EXE = path6.join(repoRoot(), "vendor", "srt-win", nodeArchToDir[process.arch] ?? process.arch, "srt-win.exe");
var SRT_WIN_DISPATCH_ARG1 = "--srt-win";
function resolveSrtWin(cfg) {
  if (cfg?.path === void 0) {
    throw new WindowsSandboxError("srt_win_not_found", `no srt-win path configured; set windows.srtWin.path (e.g. to the exported VENDORED_SRT_WIN_EXE constant for the packaged binary)`);
  }
  if (!fs8.existsSync(cfg.path)) {
    throw new WindowsSandboxError("srt_win_not_found", `windows.srtWin.path is set to '${cfg.path}' but the file does not exist`);
  }
  return { exe: cfg.path, prependArgs: [SRT_WIN_DISPATCH_ARG1] };
}
function runSrtWin(args, opts = {}) {
  const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
  const r = spawnSync3(exe, [...prependArgs, ...args], {
    encoding: "utf8",
    windowsHide: true,
    timeout: opts.timeoutMs ?? 15e3,
    ...opts.stdin !== void 0 ? { input: opts.stdin } : {}
  });
  if (r.error) {
    if (r.error.code === "ETIMEDOUT") {
      throw new WindowsSandboxError("srt_win_timeout", `srt-win ${args.join(" ")} timed out after ${opts.timeoutMs ?? 15e3}ms` + (r.signal ? ` (killed by ${r.signal})` : ""), args[0]);
    }
    throw new WindowsSandboxError("spawn_failed", `srt-win ${args[0]}: spawn failed: ${r.error.message}`, args[0]);
  }
  throwIfRefusedBesideOthers(args, r.status, r.stdout ?? "");
  return {
    status: r.status,
    signal: r.signal,
    stdout: (r.stdout ?? "").trim(),
    stderr: (r.stderr ?? "").trim()
  };
}
var SRT_WIN_EXIT_PROFILE_BUSY = 25;
var SRT_WIN_EXIT_HELD_BY_OTHERS = 22;
var SRT_WIN_EXIT_GRANT_BLOCKED = 24;
function describeWindowsHolder(h) {
  const who = `process ${String(h.pid)}`;
  const at = String(h.path);
  switch (h.kind) {
    case "profile":
      return `${who} is a sandbox session or command`;
    case "kept_root":
      return `${who} runs on the kept write grant on ${at}`;
    case "grant":
      return `${who} holds a session grant on ${at}`;
    case "deny":
    case "deny_fdc":
    case "deny_delete":
    case "deny_satisfied":
      return `${who} holds a session deny on ${at}`;
    default:
      return `${who} holds ${String(h.kind)} on ${at}`;
  }
}
function describeWindowsHolders(stdout) {
  let held = [];
  try {
    const parsed = JSON.parse(stdout);
    if (Array.isArray(parsed.held_by))
      held = parsed.held_by;
  } catch {
  }
  const said = held.slice(0, 8).map(describeWindowsHolder);
  if (held.length > said.length) {
    said.push(`${held.length - said.length} more`);
  }
  return said.join("; ");
}
function throwIfRefusedBesideOthers(args, status, stdout) {
  if (status === SRT_WIN_EXIT_PROFILE_BUSY) {
    throw new WindowsSandboxError("profile_operation_in_progress", `The read grant on your user profile is being written or removed right now (srt-win profile grant / profile forget). Nothing in the sandbox can start until that is done; try again when it has finished.`, args[0]);
  }
  if (status !== SRT_WIN_EXIT_HELD_BY_OTHERS && status !== SRT_WIN_EXIT_GRANT_BLOCKED) {
    return;
  }
  const what = describeWindowsHolders(stdout);
  const who = what ? ` (${what})` : "";
  if (status === SRT_WIN_EXIT_GRANT_BLOCKED) {
    throw new WindowsSandboxError("profile_grant_blocked_by_session", `The read grant on your user profile was not changed: sandbox sessions or commands are running${who}, and the grant is written only while none is, so that no session sees it change. What was granted before is as it was. End them and run it again.`, args[0]);
  }
  throw new WindowsSandboxError("kept_grants_in_use", `srt-win ${args.slice(0, 2).join(" ")} removed nothing: sandbox sessions or commands are running${who}, and what they run on is not taken from under them. End them and run it again.`, args[0]);
}
function runSrtWinAsync(args, opts = {}) {
  const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
  const timeoutMs = opts.timeoutMs ?? 15e3;
  return new Promise((resolve6, reject) => {
    const child = spawn4(exe, [...prependArgs, ...args], {
      windowsHide: true
    });
    let timedOut = false;
    const timer = timeoutMs > 0 ? setTimeout(() => {
      timedOut = true;
      child.kill();
    }, timeoutMs) : void 0;
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d) => stdout += d);
    child.stderr?.setEncoding("utf8").on("data", (d) => stderr += d);
    child.stdin?.on("error", () => {
    }).end(opts.stdin);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new WindowsSandboxError("spawn_failed", `srt-win ${args[0]}: spawn failed: ${e.message}`, args[0]));
    });
    child.once("close", (status, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new WindowsSandboxError("srt_win_timeout", `srt-win ${args.join(" ")} timed out after ${timeoutMs}ms` + (signal ? ` (killed by ${signal})` : ""), args[0]));
        return;
      }
      try {
        throwIfRefusedBesideOthers(args, status, stdout);
      } catch (e) {
        reject(e);
        return;
      }
      resolve6({ status, signal, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}
function parseSrtWinJson(args, r) {
  if (r.status !== 0) {
    throw new WindowsSandboxError("srt_win_nonzero", `srt-win ${args.join(" ")} exited ${r.status}: ${r.stderr || r.stdout}`, args[0]);
  }
  try {
    return JSON.parse(r.stdout);
  } catch (e) {
    throw new WindowsSandboxError("srt_win_bad_json", `srt-win ${args.join(" ")}: unparseable JSON output ${JSON.stringify(r.stdout)}: ${e.message}`, args[0]);
  }
}
function runSrtWinJson(args, opts) {
  return parseSrtWinJson(args, runSrtWin(args, opts));
}
async function runSrtWinJsonAsync(args, opts) {
  return parseSrtWinJson(args, await runSrtWinAsync(args, opts));
}
function runSrtWinJsonAllowFail(args, opts) {
  const r = runSrtWin(args, opts);
  let json;
  try {
    json = JSON.parse(r.stdout);
  } catch (e) {
    throw new WindowsSandboxError("srt_win_bad_json", `srt-win ${args.join(" ")}: unparseable JSON output ${JSON.stringify(r.stdout)}: ${e.message}`, args[0]);
  }
  return { ok: r.status === 0, json, stderr: r.stderr };
}
function wfpStatusArgs(sublayerGuid) {
  const args = ["wfp", "status"];
  if (sublayerGuid)
    args.push("--sublayer-guid", sublayerGuid);
  return args;
}
function mapWfpStatus(raw) {
  return {
    state: raw.state,
    filters: raw.filters,
    ...raw.port_range && { portRange: raw.port_range },
    allowLoopback: raw.allow_loopback === true,
    ...raw.user_sid && { userSid: raw.user_sid },
    ...raw.hint && { hint: raw.hint }
  };
}
var WINDOWS_SRT_WIN_CAPABILITIES = {
  /**
   * A read deny handed to `srt-win` is also written on every recorded
   * path of the profile read grant beneath it that carries an allow
   * of its own.
   */
  profileDenyExpansion: "profile-deny-expansion",
  /**
   * Sessions are recorded as holders of the kept grants they run on,
   * and `acl forget` / `profile forget` take
   * `--unless-held-by-others`.
   */
  keptGrantHolders: "kept-grant-holders",
  /**
   * `acl grant` itself refuses a path that reaches an exclusion
   * recorded with the profile read grant.
   */
  profileSessionGrantCheck: "profile-session-grant-check",
  /**
   * That expansion leaves out the recorded paths the session allows
   * more specifically: the grants of the same `acl grant` call, and
   * the ones a command names with `--deny-read-except`.
   */
  readDenyExcept: "read-deny-except",
  /**
   * A session under the write-restricted token is recorded as a
   * holder of the profile read grant from its start, and `exec` is
   * told which session holds for it (`--held-by`) or holds for itself.
   */
  execHolder: "exec-holder",
  /**
   * `profile retry-stale` tries again to revoke what the last run could
   * not, and `profile status` says which operation wrote the record and
   * whether it is this profile's.
   */
  profileRetryStale: "profile-retry-stale"
};
function missingWindowsSrtWinCapability(capabilities) {
  return Object.values(WINDOWS_SRT_WIN_CAPABILITIES).find((c) => !capabilities.includes(c));
}
function capabilityList(v) {
  return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
}
function windowsSrtWinOutdatedError(capability, why) {
  return new WindowsSandboxError("srt_win_outdated", `The srt-win in use is older than this library: it does not report the capability '${capability}', which ${why}. Update srt-win (the one shipped with the program embedding this library, or the package's own) to a build that matches the library. Nothing was granted.`);
}
var SECLOGON_STATES = [
  "ok",
  "disabled",
  "missing",
  "cannot-read"
];
function mapUserStatus(raw) {
  return {
    provisioned: raw.user.exists,
    ...raw.user.sid && { sid: raw.user.sid },
    groupExists: raw.user.group_exists,
    ...raw.user.group_sid && { groupSid: raw.user.group_sid },
    inBuiltinUsers: raw.user.in_builtin_users,
    inSandboxGroup: raw.user.in_sandbox_group,
    hiddenFromLogon: raw.user.hidden_from_logon,
    credPresent: raw.cred_present,
    ...typeof raw.marker_version === "number" && {
      markerVersion: raw.marker_version
    },
    ...typeof raw.setup_version === "number" && {
      setupVersion: raw.setup_version
    },
    realUserSid: raw.real_user_sid,
    ...raw.ca_cert_thumb && { caCertThumb: raw.ca_cert_thumb },
    ...raw.ca_cert_pem && { caCertPem: raw.ca_cert_pem },
    ...raw.seclogon !== void 0 && SECLOGON_STATES.includes(raw.seclogon) && {
      seclogon: raw.seclogon
    },
    // Anything but an explicit "none" counts: a state this code does
    // not know must not read as "no grants".
    ...raw.persistent_grants && raw.persistent_grants.state !== "none" && {
      persistentGrants: {
        state: raw.persistent_grants.state === "present" ? "present" : "unknown",
        roots: raw.persistent_grants.roots ?? [],
        ...raw.persistent_grants.reason && {
          reason: raw.persistent_grants.reason
        }
      }
    },
    ...typeof raw.session_user_sid === "string" && raw.session_user_sid !== "" && {
      sessionUserSid: raw.session_user_sid
    },
    capabilities: capabilityList(raw.capabilities),
    // As above: only an explicit "none" is no grant.
    ...raw.profile_grant && raw.profile_grant.state !== "none" && {
      profileGrant: {
        state: raw.profile_grant.state === "present" ? "present" : "unknown",
        ...raw.profile_grant.reason && {
          reason: raw.profile_grant.reason
        }
      }
    }
  };
}
function seclogonDisabledMessage(state) {
  return state === "missing" ? `The Windows Secondary Logon service (seclogon) is not present on this machine; the sandbox cannot start without it.` : `The Windows Secondary Logon service (seclogon) is disabled; an administrator must set its startup type to Manual (\`sc.exe config seclogon start= demand\`). The sandbox cannot start without it.`;
}
var SRT_WIN_EXIT_SECLOGON_DISABLED = 18;
function seclogonDisabledFrom(r, subcommand) {
  if (r.status !== SRT_WIN_EXIT_SECLOGON_DISABLED)
    return void 0;
  const e = parseSrtWinLaunchError(r.stderr, subcommand);
  return e?.code === "seclogon_disabled" ? e : void 0;
}
function getWindowsWfpStatus(opts = {}) {
  return mapWfpStatus(runSrtWinJson(wfpStatusArgs(opts.sublayerGuid), {
    srtWin: opts.srtWin
  }));
}
async function getWindowsWfpStatusAsync(opts = {}) {
  return mapWfpStatus(await runSrtWinJsonAsync(wfpStatusArgs(opts.sublayerGuid), {
    srtWin: opts.srtWin
  }));
}
function windowsInstallFlags(ctx, force) {
  const [lo, hi] = ctx.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE;
  const [defLo, defHi] = DEFAULT_WINDOWS_PROXY_PORT_RANGE;
  return (ctx.sublayerGuid ? ` --sublayer-guid ${ctx.sublayerGuid}` : "") + (lo !== defLo || hi !== defHi ? ` --proxy-port-range ${lo}-${hi}` : "") + (ctx.sandboxUser && ctx.sandboxUser !== "srt-sandbox" ? ` --sandbox-user ${ctx.sandboxUser}` : "") + (ctx.allowLoopback ? ` --allow-loopback` : "") + (force ? ` --force` : "");
}
var WINDOWS_INSTALL_COMMAND = "npx @anthropic-ai/sandbox-runtime windows-install";
function windowsInstallCommand(ctx, force) {
  return WINDOWS_INSTALL_COMMAND + windowsInstallFlags(ctx, force);
}
function rejectsAllowLoopback(r) {
  return /unexpected argument '--allow-loopback'/.test(r.stderr);
}
function srtWinTooOld(stderr) {
  return new WindowsSandboxError("srt_win_too_old", `srt-win is too old for network.allowLocalBinding: it does not know \`--allow-loopback\`. Update srt-win (and re-run the install with it), or unset network.allowLocalBinding. (${stderr.trim()})`);
}
var WFP_RESIDUAL_TEXT = {
  "anonymous-egress": "a connect to an off-loopback destination made while impersonating the anonymous token is not blocked (no filter is keyed on that token; a sandboxed process that puts it on a thread before creating a socket is not fenced)",
  "anonymous-loopback": "a connect to a loopback destination made while impersonating the anonymous token is not blocked (local listeners outside the proxy port range are reachable that way)",
  "deny-only-user-sid": "a connect made under a copy of the sandbox token whose user SID is deny-only is not blocked (the filters cannot match that token)",
  "lowered-integrity-unprobed": "a lowered-integrity copy of the sandbox token could not be set up on this machine, so no connect under it was observed"
};
function isWfpResidual(s) {
  return Object.prototype.hasOwnProperty.call(WFP_RESIDUAL_TEXT, s);
}
function interpretWindowsWfpVerify(r, install = {}) {
  let raw;
  try {
    raw = JSON.parse(r.stdout);
  } catch {
    if (rejectsAllowLoopback(r))
      throw srtWinTooOld(r.stderr);
    throw new WindowsSandboxError("wfp_verify_unparseable", `WFP egress fence could not be verified \u2014 \`srt-win wfp verify\` exited ${r.status}` + (r.signal ? ` (signal ${r.signal})` : "") + ` with unparseable output ${JSON.stringify(r.stdout)} (stderr: ${JSON.stringify(r.stderr)})`);
  }
  const outcome = (v) => v ?? "skipped";
  const probes = {
    plain: outcome(raw.egress_probe),
    anonymous: outcome(raw.anonymous_probe),
    anonymousLoopback: outcome(raw.anonymous_loopback_probe),
    denyOnly: outcome(raw.deny_only_probe),
    lowIntegrity: outcome(raw.low_integrity_probe),
    lowIntegrityLoopback: outcome(raw.low_integrity_loopback_probe),
    untrustedIntegrity: outcome(raw.untrusted_integrity_probe),
    untrustedIntegrityLoopback: outcome(raw.untrusted_integrity_loopback_probe),
    ...raw.allow_loopback && {
      openLoopback: outcome(raw.open_loopback_probe)
    }
  };
  const offLoopback = raw.anonymous_target ?? "no target";
  const blockedTarget = raw.egress_target ?? raw.target;
  const summary = `plain=${probes.plain} (${blockedTarget}), anonymous=${probes.anonymous} (${offLoopback}), anonymous-loopback=${probes.anonymousLoopback}, deny-only=${probes.denyOnly}, low-integrity=${probes.lowIntegrity} (${offLoopback}), low-integrity-loopback=${probes.lowIntegrityLoopback}, untrusted-integrity=${probes.untrustedIntegrity} (${offLoopback}), untrusted-integrity-loopback=${probes.untrustedIntegrityLoopback}` + (raw.allow_loopback ? `, open-loopback=${probes.openLoopback} (${raw.target})` : "");
  const session = {
    ...install,
    allowLoopback: raw.allow_loopback ?? install.allowLoopback
  };
  if (r.status === 19 || raw.allow_loopback_mismatch) {
    throw new WindowsSandboxError("wfp_loopback_mismatch", `WFP egress fence does not match network.allowLocalBinding \u2014 ` + (raw.hint ?? "the installed filter set has a different loopback mode") + `. Through this package: \`` + windowsInstallCommand(session, true) + `\`.`);
  }
  const lowIl = "the sandbox user under a low-integrity copy of its token";
  const untrustedIl = "the sandbox user under an untrusted-integrity copy of its token";
  const which = [
    [probes.plain, "the sandbox user", blockedTarget],
    [probes.lowIntegrity, lowIl, raw.anonymous_target],
    [probes.lowIntegrityLoopback, lowIl, blockedTarget],
    [probes.untrustedIntegrity, untrustedIl, raw.anonymous_target],
    [probes.untrustedIntegrityLoopback, untrustedIl, blockedTarget]
  ].filter(([o]) => o === "connected" || o === "refused").map(([, who, tgt]) => `direct outbound from ${who} to ${tgt}`);
  if (raw.allow_loopback && probes.plain === "unreachable") {
    which.push(`direct outbound from the sandbox user to ${blockedTarget} (no answer where the filter must refuse at once)`);
  }
  if (r.status === 3 || which.length > 0) {
    throw new WindowsSandboxError("wfp_fence_inactive", `WFP egress fence is not active \u2014 ${which.join(" and ") || "a direct outbound connect"} was not blocked [${summary}]. Re-run \`` + windowsInstallCommand(session, false) + `\` (one UAC prompt). (${r.stderr})`);
  }
  if (r.status !== 0) {
    throw new WindowsSandboxError("wfp_verify_inconclusive", `WFP egress fence could not be verified \u2014 probe to ${blockedTarget} was '${raw.egress_probe}' (exit ${r.status}) [${summary}]. The fence may be absent. Re-run \`srt-win install\`. (${r.stderr})`);
  }
  if (raw.egress_probe !== "blocked") {
    throw new WindowsSandboxError("wfp_verify_inconclusive", `WFP egress fence could not be verified \u2014 \`srt-win wfp verify\` exited 0 but reported the plain attempt as '${raw.egress_probe ?? "missing"}' [${summary}]. (${r.stderr})`);
  }
  const residuals = (raw.residuals ?? []).filter(isWfpResidual);
  const warnings = residuals.map((x) => `WFP egress fence residual '${x}': ${WFP_RESIDUAL_TEXT[x]}`);
  if (probes.lowIntegrity === "skipped" || probes.untrustedIntegrity === "skipped") {
    warnings.push(`WFP egress fence: the off-loopback lowered-integrity attempts were skipped (no off-loopback address on this machine, or an srt-win that does not make them)`);
  }
  if (raw.allow_loopback)
    warnings.push(WINDOWS_ALLOW_LOOPBACK_EFFECT);
  return { target: raw.target, stderr: r.stderr, probes, residuals, warnings };
}
async function verifyWindowsWfpEgress(opts = {}) {
  let target = opts.target;
  let server;
  if (!target) {
    const [lo, hi] = opts.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE;
    for (let i = 0; i < 5; i++) {
      const s = net.createServer((c) => c.on("error", () => {
      }).destroy());
      s.listen(0, "127.0.0.1");
      await once(s, "listening");
      const p = s.address().port;
      if (p < lo || p > hi) {
        server = s;
        target = `127.0.0.1:${p}`;
        break;
      }
      s.close();
    }
    if (!target) {
      throw new WindowsSandboxError("wfp_verify_bind_failed", `verifyWindowsWfpEgress: could not bind a loopback listener outside the WFP permit range [${lo},${hi}] in 5 attempts`);
    }
  }
  const args = ["wfp", "verify", "--target", target];
  if (opts.anonymousEgress)
    args.push("--anonymous-egress");
  if (opts.allowLoopback)
    args.push("--allow-loopback");
  args.push("--write-restricted-token");
  for (const r of opts.writeRoots ?? [])
    args.push("--write-root", r);
  try {
    const r = await runSrtWinAsync(args, {
      timeoutMs: 3e4,
      srtWin: opts.srtWin
    });
    logForDebugging(`[Sandbox Windows] wfp verify exit=${r.status}: ${r.stderr || r.stdout}`);
    const seclogon = seclogonDisabledFrom(r, "wfp");
    if (seclogon)
      throw seclogon;
    const result = interpretWindowsWfpVerify(r, {
      sublayerGuid: opts.sublayerGuid,
      proxyPortRange: opts.proxyPortRange,
      sandboxUser: opts.sandboxUser,
      allowLoopback: opts.allowLoopback
    });
    for (const w of result.warnings) {
      logForDebugging(`[Sandbox Windows] ${w}`, { level: "warn" });
    }
    return result;
  } finally {
    server?.close();
  }
}
function getWindowsSandboxUserStatus(opts = {}) {
  return mapUserStatus(runSrtWinJson(["user", "status"], { srtWin: opts.srtWin }));
}
async function getWindowsSandboxUserStatusAsync(opts = {}) {
  return mapUserStatus(await runSrtWinJsonAsync(["user", "status"], {
    srtWin: opts.srtWin
  }));
}
async function windowsTrustCaAsync(caCertPath, opts = {}) {
  const r = await runSrtWinAsync(["user", "trust-ca", caCertPath], {
    timeoutMs: 6e4,
    srtWin: opts.srtWin
  });
  checkTrustCaResult(caCertPath, r);
}
function checkTrustCaResult(caCertPath, r) {
  logForDebugging(`[Sandbox Windows] user trust-ca exit=${r.status}: ${r.stderr || r.stdout}`);
  const seclogon = seclogonDisabledFrom(r, "user");
  if (seclogon)
    throw seclogon;
  if (r.status !== 0) {
    throw new WindowsSandboxError("trust_ca_failed", `srt-win user trust-ca '${caCertPath}' failed (exit ${r.status}): ${r.stderr || r.stdout}`);
  }
}
function windowsStateDir() {
  const programData = process.env.ProgramData;
  if (!programData)
    throw new Error("ProgramData is not set");
  return path6.win32.join(programData, "sandbox-runtime");
}
async function ensurePersistentWindowsCa(opts = {}) {
  const status = opts.status ?? await getWindowsSandboxUserStatusAsync({ srtWin: opts.srtWin });
  if (!status.provisioned || !status.credPresent) {
    throw new Error(`ensurePersistentWindowsCa: sandbox user is not provisioned (user=${status.provisioned}, cred=${status.credPresent}). Run \`${WINDOWS_INSTALL_COMMAND}\` first.`);
  }
  const stateDir = opts.dir ? void 0 : windowsStateDir();
  if (stateDir && !fs8.existsSync(stateDir)) {
    throw new Error(`ensurePersistentWindowsCa: state directory ${stateDir} does not exist. Run \`${WINDOWS_INSTALL_COMMAND}\` first.`);
  }
  const dir = opts.dir ?? path6.win32.join(stateDir, "ca");
  const jsonPath = path6.join(dir, "ca.json");
  const certPath = path6.join(dir, "cert.pem");
  const keyPath = path6.join(dir, "key.pem");
  const horizonMs = (opts.regenerateWithinDays ?? 30) * 24 * 60 * 60 * 1e3;
  const atomicWrite = (p, data) => {
    const tmp = `${p}.tmp.${process.pid}`;
    fs8.writeFileSync(tmp, data);
    fs8.renameSync(tmp, p);
  };
  const finish2 = async (certPem2, keyPem2, thumbprint2, generated) => {
    atomicWrite(certPath, certPem2);
    atomicWrite(keyPath, keyPem2);
    const trusted = generated || status.caCertThumb !== thumbprint2;
    if (trusted) {
      const t = path6.join(dir, `.trust.${process.pid}.${Date.now()}.pem`);
      fs8.writeFileSync(t, certPem2);
      try {
        await windowsTrustCaAsync(t, { srtWin: opts.srtWin });
      } finally {
        fs8.rmSync(t, { force: true });
      }
    }
    logForDebugging(`[Sandbox Windows] persistent CA ${generated ? "generated" : "reused"} (thumb=${thumbprint2}${trusted && !generated ? ", trust reconciled" : ""})`);
    return {
      certPem: certPem2,
      keyPem: keyPem2,
      certPath,
      keyPath,
      thumbprint: thumbprint2,
      generated,
      trusted
    };
  };
  const readValid = () => {
    let stored;
    try {
      stored = JSON.parse(fs8.readFileSync(jsonPath, "utf8"));
    } catch (err) {
      logForDebugging(`[Sandbox Windows] persistent CA ca.json unreadable (${err.message})`, { level: "warn" });
      return void 0;
    }
    if (typeof stored.certPem !== "string" || typeof stored.keyPem !== "string")
      return void 0;
    const v = validateCaPair(stored.certPem, stored.keyPem);
    if (!v.ok) {
      logForDebugging(`[Sandbox Windows] persistent CA invalid (${v.reason})`, {
        level: "warn"
      });
      return void 0;
    }
    return {
      certPem: stored.certPem,
      keyPem: stored.keyPem,
      thumbprint: v.thumbprint,
      notAfter: v.notAfter
    };
  };
  if (!opts.force) {
    const on2 = readValid();
    if (on2 && on2.notAfter.getTime() - Date.now() > horizonMs) {
      return await finish2(on2.certPem, on2.keyPem, on2.thumbprint, false);
    }
    if (on2) {
      logForDebugging(`[Sandbox Windows] persistent CA expiring ${on2.notAfter.toISOString()}; regenerating`, { level: "warn" });
    }
  }
  fs8.mkdirSync(dir, { recursive: true });
  try {
    const cutoff = Date.now() - 5 * 60 * 1e3;
    for (const f of fs8.readdirSync(dir)) {
      if (!f.includes(".tmp.") && !f.startsWith(".trust."))
        continue;
      const p = path6.join(dir, f);
      if (fs8.statSync(p).mtimeMs < cutoff)
        fs8.rmSync(p, { force: true });
    }
  } catch {
  }
  const gen = generateCa({ cn: "sandbox-runtime persistent CA" });
  atomicWrite(jsonPath, JSON.stringify({ certPem: gen.certPem, keyPem: gen.keyPem }));
  const on = readValid();
  const { certPem, keyPem, thumbprint } = on ?? {
    certPem: gen.certPem,
    keyPem: gen.keyPem,
    thumbprint: certThumbprint(gen.certPem)
  };
  return await finish2(certPem, keyPem, thumbprint, true);
}
function expandWindowsFsPaths(patterns, opts) {
  const out = /* @__PURE__ */ new Set();
  for (const entry of patterns) {
    const marked = typeof entry !== "string";
    const raw = marked ? markedLiteralPath(entry) : entry;
    const norm = normalizePathForSandbox(raw, marked ? { literal: true } : void 0);
    if (marked && containsGlobCharsWin(norm)) {
      logForDebugging(`[Sandbox Windows] Skipping a literal path that no file can have: ${norm}`, { level: "warn" });
      continue;
    }
    const isGlob = !marked && containsGlobCharsWin(norm);
    if (isUncPath(norm) && !isGlob) {
      out.add(norm);
      continue;
    }
    const candidates = isGlob ? [
      ...expandGlobPattern(norm, { caseInsensitive: true }),
      ...literalReadings(raw, opts?.mode === "deny" ? "deny" : "allow", {
        isPattern: containsGlobCharsWin
      }).flatMap((reading) => reading.glob ? expandGlobPattern(reading.path, {
        caseInsensitive: true,
        anchor: reading.anchor
      }) : [])
    ] : [norm];
    for (const c of candidates) {
      const st = fs8.statSync(c, { throwIfNoEntry: false });
      if (!st) {
        if (opts?.mode === "deny" && !isGlob) {
          out.add(/[\\/]$/.test(raw) && !/[\\/]$/.test(c) ? c + "\\" : c);
        }
        continue;
      }
      out.add(c);
    }
  }
  return [...out];
}
function isUnprobedWindowsPath(p) {
  return isUncPath(p) || /^[\\/]{2}[?.][\\/](?![a-z]:)/i.test(p);
}
function isAbsentError(e) {
  const code = e?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
function resolveWindowsPath(p) {
  if (isUnprobedWindowsPath(p))
    return { state: "unprobed" };
  try {
    return { state: "resolved", path: fs8.realpathSync.native(p) };
  } catch (e) {
    return isAbsentError(e) ? { state: "absent" } : {
      state: "error",
      code: e?.code ?? "unknown"
    };
  }
}
function windowsPathKey(p) {
  return windowsPathKeyOf(p, resolveWindowsPath(p));
}
function windowsPathKeyOf(p, resolved) {
  return normalizeCaseForComparison(path6.win32.normalize(stripExtendedPathPrefix(resolved.state === "resolved" ? resolved.path : p)).replace(/\\/g, "/").replace(/\/+$/, ""));
}
function coveringWindowsPath(dirs) {
  const keys = dirs.map(windowsPathKey);
  return (p) => {
    if (keys.length === 0)
      return void 0;
    const key = windowsPathKey(p);
    const covering = keys.findIndex((dir) => isAtOrUnder(key, dir));
    return covering < 0 ? void 0 : dirs[covering];
  };
}
function windowsGrantsBeneathDenies(grants, denies) {
  if (grants.length === 0 || denies.length === 0)
    return [];
  const denyKeys = denies.map(windowsPathKey);
  const keyed = grants.map((g) => ({ path: g, key: windowsPathKey(g) }));
  const out = /* @__PURE__ */ new Map();
  for (const d of denyKeys) {
    const beneath = keyed.filter((g) => g.key !== d && isAtOrUnder(g.key, d));
    for (const g of beneath) {
      const covered = beneath.some((other) => other.key !== g.key && isAtOrUnder(g.key, other.key));
      if (!covered && !out.has(g.key))
        out.set(g.key, g.path);
    }
  }
  return [...out.values()];
}
function rankWindowsFsAccess(lists) {
  const credentialDenyOver = coveringWindowsPath(lists.credentialDeny);
  const writeDenyOver = coveringWindowsPath(lists.denyWrite);
  const grantRead = /* @__PURE__ */ new Set();
  const grantWrite = /* @__PURE__ */ new Set();
  const rank = (list, p) => {
    const credentialDeny = credentialDenyOver(p);
    const writeDeny = list === "allowWrite" ? writeDenyOver(p) : void 0;
    if (credentialDeny === void 0 && writeDeny === void 0) {
      const grants = list === "allowRead" ? grantRead : grantWrite;
      grants.add(p);
      return;
    }
    if (credentialDeny === void 0)
      grantRead.add(p);
    logForDebugging(`[Sandbox Windows] ${list} ${p} is at or beneath ` + (credentialDeny !== void 0 ? `the credential file entry ${credentialDeny}: not granted` : `denyWrite ${writeDeny}: granted read only`), { level: "warn" });
  };
  for (const p of lists.allowRead)
    rank("allowRead", p);
  for (const p of lists.allowWrite)
    rank("allowWrite", p);
  const heldRead = lists.held?.grantRead ?? [];
  const heldWrite = lists.held?.grantWrite ?? [];
  return {
    grantRead: [...grantRead],
    grantWrite: [...grantWrite],
    denyRead: [
      .../* @__PURE__ */ new Set([
        ...lists.denyRead,
        ...lists.credentialDeny,
        ...[...heldRead, ...heldWrite].filter((p) => credentialDenyOver(p) !== void 0)
      ])
    ],
    denyWrite: [
      .../* @__PURE__ */ new Set([
        ...lists.denyWrite,
        ...heldWrite.filter((p) => writeDenyOver(p) !== void 0)
      ])
    ]
  };
}
function parseSrtWinLaunchError(stderr, subcommand) {
  for (const line of stderr.split(/\r?\n/)) {
    const t = line.trim();
    if (!t.startsWith("{") || !t.includes('"code"'))
      continue;
    try {
      const j = JSON.parse(t);
      if (j.code === "profile_operation_in_progress") {
        return new WindowsSandboxError("profile_operation_in_progress", j.message ?? "a profile grant or forget is in progress", "exec");
      }
      if (j.code === "session_ended") {
        return new WindowsSandboxError("session_ended", j.message ?? "the session that started this command ended; the command was terminated", "exec");
      }
      if (j.code === "mapped_drive_cwd") {
        return Object.assign(new WindowsSandboxError("mapped_drive_cwd", j.message ?? "mapped/network-drive working directory", subcommand), { drive: j.drive });
      }
      if (j.code === "wfp_loopback_mismatch") {
        return new WindowsSandboxError("wfp_loopback_mismatch", j.message ?? "the installed loopback mode is not this session's", "exec");
      }
      if (j.code === "seclogon_disabled") {
        const state = j.state === "missing" ? "missing" : "disabled";
        return Object.assign(new WindowsSandboxError("seclogon_disabled", j.message ?? seclogonDisabledMessage(state), subcommand), { state });
      }
    } catch {
    }
  }
  return void 0;
}
var WINDOWS_ACL_GRANT_RELEASED_STATUSES = /* @__PURE__ */ new Set([
  "revoked",
  "stillHeld",
  "downgraded",
  "relocated",
  "noRow",
  "gone",
  "missing"
]);
function windowsAclGrantReleased(o) {
  if (typeof o !== "object" || o === null)
    return false;
  const { path: p, status } = o;
  if (typeof p !== "string" || typeof status !== "string")
    return false;
  if (!WINDOWS_ACL_GRANT_RELEASED_STATUSES.has(status))
    return false;
  if (status !== "missing")
    return true;
  try {
    fs8.lstatSync(p);
    return false;
  } catch (e) {
    return e.code === "ENOENT";
  }
}
function restoreWindowsAcl(opts) {
  const holder = opts.holderPid ?? process.pid;
  try {
    const r = runSrtWinJsonAllowFail([
      "acl",
      "restore",
      "--holder-pid",
      `${holder}`,
      "--sandbox-user-sid",
      opts.sandboxUserSid,
      "--json"
    ], { timeoutMs: 6e4, srtWin: opts.srtWin });
    if (!r.ok) {
      logForDebugging(`[Sandbox Windows] acl restore exited non-zero (per-path outcomes preserved): ${r.stderr}`, { level: "error" });
    }
    return Array.isArray(r.json) ? r.json : [...r.json.paths ?? [], ...r.json.parents ?? []];
  } catch (e) {
    logForDebugging(`[Sandbox Windows] acl restore: ${e.message}`, {
      level: "error"
    });
    return void 0;
  }
}
function allowProfileExclusionArgs(opts) {
  return (opts.allowProfileExclusions ?? []).flatMap((p) => [
    "--allow-profile-exclusion",
    p
  ]);
}
async function grantWindowsAclPersistent(opts) {
  const holder = opts.holderPid ?? process.pid;
  const stdin = JSON.stringify({
    read: opts.read,
    write: opts.write,
    denyRead: opts.denyRead,
    denyWrite: opts.denyWrite
  });
  const r = await runSrtWinAsync(
    [
      "acl",
      "grant",
      "--holder-pid",
      `${holder}`,
      "--sandbox-user-sid",
      opts.sandboxUserSid,
      "--persistent",
      ...allowProfileExclusionArgs(opts)
    ],
    // A root's first grant walks its whole tree.
    { timeoutMs: 6e5, stdin, srtWin: opts.srtWin }
  );
  logForDebugging(`[Sandbox Windows] acl grant --persistent exit=${r.status}: ${r.stderr || r.stdout}`);
  if (r.status !== 0) {
    throw new WindowsSandboxError("acl_grant_failed", `srt-win acl grant --persistent exited ${r.status} ` + (r.status === 2 ? "(partial \u2014 some inputs skipped)" : "(failed)") + `: ${r.stderr || r.stdout}`);
  }
}
function revokeWindowsAclChecked(opts) {
  const holder = opts.holderPid ?? process.pid;
  let result;
  try {
    const r = runSrtWinJsonAllowFail([
      "acl",
      "revoke",
      "--holder-pid",
      `${holder}`,
      "--sandbox-user-sid",
      opts.sandboxUserSid,
      "--json"
    ], { timeoutMs: 6e4, srtWin: opts.srtWin });
    if (!r.ok) {
      logForDebugging(`[Sandbox Windows] acl revoke exited non-zero: ${r.stderr}`, { level: "error" });
    }
    result = windowsAclRevokeResult(r.ok, r.json, r.stderr);
  } catch (e) {
    const detail = e.message;
    logForDebugging(`[Sandbox Windows] acl revoke: ${detail}`, {
      level: "error"
    });
    result = { complete: false, outcomes: void 0, pending: [], detail };
  }
  return result;
}
function windowsAclRevokeResult(exitedZero, json, stderr) {
  const outcomes = Array.isArray(json) ? json : void 0;
  const unreleased = (outcomes ?? []).filter((o) => !windowsAclGrantReleased(o));
  return {
    complete: exitedZero && outcomes !== void 0 && unreleased.length === 0,
    outcomes,
    pending: unreleased.map((o) => String(o?.path)),
    detail: stderr.trim() || void 0
  };
}
var PROFILE_GRANT_STATES = /* @__PURE__ */ new Set([
  "none",
  "current",
  "outdated",
  "incomplete",
  "unknown"
]);
var PROFILE_PATH_KINDS = /* @__PURE__ */ new Set([
  "container",
  "granted",
  "file",
  "denied"
]);
var WINDOWS_PROFILE_READ_ENV_VARS = [
  "NPM_CONFIG_USERCONFIG",
  "GIT_CONFIG_GLOBAL",
  "PIP_CONFIG_FILE",
  "MAVEN_ARGS",
  "RUSTUP_HOME",
  "CARGO_HOME"
];
var WINDOWS_PROFILE_RECORD_VERSION = 1;
var WINDOWS_PROFILE_NARROWING_LIST_VERSIONS = { from: 3, to: 4 };
function windowsProfileGrantRefreshable(status) {
  const { listVersion: list, recordedListVersion: recorded } = status;
  const { from, to } = WINDOWS_PROFILE_NARROWING_LIST_VERSIONS;
  if (list === void 0 || recorded === void 0 || !status.sameProfile) {
    return false;
  }
  if (recorded < from || recorded > list || list > to)
    return false;
  if (status.state === "outdated")
    return recorded < list;
  return status.state === "incomplete" && status.lastOperation === "grant";
}
function stringList(v) {
  return Array.isArray(v) && v.every((x) => typeof x === "string" && x !== "") ? v : void 0;
}
function profileStatusProblem(raw) {
  if (raw.record_version !== WINDOWS_PROFILE_RECORD_VERSION) {
    return `srt-win reports record format ${JSON.stringify(raw.record_version)}; this library reads format ${WINDOWS_PROFILE_RECORD_VERSION}`;
  }
  const exclusions = stringList(raw.exclusions);
  if (!exclusions || exclusions.length === 0) {
    return "the recorded grant carries no list of excluded paths";
  }
  if (!stringList(raw.ungranted_only)) {
    return "the recorded grant carries no list of ungranted directories";
  }
  return void 0;
}
function mapProfileStatus(raw) {
  let state = PROFILE_GRANT_STATES.has(raw.state ?? "") ? raw.state : "unknown";
  let reason = raw.reason;
  const problem = state === "current" ? profileStatusProblem(raw) : void 0;
  if (problem) {
    state = "outdated";
    reason = problem;
  }
  const env = {};
  if (state === "current") {
    for (const name of WINDOWS_PROFILE_READ_ENV_VARS) {
      const v = raw.env?.[name];
      if (typeof v === "string" && v !== "")
        env[name] = v;
    }
  }
  return {
    state,
    ...reason && { reason },
    ...raw.profile && { profile: raw.profile },
    ...typeof raw.list_version === "number" && {
      listVersion: raw.list_version
    },
    ...typeof raw.recorded_list_version === "number" && {
      recordedListVersion: raw.recorded_list_version
    },
    ...(raw.last_operation === "grant" || raw.last_operation === "forget") && {
      lastOperation: raw.last_operation
    },
    sameProfile: raw.same_profile === true,
    capabilities: capabilityList(raw.capabilities),
    notGranted: grantItems(raw.not_granted),
    selfClosed: grantItems(raw.self_closed),
    unverifiable: grantItems(raw.unverifiable),
    unprotected: grantItems(raw.unprotected),
    staleAllow: grantItems(raw.stale_allow),
    replacedFiles: stringList(raw.replaced_files) ?? [],
    extraExclusions: raw.extra_exclusions ?? [],
    // Absent from what an srt-win without `--include` reports: read
    // as none added. Nothing a session checks depends on it.
    extraInclusions: stringList(raw.extra_inclusions) ?? [],
    exclusions: stringList(raw.exclusions) ?? [],
    ungrantedOnly: stringList(raw.ungranted_only) ?? [],
    inclusions: stringList(raw.inclusions) ?? [],
    counts: {
      containers: raw.containers ?? 0,
      granted: raw.granted ?? 0,
      files: raw.files ?? 0,
      denied: raw.denied ?? 0
    },
    env,
    ...raw.paths && {
      paths: raw.paths.filter((p) => typeof p.path === "string" && typeof p.kind === "string" && PROFILE_PATH_KINDS.has(p.kind))
    }
  };
}
function getWindowsProfileReadStatus(opts = {}) {
  const args = ["profile", "status"];
  if (opts.paths)
    args.push("--paths");
  const raw = runSrtWinJson(args, {
    timeoutMs: 3e4,
    srtWin: opts.srtWin
  });
  if (raw.state === "in_progress") {
    throwIfRefusedBesideOthers(args, SRT_WIN_EXIT_PROFILE_BUSY, "");
  }
  return mapProfileStatus(raw);
}
async function getWindowsProfileReadStatusAsync(opts = {}) {
  const args = ["profile", "status"];
  if (opts.paths)
    args.push("--paths");
  const raw = await runSrtWinJsonAsync(args, {
    timeoutMs: 3e4,
    srtWin: opts.srtWin
  });
  if (raw.state === "in_progress") {
    throwIfRefusedBesideOthers(args, SRT_WIN_EXIT_PROFILE_BUSY, "");
  }
  return mapProfileStatus(raw);
}
var PROFILE_GRANT_TIMEOUT_MS = 30 * 6e4;
var PROFILE_STALE_RETRY_BUDGET_MS = 3e3;
var PROFILE_STALE_RETRY_TIMEOUT_MS = 1e4;
function grantItems(v) {
  return Array.isArray(v) ? v.flatMap((i) => {
    const { path: p, reason } = i ?? {};
    if (typeof p !== "string")
      return [];
    const { caller_reads: reads, cause, protected_exclusion: protectedExclusion, entry } = i;
    return [
      {
        path: p,
        reason: typeof reason === "string" ? reason : "",
        ...(typeof reads === "boolean" || reads === "unknown") && {
          callerReads: reads
        },
        ...typeof cause === "string" && { cause },
        ...typeof protectedExclusion === "boolean" && {
          protectedExclusion
        },
        ...(entry === "explicit" || entry === "inherited") && { entry }
      }
    ];
  }) : [];
}
async function grantWindowsProfileRead(opts = {}) {
  const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
  const args = profileGrantArgs(opts);
  const timeoutMs = opts.timeoutMs ?? PROFILE_GRANT_TIMEOUT_MS;
  const r = await new Promise((resolve6, reject) => {
    const child = spawn4(exe, [...prependArgs, ...args], { windowsHide: true });
    let timedOut = false;
    const timer = timeoutMs > 0 ? setTimeout(() => {
      timedOut = true;
      child.kill();
    }, timeoutMs) : void 0;
    const abort = () => {
      child.kill();
    };
    if (opts.signal?.aborted)
      abort();
    opts.signal?.addEventListener("abort", abort, { once: true });
    let stdout = "";
    let stderr = "";
    let pending = "";
    child.stdout?.setEncoding("utf8").on("data", (d) => stdout += d);
    child.stderr?.setEncoding("utf8").on("data", (d) => {
      stderr += d;
      pending += d;
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.trim() !== "")
          opts.onProgress?.(line);
      }
    });
    child.stdin?.on("error", () => {
    }).end();
    child.once("error", (e) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", abort);
      reject(new WindowsSandboxError("spawn_failed", `srt-win profile: spawn failed: ${e.message}`, "profile"));
    });
    child.once("close", (status, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", abort);
      if (pending.trim() !== "")
        opts.onProgress?.(pending);
      if (opts.signal?.aborted) {
        reject(new WindowsSandboxError("srt_win_cancelled", `srt-win profile grant was cancelled; the grant is recorded as incomplete \u2014 run it again, or remove it with forgetWindowsProfileRead()`, "profile"));
        return;
      }
      if (timedOut) {
        reject(new WindowsSandboxError("srt_win_timeout", `srt-win profile grant timed out after ${timeoutMs}ms; the grant is recorded as incomplete \u2014 run it again, or remove it with forgetWindowsProfileRead()`, "profile"));
        return;
      }
      try {
        throwIfRefusedBesideOthers(args, status, stdout);
      } catch (e) {
        reject(e);
        return;
      }
      resolve6({ status, signal, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
  return profileGrantResult(args, r);
}
function profileGrantArgs(opts) {
  const args = ["profile", "grant", "--json"];
  for (const e of opts.exclude ?? [])
    args.push("--exclude", e);
  if (opts.replaceExclusions)
    args.push("--replace-excludes");
  for (const i of opts.include ?? [])
    args.push("--include", i);
  if (opts.replaceInclusions)
    args.push("--replace-includes");
  return args;
}
function profileGrantResult(args, r) {
  logForDebugging(`[Sandbox Windows] profile grant exit=${r.status}: ${r.stderr.slice(-2e3)}`);
  if (r.status !== 0) {
    throw new WindowsSandboxError("profile_grant_failed", `srt-win profile grant exited ${r.status}: ${r.stderr.slice(-2e3) || r.stdout}`, "profile");
  }
  const raw = parseSrtWinJson(args, r);
  return {
    profile: raw.profile,
    containers: raw.containers,
    granted: raw.granted,
    files: raw.files,
    denied: raw.denied,
    placeholders: raw.placeholders,
    placeholdersRemoved: raw.placeholders_removed ?? 0,
    writes: raw.writes,
    unchanged: raw.unchanged,
    removed: raw.removed,
    skipped: raw.skipped ?? [],
    notGranted: grantItems(raw.not_granted),
    selfClosed: grantItems(raw.self_closed),
    unverifiable: grantItems(raw.unverifiable),
    unprotected: grantItems(raw.unprotected),
    staleAllow: grantItems(raw.stale_allow),
    forgottenRoots: grantItems(raw.forgotten_roots),
    elapsedMs: raw.elapsed_ms
  };
}
async function retryWindowsProfileStale(opts) {
  const args = [
    "profile",
    "retry-stale",
    "--json",
    "--budget-ms",
    String(PROFILE_STALE_RETRY_BUDGET_MS)
  ];
  const r = await runSrtWinAsync(args, {
    timeoutMs: PROFILE_STALE_RETRY_TIMEOUT_MS,
    srtWin: opts.srtWin
  });
  throwIfRefusedBesideOthers(args, r.status, r.stdout);
  if (r.status !== 0) {
    throw new WindowsSandboxError("profile_grant_failed", `srt-win profile retry-stale exited ${r.status}: ${r.stderr.slice(-2e3)}`, "profile");
  }
  const { cleared } = parseSrtWinJson(args, r);
  return { cleared: cleared ?? 0 };
}
function profilePathKey(p) {
  return stripExtendedPathPrefix(p).replace(/\\/g, "/").replace(/\/+$/, "").toLowerCase();
}
function exclusionComponentMatches(pattern, name) {
  if (pattern === "*")
    return true;
  if (pattern.endsWith("*"))
    return name.startsWith(pattern.slice(0, -1));
  if (pattern.startsWith("*"))
    return name.endsWith(pattern.slice(1));
  return pattern === name;
}
function exclusionMatchedBeneath(dir, rest, top = true) {
  if (rest.length === 0)
    return "match";
  let entries;
  try {
    const st = fs8.lstatSync(dir);
    if (st.isSymbolicLink()) {
      return top ? { unexamined: `'${dir}' is a link` } : "none";
    }
    if (!st.isDirectory())
      return "none";
    entries = fs8.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (isAbsentError(e))
      return "none";
    const code = e?.code ?? "error";
    return { unexamined: `'${dir}' could not be listed (${code})` };
  }
  let unexamined;
  for (const e of entries) {
    if (!exclusionComponentMatches(rest[0], normalizeCaseForComparison(e.name))) {
      continue;
    }
    const found = exclusionMatchedBeneath(path6.join(dir, e.name), rest.slice(1), false);
    if (found === "match")
      return "match";
    if (found !== "none")
      unexamined ?? (unexamined = found);
  }
  return unexamined ?? "none";
}
function windowsProfileExclusionConflicts(paths, grant, opts = {}) {
  if (paths.length === 0)
    return [];
  const access = opts.write ? "write" : "read";
  const rulesOf = (list, kind) => list.map((e) => ({
    exclusion: e,
    kind,
    parts: normalizeCaseForComparison(profilePathKey(e)).split("/")
  }));
  const ungranted = rulesOf(grant.ungrantedOnly, "ungranted-only");
  const rules = [
    ...ungranted.map((r) => ({ ...r, onlyEqual: true })),
    ...rulesOf(grant.exclusions, "protected").map((r) => ({
      ...r,
      onlyEqual: false
    })),
    ...ungranted.map((r) => ({ ...r, onlyEqual: false }))
  ];
  if (rules.length === 0)
    return [];
  const admitted = new Set(opts.write ? [] : (opts.override ?? []).map(windowsPathKey));
  const out = [];
  for (const p of paths) {
    const onDisk = resolveWindowsPath(p);
    const key = windowsPathKeyOf(p, onDisk);
    const parts = key.split("/");
    for (const r of rules) {
      const shared = Math.min(parts.length, r.parts.length);
      let related = true;
      for (let i = 0; related && i < shared; i++) {
        related = exclusionComponentMatches(r.parts[i], parts[i]);
      }
      if (!related)
        continue;
      const relation = parts.length === r.parts.length ? "equal" : parts.length > r.parts.length ? "inside" : "above";
      if (r.onlyEqual && relation !== "equal")
        continue;
      let unexamined;
      if (relation === "above" && r.exclusion.includes("*")) {
        if (onDisk.state === "absent")
          continue;
        if (onDisk.state === "resolved") {
          const found = exclusionMatchedBeneath(onDisk.path, r.parts.slice(parts.length));
          if (found === "none")
            continue;
          if (found !== "match")
            unexamined = found.unexamined;
        } else {
          unexamined = onDisk.state === "unprobed" ? `'${p}' is not on a local drive and is not examined` : `'${p}' could not be resolved (${onDisk.code})`;
        }
      }
      if (r.kind === "ungranted-only") {
        if (relation === "inside")
          continue;
      } else if (relation !== "above" && admitted.has(key)) {
        continue;
      }
      out.push({
        path: p,
        exclusion: r.exclusion,
        kind: r.kind,
        access,
        relation,
        ...unexamined === void 0 ? {} : { unexamined }
      });
      break;
    }
  }
  return out;
}
var WINDOWS_LOOPBACK_NO_PROXY = "localhost,127.0.0.1,::1";
function wrapCommandWithSandboxWindows(p) {
  const { exe, prependArgs } = p.srtWin ?? resolveSrtWin();
  const generated = envListToObject(generateProxyEnvVars(p.httpProxyPort, p.socksProxyPort, p.caCertPath?.replace(/\\/g, "/"), p.proxyAuthToken, void 0, encodeSandboxedCommand(attributionKeyFor(p.command, p.commandId))));
  delete generated.TMPDIR;
  delete generated.NO_PROXY;
  delete generated.no_proxy;
  if (p.allowLoopback && (p.httpProxyPort || p.socksProxyPort)) {
    generated.no_proxy = WINDOWS_LOOPBACK_NO_PROXY;
  }
  const gitCfg = buildGitConfigEnv({
    safeDirs: [
      p.cwd ?? process.cwd(),
      ...p.allowWrite ?? [],
      ...p.gitSafeDirectories ?? []
    ],
    schannelCa: p.caCertPath !== void 0,
    // Schannel cannot acquire credentials under the write-restricted
    // token; git's OpenSSL backend reads the same GIT_SSL_CAINFO.
    opensslBackend: true,
    baseEnv: p.setEnvVars
  });
  const argv = [exe, ...prependArgs, "exec"];
  if (p.quiet !== false)
    argv.push("--quiet");
  if (p.heldBy !== void 0)
    argv.push("--held-by", `${p.heldBy}`);
  argv.push("--write-restricted-token");
  for (const r of p.writeRoots ?? [])
    argv.push("--write-root", r);
  if (p.allowLoopback)
    argv.push("--allow-loopback");
  for (const d of p.denyRead ?? [])
    argv.push("--deny-read", d);
  for (const a of p.denyReadExcept ?? [])
    argv.push("--deny-read-except", a);
  for (const d of p.denyWrite ?? [])
    argv.push("--deny-write", d);
  const overlay = mergeWindowsEnv({
    PATH: process.env.PATH,
    PATHEXT: process.env.PATHEXT,
    ...p.httpProxyPort ? { NODE_USE_ENV_PROXY: "1" } : {}
  }, p.setEnvVars ?? {}, generated, gitCfg);
  for (const [k, v] of Object.entries(overlay)) {
    if (v !== void 0)
      argv.push("--env", `${k}=${v}`);
  }
  argv.push("--");
  const sh = p.binShell ?? parseWindowsBinShell(void 0);
  argv.push(sh.exe, ...sh.args, p.command);
  const cmdlineEstimate = argv.reduce((n, a) => n + a.length + 3, 0);
  if (cmdlineEstimate > 3e4) {
    throw new WindowsSandboxError("argv_too_long", `Windows sandbox argv is ~${cmdlineEstimate} chars (CreateProcessW limit is 32 767). Besides the command itself it carries ${p.denyRead?.length ?? 0} per-command read denies, ${p.denyReadExcept?.length ?? 0} session grants beneath them, ${p.denyWrite?.length ?? 0} write denies and ${p.writeRoots?.length ?? 0} write roots; the command was not run with fewer.`);
  }
  const env = { ...process.env, ...generated };
  return { argv, env };
}
var WINDOWS_PROXY_NAME_SPELLING = [
  "http_proxy",
  "https_proxy",
  "ftp_proxy",
  "all_proxy",
  "no_proxy",
  "grpc_proxy",
  "RSYNC_PROXY"
];
function mergeWindowsEnv(...layers) {
  const byName = /* @__PURE__ */ new Map();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) {
      if (value === void 0)
        continue;
      const folded = name.toUpperCase();
      const spelling = WINDOWS_PROXY_NAME_SPELLING.find((n) => n.toUpperCase() === folded) ?? name;
      byName.set(folded, [spelling, value]);
    }
  }
  return Object.fromEntries(byName.values());
}
function envListToObject(list) {
  const out = {};
  for (const entry of list) {
    const eq = entry.indexOf("=");
    if (eq === -1)
      continue;
    out[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return out;
}
function windowsSetupVersionMismatch(us, sublayerGuid) {
  if (us.setupVersion === void 0 || us.markerVersion === us.setupVersion) {
    return void 0;
  }
  if (us.markerVersion !== void 0 && us.markerVersion > us.setupVersion) {
    const sl = sublayerGuid ? ` --sublayer-guid ${sublayerGuid}` : "";
    return `The Windows sandbox on this machine was set up by a newer release (setup version ${us.markerVersion}; this release needs ${us.setupVersion}). Use that release, or replace its install with this one: \`srt-win.exe install --force${sl}\`.
Nothing is granted or run until then.`;
  }
  return `The Windows sandbox on this machine was set up by a different release (setup version ${us.markerVersion ?? "unknown"}; this release needs ${us.setupVersion}). Re-run the install to upgrade it in place (one UAC prompt):
` + windowsInstallCommandLines(windowsInstallFlags({ sublayerGuid }, false)) + `Nothing is granted or run until then.`;
}
function windowsInstallCommandLines(flags) {
  return `  ${WINDOWS_INSTALL_COMMAND}${flags}
  \u2014 or call installWindowsSandbox(), or run \`srt-win.exe install${flags}\` directly.
`;
}
function windowsInstallInstructions(install, force = false) {
  const ctx = typeof install === "string" ? { sublayerGuid: install } : install;
  return `Windows sandbox needs a one-time install (one UAC prompt):
` + windowsInstallCommandLines(windowsInstallFlags(ctx ?? {}, force)) + `No logout is needed: the WFP filter keys on the dedicated \`srt-sandbox\` user's SID, so your network is unaffected.`;
}
function settle(fn) {
  try {
    return { status: "fulfilled", value: fn() };
  } catch (e) {
    return { status: "rejected", reason: e };
  }
}
function interpretDependencyProbes(install, user, getWfp) {
  const { sublayerGuid, allowLoopback } = install;
  const errors = [];
  const warnings = [];
  const mode = (open) => open ? "open" : "closed";
  let reinstallRequired;
  let loopbackMismatch;
  const result = () => ({
    errors,
    warnings,
    ...reinstallRequired && { reinstallRequired },
    ...loopbackMismatch && { loopbackMismatch }
  });
  if (user.status === "rejected") {
    errors.push(`srt-win user status failed: ${user.reason.message}`);
    return { errors, warnings };
  }
  const us = user.value;
  if (!us.provisioned || !us.credPresent) {
    errors.push(`Sandbox user is not provisioned (user=${us.provisioned}, cred=${us.credPresent}). ` + windowsInstallInstructions(install));
  } else {
    reinstallRequired = windowsSetupVersionMismatch(us, sublayerGuid);
    if (reinstallRequired)
      errors.push(reinstallRequired);
  }
  if (us.seclogon === "disabled" || us.seclogon === "missing") {
    errors.push(seclogonDisabledMessage(us.seclogon));
  } else if (us.seclogon === "cannot-read") {
    logForDebugging(`[Sandbox Windows] Secondary Logon (seclogon) state cannot-read; a launch will show whether it is usable`);
  }
  const wfp = getWfp();
  if (wfp.status === "rejected") {
    errors.push(`srt-win wfp status failed: ${wfp.reason.message}`);
    return result();
  }
  const ws = wfp.value;
  if (ws.state === "cannot-read") {
    logForDebugging(`[Sandbox Windows] wfp status cannot-read (non-elevated): ${ws.hint}`);
  } else if (ws.state === "loopback-mismatch") {
    errors.push(`WFP filters under sublayer ${sublayerGuid ?? "(default)"} cannot be used: their loopback mode (${ws.allowLoopback ? "open" : "closed"}) is not the one the install recorded. Re-run the install for this configuration (one UAC prompt):
  ` + windowsInstallCommand(install, true));
  } else if (ws.state !== "installed") {
    if (us.provisioned && us.credPresent) {
      errors.push(`WFP filters not installed under sublayer ${sublayerGuid ?? "(default)"}. ` + windowsInstallInstructions(install));
    }
  } else if (ws.portRange) {
    logForDebugging(`[Sandbox Windows] WFP installed: ${ws.filters} filters, proxy port range ${ws.portRange[0]}-${ws.portRange[1]}, loopback ${mode(ws.allowLoopback)}`);
  }
  const fenced = us.provisioned && us.credPresent && (ws.state === "installed" || ws.state === "cannot-read");
  if (fenced && allowLoopback !== void 0 && ws.allowLoopback !== allowLoopback) {
    loopbackMismatch = `WFP filters under sublayer ${sublayerGuid ?? "(default)"} do not match network.allowLocalBinding (installed: loopback ${mode(ws.allowLoopback)}; configured: ${mode(allowLoopback)}). Re-run the install for this configuration (one UAC prompt):
  ` + windowsInstallCommand(install, true);
    errors.push(loopbackMismatch);
  } else if (fenced && ws.allowLoopback) {
    warnings.push(WINDOWS_ALLOW_LOOPBACK_EFFECT);
  }
  return result();
}
function checkWindowsDependencies(opts = {}) {
  let srtWin;
  try {
    srtWin = opts.srtWin ?? resolveSrtWin();
  } catch (e) {
    return { errors: [e.message], warnings: [] };
  }
  logForDebugging(`[Sandbox Windows] using srt-win at ${srtWin.exe}`);
  return interpretDependencyProbes(
    opts,
    settle(() => getWindowsSandboxUserStatus({ srtWin })),
    // Lazy: spawned only if user-status succeeded (short-circuit).
    () => settle(() => getWindowsWfpStatus({ sublayerGuid: opts.sublayerGuid, srtWin }))
  );
}
async function checkWindowsDependenciesAsync(opts = {}) {
  let srtWin;
  try {
    srtWin = opts.srtWin ?? resolveSrtWin();
  } catch (e) {
    return { errors: [e.message], warnings: [] };
  }
  logForDebugging(`[Sandbox Windows] using srt-win at ${srtWin.exe}`);
  const [user, wfp] = await Promise.allSettled([
    getWindowsSandboxUserStatusAsync({ srtWin }),
    getWindowsWfpStatusAsync({ sublayerGuid: opts.sublayerGuid, srtWin })
  ]);
  return interpretDependencyProbes(opts, user, () => wfp);
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mxc-sandbox-utils.js
import { createRequire } from "node:module";
import * as path7 from "node:path";
var MXC_PKG = "@microsoft/mxc-sdk";
var MXC_V1 = `${MXC_PKG}/v1`;
function isMxcSdkInstalled() {
  try {
    createRequire(import.meta.url).resolve(`${MXC_PKG}/package.json`);
    return true;
  } catch {
    return false;
  }
}
var MXC_SDK_MISSING = `${MXC_PKG} is not installed (install it on Node 24 or later, or pass windowsMxcSdk to initialize())`;
async function loadMxcSdk() {
  let mod;
  try {
    const specifier = MXC_V1;
    mod = await import(specifier);
  } catch (e) {
    throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but ${MXC_SDK_MISSING}: ${e.message}`);
  }
  const sdk = mod;
  if (typeof sdk?.probe !== "function" || typeof sdk.spawn !== "function") {
    throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but ${MXC_V1} does not export probe() and spawn()`);
  }
  return { probe: sdk.probe, spawn: sdk.spawn };
}
async function resolveMxcSdk(injected) {
  if (injected === void 0)
    return loadMxcSdk();
  const probe = injected?.probe;
  const spawn6 = injected?.spawn;
  if (typeof probe !== "function" || typeof spawn6 !== "function") {
    throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but windowsMxcSdk does not have probe() and spawn()`);
  }
  return { probe: probe.bind(injected), spawn: spawn6.bind(injected) };
}
function mxcProbeRefusals(request, probe) {
  if (probe.error !== void 0)
    return [`the probe failed: ${probe.error}`];
  const reasons = [];
  if (probe.tier !== "base-container") {
    reasons.push(`this host offers MXC tier '${probe.tier ?? "none"}'; BaseContainer is required`);
  }
  if (probe.needsDaclAugmentation === true) {
    reasons.push("the tier needs host ACL changes (DACL augmentation)");
  }
  const facts = probe.probes;
  if (request.filesystem.deniedPaths.length > 0 && !facts.baseContainerSupportsDenyPaths) {
    reasons.push("BaseContainer cannot enforce denied paths on this host");
  }
  if (request.network.runtimeConfig !== void 0) {
    if (!facts.baseContainerSupportsIdentitylessLoopbackProxy) {
      reasons.push("BaseContainer cannot confine egress to the host proxy");
    }
    if (!facts.baseContainerSupportsIngressHostLoopbackAllow) {
      reasons.push("BaseContainer cannot allow host loopback for the proxy");
    }
  }
  const ui = facts.uiCapabilities;
  if (!ui.canBlockClipboardRead || !ui.canBlockClipboardWrite) {
    reasons.push("this host cannot block clipboard access");
  }
  if (!ui.canBlockInputInjection) {
    reasons.push("this host cannot block input injection");
  }
  return reasons;
}
function assertMxcCanEnforce(sdk, request) {
  let probe;
  try {
    probe = sdk.probe(request);
  } catch (e) {
    throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but the probe failed: ${e.message}`);
  }
  const reasons = mxcProbeRefusals(request, probe);
  if (reasons.length > 0) {
    throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but ${reasons.join("; ")}`);
  }
  for (const warning of probe.warnings) {
    logForDebugging(`[Sandbox Windows] mxc probe: ${warning}`);
  }
  return probe;
}
function verifyMxcBackend(sdk, request) {
  assertMxcCanEnforce(sdk, request);
}
async function spawnMxcRequest(sdk, request) {
  assertMxcCanEnforce(sdk, request);
  logForDebugging(`[Sandbox Windows] mxc spawn: ${request.filesystem.readwritePaths.length} write, ${request.filesystem.deniedPaths.length} denied paths`);
  return sdk.spawn(request);
}
function joinWindowsCommandLine(argv) {
  return argv.map(quoteWindowsArg).join(" ");
}
function buildShellCommandLine(sh, command) {
  const base = path7.win32.basename(sh.exe).toLowerCase();
  if (base === "cmd" || base === "cmd.exe") {
    return `${joinWindowsCommandLine([sh.exe, ...sh.args])} "${command}"`;
  }
  return joinWindowsCommandLine([sh.exe, ...sh.args, command]);
}
function quoteWindowsArg(arg) {
  if (arg.length > 0 && !/[ \t\n\v"]/.test(arg))
    return arg;
  let out = '"';
  let backslashes = 0;
  for (const ch of arg) {
    if (ch === "\\") {
      backslashes++;
      continue;
    }
    if (ch === '"') {
      out += "\\".repeat(backslashes * 2 + 1) + '"';
    } else {
      out += "\\".repeat(backslashes) + ch;
    }
    backslashes = 0;
  }
  out += "\\".repeat(backslashes * 2) + '"';
  return out;
}
function buildMxcRequest(p) {
  const systemDrive = `${process.env.SystemDrive ?? "C:"}\\`;
  const workingDirectory2 = p.cwd ?? process.cwd();
  const temp = process.env.TEMP ?? process.env.TMP;
  const sh = p.binShell ?? parseWindowsBinShell(void 0);
  const hasProxy = p.httpProxyPort !== void 0;
  const encodedCommand = encodeSandboxedCommand(attributionKeyFor(p.command, p.commandId));
  const proxyUser = proxyUsernameFor(encodedCommand);
  const proxyEnv = generateProxyEnvVars(p.httpProxyPort, p.socksProxyPort, void 0, p.proxyAuthToken, void 0, encodedCommand);
  const readwritePaths = [
    ...p.allowWrite ?? [],
    ...temp !== void 0 ? [temp] : []
  ];
  const deniedPaths = [...p.denyRead ?? [], ...p.denyWrite ?? []];
  const writable = coveringWindowsPath(readwritePaths);
  const denied = coveringWindowsPath(deniedPaths);
  const governedByWrite = (r) => {
    const w = writable(r);
    if (w === void 0)
      return false;
    const under = coveringWindowsPath([w]);
    return !deniedPaths.some((d) => coveringWindowsPath([d])(r) !== void 0 && under(d) !== void 0);
  };
  const readonlyPaths = [
    systemDrive,
    ...denied(workingDirectory2) === void 0 ? [workingDirectory2] : [],
    ...p.allowRead ?? []
  ].filter((r) => !governedByWrite(r));
  return {
    command: buildShellCommandLine(sh, p.command),
    filesystem: { readonlyPaths, readwritePaths, deniedPaths },
    network: {
      egress: { default: "deny" },
      // MXC 1.0 refuses a host proxy unless ingress.default is 'allow',
      // and one without a peer identity also needs hostLoopback 'allow'
      // (resolved on its own, not inherited). On Windows 11 25H2 (build
      // 26200.9711) this still admitted nothing inbound, from loopback
      // or the LAN, and blocked outbound to other loopback ports; MXC
      // documents no guarantee of that. Without a proxy both are denied.
      ...hasProxy ? {
        ingress: { default: "allow", hostLoopback: "allow" },
        runtimeConfig: {
          networkProxy: `http://${p.proxyAuthToken ? `${encodeURIComponent(proxyUser)}:${p.proxyAuthToken}@` : ""}127.0.0.1:${p.httpProxyPort}`
        }
      } : { ingress: { default: "deny", hostLoopback: "deny" } }
    },
    // UI stays on for every command. With it off, any program that loads
    // user32 or gdi32 (PowerShell, git, node, whoami, tasklist and most
    // other tools) fails at startup with 0xC0000142, and children
    // inherit the container's setting, so it can't be chosen per shell.
    // The cost: a sandboxed program can open a window on the desktop.
    // Clipboard and input injection stay blocked.
    ui: { disable: false, clipboard: "none", allowInputInjection: false },
    ...p.timeoutMs !== void 0 && p.timeoutMs > 0 ? { timeoutMs: p.timeoutMs } : {},
    workingDirectory: workingDirectory2,
    environment: buildChildEnv(p, proxyEnv),
    inheritDefaultEnvironment: false
  };
}
var CHILD_BASE_ENV_VARS = [
  "ALLUSERSPROFILE",
  "APPDATA",
  "CommonProgramFiles",
  "CommonProgramFiles(Arm)",
  "CommonProgramFiles(x86)",
  "CommonProgramW6432",
  "COMPUTERNAME",
  "ComSpec",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "NUMBER_OF_PROCESSORS",
  "OS",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROCESSOR_IDENTIFIER",
  "PROCESSOR_LEVEL",
  "PROCESSOR_REVISION",
  "ProgramData",
  "ProgramFiles",
  "ProgramFiles(Arm)",
  "ProgramFiles(x86)",
  "ProgramW6432",
  "PUBLIC",
  "SystemDrive",
  "SystemRoot",
  "TEMP",
  "TMP",
  "USERDOMAIN",
  "USERNAME",
  "USERPROFILE",
  "windir"
];
function buildChildEnv(p, proxyEnv) {
  const envList = proxyEnv.filter((e) => !e.startsWith("TMPDIR=") && !e.startsWith("NO_PROXY=") && !e.startsWith("no_proxy="));
  const gitCfg = buildGitConfigEnv({
    safeDirs: [
      p.cwd ?? process.cwd(),
      ...p.allowWrite ?? [],
      ...p.gitSafeDirectories ?? []
    ],
    schannelCa: false,
    baseEnv: p.setEnvVars
  });
  const base = {};
  for (const k of CHILD_BASE_ENV_VARS) {
    const v = process.env[k];
    if (v !== void 0)
      base[k] = v;
  }
  return mergeWindowsEnv(base, p.httpProxyPort ? { NODE_USE_ENV_PROXY: "1" } : {}, p.setEnvVars ?? {}, envListToObject(envList), gitCfg, p.env ?? {});
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/own-files.js
import * as fs9 from "node:fs";
import * as path8 from "node:path";
import { fileURLToPath as fileURLToPath4 } from "node:url";
function ownInstallWarning(allowedWritePaths, moduleFile = fileURLToPath4(import.meta.url)) {
  let root = path8.dirname(moduleFile);
  while (!fs9.existsSync(path8.join(root, "package.json"))) {
    if (root === path8.dirname(root))
      return void 0;
    root = path8.dirname(root);
  }
  if (!root.split(path8.sep).includes("node_modules"))
    return void 0;
  const writable = allowedWritePaths.flatMap((allowed) => pathSpellings(normalizePathForSandbox(allowed)));
  const covered = pathSpellings(root).some((form) => writable.some((allowed) => isAtOrUnder(form, allowed)));
  return covered ? `sandbox-runtime is installed in ${root}, where a sandboxed command can write it - install it outside the allowed write paths` : void 0;
}

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-manager.js
import { EOL } from "node:os";
import { dirname as dirname8 } from "node:path";
import { isDeepStrictEqual } from "node:util";
var config;
var configInstalls = 0;
var httpProxyServer;
var socksProxyServer;
var muxProxyServer;
var managerContext;
var initializationPromise;
var pendingInitialize;
var initializeGeneration = 0;
var windowsProfileGrantAbort;
var cleanupRegistered = false;
var ownInstallLogged = false;
var logMonitorShutdown;
var linuxMonitor;
var parentProxy;
var resolvedAddressGuard = createResolvedAddressGuard();
var mitmCA;
var javaAgentJarPath;
var proxyAuthToken;
var windowsFsStampedSet;
var windowsFsSbUserSid;
var windowsFsRawInputs;
var windowsWfpVerifiedFor;
var windowsWfpVerifiedLoopback;
var windowsCapableSrtWin = /* @__PURE__ */ new Set();
function windowsSrtWinIdentity(srtWin) {
  let stat = "";
  try {
    const st = fs10.statSync(srtWin.exe);
    stat = `${st.size}:${st.mtimeMs}`;
  } catch {
  }
  return JSON.stringify([srtWin.exe, srtWin.prependArgs, stat]);
}
var WINDOWS_CAPABILITIES_WHY = `a session depends on (its read denies are written on the profile read grant's paths by srt-win, and kept grants are checked and removed there)`;
function assertWindowsSrtWinCapable(srtWin) {
  const id = windowsSrtWinIdentity(srtWin);
  if (windowsCapableSrtWin.has(id))
    return;
  const missing = missingWindowsSrtWinCapability(getWindowsProfileReadStatus({ srtWin }).capabilities);
  if (missing !== void 0) {
    throw windowsSrtWinOutdatedError(missing, WINDOWS_CAPABILITIES_WHY);
  }
  windowsCapableSrtWin.add(id);
}
var windowsProfileRead;
var windowsProfileReadWarnings = [];
var windowsProfileReadRefresh;
function windowsProfileReadWarningsOf(grant) {
  const list = (items) => items.map((i) => i.path).join(", ");
  const out = [];
  const byOurs = grant.unprotected.filter((i) => i.entry !== void 0);
  const byList = grant.unprotected.filter((i) => i.entry === void 0);
  const callerReads = grant.unverifiable.filter((i) => i.callerReads === true);
  const rest = grant.unverifiable.filter((i) => i.callerReads !== true);
  if (byOurs.length + byList.length + callerReads.length > 0) {
    const parts = [];
    if (byOurs.length > 0) {
      parts.push(`${byOurs.length} READABLE THROUGH AN ENTRY THIS PRODUCT WROTE and could not remove \u2014 each path's reason gives the icacls command that removes it, to be run as the object's owner or from an elevated prompt, followed by the grant again (${list(byOurs)})`);
    }
    if (byList.length > 0) {
      parts.push(`${byList.length} by their own access lists, which you may not change (${list(byList)})`);
    }
    if (callerReads.length > 0) {
      parts.push(`${callerReads.length} whose access lists could not be read but which you can read all the same, so sandboxed commands may too (${list(callerReads)})`);
    }
    out.push({
      code: "profile_exclusion_unprotected",
      message: `Paths on the exclusion list of the profile read grant could not be denied and are, or may be, readable to sandboxed commands: ` + parts.join("; ") + `. Only their owner or an administrator can close them.`,
      paths: [...byOurs, ...byList, ...callerReads]
    });
  }
  if (rest.length > 0) {
    const unreadable = rest.filter((i) => i.callerReads === false);
    const noAccount = rest.filter((i) => i.cause === "account_unknown");
    const other = rest.filter((i) => i.callerReads !== false && i.cause !== "account_unknown");
    const parts = [];
    if (unreadable.length > 0) {
      parts.push(`${unreadable.length} whose access lists could not be read; you cannot read their content either (${list(unreadable)})`);
    }
    if (noAccount.length > 0) {
      parts.push(`${noAccount.length} that could not be examined because the sandbox account is not known (${list(noAccount)})`);
    }
    if (other.length > 0) {
      parts.push(`${other.length} that were not examined (${list(other)})`);
    }
    out.push({
      code: "profile_exclusion_unverifiable",
      message: `Paths on the exclusion list of the profile read grant could not be denied, and whether sandboxed commands can read them was not established: ` + parts.join("; ") + `.`,
      paths: rest
    });
  }
  if (grant.staleAllow.length > 0) {
    out.push({
      code: "profile_stale_allow",
      message: `${grant.staleAllow.length} path(s) that have left the profile read grant may still carry an entry of it that could not be removed, and stay readable to sandboxed commands until it is: ${list(grant.staleAllow)}. None is on the exclusion list. Each path's reason says what stopped it. A session start tries local paths again, at most every six hours; with every sandbox session closed, \`srt-win profile retry-stale\` tries them all now.`,
      paths: grant.staleAllow
    });
  }
  const replaced = grant.replacedFiles ?? [];
  if (replaced.length > 0) {
    out.push({
      code: "profile_file_replaced",
      message: `${replaced.length} configuration file(s) were replaced since the profile read grant was made and are not readable to sandboxed commands; the variables that point at them are not returned: ${replaced.join(", ")}. Run grantWindowsProfileRead() (\`srt-win profile grant\`) again.`,
      paths: replaced.map((path10) => ({
        path: path10,
        reason: "replaced since the grant was made"
      }))
    });
  }
  return out;
}
var srtWinSpawn;
var windowsMxcState;
var sandboxViolationStore = new SandboxViolationStore();
var sentinelRegistry = new SentinelRegistry();
var awsPairRegistry = new AwsPairRegistry();
var maskedFileStore = new MaskedFileStore();
function registerCleanup() {
  if (cleanupRegistered) {
    return;
  }
  const cleanupHandler = () => reset().catch((e) => {
    logForDebugging(`Cleanup failed in registerCleanup ${e}`, {
      level: "error"
    });
  });
  process.once("exit", () => {
    void cleanupHandler();
    if (mitmCA)
      disposeMitmCASync(mitmCA);
    muxProxyServer?.removeBackendSocketSync();
    maskedFileStore.dispose();
    const bridge = managerContext?.linuxBridge;
    for (const path10 of [bridge?.httpSocketPath, bridge?.socksSocketPath]) {
      try {
        if (path10)
          fs10.rmSync(path10, { force: true });
      } catch {
      }
    }
  });
  process.once("SIGINT", cleanupHandler);
  process.once("SIGTERM", cleanupHandler);
  cleanupRegistered = true;
}
var WINDOWS_ACL_RELEASE_OK = /* @__PURE__ */ new Set([
  "revoked",
  "stillHeld",
  "restored",
  "alreadyOriginal"
]);
function logWindowsAclOutcomes(kind, outcomes) {
  for (const e of outcomes ?? []) {
    if (!WINDOWS_ACL_RELEASE_OK.has(e.status)) {
      logForDebugging(`[Sandbox Windows] ${kind}: '${e.path}' ${e.status} \u2014 ACE may be left in place; resolve and run \`srt-win acl recover\` to clear`, { level: "warn" });
    }
  }
}
function windowsAclRestoreAllowed(revoke) {
  logWindowsAclOutcomes("grant revoke", revoke.outcomes);
  if (revoke.complete)
    return true;
  const paths = revoke.pending;
  logForDebugging(`[Sandbox Windows] grant revoke did not complete \u2014 NOT running the deny restore; deny ACEs stay in place while a grant may still be on disk. Grants possibly left in place: ${paths.length > 0 ? paths.map((p) => `'${p}'`).join(", ") : "(none reported)"}` + (revoke.detail ? `. srt-win: ${revoke.detail}` : "") + `. The next revoke retries them; after this process exits, \`srt-win acl recover\` does, and removes its deny ACEs once they are released (\`--force\` drops the record of a grant that can no longer be located).`, { level: "error" });
  return false;
}
function releaseWindowsSessionAcls(sandboxUserSid, srtWin) {
  const o = { sandboxUserSid, srtWin };
  if (windowsAclRestoreAllowed(revokeWindowsAclChecked(o))) {
    logWindowsAclOutcomes("deny restore", restoreWindowsAcl(o));
  }
}
var MAX_COMMAND_TEXTS = 1024;
var commandTextsByKey = /* @__PURE__ */ new Map();
function registerCommandText(command, options) {
  const key = decodeSandboxedCommand(encodeSandboxedCommand(attributionKeyFor(command, options?.commandId)));
  const text2 = options?.commandText ?? command;
  commandTextsByKey.delete(key);
  commandTextsByKey.set(key, text2);
  while (commandTextsByKey.size > MAX_COMMAND_TEXTS) {
    const oldest = commandTextsByKey.keys().next().value;
    if (oldest === void 0)
      break;
    commandTextsByKey.delete(oldest);
  }
}
function resolveCommandText(decodedKey) {
  return commandTextsByKey.get(decodedKey) ?? sanitizeUnregisteredCommandKey(decodedKey);
}
var MIN_NETWORK_LISTS_COMMAND_ID_LENGTH = 22;
var commandNetworkListsByKey = /* @__PURE__ */ new Map();
function registerCommandNetworkLists(commandId, lists) {
  const key = typeof commandId === "string" ? decodeSandboxedCommand(encodeSandboxedCommand(commandId)) : "";
  if (key.replace(/\ufffd/g, "").length < MIN_NETWORK_LISTS_COMMAND_ID_LENGTH) {
    throw new Error(`registerCommandNetworkLists: commandId must be a string of at least ${MIN_NETWORK_LISTS_COMMAND_ID_LENGTH} characters, unpaired surrogates not counted. The id is the only thing that binds a proxy connection to this allow list, and the sandboxed process chooses which id it presents, so it must be random (at least 128 bits, e.g. 16 random bytes as base64url) and never derived from the command text, a counter or the time.`);
  }
  const allowedDomains = lists?.allowedDomains ?? [];
  if (!Array.isArray(allowedDomains)) {
    throw new Error("registerCommandNetworkLists: allowedDomains must be an array of strings.");
  }
  for (const entry of allowedDomains) {
    if (typeof entry !== "string" || !isValidAllowedDomainEntry(entry)) {
      throw new Error(`registerCommandNetworkLists: invalid allowedDomains entry ${JSON.stringify(entry)}. ${ALLOWED_DOMAIN_ENTRY_MESSAGE}`);
    }
  }
  commandNetworkListsByKey.set(
    key,
    // Copied, so the caller cannot change what was validated.
    { allowedDomains: [...allowedDomains] }
  );
  if (config?.network.httpProxyPort !== void 0) {
    logForDebugging("registerCommandNetworkLists: network.httpProxyPort is set (an external proxy), so this list will never apply", { level: "warn" });
  }
}
function unregisterCommandNetworkLists(commandId) {
  if (typeof commandId !== "string")
    return;
  commandNetworkListsByKey.delete(decodeSandboxedCommand(encodeSandboxedCommand(commandId)));
}
function recordProxyViolation(line, encodedCommand) {
  const command = encodedCommand ? resolveCommandText(decodeSandboxedCommand(encodedCommand)) : void 0;
  if (shouldIgnoreViolation(line, command, config?.ignoreViolations)) {
    return;
  }
  sandboxViolationStore.addViolation({
    line,
    encodedCommand,
    command,
    timestamp: /* @__PURE__ */ new Date()
  });
}
function recordOutboundDeny(host, port, reason, encodedCommand) {
  recordProxyViolation(`deny network-outbound ${host}:${port} (${reason})`, encodedCommand);
}
var directLookup = (port, encodedCommand) => (hostname, options, callback) => resolvedAddressGuard.lookupFor(port)(hostname, options, (err, address, family) => {
  if (isResolvedAddressDenied(err)) {
    recordOutboundDeny(hostname, port, err.reason, encodedCommand);
  }
  callback(err, address, family);
});
function redactUrlForViolation(url) {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : `${url.slice(0, cut + 1)}\u2026`;
}
function isDeclaredDenial(answer2) {
  return answer2 === false || typeof answer2 === "object" && answer2 !== null && answer2.allow === false;
}
function denialReasonOf(answer2) {
  if (typeof answer2 !== "object" || answer2 === null)
    return void 0;
  const { allow, reason } = answer2;
  if (allow !== false || typeof reason !== "string")
    return void 0;
  return sanitizeDenialReason(reason) || void 0;
}
function deniedDomainReason(entry) {
  const reasons = config?.network.deniedDomainReasons ?? {};
  const own = Object.prototype.hasOwnProperty.call(reasons, entry);
  return (own ? reasons[entry] : void 0) ?? "host is on the deny list";
}
async function filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand, explain) {
  const denied = (reason) => {
    recordOutboundDeny(host, port, reason, encodedCommand);
    explain?.(reason);
    return false;
  };
  if (!config) {
    logForDebugging("No config available, denying network request");
    return denied("sandbox policy unavailable");
  }
  if (!isValidHost(host)) {
    logForDebugging(`Denying malformed host: ${JSON.stringify(host)}:${port}`, {
      level: "error"
    });
    return denied("malformed host");
  }
  const canonicalHost = canonicalizeHost(host) ?? host;
  for (const deniedDomain of config.network.deniedDomains) {
    if (matchesDomainPatternWithPort(canonicalHost, port, deniedDomain)) {
      logForDebugging(`Denied by config rule: ${host}:${port}`);
      return denied(deniedDomainReason(deniedDomain));
    }
  }
  for (const allowedDomain of config.network.allowedDomains) {
    if (matchesDomainPatternWithPort(canonicalHost, port, allowedDomain)) {
      logForDebugging(`Allowed by config rule: ${host}:${port}`);
      return true;
    }
  }
  if (config.network.strictAllowlist) {
    logForDebugging(`No matching config rule, denying: ${host}:${port}`);
    return denied("host is not on the allow list");
  }
  const perCommand = encodedCommand ? commandNetworkListsByKey.get(decodeSandboxedCommand(encodedCommand)) : void 0;
  for (const allowedDomain of perCommand?.allowedDomains ?? []) {
    if (matchesDomainPatternWithPort(canonicalHost, port, allowedDomain)) {
      logForDebugging(`Allowed by per-command rule: ${host}:${port}`);
      return true;
    }
  }
  if (!sandboxAskCallback) {
    logForDebugging(`No matching rule, denying: ${host}:${port}`);
    return denied("host is not on the allow list");
  }
  logForDebugging(`No matching rule, asking user: ${host}:${port}`);
  try {
    const answer2 = await sandboxAskCallback({ host, port });
    if (answer2 === true) {
      logForDebugging(`User allowed: ${host}:${port}`);
      return true;
    }
    if (!isDeclaredDenial(answer2)) {
      logForDebugging(`Ask callback answered neither a boolean nor { allow: false, reason }; treating it as a denial: ${host}:${port}`, { level: "warn" });
    }
    logForDebugging(`User denied: ${host}:${port}`);
    return denied(denialReasonOf(answer2) ?? "user denied");
  } catch (error) {
    logForDebugging(`Error in permission callback: ${error}`, {
      level: "error"
    });
    return denied("permission prompt failed");
  }
}
function buildCredentialInjector() {
  if (!config?.credentials)
    return void 0;
  return (headers, destHost) => {
    sentinelRegistry.substituteInHeaders(headers, destHost, matchesDomainPattern);
  };
}
function buildBodyCredentialInjector() {
  if (!config?.credentials)
    return void 0;
  return (destHost) => sentinelRegistry.sentinelsForHost(destHost, matchesDomainPattern);
}
function buildSigv4Planner() {
  if (!config?.credentials)
    return void 0;
  return (method, requestTarget, headers, destHost) => createSigv4Planner(awsPairRegistry, config?.credentials?.sigv4, matchesDomainPattern)(method, requestTarget, headers, destHost);
}
function getMitmSocketPath(host) {
  if (!config?.network.mitmProxy) {
    return void 0;
  }
  const { socketPath, domains } = config.network.mitmProxy;
  const canonicalHost = canonicalizeHost(host) ?? host;
  for (const pattern of domains) {
    if (matchesDomainPattern(canonicalHost, pattern)) {
      logForDebugging(`Host ${host} matches MITM pattern ${pattern}`);
      return socketPath;
    }
  }
  return void 0;
}
function shouldTerminateTLSForHost(host) {
  const excludeDomains = config?.network.tlsTerminate?.excludeDomains;
  if (!excludeDomains?.length)
    return true;
  const canonicalHost = canonicalizeHost(host) ?? host;
  for (const pattern of excludeDomains) {
    if (!matchesDomainPattern(canonicalHost, pattern))
      continue;
    logForDebugging(`Host ${host} matches tlsTerminate.excludeDomains pattern ${pattern}; skipping TLS termination`);
    const masked = sentinelRegistry.namesInjectableAt(canonicalHost, matchesDomainPattern);
    if (masked.length > 0) {
      logForDebugging(`tlsTerminate.excludeDomains: masked credential(s) ${masked.join(", ")} are configured for injection at ${host}, but its connections are not terminated, so the upstream will receive the placeholder`, { level: "error" });
    }
    return false;
  }
  return true;
}
async function startMuxProxyServer(sandboxAskCallback, portRange) {
  const injectCredentials = buildCredentialInjector();
  const injectBodyCredentials = buildBodyCredentialInjector();
  httpProxyServer = createHttpProxyServer({
    filter: (port, host, _socket, encodedCommand, explain) => filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand, explain),
    getMitmSocketPath,
    mitmCA,
    shouldTerminateTLS: shouldTerminateTLSForHost,
    filterRequest: config?.network.filterRequest,
    plaintextHeaderSet: config?.network.allowPlaintextHeaderSet,
    stripResponseHeaders: config?.network.stripResponseHeaders,
    refuseOpaqueTunnels: config?.network.refuseOpaqueTunnels,
    requireHostMatch: config?.network.requireHostMatch,
    ambiguousRequestTarget: config?.network.ambiguousRequestTarget,
    // Read at each CONNECT, so that updateConfig changes them.
    get maxTerminatedTunnels() {
      return config?.network.tlsTerminate?.maxTunnels;
    },
    get tlsHandshakeTimeoutMs() {
      return config?.network.tlsTerminate?.handshakeTimeoutMs;
    },
    onFilterRequestDenied: ({ method, url, reason, encodedCommand }) => {
      const target = method === "CONNECT" ? url : redactUrlForViolation(url);
      recordProxyViolation(`deny http-request ${method} ${target} (${reason})`, encodedCommand);
    },
    // TLS-terminated path always gets the injector; the plain-HTTP path
    // only when explicitly opted in. Without the opt-in, a sentinel sent
    // over plain HTTP reaches the upstream unchanged (fails closed).
    mutateHeaders: injectCredentials,
    mutateHeadersPlaintext: config?.credentials?.allowPlaintextInject ? injectCredentials : void 0,
    getBodySubstitutions: injectBodyCredentials,
    getBodySubstitutionsPlaintext: config?.credentials?.allowPlaintextInject ? injectBodyCredentials : void 0,
    // SigV4 re-signing is TLS-terminated-path only, like credential
    // injection: the real signature must not travel over plaintext.
    planSigv4: buildSigv4Planner(),
    parentProxy,
    lookupFor: directLookup,
    proxyAuthToken
  });
  socksProxyServer = createSocksProxyServer({
    filter: (port, host, encodedCommand) => filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand),
    getMitmSocketPath,
    parentProxy,
    lookupFor: directLookup,
    proxyAuthToken,
    // A SOCKS tunnel is opaque, so the option that keeps opaque CONNECT
    // tunnels off the HTTP side must close this side of the port too.
    refuseOpaqueTunnels: config?.network.refuseOpaqueTunnels,
    onTunnelRefused: (port, host, encodedCommand) => {
      recordProxyViolation(`deny socks-tunnel ${host}:${port} (refuseOpaqueTunnels)`, encodedCommand);
    },
    probeUnauthenticated: async (port, host) => {
      if (!config)
        return {};
      const canonical = canonicalizeHost(host) ?? host;
      for (const entry of config.network.deniedDomains) {
        if (matchesDomainPatternWithPort(canonical, port, entry)) {
          const reason = deniedDomainReason(entry);
          recordOutboundDeny(host, port, reason);
          return { deniedReason: reason };
        }
      }
      return {};
    }
  });
  muxProxyServer = createMuxProxyServer({
    httpServer: httpProxyServer,
    handleSocksConnection: (s) => socksProxyServer.handleConnection(s),
    httpBackendPortRange: portRange
  });
  const mux = muxProxyServer;
  const backendPort = await mux.listenHttpBackend();
  await listenInRange(mux.server, (p) => mux.server.listen(p, "127.0.0.1"), portRange, backendPort !== void 0 ? /* @__PURE__ */ new Set([backendPort]) : /* @__PURE__ */ new Set());
  const muxPort = mux.getPort();
  if (muxPort === void 0) {
    throw new Error("Failed to get mux proxy server port");
  }
  mux.unref();
  logForDebugging(`Mux proxy (HTTP+SOCKS) listening on localhost:${muxPort}`);
  return muxPort;
}
var SandboxInitializeConflictError = class extends Error {
  constructor() {
    super("initialize() is already running with a different configuration or different callbacks: wait for it, or reset() first");
    this.code = "initialize_conflict";
    this.name = "SandboxInitializeConflictError";
  }
};
async function initialize(runtimeConfig, sandboxAskCallback, enableLogMonitor = false, options) {
  const args = [runtimeConfig, sandboxAskCallback, enableLogMonitor, options];
  if (pendingInitialize) {
    const { promise, generation, args: running } = pendingInitialize;
    if (generation === initializeGeneration) {
      if (!isDeepStrictEqual(args, running)) {
        throw new SandboxInitializeConflictError();
      }
      return promise;
    }
    await promise.catch(() => {
    });
    return initialize(runtimeConfig, sandboxAskCallback, enableLogMonitor, options);
  }
  const entry = {
    promise: initializeOnce(runtimeConfig, sandboxAskCallback, enableLogMonitor, options),
    generation: initializeGeneration,
    args
  };
  pendingInitialize = entry;
  try {
    await entry.promise;
  } finally {
    if (pendingInitialize === entry)
      pendingInitialize = void 0;
  }
}
async function initializeOnce(runtimeConfig, sandboxAskCallback, enableLogMonitor, options) {
  try {
    await initializeSteps(runtimeConfig, sandboxAskCallback, enableLogMonitor, options);
  } catch (error) {
    if (mitmCA)
      disposeMitmCASync(mitmCA);
    mitmCA = void 0;
    throw error;
  }
}
async function initializeSteps(runtimeConfig, sandboxAskCallback, enableLogMonitor, options) {
  if (initializationPromise) {
    await initializationPromise;
    return;
  }
  const generation = initializeGeneration;
  const stopIfReset = () => {
    if (generation !== initializeGeneration) {
      config = void 0;
      throw new Error("initialize() was cancelled by reset()");
    }
  };
  config = runtimeConfig;
  configInstalls++;
  parentProxy = resolveParentProxy(runtimeConfig.network.parentProxy);
  if (parentProxy) {
    logForDebugging(`Parent proxy configured: http=${redactUrl(parentProxy.httpUrl)} https=${redactUrl(parentProxy.httpsUrl)}`);
  }
  resolvedAddressGuard = createResolvedAddressGuard(runtimeConfig.network);
  if (runtimeConfig.network.tlsTerminate && runtimeConfig.network.mitmProxy) {
    throw new Error("network.tlsTerminate and network.mitmProxy are mutually exclusive");
  }
  let mxcSdk;
  if (getPlatform() === "windows" && runtimeConfig.windows?.backend === "mxc") {
    if (runtimeConfig.network.tlsTerminate) {
      throw new WindowsSandboxError("backend_unsupported", "network.tlsTerminate is not supported on the mxc backend");
    }
    assertMxcSessionConfig(runtimeConfig);
    mxcSdk = await resolveMxcSdk(options?.windowsMxcSdk);
  }
  if (runtimeConfig.network.tlsTerminate)
    assertTlsTerminationSupported();
  const tlsTerminate = runtimeConfig.network.tlsTerminate;
  const useWindowsPersistentCa = getPlatform() === "windows" && tlsTerminate !== void 0 && !tlsTerminate.caCertPath && !tlsTerminate.caKeyPath;
  mitmCA = tlsTerminate && !useWindowsPersistentCa ? createMitmCA(tlsTerminate) : void 0;
  const deps = await checkDependenciesAsync(void 0, {
    windowsMxcSdk: mxcSdk
  });
  stopIfReset();
  if (deps.errors.length > 0) {
    if (deps.reinstallRequired) {
      throw new WindowsSandboxError("reinstall_required", deps.reinstallRequired);
    }
    if (deps.loopbackMismatch) {
      throw new WindowsSandboxError("wfp_loopback_mismatch", deps.loopbackMismatch);
    }
    throw new Error(`Sandbox dependencies not available: ${deps.errors.join(", ")}`);
  }
  if (enableLogMonitor && getPlatform() === "macos") {
    logMonitorShutdown = startMacOSSandboxLogMonitor(sandboxViolationStore.addViolation.bind(sandboxViolationStore), config.ignoreViolations, resolveCommandText);
    logForDebugging("Started macOS sandbox log monitor");
  }
  if (enableLogMonitor && getPlatform() === "linux") {
    const monitoredWrites = getFsWriteConfig();
    linuxMonitor = startLinuxSandboxViolationMonitor(sandboxViolationStore.addViolation.bind(sandboxViolationStore), {
      // apply-seccomp's observer reports every write-intent syscall
      // (allowed or not). Only paths bwrap would actually refuse — outside
      // allowWrite or inside a denyWrite carve-out — go to the store. With
      // the policy on, the default write paths are listed in full rather
      // than as getFsWriteConfig() narrowed them: a home directory it leaves
      // out because it is read-denied sits under that deny's writable
      // tmpfs, so a write there is permitted and is not a violation.
      allowWritePaths: [
        ...writeRootsOf(monitoredWrites),
        ...config.filesystem.disabled ? [] : getDefaultWritePaths()
      ].map((p) => normalizePathForSandbox(p, { literal: true })),
      denyWritePaths: [
        ...monitoredWrites.denyWithinAllow.map((p) => normalizePathForSandbox(p, { literal: true })),
        ...(monitoredWrites.literalDenyWithinAllow ?? []).map((p) => normalizePathForSandbox(p, { literal: true })),
        // filesystem.disabled reaches the wrapper as `writeConfig ===
        // undefined`, which skips every bind and the built-in denies with
        // them, so the monitor must not judge by them either.
        ...config.filesystem.disabled ? [] : linuxGetCwdMandatoryDenyPaths(getAllowGitConfig())
      ],
      ignoreViolations: config.ignoreViolations,
      resolveCommandText
    });
    void linuxMonitor.ready;
    logForDebugging("Started Linux seccomp violation monitor");
  }
  registerCleanup();
  if (getPlatform() === "windows") {
    if (mxcSdk) {
      let maskedFiles = [];
      try {
        maskedFiles = windowsMaskedFileDenies(getCredentialRestrictions(runtimeConfig.credentials, runtimeConfig.network.allowedDomains));
      } catch {
      }
      const acc = computeWindowsFsAccessSet(runtimeConfig, maskedFiles);
      let probeRequest;
      try {
        probeRequest = buildMxcRequest({
          command: "exit 0",
          // Representative proxy port: the real mux port is bound
          // later in initialize (inside this same range on Windows),
          // and the probe only needs the policy shape, not a live
          // listener.
          httpProxyPort: runtimeConfig.network.allowedDomains !== void 0 ? DEFAULT_WINDOWS_PROXY_PORT_RANGE[0] : void 0,
          denyRead: acc.denyRead,
          denyWrite: acc.denyWrite,
          allowRead: acc.grantRead,
          allowWrite: acc.grantWrite
        });
      } catch (e) {
        throw new WindowsSandboxError("backend_unsupported", `windows.backend is 'mxc' but the policy did not compile: ${e.message}`);
      }
      verifyMxcBackend(mxcSdk, probeRequest);
      windowsMxcState = { sdk: mxcSdk, fsSet: acc };
    }
    logForDebugging(`[Sandbox Windows] using ${mxcSdk ? "mxc" : "srt-win"}`);
  }
  if (getPlatform() === "windows" && !windowsMxcState) {
    srtWinSpawn = resolveSrtWin(runtimeConfig.windows?.srtWin);
    const srtWin = srtWinSpawn;
    const u = await getWindowsSandboxUserStatusAsync({ srtWin });
    stopIfReset();
    if (!u.provisioned || !u.credPresent) {
      config = void 0;
      throw new WindowsSandboxError("not_provisioned", `Windows sandbox user is not provisioned (user=${u.provisioned}, cred=${u.credPresent}). Run \`${WINDOWS_INSTALL_COMMAND}\` (one UAC prompt) to provision it.`);
    }
    const staleSetup = windowsSetupVersionMismatch(u, runtimeConfig.windows?.sublayerGuid ?? runtimeConfig.windows?.wfpSublayerGuid);
    if (staleSetup) {
      config = void 0;
      throw new WindowsSandboxError("reinstall_required", staleSetup);
    }
    windowsProfileReadWarnings = [];
    windowsProfileReadRefresh = void 0;
    let profileRead = "absent";
    let profileExclusions = { exclusions: [], ungrantedOnly: [] };
    try {
      const missing = missingWindowsSrtWinCapability(u.capabilities);
      if (missing !== void 0) {
        throw windowsSrtWinOutdatedError(missing, WINDOWS_CAPABILITIES_WHY);
      }
      windowsCapableSrtWin.add(windowsSrtWinIdentity(srtWin));
      if (u.profileGrant) {
        let grant = await getWindowsProfileReadStatusAsync({ srtWin });
        stopIfReset();
        let refreshed;
        if (windowsProfileGrantRefreshable(grant)) {
          logForDebugging(`[Sandbox Windows] refreshing the profile read grant (${grant.state}${grant.reason ? `: ${grant.reason}` : ""})`);
          windowsProfileGrantAbort = new AbortController();
          try {
            refreshed = await grantWindowsProfileRead({
              srtWin,
              signal: windowsProfileGrantAbort.signal,
              onProgress: (line) => {
                logForDebugging(`[Sandbox Windows] ${line}`);
                try {
                  options?.onWindowsProfileGrantProgress?.(line);
                } catch (e) {
                  logForDebugging(`[Sandbox Windows] progress callback threw: ${e}`, { level: "warn" });
                }
              }
            });
          } catch (e) {
            stopIfReset();
            throw e;
          } finally {
            windowsProfileGrantAbort = void 0;
          }
          stopIfReset();
          grant = await getWindowsProfileReadStatusAsync({ srtWin });
        } else if (grant.state === "current" && (grant.staleAllow.length > 0 || grant.unprotected.some((u2) => u2.entry !== void 0))) {
          try {
            const { cleared } = await retryWindowsProfileStale({ srtWin });
            if (cleared > 0) {
              grant = await getWindowsProfileReadStatusAsync({ srtWin });
            }
          } catch (e) {
            logForDebugging(`[Sandbox Windows] retrying stale profile entries: ${e}`, { level: "warn" });
          }
        }
        stopIfReset();
        windowsProfileReadRefresh = refreshed;
        if (grant.state !== "none" && grant.state !== "current") {
          throw new WindowsSandboxError("profile_grant_outdated", `The recorded read grant on your user profile cannot be used (${grant.state}${grant.reason ? `: ${grant.reason}` : ""}). Call grantWindowsProfileRead() (\`srt-win profile grant\`, or \`${WINDOWS_INSTALL_COMMAND}\` again) as the user who starts sessions to bring it up to date, or forgetWindowsProfileRead() (\`srt-win profile forget\`) to run without reading the profile. initialize() does neither itself for a grant in this state.`);
        }
        if (grant.state === "current") {
          profileExclusions = grant;
          profileRead = "granted";
          windowsProfileReadWarnings = windowsProfileReadWarningsOf(grant);
          for (const w of windowsProfileReadWarnings) {
            logForDebugging(`[Sandbox Windows] ${w.message}`, { level: "warn" });
          }
        }
      }
      windowsProfileRead = profileRead;
      if (profileRead === "absent") {
        logForDebugging(`[Sandbox Windows] no profile read grant: the user profile is not readable to sandboxed commands in this session`);
      }
    } catch (e) {
      windowsProfileRead = void 0;
      config = void 0;
      throw e;
    }
    if (useWindowsPersistentCa && tlsTerminate) {
      try {
        const p = await ensurePersistentWindowsCa({ status: u, srtWin });
        stopIfReset();
        mitmCA = createMitmCA({
          caCertPem: p.certPem,
          caKeyPem: p.keyPem,
          caCertPath: p.certPath,
          caKeyPath: p.keyPath,
          extraCaCertPaths: tlsTerminate.extraCaCertPaths
        });
      } catch (e) {
        config = void 0;
        throw e;
      }
    }
    try {
      let maskedFiles = [];
      try {
        maskedFiles = windowsMaskedFileDenies(getCredentialRestrictions(runtimeConfig.credentials, runtimeConfig.network.allowedDomains));
      } catch {
      }
      const acc = computeWindowsFsAccessSet(runtimeConfig, maskedFiles);
      const ownRead = mitmCA ? [dirname8(mitmCA.trustBundlePath)] : [];
      const override = options?.dangerouslyAllowReadOfProfileExclusions ?? [];
      const refused = [
        ...windowsProfileExclusionConflicts(acc.grantRead, profileExclusions, {
          override
        }),
        ...windowsProfileExclusionConflicts(ownRead, profileExclusions),
        ...windowsProfileExclusionConflicts(acc.grantWrite, profileExclusions, {
          write: true
        })
      ];
      if (refused.length > 0) {
        const describe = (c) => {
          const list = c.access === "write" ? "allowWrite" : "allowRead";
          const what = c.kind === "ungranted-only" ? (c.relation === "equal" ? `is` : `contains`) + ` ${c.exclusion}, which is not granted as a whole (grant a directory inside it instead)` : c.relation === "equal" ? `is the excluded ${c.exclusion}` : c.relation === "inside" ? `lies inside the excluded ${c.exclusion}` : c.unexamined !== void 0 ? `may contain the excluded ${c.exclusion}: ${c.unexamined}, and a path is granted only once it has been looked at` : `contains the excluded ${c.exclusion}`;
          return `${list} ${c.path} ${what}` + (c.access === "write" && c.relation === "above" ? `: a write grant on it is kept and inherited, so that path would be writable and readable if it is ever created again \u2014 choose a narrower working directory` : "");
        };
        throw new WindowsSandboxError("profile_exclusion_read_grant", `The session would grant a path that reaches one excluded from reads of your user profile: ` + refused.map(describe).join("; ") + `. Nothing was granted. Remove the entry, or name a path that neither is nor contains an excluded one.`);
      }
      const grantRead = mitmCA ? [...acc.grantRead, dirname8(mitmCA.trustBundlePath)] : acc.grantRead;
      if (!u.sid) {
        throw new Error("sandbox user SID missing from `srt-win user status` (provisioned but in an inconsistent state)");
      }
      const sb = u.sid;
      windowsFsSbUserSid = sb;
      await grantWindowsAclPersistent({
        sandboxUserSid: sb,
        read: grantRead,
        write: acc.grantWrite,
        denyRead: acc.denyRead,
        denyWrite: acc.denyWrite,
        allowProfileExclusions: override,
        srtWin
      });
      stopIfReset();
      windowsFsStampedSet = acc;
      logForDebugging(`[Sandbox Windows] fs applied: ${acc.grantWrite.length} grantWrite, ${grantRead.length} grantRead, ${acc.denyRead.length} denyRead, ${acc.denyWrite.length} denyWrite`);
      const allowLoopback = runtimeConfig.network?.allowLocalBinding === true;
      if (windowsWfpVerifiedFor !== sb || windowsWfpVerifiedLoopback !== allowLoopback) {
        await verifyWindowsWfpEgress({
          proxyPortRange: runtimeConfig.windows?.proxyPortRange,
          writeRoots: acc.grantWrite,
          allowLoopback,
          sublayerGuid: runtimeConfig.windows?.sublayerGuid ?? runtimeConfig.windows?.wfpSublayerGuid,
          sandboxUser: runtimeConfig.windows?.sandboxUser,
          srtWin
        });
        stopIfReset();
        windowsWfpVerifiedFor = sb;
        windowsWfpVerifiedLoopback = allowLoopback;
      }
      windowsFsRawInputs = rawWindowsFsInputs(runtimeConfig);
    } catch (e) {
      if (windowsFsSbUserSid) {
        releaseWindowsSessionAcls(windowsFsSbUserSid, srtWin);
      }
      windowsFsSbUserSid = void 0;
      windowsFsStampedSet = void 0;
      windowsProfileRead = void 0;
      config = void 0;
      throw e;
    }
  }
  initializationPromise = (async () => {
    try {
      const portRange = getPlatform() === "windows" ? config.windows?.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE : void 0;
      proxyAuthToken = config.network.httpProxyPort !== void 0 ? void 0 : randomBytes4(16).toString("hex");
      const needLocalProxy = config.network.httpProxyPort === void 0 || config.network.socksProxyPort === void 0;
      const muxPort = needLocalProxy ? await startMuxProxyServer(sandboxAskCallback, portRange) : void 0;
      stopIfReset();
      const httpProxyPort = config.network.httpProxyPort ?? muxPort;
      const socksProxyPort = config.network.socksProxyPort ?? muxPort;
      javaAgentJarPath = await getJavaProxyAgentJarPathAsync(config.javaAgentJarPath) ?? void 0;
      stopIfReset();
      if (mitmCA && muxPort !== void 0 && getPlatform() === "windows") {
        mitmCA.crlUrl = `http://127.0.0.1:${muxPort}${CRL_PATH}`;
      }
      if (config.network.httpProxyPort !== void 0) {
        logForDebugging(`Using external HTTP proxy on port ${httpProxyPort}`);
      }
      if (config.network.socksProxyPort !== void 0) {
        logForDebugging(`Using external SOCKS proxy on port ${socksProxyPort}`);
      }
      let linuxBridge;
      if (getPlatform() === "linux") {
        linuxBridge = await initializeLinuxNetworkBridge(httpProxyPort, socksProxyPort, config.socatPath);
        stopIfReset();
      }
      const context = {
        httpProxyPort,
        socksProxyPort,
        linuxBridge
      };
      managerContext = context;
      logForDebugging("Network infrastructure initialized");
      return context;
    } catch (error) {
      initializationPromise = void 0;
      managerContext = void 0;
      await reset().catch((e) => {
        logForDebugging(`Cleanup failed in initializationPromise ${e}`, {
          level: "error"
        });
      });
      throw error;
    }
  })();
  await initializationPromise;
}
function isSupportedPlatform() {
  const platform = getPlatform();
  if (platform === "linux") {
    return getWslVersion() !== "1";
  }
  return platform === "macos" || platform === "windows";
}
function isSandboxingEnabled() {
  return config !== void 0;
}
function checkDependenciesCommon(ripgrepConfig) {
  if (!isSupportedPlatform()) {
    return { done: { errors: ["Unsupported platform"], warnings: [] } };
  }
  const errors = [];
  const warnings = [];
  const platform = getPlatform();
  if (platform === "linux") {
    const rgToCheck = ripgrepConfig ?? config?.ripgrep ?? { command: "rg" };
    if (whichSync(rgToCheck.command) === null) {
      errors.push(`ripgrep (${rgToCheck.command}) not found`);
    }
    const linuxDeps = checkLinuxDependencies({
      seccompConfig: config?.seccomp,
      bwrapPath: config?.bwrapPath,
      socatPath: config?.socatPath
    });
    errors.push(...linuxDeps.errors);
    warnings.push(...linuxDeps.warnings);
  } else if (platform === "windows") {
    let srtWin;
    try {
      srtWin = resolveSrtWin(config?.windows?.srtWin);
    } catch (e) {
      errors.push(e.message);
      return { done: { errors, warnings } };
    }
    return {
      windows: {
        sublayerGuid: config?.windows?.sublayerGuid ?? config?.windows?.wfpSublayerGuid,
        proxyPortRange: config?.windows?.proxyPortRange,
        sandboxUser: config?.windows?.sandboxUser,
        srtWin,
        // With a config to go by, an install whose loopback mode is
        // not the configured one is an error.
        ...config && {
          allowLoopback: config.network?.allowLocalBinding === true
        }
      }
    };
  }
  if (!config?.filesystem.disabled) {
    try {
      const ownInstall = ownInstallWarning(writeRootsOf(getFsWriteConfig()));
      if (ownInstall !== void 0)
        warnings.push(ownInstall);
    } catch {
    }
  }
  return { done: { errors, warnings } };
}
function mxcDependencies(options) {
  const backend = options?.windowsBackend ?? config?.windows?.backend;
  if (backend !== "mxc" || getPlatform() !== "windows")
    return void 0;
  return {
    errors: options?.windowsMxcSdk || windowsMxcState || isMxcSdkInstalled() ? [] : [MXC_SDK_MISSING],
    warnings: []
  };
}
function checkDependencies(ripgrepConfig, options) {
  const mxc = mxcDependencies(options);
  if (mxc)
    return mxc;
  const common = checkDependenciesCommon(ripgrepConfig);
  if ("done" in common)
    return common.done;
  return checkWindowsDependencies(common.windows);
}
async function checkDependenciesAsync(ripgrepConfig, options) {
  const mxc = mxcDependencies(options);
  if (mxc)
    return mxc;
  if (getPlatform() === "linux" && !config?.seccomp?.argv0) {
    await getApplySeccompBinaryPathAsync(config?.seccomp?.applyPath);
  }
  const common = checkDependenciesCommon(ripgrepConfig);
  if ("done" in common)
    return common.done;
  return checkWindowsDependenciesAsync(common.windows);
}
function getCredentialRestrictions(credentials, allowedDomains) {
  if (!credentials) {
    return {
      denyReadPaths: [],
      unsetEnvVars: [],
      setEnvVars: {},
      maskedFileBinds: [],
      maskedFileStoreDir: void 0,
      degradeToDenyPaths: []
    };
  }
  const denyReadPaths = getCredentialDenyReadPaths(credentials);
  const defaultInjectHosts = [
    ...new Set((allowedDomains ?? []).map(stripDomainPatternPort))
  ];
  const unsetEnvVars = [];
  for (const v of credentials.envVars ?? []) {
    if (v.mode === "deny")
      unsetEnvVars.push(v.name);
  }
  const { setEnvVars, degradeToUnsetNames } = buildMaskedEnvVars(credentials.envVars ?? [], defaultInjectHosts, sentinelRegistry);
  unsetEnvVars.push(...degradeToUnsetNames);
  registerAwsPairs(credentials.envVars ?? [], credentials.awsPairs, defaultInjectHosts, setEnvVars, awsPairRegistry);
  const files = credentials.files ?? [];
  const { binds: maskedFileBinds, degradeToDenyPaths } = buildMaskedFileBinds(files, defaultInjectHosts, sentinelRegistry, maskedFileStore);
  return {
    denyReadPaths: [.../* @__PURE__ */ new Set([...denyReadPaths, ...degradeToDenyPaths])],
    unsetEnvVars: [...new Set(unsetEnvVars)],
    setEnvVars,
    maskedFileBinds,
    maskedFileStoreDir: maskedFileStore.dirPath,
    degradeToDenyPaths
  };
}
function getCredentialDenyReadPaths(credentials) {
  const files = credentials?.files ?? [];
  return [...new Set(files.filter((f) => f.mode === "deny").map((f) => f.path))];
}
function defaultWritePathsUnder({ denyRead, allowRead, credentials }) {
  const underCredentialDenies = getDefaultWritePaths(readRulesOf([], void 0, getCredentialDenyReadPaths(credentials)));
  return getDefaultWritePaths(readRulesOf(denyRead, allowRead, [])).filter((p) => underCredentialDenies.includes(p));
}
function* resolveReadDenies(denyRead = [], credentialRestrictions, expandGlob) {
  const listed = yield* resolveReadPathEntries("deny", denyRead, expandGlob);
  const credentialDenyOnly = yield* resolveReadPathEntries("deny", credentialRestrictions.denyReadPaths, expandGlob, credentialRestrictions.degradeToDenyPaths);
  return {
    denyOnly: [.../* @__PURE__ */ new Set([...listed, ...credentialDenyOnly])],
    ...credentialDenyOnly.length > 0 && { credentialDenyOnly }
  };
}
function* resolveReadPathEntries(kind, paths, expandGlob, literalPaths = []) {
  const literal = new Set(literalPaths);
  const resolved = /* @__PURE__ */ new Set();
  for (const p of spelledOf(paths)) {
    const stripped = removeTrailingGlobSuffix(p);
    if (getPlatform() === "linux" && !literal.has(p) && containsGlobChars(stripped)) {
      for (const found of yield* withOtherReadings(p, stripped, kind, expandGlob)) {
        resolved.add(found);
      }
    } else {
      resolved.add(stripped);
    }
  }
  return [...resolved];
}
function stripWriteGlobs(kind, paths) {
  return spelledOf(paths).map((p) => removeTrailingGlobSuffix(p)).filter((p) => {
    if (getPlatform() === "linux" && containsGlobChars(p) && !hasNameReading(p, kind)) {
      logForDebugging(`[Sandbox] Skipping glob write pattern on Linux: ${p}`);
      return false;
    }
    return true;
  });
}
function* expandAllowReadGlob(pattern, anchor) {
  const expanded = (yield* walkGlobPatternSteps(pattern, { anchor })).matches;
  logForDebugging(`[Sandbox] Expanded allowRead glob pattern "${pattern}" to ${expanded.length} paths on Linux`);
  return expanded;
}
function getFsReadConfig() {
  if (!config || config.filesystem.disabled) {
    return { denyOnly: [], allowWithinDeny: [] };
  }
  const credentialRestrictions = getCredentialRestrictions(config.credentials, config.network.allowedDomains);
  const allowPaths = finish(resolveReadPathEntries("allow", config.filesystem.allowRead ?? [], expandAllowReadGlob));
  const reExposedPaths = reExposedBy(allowPaths, config.filesystem.allowRead, getFsWriteConfig());
  const unlistableDenyDirs = /* @__PURE__ */ new Set();
  const listings = /* @__PURE__ */ new Map();
  const denyPaths = finish(resolveReadDenies(config.filesystem.denyRead, credentialRestrictions, (pattern, anchor) => expandReadDenyGlobLinuxSteps(pattern, reExposedPaths, unlistableDenyDirs, { anchor, listings })));
  return {
    ...denyPaths,
    allowWithinDeny: allowPaths,
    unlistableDenyDirs: [...unlistableDenyDirs],
    ...literalReadLists(config.filesystem.denyRead, config.filesystem.allowRead)
  };
}
function getFsWriteConfig() {
  if (!config) {
    return { allowOnly: getDefaultWritePaths(), denyWithinAllow: [] };
  }
  if (config.filesystem.disabled) {
    return { allowOnly: ["/"], denyWithinAllow: [] };
  }
  const allowPaths = stripWriteGlobs("allow", config.filesystem.allowWrite);
  const denyPaths = stripWriteGlobs("deny", config.filesystem.denyWrite);
  const allowOnly = [
    ...defaultWritePathsUnder({
      denyRead: config.filesystem.denyRead,
      allowRead: config.filesystem.allowRead,
      credentials: config.credentials
    }),
    ...allowPaths
  ];
  return {
    allowOnly,
    denyWithinAllow: denyPaths,
    ...literalWriteLists(config.filesystem.allowWrite, config.filesystem.denyWrite)
  };
}
function computeWindowsFsAccessSet(c, maskedFiles) {
  const fs11 = c.filesystem;
  if (fs11?.disabled) {
    return {
      grantRead: [],
      grantWrite: [],
      denyRead: [...maskedFiles],
      denyWrite: []
    };
  }
  const expand = expandWindowsFsPaths;
  return rankWindowsFsAccess({
    allowRead: expand(fs11?.allowRead ?? [], { mode: "grant" }),
    allowWrite: expand(fs11?.allowWrite ?? [], { mode: "grant" }),
    denyRead: expand(fs11?.denyRead ?? [], { mode: "deny" }),
    denyWrite: expand(fs11?.denyWrite ?? [], { mode: "deny" }),
    credentialDeny: [
      ...expand(getCredentialDenyReadPaths(c.credentials), { mode: "deny" }),
      ...maskedFiles
    ]
  });
}
function windowsMaskedFileDenies(credentialRestrictions) {
  return [
    ...credentialRestrictions.maskedFileBinds.map((b) => b.realPath),
    ...credentialRestrictions.degradeToDenyPaths
  ];
}
function rawWindowsFsInputs(c) {
  return {
    disabled: c.filesystem.disabled ?? false,
    denyRead: [...c.filesystem.denyRead],
    denyWrite: [...c.filesystem.denyWrite],
    allowRead: [...c.filesystem.allowRead ?? []],
    allowWrite: [...c.filesystem.allowWrite],
    credFiles: getCredentialDenyReadPaths(c.credentials)
  };
}
function sameRawWindowsFsInputs(a, b) {
  return a.disabled === b.disabled && samePathEntries(a.denyRead, b.denyRead) && samePathEntries(a.denyWrite, b.denyWrite) && samePathEntries(a.allowRead, b.allowRead) && samePathEntries(a.allowWrite, b.allowWrite) && samePathEntries(a.credFiles, b.credFiles);
}
function sameWindowsStampSet(newConfig) {
  return windowsFsRawInputs !== void 0 && sameRawWindowsFsInputs(windowsFsRawInputs, rawWindowsFsInputs(newConfig));
}
function windowsLoopbackModeChanged(wanted, verified) {
  const mode = (open) => open ? "open" : "closed";
  return `network.allowLocalBinding asks for loopback ${mode(wanted)}, but this session verified the network fence with loopback ${mode(verified)}. On Windows the loopback mode is fixed by the install and checked at initialize(): it cannot change for one command or through updateConfig(). Call reset() then initialize() with the new value; the installed mode must match it.`;
}
function getNetworkRestrictionConfig() {
  if (!config) {
    return {};
  }
  const allowedHosts = config.network.allowedDomains;
  const deniedHosts = config.network.deniedDomains;
  return {
    allowedHosts,
    ...deniedHosts.length > 0 && { deniedHosts }
  };
}
function getAllowUnixSockets() {
  return config?.network?.allowUnixSockets;
}
function getAllowAllUnixSockets() {
  return config?.network?.allowAllUnixSockets;
}
function getAllowLocalBinding() {
  return config?.network?.allowLocalBinding;
}
function getAllowMachLookup() {
  return config?.network?.allowMachLookup;
}
function getIgnoreViolations() {
  return config?.ignoreViolations;
}
function getEnableWeakerNestedSandbox() {
  return config?.enableWeakerNestedSandbox;
}
function getEnableWeakerNetworkIsolation() {
  return config?.enableWeakerNetworkIsolation;
}
function getAllowAppleEvents() {
  return config?.allowAppleEvents;
}
function getRipgrepConfig() {
  return config?.ripgrep ?? { command: "rg" };
}
function getMandatoryDenySearchDepth() {
  return config?.mandatoryDenySearchDepth ?? 3;
}
function getAllowGitConfig() {
  return config?.filesystem?.allowGitConfig ?? false;
}
function getGitSafeDirectories(customConfig) {
  return [
    ...config?.git?.safeDirectories ?? [],
    ...customConfig?.git?.safeDirectories ?? []
  ];
}
function getSeccompConfig() {
  return config?.seccomp;
}
function getProxyAuthToken() {
  return proxyAuthToken;
}
function getProxyPort() {
  return managerContext?.httpProxyPort;
}
function getSocksProxyPort() {
  return managerContext?.socksProxyPort;
}
function getLinuxHttpSocketPath() {
  return managerContext?.linuxBridge?.httpSocketPath;
}
function getLinuxSocksSocketPath() {
  return managerContext?.linuxBridge?.socksSocketPath;
}
async function waitForNetworkInitialization() {
  if (!config) {
    return false;
  }
  if (initializationPromise) {
    try {
      await initializationPromise;
      return true;
    } catch {
      return false;
    }
  }
  return managerContext !== void 0;
}
var RESTARTS_IN_TURNS = 2;
var REPLACED = /* @__PURE__ */ Symbol("replaced");
var walking = false;
var waitingToWalk = [];
async function waitToWalk(signal) {
  if (walking) {
    signal?.throwIfAborted();
    await new Promise((resolve6, reject) => {
      const go = () => {
        signal?.removeEventListener("abort", leave);
        resolve6();
      };
      const leave = () => {
        waitingToWalk.splice(waitingToWalk.indexOf(go), 1);
        reject(signal?.reason);
      };
      waitingToWalk.push(go);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
  walking = true;
  let ended = false;
  return () => {
    if (ended)
      return;
    ended = true;
    const next = waitingToWalk.shift();
    if (next)
      next();
    else
      walking = false;
  };
}
async function wrapWithSandbox(command, binShell, customConfig, abortSignal, options) {
  return wrapWithSandboxAgain(0, command, binShell, customConfig, abortSignal, options);
}
async function wrapWithSandboxAgain(restarts, command, binShell, customConfig, abortSignal, options) {
  const walkEnded = await waitToWalk(abortSignal);
  try {
    return await wrapWithSandboxOnce(walkEnded, restarts, command, binShell, customConfig, abortSignal, options);
  } finally {
    walkEnded();
  }
}
async function wrapWithSandboxOnce(walkEnded, restarts, command, binShell, customConfig, abortSignal, options) {
  const platform = getPlatform();
  const commandId = options?.commandId;
  registerCommandText(command, options);
  const startedWith = config;
  const startedAt = configInstalls;
  const startedIn = workingDirectory();
  const movedOn = () => config !== startedWith || configInstalls !== startedAt || workingDirectory() !== startedIn;
  const startOver = () => {
    walkEnded();
    return wrapWithSandboxAgain(restarts + 1, command, binShell, customConfig, abortSignal, options);
  };
  function* whileCurrent(steps) {
    for (; ; ) {
      if (movedOn())
        return REPLACED;
      const step = steps.next();
      if (step.done)
        return step.value;
      yield;
    }
  }
  const walked = (steps) => {
    if (restarts < RESTARTS_IN_TURNS) {
      return finishInTurns(whileCurrent(steps), abortSignal);
    }
    abortSignal?.throwIfAborted();
    return finish(steps);
  };
  const fsDisabled = customConfig?.filesystem !== void 0 ? customConfig.filesystem.disabled ?? false : config?.filesystem.disabled ?? false;
  const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
  let writeConfig;
  let readConfig;
  if (!fsDisabled) {
    const userAllowWrite = stripWriteGlobs("allow", customConfig?.filesystem?.allowWrite ?? config?.filesystem.allowWrite ?? []);
    writeConfig = {
      allowOnly: [
        ...defaultWritePathsUnder({
          denyRead: customConfig?.filesystem?.denyRead ?? config?.filesystem.denyRead ?? [],
          allowRead: customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead,
          credentials: customConfig?.credentials ?? config?.credentials
        }),
        ...userAllowWrite
      ],
      denyWithinAllow: stripWriteGlobs("deny", customConfig?.filesystem?.denyWrite ?? config?.filesystem.denyWrite ?? []),
      ...literalWriteLists(customConfig?.filesystem?.allowWrite ?? config?.filesystem.allowWrite, customConfig?.filesystem?.denyWrite ?? config?.filesystem.denyWrite)
    };
    if (!ownInstallLogged) {
      ownInstallLogged = true;
      try {
        const ownInstall = ownInstallWarning(writeRootsOf(writeConfig));
        if (ownInstall !== void 0) {
          logForDebugging(ownInstall, { level: "warn" });
        }
      } catch {
      }
    }
    const expandedAllowRead = await walked(resolveReadPathEntries("allow", customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead ?? [], expandAllowReadGlob));
    if (expandedAllowRead === REPLACED)
      return startOver();
    const ownAllowWithinDeny = [];
    if (mitmCA) {
      ownAllowWithinDeny.push(mitmCA.certPath, mitmCA.trustBundlePath);
    }
    if (javaAgentJarPath) {
      ownAllowWithinDeny.push(javaAgentJarPath);
    }
    expandedAllowRead.push(...ownAllowWithinDeny);
    const reExposedPaths = reExposedBy(expandedAllowRead, customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead, writeConfig);
    const unlistableDenyDirs = /* @__PURE__ */ new Set();
    const listings = /* @__PURE__ */ new Map();
    const expandedDenyRead = await walked(resolveReadDenies(customConfig?.filesystem?.denyRead ?? config?.filesystem.denyRead, credentialRestrictions, (pattern, anchor) => expandReadDenyGlobLinuxSteps(pattern, reExposedPaths, unlistableDenyDirs, { anchor, listings })));
    listings.clear();
    if (expandedDenyRead === REPLACED)
      return startOver();
    readConfig = {
      ...expandedDenyRead,
      allowWithinDeny: expandedAllowRead,
      ...ownAllowWithinDeny.length > 0 && { ownAllowWithinDeny },
      unlistableDenyDirs: [...unlistableDenyDirs],
      ...literalReadLists(customConfig?.filesystem?.denyRead ?? config?.filesystem.denyRead, customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead)
    };
  }
  walkEnded();
  const hasNetworkConfig = customConfig?.network?.allowedDomains !== void 0 || config?.network?.allowedDomains !== void 0;
  const needsNetworkRestriction = hasNetworkConfig;
  const needsNetworkProxy = hasNetworkConfig;
  if (needsNetworkProxy) {
    await waitForNetworkInitialization();
  }
  if (movedOn())
    return startOver();
  const allowPty = customConfig?.allowPty ?? config?.allowPty;
  const allowNestedUserNamespaces = customConfig?.allowNestedUserNamespaces ?? config?.allowNestedUserNamespaces;
  const gitSafeDirectories = getGitSafeDirectories(customConfig);
  switch (platform) {
    case "macos":
      return wrapCommandWithSandboxMacOS({
        command,
        commandId,
        needsNetworkRestriction,
        // Only pass proxy ports if proxy is running (when there are domains to filter)
        httpProxyPort: needsNetworkProxy ? getProxyPort() : void 0,
        socksProxyPort: needsNetworkProxy ? getSocksProxyPort() : void 0,
        proxyAuthToken: needsNetworkProxy ? proxyAuthToken : void 0,
        caCertPath: mitmCA?.trustBundlePath,
        javaAgentJarPath: needsNetworkProxy ? javaAgentJarPath : void 0,
        readConfig,
        writeConfig,
        unsetEnvVars: credentialRestrictions.unsetEnvVars,
        setEnvVars: credentialRestrictions.setEnvVars,
        maskedFileBinds: credentialRestrictions.maskedFileBinds,
        degradeToDenyPaths: credentialRestrictions.degradeToDenyPaths,
        allowUnixSockets: getAllowUnixSockets(),
        allowAllUnixSockets: getAllowAllUnixSockets(),
        allowLocalBinding: getAllowLocalBinding(),
        allowMachLookup: getAllowMachLookup(),
        ignoreViolations: getIgnoreViolations(),
        allowPty,
        allowGitConfig: getAllowGitConfig(),
        gitSafeDirectories,
        enableWeakerNetworkIsolation: getEnableWeakerNetworkIsolation(),
        allowAppleEvents: getAllowAppleEvents(),
        binShell
      });
    case "linux":
      return wrapCommandWithSandboxLinux({
        command,
        commandId,
        needsNetworkRestriction,
        // Only pass socket paths if proxy is running (when there are domains to filter)
        httpSocketPath: needsNetworkProxy ? getLinuxHttpSocketPath() : void 0,
        socksSocketPath: needsNetworkProxy ? getLinuxSocksSocketPath() : void 0,
        httpProxyPort: needsNetworkProxy ? managerContext?.httpProxyPort : void 0,
        socksProxyPort: needsNetworkProxy ? managerContext?.socksProxyPort : void 0,
        proxyAuthToken: needsNetworkProxy ? proxyAuthToken : void 0,
        caCertPath: mitmCA?.trustBundlePath,
        javaAgentJarPath: needsNetworkProxy ? javaAgentJarPath : void 0,
        readConfig,
        writeConfig,
        unsetEnvVars: credentialRestrictions.unsetEnvVars,
        setEnvVars: credentialRestrictions.setEnvVars,
        maskedFileBinds: credentialRestrictions.maskedFileBinds,
        maskedFileStoreDir: credentialRestrictions.maskedFileStoreDir,
        enableWeakerNestedSandbox: getEnableWeakerNestedSandbox(),
        allowNestedUserNamespaces,
        allowAllUnixSockets: getAllowAllUnixSockets(),
        binShell,
        ripgrepConfig: getRipgrepConfig(),
        mandatoryDenySearchDepth: getMandatoryDenySearchDepth(),
        allowGitConfig: getAllowGitConfig(),
        gitSafeDirectories,
        seccompConfig: getSeccompConfig(),
        bwrapPath: config?.bwrapPath,
        socatPath: config?.socatPath,
        observeSocketPath: linuxMonitor?.observeSocketPath,
        abortSignal
      }).catch((err) => {
        if (err instanceof WorkingDirectoryChanged)
          return startOver();
        throw err;
      });
    case "windows":
      throw new Error("wrapWithSandbox() returns a shell string and is not supported on Windows. Use SandboxManager.wrapWithSandboxArgv() and spawn the result with {shell: false}.");
    default:
      throw new Error(`Sandbox configuration is not supported on platform: ${platform}`);
  }
}
async function wrapWithSandboxArgv(command, binShell, customConfig, abortSignal, cwd, options) {
  const platform = getPlatform();
  if (platform === "windows") {
    if (windowsMxcState) {
      throw new Error("windows.backend 'mxc' starts commands itself: use SandboxManager.spawnSandboxed() instead of wrapWithSandboxArgv().");
    }
    const hasNetworkConfig = customConfig?.network?.allowedDomains !== void 0 || config?.network?.allowedDomains !== void 0;
    if (hasNetworkConfig) {
      await waitForNetworkInitialization();
    }
    const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
    const fsCfg = customConfig?.filesystem;
    const maskedFiles = windowsMaskedFileDenies(credentialRestrictions);
    let rawRead = [];
    let rawWrite = [];
    let rawCredential = [];
    if (!fsCfg?.disabled) {
      if (fsCfg?.allowRead?.length || fsCfg?.allowWrite?.length) {
        throw new Error(`Per-exec filesystem.allowRead/allowWrite is not supported on Windows \u2014 \`srt-win exec\` only exposes per-exec denies. Set them at the session level (initialize()).`);
      }
      rawRead = fsCfg?.denyRead ?? [];
      rawWrite = fsCfg?.denyWrite ?? [];
      rawCredential = getCredentialDenyReadPaths(customConfig?.credentials);
    }
    let perExecDenyRead = [];
    let perExecDenyWrite = [];
    if (rawRead.length > 0 || rawWrite.length > 0 || rawCredential.length > 0 || maskedFiles.length > 0) {
      const sessRead = new Set(windowsFsStampedSet?.denyRead ?? []);
      const sessWrite = new Set(windowsFsStampedSet?.denyWrite ?? []);
      const expand = expandWindowsFsPaths;
      const ranked = rankWindowsFsAccess({
        allowRead: [],
        allowWrite: [],
        denyRead: expand(rawRead, { mode: "deny" }),
        denyWrite: expand(rawWrite, { mode: "deny" }),
        credentialDeny: [
          ...expand(rawCredential, { mode: "deny" }),
          ...maskedFiles
        ],
        held: windowsFsStampedSet
      });
      const denyRead = ranked.denyRead;
      perExecDenyRead = denyRead.filter((p) => !sessRead.has(p));
      perExecDenyWrite = ranked.denyWrite.filter((p) => !sessRead.has(p) && !sessWrite.has(p));
    }
    assertWindowsSrtWinCapable(customConfig?.windows?.srtWin ? resolveSrtWin(customConfig.windows.srtWin) : srtWinSpawn ?? resolveSrtWin(config?.windows?.srtWin));
    const wantsLoopback = (customConfig?.network?.allowLocalBinding ?? getAllowLocalBinding()) === true;
    if (windowsWfpVerifiedLoopback !== void 0 && wantsLoopback !== windowsWfpVerifiedLoopback) {
      throw new WindowsSandboxError("wfp_loopback_mismatch", windowsLoopbackModeChanged(wantsLoopback, windowsWfpVerifiedLoopback));
    }
    registerCommandText(command, options);
    return wrapCommandWithSandboxWindows({
      command,
      commandId: options?.commandId,
      httpProxyPort: hasNetworkConfig ? getProxyPort() : void 0,
      socksProxyPort: hasNetworkConfig ? getSocksProxyPort() : void 0,
      proxyAuthToken: hasNetworkConfig ? proxyAuthToken : void 0,
      // `srt-win exec` launches nothing unless this is the loopback mode
      // the install recorded: a difference is refused, never ignored.
      allowLoopback: wantsLoopback,
      // mode:'deny' env vars are structurally absent (fresh
      // srt-sandbox profile env). mode:'mask' sentinels are
      // passed via the --env overlay so the sandboxed child sees
      // the sentinel value, same as macOS/Linux.
      setEnvVars: credentialRestrictions.setEnvVars,
      denyRead: perExecDenyRead,
      // The session's own grants beneath those denies keep their rank.
      denyReadExcept: windowsGrantsBeneathDenies([
        ...windowsFsStampedSet?.grantRead ?? [],
        ...windowsFsStampedSet?.grantWrite ?? []
      ], perExecDenyRead),
      denyWrite: perExecDenyWrite,
      // safe.directory: cwd + the resolved session-level write
      // grants + explicit git.safeDirectories — the working-tree
      // roots the sandbox user has MODIFY on plus any repo top-level
      // the caller marks as safe without granting write.
      cwd,
      allowWrite: windowsFsStampedSet?.grantWrite,
      gitSafeDirectories: getGitSafeDirectories(customConfig),
      caCertPath: mitmCA?.trustBundlePath,
      // srt-win verifies the holder and otherwise holds for the command
      // itself.
      heldBy: windowsFsSbUserSid !== void 0 ? process.pid : void 0,
      // The roots initialize() granted persistently; their capability
      // SIDs are what let this command write them.
      writeRoots: windowsFsStampedSet?.grantWrite,
      binShell: parseWindowsBinShell(binShell),
      srtWin: customConfig?.windows?.srtWin ? resolveSrtWin(customConfig.windows.srtWin) : srtWinSpawn ?? resolveSrtWin(config?.windows?.srtWin)
    });
  }
  if (typeof binShell === "object") {
    throw new Error("binShell object form is Windows-only; pass a shell path string on macOS/Linux");
  }
  const wrapped = await wrapWithSandbox(command, binShell, customConfig, abortSignal, options);
  const shell = binShell ?? "/bin/bash";
  return { argv: [shell, "-c", wrapped], env: process.env };
}
function assertMxcSessionConfig(c) {
  const refuse = (what) => {
    throw new WindowsSandboxError("backend_unsupported", `${what} is not supported on the mxc backend`);
  };
  if (c.filesystem?.disabled)
    refuse("filesystem.disabled");
  if (c.network?.allowLocalBinding === true) {
    refuse("network.allowLocalBinding");
  }
}
function sandboxedProcessOf(p) {
  return {
    pid: p.id,
    get stdin() {
      return p.standardInput;
    },
    get stdout() {
      return p.standardOutput;
    },
    get stderr() {
      return p.standardError;
    },
    wait: () => p.wait(),
    kill: () => p.kill(),
    dispose: () => p.dispose()
  };
}
async function spawnSandboxed(command, options = {}) {
  const st = windowsMxcState;
  if (getPlatform() !== "windows" || !st) {
    throw new Error("spawnSandboxed() needs an initialized windows.backend 'mxc' session; other backends use wrapWithSandboxArgv().");
  }
  const { customConfig, cwd } = options;
  if (customConfig?.network?.allowLocalBinding === true) {
    assertMxcSessionConfig({ network: customConfig.network });
  }
  const hasNetworkConfig = customConfig?.network?.allowedDomains !== void 0 || config?.network?.allowedDomains !== void 0;
  if (hasNetworkConfig) {
    await waitForNetworkInitialization();
  }
  const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
  const fsCfg = customConfig?.filesystem;
  const maskedFiles = windowsMaskedFileDenies(credentialRestrictions);
  let perExecDenyRead = [];
  let perExecDenyWrite = [];
  let perExecAllowRead = [];
  let perExecAllowWrite = [];
  if (!fsCfg?.disabled) {
    perExecAllowRead = expandWindowsFsPaths(fsCfg?.allowRead ?? [], {
      mode: "grant"
    });
    perExecAllowWrite = expandWindowsFsPaths(fsCfg?.allowWrite ?? [], {
      mode: "grant"
    });
    perExecDenyRead = expandWindowsFsPaths([
      ...fsCfg?.denyRead ?? [],
      ...getCredentialDenyReadPaths(customConfig?.credentials)
    ], { mode: "deny" });
    perExecDenyWrite = expandWindowsFsPaths(fsCfg?.denyWrite ?? [], {
      mode: "deny"
    });
  }
  const unique = (paths) => [...new Set(paths)];
  registerCommandText(command, {
    commandId: options.commandId,
    commandText: options.commandText
  });
  const request = buildMxcRequest({
    command,
    commandId: options.commandId,
    httpProxyPort: hasNetworkConfig ? getProxyPort() : void 0,
    socksProxyPort: hasNetworkConfig ? getSocksProxyPort() : void 0,
    proxyAuthToken: hasNetworkConfig ? proxyAuthToken : void 0,
    setEnvVars: credentialRestrictions.setEnvVars,
    denyRead: unique([
      ...st.fsSet.denyRead,
      ...perExecDenyRead,
      ...maskedFiles
    ]),
    denyWrite: unique([...st.fsSet.denyWrite, ...perExecDenyWrite]),
    allowRead: unique([...st.fsSet.grantRead, ...perExecAllowRead]),
    allowWrite: unique([...st.fsSet.grantWrite, ...perExecAllowWrite]),
    cwd,
    gitSafeDirectories: getGitSafeDirectories(customConfig),
    binShell: parseWindowsBinShell(options.binShell),
    timeoutMs: options.timeoutMs,
    env: options.env
  });
  return sandboxedProcessOf(await spawnMxcRequest(st.sdk, request));
}
function getConfig() {
  return config;
}
function updateConfig(newConfig) {
  if (getPlatform() === "windows" && config && !sameWindowsStampSet(newConfig)) {
    logForDebugging(`[Sandbox Windows] updateConfig: the resolved file-access set (filesystem.* \u222A credentials.files) changed but the session state is fixed at initialize() \u2014 srt-win's ACL stamp/grant is session-wide, and the mxc backend's probed selection + fs sets are cached \u2014 call reset() then initialize() to apply. The previously-applied set stays in effect.`, { level: "warn" });
  }
  const nextLoopback = newConfig.network?.allowLocalBinding === true;
  if (getPlatform() === "windows" && config && windowsWfpVerifiedLoopback !== void 0 && nextLoopback !== windowsWfpVerifiedLoopback) {
    logForDebugging(`[Sandbox Windows] updateConfig: ` + windowsLoopbackModeChanged(nextLoopback, windowsWfpVerifiedLoopback) + ` Commands are refused until then.`, { level: "warn" });
  }
  const nextGuard = createResolvedAddressGuard(newConfig.network);
  const { filterRequest, ...rest } = newConfig.network;
  config = structuredClone({ ...newConfig, network: rest });
  config.network.filterRequest = filterRequest;
  configInstalls++;
  resolvedAddressGuard = nextGuard;
  parentProxy = resolveParentProxy(newConfig.network.parentProxy);
  logForDebugging("Sandbox configuration updated");
}
function cleanupAfterCommand() {
  cleanupBwrapMountPoints();
}
var BRIDGE_EXIT_TIMEOUT_MS = 1500;
function killBridgeProcess(proc, label) {
  if (!proc.pid || proc.exitCode !== null || proc.signalCode !== null) {
    return Promise.resolve();
  }
  try {
    process.kill(proc.pid, "SIGTERM");
    logForDebugging(`Sent SIGTERM to ${label} bridge process`);
  } catch (err) {
    if (err.code !== "ESRCH") {
      logForDebugging(`Error killing ${label} bridge: ${err}`, {
        level: "error"
      });
    }
    return Promise.resolve();
  }
  return new Promise((resolve6) => {
    let settled = false;
    const done = () => {
      if (settled)
        return;
      settled = true;
      clearTimeout(timer);
      resolve6();
    };
    proc.once("exit", () => {
      logForDebugging(`${label} bridge process exited`);
      done();
    });
    const timer = setTimeout(() => {
      if (proc.exitCode === null && proc.signalCode === null) {
        logForDebugging(`${label} bridge did not exit, forcing SIGKILL`, {
          level: "warn"
        });
        try {
          if (proc.pid)
            process.kill(proc.pid, "SIGKILL");
        } catch {
        }
      }
      done();
    }, BRIDGE_EXIT_TIMEOUT_MS);
    timer.unref?.();
  });
}
function forceCloseHttpServer(server) {
  return new Promise((resolve6) => {
    if (typeof server.closeAllConnections === "function") {
      server.closeAllConnections();
    }
    server.close((error) => {
      if (error && error.message !== "Server is not running.") {
        logForDebugging(`Error closing HTTP proxy server: ${error.message}`, {
          level: "error"
        });
      }
      resolve6();
    });
  });
}
async function reset() {
  initializeGeneration++;
  windowsProfileGrantAbort?.abort();
  if (windowsFsStampedSet && windowsFsSbUserSid) {
    const sb = windowsFsSbUserSid;
    const srtWin = srtWinSpawn;
    releaseWindowsSessionAcls(sb, srtWin);
  }
  windowsFsStampedSet = void 0;
  windowsFsSbUserSid = void 0;
  windowsFsRawInputs = void 0;
  srtWinSpawn = void 0;
  windowsProfileRead = void 0;
  windowsProfileReadWarnings = [];
  windowsProfileReadRefresh = void 0;
  windowsCapableSrtWin.clear();
  windowsMxcState = void 0;
  cleanupBwrapMountPoints({ force: true });
  if (logMonitorShutdown) {
    logMonitorShutdown();
    logMonitorShutdown = void 0;
  }
  if (linuxMonitor) {
    linuxMonitor.stop();
    linuxMonitor = void 0;
  }
  if (managerContext?.linuxBridge) {
    const { httpSocketPath, socksSocketPath, httpBridgeProcess, socksBridgeProcess } = managerContext.linuxBridge;
    await Promise.all([
      killBridgeProcess(httpBridgeProcess, "HTTP"),
      killBridgeProcess(socksBridgeProcess, "SOCKS")
    ]);
    if (httpSocketPath) {
      try {
        fs10.rmSync(httpSocketPath, { force: true });
        logForDebugging("Cleaned up HTTP socket");
      } catch (err) {
        logForDebugging(`HTTP socket cleanup error: ${err}`, {
          level: "error"
        });
      }
    }
    if (socksSocketPath) {
      try {
        fs10.rmSync(socksSocketPath, { force: true });
        logForDebugging("Cleaned up SOCKS socket");
      } catch (err) {
        logForDebugging(`SOCKS socket cleanup error: ${err}`, {
          level: "error"
        });
      }
    }
  }
  const closePromises = [];
  if (mitmCA) {
    closePromises.push(disposeMitmCA(mitmCA));
  }
  if (muxProxyServer) {
    closePromises.push(muxProxyServer.close().catch((error) => {
      logForDebugging(`Error closing mux proxy server: ${error.message}`, {
        level: "error"
      });
    }));
  }
  if (httpProxyServer) {
    closePromises.push(forceCloseHttpServer(httpProxyServer));
  }
  if (socksProxyServer) {
    const socksClose = socksProxyServer.close().catch((error) => {
      logForDebugging(`Error closing SOCKS proxy server: ${error.message}`, {
        level: "error"
      });
    });
    closePromises.push(socksClose);
  }
  await Promise.all(closePromises);
  muxProxyServer = void 0;
  httpProxyServer = void 0;
  proxyAuthToken = void 0;
  socksProxyServer = void 0;
  managerContext = void 0;
  initializationPromise = void 0;
  parentProxy = void 0;
  resolvedAddressGuard = createResolvedAddressGuard();
  mitmCA = void 0;
  javaAgentJarPath = void 0;
  sentinelRegistry.clear();
  awsPairRegistry.clear();
  commandTextsByKey.clear();
  commandNetworkListsByKey.clear();
  maskedFileStore.dispose();
}
function getWindowsBackend() {
  if (windowsMxcState)
    return { backend: "mxc" };
  if (srtWinSpawn)
    return { backend: "srt-win" };
  return void 0;
}
function getSandboxViolationStore() {
  return sandboxViolationStore;
}
function annotateStderrWithSandboxFailures(command, stderr) {
  if (!config) {
    return stderr;
  }
  const violations = sandboxViolationStore.getViolationsForCommand(command);
  if (violations.length === 0) {
    return stderr;
  }
  let annotated = stderr;
  annotated += EOL + "<sandbox_violations>" + EOL;
  for (const violation of violations) {
    annotated += violation.line + EOL;
  }
  annotated += "</sandbox_violations>";
  return annotated;
}
function getLinuxGlobPatternWarnings() {
  if (getPlatform() !== "linux" || !config || config.filesystem.disabled) {
    return [];
  }
  const globPatterns = [];
  const allPaths = [
    ...config.filesystem.allowWrite,
    ...config.filesystem.denyWrite
  ];
  for (const path10 of allPaths) {
    if (typeof path10 !== "string")
      continue;
    const pathWithoutTrailingStar = removeTrailingGlobSuffix(path10);
    if (containsGlobChars(pathWithoutTrailingStar)) {
      globPatterns.push(path10);
    }
  }
  for (const path10 of [
    .../* @__PURE__ */ new Set([
      ...config.filesystem.denyRead,
      // Joins the read denies, and is skipped like one of them.
      ...getCredentialDenyReadPaths(config.credentials)
    ]),
    ...config.filesystem.allowRead ?? []
  ]) {
    if (typeof path10 !== "string")
      continue;
    const baseDir = globPatternBaseDir(normalizePathForSandbox(path10));
    if (containsGlobChars(removeTrailingGlobSuffix(path10)) && globBaseDirIsRoot(baseDir)) {
      globPatterns.push(path10);
    }
  }
  return globPatterns;
}
var SandboxManager = {
  initialize,
  isSupportedPlatform,
  isSandboxingEnabled,
  checkDependencies,
  checkDependenciesAsync,
  getFsReadConfig,
  getFsWriteConfig,
  getNetworkRestrictionConfig,
  getAllowUnixSockets,
  getAllowLocalBinding,
  getAllowMachLookup,
  getIgnoreViolations,
  getEnableWeakerNestedSandbox,
  getProxyPort,
  getProxyAuthToken,
  getSocksProxyPort,
  getLinuxHttpSocketPath,
  getLinuxSocksSocketPath,
  waitForNetworkInitialization,
  wrapWithSandbox,
  wrapWithSandboxArgv,
  registerCommandNetworkLists,
  unregisterCommandNetworkLists,
  askCallbackDenyReason: true,
  getWindowsBackend,
  spawnSandboxed,
  cleanupAfterCommand,
  reset,
  getMitmCA: () => mitmCA,
  getWindowsProfileRead: () => windowsProfileRead,
  getWindowsProfileReadWarnings: () => [...windowsProfileReadWarnings],
  getWindowsProfileReadRefresh: () => windowsProfileReadRefresh,
  getSentinelRegistry: () => sentinelRegistry,
  getAwsPairRegistry: () => awsPairRegistry,
  getMaskedFileStore: () => maskedFileStore,
  getSandboxViolationStore,
  annotateStderrWithSandboxFailures,
  getLinuxGlobPatternWarnings,
  getConfig,
  updateConfig
};

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-config.js
import { isAbsolute as isAbsolute4, posix as posixPath, win32 as win32Path } from "node:path";

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/external.js
var external_exports = {};
__export(external_exports, {
  BRAND: () => BRAND,
  DIRTY: () => DIRTY,
  EMPTY_PATH: () => EMPTY_PATH,
  INVALID: () => INVALID,
  NEVER: () => NEVER,
  OK: () => OK,
  ParseStatus: () => ParseStatus,
  Schema: () => ZodType,
  ZodAny: () => ZodAny,
  ZodArray: () => ZodArray,
  ZodBigInt: () => ZodBigInt,
  ZodBoolean: () => ZodBoolean,
  ZodBranded: () => ZodBranded,
  ZodCatch: () => ZodCatch,
  ZodDate: () => ZodDate,
  ZodDefault: () => ZodDefault,
  ZodDiscriminatedUnion: () => ZodDiscriminatedUnion,
  ZodEffects: () => ZodEffects,
  ZodEnum: () => ZodEnum,
  ZodError: () => ZodError,
  ZodFirstPartyTypeKind: () => ZodFirstPartyTypeKind,
  ZodFunction: () => ZodFunction,
  ZodIntersection: () => ZodIntersection,
  ZodIssueCode: () => ZodIssueCode,
  ZodLazy: () => ZodLazy,
  ZodLiteral: () => ZodLiteral,
  ZodMap: () => ZodMap,
  ZodNaN: () => ZodNaN,
  ZodNativeEnum: () => ZodNativeEnum,
  ZodNever: () => ZodNever,
  ZodNull: () => ZodNull,
  ZodNullable: () => ZodNullable,
  ZodNumber: () => ZodNumber,
  ZodObject: () => ZodObject,
  ZodOptional: () => ZodOptional,
  ZodParsedType: () => ZodParsedType,
  ZodPipeline: () => ZodPipeline,
  ZodPromise: () => ZodPromise,
  ZodReadonly: () => ZodReadonly,
  ZodRecord: () => ZodRecord,
  ZodSchema: () => ZodType,
  ZodSet: () => ZodSet,
  ZodString: () => ZodString,
  ZodSymbol: () => ZodSymbol,
  ZodTransformer: () => ZodEffects,
  ZodTuple: () => ZodTuple,
  ZodType: () => ZodType,
  ZodUndefined: () => ZodUndefined,
  ZodUnion: () => ZodUnion,
  ZodUnknown: () => ZodUnknown,
  ZodVoid: () => ZodVoid,
  addIssueToContext: () => addIssueToContext,
  any: () => anyType,
  array: () => arrayType,
  bigint: () => bigIntType,
  boolean: () => booleanType,
  coerce: () => coerce,
  custom: () => custom,
  date: () => dateType,
  datetimeRegex: () => datetimeRegex,
  defaultErrorMap: () => en_default,
  discriminatedUnion: () => discriminatedUnionType,
  effect: () => effectsType,
  enum: () => enumType,
  function: () => functionType,
  getErrorMap: () => getErrorMap,
  getParsedType: () => getParsedType,
  instanceof: () => instanceOfType,
  intersection: () => intersectionType,
  isAborted: () => isAborted,
  isAsync: () => isAsync,
  isDirty: () => isDirty,
  isValid: () => isValid,
  late: () => late,
  lazy: () => lazyType,
  literal: () => literalType,
  makeIssue: () => makeIssue,
  map: () => mapType,
  nan: () => nanType,
  nativeEnum: () => nativeEnumType,
  never: () => neverType,
  null: () => nullType,
  nullable: () => nullableType,
  number: () => numberType,
  object: () => objectType,
  objectUtil: () => objectUtil,
  oboolean: () => oboolean,
  onumber: () => onumber,
  optional: () => optionalType,
  ostring: () => ostring,
  pipeline: () => pipelineType,
  preprocess: () => preprocessType,
  promise: () => promiseType,
  quotelessJson: () => quotelessJson,
  record: () => recordType,
  set: () => setType,
  setErrorMap: () => setErrorMap,
  strictObject: () => strictObjectType,
  string: () => stringType,
  symbol: () => symbolType,
  transformer: () => effectsType,
  tuple: () => tupleType,
  undefined: () => undefinedType,
  union: () => unionType,
  unknown: () => unknownType,
  util: () => util2,
  void: () => voidType
});

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/helpers/util.js
var util2;
(function(util3) {
  util3.assertEqual = (_) => {
  };
  function assertIs(_arg) {
  }
  util3.assertIs = assertIs;
  function assertNever(_x) {
    throw new Error();
  }
  util3.assertNever = assertNever;
  util3.arrayToEnum = (items) => {
    const obj = {};
    for (const item of items) {
      obj[item] = item;
    }
    return obj;
  };
  util3.getValidEnumValues = (obj) => {
    const validKeys = util3.objectKeys(obj).filter((k) => typeof obj[obj[k]] !== "number");
    const filtered = {};
    for (const k of validKeys) {
      filtered[k] = obj[k];
    }
    return util3.objectValues(filtered);
  };
  util3.objectValues = (obj) => {
    return util3.objectKeys(obj).map(function(e) {
      return obj[e];
    });
  };
  util3.objectKeys = typeof Object.keys === "function" ? (obj) => Object.keys(obj) : (object) => {
    const keys = [];
    for (const key in object) {
      if (Object.prototype.hasOwnProperty.call(object, key)) {
        keys.push(key);
      }
    }
    return keys;
  };
  util3.find = (arr, checker) => {
    for (const item of arr) {
      if (checker(item))
        return item;
    }
    return void 0;
  };
  util3.isInteger = typeof Number.isInteger === "function" ? (val) => Number.isInteger(val) : (val) => typeof val === "number" && Number.isFinite(val) && Math.floor(val) === val;
  function joinValues(array, separator = " | ") {
    return array.map((val) => typeof val === "string" ? `'${val}'` : val).join(separator);
  }
  util3.joinValues = joinValues;
  util3.jsonStringifyReplacer = (_, value) => {
    if (typeof value === "bigint") {
      return value.toString();
    }
    return value;
  };
})(util2 || (util2 = {}));
var objectUtil;
(function(objectUtil2) {
  objectUtil2.mergeShapes = (first, second) => {
    return {
      ...first,
      ...second
      // second overwrites first
    };
  };
})(objectUtil || (objectUtil = {}));
var ZodParsedType = util2.arrayToEnum([
  "string",
  "nan",
  "number",
  "integer",
  "float",
  "boolean",
  "date",
  "bigint",
  "symbol",
  "function",
  "undefined",
  "null",
  "array",
  "object",
  "unknown",
  "promise",
  "void",
  "never",
  "map",
  "set"
]);
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return ZodParsedType.undefined;
    case "string":
      return ZodParsedType.string;
    case "number":
      return Number.isNaN(data) ? ZodParsedType.nan : ZodParsedType.number;
    case "boolean":
      return ZodParsedType.boolean;
    case "function":
      return ZodParsedType.function;
    case "bigint":
      return ZodParsedType.bigint;
    case "symbol":
      return ZodParsedType.symbol;
    case "object":
      if (Array.isArray(data)) {
        return ZodParsedType.array;
      }
      if (data === null) {
        return ZodParsedType.null;
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return ZodParsedType.promise;
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return ZodParsedType.map;
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return ZodParsedType.set;
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return ZodParsedType.date;
      }
      return ZodParsedType.object;
    default:
      return ZodParsedType.unknown;
  }
};

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/ZodError.js
var ZodIssueCode = util2.arrayToEnum([
  "invalid_type",
  "invalid_literal",
  "custom",
  "invalid_union",
  "invalid_union_discriminator",
  "invalid_enum_value",
  "unrecognized_keys",
  "invalid_arguments",
  "invalid_return_type",
  "invalid_date",
  "invalid_string",
  "too_small",
  "too_big",
  "invalid_intersection_types",
  "not_multiple_of",
  "not_finite"
]);
var quotelessJson = (obj) => {
  const json = JSON.stringify(obj, null, 2);
  return json.replace(/"([^"]+)":/g, "$1:");
};
var ZodError = class _ZodError extends Error {
  get errors() {
    return this.issues;
  }
  constructor(issues) {
    super();
    this.issues = [];
    this.addIssue = (sub) => {
      this.issues = [...this.issues, sub];
    };
    this.addIssues = (subs = []) => {
      this.issues = [...this.issues, ...subs];
    };
    const actualProto = new.target.prototype;
    if (Object.setPrototypeOf) {
      Object.setPrototypeOf(this, actualProto);
    } else {
      this.__proto__ = actualProto;
    }
    this.name = "ZodError";
    this.issues = issues;
  }
  format(_mapper) {
    const mapper = _mapper || function(issue) {
      return issue.message;
    };
    const fieldErrors = { _errors: [] };
    const processError = (error) => {
      for (const issue of error.issues) {
        if (issue.code === "invalid_union") {
          issue.unionErrors.map(processError);
        } else if (issue.code === "invalid_return_type") {
          processError(issue.returnTypeError);
        } else if (issue.code === "invalid_arguments") {
          processError(issue.argumentsError);
        } else if (issue.path.length === 0) {
          fieldErrors._errors.push(mapper(issue));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < issue.path.length) {
            const el = issue.path[i];
            const terminal = i === issue.path.length - 1;
            if (!terminal) {
              curr[el] = curr[el] || { _errors: [] };
            } else {
              curr[el] = curr[el] || { _errors: [] };
              curr[el]._errors.push(mapper(issue));
            }
            curr = curr[el];
            i++;
          }
        }
      }
    };
    processError(this);
    return fieldErrors;
  }
  static assert(value) {
    if (!(value instanceof _ZodError)) {
      throw new Error(`Not a ZodError: ${value}`);
    }
  }
  toString() {
    return this.message;
  }
  get message() {
    return JSON.stringify(this.issues, util2.jsonStringifyReplacer, 2);
  }
  get isEmpty() {
    return this.issues.length === 0;
  }
  flatten(mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of this.issues) {
      if (sub.path.length > 0) {
        const firstEl = sub.path[0];
        fieldErrors[firstEl] = fieldErrors[firstEl] || [];
        fieldErrors[firstEl].push(mapper(sub));
      } else {
        formErrors.push(mapper(sub));
      }
    }
    return { formErrors, fieldErrors };
  }
  get formErrors() {
    return this.flatten();
  }
};
ZodError.create = (issues) => {
  const error = new ZodError(issues);
  return error;
};

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/locales/en.js
var errorMap = (issue, _ctx) => {
  let message;
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === ZodParsedType.undefined) {
        message = "Required";
      } else {
        message = `Expected ${issue.expected}, received ${issue.received}`;
      }
      break;
    case ZodIssueCode.invalid_literal:
      message = `Invalid literal value, expected ${JSON.stringify(issue.expected, util2.jsonStringifyReplacer)}`;
      break;
    case ZodIssueCode.unrecognized_keys:
      message = `Unrecognized key(s) in object: ${util2.joinValues(issue.keys, ", ")}`;
      break;
    case ZodIssueCode.invalid_union:
      message = `Invalid input`;
      break;
    case ZodIssueCode.invalid_union_discriminator:
      message = `Invalid discriminator value. Expected ${util2.joinValues(issue.options)}`;
      break;
    case ZodIssueCode.invalid_enum_value:
      message = `Invalid enum value. Expected ${util2.joinValues(issue.options)}, received '${issue.received}'`;
      break;
    case ZodIssueCode.invalid_arguments:
      message = `Invalid function arguments`;
      break;
    case ZodIssueCode.invalid_return_type:
      message = `Invalid function return type`;
      break;
    case ZodIssueCode.invalid_date:
      message = `Invalid date`;
      break;
    case ZodIssueCode.invalid_string:
      if (typeof issue.validation === "object") {
        if ("includes" in issue.validation) {
          message = `Invalid input: must include "${issue.validation.includes}"`;
          if (typeof issue.validation.position === "number") {
            message = `${message} at one or more positions greater than or equal to ${issue.validation.position}`;
          }
        } else if ("startsWith" in issue.validation) {
          message = `Invalid input: must start with "${issue.validation.startsWith}"`;
        } else if ("endsWith" in issue.validation) {
          message = `Invalid input: must end with "${issue.validation.endsWith}"`;
        } else {
          util2.assertNever(issue.validation);
        }
      } else if (issue.validation !== "regex") {
        message = `Invalid ${issue.validation}`;
      } else {
        message = "Invalid";
      }
      break;
    case ZodIssueCode.too_small:
      if (issue.type === "array")
        message = `Array must contain ${issue.exact ? "exactly" : issue.inclusive ? `at least` : `more than`} ${issue.minimum} element(s)`;
      else if (issue.type === "string")
        message = `String must contain ${issue.exact ? "exactly" : issue.inclusive ? `at least` : `over`} ${issue.minimum} character(s)`;
      else if (issue.type === "number")
        message = `Number must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${issue.minimum}`;
      else if (issue.type === "bigint")
        message = `Number must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${issue.minimum}`;
      else if (issue.type === "date")
        message = `Date must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${new Date(Number(issue.minimum))}`;
      else
        message = "Invalid input";
      break;
    case ZodIssueCode.too_big:
      if (issue.type === "array")
        message = `Array must contain ${issue.exact ? `exactly` : issue.inclusive ? `at most` : `less than`} ${issue.maximum} element(s)`;
      else if (issue.type === "string")
        message = `String must contain ${issue.exact ? `exactly` : issue.inclusive ? `at most` : `under`} ${issue.maximum} character(s)`;
      else if (issue.type === "number")
        message = `Number must be ${issue.exact ? `exactly` : issue.inclusive ? `less than or equal to` : `less than`} ${issue.maximum}`;
      else if (issue.type === "bigint")
        message = `BigInt must be ${issue.exact ? `exactly` : issue.inclusive ? `less than or equal to` : `less than`} ${issue.maximum}`;
      else if (issue.type === "date")
        message = `Date must be ${issue.exact ? `exactly` : issue.inclusive ? `smaller than or equal to` : `smaller than`} ${new Date(Number(issue.maximum))}`;
      else
        message = "Invalid input";
      break;
    case ZodIssueCode.custom:
      message = `Invalid input`;
      break;
    case ZodIssueCode.invalid_intersection_types:
      message = `Intersection results could not be merged`;
      break;
    case ZodIssueCode.not_multiple_of:
      message = `Number must be a multiple of ${issue.multipleOf}`;
      break;
    case ZodIssueCode.not_finite:
      message = "Number must be finite";
      break;
    default:
      message = _ctx.defaultError;
      util2.assertNever(issue);
  }
  return { message };
};
var en_default = errorMap;

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/errors.js
var overrideErrorMap = en_default;
function setErrorMap(map) {
  overrideErrorMap = map;
}
function getErrorMap() {
  return overrideErrorMap;
}

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/helpers/parseUtil.js
var makeIssue = (params) => {
  const { data, path: path10, errorMaps, issueData } = params;
  const fullPath = [...path10, ...issueData.path || []];
  const fullIssue = {
    ...issueData,
    path: fullPath
  };
  if (issueData.message !== void 0) {
    return {
      ...issueData,
      path: fullPath,
      message: issueData.message
    };
  }
  let errorMessage = "";
  const maps = errorMaps.filter((m) => !!m).slice().reverse();
  for (const map of maps) {
    errorMessage = map(fullIssue, { data, defaultError: errorMessage }).message;
  }
  return {
    ...issueData,
    path: fullPath,
    message: errorMessage
  };
};
var EMPTY_PATH = [];
function addIssueToContext(ctx, issueData) {
  const overrideMap = getErrorMap();
  const issue = makeIssue({
    issueData,
    data: ctx.data,
    path: ctx.path,
    errorMaps: [
      ctx.common.contextualErrorMap,
      // contextual error map is first priority
      ctx.schemaErrorMap,
      // then schema-bound map if available
      overrideMap,
      // then global override map
      overrideMap === en_default ? void 0 : en_default
      // then global default map
    ].filter((x) => !!x)
  });
  ctx.common.issues.push(issue);
}
var ParseStatus = class _ParseStatus {
  constructor() {
    this.value = "valid";
  }
  dirty() {
    if (this.value === "valid")
      this.value = "dirty";
  }
  abort() {
    if (this.value !== "aborted")
      this.value = "aborted";
  }
  static mergeArray(status, results) {
    const arrayValue = [];
    for (const s of results) {
      if (s.status === "aborted")
        return INVALID;
      if (s.status === "dirty")
        status.dirty();
      arrayValue.push(s.value);
    }
    return { status: status.value, value: arrayValue };
  }
  static async mergeObjectAsync(status, pairs) {
    const syncPairs = [];
    for (const pair of pairs) {
      const key = await pair.key;
      const value = await pair.value;
      syncPairs.push({
        key,
        value
      });
    }
    return _ParseStatus.mergeObjectSync(status, syncPairs);
  }
  static mergeObjectSync(status, pairs) {
    const finalObject = {};
    for (const pair of pairs) {
      const { key, value } = pair;
      if (key.status === "aborted")
        return INVALID;
      if (value.status === "aborted")
        return INVALID;
      if (key.status === "dirty")
        status.dirty();
      if (value.status === "dirty")
        status.dirty();
      if (key.value !== "__proto__" && (typeof value.value !== "undefined" || pair.alwaysSet)) {
        finalObject[key.value] = value.value;
      }
    }
    return { status: status.value, value: finalObject };
  }
};
var INVALID = Object.freeze({
  status: "aborted"
});
var DIRTY = (value) => ({ status: "dirty", value });
var OK = (value) => ({ status: "valid", value });
var isAborted = (x) => x.status === "aborted";
var isDirty = (x) => x.status === "dirty";
var isValid = (x) => x.status === "valid";
var isAsync = (x) => typeof Promise !== "undefined" && x instanceof Promise;

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/helpers/errorUtil.js
var errorUtil;
(function(errorUtil2) {
  errorUtil2.errToObj = (message) => typeof message === "string" ? { message } : message || {};
  errorUtil2.toString = (message) => typeof message === "string" ? message : message?.message;
})(errorUtil || (errorUtil = {}));

// node_modules/@anthropic-ai/sandbox-runtime/node_modules/zod/v3/types.js
var ParseInputLazyPath = class {
  constructor(parent, value, path10, key) {
    this._cachedPath = [];
    this.parent = parent;
    this.data = value;
    this._path = path10;
    this._key = key;
  }
  get path() {
    if (!this._cachedPath.length) {
      if (Array.isArray(this._key)) {
        this._cachedPath.push(...this._path, ...this._key);
      } else {
        this._cachedPath.push(...this._path, this._key);
      }
    }
    return this._cachedPath;
  }
};
var handleResult = (ctx, result) => {
  if (isValid(result)) {
    return { success: true, data: result.value };
  } else {
    if (!ctx.common.issues.length) {
      throw new Error("Validation failed but no issues detected.");
    }
    return {
      success: false,
      get error() {
        if (this._error)
          return this._error;
        const error = new ZodError(ctx.common.issues);
        this._error = error;
        return this._error;
      }
    };
  }
};
function processCreateParams(params) {
  if (!params)
    return {};
  const { errorMap: errorMap2, invalid_type_error, required_error, description } = params;
  if (errorMap2 && (invalid_type_error || required_error)) {
    throw new Error(`Can't use "invalid_type_error" or "required_error" in conjunction with custom error map.`);
  }
  if (errorMap2)
    return { errorMap: errorMap2, description };
  const customMap = (iss, ctx) => {
    const { message } = params;
    if (iss.code === "invalid_enum_value") {
      return { message: message ?? ctx.defaultError };
    }
    if (typeof ctx.data === "undefined") {
      return { message: message ?? required_error ?? ctx.defaultError };
    }
    if (iss.code !== "invalid_type")
      return { message: ctx.defaultError };
    return { message: message ?? invalid_type_error ?? ctx.defaultError };
  };
  return { errorMap: customMap, description };
}
var ZodType = class {
  get description() {
    return this._def.description;
  }
  _getType(input) {
    return getParsedType(input.data);
  }
  _getOrReturnCtx(input, ctx) {
    return ctx || {
      common: input.parent.common,
      data: input.data,
      parsedType: getParsedType(input.data),
      schemaErrorMap: this._def.errorMap,
      path: input.path,
      parent: input.parent
    };
  }
  _processInputParams(input) {
    return {
      status: new ParseStatus(),
      ctx: {
        common: input.parent.common,
        data: input.data,
        parsedType: getParsedType(input.data),
        schemaErrorMap: this._def.errorMap,
        path: input.path,
        parent: input.parent
      }
    };
  }
  _parseSync(input) {
    const result = this._parse(input);
    if (isAsync(result)) {
      throw new Error("Synchronous parse encountered promise.");
    }
    return result;
  }
  _parseAsync(input) {
    const result = this._parse(input);
    return Promise.resolve(result);
  }
  parse(data, params) {
    const result = this.safeParse(data, params);
    if (result.success)
      return result.data;
    throw result.error;
  }
  safeParse(data, params) {
    const ctx = {
      common: {
        issues: [],
        async: params?.async ?? false,
        contextualErrorMap: params?.errorMap
      },
      path: params?.path || [],
      schemaErrorMap: this._def.errorMap,
      parent: null,
      data,
      parsedType: getParsedType(data)
    };
    const result = this._parseSync({ data, path: ctx.path, parent: ctx });
    return handleResult(ctx, result);
  }
  "~validate"(data) {
    const ctx = {
      common: {
        issues: [],
        async: !!this["~standard"].async
      },
      path: [],
      schemaErrorMap: this._def.errorMap,
      parent: null,
      data,
      parsedType: getParsedType(data)
    };
    if (!this["~standard"].async) {
      try {
        const result = this._parseSync({ data, path: [], parent: ctx });
        return isValid(result) ? {
          value: result.value
        } : {
          issues: ctx.common.issues
        };
      } catch (err) {
        if (err?.message?.toLowerCase()?.includes("encountered")) {
          this["~standard"].async = true;
        }
        ctx.common = {
          issues: [],
          async: true
        };
      }
    }
    return this._parseAsync({ data, path: [], parent: ctx }).then((result) => isValid(result) ? {
      value: result.value
    } : {
      issues: ctx.common.issues
    });
  }
  async parseAsync(data, params) {
    const result = await this.safeParseAsync(data, params);
    if (result.success)
      return result.data;
    throw result.error;
  }
  async safeParseAsync(data, params) {
    const ctx = {
      common: {
        issues: [],
        contextualErrorMap: params?.errorMap,
        async: true
      },
      path: params?.path || [],
      schemaErrorMap: this._def.errorMap,
      parent: null,
      data,
      parsedType: getParsedType(data)
    };
    const maybeAsyncResult = this._parse({ data, path: ctx.path, parent: ctx });
    const result = await (isAsync(maybeAsyncResult) ? maybeAsyncResult : Promise.resolve(maybeAsyncResult));
    return handleResult(ctx, result);
  }
  refine(check, message) {
    const getIssueProperties = (val) => {
      if (typeof message === "string" || typeof message === "undefined") {
        return { message };
      } else if (typeof message === "function") {
        return message(val);
      } else {
        return message;
      }
    };
    return this._refinement((val, ctx) => {
      const result = check(val);
      const setError = () => ctx.addIssue({
        code: ZodIssueCode.custom,
        ...getIssueProperties(val)
      });
      if (typeof Promise !== "undefined" && result instanceof Promise) {
        return result.then((data) => {
          if (!data) {
            setError();
            return false;
          } else {
            return true;
          }
        });
      }
      if (!result) {
        setError();
        return false;
      } else {
        return true;
      }
    });
  }
  refinement(check, refinementData) {
    return this._refinement((val, ctx) => {
      if (!check(val)) {
        ctx.addIssue(typeof refinementData === "function" ? refinementData(val, ctx) : refinementData);
        return false;
      } else {
        return true;
      }
    });
  }
  _refinement(refinement) {
    return new ZodEffects({
      schema: this,
      typeName: ZodFirstPartyTypeKind.ZodEffects,
      effect: { type: "refinement", refinement }
    });
  }
  superRefine(refinement) {
    return this._refinement(refinement);
  }
  constructor(def) {
    this.spa = this.safeParseAsync;
    this._def = def;
    this.parse = this.parse.bind(this);
    this.safeParse = this.safeParse.bind(this);
    this.parseAsync = this.parseAsync.bind(this);
    this.safeParseAsync = this.safeParseAsync.bind(this);
    this.spa = this.spa.bind(this);
    this.refine = this.refine.bind(this);
    this.refinement = this.refinement.bind(this);
    this.superRefine = this.superRefine.bind(this);
    this.optional = this.optional.bind(this);
    this.nullable = this.nullable.bind(this);
    this.nullish = this.nullish.bind(this);
    this.array = this.array.bind(this);
    this.promise = this.promise.bind(this);
    this.or = this.or.bind(this);
    this.and = this.and.bind(this);
    this.transform = this.transform.bind(this);
    this.brand = this.brand.bind(this);
    this.default = this.default.bind(this);
    this.catch = this.catch.bind(this);
    this.describe = this.describe.bind(this);
    this.pipe = this.pipe.bind(this);
    this.readonly = this.readonly.bind(this);
    this.isNullable = this.isNullable.bind(this);
    this.isOptional = this.isOptional.bind(this);
    this["~standard"] = {
      version: 1,
      vendor: "zod",
      validate: (data) => this["~validate"](data)
    };
  }
  optional() {
    return ZodOptional.create(this, this._def);
  }
  nullable() {
    return ZodNullable.create(this, this._def);
  }
  nullish() {
    return this.nullable().optional();
  }
  array() {
    return ZodArray.create(this);
  }
  promise() {
    return ZodPromise.create(this, this._def);
  }
  or(option) {
    return ZodUnion.create([this, option], this._def);
  }
  and(incoming) {
    return ZodIntersection.create(this, incoming, this._def);
  }
  transform(transform) {
    return new ZodEffects({
      ...processCreateParams(this._def),
      schema: this,
      typeName: ZodFirstPartyTypeKind.ZodEffects,
      effect: { type: "transform", transform }
    });
  }
  default(def) {
    const defaultValueFunc = typeof def === "function" ? def : () => def;
    return new ZodDefault({
      ...processCreateParams(this._def),
      innerType: this,
      defaultValue: defaultValueFunc,
      typeName: ZodFirstPartyTypeKind.ZodDefault
    });
  }
  brand() {
    return new ZodBranded({
      typeName: ZodFirstPartyTypeKind.ZodBranded,
      type: this,
      ...processCreateParams(this._def)
    });
  }
  catch(def) {
    const catchValueFunc = typeof def === "function" ? def : () => def;
    return new ZodCatch({
      ...processCreateParams(this._def),
      innerType: this,
      catchValue: catchValueFunc,
      typeName: ZodFirstPartyTypeKind.ZodCatch
    });
  }
  describe(description) {
    const This = this.constructor;
    return new This({
      ...this._def,
      description
    });
  }
  pipe(target) {
    return ZodPipeline.create(this, target);
  }
  readonly() {
    return ZodReadonly.create(this);
  }
  isOptional() {
    return this.safeParse(void 0).success;
  }
  isNullable() {
    return this.safeParse(null).success;
  }
};
var cuidRegex = /^c[^\s-]{8,}$/i;
var cuid2Regex = /^[0-9a-z]+$/;
var ulidRegex = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
var uuidRegex = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;
var nanoidRegex = /^[a-z0-9_-]{21}$/i;
var jwtRegex = /^[A-Za-z0-9-_]+\.[A-Za-z0-9-_]+\.[A-Za-z0-9-_]*$/;
var durationRegex = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
var emailRegex = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-\.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9\-]*\.)+[A-Z]{2,}$/i;
var _emojiRegex = `^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$`;
var emojiRegex;
var ipv4Regex = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv4CidrRegex = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/(3[0-2]|[12]?[0-9])$/;
var ipv6Regex = /^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))$/;
var ipv6CidrRegex = /^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64Regex = /^([0-9a-zA-Z+/]{4})*(([0-9a-zA-Z+/]{2}==)|([0-9a-zA-Z+/]{3}=))?$/;
var base64urlRegex = /^([0-9a-zA-Z-_]{4})*(([0-9a-zA-Z-_]{2}(==)?)|([0-9a-zA-Z-_]{3}(=)?))?$/;
var dateRegexSource = `((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|(02)-(0[1-9]|1\\d|2[0-8])))`;
var dateRegex = new RegExp(`^${dateRegexSource}$`);
function timeRegexSource(args) {
  let secondsRegexSource = `[0-5]\\d`;
  if (args.precision) {
    secondsRegexSource = `${secondsRegexSource}\\.\\d{${args.precision}}`;
  } else if (args.precision == null) {
    secondsRegexSource = `${secondsRegexSource}(\\.\\d+)?`;
  }
  const secondsQuantifier = args.precision ? "+" : "?";
  return `([01]\\d|2[0-3]):[0-5]\\d(:${secondsRegexSource})${secondsQuantifier}`;
}
function timeRegex(args) {
  return new RegExp(`^${timeRegexSource(args)}$`);
}
function datetimeRegex(args) {
  let regex = `${dateRegexSource}T${timeRegexSource(args)}`;
  const opts = [];
  opts.push(args.local ? `Z?` : `Z`);
  if (args.offset)
    opts.push(`([+-]\\d{2}:?\\d{2})`);
  regex = `${regex}(${opts.join("|")})`;
  return new RegExp(`^${regex}$`);
}
function isValidIP(ip, version) {
  if ((version === "v4" || !version) && ipv4Regex.test(ip)) {
    return true;
  }
  if ((version === "v6" || !version) && ipv6Regex.test(ip)) {
    return true;
  }
  return false;
}
function isValidJWT(jwt, alg) {
  if (!jwtRegex.test(jwt))
    return false;
  try {
    const [header] = jwt.split(".");
    if (!header)
      return false;
    const base64 = header.replace(/-/g, "+").replace(/_/g, "/").padEnd(header.length + (4 - header.length % 4) % 4, "=");
    const decoded = JSON.parse(atob(base64));
    if (typeof decoded !== "object" || decoded === null)
      return false;
    if ("typ" in decoded && decoded?.typ !== "JWT")
      return false;
    if (!decoded.alg)
      return false;
    if (alg && decoded.alg !== alg)
      return false;
    return true;
  } catch {
    return false;
  }
}
function isValidCidr(ip, version) {
  if ((version === "v4" || !version) && ipv4CidrRegex.test(ip)) {
    return true;
  }
  if ((version === "v6" || !version) && ipv6CidrRegex.test(ip)) {
    return true;
  }
  return false;
}
var ZodString = class _ZodString extends ZodType {
  _parse(input) {
    if (this._def.coerce) {
      input.data = String(input.data);
    }
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.string) {
      const ctx2 = this._getOrReturnCtx(input);
      addIssueToContext(ctx2, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.string,
        received: ctx2.parsedType
      });
      return INVALID;
    }
    const status = new ParseStatus();
    let ctx = void 0;
    for (const check of this._def.checks) {
      if (check.kind === "min") {
        if (input.data.length < check.value) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_small,
            minimum: check.value,
            type: "string",
            inclusive: true,
            exact: false,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "max") {
        if (input.data.length > check.value) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_big,
            maximum: check.value,
            type: "string",
            inclusive: true,
            exact: false,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "length") {
        const tooBig = input.data.length > check.value;
        const tooSmall = input.data.length < check.value;
        if (tooBig || tooSmall) {
          ctx = this._getOrReturnCtx(input, ctx);
          if (tooBig) {
            addIssueToContext(ctx, {
              code: ZodIssueCode.too_big,
              maximum: check.value,
              type: "string",
              inclusive: true,
              exact: true,
              message: check.message
            });
          } else if (tooSmall) {
            addIssueToContext(ctx, {
              code: ZodIssueCode.too_small,
              minimum: check.value,
              type: "string",
              inclusive: true,
              exact: true,
              message: check.message
            });
          }
          status.dirty();
        }
      } else if (check.kind === "email") {
        if (!emailRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "email",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "emoji") {
        if (!emojiRegex) {
          emojiRegex = new RegExp(_emojiRegex, "u");
        }
        if (!emojiRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "emoji",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "uuid") {
        if (!uuidRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "uuid",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "nanoid") {
        if (!nanoidRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "nanoid",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "cuid") {
        if (!cuidRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "cuid",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "cuid2") {
        if (!cuid2Regex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "cuid2",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "ulid") {
        if (!ulidRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "ulid",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "url") {
        try {
          new URL(input.data);
        } catch {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "url",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "regex") {
        check.regex.lastIndex = 0;
        const testResult = check.regex.test(input.data);
        if (!testResult) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "regex",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "trim") {
        input.data = input.data.trim();
      } else if (check.kind === "includes") {
        if (!input.data.includes(check.value, check.position)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: { includes: check.value, position: check.position },
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "toLowerCase") {
        input.data = input.data.toLowerCase();
      } else if (check.kind === "toUpperCase") {
        input.data = input.data.toUpperCase();
      } else if (check.kind === "startsWith") {
        if (!input.data.startsWith(check.value)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: { startsWith: check.value },
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "endsWith") {
        if (!input.data.endsWith(check.value)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: { endsWith: check.value },
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "datetime") {
        const regex = datetimeRegex(check);
        if (!regex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: "datetime",
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "date") {
        const regex = dateRegex;
        if (!regex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: "date",
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "time") {
        const regex = timeRegex(check);
        if (!regex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_string,
            validation: "time",
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "duration") {
        if (!durationRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "duration",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "ip") {
        if (!isValidIP(input.data, check.version)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "ip",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "jwt") {
        if (!isValidJWT(input.data, check.alg)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "jwt",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "cidr") {
        if (!isValidCidr(input.data, check.version)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "cidr",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "base64") {
        if (!base64Regex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "base64",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "base64url") {
        if (!base64urlRegex.test(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            validation: "base64url",
            code: ZodIssueCode.invalid_string,
            message: check.message
          });
          status.dirty();
        }
      } else {
        util2.assertNever(check);
      }
    }
    return { status: status.value, value: input.data };
  }
  _regex(regex, validation, message) {
    return this.refinement((data) => regex.test(data), {
      validation,
      code: ZodIssueCode.invalid_string,
      ...errorUtil.errToObj(message)
    });
  }
  _addCheck(check) {
    return new _ZodString({
      ...this._def,
      checks: [...this._def.checks, check]
    });
  }
  email(message) {
    return this._addCheck({ kind: "email", ...errorUtil.errToObj(message) });
  }
  url(message) {
    return this._addCheck({ kind: "url", ...errorUtil.errToObj(message) });
  }
  emoji(message) {
    return this._addCheck({ kind: "emoji", ...errorUtil.errToObj(message) });
  }
  uuid(message) {
    return this._addCheck({ kind: "uuid", ...errorUtil.errToObj(message) });
  }
  nanoid(message) {
    return this._addCheck({ kind: "nanoid", ...errorUtil.errToObj(message) });
  }
  cuid(message) {
    return this._addCheck({ kind: "cuid", ...errorUtil.errToObj(message) });
  }
  cuid2(message) {
    return this._addCheck({ kind: "cuid2", ...errorUtil.errToObj(message) });
  }
  ulid(message) {
    return this._addCheck({ kind: "ulid", ...errorUtil.errToObj(message) });
  }
  base64(message) {
    return this._addCheck({ kind: "base64", ...errorUtil.errToObj(message) });
  }
  base64url(message) {
    return this._addCheck({
      kind: "base64url",
      ...errorUtil.errToObj(message)
    });
  }
  jwt(options) {
    return this._addCheck({ kind: "jwt", ...errorUtil.errToObj(options) });
  }
  ip(options) {
    return this._addCheck({ kind: "ip", ...errorUtil.errToObj(options) });
  }
  cidr(options) {
    return this._addCheck({ kind: "cidr", ...errorUtil.errToObj(options) });
  }
  datetime(options) {
    if (typeof options === "string") {
      return this._addCheck({
        kind: "datetime",
        precision: null,
        offset: false,
        local: false,
        message: options
      });
    }
    return this._addCheck({
      kind: "datetime",
      precision: typeof options?.precision === "undefined" ? null : options?.precision,
      offset: options?.offset ?? false,
      local: options?.local ?? false,
      ...errorUtil.errToObj(options?.message)
    });
  }
  date(message) {
    return this._addCheck({ kind: "date", message });
  }
  time(options) {
    if (typeof options === "string") {
      return this._addCheck({
        kind: "time",
        precision: null,
        message: options
      });
    }
    return this._addCheck({
      kind: "time",
      precision: typeof options?.precision === "undefined" ? null : options?.precision,
      ...errorUtil.errToObj(options?.message)
    });
  }
  duration(message) {
    return this._addCheck({ kind: "duration", ...errorUtil.errToObj(message) });
  }
  regex(regex, message) {
    return this._addCheck({
      kind: "regex",
      regex,
      ...errorUtil.errToObj(message)
    });
  }
  includes(value, options) {
    return this._addCheck({
      kind: "includes",
      value,
      position: options?.position,
      ...errorUtil.errToObj(options?.message)
    });
  }
  startsWith(value, message) {
    return this._addCheck({
      kind: "startsWith",
      value,
      ...errorUtil.errToObj(message)
    });
  }
  endsWith(value, message) {
    return this._addCheck({
      kind: "endsWith",
      value,
      ...errorUtil.errToObj(message)
    });
  }
  min(minLength, message) {
    return this._addCheck({
      kind: "min",
      value: minLength,
      ...errorUtil.errToObj(message)
    });
  }
  max(maxLength, message) {
    return this._addCheck({
      kind: "max",
      value: maxLength,
      ...errorUtil.errToObj(message)
    });
  }
  length(len, message) {
    return this._addCheck({
      kind: "length",
      value: len,
      ...errorUtil.errToObj(message)
    });
  }
  /**
   * Equivalent to `.min(1)`
   */
  nonempty(message) {
    return this.min(1, errorUtil.errToObj(message));
  }
  trim() {
    return new _ZodString({
      ...this._def,
      checks: [...this._def.checks, { kind: "trim" }]
    });
  }
  toLowerCase() {
    return new _ZodString({
      ...this._def,
      checks: [...this._def.checks, { kind: "toLowerCase" }]
    });
  }
  toUpperCase() {
    return new _ZodString({
      ...this._def,
      checks: [...this._def.checks, { kind: "toUpperCase" }]
    });
  }
  get isDatetime() {
    return !!this._def.checks.find((ch) => ch.kind === "datetime");
  }
  get isDate() {
    return !!this._def.checks.find((ch) => ch.kind === "date");
  }
  get isTime() {
    return !!this._def.checks.find((ch) => ch.kind === "time");
  }
  get isDuration() {
    return !!this._def.checks.find((ch) => ch.kind === "duration");
  }
  get isEmail() {
    return !!this._def.checks.find((ch) => ch.kind === "email");
  }
  get isURL() {
    return !!this._def.checks.find((ch) => ch.kind === "url");
  }
  get isEmoji() {
    return !!this._def.checks.find((ch) => ch.kind === "emoji");
  }
  get isUUID() {
    return !!this._def.checks.find((ch) => ch.kind === "uuid");
  }
  get isNANOID() {
    return !!this._def.checks.find((ch) => ch.kind === "nanoid");
  }
  get isCUID() {
    return !!this._def.checks.find((ch) => ch.kind === "cuid");
  }
  get isCUID2() {
    return !!this._def.checks.find((ch) => ch.kind === "cuid2");
  }
  get isULID() {
    return !!this._def.checks.find((ch) => ch.kind === "ulid");
  }
  get isIP() {
    return !!this._def.checks.find((ch) => ch.kind === "ip");
  }
  get isCIDR() {
    return !!this._def.checks.find((ch) => ch.kind === "cidr");
  }
  get isBase64() {
    return !!this._def.checks.find((ch) => ch.kind === "base64");
  }
  get isBase64url() {
    return !!this._def.checks.find((ch) => ch.kind === "base64url");
  }
  get minLength() {
    let min = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "min") {
        if (min === null || ch.value > min)
          min = ch.value;
      }
    }
    return min;
  }
  get maxLength() {
    let max = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "max") {
        if (max === null || ch.value < max)
          max = ch.value;
      }
    }
    return max;
  }
};
ZodString.create = (params) => {
  return new ZodString({
    checks: [],
    typeName: ZodFirstPartyTypeKind.ZodString,
    coerce: params?.coerce ?? false,
    ...processCreateParams(params)
  });
};
function floatSafeRemainder(val, step) {
  const valDecCount = (val.toString().split(".")[1] || "").length;
  const stepDecCount = (step.toString().split(".")[1] || "").length;
  const decCount = valDecCount > stepDecCount ? valDecCount : stepDecCount;
  const valInt = Number.parseInt(val.toFixed(decCount).replace(".", ""));
  const stepInt = Number.parseInt(step.toFixed(decCount).replace(".", ""));
  return valInt % stepInt / 10 ** decCount;
}
var ZodNumber = class _ZodNumber extends ZodType {
  constructor() {
    super(...arguments);
    this.min = this.gte;
    this.max = this.lte;
    this.step = this.multipleOf;
  }
  _parse(input) {
    if (this._def.coerce) {
      input.data = Number(input.data);
    }
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.number) {
      const ctx2 = this._getOrReturnCtx(input);
      addIssueToContext(ctx2, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.number,
        received: ctx2.parsedType
      });
      return INVALID;
    }
    let ctx = void 0;
    const status = new ParseStatus();
    for (const check of this._def.checks) {
      if (check.kind === "int") {
        if (!util2.isInteger(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_type,
            expected: "integer",
            received: "float",
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "min") {
        const tooSmall = check.inclusive ? input.data < check.value : input.data <= check.value;
        if (tooSmall) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_small,
            minimum: check.value,
            type: "number",
            inclusive: check.inclusive,
            exact: false,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "max") {
        const tooBig = check.inclusive ? input.data > check.value : input.data >= check.value;
        if (tooBig) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_big,
            maximum: check.value,
            type: "number",
            inclusive: check.inclusive,
            exact: false,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "multipleOf") {
        if (floatSafeRemainder(input.data, check.value) !== 0) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.not_multiple_of,
            multipleOf: check.value,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "finite") {
        if (!Number.isFinite(input.data)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.not_finite,
            message: check.message
          });
          status.dirty();
        }
      } else {
        util2.assertNever(check);
      }
    }
    return { status: status.value, value: input.data };
  }
  gte(value, message) {
    return this.setLimit("min", value, true, errorUtil.toString(message));
  }
  gt(value, message) {
    return this.setLimit("min", value, false, errorUtil.toString(message));
  }
  lte(value, message) {
    return this.setLimit("max", value, true, errorUtil.toString(message));
  }
  lt(value, message) {
    return this.setLimit("max", value, false, errorUtil.toString(message));
  }
  setLimit(kind, value, inclusive, message) {
    return new _ZodNumber({
      ...this._def,
      checks: [
        ...this._def.checks,
        {
          kind,
          value,
          inclusive,
          message: errorUtil.toString(message)
        }
      ]
    });
  }
  _addCheck(check) {
    return new _ZodNumber({
      ...this._def,
      checks: [...this._def.checks, check]
    });
  }
  int(message) {
    return this._addCheck({
      kind: "int",
      message: errorUtil.toString(message)
    });
  }
  positive(message) {
    return this._addCheck({
      kind: "min",
      value: 0,
      inclusive: false,
      message: errorUtil.toString(message)
    });
  }
  negative(message) {
    return this._addCheck({
      kind: "max",
      value: 0,
      inclusive: false,
      message: errorUtil.toString(message)
    });
  }
  nonpositive(message) {
    return this._addCheck({
      kind: "max",
      value: 0,
      inclusive: true,
      message: errorUtil.toString(message)
    });
  }
  nonnegative(message) {
    return this._addCheck({
      kind: "min",
      value: 0,
      inclusive: true,
      message: errorUtil.toString(message)
    });
  }
  multipleOf(value, message) {
    return this._addCheck({
      kind: "multipleOf",
      value,
      message: errorUtil.toString(message)
    });
  }
  finite(message) {
    return this._addCheck({
      kind: "finite",
      message: errorUtil.toString(message)
    });
  }
  safe(message) {
    return this._addCheck({
      kind: "min",
      inclusive: true,
      value: Number.MIN_SAFE_INTEGER,
      message: errorUtil.toString(message)
    })._addCheck({
      kind: "max",
      inclusive: true,
      value: Number.MAX_SAFE_INTEGER,
      message: errorUtil.toString(message)
    });
  }
  get minValue() {
    let min = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "min") {
        if (min === null || ch.value > min)
          min = ch.value;
      }
    }
    return min;
  }
  get maxValue() {
    let max = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "max") {
        if (max === null || ch.value < max)
          max = ch.value;
      }
    }
    return max;
  }
  get isInt() {
    return !!this._def.checks.find((ch) => ch.kind === "int" || ch.kind === "multipleOf" && util2.isInteger(ch.value));
  }
  get isFinite() {
    let max = null;
    let min = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "finite" || ch.kind === "int" || ch.kind === "multipleOf") {
        return true;
      } else if (ch.kind === "min") {
        if (min === null || ch.value > min)
          min = ch.value;
      } else if (ch.kind === "max") {
        if (max === null || ch.value < max)
          max = ch.value;
      }
    }
    return Number.isFinite(min) && Number.isFinite(max);
  }
};
ZodNumber.create = (params) => {
  return new ZodNumber({
    checks: [],
    typeName: ZodFirstPartyTypeKind.ZodNumber,
    coerce: params?.coerce || false,
    ...processCreateParams(params)
  });
};
var ZodBigInt = class _ZodBigInt extends ZodType {
  constructor() {
    super(...arguments);
    this.min = this.gte;
    this.max = this.lte;
  }
  _parse(input) {
    if (this._def.coerce) {
      try {
        input.data = BigInt(input.data);
      } catch {
        return this._getInvalidInput(input);
      }
    }
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.bigint) {
      return this._getInvalidInput(input);
    }
    let ctx = void 0;
    const status = new ParseStatus();
    for (const check of this._def.checks) {
      if (check.kind === "min") {
        const tooSmall = check.inclusive ? input.data < check.value : input.data <= check.value;
        if (tooSmall) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_small,
            type: "bigint",
            minimum: check.value,
            inclusive: check.inclusive,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "max") {
        const tooBig = check.inclusive ? input.data > check.value : input.data >= check.value;
        if (tooBig) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_big,
            type: "bigint",
            maximum: check.value,
            inclusive: check.inclusive,
            message: check.message
          });
          status.dirty();
        }
      } else if (check.kind === "multipleOf") {
        if (input.data % check.value !== BigInt(0)) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.not_multiple_of,
            multipleOf: check.value,
            message: check.message
          });
          status.dirty();
        }
      } else {
        util2.assertNever(check);
      }
    }
    return { status: status.value, value: input.data };
  }
  _getInvalidInput(input) {
    const ctx = this._getOrReturnCtx(input);
    addIssueToContext(ctx, {
      code: ZodIssueCode.invalid_type,
      expected: ZodParsedType.bigint,
      received: ctx.parsedType
    });
    return INVALID;
  }
  gte(value, message) {
    return this.setLimit("min", value, true, errorUtil.toString(message));
  }
  gt(value, message) {
    return this.setLimit("min", value, false, errorUtil.toString(message));
  }
  lte(value, message) {
    return this.setLimit("max", value, true, errorUtil.toString(message));
  }
  lt(value, message) {
    return this.setLimit("max", value, false, errorUtil.toString(message));
  }
  setLimit(kind, value, inclusive, message) {
    return new _ZodBigInt({
      ...this._def,
      checks: [
        ...this._def.checks,
        {
          kind,
          value,
          inclusive,
          message: errorUtil.toString(message)
        }
      ]
    });
  }
  _addCheck(check) {
    return new _ZodBigInt({
      ...this._def,
      checks: [...this._def.checks, check]
    });
  }
  positive(message) {
    return this._addCheck({
      kind: "min",
      value: BigInt(0),
      inclusive: false,
      message: errorUtil.toString(message)
    });
  }
  negative(message) {
    return this._addCheck({
      kind: "max",
      value: BigInt(0),
      inclusive: false,
      message: errorUtil.toString(message)
    });
  }
  nonpositive(message) {
    return this._addCheck({
      kind: "max",
      value: BigInt(0),
      inclusive: true,
      message: errorUtil.toString(message)
    });
  }
  nonnegative(message) {
    return this._addCheck({
      kind: "min",
      value: BigInt(0),
      inclusive: true,
      message: errorUtil.toString(message)
    });
  }
  multipleOf(value, message) {
    return this._addCheck({
      kind: "multipleOf",
      value,
      message: errorUtil.toString(message)
    });
  }
  get minValue() {
    let min = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "min") {
        if (min === null || ch.value > min)
          min = ch.value;
      }
    }
    return min;
  }
  get maxValue() {
    let max = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "max") {
        if (max === null || ch.value < max)
          max = ch.value;
      }
    }
    return max;
  }
};
ZodBigInt.create = (params) => {
  return new ZodBigInt({
    checks: [],
    typeName: ZodFirstPartyTypeKind.ZodBigInt,
    coerce: params?.coerce ?? false,
    ...processCreateParams(params)
  });
};
var ZodBoolean = class extends ZodType {
  _parse(input) {
    if (this._def.coerce) {
      input.data = Boolean(input.data);
    }
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.boolean) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.boolean,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return OK(input.data);
  }
};
ZodBoolean.create = (params) => {
  return new ZodBoolean({
    typeName: ZodFirstPartyTypeKind.ZodBoolean,
    coerce: params?.coerce || false,
    ...processCreateParams(params)
  });
};
var ZodDate = class _ZodDate extends ZodType {
  _parse(input) {
    if (this._def.coerce) {
      input.data = new Date(input.data);
    }
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.date) {
      const ctx2 = this._getOrReturnCtx(input);
      addIssueToContext(ctx2, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.date,
        received: ctx2.parsedType
      });
      return INVALID;
    }
    if (Number.isNaN(input.data.getTime())) {
      const ctx2 = this._getOrReturnCtx(input);
      addIssueToContext(ctx2, {
        code: ZodIssueCode.invalid_date
      });
      return INVALID;
    }
    const status = new ParseStatus();
    let ctx = void 0;
    for (const check of this._def.checks) {
      if (check.kind === "min") {
        if (input.data.getTime() < check.value) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_small,
            message: check.message,
            inclusive: true,
            exact: false,
            minimum: check.value,
            type: "date"
          });
          status.dirty();
        }
      } else if (check.kind === "max") {
        if (input.data.getTime() > check.value) {
          ctx = this._getOrReturnCtx(input, ctx);
          addIssueToContext(ctx, {
            code: ZodIssueCode.too_big,
            message: check.message,
            inclusive: true,
            exact: false,
            maximum: check.value,
            type: "date"
          });
          status.dirty();
        }
      } else {
        util2.assertNever(check);
      }
    }
    return {
      status: status.value,
      value: new Date(input.data.getTime())
    };
  }
  _addCheck(check) {
    return new _ZodDate({
      ...this._def,
      checks: [...this._def.checks, check]
    });
  }
  min(minDate, message) {
    return this._addCheck({
      kind: "min",
      value: minDate.getTime(),
      message: errorUtil.toString(message)
    });
  }
  max(maxDate, message) {
    return this._addCheck({
      kind: "max",
      value: maxDate.getTime(),
      message: errorUtil.toString(message)
    });
  }
  get minDate() {
    let min = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "min") {
        if (min === null || ch.value > min)
          min = ch.value;
      }
    }
    return min != null ? new Date(min) : null;
  }
  get maxDate() {
    let max = null;
    for (const ch of this._def.checks) {
      if (ch.kind === "max") {
        if (max === null || ch.value < max)
          max = ch.value;
      }
    }
    return max != null ? new Date(max) : null;
  }
};
ZodDate.create = (params) => {
  return new ZodDate({
    checks: [],
    coerce: params?.coerce || false,
    typeName: ZodFirstPartyTypeKind.ZodDate,
    ...processCreateParams(params)
  });
};
var ZodSymbol = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.symbol) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.symbol,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return OK(input.data);
  }
};
ZodSymbol.create = (params) => {
  return new ZodSymbol({
    typeName: ZodFirstPartyTypeKind.ZodSymbol,
    ...processCreateParams(params)
  });
};
var ZodUndefined = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.undefined) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.undefined,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return OK(input.data);
  }
};
ZodUndefined.create = (params) => {
  return new ZodUndefined({
    typeName: ZodFirstPartyTypeKind.ZodUndefined,
    ...processCreateParams(params)
  });
};
var ZodNull = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.null) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.null,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return OK(input.data);
  }
};
ZodNull.create = (params) => {
  return new ZodNull({
    typeName: ZodFirstPartyTypeKind.ZodNull,
    ...processCreateParams(params)
  });
};
var ZodAny = class extends ZodType {
  constructor() {
    super(...arguments);
    this._any = true;
  }
  _parse(input) {
    return OK(input.data);
  }
};
ZodAny.create = (params) => {
  return new ZodAny({
    typeName: ZodFirstPartyTypeKind.ZodAny,
    ...processCreateParams(params)
  });
};
var ZodUnknown = class extends ZodType {
  constructor() {
    super(...arguments);
    this._unknown = true;
  }
  _parse(input) {
    return OK(input.data);
  }
};
ZodUnknown.create = (params) => {
  return new ZodUnknown({
    typeName: ZodFirstPartyTypeKind.ZodUnknown,
    ...processCreateParams(params)
  });
};
var ZodNever = class extends ZodType {
  _parse(input) {
    const ctx = this._getOrReturnCtx(input);
    addIssueToContext(ctx, {
      code: ZodIssueCode.invalid_type,
      expected: ZodParsedType.never,
      received: ctx.parsedType
    });
    return INVALID;
  }
};
ZodNever.create = (params) => {
  return new ZodNever({
    typeName: ZodFirstPartyTypeKind.ZodNever,
    ...processCreateParams(params)
  });
};
var ZodVoid = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.undefined) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.void,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return OK(input.data);
  }
};
ZodVoid.create = (params) => {
  return new ZodVoid({
    typeName: ZodFirstPartyTypeKind.ZodVoid,
    ...processCreateParams(params)
  });
};
var ZodArray = class _ZodArray extends ZodType {
  _parse(input) {
    const { ctx, status } = this._processInputParams(input);
    const def = this._def;
    if (ctx.parsedType !== ZodParsedType.array) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.array,
        received: ctx.parsedType
      });
      return INVALID;
    }
    if (def.exactLength !== null) {
      const tooBig = ctx.data.length > def.exactLength.value;
      const tooSmall = ctx.data.length < def.exactLength.value;
      if (tooBig || tooSmall) {
        addIssueToContext(ctx, {
          code: tooBig ? ZodIssueCode.too_big : ZodIssueCode.too_small,
          minimum: tooSmall ? def.exactLength.value : void 0,
          maximum: tooBig ? def.exactLength.value : void 0,
          type: "array",
          inclusive: true,
          exact: true,
          message: def.exactLength.message
        });
        status.dirty();
      }
    }
    if (def.minLength !== null) {
      if (ctx.data.length < def.minLength.value) {
        addIssueToContext(ctx, {
          code: ZodIssueCode.too_small,
          minimum: def.minLength.value,
          type: "array",
          inclusive: true,
          exact: false,
          message: def.minLength.message
        });
        status.dirty();
      }
    }
    if (def.maxLength !== null) {
      if (ctx.data.length > def.maxLength.value) {
        addIssueToContext(ctx, {
          code: ZodIssueCode.too_big,
          maximum: def.maxLength.value,
          type: "array",
          inclusive: true,
          exact: false,
          message: def.maxLength.message
        });
        status.dirty();
      }
    }
    if (ctx.common.async) {
      return Promise.all([...ctx.data].map((item, i) => {
        return def.type._parseAsync(new ParseInputLazyPath(ctx, item, ctx.path, i));
      })).then((result2) => {
        return ParseStatus.mergeArray(status, result2);
      });
    }
    const result = [...ctx.data].map((item, i) => {
      return def.type._parseSync(new ParseInputLazyPath(ctx, item, ctx.path, i));
    });
    return ParseStatus.mergeArray(status, result);
  }
  get element() {
    return this._def.type;
  }
  min(minLength, message) {
    return new _ZodArray({
      ...this._def,
      minLength: { value: minLength, message: errorUtil.toString(message) }
    });
  }
  max(maxLength, message) {
    return new _ZodArray({
      ...this._def,
      maxLength: { value: maxLength, message: errorUtil.toString(message) }
    });
  }
  length(len, message) {
    return new _ZodArray({
      ...this._def,
      exactLength: { value: len, message: errorUtil.toString(message) }
    });
  }
  nonempty(message) {
    return this.min(1, message);
  }
};
ZodArray.create = (schema, params) => {
  return new ZodArray({
    type: schema,
    minLength: null,
    maxLength: null,
    exactLength: null,
    typeName: ZodFirstPartyTypeKind.ZodArray,
    ...processCreateParams(params)
  });
};
function deepPartialify(schema) {
  if (schema instanceof ZodObject) {
    const newShape = {};
    for (const key in schema.shape) {
      const fieldSchema = schema.shape[key];
      newShape[key] = ZodOptional.create(deepPartialify(fieldSchema));
    }
    return new ZodObject({
      ...schema._def,
      shape: () => newShape
    });
  } else if (schema instanceof ZodArray) {
    return new ZodArray({
      ...schema._def,
      type: deepPartialify(schema.element)
    });
  } else if (schema instanceof ZodOptional) {
    return ZodOptional.create(deepPartialify(schema.unwrap()));
  } else if (schema instanceof ZodNullable) {
    return ZodNullable.create(deepPartialify(schema.unwrap()));
  } else if (schema instanceof ZodTuple) {
    return ZodTuple.create(schema.items.map((item) => deepPartialify(item)));
  } else {
    return schema;
  }
}
var ZodObject = class _ZodObject extends ZodType {
  constructor() {
    super(...arguments);
    this._cached = null;
    this.nonstrict = this.passthrough;
    this.augment = this.extend;
  }
  _getCached() {
    if (this._cached !== null)
      return this._cached;
    const shape = this._def.shape();
    const keys = util2.objectKeys(shape);
    this._cached = { shape, keys };
    return this._cached;
  }
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.object) {
      const ctx2 = this._getOrReturnCtx(input);
      addIssueToContext(ctx2, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.object,
        received: ctx2.parsedType
      });
      return INVALID;
    }
    const { status, ctx } = this._processInputParams(input);
    const { shape, keys: shapeKeys } = this._getCached();
    const extraKeys = [];
    if (!(this._def.catchall instanceof ZodNever && this._def.unknownKeys === "strip")) {
      for (const key in ctx.data) {
        if (!shapeKeys.includes(key)) {
          extraKeys.push(key);
        }
      }
    }
    const pairs = [];
    for (const key of shapeKeys) {
      const keyValidator = shape[key];
      const value = ctx.data[key];
      pairs.push({
        key: { status: "valid", value: key },
        value: keyValidator._parse(new ParseInputLazyPath(ctx, value, ctx.path, key)),
        alwaysSet: key in ctx.data
      });
    }
    if (this._def.catchall instanceof ZodNever) {
      const unknownKeys = this._def.unknownKeys;
      if (unknownKeys === "passthrough") {
        for (const key of extraKeys) {
          pairs.push({
            key: { status: "valid", value: key },
            value: { status: "valid", value: ctx.data[key] }
          });
        }
      } else if (unknownKeys === "strict") {
        if (extraKeys.length > 0) {
          addIssueToContext(ctx, {
            code: ZodIssueCode.unrecognized_keys,
            keys: extraKeys
          });
          status.dirty();
        }
      } else if (unknownKeys === "strip") {
      } else {
        throw new Error(`Internal ZodObject error: invalid unknownKeys value.`);
      }
    } else {
      const catchall = this._def.catchall;
      for (const key of extraKeys) {
        const value = ctx.data[key];
        pairs.push({
          key: { status: "valid", value: key },
          value: catchall._parse(
            new ParseInputLazyPath(ctx, value, ctx.path, key)
            //, ctx.child(key), value, getParsedType(value)
          ),
          alwaysSet: key in ctx.data
        });
      }
    }
    if (ctx.common.async) {
      return Promise.resolve().then(async () => {
        const syncPairs = [];
        for (const pair of pairs) {
          const key = await pair.key;
          const value = await pair.value;
          syncPairs.push({
            key,
            value,
            alwaysSet: pair.alwaysSet
          });
        }
        return syncPairs;
      }).then((syncPairs) => {
        return ParseStatus.mergeObjectSync(status, syncPairs);
      });
    } else {
      return ParseStatus.mergeObjectSync(status, pairs);
    }
  }
  get shape() {
    return this._def.shape();
  }
  strict(message) {
    errorUtil.errToObj;
    return new _ZodObject({
      ...this._def,
      unknownKeys: "strict",
      ...message !== void 0 ? {
        errorMap: (issue, ctx) => {
          const defaultError = this._def.errorMap?.(issue, ctx).message ?? ctx.defaultError;
          if (issue.code === "unrecognized_keys")
            return {
              message: errorUtil.errToObj(message).message ?? defaultError
            };
          return {
            message: defaultError
          };
        }
      } : {}
    });
  }
  strip() {
    return new _ZodObject({
      ...this._def,
      unknownKeys: "strip"
    });
  }
  passthrough() {
    return new _ZodObject({
      ...this._def,
      unknownKeys: "passthrough"
    });
  }
  // const AugmentFactory =
  //   <Def extends ZodObjectDef>(def: Def) =>
  //   <Augmentation extends ZodRawShape>(
  //     augmentation: Augmentation
  //   ): ZodObject<
  //     extendShape<ReturnType<Def["shape"]>, Augmentation>,
  //     Def["unknownKeys"],
  //     Def["catchall"]
  //   > => {
  //     return new ZodObject({
  //       ...def,
  //       shape: () => ({
  //         ...def.shape(),
  //         ...augmentation,
  //       }),
  //     }) as any;
  //   };
  extend(augmentation) {
    return new _ZodObject({
      ...this._def,
      shape: () => ({
        ...this._def.shape(),
        ...augmentation
      })
    });
  }
  /**
   * Prior to zod@1.0.12 there was a bug in the
   * inferred type of merged objects. Please
   * upgrade if you are experiencing issues.
   */
  merge(merging) {
    const merged = new _ZodObject({
      unknownKeys: merging._def.unknownKeys,
      catchall: merging._def.catchall,
      shape: () => ({
        ...this._def.shape(),
        ...merging._def.shape()
      }),
      typeName: ZodFirstPartyTypeKind.ZodObject
    });
    return merged;
  }
  // merge<
  //   Incoming extends AnyZodObject,
  //   Augmentation extends Incoming["shape"],
  //   NewOutput extends {
  //     [k in keyof Augmentation | keyof Output]: k extends keyof Augmentation
  //       ? Augmentation[k]["_output"]
  //       : k extends keyof Output
  //       ? Output[k]
  //       : never;
  //   },
  //   NewInput extends {
  //     [k in keyof Augmentation | keyof Input]: k extends keyof Augmentation
  //       ? Augmentation[k]["_input"]
  //       : k extends keyof Input
  //       ? Input[k]
  //       : never;
  //   }
  // >(
  //   merging: Incoming
  // ): ZodObject<
  //   extendShape<T, ReturnType<Incoming["_def"]["shape"]>>,
  //   Incoming["_def"]["unknownKeys"],
  //   Incoming["_def"]["catchall"],
  //   NewOutput,
  //   NewInput
  // > {
  //   const merged: any = new ZodObject({
  //     unknownKeys: merging._def.unknownKeys,
  //     catchall: merging._def.catchall,
  //     shape: () =>
  //       objectUtil.mergeShapes(this._def.shape(), merging._def.shape()),
  //     typeName: ZodFirstPartyTypeKind.ZodObject,
  //   }) as any;
  //   return merged;
  // }
  setKey(key, schema) {
    return this.augment({ [key]: schema });
  }
  // merge<Incoming extends AnyZodObject>(
  //   merging: Incoming
  // ): //ZodObject<T & Incoming["_shape"], UnknownKeys, Catchall> = (merging) => {
  // ZodObject<
  //   extendShape<T, ReturnType<Incoming["_def"]["shape"]>>,
  //   Incoming["_def"]["unknownKeys"],
  //   Incoming["_def"]["catchall"]
  // > {
  //   // const mergedShape = objectUtil.mergeShapes(
  //   //   this._def.shape(),
  //   //   merging._def.shape()
  //   // );
  //   const merged: any = new ZodObject({
  //     unknownKeys: merging._def.unknownKeys,
  //     catchall: merging._def.catchall,
  //     shape: () =>
  //       objectUtil.mergeShapes(this._def.shape(), merging._def.shape()),
  //     typeName: ZodFirstPartyTypeKind.ZodObject,
  //   }) as any;
  //   return merged;
  // }
  catchall(index) {
    return new _ZodObject({
      ...this._def,
      catchall: index
    });
  }
  pick(mask) {
    const shape = {};
    for (const key of util2.objectKeys(mask)) {
      if (mask[key] && this.shape[key]) {
        shape[key] = this.shape[key];
      }
    }
    return new _ZodObject({
      ...this._def,
      shape: () => shape
    });
  }
  omit(mask) {
    const shape = {};
    for (const key of util2.objectKeys(this.shape)) {
      if (!mask[key]) {
        shape[key] = this.shape[key];
      }
    }
    return new _ZodObject({
      ...this._def,
      shape: () => shape
    });
  }
  /**
   * @deprecated
   */
  deepPartial() {
    return deepPartialify(this);
  }
  partial(mask) {
    const newShape = {};
    for (const key of util2.objectKeys(this.shape)) {
      const fieldSchema = this.shape[key];
      if (mask && !mask[key]) {
        newShape[key] = fieldSchema;
      } else {
        newShape[key] = fieldSchema.optional();
      }
    }
    return new _ZodObject({
      ...this._def,
      shape: () => newShape
    });
  }
  required(mask) {
    const newShape = {};
    for (const key of util2.objectKeys(this.shape)) {
      if (mask && !mask[key]) {
        newShape[key] = this.shape[key];
      } else {
        const fieldSchema = this.shape[key];
        let newField = fieldSchema;
        while (newField instanceof ZodOptional) {
          newField = newField._def.innerType;
        }
        newShape[key] = newField;
      }
    }
    return new _ZodObject({
      ...this._def,
      shape: () => newShape
    });
  }
  keyof() {
    return createZodEnum(util2.objectKeys(this.shape));
  }
};
ZodObject.create = (shape, params) => {
  return new ZodObject({
    shape: () => shape,
    unknownKeys: "strip",
    catchall: ZodNever.create(),
    typeName: ZodFirstPartyTypeKind.ZodObject,
    ...processCreateParams(params)
  });
};
ZodObject.strictCreate = (shape, params) => {
  return new ZodObject({
    shape: () => shape,
    unknownKeys: "strict",
    catchall: ZodNever.create(),
    typeName: ZodFirstPartyTypeKind.ZodObject,
    ...processCreateParams(params)
  });
};
ZodObject.lazycreate = (shape, params) => {
  return new ZodObject({
    shape,
    unknownKeys: "strip",
    catchall: ZodNever.create(),
    typeName: ZodFirstPartyTypeKind.ZodObject,
    ...processCreateParams(params)
  });
};
var ZodUnion = class extends ZodType {
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    const options = this._def.options;
    function handleResults(results) {
      for (const result of results) {
        if (result.result.status === "valid") {
          return result.result;
        }
      }
      for (const result of results) {
        if (result.result.status === "dirty") {
          ctx.common.issues.push(...result.ctx.common.issues);
          return result.result;
        }
      }
      const unionErrors = results.map((result) => new ZodError(result.ctx.common.issues));
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_union,
        unionErrors
      });
      return INVALID;
    }
    if (ctx.common.async) {
      return Promise.all(options.map(async (option) => {
        const childCtx = {
          ...ctx,
          common: {
            ...ctx.common,
            issues: []
          },
          parent: null
        };
        return {
          result: await option._parseAsync({
            data: ctx.data,
            path: ctx.path,
            parent: childCtx
          }),
          ctx: childCtx
        };
      })).then(handleResults);
    } else {
      let dirty = void 0;
      const issues = [];
      for (const option of options) {
        const childCtx = {
          ...ctx,
          common: {
            ...ctx.common,
            issues: []
          },
          parent: null
        };
        const result = option._parseSync({
          data: ctx.data,
          path: ctx.path,
          parent: childCtx
        });
        if (result.status === "valid") {
          return result;
        } else if (result.status === "dirty" && !dirty) {
          dirty = { result, ctx: childCtx };
        }
        if (childCtx.common.issues.length) {
          issues.push(childCtx.common.issues);
        }
      }
      if (dirty) {
        ctx.common.issues.push(...dirty.ctx.common.issues);
        return dirty.result;
      }
      const unionErrors = issues.map((issues2) => new ZodError(issues2));
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_union,
        unionErrors
      });
      return INVALID;
    }
  }
  get options() {
    return this._def.options;
  }
};
ZodUnion.create = (types, params) => {
  return new ZodUnion({
    options: types,
    typeName: ZodFirstPartyTypeKind.ZodUnion,
    ...processCreateParams(params)
  });
};
var getDiscriminator = (type) => {
  if (type instanceof ZodLazy) {
    return getDiscriminator(type.schema);
  } else if (type instanceof ZodEffects) {
    return getDiscriminator(type.innerType());
  } else if (type instanceof ZodLiteral) {
    return [type.value];
  } else if (type instanceof ZodEnum) {
    return type.options;
  } else if (type instanceof ZodNativeEnum) {
    return util2.objectValues(type.enum);
  } else if (type instanceof ZodDefault) {
    return getDiscriminator(type._def.innerType);
  } else if (type instanceof ZodUndefined) {
    return [void 0];
  } else if (type instanceof ZodNull) {
    return [null];
  } else if (type instanceof ZodOptional) {
    return [void 0, ...getDiscriminator(type.unwrap())];
  } else if (type instanceof ZodNullable) {
    return [null, ...getDiscriminator(type.unwrap())];
  } else if (type instanceof ZodBranded) {
    return getDiscriminator(type.unwrap());
  } else if (type instanceof ZodReadonly) {
    return getDiscriminator(type.unwrap());
  } else if (type instanceof ZodCatch) {
    return getDiscriminator(type._def.innerType);
  } else {
    return [];
  }
};
var ZodDiscriminatedUnion = class _ZodDiscriminatedUnion extends ZodType {
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.object) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.object,
        received: ctx.parsedType
      });
      return INVALID;
    }
    const discriminator = this.discriminator;
    const discriminatorValue = ctx.data[discriminator];
    const option = this.optionsMap.get(discriminatorValue);
    if (!option) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_union_discriminator,
        options: Array.from(this.optionsMap.keys()),
        path: [discriminator]
      });
      return INVALID;
    }
    if (ctx.common.async) {
      return option._parseAsync({
        data: ctx.data,
        path: ctx.path,
        parent: ctx
      });
    } else {
      return option._parseSync({
        data: ctx.data,
        path: ctx.path,
        parent: ctx
      });
    }
  }
  get discriminator() {
    return this._def.discriminator;
  }
  get options() {
    return this._def.options;
  }
  get optionsMap() {
    return this._def.optionsMap;
  }
  /**
   * The constructor of the discriminated union schema. Its behaviour is very similar to that of the normal z.union() constructor.
   * However, it only allows a union of objects, all of which need to share a discriminator property. This property must
   * have a different value for each object in the union.
   * @param discriminator the name of the discriminator property
   * @param types an array of object schemas
   * @param params
   */
  static create(discriminator, options, params) {
    const optionsMap = /* @__PURE__ */ new Map();
    for (const type of options) {
      const discriminatorValues = getDiscriminator(type.shape[discriminator]);
      if (!discriminatorValues.length) {
        throw new Error(`A discriminator value for key \`${discriminator}\` could not be extracted from all schema options`);
      }
      for (const value of discriminatorValues) {
        if (optionsMap.has(value)) {
          throw new Error(`Discriminator property ${String(discriminator)} has duplicate value ${String(value)}`);
        }
        optionsMap.set(value, type);
      }
    }
    return new _ZodDiscriminatedUnion({
      typeName: ZodFirstPartyTypeKind.ZodDiscriminatedUnion,
      discriminator,
      options,
      optionsMap,
      ...processCreateParams(params)
    });
  }
};
function mergeValues(a, b) {
  const aType = getParsedType(a);
  const bType = getParsedType(b);
  if (a === b) {
    return { valid: true, data: a };
  } else if (aType === ZodParsedType.object && bType === ZodParsedType.object) {
    const bKeys = util2.objectKeys(b);
    const sharedKeys = util2.objectKeys(a).filter((key) => bKeys.indexOf(key) !== -1);
    const newObj = { ...a, ...b };
    for (const key of sharedKeys) {
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) {
        return { valid: false };
      }
      newObj[key] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  } else if (aType === ZodParsedType.array && bType === ZodParsedType.array) {
    if (a.length !== b.length) {
      return { valid: false };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return { valid: false };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  } else if (aType === ZodParsedType.date && bType === ZodParsedType.date && +a === +b) {
    return { valid: true, data: a };
  } else {
    return { valid: false };
  }
}
var ZodIntersection = class extends ZodType {
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    const handleParsed = (parsedLeft, parsedRight) => {
      if (isAborted(parsedLeft) || isAborted(parsedRight)) {
        return INVALID;
      }
      const merged = mergeValues(parsedLeft.value, parsedRight.value);
      if (!merged.valid) {
        addIssueToContext(ctx, {
          code: ZodIssueCode.invalid_intersection_types
        });
        return INVALID;
      }
      if (isDirty(parsedLeft) || isDirty(parsedRight)) {
        status.dirty();
      }
      return { status: status.value, value: merged.data };
    };
    if (ctx.common.async) {
      return Promise.all([
        this._def.left._parseAsync({
          data: ctx.data,
          path: ctx.path,
          parent: ctx
        }),
        this._def.right._parseAsync({
          data: ctx.data,
          path: ctx.path,
          parent: ctx
        })
      ]).then(([left, right]) => handleParsed(left, right));
    } else {
      return handleParsed(this._def.left._parseSync({
        data: ctx.data,
        path: ctx.path,
        parent: ctx
      }), this._def.right._parseSync({
        data: ctx.data,
        path: ctx.path,
        parent: ctx
      }));
    }
  }
};
ZodIntersection.create = (left, right, params) => {
  return new ZodIntersection({
    left,
    right,
    typeName: ZodFirstPartyTypeKind.ZodIntersection,
    ...processCreateParams(params)
  });
};
var ZodTuple = class _ZodTuple extends ZodType {
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.array) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.array,
        received: ctx.parsedType
      });
      return INVALID;
    }
    if (ctx.data.length < this._def.items.length) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.too_small,
        minimum: this._def.items.length,
        inclusive: true,
        exact: false,
        type: "array"
      });
      return INVALID;
    }
    const rest = this._def.rest;
    if (!rest && ctx.data.length > this._def.items.length) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.too_big,
        maximum: this._def.items.length,
        inclusive: true,
        exact: false,
        type: "array"
      });
      status.dirty();
    }
    const items = [...ctx.data].map((item, itemIndex) => {
      const schema = this._def.items[itemIndex] || this._def.rest;
      if (!schema)
        return null;
      return schema._parse(new ParseInputLazyPath(ctx, item, ctx.path, itemIndex));
    }).filter((x) => !!x);
    if (ctx.common.async) {
      return Promise.all(items).then((results) => {
        return ParseStatus.mergeArray(status, results);
      });
    } else {
      return ParseStatus.mergeArray(status, items);
    }
  }
  get items() {
    return this._def.items;
  }
  rest(rest) {
    return new _ZodTuple({
      ...this._def,
      rest
    });
  }
};
ZodTuple.create = (schemas, params) => {
  if (!Array.isArray(schemas)) {
    throw new Error("You must pass an array of schemas to z.tuple([ ... ])");
  }
  return new ZodTuple({
    items: schemas,
    typeName: ZodFirstPartyTypeKind.ZodTuple,
    rest: null,
    ...processCreateParams(params)
  });
};
var ZodRecord = class _ZodRecord extends ZodType {
  get keySchema() {
    return this._def.keyType;
  }
  get valueSchema() {
    return this._def.valueType;
  }
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.object) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.object,
        received: ctx.parsedType
      });
      return INVALID;
    }
    const pairs = [];
    const keyType = this._def.keyType;
    const valueType = this._def.valueType;
    for (const key in ctx.data) {
      pairs.push({
        key: keyType._parse(new ParseInputLazyPath(ctx, key, ctx.path, key)),
        value: valueType._parse(new ParseInputLazyPath(ctx, ctx.data[key], ctx.path, key)),
        alwaysSet: key in ctx.data
      });
    }
    if (ctx.common.async) {
      return ParseStatus.mergeObjectAsync(status, pairs);
    } else {
      return ParseStatus.mergeObjectSync(status, pairs);
    }
  }
  get element() {
    return this._def.valueType;
  }
  static create(first, second, third) {
    if (second instanceof ZodType) {
      return new _ZodRecord({
        keyType: first,
        valueType: second,
        typeName: ZodFirstPartyTypeKind.ZodRecord,
        ...processCreateParams(third)
      });
    }
    return new _ZodRecord({
      keyType: ZodString.create(),
      valueType: first,
      typeName: ZodFirstPartyTypeKind.ZodRecord,
      ...processCreateParams(second)
    });
  }
};
var ZodMap = class extends ZodType {
  get keySchema() {
    return this._def.keyType;
  }
  get valueSchema() {
    return this._def.valueType;
  }
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.map) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.map,
        received: ctx.parsedType
      });
      return INVALID;
    }
    const keyType = this._def.keyType;
    const valueType = this._def.valueType;
    const pairs = [...ctx.data.entries()].map(([key, value], index) => {
      return {
        key: keyType._parse(new ParseInputLazyPath(ctx, key, ctx.path, [index, "key"])),
        value: valueType._parse(new ParseInputLazyPath(ctx, value, ctx.path, [index, "value"]))
      };
    });
    if (ctx.common.async) {
      const finalMap = /* @__PURE__ */ new Map();
      return Promise.resolve().then(async () => {
        for (const pair of pairs) {
          const key = await pair.key;
          const value = await pair.value;
          if (key.status === "aborted" || value.status === "aborted") {
            return INVALID;
          }
          if (key.status === "dirty" || value.status === "dirty") {
            status.dirty();
          }
          finalMap.set(key.value, value.value);
        }
        return { status: status.value, value: finalMap };
      });
    } else {
      const finalMap = /* @__PURE__ */ new Map();
      for (const pair of pairs) {
        const key = pair.key;
        const value = pair.value;
        if (key.status === "aborted" || value.status === "aborted") {
          return INVALID;
        }
        if (key.status === "dirty" || value.status === "dirty") {
          status.dirty();
        }
        finalMap.set(key.value, value.value);
      }
      return { status: status.value, value: finalMap };
    }
  }
};
ZodMap.create = (keyType, valueType, params) => {
  return new ZodMap({
    valueType,
    keyType,
    typeName: ZodFirstPartyTypeKind.ZodMap,
    ...processCreateParams(params)
  });
};
var ZodSet = class _ZodSet extends ZodType {
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.set) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.set,
        received: ctx.parsedType
      });
      return INVALID;
    }
    const def = this._def;
    if (def.minSize !== null) {
      if (ctx.data.size < def.minSize.value) {
        addIssueToContext(ctx, {
          code: ZodIssueCode.too_small,
          minimum: def.minSize.value,
          type: "set",
          inclusive: true,
          exact: false,
          message: def.minSize.message
        });
        status.dirty();
      }
    }
    if (def.maxSize !== null) {
      if (ctx.data.size > def.maxSize.value) {
        addIssueToContext(ctx, {
          code: ZodIssueCode.too_big,
          maximum: def.maxSize.value,
          type: "set",
          inclusive: true,
          exact: false,
          message: def.maxSize.message
        });
        status.dirty();
      }
    }
    const valueType = this._def.valueType;
    function finalizeSet(elements2) {
      const parsedSet = /* @__PURE__ */ new Set();
      for (const element of elements2) {
        if (element.status === "aborted")
          return INVALID;
        if (element.status === "dirty")
          status.dirty();
        parsedSet.add(element.value);
      }
      return { status: status.value, value: parsedSet };
    }
    const elements = [...ctx.data.values()].map((item, i) => valueType._parse(new ParseInputLazyPath(ctx, item, ctx.path, i)));
    if (ctx.common.async) {
      return Promise.all(elements).then((elements2) => finalizeSet(elements2));
    } else {
      return finalizeSet(elements);
    }
  }
  min(minSize, message) {
    return new _ZodSet({
      ...this._def,
      minSize: { value: minSize, message: errorUtil.toString(message) }
    });
  }
  max(maxSize, message) {
    return new _ZodSet({
      ...this._def,
      maxSize: { value: maxSize, message: errorUtil.toString(message) }
    });
  }
  size(size, message) {
    return this.min(size, message).max(size, message);
  }
  nonempty(message) {
    return this.min(1, message);
  }
};
ZodSet.create = (valueType, params) => {
  return new ZodSet({
    valueType,
    minSize: null,
    maxSize: null,
    typeName: ZodFirstPartyTypeKind.ZodSet,
    ...processCreateParams(params)
  });
};
var ZodFunction = class _ZodFunction extends ZodType {
  constructor() {
    super(...arguments);
    this.validate = this.implement;
  }
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.function) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.function,
        received: ctx.parsedType
      });
      return INVALID;
    }
    function makeArgsIssue(args, error) {
      return makeIssue({
        data: args,
        path: ctx.path,
        errorMaps: [ctx.common.contextualErrorMap, ctx.schemaErrorMap, getErrorMap(), en_default].filter((x) => !!x),
        issueData: {
          code: ZodIssueCode.invalid_arguments,
          argumentsError: error
        }
      });
    }
    function makeReturnsIssue(returns, error) {
      return makeIssue({
        data: returns,
        path: ctx.path,
        errorMaps: [ctx.common.contextualErrorMap, ctx.schemaErrorMap, getErrorMap(), en_default].filter((x) => !!x),
        issueData: {
          code: ZodIssueCode.invalid_return_type,
          returnTypeError: error
        }
      });
    }
    const params = { errorMap: ctx.common.contextualErrorMap };
    const fn = ctx.data;
    if (this._def.returns instanceof ZodPromise) {
      const me = this;
      return OK(async function(...args) {
        const error = new ZodError([]);
        const parsedArgs = await me._def.args.parseAsync(args, params).catch((e) => {
          error.addIssue(makeArgsIssue(args, e));
          throw error;
        });
        const result = await Reflect.apply(fn, this, parsedArgs);
        const parsedReturns = await me._def.returns._def.type.parseAsync(result, params).catch((e) => {
          error.addIssue(makeReturnsIssue(result, e));
          throw error;
        });
        return parsedReturns;
      });
    } else {
      const me = this;
      return OK(function(...args) {
        const parsedArgs = me._def.args.safeParse(args, params);
        if (!parsedArgs.success) {
          throw new ZodError([makeArgsIssue(args, parsedArgs.error)]);
        }
        const result = Reflect.apply(fn, this, parsedArgs.data);
        const parsedReturns = me._def.returns.safeParse(result, params);
        if (!parsedReturns.success) {
          throw new ZodError([makeReturnsIssue(result, parsedReturns.error)]);
        }
        return parsedReturns.data;
      });
    }
  }
  parameters() {
    return this._def.args;
  }
  returnType() {
    return this._def.returns;
  }
  args(...items) {
    return new _ZodFunction({
      ...this._def,
      args: ZodTuple.create(items).rest(ZodUnknown.create())
    });
  }
  returns(returnType) {
    return new _ZodFunction({
      ...this._def,
      returns: returnType
    });
  }
  implement(func) {
    const validatedFunc = this.parse(func);
    return validatedFunc;
  }
  strictImplement(func) {
    const validatedFunc = this.parse(func);
    return validatedFunc;
  }
  static create(args, returns, params) {
    return new _ZodFunction({
      args: args ? args : ZodTuple.create([]).rest(ZodUnknown.create()),
      returns: returns || ZodUnknown.create(),
      typeName: ZodFirstPartyTypeKind.ZodFunction,
      ...processCreateParams(params)
    });
  }
};
var ZodLazy = class extends ZodType {
  get schema() {
    return this._def.getter();
  }
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    const lazySchema = this._def.getter();
    return lazySchema._parse({ data: ctx.data, path: ctx.path, parent: ctx });
  }
};
ZodLazy.create = (getter, params) => {
  return new ZodLazy({
    getter,
    typeName: ZodFirstPartyTypeKind.ZodLazy,
    ...processCreateParams(params)
  });
};
var ZodLiteral = class extends ZodType {
  _parse(input) {
    if (input.data !== this._def.value) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        received: ctx.data,
        code: ZodIssueCode.invalid_literal,
        expected: this._def.value
      });
      return INVALID;
    }
    return { status: "valid", value: input.data };
  }
  get value() {
    return this._def.value;
  }
};
ZodLiteral.create = (value, params) => {
  return new ZodLiteral({
    value,
    typeName: ZodFirstPartyTypeKind.ZodLiteral,
    ...processCreateParams(params)
  });
};
function createZodEnum(values, params) {
  return new ZodEnum({
    values,
    typeName: ZodFirstPartyTypeKind.ZodEnum,
    ...processCreateParams(params)
  });
}
var ZodEnum = class _ZodEnum extends ZodType {
  _parse(input) {
    if (typeof input.data !== "string") {
      const ctx = this._getOrReturnCtx(input);
      const expectedValues = this._def.values;
      addIssueToContext(ctx, {
        expected: util2.joinValues(expectedValues),
        received: ctx.parsedType,
        code: ZodIssueCode.invalid_type
      });
      return INVALID;
    }
    if (!this._cache) {
      this._cache = new Set(this._def.values);
    }
    if (!this._cache.has(input.data)) {
      const ctx = this._getOrReturnCtx(input);
      const expectedValues = this._def.values;
      addIssueToContext(ctx, {
        received: ctx.data,
        code: ZodIssueCode.invalid_enum_value,
        options: expectedValues
      });
      return INVALID;
    }
    return OK(input.data);
  }
  get options() {
    return this._def.values;
  }
  get enum() {
    const enumValues = {};
    for (const val of this._def.values) {
      enumValues[val] = val;
    }
    return enumValues;
  }
  get Values() {
    const enumValues = {};
    for (const val of this._def.values) {
      enumValues[val] = val;
    }
    return enumValues;
  }
  get Enum() {
    const enumValues = {};
    for (const val of this._def.values) {
      enumValues[val] = val;
    }
    return enumValues;
  }
  extract(values, newDef = this._def) {
    return _ZodEnum.create(values, {
      ...this._def,
      ...newDef
    });
  }
  exclude(values, newDef = this._def) {
    return _ZodEnum.create(this.options.filter((opt) => !values.includes(opt)), {
      ...this._def,
      ...newDef
    });
  }
};
ZodEnum.create = createZodEnum;
var ZodNativeEnum = class extends ZodType {
  _parse(input) {
    const nativeEnumValues = util2.getValidEnumValues(this._def.values);
    const ctx = this._getOrReturnCtx(input);
    if (ctx.parsedType !== ZodParsedType.string && ctx.parsedType !== ZodParsedType.number) {
      const expectedValues = util2.objectValues(nativeEnumValues);
      addIssueToContext(ctx, {
        expected: util2.joinValues(expectedValues),
        received: ctx.parsedType,
        code: ZodIssueCode.invalid_type
      });
      return INVALID;
    }
    if (!this._cache) {
      this._cache = new Set(util2.getValidEnumValues(this._def.values));
    }
    if (!this._cache.has(input.data)) {
      const expectedValues = util2.objectValues(nativeEnumValues);
      addIssueToContext(ctx, {
        received: ctx.data,
        code: ZodIssueCode.invalid_enum_value,
        options: expectedValues
      });
      return INVALID;
    }
    return OK(input.data);
  }
  get enum() {
    return this._def.values;
  }
};
ZodNativeEnum.create = (values, params) => {
  return new ZodNativeEnum({
    values,
    typeName: ZodFirstPartyTypeKind.ZodNativeEnum,
    ...processCreateParams(params)
  });
};
var ZodPromise = class extends ZodType {
  unwrap() {
    return this._def.type;
  }
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    if (ctx.parsedType !== ZodParsedType.promise && ctx.common.async === false) {
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.promise,
        received: ctx.parsedType
      });
      return INVALID;
    }
    const promisified = ctx.parsedType === ZodParsedType.promise ? ctx.data : Promise.resolve(ctx.data);
    return OK(promisified.then((data) => {
      return this._def.type.parseAsync(data, {
        path: ctx.path,
        errorMap: ctx.common.contextualErrorMap
      });
    }));
  }
};
ZodPromise.create = (schema, params) => {
  return new ZodPromise({
    type: schema,
    typeName: ZodFirstPartyTypeKind.ZodPromise,
    ...processCreateParams(params)
  });
};
var ZodEffects = class extends ZodType {
  innerType() {
    return this._def.schema;
  }
  sourceType() {
    return this._def.schema._def.typeName === ZodFirstPartyTypeKind.ZodEffects ? this._def.schema.sourceType() : this._def.schema;
  }
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    const effect = this._def.effect || null;
    const checkCtx = {
      addIssue: (arg) => {
        addIssueToContext(ctx, arg);
        if (arg.fatal) {
          status.abort();
        } else {
          status.dirty();
        }
      },
      get path() {
        return ctx.path;
      }
    };
    checkCtx.addIssue = checkCtx.addIssue.bind(checkCtx);
    if (effect.type === "preprocess") {
      const processed = effect.transform(ctx.data, checkCtx);
      if (ctx.common.async) {
        return Promise.resolve(processed).then(async (processed2) => {
          if (status.value === "aborted")
            return INVALID;
          const result = await this._def.schema._parseAsync({
            data: processed2,
            path: ctx.path,
            parent: ctx
          });
          if (result.status === "aborted")
            return INVALID;
          if (result.status === "dirty")
            return DIRTY(result.value);
          if (status.value === "dirty")
            return DIRTY(result.value);
          return result;
        });
      } else {
        if (status.value === "aborted")
          return INVALID;
        const result = this._def.schema._parseSync({
          data: processed,
          path: ctx.path,
          parent: ctx
        });
        if (result.status === "aborted")
          return INVALID;
        if (result.status === "dirty")
          return DIRTY(result.value);
        if (status.value === "dirty")
          return DIRTY(result.value);
        return result;
      }
    }
    if (effect.type === "refinement") {
      const executeRefinement = (acc) => {
        const result = effect.refinement(acc, checkCtx);
        if (ctx.common.async) {
          return Promise.resolve(result);
        }
        if (result instanceof Promise) {
          throw new Error("Async refinement encountered during synchronous parse operation. Use .parseAsync instead.");
        }
        return acc;
      };
      if (ctx.common.async === false) {
        const inner = this._def.schema._parseSync({
          data: ctx.data,
          path: ctx.path,
          parent: ctx
        });
        if (inner.status === "aborted")
          return INVALID;
        if (inner.status === "dirty")
          status.dirty();
        executeRefinement(inner.value);
        return { status: status.value, value: inner.value };
      } else {
        return this._def.schema._parseAsync({ data: ctx.data, path: ctx.path, parent: ctx }).then((inner) => {
          if (inner.status === "aborted")
            return INVALID;
          if (inner.status === "dirty")
            status.dirty();
          return executeRefinement(inner.value).then(() => {
            return { status: status.value, value: inner.value };
          });
        });
      }
    }
    if (effect.type === "transform") {
      if (ctx.common.async === false) {
        const base = this._def.schema._parseSync({
          data: ctx.data,
          path: ctx.path,
          parent: ctx
        });
        if (!isValid(base))
          return INVALID;
        const result = effect.transform(base.value, checkCtx);
        if (result instanceof Promise) {
          throw new Error(`Asynchronous transform encountered during synchronous parse operation. Use .parseAsync instead.`);
        }
        return { status: status.value, value: result };
      } else {
        return this._def.schema._parseAsync({ data: ctx.data, path: ctx.path, parent: ctx }).then((base) => {
          if (!isValid(base))
            return INVALID;
          return Promise.resolve(effect.transform(base.value, checkCtx)).then((result) => ({
            status: status.value,
            value: result
          }));
        });
      }
    }
    util2.assertNever(effect);
  }
};
ZodEffects.create = (schema, effect, params) => {
  return new ZodEffects({
    schema,
    typeName: ZodFirstPartyTypeKind.ZodEffects,
    effect,
    ...processCreateParams(params)
  });
};
ZodEffects.createWithPreprocess = (preprocess, schema, params) => {
  return new ZodEffects({
    schema,
    effect: { type: "preprocess", transform: preprocess },
    typeName: ZodFirstPartyTypeKind.ZodEffects,
    ...processCreateParams(params)
  });
};
var ZodOptional = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType === ZodParsedType.undefined) {
      return OK(void 0);
    }
    return this._def.innerType._parse(input);
  }
  unwrap() {
    return this._def.innerType;
  }
};
ZodOptional.create = (type, params) => {
  return new ZodOptional({
    innerType: type,
    typeName: ZodFirstPartyTypeKind.ZodOptional,
    ...processCreateParams(params)
  });
};
var ZodNullable = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType === ZodParsedType.null) {
      return OK(null);
    }
    return this._def.innerType._parse(input);
  }
  unwrap() {
    return this._def.innerType;
  }
};
ZodNullable.create = (type, params) => {
  return new ZodNullable({
    innerType: type,
    typeName: ZodFirstPartyTypeKind.ZodNullable,
    ...processCreateParams(params)
  });
};
var ZodDefault = class extends ZodType {
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    let data = ctx.data;
    if (ctx.parsedType === ZodParsedType.undefined) {
      data = this._def.defaultValue();
    }
    return this._def.innerType._parse({
      data,
      path: ctx.path,
      parent: ctx
    });
  }
  removeDefault() {
    return this._def.innerType;
  }
};
ZodDefault.create = (type, params) => {
  return new ZodDefault({
    innerType: type,
    typeName: ZodFirstPartyTypeKind.ZodDefault,
    defaultValue: typeof params.default === "function" ? params.default : () => params.default,
    ...processCreateParams(params)
  });
};
var ZodCatch = class extends ZodType {
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    const newCtx = {
      ...ctx,
      common: {
        ...ctx.common,
        issues: []
      }
    };
    const result = this._def.innerType._parse({
      data: newCtx.data,
      path: newCtx.path,
      parent: {
        ...newCtx
      }
    });
    if (isAsync(result)) {
      return result.then((result2) => {
        return {
          status: "valid",
          value: result2.status === "valid" ? result2.value : this._def.catchValue({
            get error() {
              return new ZodError(newCtx.common.issues);
            },
            input: newCtx.data
          })
        };
      });
    } else {
      return {
        status: "valid",
        value: result.status === "valid" ? result.value : this._def.catchValue({
          get error() {
            return new ZodError(newCtx.common.issues);
          },
          input: newCtx.data
        })
      };
    }
  }
  removeCatch() {
    return this._def.innerType;
  }
};
ZodCatch.create = (type, params) => {
  return new ZodCatch({
    innerType: type,
    typeName: ZodFirstPartyTypeKind.ZodCatch,
    catchValue: typeof params.catch === "function" ? params.catch : () => params.catch,
    ...processCreateParams(params)
  });
};
var ZodNaN = class extends ZodType {
  _parse(input) {
    const parsedType = this._getType(input);
    if (parsedType !== ZodParsedType.nan) {
      const ctx = this._getOrReturnCtx(input);
      addIssueToContext(ctx, {
        code: ZodIssueCode.invalid_type,
        expected: ZodParsedType.nan,
        received: ctx.parsedType
      });
      return INVALID;
    }
    return { status: "valid", value: input.data };
  }
};
ZodNaN.create = (params) => {
  return new ZodNaN({
    typeName: ZodFirstPartyTypeKind.ZodNaN,
    ...processCreateParams(params)
  });
};
var BRAND = /* @__PURE__ */ Symbol("zod_brand");
var ZodBranded = class extends ZodType {
  _parse(input) {
    const { ctx } = this._processInputParams(input);
    const data = ctx.data;
    return this._def.type._parse({
      data,
      path: ctx.path,
      parent: ctx
    });
  }
  unwrap() {
    return this._def.type;
  }
};
var ZodPipeline = class _ZodPipeline extends ZodType {
  _parse(input) {
    const { status, ctx } = this._processInputParams(input);
    if (ctx.common.async) {
      const handleAsync = async () => {
        const inResult = await this._def.in._parseAsync({
          data: ctx.data,
          path: ctx.path,
          parent: ctx
        });
        if (inResult.status === "aborted")
          return INVALID;
        if (inResult.status === "dirty") {
          status.dirty();
          return DIRTY(inResult.value);
        } else {
          return this._def.out._parseAsync({
            data: inResult.value,
            path: ctx.path,
            parent: ctx
          });
        }
      };
      return handleAsync();
    } else {
      const inResult = this._def.in._parseSync({
        data: ctx.data,
        path: ctx.path,
        parent: ctx
      });
      if (inResult.status === "aborted")
        return INVALID;
      if (inResult.status === "dirty") {
        status.dirty();
        return {
          status: "dirty",
          value: inResult.value
        };
      } else {
        return this._def.out._parseSync({
          data: inResult.value,
          path: ctx.path,
          parent: ctx
        });
      }
    }
  }
  static create(a, b) {
    return new _ZodPipeline({
      in: a,
      out: b,
      typeName: ZodFirstPartyTypeKind.ZodPipeline
    });
  }
};
var ZodReadonly = class extends ZodType {
  _parse(input) {
    const result = this._def.innerType._parse(input);
    const freeze = (data) => {
      if (isValid(data)) {
        data.value = Object.freeze(data.value);
      }
      return data;
    };
    return isAsync(result) ? result.then((data) => freeze(data)) : freeze(result);
  }
  unwrap() {
    return this._def.innerType;
  }
};
ZodReadonly.create = (type, params) => {
  return new ZodReadonly({
    innerType: type,
    typeName: ZodFirstPartyTypeKind.ZodReadonly,
    ...processCreateParams(params)
  });
};
function cleanParams(params, data) {
  const p = typeof params === "function" ? params(data) : typeof params === "string" ? { message: params } : params;
  const p2 = typeof p === "string" ? { message: p } : p;
  return p2;
}
function custom(check, _params = {}, fatal) {
  if (check)
    return ZodAny.create().superRefine((data, ctx) => {
      const r = check(data);
      if (r instanceof Promise) {
        return r.then((r2) => {
          if (!r2) {
            const params = cleanParams(_params, data);
            const _fatal = params.fatal ?? fatal ?? true;
            ctx.addIssue({ code: "custom", ...params, fatal: _fatal });
          }
        });
      }
      if (!r) {
        const params = cleanParams(_params, data);
        const _fatal = params.fatal ?? fatal ?? true;
        ctx.addIssue({ code: "custom", ...params, fatal: _fatal });
      }
      return;
    });
  return ZodAny.create();
}
var late = {
  object: ZodObject.lazycreate
};
var ZodFirstPartyTypeKind;
(function(ZodFirstPartyTypeKind2) {
  ZodFirstPartyTypeKind2["ZodString"] = "ZodString";
  ZodFirstPartyTypeKind2["ZodNumber"] = "ZodNumber";
  ZodFirstPartyTypeKind2["ZodNaN"] = "ZodNaN";
  ZodFirstPartyTypeKind2["ZodBigInt"] = "ZodBigInt";
  ZodFirstPartyTypeKind2["ZodBoolean"] = "ZodBoolean";
  ZodFirstPartyTypeKind2["ZodDate"] = "ZodDate";
  ZodFirstPartyTypeKind2["ZodSymbol"] = "ZodSymbol";
  ZodFirstPartyTypeKind2["ZodUndefined"] = "ZodUndefined";
  ZodFirstPartyTypeKind2["ZodNull"] = "ZodNull";
  ZodFirstPartyTypeKind2["ZodAny"] = "ZodAny";
  ZodFirstPartyTypeKind2["ZodUnknown"] = "ZodUnknown";
  ZodFirstPartyTypeKind2["ZodNever"] = "ZodNever";
  ZodFirstPartyTypeKind2["ZodVoid"] = "ZodVoid";
  ZodFirstPartyTypeKind2["ZodArray"] = "ZodArray";
  ZodFirstPartyTypeKind2["ZodObject"] = "ZodObject";
  ZodFirstPartyTypeKind2["ZodUnion"] = "ZodUnion";
  ZodFirstPartyTypeKind2["ZodDiscriminatedUnion"] = "ZodDiscriminatedUnion";
  ZodFirstPartyTypeKind2["ZodIntersection"] = "ZodIntersection";
  ZodFirstPartyTypeKind2["ZodTuple"] = "ZodTuple";
  ZodFirstPartyTypeKind2["ZodRecord"] = "ZodRecord";
  ZodFirstPartyTypeKind2["ZodMap"] = "ZodMap";
  ZodFirstPartyTypeKind2["ZodSet"] = "ZodSet";
  ZodFirstPartyTypeKind2["ZodFunction"] = "ZodFunction";
  ZodFirstPartyTypeKind2["ZodLazy"] = "ZodLazy";
  ZodFirstPartyTypeKind2["ZodLiteral"] = "ZodLiteral";
  ZodFirstPartyTypeKind2["ZodEnum"] = "ZodEnum";
  ZodFirstPartyTypeKind2["ZodEffects"] = "ZodEffects";
  ZodFirstPartyTypeKind2["ZodNativeEnum"] = "ZodNativeEnum";
  ZodFirstPartyTypeKind2["ZodOptional"] = "ZodOptional";
  ZodFirstPartyTypeKind2["ZodNullable"] = "ZodNullable";
  ZodFirstPartyTypeKind2["ZodDefault"] = "ZodDefault";
  ZodFirstPartyTypeKind2["ZodCatch"] = "ZodCatch";
  ZodFirstPartyTypeKind2["ZodPromise"] = "ZodPromise";
  ZodFirstPartyTypeKind2["ZodBranded"] = "ZodBranded";
  ZodFirstPartyTypeKind2["ZodPipeline"] = "ZodPipeline";
  ZodFirstPartyTypeKind2["ZodReadonly"] = "ZodReadonly";
})(ZodFirstPartyTypeKind || (ZodFirstPartyTypeKind = {}));
var instanceOfType = (cls, params = {
  message: `Input not instance of ${cls.name}`
}) => custom((data) => data instanceof cls, params);
var stringType = ZodString.create;
var numberType = ZodNumber.create;
var nanType = ZodNaN.create;
var bigIntType = ZodBigInt.create;
var booleanType = ZodBoolean.create;
var dateType = ZodDate.create;
var symbolType = ZodSymbol.create;
var undefinedType = ZodUndefined.create;
var nullType = ZodNull.create;
var anyType = ZodAny.create;
var unknownType = ZodUnknown.create;
var neverType = ZodNever.create;
var voidType = ZodVoid.create;
var arrayType = ZodArray.create;
var objectType = ZodObject.create;
var strictObjectType = ZodObject.strictCreate;
var unionType = ZodUnion.create;
var discriminatedUnionType = ZodDiscriminatedUnion.create;
var intersectionType = ZodIntersection.create;
var tupleType = ZodTuple.create;
var recordType = ZodRecord.create;
var mapType = ZodMap.create;
var setType = ZodSet.create;
var functionType = ZodFunction.create;
var lazyType = ZodLazy.create;
var literalType = ZodLiteral.create;
var enumType = ZodEnum.create;
var nativeEnumType = ZodNativeEnum.create;
var promiseType = ZodPromise.create;
var effectsType = ZodEffects.create;
var optionalType = ZodOptional.create;
var nullableType = ZodNullable.create;
var preprocessType = ZodEffects.createWithPreprocess;
var pipelineType = ZodPipeline.create;
var ostring = () => stringType().optional();
var onumber = () => numberType().optional();
var oboolean = () => booleanType().optional();
var coerce = {
  string: ((arg) => ZodString.create({ ...arg, coerce: true })),
  number: ((arg) => ZodNumber.create({ ...arg, coerce: true })),
  boolean: ((arg) => ZodBoolean.create({
    ...arg,
    coerce: true
  })),
  bigint: ((arg) => ZodBigInt.create({ ...arg, coerce: true })),
  date: ((arg) => ZodDate.create({ ...arg, coerce: true }))
};
var NEVER = INVALID;

// node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-config.js
var domainPatternSchema = external_exports.string().refine(isValidDomainPattern, { message: DOMAIN_PATTERN_MESSAGE });
var domainPortPatternSchema = external_exports.string().refine(isValidAllowedDomainEntry, { message: ALLOWED_DOMAIN_ENTRY_MESSAGE });
var deniedDomainPatternSchema = external_exports.string().refine((val) => {
  if (!hasValidIpv6Bracketing(val))
    return false;
  const { hostPattern } = splitDomainPatternPort(val);
  return hostPattern === "*" || isValidDomainPattern(hostPattern);
}, {
  message: DOMAIN_PATTERN_MESSAGE + ' In deniedDomains a bare "*" (deny-all) is also accepted, and an optional ":port" suffix (1-65535) restricts the entry to that port.'
});
var addressRangeSchema = external_exports.string().refine((v) => parseAddressRange(v) !== void 0, {
  message: 'Invalid IP address or CIDR range. Use an IPv4/IPv6 literal or CIDR, e.g. "10.0.0.0/8", "192.168.1.10", "fc00::/7" (IPv6 unbracketed).'
});
var filesystemPathSchema = external_exports.string().min(1, "Path cannot be empty");
var filesystemPathEntrySchema = external_exports.union([
  filesystemPathSchema,
  external_exports.object({ path: filesystemPathSchema, literal: external_exports.literal(true) }).strict()
], {
  errorMap: (issue, ctx) => issue.code === external_exports.ZodIssueCode.invalid_union ? {
    message: 'Expected a path, or { "path": "<path>", "literal": true }'
  } : { message: ctx.defaultError }
});
var binaryPathSchema = external_exports.string().min(1, "Path cannot be empty").refine((val) => isAbsolute4(val), {
  message: "Binary path must be absolute"
});
var MitmProxyConfigSchema = external_exports.object({
  socketPath: external_exports.string().min(1).describe("Unix socket path to the MITM proxy"),
  domains: external_exports.array(domainPatternSchema).min(1).describe('Domains to route through the MITM proxy (e.g., ["api.example.com", "*.internal.org"])')
});
var ParentProxyConfigSchema = external_exports.object({
  http: external_exports.string().url().optional().describe("Upstream proxy URL for plain HTTP traffic"),
  https: external_exports.string().url().optional().describe("Upstream proxy URL for HTTPS/CONNECT traffic (falls back to http if unset)"),
  noProxy: external_exports.string().optional().describe("Comma-separated NO_PROXY list (hostname suffixes and CIDR ranges). Matching destinations connect directly instead of via the parent proxy.")
});
var credentialModeSchema = external_exports.enum(["deny", "mask"]);
var envVarNameSchema = external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Environment variable name must start with a letter or underscore and contain only letters, digits, and underscores");
var extractPatternSchema = external_exports.string().superRefine((val, ctx) => {
  let re;
  try {
    re = new RegExp(val);
  } catch (err) {
    ctx.addIssue({
      code: external_exports.ZodIssueCode.custom,
      message: `extract is not a valid regular expression: ${err.message}`
    });
    return;
  }
  const groupCount = new RegExp(re.source + "|").exec("").length - 1;
  if (groupCount < 1) {
    ctx.addIssue({
      code: external_exports.ZodIssueCode.custom,
      message: 'extract must contain at least one capturing group \u2014 group 1 is the credential value to mask (e.g. "token:\\s*(\\S+)").'
    });
  }
});
var CredentialFileConfigSchema = external_exports.object({
  path: filesystemPathSchema.describe("Path to a credential file or directory. Supports the same path forms as a string in filesystem.denyRead (absolute paths and ~ expansion)."),
  mode: credentialModeSchema.describe("Access mode for this path"),
  extract: extractPatternSchema.optional().describe('Optional regex for structured masking. Applied globally; capture group 1 of each match is masked, the rest of the file is preserved. If the pattern matches nothing, behaviour is governed by onExtractNoMatch (default "warn"). Only meaningful when mode is "mask"; accepted but ignored for "deny".'),
  /**
   * What to do when `extract` matches nothing in the file at runtime —
   * or, with `decode`, when no candidate survives verification.
   *
   * - `"warn"` (default): emit a stderr warning and leave the file
   *   readable as-is inside the sandbox (fail-open). A non-matching
   *   pattern is treated as a config error to surface and fix, not a
   *   reason to break a tool that needs the file when the credential is
   *   legitimately absent.
   * - `"deny"`: degrade the entry to `mode: "deny"` so the file is
   *   unreadable inside the sandbox (fail-closed). The operator declared
   *   this file as containing a credential; if the regex cannot find it,
   *   block access rather than expose it.
   * - `"error"`: throw at wrap time so nothing runs until the operator
   *   fixes the config.
   *
   * Only meaningful when `mode` is `"mask"` and `extract` or `decode` is
   * set; accepted but ignored otherwise.
   */
  onExtractNoMatch: external_exports.enum(["warn", "deny", "error"]).optional().describe('What to do when extract matches nothing (or, with decode, no candidate verifies): "warn" (default \u2014 stderr warning, file left readable), "deny" (degrade to mode "deny" \u2014 file unreadable), or "error" (throw at wrap time). Only meaningful with mode "mask" and extract or decode set.'),
  decode: external_exports.enum(["jwt"]).optional().describe('Optional encoded-credential format. "jwt": decodes recognized JWTs so masking can target fields inside them (see maskClaims). Candidates are located with a built-in JWT regex (or the explicit extract pattern, if set) and verified to actually be JWTs before masking. Without maskClaims, the whole decoded value is treated as the credential and replaced with a structurally valid fake JWT, so client-side token parsing keeps working. If no candidate verifies, behaviour is governed by onExtractNoMatch (default "warn"). Only meaningful when mode is "mask"; accepted but ignored for "deny".'),
  /**
   * Names of top-level payload claims to mask inside each decoded value —
   * the claim-level counterpart of `extract`: where `extract` opens plain
   * text to mask a span inside it, `decode` + `maskClaims` opens the
   * encoding to mask a field inside the decoded payload.
   *
   * For each verified JWT candidate, every named claim present with a
   * string value is replaced by its own sentinel and the token is rebuilt
   * around the modified payload (original header, filler signature). All
   * other claims are preserved verbatim, so a tool that decodes the token
   * and reads a non-secret claim (issuer, audience, user id) keeps
   * working while the secret claim is protected. A named claim that is
   * absent or non-string in a given token is skipped. If no named claim
   * matches in any verified token, behaviour is governed by
   * `onExtractNoMatch` — same as no candidate verifying.
   *
   * Requires `decode` (there is no payload to look inside otherwise); an
   * explicitly empty list is rejected — see the superRefine below.
   */
  maskClaims: external_exports.array(external_exports.string().min(1)).optional().describe('Names of top-level payload claims to mask inside each decoded value, instead of replacing the whole token. Each named claim present with a string value gets its own sentinel; all other claims are preserved so claim-reading clients keep working. Requires decode. If no named claim matches in any verified token, behaviour is governed by onExtractNoMatch (default "warn"). Only meaningful when mode is "mask"; accepted but ignored for "deny".'),
  maskDuplicates: external_exports.boolean().optional().describe(`If true, verbatim occurrences of each captured credential value outside the regex-matched spans are also replaced with the corresponding sentinel \u2014 for a secret repeated where the regex does not reach (e.g. in a comment). Matches raw substrings: short or common credential values may corrupt unrelated content, so this is intended for long, high-entropy secrets. With decode, only values that passed verification are scanned; duplicates reuse the verified value's fake without re-verification. Defaults to false. Only meaningful with mode "mask" and extract or decode set; accepted but ignored otherwise.`),
  injectHosts: external_exports.array(domainPatternSchema).optional().describe('Optional narrowing of where the proxy substitutes this credential. If unset, defaults to network.allowedDomains \u2014 the credential is injected at every reachable host. Only meaningful when mode is "mask"; accepted but ignored for "deny".')
});
var CredentialEnvVarConfigSchema = external_exports.object({
  name: envVarNameSchema.describe("Environment variable name"),
  mode: credentialModeSchema.describe("Access mode for this environment variable"),
  extract: extractPatternSchema.optional().describe('Optional regex for structured masking. Applied globally; capture group 1 of each match is masked, the rest of the value is preserved. If the pattern matches nothing, behaviour is governed by onExtractNoMatch (default "warn"). Only meaningful when mode is "mask"; accepted but ignored for "deny".'),
  /**
   * What to do when `extract` matches nothing in the value at runtime.
   *
   * - `"warn"` (default): emit a stderr warning and let the variable pass
   *   through unmasked inside the sandbox (fail-open). A non-matching
   *   pattern is treated as a config error to surface and fix, not a
   *   reason to break a tool that needs the variable when the credential
   *   is legitimately absent from it.
   * - `"deny"`: unset the variable inside the sandbox (fail-closed) — the
   *   env analog of degrading a file to `mode: "deny"`. The operator
   *   declared this variable as containing a credential; if the regex
   *   cannot find it, withhold the value rather than expose it.
   * - `"error"`: throw at wrap time so nothing runs until the operator
   *   fixes the regex.
   *
   * Only meaningful when `mode` is `"mask"` and `extract` is set;
   * accepted but ignored otherwise.
   */
  onExtractNoMatch: external_exports.enum(["warn", "deny", "error"]).optional().describe('What to do when extract matches nothing: "warn" (default \u2014 stderr warning, variable passes through unmasked), "deny" (variable unset inside the sandbox), or "error" (throw at wrap time). Only meaningful with mode "mask" and extract set.'),
  decode: external_exports.enum(["jwt"]).optional().describe(`Optional encoded-credential format. "jwt": the variable's whole value is verified to actually be a JWT and replaced with a structurally valid fake JWT so client-side token parsing keeps working; the proxy swaps the whole fake token on egress. If the value does not verify, the variable is left unmasked with a stderr warning (fail-open). Only meaningful when mode is "mask"; accepted but ignored for "deny".`),
  /**
   * Names of top-level payload claims to mask inside the decoded value —
   * the env-var counterpart of the `maskClaims` on a file entry: `decode`
   * opens the variable's encoded value so masking can target a field
   * inside the decoded payload instead of replacing the whole token.
   *
   * Every named claim present with a string value is replaced by its own
   * sentinel and the token is rebuilt around the modified payload
   * (original header segment, filler signature). All other claims are
   * preserved verbatim, so a tool that decodes the token and reads a
   * non-secret claim (issuer, audience, user id) keeps working while the
   * secret claim is protected. A named claim that is absent or non-string
   * is skipped. If no named claim matches, nothing was masked and the
   * entry fails open with a stderr warning — same path as a value that
   * does not verify as a JWT.
   *
   * Requires `decode` (there is no payload to look inside otherwise); an
   * explicitly empty list is rejected — see the superRefine below.
   */
  maskClaims: external_exports.array(external_exports.string().min(1)).optional().describe('Names of top-level payload claims to mask inside the decoded value, instead of replacing the whole token. Each named claim present with a string value gets its own sentinel; all other claims are preserved so claim-reading clients keep working. Requires decode. If no named claim matches, the variable is left unmasked with a stderr warning (fail-open). Only meaningful when mode is "mask"; accepted but ignored for "deny".'),
  injectHosts: external_exports.array(domainPatternSchema).optional().describe('Optional narrowing of where the proxy substitutes this credential. If unset, defaults to network.allowedDomains \u2014 the credential is injected at every reachable host. Only meaningful when mode is "mask"; accepted but ignored for "deny".')
});
var AwsPairConfigSchema = external_exports.object({
  accessKeyIdVar: envVarNameSchema.describe("Name of the masked env var holding the AWS access key id."),
  secretAccessKeyVar: envVarNameSchema.describe("Name of the masked env var holding the AWS secret access key."),
  sessionTokenVar: envVarNameSchema.optional().describe("Optional name of the masked env var holding the AWS session token (temporary credentials). When set, the proxy sends the real token as x-amz-security-token on re-signed requests and adds it to the signed header set if the client did not.")
}).strict();
var sigv4PolicySchema = external_exports.enum(["deny", "passthrough"]);
var Sigv4ConfigSchema = external_exports.object({
  streaming: sigv4PolicySchema.optional().describe('Policy for aws-chunked streaming uploads (x-amz-content-sha256: STREAMING-*): per-chunk signatures chain off the seed signature, so re-signing would require rewriting the body. Default "deny".'),
  presigned: sigv4PolicySchema.optional().describe('Policy for presigned URLs (X-Amz-Algorithm/X-Amz-Signature in the query, no Authorization header): the signature lives in the URL itself. Default "deny".'),
  sigv4a: sigv4PolicySchema.optional().describe('Policy for SigV4A (AWS4-ECDSA-P256-SHA256) asymmetric signatures: there is no shared-key HMAC to recompute. Default "deny".')
}).strict();
var CredentialsConfigSchema = external_exports.object({
  files: external_exports.array(CredentialFileConfigSchema).optional().describe("Credential files or directories to protect"),
  envVars: external_exports.array(CredentialEnvVarConfigSchema).optional().describe("Environment variables to protect"),
  allowPlaintextInject: external_exports.boolean().optional().describe("Allow sentinel\u2192real substitution on the plain-HTTP proxy path. Defaults to false: without TLS termination the upstream identity is unverified and the credential travels in cleartext. Set only for trusted-network test fixtures."),
  awsPairs: external_exports.array(AwsPairConfigSchema).optional().describe("Explicit groupings of masked env vars into AWS credential pairs for SigV4 re-signing, for non-standard variable names. The conventional AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN trio is paired automatically when masked."),
  sigv4: Sigv4ConfigSchema.optional().describe('Policies for AWS SigV4 request shapes the proxy cannot re-sign (streaming, presigned, sigv4a) when they reference a masked credential pair: "deny" (default) or "passthrough".')
}).strict();
var NetworkConfigSchema = external_exports.object({
  allowedDomains: external_exports.array(domainPortPatternSchema).describe('List of allowed domains (e.g., ["github.com", "*.npmjs.org", "api.example.com:443"]). An optional ":port" suffix restricts the entry to that destination port.'),
  deniedDomains: external_exports.array(deniedDomainPatternSchema).describe('List of denied domains. Unlike allowedDomains, a bare "*" is accepted here (deny-all). An optional ":port" suffix (e.g., "*:22") restricts the entry to that destination port.'),
  deniedDomainReasons: external_exports.record(external_exports.string(), external_exports.string().min(1)).optional().describe('Optional model-facing reason keyed by the exact deniedDomains entry it explains (e.g., {"github.com:22": "SSH pushes to GitHub are blocked; use an https remote"}). Reported in the <sandbox_violations> line when that entry denies a connection, and to the sandboxed client as the status phrase of the 403 that answers its CONNECT; entries without one use a generic reason. Keys are matched by exact entry string, so a key with no matching deniedDomains entry never fires.'),
  strictAllowlist: external_exports.boolean().optional().describe("If true, hosts not in allowedDomains are denied without consulting the ask callback, and a per-command allow list (registerCommandNetworkLists) is ignored. Set this when allowedDomains is policy enforcement, not a prompt-suppression hint."),
  deniedResolvedAddresses: external_exports.array(addressRangeSchema).optional().describe('IP addresses / CIDR ranges (IPv4 or IPv6, unbracketed) that an allowed HOSTNAME must not resolve to, in addition to the built-in set (see README "Resolved-address check") and any IP literal listed in deniedDomains. A permitted name that resolves only into these is refused instead of dialed. A name may resolve to a denied address only if that IP literal (and port) is itself in allowedDomains. Not evaluated for connections routed through parentProxy (including one taken from HTTP_PROXY/HTTPS_PROXY) or mitmProxy (that hop resolves the name).'),
  allowUnixSockets: external_exports.array(external_exports.string()).optional().describe("macOS only: Unix socket paths to allow. Ignored on Linux (seccomp cannot filter by path)."),
  allowAllUnixSockets: external_exports.boolean().optional().describe("If true, allow all Unix sockets (disables blocking on both platforms). On Linux this also unblocks VM sockets (AF_VSOCK)."),
  allowLocalBinding: external_exports.boolean().optional().describe("Whether sandboxed commands may use local ports directly (default: false). macOS: allows binding and accepting on any local port and connecting to localhost on any port. Windows: allows connecting to loopback addresses (127.0.0.0/8, ::1) on any TCP or UDP port; it is part of the machine-wide filter set, so it MUST match how `srt-win install` was run (`--allow-loopback` or not) and a session that differs from the install is refused. Linux: ignored \u2014 the sandbox has its own network namespace, whose loopback is always usable and is not the host one. Every service listening on localhost becomes reachable, including any local proxy or forwarder that would carry traffic off the machine."),
  allowMachLookup: external_exports.array(external_exports.string().refine((val) => {
    const prefix = val.endsWith("*") ? val.slice(0, -1) : val;
    return !prefix.includes("*");
  }, {
    message: 'Wildcards are only allowed as a single trailing "*" (e.g., "com.example.*" or "*" for all services).'
  })).optional().describe('macOS only: Additional XPC/Mach service names to allow looking up. Supports trailing-wildcard prefix matching (e.g., "2BUA8C4S2C.com.1password.*"). Needed for tools like 1Password CLI, Playwright, or the iOS Simulator that communicate via XPC.'),
  httpProxyPort: external_exports.number().int().min(1).max(65535).optional().describe("Port of an external HTTP proxy to use instead of starting a local one. When provided, the library will skip starting its own HTTP proxy and use this port. The external proxy must handle domain filtering."),
  socksProxyPort: external_exports.number().int().min(1).max(65535).optional().describe("Port of an external SOCKS proxy to use instead of starting a local one. When provided, the library will skip starting its own SOCKS proxy and use this port. The external proxy must handle domain filtering."),
  mitmProxy: MitmProxyConfigSchema.optional().describe("Optional MITM proxy configuration. Routes matching domains through an upstream proxy via Unix socket while SRT still handles allow/deny filtering."),
  filterRequest: external_exports.custom((v) => typeof v === "function", {
    message: "filterRequest must be a function"
  }).optional().describe("Per-request filter callback. Receives the parsed HTTP request (web-standard Request) and request details, and returns {action, reason?, status?} or, for an allow, header edits (removeHeaders, setHeaders) and an onResponse observer. Denied requests get the status (403 by default) with the reason. If the callback throws, the request is denied. Applies to plain HTTP through the proxy and, when tlsTerminate is configured, to terminated HTTPS. SRT does not provide a policy language; library consumers own matching. This and the five options after it are read when the proxy starts; updateConfig does not change them."),
  allowPlaintextHeaderSet: external_exports.boolean().optional().describe("Let a filterRequest allow set headers on plain-HTTP requests. Off by default: a header set there travels in cleartext, so while it is off an allow that carries setHeaders is refused with 403 for every request the proxy receives in cleartext, an absolute https:// URI included. An allow without setHeaders is unaffected and removals always apply."),
  stripResponseHeaders: external_exports.array(external_exports.string().min(1)).optional().describe('Response headers never passed back to the sandboxed client, matched case-insensitively with "-", "_" and "." folded (e.g. ["set-cookie"]).'),
  refuseOpaqueTunnels: external_exports.boolean().optional().describe("Refuse every tunnel filterRequest cannot see into: an HTTP CONNECT that would not be TLS-terminated or carries no TLS, and every SOCKS CONNECT (refused at the handshake). Requires tlsTerminate to serve HTTPS at all, and stops CONNECT-carried SSH such as GIT_SSH_COMMAND through the proxy. Refusals are recorded as violations."),
  requireHostMatch: external_exports.boolean().optional().describe("Answer 421 to a request whose Host header, TLS server name or absolute-form authority does not name the host and port it is sent to, before filterRequest is asked. Refusals are recorded as violations."),
  ambiguousRequestTarget: external_exports.enum(["refuse", "asSpelled", "normalize"]).optional().describe('While filterRequest is set: what becomes of a request whose target names another path once normalized than as the client spelled it (a dot segment, "%2e" included, leading slashes or "\\"), so that the upstream may act on another resource than the callback judged. "refuse" (default): 400 before filterRequest is asked, recorded as a violation. "asSpelled": forwarded as spelled; the callback has to hold for every reading of it, and gets requestTarget, normalizedRequestTarget and requestTargetIsAmbiguous. "normalize": forwarded normalized, which breaks a signature over the path and names another resource to an upstream that takes the path literally.'),
  tlsTerminate: external_exports.object({
    caCertPath: external_exports.string().min(1).optional().describe("Path to a PEM-encoded CA certificate. The sandboxed child is configured to trust this CA, and the TLS-terminating proxy uses it to sign per-host certificates. If omitted, on Windows SRT generates-if-absent a persistent CA under %ProgramData%\\sandbox-runtime\\ca\\ and trusts it in the sandbox user's Root store; on other platforms SRT generates an ephemeral CA into a temp directory for the lifetime of the session."),
    caKeyPath: external_exports.string().min(1).optional().describe("Path to the PEM-encoded private key for caCertPath."),
    excludeDomains: external_exports.array(domainPatternSchema).optional().describe("Domain patterns (same syntax as allowedDomains) whose HTTPS connections are NOT terminated. Matching CONNECTs are opaque byte tunnels: still subject to the allow/deny domain lists, but the sandboxed client completes its own TLS handshake with the upstream, so filterRequest and credential injection do not apply to their HTTPS traffic (plain-HTTP requests to the same hosts keep the normal request pipeline). Use for hosts the proxy must not re-originate: mTLS upstreams (only the client holds the client certificate) and clients that pin the upstream certificate and would reject the MITM CA. Hosts still need to be reachable via allowedDomains; this list only changes how they are tunnelled."),
    extraCaCertPaths: external_exports.array(external_exports.string().min(1)).optional().describe("Paths to PEM CA certificate files appended to the trust bundle the sandboxed child is pointed at, after the MITM CA and the host's regular roots. Use for site-local roots (e.g. an internal mTLS CA) presented by excluded/passthrough hosts, so the child can verify them itself. Only the CERTIFICATE blocks of each file are copied; files that are missing, unreadable, or contain no PEM CERTIFICATE block are skipped (with a debug log), so paths that exist on only some hosts are safe to list."),
    maxTunnels: external_exports.number().int().min(1).max(65536).optional().describe('At most this many CONNECT tunnels are TLS-terminated at once (default 256); past it a CONNECT is answered 503 with "X-Proxy-Error: too-many-tunnels", and the refusal is recorded as a violation, once per command until half the slots are free again. A tunnel holds its slot from its CONNECT until it closes, so idle keep-alive tunnels count until they are closed (6 s after a response); one that turns out not to carry TLS frees it. The slot is taken before the first bytes are seen, so at the cap a non-TLS CONNECT (SSH, say) to a host that would be terminated is refused too. Hosts in excludeDomains do not count. Read at each CONNECT, so updateConfig changes it for the tunnels that follow.'),
    handshakeTimeoutMs: external_exports.number().int().min(100).max(6e5).optional().describe("A tunnel to be TLS-terminated must finish its TLS handshake within this many milliseconds of its CONNECT (default 10000), or it is closed and its slot freed. A tunnel past its handshake is never timed out by it. Read at each CONNECT, so updateConfig changes it for the tunnels that follow.")
  }).refine((o) => !o.caCertPath === !o.caKeyPath, {
    message: "caCertPath and caKeyPath must be provided together"
  }).optional().describe("[EXPERIMENTAL] Enable in-process TLS termination so HTTPS request/response bodies are visible to SRT. Provide a CA cert+key, or omit both to have SRT generate an ephemeral one. Needs Node, or Bun 1.4 or later: SandboxManager.initialize throws on an older runtime."),
  parentProxy: ParentProxyConfigSchema.optional().describe("Upstream HTTP proxy for outbound connections. When set, SRT's proxy tunnels non-mitmProxy traffic through this parent instead of connecting directly. Falls back to HTTP_PROXY/HTTPS_PROXY/NO_PROXY env vars if unset.")
});
var FilesystemConfigSchema = external_exports.object({
  disabled: external_exports.boolean().optional().describe("Disable all filesystem policy enforcement. When true, no read or write rules are emitted: denyRead/allowRead/allowWrite/denyWrite are ignored, and the built-in mandatory write protections (.git/hooks, .git/config, shell rc files, .mcp.json, .vscode/.idea, .claude/commands, .claude/agents) are NOT applied. Use only when the sandboxed process is trusted with full host filesystem access. Network and credential-env restrictions still apply. On Linux, /dev is still replaced by the bwrap minimal devtmpfs."),
  denyRead: external_exports.array(filesystemPathEntrySchema).describe("Paths denied for reading"),
  allowRead: external_exports.array(filesystemPathEntrySchema).optional().describe("Paths to re-allow reading within denied regions (takes precedence over denyRead). Use with denyRead to deny a broad region then allow back specific subdirectories."),
  allowWrite: external_exports.array(filesystemPathEntrySchema).describe("Paths allowed for writing"),
  denyWrite: external_exports.array(filesystemPathEntrySchema).describe("Paths denied for writing (takes precedence over allowWrite)"),
  allowGitConfig: external_exports.boolean().optional().describe("Allow writes to .git/config files (default: false). Enables git remote URL updates while keeping .git/hooks protected.")
});
var IgnoreViolationsConfigSchema = external_exports.record(external_exports.string(), external_exports.array(external_exports.string())).describe('Map of command patterns to filesystem paths to ignore violations for. Use "*" to match all commands');
var RipgrepConfigSchema = external_exports.object({
  command: external_exports.string().describe("The ripgrep command to execute"),
  args: external_exports.array(external_exports.string()).optional().describe("Additional arguments to pass before ripgrep args"),
  argv0: external_exports.string().optional().describe("Override argv[0] when spawning (for multicall binaries that dispatch on argv[0])")
});
var GitConfigSchema = external_exports.object({
  safeDirectories: external_exports.array(external_exports.string()).default([]).describe("Directories git should treat as safe (`safe.directory`) even though they're owned by a different user inside the sandbox. Use for the repo top-level when launching from a subdirectory. Does NOT grant write.")
});
var SrtWinConfigSchema = external_exports.object({
  path: external_exports.string().min(1).describe("Path to the srt-win binary. Pass the exported VENDORED_SRT_WIN_EXE constant to use the packaged vendor/srt-win/<arch>/srt-win.exe (see its WARNING: in a dev checkout that file may sit inside your sandbox write grant). The binary is spawned with the `--srt-win` argv[1] sentinel so a multicall dispatcher can route to srt-win's CLI.")
});
var WindowsConfigSchema = external_exports.object({
  // Optional, not `.default()`: a default would make the inferred type
  // required, which would break existing callers.
  backend: external_exports.enum(["mxc", "srt-win"]).optional().describe("The Windows enforcement backend. Defaults to srt-win. initialize() refuses a configuration the named backend cannot enforce; there is no fallback between backends. Under mxc, commands start with SandboxManager.spawnSandboxed() rather than wrapWithSandboxArgv(), and sandboxed programs can open windows on the desktop (UI is on so that ordinary tools start; clipboard and input injection stay blocked)."),
  sandboxUser: external_exports.string().min(1).max(20, "Windows local usernames are limited to 20 characters").optional().describe("Name for the dedicated sandbox user account that `srt-win install` creates and the sandboxed child runs as. Default: `srt-sandbox`. Install refuses if an account by this name already exists and srt-win did not create it (it will not rotate the password of an account it does not own). Must match what `srt-win install --sandbox-user` was run with."),
  sublayerGuid: external_exports.string().uuid().optional().describe("WFP sublayer GUID under which the filters were installed. Omit to use the srt-win compile-time default. Set this when filters were installed by enterprise tooling under a custom sublayer."),
  wfpSublayerGuid: external_exports.string().uuid().optional().describe("Deprecated alias for sublayerGuid."),
  proxyPortRange: external_exports.tuple([external_exports.number().int().min(1), external_exports.number().int().max(65535)]).refine(([lo, hi]) => lo <= hi && hi - lo <= 64, {
    message: "low must be \u2264 high and range width \u2264 64"
  }).optional().describe("Inclusive [low, high] port range the JS mux proxy listeners bind inside. MUST match the range passed to `srt-win install --proxy-port-range` (default 60080\u201360089) \u2014 the WFP loopback permit only covers ports in that range."),
  srtWin: SrtWinConfigSchema.optional().describe("How to locate/invoke the srt-win helper binary. `srtWin.path` is required to use the Windows sandbox \u2014 your own (multicall) binary, or the exported VENDORED_SRT_WIN_EXE constant for the packaged exe.")
});
var SeccompConfigSchema = external_exports.object({
  applyPath: external_exports.string().optional().describe("Path to the apply-seccomp binary"),
  argv0: external_exports.string().optional().describe("Invoke apply-seccomp as a multicall binary that dispatches on the ARGV0 environment variable. When set, applyPath is used verbatim (no existence check) and the invocation inside bwrap is prefixed with ARGV0=<this value>. The caller is responsible for ensuring applyPath resolves inside the bwrap namespace and that the target binary implements the apply-seccomp interface when ARGV0 matches.")
});
function addInertSlashedDenyGlobIssue(value, path10, ctx) {
  const onWindows = getPlatform() === "windows";
  const trailingSeparator = onWindows ? /[\\/]+$/ : /\/+$/;
  if (!trailingSeparator.test(value))
    return;
  if (!containsGlobCharsForPlatform(value))
    return;
  const rooted = onWindows ? win32Path.isAbsolute(value) : posixPath.isAbsolute(value);
  if (!rooted && !value.startsWith("~"))
    return;
  ctx.addIssue({
    code: external_exports.ZodIssueCode.custom,
    path: path10,
    message: `Deny glob "${value}" ends in a separator, so as a pattern it can match no path. Write "${value.replace(trailingSeparator, "")}", which is also read as the path of that name where it exists, or add a "**" segment to match at any depth.`
  });
}
var SandboxRuntimeConfigSchema = external_exports.object({
  network: NetworkConfigSchema.describe("Network restrictions configuration"),
  filesystem: FilesystemConfigSchema.describe("Filesystem restrictions configuration"),
  credentials: CredentialsConfigSchema.optional().describe("Credential handling configuration. Only the explicitly declared files and environment variables are restricted."),
  ignoreViolations: IgnoreViolationsConfigSchema.optional().describe("Optional configuration for ignoring specific violations"),
  enableWeakerNestedSandbox: external_exports.boolean().optional().describe("Enable weaker nested sandbox mode (for Docker environments)"),
  allowNestedUserNamespaces: external_exports.boolean().optional().describe("Let the sandboxed command create user namespaces of its own (Linux only), as a browser sandbox, rootless podman or a nested bubblewrap does. This gives up the write denies against a hostile command, which can then take the read-only binds that enforce denyWrite and the mandatory denies out of its own view. Default: false."),
  enableWeakerNetworkIsolation: external_exports.boolean().optional().describe("Enable weaker network isolation to allow access to com.apple.trustd.agent (macOS only). This is needed for Go programs (gh, gcloud, terraform, kubectl, etc.) to verify TLS certificates when using httpProxyPort with a MITM proxy and custom CA. Enabling this opens a potential data exfiltration vector through the trustd service. Only enable if you need Go TLS verification."),
  allowAppleEvents: external_exports.boolean().optional().describe("Allow sending Apple Events and Launch Services open requests from the sandbox (macOS only). Needed for open, osascript, and anything that opens URLs or scripts other apps via AppleScript. This removes code-execution isolation: sandboxed commands can launch other applications unsandboxed with no user prompt (launched apps are not subject to the sandbox filesystem or network restrictions), and can script running apps subject to TCC automation consent. Default: false."),
  ripgrep: RipgrepConfigSchema.optional().describe('Custom ripgrep configuration (default: { command: "rg" })'),
  mandatoryDenySearchDepth: external_exports.number().int().min(1).max(10).optional().describe("How deep below the working directory dangerous names are looked for on Linux (default: 3): a dangerous file down to this depth, and a dangerous directory, or the hooks and config of a repository, one level higher up. Higher values provide more protection but slower performance."),
  allowPty: external_exports.boolean().optional().describe("Allow pseudo-terminal (pty) operations (macOS only)"),
  seccomp: SeccompConfigSchema.optional().describe("Custom seccomp binary paths (Linux only)."),
  bwrapPath: binaryPathSchema.optional().describe('Linux only: absolute path to the bwrap (bubblewrap) binary. When set, this path is used directly instead of resolving "bwrap" via PATH.'),
  socatPath: binaryPathSchema.optional().describe('Linux only: absolute path to the socat binary. When set, this path is used directly instead of resolving "socat" via PATH.'),
  javaAgentJarPath: binaryPathSchema.optional().describe("macOS/Linux: absolute path to srt-proxy-agent.jar, the JVM agent injected via JAVA_TOOL_OPTIONS so Java tools honor the proxy. When set, used instead of looking under vendor/java-proxy-agent/. For consumers that bundle sandbox-runtime and ship the jar separately."),
  windows: WindowsConfigSchema.optional().describe("Windows-specific settings (WFP sublayer, proxy port range)."),
  git: GitConfigSchema.optional().describe("Git configuration to inject via GIT_CONFIG_* env vars (cross-platform). `safeDirectories` marks paths as `safe.directory` without adding them to `filesystem.allowWrite`.")
}).superRefine((cfg, ctx) => {
  const fsEnforced = !cfg.filesystem.disabled;
  if (fsEnforced) {
    for (const [idx, p] of cfg.filesystem.denyRead.entries()) {
      if (typeof p !== "string")
        continue;
      addInertSlashedDenyGlobIssue(p, ["filesystem", "denyRead", idx], ctx);
    }
    for (const [idx, p] of cfg.filesystem.denyWrite.entries()) {
      if (typeof p !== "string")
        continue;
      addInertSlashedDenyGlobIssue(p, ["filesystem", "denyWrite", idx], ctx);
    }
  }
  const creds = cfg.credentials;
  if (!creds)
    return;
  const allowedHosts = cfg.network.allowedDomains.map(stripDomainPatternPort);
  const checkSubset = (hosts, path10) => {
    for (const [i, host] of hosts.entries()) {
      if (!isInjectHostCoveredByAllowedDomains(host, allowedHosts)) {
        ctx.addIssue({
          code: external_exports.ZodIssueCode.custom,
          path: [...path10, i],
          message: `injectHosts entry "${host}" is not reachable via network.allowedDomains \u2014 add "${host}" (or a covering wildcard) to allowedDomains, or remove it from injectHosts.`
        });
      }
    }
  };
  let hasMasked = false;
  const checkMaskedEntry = (entry, path10) => {
    if (entry.injectHosts) {
      checkSubset(entry.injectHosts, [...path10, "injectHosts"]);
    }
    if (entry.mode !== "mask")
      return;
    hasMasked = true;
    const exclude = cfg.network.tlsTerminate?.excludeDomains;
    if (exclude?.length) {
      if (entry.injectHosts) {
        for (const [i, host] of entry.injectHosts.entries()) {
          if (isInjectHostCoveredByAllowedDomains(host, exclude)) {
            ctx.addIssue({
              code: external_exports.ZodIssueCode.custom,
              path: [...path10, "injectHosts", i],
              message: `injectHosts entry "${host}" is entirely covered by network.tlsTerminate.excludeDomains. Credential injection only runs on TLS-terminated connections, so this host would receive the placeholder instead of the credential. Remove it from one of the two lists.`
            });
          }
        }
      } else if (allowedHosts.length > 0 && allowedHosts.every((p) => isInjectHostCoveredByAllowedDomains(p, exclude))) {
        ctx.addIssue({
          code: external_exports.ZodIssueCode.custom,
          path: path10,
          message: `This masked credential has no injectHosts, so it defaults to network.allowedDomains \u2014 but network.tlsTerminate.excludeDomains covers every allowed domain, so it could never be injected anywhere. Credential injection only runs on TLS-terminated connections.`
        });
      }
    }
    if (entry.injectHosts !== void 0 && entry.injectHosts.length === 0) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: path10,
        message: `injectHosts is explicitly empty \u2014 the credential would be masked but never injected. Omit injectHosts to default to network.allowedDomains, or list the intended hosts.`
      });
    }
  };
  for (const [idx, v] of (creds.envVars ?? []).entries()) {
    checkMaskedEntry(v, ["credentials", "envVars", idx]);
    if (v.maskClaims !== void 0 && v.decode === void 0) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: ["credentials", "envVars", idx, "maskClaims"],
        message: `maskClaims requires decode \u2014 it names claims inside the decoded payload. Set decode (e.g. "jwt"), or remove maskClaims to mask the whole value.`
      });
    }
    if (v.maskClaims !== void 0 && v.maskClaims.length === 0) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: ["credentials", "envVars", idx, "maskClaims"],
        message: `maskClaims is explicitly empty \u2014 no claim would ever be masked. Omit maskClaims to mask the whole token, or list the claims to protect.`
      });
    }
  }
  for (const [idx, f] of (creds.files ?? []).entries()) {
    checkMaskedEntry(f, ["credentials", "files", idx]);
    if (f.maskClaims !== void 0 && f.decode === void 0) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: ["credentials", "files", idx, "maskClaims"],
        message: `maskClaims requires decode \u2014 it names claims inside the decoded payload. Set decode (e.g. "jwt"), or remove maskClaims to mask the extracted value whole.`
      });
    }
    if (f.maskClaims !== void 0 && f.maskClaims.length === 0) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: ["credentials", "files", idx, "maskClaims"],
        message: `maskClaims is explicitly empty \u2014 no claim would ever be masked. Omit maskClaims to mask the whole token, or list the claims to protect.`
      });
    }
    if (f.mode === "mask" && f.path.endsWith("/")) {
      ctx.addIssue({
        code: external_exports.ZodIssueCode.custom,
        path: ["credentials", "files", idx, "path"],
        message: `Credential mode "mask" applies to a single file, not a directory. Use mode "deny" for "${f.path}", or point at the credential file inside it.`
      });
    }
    if (fsEnforced && f.mode === "deny") {
      addInertSlashedDenyGlobIssue(f.path, ["credentials", "files", idx, "path"], ctx);
    }
  }
  const seenPairVars = /* @__PURE__ */ new Set();
  for (const [idx, pair] of (creds.awsPairs ?? []).entries()) {
    const vars = [
      ["accessKeyIdVar", pair.accessKeyIdVar],
      ["secretAccessKeyVar", pair.secretAccessKeyVar]
    ];
    if (pair.sessionTokenVar !== void 0) {
      vars.push(["sessionTokenVar", pair.sessionTokenVar]);
    }
    for (const [field, name] of vars) {
      const path10 = ["credentials", "awsPairs", idx, field];
      if (seenPairVars.has(name)) {
        ctx.addIssue({
          code: external_exports.ZodIssueCode.custom,
          path: path10,
          message: `"${name}" appears in more than one awsPairs slot (within or across pairs) \u2014 each variable can fill exactly one slot.`
        });
        continue;
      }
      seenPairVars.add(name);
      const entry = (creds.envVars ?? []).find((v) => v.name === name);
      if (entry === void 0 || entry.mode !== "mask") {
        ctx.addIssue({
          code: external_exports.ZodIssueCode.custom,
          path: path10,
          message: `"${name}" does not reference a credentials.envVars entry with mode "mask" \u2014 an AWS pair links already-masked variables; add the entry (masking is the opt-in for SigV4 re-signing).`
        });
      } else if (entry.extract !== void 0 || entry.decode !== void 0) {
        ctx.addIssue({
          code: external_exports.ZodIssueCode.custom,
          path: path10,
          message: `"${name}" uses extract/decode, but an AWS pair member must be masked whole-value: the SigV4 trigger is an exact match of the fake access key id, and the signer needs the entire real value.`
        });
      }
    }
  }
  if (hasMasked && cfg.network.tlsTerminate === void 0 && !creds.allowPlaintextInject) {
    ctx.addIssue({
      code: external_exports.ZodIssueCode.custom,
      path: ["credentials"],
      message: "Credential masking requires network.tlsTerminate so substitution runs only over a verified TLS connection. Enable tlsTerminate, or set credentials.allowPlaintextInject to opt out (not recommended)."
    });
  }
});

// src/sandbox/tools.ts
import { accessSync as accessSync2, constants as constants2, realpathSync as realpathSync3, statSync as statSync7 } from "node:fs";
import path9 from "node:path";
var SANDBOX_TOOLS = { linux: ["bwrap", "socat", "rg"], darwin: ["rg"] };
function findTool(name, pathVariable, projectDir) {
  const project = realpathSync3(projectDir);
  for (const dir of pathVariable.split(path9.delimiter)) {
    if (!dir || !path9.isAbsolute(dir)) continue;
    const candidate = path9.join(dir, name);
    let real;
    try {
      real = realpathSync3(candidate);
      if (!statSync7(real).isFile()) continue;
      accessSync2(real, constants2.X_OK);
    } catch {
      continue;
    }
    if (isInside(project, real) || isInside(project, realpathSync3(dir))) continue;
    return real;
  }
  return null;
}
function isInside(root, file) {
  const relative = path9.relative(root, file);
  return relative === "" || !relative.startsWith("..") && !path9.isAbsolute(relative);
}

// src/sandbox/exec-main.ts
var SHELL = "/bin/sh";
var TRIAL_TIMEOUT_MS = 3e4;
function answer(message) {
  try {
    writeSync(ANSWER_FD, `${JSON.stringify(message)}
`);
    closeSync2(ANSWER_FD);
  } catch {
  }
}
async function unavailable2(reason) {
  answer({ status: "unavailable", reason });
  await SandboxManager.reset().catch(() => void 0);
  process.exit(UNAVAILABLE_EXIT);
}
async function main() {
  const request = ExecRequestSchema.parse(JSON.parse(process.argv[2] ?? ""));
  process.chdir(request.cwd);
  process.env.CLAUDE_CODE_TMPDIR = request.tempDir;
  const nodeOptions = process.env[NODE_OPTIONS_CARRIER];
  delete process.env[NODE_OPTIONS_CARRIER];
  if (nodeOptions !== void 0) process.env.NODE_OPTIONS = nodeOptions;
  const tools = SANDBOX_TOOLS[process.platform];
  if (!tools || !SandboxManager.isSupportedPlatform()) return unavailable2(`the sandbox does not run on ${process.platform}`);
  const found = Object.fromEntries(tools.map((name) => [name, findTool(name, process.env.PATH ?? "", request.cwd)]));
  const missing = tools.filter((name) => !found[name]);
  if (missing.length > 0) return unavailable2(`${missing.join(", ")} not found on PATH outside the project (it needs ${tools.join(", ")})`);
  const config2 = SandboxRuntimeConfigSchema.safeParse({
    ...request.policy,
    ripgrep: { command: found.rg },
    ...found.bwrap ? { bwrapPath: found.bwrap, socatPath: found.socat } : {}
  });
  if (!config2.success)
    return unavailable2(`the sandbox settings are not valid: ${config2.error.issues.map((issue) => issue.message).join("; ")}`);
  try {
    await SandboxManager.initialize(config2.data);
  } catch (error) {
    return unavailable2(`the sandbox did not start: ${error.message}`);
  }
  const trial = spawnSync4(await SandboxManager.wrapWithSandbox("true", SHELL), {
    shell: SHELL,
    stdio: ["ignore", "ignore", "pipe"],
    timeout: TRIAL_TIMEOUT_MS
  });
  SandboxManager.cleanupAfterCommand();
  if (trial.status !== 0) {
    const said = String(trial.stderr ?? "").trim().split("\n").slice(-3).join(" ");
    return unavailable2(`a trial run under the sandbox failed (${trial.error?.message || said || `exit ${trial.status}`})`);
  }
  const wrapped = await SandboxManager.wrapWithSandbox(request.command, SHELL);
  answer({ status: "started" });
  const child = spawn5(wrapped, { shell: SHELL, stdio: ["ignore", "inherit", "inherit"] });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    SandboxManager.cleanupAfterCommand();
    void SandboxManager.reset().catch(() => void 0).finally(() => process.exit(code ?? 128 + (signal ? constants3.signals[signal] : 0)));
  });
}
main().catch((error) => {
  process.stderr.write(`loopkit sandbox-exec: ${error.message}
`);
  answer({ status: "unavailable", reason: `loopkit's sandbox launcher failed: ${error.message}` });
  process.exit(UNAVAILABLE_EXIT);
});
