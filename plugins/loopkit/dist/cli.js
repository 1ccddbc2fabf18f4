import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  CREDENTIALS_REFUSED,
  MIN_INTERVAL_MS,
  afterWait,
  checkpointRecorded,
  controlCommand,
  endLoop,
  iterationLine,
  iterationPrompt,
  onApiError,
  onStop,
  parseRepeatArgs,
  parseRepeatWords,
  pauseLoop,
  pauseLostIteration,
  pausedLine,
  plannedWaitMs,
  recordStart,
  resumeState,
  snapshotAtStart,
  splitSlashCommand,
  startText,
  summaryLine,
  terminalStartText,
  waitGoesOn
} from "./chunks/chunk-FW7RJCAR.js";
import "./chunks/chunk-ZXZMPERI.js";
import {
  BoundedOutput,
  MAX_API_ERRORS,
  MAX_GOAL_BYTES,
  PROTECT_LIMITS,
  RECURSION_GUARD,
  allowTestEditsLine,
  auditLoop,
  baselineLine,
  cancelState,
  cannotRun,
  captureLaunch,
  checkProtectGlob,
  checkTestReport,
  checkVerifyCommand,
  dataInProject,
  failLoop,
  isExecutable,
  keptProtectedFiles,
  launchEnv,
  launcherBesideEntry,
  launcherSpawn,
  loadNextPrompt,
  loopContext,
  mergePersonSandbox,
  noAnswerReason,
  noGoalError,
  parseAutoLoopArgs,
  parseCaps,
  parseNoProgressLimit,
  parseWords,
  pendingRetry,
  personSandbox,
  phaseState,
  probeFile,
  protectedFiles,
  readAnswer,
  readGateStep,
  readPersonSettings,
  readSettingsFile,
  recordDelegatedProgress,
  refuseUnderRecursionGuard,
  removeProbe,
  replacedState,
  resolveClaude,
  retryWaitMs,
  runAndReadTests,
  runLoopVerifier,
  runTestContractNow,
  settingsOf,
  startFromGoalFile,
  startState,
  takeOverState,
  unpauseState,
  verifierRun,
  writeProbe
} from "./chunks/chunk-SM32O2GJ.js";
import {
  apiErrorOf,
  appendCheckpoint,
  monotonicMs,
  reportCommand,
  spanLeft,
  usageTokens,
  waitOf
} from "./chunks/chunk-PY5V25UZ.js";
import {
  compactNumber
} from "./chunks/chunk-BFNVHJAO.js";
import "./chunks/chunk-PNKYXAUH.js";
import "./chunks/chunk-EUSUULBY.js";
import {
  ALL_LOOP_KINDS,
  applyPrune,
  loopKind,
  loopRunning,
  planPrune,
  recordSnapshots,
  runningLoopFor,
  runningLoopStart
} from "./chunks/chunk-XK5AARLP.js";
import {
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  prunePolicy,
  pruneRule
} from "./chunks/chunk-U3RSU3PB.js";
import {
  readLoop,
  tellPerson
} from "./chunks/chunk-UT2VM3S2.js";
import {
  endOrphanedRuns,
  guardRunWithSentinel,
  killGroup,
  killTagged,
  ownerGone,
  ownerId,
  runTagEnv
} from "./chunks/chunk-DTFUBUZW.js";
import {
  userHome
} from "./chunks/chunk-DO5LNKWI.js";
import "./chunks/chunk-67AC7KIT.js";
import {
  CheckpointSummaryShape,
  EXIT,
  STATUS_EXIT_CODES,
  checkpointCounts,
  defaultReportPath,
  exportToBranch,
  findStory,
  formatStatus,
  inertLog,
  loadSummary,
  loopStatus,
  openFile,
  opener,
  openerName,
  renderOutputs,
  renderReport,
  renderSummary,
  runOutputs,
  summarize,
  summaryLines,
  writeReport
} from "./chunks/chunk-TRYFI5TU.js";
import {
  execa
} from "./chunks/chunk-SQ7OBHLA.js";
import {
  FINAL_STATUSES,
  RepeatStateSchema,
  TERMINAL_KEY_PREFIX,
  isActive,
  loadState as loadState2,
  loopRunOf,
  newLoopId,
  projectLoops,
  recordLoopRun,
  repeatStateDir,
  repeatStateFile,
  repeatTokens,
  saveLoopRun,
  saveState,
  scanLoops,
  statsFile,
  terminalRunDir,
  writeMarker as writeMarker2
} from "./chunks/chunk-VN5KYKVC.js";
import {
  agentLine,
  measuringSandbox,
  resumePrompt,
  sandboxLine,
  settleSandbox,
  startPrompt
} from "./chunks/chunk-BGGK4KIJ.js";
import {
  argvWords,
  compareSnapshots,
  countChanges,
  countLine,
  pathLines
} from "./chunks/chunk-P4IBK2I7.js";
import {
  auditUnmet,
  carriedTestBaseline,
  elapsedMs,
  gateNext,
  iterationsAgainstCap,
  loopDeadline,
  readSettings,
  refusedByLoopkit,
  resolveCaps,
  verifierVerdict
} from "./chunks/chunk-4FYXKZ2R.js";
import {
  formatDuration,
  parseDuration
} from "./chunks/chunk-7BFHLTUB.js";
import {
  findRecord,
  lastCheckpoint,
  loadRecord,
  nextRestoreId,
  projectRecords,
  recordFile,
  saveRecord
} from "./chunks/chunk-BUUOZ462.js";
import {
  ANSWER_FD
} from "./chunks/chunk-63YVBMM7.js";
import {
  keepForeignAside,
  loadState,
  loopFiles,
  mirrorIsOurs,
  openMirrorLog,
  persist,
  writeMarker,
  writeVerifierLog
} from "./chunks/chunk-DXEZUW42.js";
import {
  readRegularFile
} from "./chunks/chunk-QJD4XBMD.js";
import {
  HistoryEntrySchema
} from "./chunks/chunk-SRAQKVGE.js";
import {
  SessionMarkerSchema,
  removeSessionMarker
} from "./chunks/chunk-HY7BSOUE.js";
import {
  LOOP_KINDS
} from "./chunks/chunk-WZLN5BNR.js";
import {
  decideBaseline,
  loadPreviousStart,
  saveStartEvidence
} from "./chunks/chunk-NGPYFHQX.js";
import {
  deadlineIn,
  decodeTree,
  nameOf,
  openStore,
  snapshotFingerprint,
  takeSnapshot
} from "./chunks/chunk-5F52TF2U.js";
import {
  AutoLoopStateSchema,
  DEFAULT_NO_PROGRESS_LIMIT,
  isPaused
} from "./chunks/chunk-HALTCE3W.js";
import {
  MIRROR_DIR,
  isLoopkitOwnPath
} from "./chunks/chunk-T4GQSL4B.js";
import {
  SESSION_ID_PATTERN,
  sessionAnswerPath,
  sessionMarkerPath
} from "./chunks/chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  ensureWritableFolder,
  formatError,
  isLoopkitError,
  iso_exports,
  notWritable,
  readJson,
  require_proper_lockfile,
  withLock,
  writeFileAtomic,
  writeJson
} from "./chunks/chunk-W3MJS3SN.js";
import {
  baselineOf
} from "./chunks/chunk-JR3TLBIQ.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  looseObject,
  number,
  object,
  record,
  string,
  union,
  unknown
} from "./chunks/chunk-CW3O4QTE.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunks/chunk-JXA4W5PX.js";

// node_modules/commander/lib/error.js
var require_error = __commonJS({
  "node_modules/commander/lib/error.js"(exports) {
    var CommanderError2 = class extends Error {
      /**
       * Constructs the CommanderError class
       * @param {number} exitCode suggested exit code which could be used with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       */
      constructor(exitCode, code, message) {
        super(message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
        this.code = code;
        this.exitCode = exitCode;
        this.nestedError = void 0;
      }
    };
    var InvalidArgumentError2 = class extends CommanderError2 {
      /**
       * Constructs the InvalidArgumentError class
       * @param {string} [message] explanation of why argument is invalid
       */
      constructor(message) {
        super(1, "commander.invalidArgument", message);
        Error.captureStackTrace(this, this.constructor);
        this.name = this.constructor.name;
      }
    };
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
  }
});

// node_modules/commander/lib/argument.js
var require_argument = __commonJS({
  "node_modules/commander/lib/argument.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Argument2 = class {
      /**
       * Initialize a new command argument with the given name and description.
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @param {string} name
       * @param {string} [description]
       */
      constructor(name, description) {
        this.description = description || "";
        this.variadic = false;
        this.parseArg = void 0;
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.argChoices = void 0;
        switch (name[0]) {
          case "<":
            this.required = true;
            this._name = name.slice(1, -1);
            break;
          case "[":
            this.required = false;
            this._name = name.slice(1, -1);
            break;
          default:
            this.required = true;
            this._name = name;
            break;
        }
        if (this._name.endsWith("...")) {
          this.variadic = true;
          this._name = this._name.slice(0, -3);
        }
      }
      /**
       * Return argument name.
       *
       * @return {string}
       */
      name() {
        return this._name;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Argument}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Set the custom handler for processing CLI command arguments into argument values.
       *
       * @param {Function} [fn]
       * @return {Argument}
       */
      argParser(fn) {
        this.parseArg = fn;
        return this;
      }
      /**
       * Only allow argument value to be one of choices.
       *
       * @param {string[]} values
       * @return {Argument}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Make argument required.
       *
       * @returns {Argument}
       */
      argRequired() {
        this.required = true;
        return this;
      }
      /**
       * Make argument optional.
       *
       * @returns {Argument}
       */
      argOptional() {
        this.required = false;
        return this;
      }
    };
    function humanReadableArgName(arg) {
      const nameOutput = arg.name() + (arg.variadic === true ? "..." : "");
      return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
    }
    exports.Argument = Argument2;
    exports.humanReadableArgName = humanReadableArgName;
  }
});

// node_modules/commander/lib/help.js
var require_help = __commonJS({
  "node_modules/commander/lib/help.js"(exports) {
    var { humanReadableArgName } = require_argument();
    var Help2 = class {
      constructor() {
        this.helpWidth = void 0;
        this.minWidthToWrap = 40;
        this.sortSubcommands = false;
        this.sortOptions = false;
        this.showGlobalOptions = false;
      }
      /**
       * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
       * and just before calling `formatHelp()`.
       *
       * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
       *
       * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
       */
      prepareContext(contextOptions) {
        this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
      }
      /**
       * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
       *
       * @param {Command} cmd
       * @returns {Command[]}
       */
      visibleCommands(cmd) {
        const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden);
        const helpCommand = cmd._getHelpCommand();
        if (helpCommand && !helpCommand._hidden) {
          visibleCommands.push(helpCommand);
        }
        if (this.sortSubcommands) {
          visibleCommands.sort((a, b) => {
            return a.name().localeCompare(b.name());
          });
        }
        return visibleCommands;
      }
      /**
       * Compare options for sort.
       *
       * @param {Option} a
       * @param {Option} b
       * @returns {number}
       */
      compareOptions(a, b) {
        const getSortKey = (option) => {
          return option.short ? option.short.replace(/^-/, "") : option.long.replace(/^--/, "");
        };
        return getSortKey(a).localeCompare(getSortKey(b));
      }
      /**
       * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleOptions(cmd) {
        const visibleOptions = cmd.options.filter((option) => !option.hidden);
        const helpOption = cmd._getHelpOption();
        if (helpOption && !helpOption.hidden) {
          const removeShort = helpOption.short && cmd._findOption(helpOption.short);
          const removeLong = helpOption.long && cmd._findOption(helpOption.long);
          if (!removeShort && !removeLong) {
            visibleOptions.push(helpOption);
          } else if (helpOption.long && !removeLong) {
            visibleOptions.push(
              cmd.createOption(helpOption.long, helpOption.description)
            );
          } else if (helpOption.short && !removeShort) {
            visibleOptions.push(
              cmd.createOption(helpOption.short, helpOption.description)
            );
          }
        }
        if (this.sortOptions) {
          visibleOptions.sort(this.compareOptions);
        }
        return visibleOptions;
      }
      /**
       * Get an array of the visible global options. (Not including help.)
       *
       * @param {Command} cmd
       * @returns {Option[]}
       */
      visibleGlobalOptions(cmd) {
        if (!this.showGlobalOptions) return [];
        const globalOptions = [];
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          const visibleOptions = ancestorCmd.options.filter(
            (option) => !option.hidden
          );
          globalOptions.push(...visibleOptions);
        }
        if (this.sortOptions) {
          globalOptions.sort(this.compareOptions);
        }
        return globalOptions;
      }
      /**
       * Get an array of the arguments if any have a description.
       *
       * @param {Command} cmd
       * @returns {Argument[]}
       */
      visibleArguments(cmd) {
        if (cmd._argsDescription) {
          cmd.registeredArguments.forEach((argument) => {
            argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
          });
        }
        if (cmd.registeredArguments.find((argument) => argument.description)) {
          return cmd.registeredArguments;
        }
        return [];
      }
      /**
       * Get the command term to show in the list of subcommands.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandTerm(cmd) {
        const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
        return cmd._name + (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") + (cmd.options.length ? " [options]" : "") + // simplistic check for non-help option
        (args ? " " + args : "");
      }
      /**
       * Get the option term to show in the list of options.
       *
       * @param {Option} option
       * @returns {string}
       */
      optionTerm(option) {
        return option.flags;
      }
      /**
       * Get the argument term to show in the list of arguments.
       *
       * @param {Argument} argument
       * @returns {string}
       */
      argumentTerm(argument) {
        return argument.name();
      }
      /**
       * Get the longest command term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestSubcommandTermLength(cmd, helper) {
        return helper.visibleCommands(cmd).reduce((max, command) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleSubcommandTerm(helper.subcommandTerm(command))
            )
          );
        }, 0);
      }
      /**
       * Get the longest option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestOptionTermLength(cmd, helper) {
        return helper.visibleOptions(cmd).reduce((max, option) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
          );
        }, 0);
      }
      /**
       * Get the longest global option term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestGlobalOptionTermLength(cmd, helper) {
        return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
          return Math.max(
            max,
            this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
          );
        }, 0);
      }
      /**
       * Get the longest argument term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      longestArgumentTermLength(cmd, helper) {
        return helper.visibleArguments(cmd).reduce((max, argument) => {
          return Math.max(
            max,
            this.displayWidth(
              helper.styleArgumentTerm(helper.argumentTerm(argument))
            )
          );
        }, 0);
      }
      /**
       * Get the command usage to be displayed at the top of the built-in help.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandUsage(cmd) {
        let cmdName = cmd._name;
        if (cmd._aliases[0]) {
          cmdName = cmdName + "|" + cmd._aliases[0];
        }
        let ancestorCmdNames = "";
        for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
          ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
        }
        return ancestorCmdNames + cmdName + " " + cmd.usage();
      }
      /**
       * Get the description for the command.
       *
       * @param {Command} cmd
       * @returns {string}
       */
      commandDescription(cmd) {
        return cmd.description();
      }
      /**
       * Get the subcommand summary to show in the list of subcommands.
       * (Fallback to description for backwards compatibility.)
       *
       * @param {Command} cmd
       * @returns {string}
       */
      subcommandDescription(cmd) {
        return cmd.summary() || cmd.description();
      }
      /**
       * Get the option description to show in the list of options.
       *
       * @param {Option} option
       * @return {string}
       */
      optionDescription(option) {
        const extraInfo = [];
        if (option.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
          );
        }
        if (option.defaultValue !== void 0) {
          const showDefault = option.required || option.optional || option.isBoolean() && typeof option.defaultValue === "boolean";
          if (showDefault) {
            extraInfo.push(
              `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`
            );
          }
        }
        if (option.presetArg !== void 0 && option.optional) {
          extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
        }
        if (option.envVar !== void 0) {
          extraInfo.push(`env: ${option.envVar}`);
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (option.description) {
            return `${option.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return option.description;
      }
      /**
       * Get the argument description to show in the list of arguments.
       *
       * @param {Argument} argument
       * @return {string}
       */
      argumentDescription(argument) {
        const extraInfo = [];
        if (argument.argChoices) {
          extraInfo.push(
            // use stringify to match the display of the default value
            `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
          );
        }
        if (argument.defaultValue !== void 0) {
          extraInfo.push(
            `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`
          );
        }
        if (extraInfo.length > 0) {
          const extraDescription = `(${extraInfo.join(", ")})`;
          if (argument.description) {
            return `${argument.description} ${extraDescription}`;
          }
          return extraDescription;
        }
        return argument.description;
      }
      /**
       * Format a list of items, given a heading and an array of formatted items.
       *
       * @param {string} heading
       * @param {string[]} items
       * @param {Help} helper
       * @returns string[]
       */
      formatItemList(heading, items, helper) {
        if (items.length === 0) return [];
        return [helper.styleTitle(heading), ...items, ""];
      }
      /**
       * Group items by their help group heading.
       *
       * @param {Command[] | Option[]} unsortedItems
       * @param {Command[] | Option[]} visibleItems
       * @param {Function} getGroup
       * @returns {Map<string, Command[] | Option[]>}
       */
      groupItems(unsortedItems, visibleItems, getGroup) {
        const result = /* @__PURE__ */ new Map();
        unsortedItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) result.set(group, []);
        });
        visibleItems.forEach((item) => {
          const group = getGroup(item);
          if (!result.has(group)) {
            result.set(group, []);
          }
          result.get(group).push(item);
        });
        return result;
      }
      /**
       * Generate the built-in help text.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {string}
       */
      formatHelp(cmd, helper) {
        const termWidth = helper.padWidth(cmd, helper);
        const helpWidth = helper.helpWidth ?? 80;
        function callFormatItem(term, description) {
          return helper.formatItem(term, termWidth, description, helper);
        }
        let output = [
          `${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`,
          ""
        ];
        const commandDescription = helper.commandDescription(cmd);
        if (commandDescription.length > 0) {
          output = output.concat([
            helper.boxWrap(
              helper.styleCommandDescription(commandDescription),
              helpWidth
            ),
            ""
          ]);
        }
        const argumentList = helper.visibleArguments(cmd).map((argument) => {
          return callFormatItem(
            helper.styleArgumentTerm(helper.argumentTerm(argument)),
            helper.styleArgumentDescription(helper.argumentDescription(argument))
          );
        });
        output = output.concat(
          this.formatItemList("Arguments:", argumentList, helper)
        );
        const optionGroups = this.groupItems(
          cmd.options,
          helper.visibleOptions(cmd),
          (option) => option.helpGroupHeading ?? "Options:"
        );
        optionGroups.forEach((options, group) => {
          const optionList = options.map((option) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option)),
              helper.styleOptionDescription(helper.optionDescription(option))
            );
          });
          output = output.concat(this.formatItemList(group, optionList, helper));
        });
        if (helper.showGlobalOptions) {
          const globalOptionList = helper.visibleGlobalOptions(cmd).map((option) => {
            return callFormatItem(
              helper.styleOptionTerm(helper.optionTerm(option)),
              helper.styleOptionDescription(helper.optionDescription(option))
            );
          });
          output = output.concat(
            this.formatItemList("Global Options:", globalOptionList, helper)
          );
        }
        const commandGroups = this.groupItems(
          cmd.commands,
          helper.visibleCommands(cmd),
          (sub) => sub.helpGroup() || "Commands:"
        );
        commandGroups.forEach((commands, group) => {
          const commandList = commands.map((sub) => {
            return callFormatItem(
              helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
              helper.styleSubcommandDescription(helper.subcommandDescription(sub))
            );
          });
          output = output.concat(this.formatItemList(group, commandList, helper));
        });
        return output.join("\n");
      }
      /**
       * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
       *
       * @param {string} str
       * @returns {number}
       */
      displayWidth(str) {
        return stripColor(str).length;
      }
      /**
       * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
       *
       * @param {string} str
       * @returns {string}
       */
      styleTitle(str) {
        return str;
      }
      styleUsage(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word === "[command]") return this.styleSubcommandText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleCommandText(word);
        }).join(" ");
      }
      styleCommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleOptionDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleSubcommandDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleArgumentDescription(str) {
        return this.styleDescriptionText(str);
      }
      styleDescriptionText(str) {
        return str;
      }
      styleOptionTerm(str) {
        return this.styleOptionText(str);
      }
      styleSubcommandTerm(str) {
        return str.split(" ").map((word) => {
          if (word === "[options]") return this.styleOptionText(word);
          if (word[0] === "[" || word[0] === "<")
            return this.styleArgumentText(word);
          return this.styleSubcommandText(word);
        }).join(" ");
      }
      styleArgumentTerm(str) {
        return this.styleArgumentText(str);
      }
      styleOptionText(str) {
        return str;
      }
      styleArgumentText(str) {
        return str;
      }
      styleSubcommandText(str) {
        return str;
      }
      styleCommandText(str) {
        return str;
      }
      /**
       * Calculate the pad width from the maximum term length.
       *
       * @param {Command} cmd
       * @param {Help} helper
       * @returns {number}
       */
      padWidth(cmd, helper) {
        return Math.max(
          helper.longestOptionTermLength(cmd, helper),
          helper.longestGlobalOptionTermLength(cmd, helper),
          helper.longestSubcommandTermLength(cmd, helper),
          helper.longestArgumentTermLength(cmd, helper)
        );
      }
      /**
       * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
       *
       * @param {string} str
       * @returns {boolean}
       */
      preformatted(str) {
        return /\n[^\S\r\n]/.test(str);
      }
      /**
       * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
       *
       * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
       *   TTT  DDD DDDD
       *        DD DDD
       *
       * @param {string} term
       * @param {number} termWidth
       * @param {string} description
       * @param {Help} helper
       * @returns {string}
       */
      formatItem(term, termWidth, description, helper) {
        const itemIndent = 2;
        const itemIndentStr = " ".repeat(itemIndent);
        if (!description) return itemIndentStr + term;
        const paddedTerm = term.padEnd(
          termWidth + term.length - helper.displayWidth(term)
        );
        const spacerWidth = 2;
        const helpWidth = this.helpWidth ?? 80;
        const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
        let formattedDescription;
        if (remainingWidth < this.minWidthToWrap || helper.preformatted(description)) {
          formattedDescription = description;
        } else {
          const wrappedDescription = helper.boxWrap(description, remainingWidth);
          formattedDescription = wrappedDescription.replace(
            /\n/g,
            "\n" + " ".repeat(termWidth + spacerWidth)
          );
        }
        return itemIndentStr + paddedTerm + " ".repeat(spacerWidth) + formattedDescription.replace(/\n/g, `
${itemIndentStr}`);
      }
      /**
       * Wrap a string at whitespace, preserving existing line breaks.
       * Wrapping is skipped if the width is less than `minWidthToWrap`.
       *
       * @param {string} str
       * @param {number} width
       * @returns {string}
       */
      boxWrap(str, width) {
        if (width < this.minWidthToWrap) return str;
        const rawLines = str.split(/\r\n|\n/);
        const chunkPattern = /[\s]*[^\s]+/g;
        const wrappedLines = [];
        rawLines.forEach((line) => {
          const chunks = line.match(chunkPattern);
          if (chunks === null) {
            wrappedLines.push("");
            return;
          }
          let sumChunks = [chunks.shift()];
          let sumWidth = this.displayWidth(sumChunks[0]);
          chunks.forEach((chunk) => {
            const visibleWidth = this.displayWidth(chunk);
            if (sumWidth + visibleWidth <= width) {
              sumChunks.push(chunk);
              sumWidth += visibleWidth;
              return;
            }
            wrappedLines.push(sumChunks.join(""));
            const nextChunk = chunk.trimStart();
            sumChunks = [nextChunk];
            sumWidth = this.displayWidth(nextChunk);
          });
          wrappedLines.push(sumChunks.join(""));
        });
        return wrappedLines.join("\n");
      }
    };
    function stripColor(str) {
      const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
      return str.replace(sgrPattern, "");
    }
    exports.Help = Help2;
    exports.stripColor = stripColor;
  }
});

// node_modules/commander/lib/option.js
var require_option = __commonJS({
  "node_modules/commander/lib/option.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var Option2 = class {
      /**
       * Initialize a new `Option` with the given `flags` and `description`.
       *
       * @param {string} flags
       * @param {string} [description]
       */
      constructor(flags, description) {
        this.flags = flags;
        this.description = description || "";
        this.required = flags.includes("<");
        this.optional = flags.includes("[");
        this.variadic = /\w\.\.\.[>\]]$/.test(flags);
        this.mandatory = false;
        const optionFlags = splitOptionFlags(flags);
        this.short = optionFlags.shortFlag;
        this.long = optionFlags.longFlag;
        this.negate = false;
        if (this.long) {
          this.negate = this.long.startsWith("--no-");
        }
        this.defaultValue = void 0;
        this.defaultValueDescription = void 0;
        this.presetArg = void 0;
        this.envVar = void 0;
        this.parseArg = void 0;
        this.hidden = false;
        this.argChoices = void 0;
        this.conflictsWith = [];
        this.implied = void 0;
        this.helpGroupHeading = void 0;
      }
      /**
       * Set the default value, and optionally supply the description to be displayed in the help.
       *
       * @param {*} value
       * @param {string} [description]
       * @return {Option}
       */
      default(value, description) {
        this.defaultValue = value;
        this.defaultValueDescription = description;
        return this;
      }
      /**
       * Preset to use when option used without option-argument, especially optional but also boolean and negated.
       * The custom processing (parseArg) is called.
       *
       * @example
       * new Option('--color').default('GREYSCALE').preset('RGB');
       * new Option('--donate [amount]').preset('20').argParser(parseFloat);
       *
       * @param {*} arg
       * @return {Option}
       */
      preset(arg) {
        this.presetArg = arg;
        return this;
      }
      /**
       * Add option name(s) that conflict with this option.
       * An error will be displayed if conflicting options are found during parsing.
       *
       * @example
       * new Option('--rgb').conflicts('cmyk');
       * new Option('--js').conflicts(['ts', 'jsx']);
       *
       * @param {(string | string[])} names
       * @return {Option}
       */
      conflicts(names) {
        this.conflictsWith = this.conflictsWith.concat(names);
        return this;
      }
      /**
       * Specify implied option values for when this option is set and the implied options are not.
       *
       * The custom processing (parseArg) is not called on the implied values.
       *
       * @example
       * program
       *   .addOption(new Option('--log', 'write logging information to file'))
       *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
       *
       * @param {object} impliedOptionValues
       * @return {Option}
       */
      implies(impliedOptionValues) {
        let newImplied = impliedOptionValues;
        if (typeof impliedOptionValues === "string") {
          newImplied = { [impliedOptionValues]: true };
        }
        this.implied = Object.assign(this.implied || {}, newImplied);
        return this;
      }
      /**
       * Set environment variable to check for option value.
       *
       * An environment variable is only used if when processed the current option value is
       * undefined, or the source of the current value is 'default' or 'config' or 'env'.
       *
       * @param {string} name
       * @return {Option}
       */
      env(name) {
        this.envVar = name;
        return this;
      }
      /**
       * Set the custom handler for processing CLI option arguments into option values.
       *
       * @param {Function} [fn]
       * @return {Option}
       */
      argParser(fn) {
        this.parseArg = fn;
        return this;
      }
      /**
       * Whether the option is mandatory and must have a value after parsing.
       *
       * @param {boolean} [mandatory=true]
       * @return {Option}
       */
      makeOptionMandatory(mandatory = true) {
        this.mandatory = !!mandatory;
        return this;
      }
      /**
       * Hide option in help.
       *
       * @param {boolean} [hide=true]
       * @return {Option}
       */
      hideHelp(hide = true) {
        this.hidden = !!hide;
        return this;
      }
      /**
       * @package
       */
      _collectValue(value, previous) {
        if (previous === this.defaultValue || !Array.isArray(previous)) {
          return [value];
        }
        previous.push(value);
        return previous;
      }
      /**
       * Only allow option value to be one of choices.
       *
       * @param {string[]} values
       * @return {Option}
       */
      choices(values) {
        this.argChoices = values.slice();
        this.parseArg = (arg, previous) => {
          if (!this.argChoices.includes(arg)) {
            throw new InvalidArgumentError2(
              `Allowed choices are ${this.argChoices.join(", ")}.`
            );
          }
          if (this.variadic) {
            return this._collectValue(arg, previous);
          }
          return arg;
        };
        return this;
      }
      /**
       * Return option name.
       *
       * @return {string}
       */
      name() {
        if (this.long) {
          return this.long.replace(/^--/, "");
        }
        return this.short.replace(/^-/, "");
      }
      /**
       * Return option name, in a camelcase format that can be used
       * as an object attribute key.
       *
       * @return {string}
       */
      attributeName() {
        if (this.negate) {
          return camelcase(this.name().replace(/^no-/, ""));
        }
        return camelcase(this.name());
      }
      /**
       * Set the help group heading.
       *
       * @param {string} heading
       * @return {Option}
       */
      helpGroup(heading) {
        this.helpGroupHeading = heading;
        return this;
      }
      /**
       * Check if `arg` matches the short or long flag.
       *
       * @param {string} arg
       * @return {boolean}
       * @package
       */
      is(arg) {
        return this.short === arg || this.long === arg;
      }
      /**
       * Return whether a boolean option.
       *
       * Options are one of boolean, negated, required argument, or optional argument.
       *
       * @return {boolean}
       * @package
       */
      isBoolean() {
        return !this.required && !this.optional && !this.negate;
      }
    };
    var DualOptions = class {
      /**
       * @param {Option[]} options
       */
      constructor(options) {
        this.positiveOptions = /* @__PURE__ */ new Map();
        this.negativeOptions = /* @__PURE__ */ new Map();
        this.dualOptions = /* @__PURE__ */ new Set();
        options.forEach((option) => {
          if (option.negate) {
            this.negativeOptions.set(option.attributeName(), option);
          } else {
            this.positiveOptions.set(option.attributeName(), option);
          }
        });
        this.negativeOptions.forEach((value, key) => {
          if (this.positiveOptions.has(key)) {
            this.dualOptions.add(key);
          }
        });
      }
      /**
       * Did the value come from the option, and not from possible matching dual option?
       *
       * @param {*} value
       * @param {Option} option
       * @returns {boolean}
       */
      valueFromOption(value, option) {
        const optionKey = option.attributeName();
        if (!this.dualOptions.has(optionKey)) return true;
        const preset = this.negativeOptions.get(optionKey).presetArg;
        const negativeValue = preset !== void 0 ? preset : false;
        return option.negate === (negativeValue === value);
      }
    };
    function camelcase(str) {
      return str.split("-").reduce((str2, word) => {
        return str2 + word[0].toUpperCase() + word.slice(1);
      });
    }
    function splitOptionFlags(flags) {
      let shortFlag;
      let longFlag;
      const shortFlagExp = /^-[^-]$/;
      const longFlagExp = /^--[^-]/;
      const flagParts = flags.split(/[ |,]+/).concat("guard");
      if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
      if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
      if (!shortFlag && shortFlagExp.test(flagParts[0]))
        shortFlag = flagParts.shift();
      if (!shortFlag && longFlagExp.test(flagParts[0])) {
        shortFlag = longFlag;
        longFlag = flagParts.shift();
      }
      if (flagParts[0].startsWith("-")) {
        const unsupportedFlag = flagParts[0];
        const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
        if (/^-[^-][^-]/.test(unsupportedFlag))
          throw new Error(
            `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`
          );
        if (shortFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many short flags`);
        if (longFlagExp.test(unsupportedFlag))
          throw new Error(`${baseError}
- too many long flags`);
        throw new Error(`${baseError}
- unrecognised flag format`);
      }
      if (shortFlag === void 0 && longFlag === void 0)
        throw new Error(
          `option creation failed due to no flags found in '${flags}'.`
        );
      return { shortFlag, longFlag };
    }
    exports.Option = Option2;
    exports.DualOptions = DualOptions;
  }
});

// node_modules/commander/lib/suggestSimilar.js
var require_suggestSimilar = __commonJS({
  "node_modules/commander/lib/suggestSimilar.js"(exports) {
    var maxDistance = 3;
    function editDistance(a, b) {
      if (Math.abs(a.length - b.length) > maxDistance)
        return Math.max(a.length, b.length);
      const d = [];
      for (let i = 0; i <= a.length; i++) {
        d[i] = [i];
      }
      for (let j = 0; j <= b.length; j++) {
        d[0][j] = j;
      }
      for (let j = 1; j <= b.length; j++) {
        for (let i = 1; i <= a.length; i++) {
          let cost = 1;
          if (a[i - 1] === b[j - 1]) {
            cost = 0;
          } else {
            cost = 1;
          }
          d[i][j] = Math.min(
            d[i - 1][j] + 1,
            // deletion
            d[i][j - 1] + 1,
            // insertion
            d[i - 1][j - 1] + cost
            // substitution
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
          }
        }
      }
      return d[a.length][b.length];
    }
    function suggestSimilar(word, candidates) {
      if (!candidates || candidates.length === 0) return "";
      candidates = Array.from(new Set(candidates));
      const searchingOptions = word.startsWith("--");
      if (searchingOptions) {
        word = word.slice(2);
        candidates = candidates.map((candidate) => candidate.slice(2));
      }
      let similar = [];
      let bestDistance = maxDistance;
      const minSimilarity = 0.4;
      candidates.forEach((candidate) => {
        if (candidate.length <= 1) return;
        const distance = editDistance(word, candidate);
        const length = Math.max(word.length, candidate.length);
        const similarity = (length - distance) / length;
        if (similarity > minSimilarity) {
          if (distance < bestDistance) {
            bestDistance = distance;
            similar = [candidate];
          } else if (distance === bestDistance) {
            similar.push(candidate);
          }
        }
      });
      similar.sort((a, b) => a.localeCompare(b));
      if (searchingOptions) {
        similar = similar.map((candidate) => `--${candidate}`);
      }
      if (similar.length > 1) {
        return `
(Did you mean one of ${similar.join(", ")}?)`;
      }
      if (similar.length === 1) {
        return `
(Did you mean ${similar[0]}?)`;
      }
      return "";
    }
    exports.suggestSimilar = suggestSimilar;
  }
});

// node_modules/commander/lib/command.js
var require_command = __commonJS({
  "node_modules/commander/lib/command.js"(exports) {
    var EventEmitter = __require("node:events").EventEmitter;
    var childProcess = __require("node:child_process");
    var path23 = __require("node:path");
    var fs9 = __require("node:fs");
    var process2 = __require("node:process");
    var { Argument: Argument2, humanReadableArgName } = require_argument();
    var { CommanderError: CommanderError2 } = require_error();
    var { Help: Help2, stripColor } = require_help();
    var { Option: Option2, DualOptions } = require_option();
    var { suggestSimilar } = require_suggestSimilar();
    var Command2 = class _Command extends EventEmitter {
      /**
       * Initialize a new `Command`.
       *
       * @param {string} [name]
       */
      constructor(name) {
        super();
        this.commands = [];
        this.options = [];
        this.parent = null;
        this._allowUnknownOption = false;
        this._allowExcessArguments = false;
        this.registeredArguments = [];
        this._args = this.registeredArguments;
        this.args = [];
        this.rawArgs = [];
        this.processedArgs = [];
        this._scriptPath = null;
        this._name = name || "";
        this._optionValues = {};
        this._optionValueSources = {};
        this._storeOptionsAsProperties = false;
        this._actionHandler = null;
        this._executableHandler = false;
        this._executableFile = null;
        this._executableDir = null;
        this._defaultCommandName = null;
        this._exitCallback = null;
        this._aliases = [];
        this._combineFlagAndOptionalValue = true;
        this._description = "";
        this._summary = "";
        this._argsDescription = void 0;
        this._enablePositionalOptions = false;
        this._passThroughOptions = false;
        this._lifeCycleHooks = {};
        this._showHelpAfterError = false;
        this._showSuggestionAfterError = true;
        this._savedState = null;
        this._outputConfiguration = {
          writeOut: (str) => process2.stdout.write(str),
          writeErr: (str) => process2.stderr.write(str),
          outputError: (str, write) => write(str),
          getOutHelpWidth: () => process2.stdout.isTTY ? process2.stdout.columns : void 0,
          getErrHelpWidth: () => process2.stderr.isTTY ? process2.stderr.columns : void 0,
          getOutHasColors: () => useColor() ?? (process2.stdout.isTTY && process2.stdout.hasColors?.()),
          getErrHasColors: () => useColor() ?? (process2.stderr.isTTY && process2.stderr.hasColors?.()),
          stripColor: (str) => stripColor(str)
        };
        this._hidden = false;
        this._helpOption = void 0;
        this._addImplicitHelpCommand = void 0;
        this._helpCommand = void 0;
        this._helpConfiguration = {};
        this._helpGroupHeading = void 0;
        this._defaultCommandGroup = void 0;
        this._defaultOptionGroup = void 0;
      }
      /**
       * Copy settings that are useful to have in common across root command and subcommands.
       *
       * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
       *
       * @param {Command} sourceCommand
       * @return {Command} `this` command for chaining
       */
      copyInheritedSettings(sourceCommand) {
        this._outputConfiguration = sourceCommand._outputConfiguration;
        this._helpOption = sourceCommand._helpOption;
        this._helpCommand = sourceCommand._helpCommand;
        this._helpConfiguration = sourceCommand._helpConfiguration;
        this._exitCallback = sourceCommand._exitCallback;
        this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
        this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue;
        this._allowExcessArguments = sourceCommand._allowExcessArguments;
        this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
        this._showHelpAfterError = sourceCommand._showHelpAfterError;
        this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;
        return this;
      }
      /**
       * @returns {Command[]}
       * @private
       */
      _getCommandAndAncestors() {
        const result = [];
        for (let command = this; command; command = command.parent) {
          result.push(command);
        }
        return result;
      }
      /**
       * Define a command.
       *
       * There are two styles of command: pay attention to where to put the description.
       *
       * @example
       * // Command implemented using action handler (description is supplied separately to `.command`)
       * program
       *   .command('clone <source> [destination]')
       *   .description('clone a repository into a newly created directory')
       *   .action((source, destination) => {
       *     console.log('clone command called');
       *   });
       *
       * // Command implemented using separate executable file (description is second parameter to `.command`)
       * program
       *   .command('start <service>', 'start named service')
       *   .command('stop [service]', 'stop named service, or all if no name supplied');
       *
       * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
       * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
       * @param {object} [execOpts] - configuration options (for executable)
       * @return {Command} returns new command for action handler, or `this` for executable command
       */
      command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
        let desc = actionOptsOrExecDesc;
        let opts = execOpts;
        if (typeof desc === "object" && desc !== null) {
          opts = desc;
          desc = null;
        }
        opts = opts || {};
        const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const cmd = this.createCommand(name);
        if (desc) {
          cmd.description(desc);
          cmd._executableHandler = true;
        }
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        cmd._hidden = !!(opts.noHelp || opts.hidden);
        cmd._executableFile = opts.executableFile || null;
        if (args) cmd.arguments(args);
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd.copyInheritedSettings(this);
        if (desc) return this;
        return cmd;
      }
      /**
       * Factory routine to create a new unattached command.
       *
       * See .command() for creating an attached subcommand, which uses this routine to
       * create the command. You can override createCommand to customise subcommands.
       *
       * @param {string} [name]
       * @return {Command} new command
       */
      createCommand(name) {
        return new _Command(name);
      }
      /**
       * You can customise the help with a subclass of Help by overriding createHelp,
       * or by overriding Help properties using configureHelp().
       *
       * @return {Help}
       */
      createHelp() {
        return Object.assign(new Help2(), this.configureHelp());
      }
      /**
       * You can customise the help by overriding Help properties using configureHelp(),
       * or with a subclass of Help by overriding createHelp().
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureHelp(configuration) {
        if (configuration === void 0) return this._helpConfiguration;
        this._helpConfiguration = configuration;
        return this;
      }
      /**
       * The default output goes to stdout and stderr. You can customise this for special
       * applications. You can also customise the display of errors by overriding outputError.
       *
       * The configuration properties are all functions:
       *
       *     // change how output being written, defaults to stdout and stderr
       *     writeOut(str)
       *     writeErr(str)
       *     // change how output being written for errors, defaults to writeErr
       *     outputError(str, write) // used for displaying errors and not used for displaying help
       *     // specify width for wrapping help
       *     getOutHelpWidth()
       *     getErrHelpWidth()
       *     // color support, currently only used with Help
       *     getOutHasColors()
       *     getErrHasColors()
       *     stripColor() // used to remove ANSI escape codes if output does not have colors
       *
       * @param {object} [configuration] - configuration options
       * @return {(Command | object)} `this` command for chaining, or stored configuration
       */
      configureOutput(configuration) {
        if (configuration === void 0) return this._outputConfiguration;
        this._outputConfiguration = {
          ...this._outputConfiguration,
          ...configuration
        };
        return this;
      }
      /**
       * Display the help or a custom message after an error occurs.
       *
       * @param {(boolean|string)} [displayHelp]
       * @return {Command} `this` command for chaining
       */
      showHelpAfterError(displayHelp = true) {
        if (typeof displayHelp !== "string") displayHelp = !!displayHelp;
        this._showHelpAfterError = displayHelp;
        return this;
      }
      /**
       * Display suggestion of similar commands for unknown commands, or options for unknown options.
       *
       * @param {boolean} [displaySuggestion]
       * @return {Command} `this` command for chaining
       */
      showSuggestionAfterError(displaySuggestion = true) {
        this._showSuggestionAfterError = !!displaySuggestion;
        return this;
      }
      /**
       * Add a prepared subcommand.
       *
       * See .command() for creating an attached subcommand which inherits settings from its parent.
       *
       * @param {Command} cmd - new subcommand
       * @param {object} [opts] - configuration options
       * @return {Command} `this` command for chaining
       */
      addCommand(cmd, opts) {
        if (!cmd._name) {
          throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
        }
        opts = opts || {};
        if (opts.isDefault) this._defaultCommandName = cmd._name;
        if (opts.noHelp || opts.hidden) cmd._hidden = true;
        this._registerCommand(cmd);
        cmd.parent = this;
        cmd._checkForBrokenPassThrough();
        return this;
      }
      /**
       * Factory routine to create a new unattached argument.
       *
       * See .argument() for creating an attached argument, which uses this routine to
       * create the argument. You can override createArgument to return a custom argument.
       *
       * @param {string} name
       * @param {string} [description]
       * @return {Argument} new argument
       */
      createArgument(name, description) {
        return new Argument2(name, description);
      }
      /**
       * Define argument syntax for command.
       *
       * The default is that the argument is required, and you can explicitly
       * indicate this with <> around the name. Put [] around the name for an optional argument.
       *
       * @example
       * program.argument('<input-file>');
       * program.argument('[output-file]');
       *
       * @param {string} name
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom argument processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      argument(name, description, parseArg, defaultValue) {
        const argument = this.createArgument(name, description);
        if (typeof parseArg === "function") {
          argument.default(defaultValue).argParser(parseArg);
        } else {
          argument.default(parseArg);
        }
        this.addArgument(argument);
        return this;
      }
      /**
       * Define argument syntax for command, adding multiple at once (without descriptions).
       *
       * See also .argument().
       *
       * @example
       * program.arguments('<cmd> [env]');
       *
       * @param {string} names
       * @return {Command} `this` command for chaining
       */
      arguments(names) {
        names.trim().split(/ +/).forEach((detail2) => {
          this.argument(detail2);
        });
        return this;
      }
      /**
       * Define argument syntax for command, adding a prepared argument.
       *
       * @param {Argument} argument
       * @return {Command} `this` command for chaining
       */
      addArgument(argument) {
        const previousArgument = this.registeredArguments.slice(-1)[0];
        if (previousArgument?.variadic) {
          throw new Error(
            `only the last argument can be variadic '${previousArgument.name()}'`
          );
        }
        if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0) {
          throw new Error(
            `a default value for a required argument is never used: '${argument.name()}'`
          );
        }
        this.registeredArguments.push(argument);
        return this;
      }
      /**
       * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
       *
       * @example
       *    program.helpCommand('help [cmd]');
       *    program.helpCommand('help [cmd]', 'show help');
       *    program.helpCommand(false); // suppress default help command
       *    program.helpCommand(true); // add help command even if no subcommands
       *
       * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
       * @param {string} [description] - custom description
       * @return {Command} `this` command for chaining
       */
      helpCommand(enableOrNameAndArgs, description) {
        if (typeof enableOrNameAndArgs === "boolean") {
          this._addImplicitHelpCommand = enableOrNameAndArgs;
          if (enableOrNameAndArgs && this._defaultCommandGroup) {
            this._initCommandGroup(this._getHelpCommand());
          }
          return this;
        }
        const nameAndArgs = enableOrNameAndArgs ?? "help [command]";
        const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
        const helpDescription = description ?? "display help for command";
        const helpCommand = this.createCommand(helpName);
        helpCommand.helpOption(false);
        if (helpArgs) helpCommand.arguments(helpArgs);
        if (helpDescription) helpCommand.description(helpDescription);
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Add prepared custom help command.
       *
       * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
       * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
       * @return {Command} `this` command for chaining
       */
      addHelpCommand(helpCommand, deprecatedDescription) {
        if (typeof helpCommand !== "object") {
          this.helpCommand(helpCommand, deprecatedDescription);
          return this;
        }
        this._addImplicitHelpCommand = true;
        this._helpCommand = helpCommand;
        this._initCommandGroup(helpCommand);
        return this;
      }
      /**
       * Lazy create help command.
       *
       * @return {(Command|null)}
       * @package
       */
      _getHelpCommand() {
        const hasImplicitHelpCommand = this._addImplicitHelpCommand ?? (this.commands.length && !this._actionHandler && !this._findCommand("help"));
        if (hasImplicitHelpCommand) {
          if (this._helpCommand === void 0) {
            this.helpCommand(void 0, void 0);
          }
          return this._helpCommand;
        }
        return null;
      }
      /**
       * Add hook for life cycle event.
       *
       * @param {string} event
       * @param {Function} listener
       * @return {Command} `this` command for chaining
       */
      hook(event, listener) {
        const allowedValues = ["preSubcommand", "preAction", "postAction"];
        if (!allowedValues.includes(event)) {
          throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        if (this._lifeCycleHooks[event]) {
          this._lifeCycleHooks[event].push(listener);
        } else {
          this._lifeCycleHooks[event] = [listener];
        }
        return this;
      }
      /**
       * Register callback to use as replacement for calling process.exit.
       *
       * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
       * @return {Command} `this` command for chaining
       */
      exitOverride(fn) {
        if (fn) {
          this._exitCallback = fn;
        } else {
          this._exitCallback = (err) => {
            if (err.code !== "commander.executeSubCommandAsync") {
              throw err;
            } else {
            }
          };
        }
        return this;
      }
      /**
       * Call process.exit, and _exitCallback if defined.
       *
       * @param {number} exitCode exit code for using with process.exit
       * @param {string} code an id string representing the error
       * @param {string} message human-readable description of the error
       * @return never
       * @private
       */
      _exit(exitCode, code, message) {
        if (this._exitCallback) {
          this._exitCallback(new CommanderError2(exitCode, code, message));
        }
        process2.exit(exitCode);
      }
      /**
       * Register callback `fn` for the command.
       *
       * @example
       * program
       *   .command('serve')
       *   .description('start service')
       *   .action(function() {
       *      // do work here
       *   });
       *
       * @param {Function} fn
       * @return {Command} `this` command for chaining
       */
      action(fn) {
        const listener = (args) => {
          const expectedArgsCount = this.registeredArguments.length;
          const actionArgs = args.slice(0, expectedArgsCount);
          if (this._storeOptionsAsProperties) {
            actionArgs[expectedArgsCount] = this;
          } else {
            actionArgs[expectedArgsCount] = this.opts();
          }
          actionArgs.push(this);
          return fn.apply(this, actionArgs);
        };
        this._actionHandler = listener;
        return this;
      }
      /**
       * Factory routine to create a new unattached option.
       *
       * See .option() for creating an attached option, which uses this routine to
       * create the option. You can override createOption to return a custom option.
       *
       * @param {string} flags
       * @param {string} [description]
       * @return {Option} new option
       */
      createOption(flags, description) {
        return new Option2(flags, description);
      }
      /**
       * Wrap parseArgs to catch 'commander.invalidArgument'.
       *
       * @param {(Option | Argument)} target
       * @param {string} value
       * @param {*} previous
       * @param {string} invalidArgumentMessage
       * @private
       */
      _callParseArg(target2, value, previous, invalidArgumentMessage) {
        try {
          return target2.parseArg(value, previous);
        } catch (err) {
          if (err.code === "commander.invalidArgument") {
            const message = `${invalidArgumentMessage} ${err.message}`;
            this.error(message, { exitCode: err.exitCode, code: err.code });
          }
          throw err;
        }
      }
      /**
       * Check for option flag conflicts.
       * Register option if no conflicts found, or throw on conflict.
       *
       * @param {Option} option
       * @private
       */
      _registerOption(option) {
        const matchingOption = option.short && this._findOption(option.short) || option.long && this._findOption(option.long);
        if (matchingOption) {
          const matchingFlag = option.long && this._findOption(option.long) ? option.long : option.short;
          throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
        }
        this._initOptionGroup(option);
        this.options.push(option);
      }
      /**
       * Check for command name and alias conflicts with existing commands.
       * Register command if no conflicts found, or throw on conflict.
       *
       * @param {Command} command
       * @private
       */
      _registerCommand(command) {
        const knownBy = (cmd) => {
          return [cmd.name()].concat(cmd.aliases());
        };
        const alreadyUsed = knownBy(command).find(
          (name) => this._findCommand(name)
        );
        if (alreadyUsed) {
          const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|");
          const newCmd = knownBy(command).join("|");
          throw new Error(
            `cannot add command '${newCmd}' as already have command '${existingCmd}'`
          );
        }
        this._initCommandGroup(command);
        this.commands.push(command);
      }
      /**
       * Add an option.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addOption(option) {
        this._registerOption(option);
        const oname = option.name();
        const name = option.attributeName();
        if (option.negate) {
          const positiveLongFlag = option.long.replace(/^--no-/, "--");
          if (!this._findOption(positiveLongFlag)) {
            this.setOptionValueWithSource(
              name,
              option.defaultValue === void 0 ? true : option.defaultValue,
              "default"
            );
          }
        } else if (option.defaultValue !== void 0) {
          this.setOptionValueWithSource(name, option.defaultValue, "default");
        }
        const handleOptionValue = (val, invalidValueMessage, valueSource) => {
          if (val == null && option.presetArg !== void 0) {
            val = option.presetArg;
          }
          const oldValue = this.getOptionValue(name);
          if (val !== null && option.parseArg) {
            val = this._callParseArg(option, val, oldValue, invalidValueMessage);
          } else if (val !== null && option.variadic) {
            val = option._collectValue(val, oldValue);
          }
          if (val == null) {
            if (option.negate) {
              val = false;
            } else if (option.isBoolean() || option.optional) {
              val = true;
            } else {
              val = "";
            }
          }
          this.setOptionValueWithSource(name, val, valueSource);
        };
        this.on("option:" + oname, (val) => {
          const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
          handleOptionValue(val, invalidValueMessage, "cli");
        });
        if (option.envVar) {
          this.on("optionEnv:" + oname, (val) => {
            const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
            handleOptionValue(val, invalidValueMessage, "env");
          });
        }
        return this;
      }
      /**
       * Internal implementation shared by .option() and .requiredOption()
       *
       * @return {Command} `this` command for chaining
       * @private
       */
      _optionEx(config, flags, description, fn, defaultValue) {
        if (typeof flags === "object" && flags instanceof Option2) {
          throw new Error(
            "To add an Option object use addOption() instead of option() or requiredOption()"
          );
        }
        const option = this.createOption(flags, description);
        option.makeOptionMandatory(!!config.mandatory);
        if (typeof fn === "function") {
          option.default(defaultValue).argParser(fn);
        } else if (fn instanceof RegExp) {
          const regex = fn;
          fn = (val, def) => {
            const m = regex.exec(val);
            return m ? m[0] : def;
          };
          option.default(defaultValue).argParser(fn);
        } else {
          option.default(fn);
        }
        return this.addOption(option);
      }
      /**
       * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
       * option-argument is indicated by `<>` and an optional option-argument by `[]`.
       *
       * See the README for more details, and see also addOption() and requiredOption().
       *
       * @example
       * program
       *     .option('-p, --pepper', 'add pepper')
       *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
       *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
       *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      option(flags, description, parseArg, defaultValue) {
        return this._optionEx({}, flags, description, parseArg, defaultValue);
      }
      /**
       * Add a required option which must have a value after parsing. This usually means
       * the option must be specified on the command line. (Otherwise the same as .option().)
       *
       * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
       *
       * @param {string} flags
       * @param {string} [description]
       * @param {(Function|*)} [parseArg] - custom option processing function or default value
       * @param {*} [defaultValue]
       * @return {Command} `this` command for chaining
       */
      requiredOption(flags, description, parseArg, defaultValue) {
        return this._optionEx(
          { mandatory: true },
          flags,
          description,
          parseArg,
          defaultValue
        );
      }
      /**
       * Alter parsing of short flags with optional values.
       *
       * @example
       * // for `.option('-f,--flag [value]'):
       * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
       * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
       *
       * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
       * @return {Command} `this` command for chaining
       */
      combineFlagAndOptionalValue(combine = true) {
        this._combineFlagAndOptionalValue = !!combine;
        return this;
      }
      /**
       * Allow unknown options on the command line.
       *
       * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
       * @return {Command} `this` command for chaining
       */
      allowUnknownOption(allowUnknown = true) {
        this._allowUnknownOption = !!allowUnknown;
        return this;
      }
      /**
       * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
       *
       * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
       * @return {Command} `this` command for chaining
       */
      allowExcessArguments(allowExcess = true) {
        this._allowExcessArguments = !!allowExcess;
        return this;
      }
      /**
       * Enable positional options. Positional means global options are specified before subcommands which lets
       * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
       * The default behaviour is non-positional and global options may appear anywhere on the command line.
       *
       * @param {boolean} [positional]
       * @return {Command} `this` command for chaining
       */
      enablePositionalOptions(positional = true) {
        this._enablePositionalOptions = !!positional;
        return this;
      }
      /**
       * Pass through options that come after command-arguments rather than treat them as command-options,
       * so actual command-options come before command-arguments. Turning this on for a subcommand requires
       * positional options to have been enabled on the program (parent commands).
       * The default behaviour is non-positional and options may appear before or after command-arguments.
       *
       * @param {boolean} [passThrough] for unknown options.
       * @return {Command} `this` command for chaining
       */
      passThroughOptions(passThrough = true) {
        this._passThroughOptions = !!passThrough;
        this._checkForBrokenPassThrough();
        return this;
      }
      /**
       * @private
       */
      _checkForBrokenPassThrough() {
        if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions) {
          throw new Error(
            `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`
          );
        }
      }
      /**
       * Whether to store option values as properties on command object,
       * or store separately (specify false). In both cases the option values can be accessed using .opts().
       *
       * @param {boolean} [storeAsProperties=true]
       * @return {Command} `this` command for chaining
       */
      storeOptionsAsProperties(storeAsProperties = true) {
        if (this.options.length) {
          throw new Error("call .storeOptionsAsProperties() before adding options");
        }
        if (Object.keys(this._optionValues).length) {
          throw new Error(
            "call .storeOptionsAsProperties() before setting option values"
          );
        }
        this._storeOptionsAsProperties = !!storeAsProperties;
        return this;
      }
      /**
       * Retrieve option value.
       *
       * @param {string} key
       * @return {object} value
       */
      getOptionValue(key) {
        if (this._storeOptionsAsProperties) {
          return this[key];
        }
        return this._optionValues[key];
      }
      /**
       * Store option value.
       *
       * @param {string} key
       * @param {object} value
       * @return {Command} `this` command for chaining
       */
      setOptionValue(key, value) {
        return this.setOptionValueWithSource(key, value, void 0);
      }
      /**
       * Store option value and where the value came from.
       *
       * @param {string} key
       * @param {object} value
       * @param {string} source - expected values are default/config/env/cli/implied
       * @return {Command} `this` command for chaining
       */
      setOptionValueWithSource(key, value, source) {
        if (this._storeOptionsAsProperties) {
          this[key] = value;
        } else {
          this._optionValues[key] = value;
        }
        this._optionValueSources[key] = source;
        return this;
      }
      /**
       * Get source of option value.
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSource(key) {
        return this._optionValueSources[key];
      }
      /**
       * Get source of option value. See also .optsWithGlobals().
       * Expected values are default | config | env | cli | implied
       *
       * @param {string} key
       * @return {string}
       */
      getOptionValueSourceWithGlobals(key) {
        let source;
        this._getCommandAndAncestors().forEach((cmd) => {
          if (cmd.getOptionValueSource(key) !== void 0) {
            source = cmd.getOptionValueSource(key);
          }
        });
        return source;
      }
      /**
       * Get user arguments from implied or explicit arguments.
       * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
       *
       * @private
       */
      _prepareUserArgs(argv, parseOptions) {
        if (argv !== void 0 && !Array.isArray(argv)) {
          throw new Error("first parameter to parse must be array or undefined");
        }
        parseOptions = parseOptions || {};
        if (argv === void 0 && parseOptions.from === void 0) {
          if (process2.versions?.electron) {
            parseOptions.from = "electron";
          }
          const execArgv = process2.execArgv ?? [];
          if (execArgv.includes("-e") || execArgv.includes("--eval") || execArgv.includes("-p") || execArgv.includes("--print")) {
            parseOptions.from = "eval";
          }
        }
        if (argv === void 0) {
          argv = process2.argv;
        }
        this.rawArgs = argv.slice();
        let userArgs;
        switch (parseOptions.from) {
          case void 0:
          case "node":
            this._scriptPath = argv[1];
            userArgs = argv.slice(2);
            break;
          case "electron":
            if (process2.defaultApp) {
              this._scriptPath = argv[1];
              userArgs = argv.slice(2);
            } else {
              userArgs = argv.slice(1);
            }
            break;
          case "user":
            userArgs = argv.slice(0);
            break;
          case "eval":
            userArgs = argv.slice(1);
            break;
          default:
            throw new Error(
              `unexpected parse option { from: '${parseOptions.from}' }`
            );
        }
        if (!this._name && this._scriptPath)
          this.nameFromFilename(this._scriptPath);
        this._name = this._name || "program";
        return userArgs;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Use parseAsync instead of parse if any of your action handlers are async.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * program.parse(); // parse process.argv and auto-detect electron and special node flags
       * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
       * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv] - optional, defaults to process.argv
       * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
       * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
       * @return {Command} `this` command for chaining
       */
      parse(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        this._parseCommand([], userArgs);
        return this;
      }
      /**
       * Parse `argv`, setting options and invoking commands when defined.
       *
       * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
       *
       * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
       * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
       * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
       * - `'user'`: just user arguments
       *
       * @example
       * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
       * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
       * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
       *
       * @param {string[]} [argv]
       * @param {object} [parseOptions]
       * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
       * @return {Promise}
       */
      async parseAsync(argv, parseOptions) {
        this._prepareForParse();
        const userArgs = this._prepareUserArgs(argv, parseOptions);
        await this._parseCommand([], userArgs);
        return this;
      }
      _prepareForParse() {
        if (this._savedState === null) {
          this.saveStateBeforeParse();
        } else {
          this.restoreStateBeforeParse();
        }
      }
      /**
       * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state saved.
       */
      saveStateBeforeParse() {
        this._savedState = {
          // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
          _name: this._name,
          // option values before parse have default values (including false for negated options)
          // shallow clones
          _optionValues: { ...this._optionValues },
          _optionValueSources: { ...this._optionValueSources }
        };
      }
      /**
       * Restore state before parse for calls after the first.
       * Not usually called directly, but available for subclasses to save their custom state.
       *
       * This is called in a lazy way. Only commands used in parsing chain will have state restored.
       */
      restoreStateBeforeParse() {
        if (this._storeOptionsAsProperties)
          throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
        this._name = this._savedState._name;
        this._scriptPath = null;
        this.rawArgs = [];
        this._optionValues = { ...this._savedState._optionValues };
        this._optionValueSources = { ...this._savedState._optionValueSources };
        this.args = [];
        this.processedArgs = [];
      }
      /**
       * Throw if expected executable is missing. Add lots of help for author.
       *
       * @param {string} executableFile
       * @param {string} executableDir
       * @param {string} subcommandName
       */
      _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
        if (fs9.existsSync(executableFile)) return;
        const executableDirMessage = executableDir ? `searched for local subcommand relative to directory '${executableDir}'` : "no directory for search for local subcommand, use .executableDir() to supply a custom directory";
        const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
        throw new Error(executableMissing);
      }
      /**
       * Execute a sub-command executable.
       *
       * @private
       */
      _executeSubCommand(subcommand, args) {
        args = args.slice();
        let launchWithNode = false;
        const sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
        function findFile(baseDir, baseName) {
          const localBin = path23.resolve(baseDir, baseName);
          if (fs9.existsSync(localBin)) return localBin;
          if (sourceExt.includes(path23.extname(baseName))) return void 0;
          const foundExt = sourceExt.find(
            (ext) => fs9.existsSync(`${localBin}${ext}`)
          );
          if (foundExt) return `${localBin}${foundExt}`;
          return void 0;
        }
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`;
        let executableDir = this._executableDir || "";
        if (this._scriptPath) {
          let resolvedScriptPath;
          try {
            resolvedScriptPath = fs9.realpathSync(this._scriptPath);
          } catch {
            resolvedScriptPath = this._scriptPath;
          }
          executableDir = path23.resolve(
            path23.dirname(resolvedScriptPath),
            executableDir
          );
        }
        if (executableDir) {
          let localFile = findFile(executableDir, executableFile);
          if (!localFile && !subcommand._executableFile && this._scriptPath) {
            const legacyName = path23.basename(
              this._scriptPath,
              path23.extname(this._scriptPath)
            );
            if (legacyName !== this._name) {
              localFile = findFile(
                executableDir,
                `${legacyName}-${subcommand._name}`
              );
            }
          }
          executableFile = localFile || executableFile;
        }
        launchWithNode = sourceExt.includes(path23.extname(executableFile));
        let proc;
        if (process2.platform !== "win32") {
          if (launchWithNode) {
            args.unshift(executableFile);
            args = incrementNodeInspectorPort(process2.execArgv).concat(args);
            proc = childProcess.spawn(process2.argv[0], args, { stdio: "inherit" });
          } else {
            proc = childProcess.spawn(executableFile, args, { stdio: "inherit" });
          }
        } else {
          this._checkForMissingExecutable(
            executableFile,
            executableDir,
            subcommand._name
          );
          args.unshift(executableFile);
          args = incrementNodeInspectorPort(process2.execArgv).concat(args);
          proc = childProcess.spawn(process2.execPath, args, { stdio: "inherit" });
        }
        if (!proc.killed) {
          const signals = ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"];
          signals.forEach((signal) => {
            process2.on(signal, () => {
              if (proc.killed === false && proc.exitCode === null) {
                proc.kill(signal);
              }
            });
          });
        }
        const exitCallback = this._exitCallback;
        proc.on("close", (code) => {
          code = code ?? 1;
          if (!exitCallback) {
            process2.exit(code);
          } else {
            exitCallback(
              new CommanderError2(
                code,
                "commander.executeSubCommandAsync",
                "(close)"
              )
            );
          }
        });
        proc.on("error", (err) => {
          if (err.code === "ENOENT") {
            this._checkForMissingExecutable(
              executableFile,
              executableDir,
              subcommand._name
            );
          } else if (err.code === "EACCES") {
            throw new Error(`'${executableFile}' not executable`);
          }
          if (!exitCallback) {
            process2.exit(1);
          } else {
            const wrappedError = new CommanderError2(
              1,
              "commander.executeSubCommandAsync",
              "(error)"
            );
            wrappedError.nestedError = err;
            exitCallback(wrappedError);
          }
        });
        this.runningCommand = proc;
      }
      /**
       * @private
       */
      _dispatchSubcommand(commandName, operands, unknown2) {
        const subCommand = this._findCommand(commandName);
        if (!subCommand) this.help({ error: true });
        subCommand._prepareForParse();
        let promiseChain;
        promiseChain = this._chainOrCallSubCommandHook(
          promiseChain,
          subCommand,
          "preSubcommand"
        );
        promiseChain = this._chainOrCall(promiseChain, () => {
          if (subCommand._executableHandler) {
            this._executeSubCommand(subCommand, operands.concat(unknown2));
          } else {
            return subCommand._parseCommand(operands, unknown2);
          }
        });
        return promiseChain;
      }
      /**
       * Invoke help directly if possible, or dispatch if necessary.
       * e.g. help foo
       *
       * @private
       */
      _dispatchHelpCommand(subcommandName) {
        if (!subcommandName) {
          this.help();
        }
        const subCommand = this._findCommand(subcommandName);
        if (subCommand && !subCommand._executableHandler) {
          subCommand.help();
        }
        return this._dispatchSubcommand(
          subcommandName,
          [],
          [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"]
        );
      }
      /**
       * Check this.args against expected this.registeredArguments.
       *
       * @private
       */
      _checkNumberOfArguments() {
        this.registeredArguments.forEach((arg, i) => {
          if (arg.required && this.args[i] == null) {
            this.missingArgument(arg.name());
          }
        });
        if (this.registeredArguments.length > 0 && this.registeredArguments[this.registeredArguments.length - 1].variadic) {
          return;
        }
        if (this.args.length > this.registeredArguments.length) {
          this._excessArguments(this.args);
        }
      }
      /**
       * Process this.args using this.registeredArguments and save as this.processedArgs!
       *
       * @private
       */
      _processArguments() {
        const myParseArg = (argument, value, previous) => {
          let parsedValue = value;
          if (value !== null && argument.parseArg) {
            const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
            parsedValue = this._callParseArg(
              argument,
              value,
              previous,
              invalidValueMessage
            );
          }
          return parsedValue;
        };
        this._checkNumberOfArguments();
        const processedArgs = [];
        this.registeredArguments.forEach((declaredArg, index) => {
          let value = declaredArg.defaultValue;
          if (declaredArg.variadic) {
            if (index < this.args.length) {
              value = this.args.slice(index);
              if (declaredArg.parseArg) {
                value = value.reduce((processed, v) => {
                  return myParseArg(declaredArg, v, processed);
                }, declaredArg.defaultValue);
              }
            } else if (value === void 0) {
              value = [];
            }
          } else if (index < this.args.length) {
            value = this.args[index];
            if (declaredArg.parseArg) {
              value = myParseArg(declaredArg, value, declaredArg.defaultValue);
            }
          }
          processedArgs[index] = value;
        });
        this.processedArgs = processedArgs;
      }
      /**
       * Once we have a promise we chain, but call synchronously until then.
       *
       * @param {(Promise|undefined)} promise
       * @param {Function} fn
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCall(promise, fn) {
        if (promise?.then && typeof promise.then === "function") {
          return promise.then(() => fn());
        }
        return fn();
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallHooks(promise, event) {
        let result = promise;
        const hooks = [];
        this._getCommandAndAncestors().reverse().filter((cmd) => cmd._lifeCycleHooks[event] !== void 0).forEach((hookedCommand) => {
          hookedCommand._lifeCycleHooks[event].forEach((callback) => {
            hooks.push({ hookedCommand, callback });
          });
        });
        if (event === "postAction") {
          hooks.reverse();
        }
        hooks.forEach((hookDetail) => {
          result = this._chainOrCall(result, () => {
            return hookDetail.callback(hookDetail.hookedCommand, this);
          });
        });
        return result;
      }
      /**
       *
       * @param {(Promise|undefined)} promise
       * @param {Command} subCommand
       * @param {string} event
       * @return {(Promise|undefined)}
       * @private
       */
      _chainOrCallSubCommandHook(promise, subCommand, event) {
        let result = promise;
        if (this._lifeCycleHooks[event] !== void 0) {
          this._lifeCycleHooks[event].forEach((hook) => {
            result = this._chainOrCall(result, () => {
              return hook(this, subCommand);
            });
          });
        }
        return result;
      }
      /**
       * Process arguments in context of this command.
       * Returns action result, in case it is a promise.
       *
       * @private
       */
      _parseCommand(operands, unknown2) {
        const parsed = this.parseOptions(unknown2);
        this._parseOptionsEnv();
        this._parseOptionsImplied();
        operands = operands.concat(parsed.operands);
        unknown2 = parsed.unknown;
        this.args = operands.concat(unknown2);
        if (operands && this._findCommand(operands[0])) {
          return this._dispatchSubcommand(operands[0], operands.slice(1), unknown2);
        }
        if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name()) {
          return this._dispatchHelpCommand(operands[1]);
        }
        if (this._defaultCommandName) {
          this._outputHelpIfRequested(unknown2);
          return this._dispatchSubcommand(
            this._defaultCommandName,
            operands,
            unknown2
          );
        }
        if (this.commands.length && this.args.length === 0 && !this._actionHandler && !this._defaultCommandName) {
          this.help({ error: true });
        }
        this._outputHelpIfRequested(parsed.unknown);
        this._checkForMissingMandatoryOptions();
        this._checkForConflictingOptions();
        const checkForUnknownOptions = () => {
          if (parsed.unknown.length > 0) {
            this.unknownOption(parsed.unknown[0]);
          }
        };
        const commandEvent = `command:${this.name()}`;
        if (this._actionHandler) {
          checkForUnknownOptions();
          this._processArguments();
          let promiseChain;
          promiseChain = this._chainOrCallHooks(promiseChain, "preAction");
          promiseChain = this._chainOrCall(
            promiseChain,
            () => this._actionHandler(this.processedArgs)
          );
          if (this.parent) {
            promiseChain = this._chainOrCall(promiseChain, () => {
              this.parent.emit(commandEvent, operands, unknown2);
            });
          }
          promiseChain = this._chainOrCallHooks(promiseChain, "postAction");
          return promiseChain;
        }
        if (this.parent?.listenerCount(commandEvent)) {
          checkForUnknownOptions();
          this._processArguments();
          this.parent.emit(commandEvent, operands, unknown2);
        } else if (operands.length) {
          if (this._findCommand("*")) {
            return this._dispatchSubcommand("*", operands, unknown2);
          }
          if (this.listenerCount("command:*")) {
            this.emit("command:*", operands, unknown2);
          } else if (this.commands.length) {
            this.unknownCommand();
          } else {
            checkForUnknownOptions();
            this._processArguments();
          }
        } else if (this.commands.length) {
          checkForUnknownOptions();
          this.help({ error: true });
        } else {
          checkForUnknownOptions();
          this._processArguments();
        }
      }
      /**
       * Find matching command.
       *
       * @private
       * @return {Command | undefined}
       */
      _findCommand(name) {
        if (!name) return void 0;
        return this.commands.find(
          (cmd) => cmd._name === name || cmd._aliases.includes(name)
        );
      }
      /**
       * Return an option matching `arg` if any.
       *
       * @param {string} arg
       * @return {Option}
       * @package
       */
      _findOption(arg) {
        return this.options.find((option) => option.is(arg));
      }
      /**
       * Display an error message if a mandatory option does not have a value.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForMissingMandatoryOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd.options.forEach((anOption) => {
            if (anOption.mandatory && cmd.getOptionValue(anOption.attributeName()) === void 0) {
              cmd.missingMandatoryOptionValue(anOption);
            }
          });
        });
      }
      /**
       * Display an error message if conflicting options are used together in this.
       *
       * @private
       */
      _checkForConflictingLocalOptions() {
        const definedNonDefaultOptions = this.options.filter((option) => {
          const optionKey = option.attributeName();
          if (this.getOptionValue(optionKey) === void 0) {
            return false;
          }
          return this.getOptionValueSource(optionKey) !== "default";
        });
        const optionsWithConflicting = definedNonDefaultOptions.filter(
          (option) => option.conflictsWith.length > 0
        );
        optionsWithConflicting.forEach((option) => {
          const conflictingAndDefined = definedNonDefaultOptions.find(
            (defined) => option.conflictsWith.includes(defined.attributeName())
          );
          if (conflictingAndDefined) {
            this._conflictingOption(option, conflictingAndDefined);
          }
        });
      }
      /**
       * Display an error message if conflicting options are used together.
       * Called after checking for help flags in leaf subcommand.
       *
       * @private
       */
      _checkForConflictingOptions() {
        this._getCommandAndAncestors().forEach((cmd) => {
          cmd._checkForConflictingLocalOptions();
        });
      }
      /**
       * Parse options from `argv` removing known options,
       * and return argv split into operands and unknown arguments.
       *
       * Side effects: modifies command by storing options. Does not reset state if called again.
       *
       * Examples:
       *
       *     argv => operands, unknown
       *     --known kkk op => [op], []
       *     op --known kkk => [op], []
       *     sub --unknown uuu op => [sub], [--unknown uuu op]
       *     sub -- --unknown uuu op => [sub --unknown uuu op], []
       *
       * @param {string[]} args
       * @return {{operands: string[], unknown: string[]}}
       */
      parseOptions(args) {
        const operands = [];
        const unknown2 = [];
        let dest = operands;
        function maybeOption(arg) {
          return arg.length > 1 && arg[0] === "-";
        }
        const negativeNumberArg = (arg) => {
          if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
          return !this._getCommandAndAncestors().some(
            (cmd) => cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short))
          );
        };
        let activeVariadicOption = null;
        let activeGroup = null;
        let i = 0;
        while (i < args.length || activeGroup) {
          const arg = activeGroup ?? args[i++];
          activeGroup = null;
          if (arg === "--") {
            if (dest === unknown2) dest.push(arg);
            dest.push(...args.slice(i));
            break;
          }
          if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
            this.emit(`option:${activeVariadicOption.name()}`, arg);
            continue;
          }
          activeVariadicOption = null;
          if (maybeOption(arg)) {
            const option = this._findOption(arg);
            if (option) {
              if (option.required) {
                const value = args[i++];
                if (value === void 0) this.optionMissingArgument(option);
                this.emit(`option:${option.name()}`, value);
              } else if (option.optional) {
                let value = null;
                if (i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i]))) {
                  value = args[i++];
                }
                this.emit(`option:${option.name()}`, value);
              } else {
                this.emit(`option:${option.name()}`);
              }
              activeVariadicOption = option.variadic ? option : null;
              continue;
            }
          }
          if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
            const option = this._findOption(`-${arg[1]}`);
            if (option) {
              if (option.required || option.optional && this._combineFlagAndOptionalValue) {
                this.emit(`option:${option.name()}`, arg.slice(2));
              } else {
                this.emit(`option:${option.name()}`);
                activeGroup = `-${arg.slice(2)}`;
              }
              continue;
            }
          }
          if (/^--[^=]+=/.test(arg)) {
            const index = arg.indexOf("=");
            const option = this._findOption(arg.slice(0, index));
            if (option && (option.required || option.optional)) {
              this.emit(`option:${option.name()}`, arg.slice(index + 1));
              continue;
            }
          }
          if (dest === operands && maybeOption(arg) && !(this.commands.length === 0 && negativeNumberArg(arg))) {
            dest = unknown2;
          }
          if ((this._enablePositionalOptions || this._passThroughOptions) && operands.length === 0 && unknown2.length === 0) {
            if (this._findCommand(arg)) {
              operands.push(arg);
              unknown2.push(...args.slice(i));
              break;
            } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
              operands.push(arg, ...args.slice(i));
              break;
            } else if (this._defaultCommandName) {
              unknown2.push(arg, ...args.slice(i));
              break;
            }
          }
          if (this._passThroughOptions) {
            dest.push(arg, ...args.slice(i));
            break;
          }
          dest.push(arg);
        }
        return { operands, unknown: unknown2 };
      }
      /**
       * Return an object containing local option values as key-value pairs.
       *
       * @return {object}
       */
      opts() {
        if (this._storeOptionsAsProperties) {
          const result = {};
          const len = this.options.length;
          for (let i = 0; i < len; i++) {
            const key = this.options[i].attributeName();
            result[key] = key === this._versionOptionName ? this._version : this[key];
          }
          return result;
        }
        return this._optionValues;
      }
      /**
       * Return an object containing merged local and global option values as key-value pairs.
       *
       * @return {object}
       */
      optsWithGlobals() {
        return this._getCommandAndAncestors().reduce(
          (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
          {}
        );
      }
      /**
       * Display error message and exit (or call exitOverride).
       *
       * @param {string} message
       * @param {object} [errorOptions]
       * @param {string} [errorOptions.code] - an id string representing the error
       * @param {number} [errorOptions.exitCode] - used with process.exit
       */
      error(message, errorOptions) {
        this._outputConfiguration.outputError(
          `${message}
`,
          this._outputConfiguration.writeErr
        );
        if (typeof this._showHelpAfterError === "string") {
          this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`);
        } else if (this._showHelpAfterError) {
          this._outputConfiguration.writeErr("\n");
          this.outputHelp({ error: true });
        }
        const config = errorOptions || {};
        const exitCode = config.exitCode || 1;
        const code = config.code || "commander.error";
        this._exit(exitCode, code, message);
      }
      /**
       * Apply any option related environment variables, if option does
       * not have a value from cli or client code.
       *
       * @private
       */
      _parseOptionsEnv() {
        this.options.forEach((option) => {
          if (option.envVar && option.envVar in process2.env) {
            const optionKey = option.attributeName();
            if (this.getOptionValue(optionKey) === void 0 || ["default", "config", "env"].includes(
              this.getOptionValueSource(optionKey)
            )) {
              if (option.required || option.optional) {
                this.emit(`optionEnv:${option.name()}`, process2.env[option.envVar]);
              } else {
                this.emit(`optionEnv:${option.name()}`);
              }
            }
          }
        });
      }
      /**
       * Apply any implied option values, if option is undefined or default value.
       *
       * @private
       */
      _parseOptionsImplied() {
        const dualHelper = new DualOptions(this.options);
        const hasCustomOptionValue = (optionKey) => {
          return this.getOptionValue(optionKey) !== void 0 && !["default", "implied"].includes(this.getOptionValueSource(optionKey));
        };
        this.options.filter(
          (option) => option.implied !== void 0 && hasCustomOptionValue(option.attributeName()) && dualHelper.valueFromOption(
            this.getOptionValue(option.attributeName()),
            option
          )
        ).forEach((option) => {
          Object.keys(option.implied).filter((impliedKey) => !hasCustomOptionValue(impliedKey)).forEach((impliedKey) => {
            this.setOptionValueWithSource(
              impliedKey,
              option.implied[impliedKey],
              "implied"
            );
          });
        });
      }
      /**
       * Argument `name` is missing.
       *
       * @param {string} name
       * @private
       */
      missingArgument(name) {
        const message = `error: missing required argument '${name}'`;
        this.error(message, { code: "commander.missingArgument" });
      }
      /**
       * `Option` is missing an argument.
       *
       * @param {Option} option
       * @private
       */
      optionMissingArgument(option) {
        const message = `error: option '${option.flags}' argument missing`;
        this.error(message, { code: "commander.optionMissingArgument" });
      }
      /**
       * `Option` does not have a value, and is a mandatory option.
       *
       * @param {Option} option
       * @private
       */
      missingMandatoryOptionValue(option) {
        const message = `error: required option '${option.flags}' not specified`;
        this.error(message, { code: "commander.missingMandatoryOptionValue" });
      }
      /**
       * `Option` conflicts with another option.
       *
       * @param {Option} option
       * @param {Option} conflictingOption
       * @private
       */
      _conflictingOption(option, conflictingOption) {
        const findBestOptionFromValue = (option2) => {
          const optionKey = option2.attributeName();
          const optionValue = this.getOptionValue(optionKey);
          const negativeOption = this.options.find(
            (target2) => target2.negate && optionKey === target2.attributeName()
          );
          const positiveOption = this.options.find(
            (target2) => !target2.negate && optionKey === target2.attributeName()
          );
          if (negativeOption && (negativeOption.presetArg === void 0 && optionValue === false || negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg)) {
            return negativeOption;
          }
          return positiveOption || option2;
        };
        const getErrorMessage = (option2) => {
          const bestOption = findBestOptionFromValue(option2);
          const optionKey = bestOption.attributeName();
          const source = this.getOptionValueSource(optionKey);
          if (source === "env") {
            return `environment variable '${bestOption.envVar}'`;
          }
          return `option '${bestOption.flags}'`;
        };
        const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
        this.error(message, { code: "commander.conflictingOption" });
      }
      /**
       * Unknown option `flag`.
       *
       * @param {string} flag
       * @private
       */
      unknownOption(flag) {
        if (this._allowUnknownOption) return;
        let suggestion = "";
        if (flag.startsWith("--") && this._showSuggestionAfterError) {
          let candidateFlags = [];
          let command = this;
          do {
            const moreFlags = command.createHelp().visibleOptions(command).filter((option) => option.long).map((option) => option.long);
            candidateFlags = candidateFlags.concat(moreFlags);
            command = command.parent;
          } while (command && !command._enablePositionalOptions);
          suggestion = suggestSimilar(flag, candidateFlags);
        }
        const message = `error: unknown option '${flag}'${suggestion}`;
        this.error(message, { code: "commander.unknownOption" });
      }
      /**
       * Excess arguments, more than expected.
       *
       * @param {string[]} receivedArgs
       * @private
       */
      _excessArguments(receivedArgs) {
        if (this._allowExcessArguments) return;
        const expected = this.registeredArguments.length;
        const s = expected === 1 ? "" : "s";
        const forSubcommand = this.parent ? ` for '${this.name()}'` : "";
        const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
        this.error(message, { code: "commander.excessArguments" });
      }
      /**
       * Unknown command.
       *
       * @private
       */
      unknownCommand() {
        const unknownName = this.args[0];
        let suggestion = "";
        if (this._showSuggestionAfterError) {
          const candidateNames = [];
          this.createHelp().visibleCommands(this).forEach((command) => {
            candidateNames.push(command.name());
            if (command.alias()) candidateNames.push(command.alias());
          });
          suggestion = suggestSimilar(unknownName, candidateNames);
        }
        const message = `error: unknown command '${unknownName}'${suggestion}`;
        this.error(message, { code: "commander.unknownCommand" });
      }
      /**
       * Get or set the program version.
       *
       * This method auto-registers the "-V, --version" option which will print the version number.
       *
       * You can optionally supply the flags and description to override the defaults.
       *
       * @param {string} [str]
       * @param {string} [flags]
       * @param {string} [description]
       * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
       */
      version(str, flags, description) {
        if (str === void 0) return this._version;
        this._version = str;
        flags = flags || "-V, --version";
        description = description || "output the version number";
        const versionOption = this.createOption(flags, description);
        this._versionOptionName = versionOption.attributeName();
        this._registerOption(versionOption);
        this.on("option:" + versionOption.name(), () => {
          this._outputConfiguration.writeOut(`${str}
`);
          this._exit(0, "commander.version", str);
        });
        return this;
      }
      /**
       * Set the description.
       *
       * @param {string} [str]
       * @param {object} [argsDescription]
       * @return {(string|Command)}
       */
      description(str, argsDescription) {
        if (str === void 0 && argsDescription === void 0)
          return this._description;
        this._description = str;
        if (argsDescription) {
          this._argsDescription = argsDescription;
        }
        return this;
      }
      /**
       * Set the summary. Used when listed as subcommand of parent.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      summary(str) {
        if (str === void 0) return this._summary;
        this._summary = str;
        return this;
      }
      /**
       * Set an alias for the command.
       *
       * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
       *
       * @param {string} [alias]
       * @return {(string|Command)}
       */
      alias(alias) {
        if (alias === void 0) return this._aliases[0];
        let command = this;
        if (this.commands.length !== 0 && this.commands[this.commands.length - 1]._executableHandler) {
          command = this.commands[this.commands.length - 1];
        }
        if (alias === command._name)
          throw new Error("Command alias can't be the same as its name");
        const matchingCommand = this.parent?._findCommand(alias);
        if (matchingCommand) {
          const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
          throw new Error(
            `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`
          );
        }
        command._aliases.push(alias);
        return this;
      }
      /**
       * Set aliases for the command.
       *
       * Only the first alias is shown in the auto-generated help.
       *
       * @param {string[]} [aliases]
       * @return {(string[]|Command)}
       */
      aliases(aliases) {
        if (aliases === void 0) return this._aliases;
        aliases.forEach((alias) => this.alias(alias));
        return this;
      }
      /**
       * Set / get the command usage `str`.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      usage(str) {
        if (str === void 0) {
          if (this._usage) return this._usage;
          const args = this.registeredArguments.map((arg) => {
            return humanReadableArgName(arg);
          });
          return [].concat(
            this.options.length || this._helpOption !== null ? "[options]" : [],
            this.commands.length ? "[command]" : [],
            this.registeredArguments.length ? args : []
          ).join(" ");
        }
        this._usage = str;
        return this;
      }
      /**
       * Get or set the name of the command.
       *
       * @param {string} [str]
       * @return {(string|Command)}
       */
      name(str) {
        if (str === void 0) return this._name;
        this._name = str;
        return this;
      }
      /**
       * Set/get the help group heading for this subcommand in parent command's help.
       *
       * @param {string} [heading]
       * @return {Command | string}
       */
      helpGroup(heading) {
        if (heading === void 0) return this._helpGroupHeading ?? "";
        this._helpGroupHeading = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for subcommands added to this command.
       * (This does not override a group set directly on the subcommand using .helpGroup().)
       *
       * @example
       * program.commandsGroup('Development Commands:);
       * program.command('watch')...
       * program.command('lint')...
       * ...
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      commandsGroup(heading) {
        if (heading === void 0) return this._defaultCommandGroup ?? "";
        this._defaultCommandGroup = heading;
        return this;
      }
      /**
       * Set/get the default help group heading for options added to this command.
       * (This does not override a group set directly on the option using .helpGroup().)
       *
       * @example
       * program
       *   .optionsGroup('Development Options:')
       *   .option('-d, --debug', 'output extra debugging')
       *   .option('-p, --profile', 'output profiling information')
       *
       * @param {string} [heading]
       * @returns {Command | string}
       */
      optionsGroup(heading) {
        if (heading === void 0) return this._defaultOptionGroup ?? "";
        this._defaultOptionGroup = heading;
        return this;
      }
      /**
       * @param {Option} option
       * @private
       */
      _initOptionGroup(option) {
        if (this._defaultOptionGroup && !option.helpGroupHeading)
          option.helpGroup(this._defaultOptionGroup);
      }
      /**
       * @param {Command} cmd
       * @private
       */
      _initCommandGroup(cmd) {
        if (this._defaultCommandGroup && !cmd.helpGroup())
          cmd.helpGroup(this._defaultCommandGroup);
      }
      /**
       * Set the name of the command from script filename, such as process.argv[1],
       * or require.main.filename, or __filename.
       *
       * (Used internally and public although not documented in README.)
       *
       * @example
       * program.nameFromFilename(require.main.filename);
       *
       * @param {string} filename
       * @return {Command}
       */
      nameFromFilename(filename) {
        this._name = path23.basename(filename, path23.extname(filename));
        return this;
      }
      /**
       * Get or set the directory for searching for executable subcommands of this command.
       *
       * @example
       * program.executableDir(__dirname);
       * // or
       * program.executableDir('subcommands');
       *
       * @param {string} [path]
       * @return {(string|null|Command)}
       */
      executableDir(path24) {
        if (path24 === void 0) return this._executableDir;
        this._executableDir = path24;
        return this;
      }
      /**
       * Return program help documentation.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
       * @return {string}
       */
      helpInformation(contextOptions) {
        const helper = this.createHelp();
        const context2 = this._getOutputContext(contextOptions);
        helper.prepareContext({
          error: context2.error,
          helpWidth: context2.helpWidth,
          outputHasColors: context2.hasColors
        });
        const text = helper.formatHelp(this, helper);
        if (context2.hasColors) return text;
        return this._outputConfiguration.stripColor(text);
      }
      /**
       * @typedef HelpContext
       * @type {object}
       * @property {boolean} error
       * @property {number} helpWidth
       * @property {boolean} hasColors
       * @property {function} write - includes stripColor if needed
       *
       * @returns {HelpContext}
       * @private
       */
      _getOutputContext(contextOptions) {
        contextOptions = contextOptions || {};
        const error = !!contextOptions.error;
        let baseWrite;
        let hasColors;
        let helpWidth;
        if (error) {
          baseWrite = (str) => this._outputConfiguration.writeErr(str);
          hasColors = this._outputConfiguration.getErrHasColors();
          helpWidth = this._outputConfiguration.getErrHelpWidth();
        } else {
          baseWrite = (str) => this._outputConfiguration.writeOut(str);
          hasColors = this._outputConfiguration.getOutHasColors();
          helpWidth = this._outputConfiguration.getOutHelpWidth();
        }
        const write = (str) => {
          if (!hasColors) str = this._outputConfiguration.stripColor(str);
          return baseWrite(str);
        };
        return { error, write, hasColors, helpWidth };
      }
      /**
       * Output help information for this command.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      outputHelp(contextOptions) {
        let deprecatedCallback;
        if (typeof contextOptions === "function") {
          deprecatedCallback = contextOptions;
          contextOptions = void 0;
        }
        const outputContext = this._getOutputContext(contextOptions);
        const eventContext = {
          error: outputContext.error,
          write: outputContext.write,
          command: this
        };
        this._getCommandAndAncestors().reverse().forEach((command) => command.emit("beforeAllHelp", eventContext));
        this.emit("beforeHelp", eventContext);
        let helpInformation = this.helpInformation({ error: outputContext.error });
        if (deprecatedCallback) {
          helpInformation = deprecatedCallback(helpInformation);
          if (typeof helpInformation !== "string" && !Buffer.isBuffer(helpInformation)) {
            throw new Error("outputHelp callback must return a string or a Buffer");
          }
        }
        outputContext.write(helpInformation);
        if (this._getHelpOption()?.long) {
          this.emit(this._getHelpOption().long);
        }
        this.emit("afterHelp", eventContext);
        this._getCommandAndAncestors().forEach(
          (command) => command.emit("afterAllHelp", eventContext)
        );
      }
      /**
       * You can pass in flags and a description to customise the built-in help option.
       * Pass in false to disable the built-in help option.
       *
       * @example
       * program.helpOption('-?, --help' 'show help'); // customise
       * program.helpOption(false); // disable
       *
       * @param {(string | boolean)} flags
       * @param {string} [description]
       * @return {Command} `this` command for chaining
       */
      helpOption(flags, description) {
        if (typeof flags === "boolean") {
          if (flags) {
            if (this._helpOption === null) this._helpOption = void 0;
            if (this._defaultOptionGroup) {
              this._initOptionGroup(this._getHelpOption());
            }
          } else {
            this._helpOption = null;
          }
          return this;
        }
        this._helpOption = this.createOption(
          flags ?? "-h, --help",
          description ?? "display help for command"
        );
        if (flags || description) this._initOptionGroup(this._helpOption);
        return this;
      }
      /**
       * Lazy create help option.
       * Returns null if has been disabled with .helpOption(false).
       *
       * @returns {(Option | null)} the help option
       * @package
       */
      _getHelpOption() {
        if (this._helpOption === void 0) {
          this.helpOption(void 0, void 0);
        }
        return this._helpOption;
      }
      /**
       * Supply your own option to use for the built-in help option.
       * This is an alternative to using helpOption() to customise the flags and description etc.
       *
       * @param {Option} option
       * @return {Command} `this` command for chaining
       */
      addHelpOption(option) {
        this._helpOption = option;
        this._initOptionGroup(option);
        return this;
      }
      /**
       * Output help information and exit.
       *
       * Outputs built-in help, and custom text added using `.addHelpText()`.
       *
       * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
       */
      help(contextOptions) {
        this.outputHelp(contextOptions);
        let exitCode = Number(process2.exitCode ?? 0);
        if (exitCode === 0 && contextOptions && typeof contextOptions !== "function" && contextOptions.error) {
          exitCode = 1;
        }
        this._exit(exitCode, "commander.help", "(outputHelp)");
      }
      /**
       * // Do a little typing to coordinate emit and listener for the help text events.
       * @typedef HelpTextEventContext
       * @type {object}
       * @property {boolean} error
       * @property {Command} command
       * @property {function} write
       */
      /**
       * Add additional text to be displayed with the built-in help.
       *
       * Position is 'before' or 'after' to affect just this command,
       * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
       *
       * @param {string} position - before or after built-in help
       * @param {(string | Function)} text - string to add, or a function returning a string
       * @return {Command} `this` command for chaining
       */
      addHelpText(position, text) {
        const allowedValues = ["beforeAll", "before", "after", "afterAll"];
        if (!allowedValues.includes(position)) {
          throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
        }
        const helpEvent = `${position}Help`;
        this.on(helpEvent, (context2) => {
          let helpStr;
          if (typeof text === "function") {
            helpStr = text({ error: context2.error, command: context2.command });
          } else {
            helpStr = text;
          }
          if (helpStr) {
            context2.write(`${helpStr}
`);
          }
        });
        return this;
      }
      /**
       * Output help information if help flags specified
       *
       * @param {Array} args - array of options to search for help flags
       * @private
       */
      _outputHelpIfRequested(args) {
        const helpOption = this._getHelpOption();
        const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
        if (helpRequested) {
          this.outputHelp();
          this._exit(0, "commander.helpDisplayed", "(outputHelp)");
        }
      }
    };
    function incrementNodeInspectorPort(args) {
      return args.map((arg) => {
        if (!arg.startsWith("--inspect")) {
          return arg;
        }
        let debugOption;
        let debugHost = "127.0.0.1";
        let debugPort = "9229";
        let match;
        if ((match = arg.match(/^(--inspect(-brk)?)$/)) !== null) {
          debugOption = match[1];
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null) {
          debugOption = match[1];
          if (/^\d+$/.test(match[3])) {
            debugPort = match[3];
          } else {
            debugHost = match[3];
          }
        } else if ((match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null) {
          debugOption = match[1];
          debugHost = match[3];
          debugPort = match[4];
        }
        if (debugOption && debugPort !== "0") {
          return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
        }
        return arg;
      });
    }
    function useColor() {
      if (process2.env.NO_COLOR || process2.env.FORCE_COLOR === "0" || process2.env.FORCE_COLOR === "false")
        return false;
      if (process2.env.FORCE_COLOR || process2.env.CLICOLOR_FORCE !== void 0)
        return true;
      return void 0;
    }
    exports.Command = Command2;
    exports.useColor = useColor;
  }
});

// node_modules/commander/index.js
var require_commander = __commonJS({
  "node_modules/commander/index.js"(exports) {
    var { Argument: Argument2 } = require_argument();
    var { Command: Command2 } = require_command();
    var { CommanderError: CommanderError2, InvalidArgumentError: InvalidArgumentError2 } = require_error();
    var { Help: Help2 } = require_help();
    var { Option: Option2 } = require_option();
    exports.program = new Command2();
    exports.createCommand = (name) => new Command2(name);
    exports.createOption = (flags, description) => new Option2(flags, description);
    exports.createArgument = (name, description) => new Argument2(name, description);
    exports.Command = Command2;
    exports.Option = Option2;
    exports.Argument = Argument2;
    exports.Help = Help2;
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
    exports.InvalidOptionArgumentError = InvalidArgumentError2;
  }
});

// src/cli/closed-pipe.ts
function endQuietlyOnClosedPipe(streams = [process.stdout, process.stderr]) {
  let closed = false;
  const onError = (error) => {
    if (closed) return;
    if (error.code !== "EPIPE") throw error;
    closed = true;
    process.on("exit", () => void (process.exitCode = 0));
    process.on("SIGHUP", () => void 0);
    if (process.listenerCount("SIGHUP") > 1) process.emit("SIGHUP", "SIGHUP");
    else process.exit(0);
  };
  for (const stream of streams) stream.on("error", onError);
}

// node_modules/commander/esm.mjs
var import_index = __toESM(require_commander(), 1);
var {
  program,
  createCommand,
  createArgument,
  createOption,
  CommanderError,
  InvalidArgumentError,
  InvalidOptionArgumentError,
  // deprecated old name
  Command,
  Argument,
  Option,
  Help
} = import_index.default;

// src/cli/terminal-commands.ts
var TERMINAL_FORMS = [
  [/\/loopkit:auto-loop --takeover\b/g, "loopkit run --takeover"],
  [/\/loopkit:auto-loop <goal> --verify <cmd>/g, "loopkit run <goal> --verify <cmd>"],
  // An example start: "e.g. /loopkit:auto-loop make the tests pass --verify npm test", "/loopkit:repeat 5m /test".
  [/\/loopkit:auto-loop (?=[a-z][^()]* --verify )/g, "loopkit run "],
  [/\/loopkit:repeat (?=\d+[hms]\b)/g, "loopkit repeat "],
  [/\/loopkit:(repeat|auto-loop) --(status|cancel|help)\b/g, "loopkit $1 --$2"]
];
function forTerminal(text, command) {
  const own = command === "run" ? text.replace(/\/loopkit:auto-loop --help\b/g, "loopkit run --help") : text;
  return TERMINAL_FORMS.reduce((out, [form, terminal]) => out.replace(form, terminal), own);
}
function messagePrinter(print, inTerminal) {
  return inTerminal ? (text) => print(forTerminal(text)) : print;
}

// src/cli/report-error.ts
function reportError(error, io2, terminalCommand) {
  const message = formatError(error);
  io2.stderr(`loopkit: ${terminalCommand === void 0 ? message : forTerminal(message, terminalCommand)}
`);
  return exitCodeOf(error);
}
function exitCodeOf(error) {
  if (isLoopkitError(error, "USAGE") || isLoopkitError(error, "NO_SESSION")) return EXIT.usage;
  if (isLoopkitError(error, "NO_LOOP") || isLoopkitError(error, "NO_CHECKPOINT")) return EXIT.noLoop;
  return EXIT.error;
}

// src/cli/auto-loop-command.ts
import { existsSync as existsSync3 } from "node:fs";
import path8 from "node:path";

// src/auto-loop/project/goal-file.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var DEFAULT_GOAL_FILE = "goal.md";
var KEYS = [
  "verify",
  "max-iterations",
  "max-tokens",
  "max-wallclock",
  "restart-pct",
  "protect",
  "test-report",
  "allow-removed-tests",
  "allow-test-edits",
  "no-progress-limit"
];
function parseGoalFile(text, name) {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fields = /* @__PURE__ */ new Map();
  const protect = [];
  let bodyStart = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
    if (end === -1) throw invalid(name, "its front matter starts with --- but never ends with a --- line");
    for (const [offset, line] of lines.slice(1, end).entries()) {
      if (line.trim() === "" || line.trim().startsWith("#")) continue;
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line.trim());
      const key = match?.[1]?.toLowerCase();
      if (!match || !key || !KEYS.includes(key)) {
        throw invalid(name, `line ${offset + 2} is not one of ${KEYS.map((k) => `${k}:`).join(", ")}`);
      }
      if (fields.has(key)) throw invalid(name, `${key} is given twice`);
      const value = unquote(match[2].trim());
      if (value === "") throw invalid(name, `${key} is empty`);
      if (key === "protect") protect.push(checkProtectGlob(value, `goal file ${name}: protect:`));
      else fields.set(key, value);
    }
    bodyStart = end + 1;
  }
  const goal = lines.slice(bodyStart).join("\n").trim();
  if (goal === "") throw invalid(name, "it holds no goal text");
  const caps = parseCaps((flag) => fields.get(flag.slice(2)));
  const verify = fields.get("verify");
  const allow = fields.get("allow-removed-tests");
  const allowEdits = fields.get("allow-test-edits");
  return {
    goal,
    verify: verify === void 0 ? null : checkVerifyCommand(verify, `goal file ${name}: verify:`),
    caps,
    protect,
    testReport: checkTestReport(fields.get("test-report"), `goal file ${name}: test-report:`),
    allowRemovedTests: allow === void 0 || /^(no|false)$/i.test(allow) ? null : allow,
    allowTestEdits: allowEdits === void 0 || /^(no|false)$/i.test(allowEdits) ? null : allowEdits,
    noProgressLimit: parseNoProgressLimit(fields.get("no-progress-limit"), `goal file ${name}: no-progress-limit:`)
  };
}
async function readGoalFile(projectDir, file, named = false) {
  const full = path.resolve(projectDir, file);
  let real;
  try {
    real = await fs.realpath(full);
  } catch {
    if (named)
      throw new LoopkitError("FILE_NOT_FOUND", `goal file ${full} does not exist`, {
        value: full,
        hint: "check the path: a relative --goal-file starts at the project root"
      });
    throw new LoopkitError("USAGE", `no goal given and no goal file at ${full}`, {
      value: full,
      hint: "type the goal inline (/loopkit:auto-loop <goal> --verify <cmd>) or write it to goal.md"
    });
  }
  if (inside(projectDir, full) && !inside(await fs.realpath(projectDir), real))
    throw invalid(full, `it resolves to ${real}, outside the project`);
  const read = await readRegularFile(real, MAX_GOAL_BYTES + 1);
  if (!read) throw invalid(full, "it is not a regular file");
  if (read.size > MAX_GOAL_BYTES) throw invalid(full, `it is larger than ${MAX_GOAL_BYTES / 1024} KB`);
  return { ...parseGoalFile(read.bytes.toString("utf8"), full), path: full };
}
var inside = (dir, file) => {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
};
function unquote(value) {
  const quote = value[0];
  return value.length >= 2 && (quote === '"' || quote === "'") && value.endsWith(quote) ? value.slice(1, -1) : value;
}
function invalid(name, why) {
  return new LoopkitError("USAGE", `goal file ${name} is not valid: ${why}`, {
    value: name,
    hint: "see skills/auto-loop/references/goal-spec-format.md"
  });
}

// src/auto-loop/lifecycle/cancel.ts
async function cancelLoop(dataDir, projectDir, now) {
  const files = loopFiles(dataDir, projectDir);
  return withLock(files.state, async () => {
    const state = await loadState(files.state, now);
    if (state?.status !== "pursuing") {
      throw new LoopkitError("NO_LOOP", `no running auto-loop in ${projectDir}${state ? ` (the last one is ${state.status})` : ""}`, {
        hint: "see /loopkit:auto-loop --status"
      });
    }
    const cancelled = cancelState(state, now);
    await persist(files, cancelled.state, cancelled.history, now);
    const stops = state.session_id.startsWith("codex-") ? "The running --codex command clears the Codex goal and stops Codex within a few seconds" : `Session ${state.session_id} stops at its next Stop`;
    return `auto-loop cancelled after ${state.iteration} iteration(s). ${stops}; the working tree is left exactly as it is.
`;
  });
}

// src/auto-loop/lifecycle/unpause.ts
async function resumePausedLoop(ctx) {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  return withLock(files.state, async () => {
    const state = await loadState(files.state, ctx.now);
    if (!state || state.status !== "pursuing")
      throw new LoopkitError("NO_LOOP", `no running auto-loop in ${ctx.projectDir}${state ? ` (the last one is ${state.status})` : ""}`, {
        hint: "see /loopkit:auto-loop --status"
      });
    if (state.session_id !== ctx.sessionId)
      throw new LoopkitError("USAGE", `the auto-loop in ${ctx.projectDir} belongs to session ${state.session_id}`, {
        hint: "type --resume in that session, or continue the loop here with /loopkit:auto-loop --takeover once its session is gone"
      });
    if (!isPaused(state))
      throw new LoopkitError("USAGE", "the auto-loop is not paused: it goes on by itself", { hint: "see /loopkit:auto-loop --status" });
    const step = unpauseState(state, ctx.now);
    const saved = await persist(files, step.state, step.history, ctx.now);
    return resumePrompt(saved, step.pause.words);
  });
}

// src/auto-loop/help.ts
var AUTO_LOOP_HELP = `Usage: /loopkit:auto-loop <goal> --verify <cmd> [caps]
       /loopkit:auto-loop --goal-file <path> [caps]
       /loopkit:auto-loop                           start from goal.md (without one: a usage error)
       /loopkit:auto-loop --status [--json] | --cancel | --resume | --takeover | --help
       loopkit auto-loop --status [--json] | --cancel [--project <dir>]

Keeps this session working on a goal until it is proven: the verifier passes twice in a row and an
independent, read-only audit (a fresh claude -p) votes "achieved". Hard caps always apply, checked
between turns: a turn runs to its end, then one last turn asks for a hand-off note, so tokens and
time can end past --max-tokens and --max-wallclock.

  <goal>                  what to achieve, in plain words
  --verify <cmd>          the command that proves it (exit 0 = pass); takes every word up to the next
                          loopkit option; runs through the platform's shell in the project root
  --goal-file <path>      the goal (and optionally verifier and caps) from Markdown (default goal.md
                          when no goal is given)
  --max-iterations N      judged turns (default 40)
  --max-tokens T          tokens of this session plus the audits; 500k, 2M work (default 2000000)
  --max-wallclock D       wall-clock time since the start: 30m, 2h, 4h30m (default 4h)
                          (both caps are checked between turns: a turn may run past them)
  --restart-pct N         context fill at which a hand-off note is asked for (default 70)
  --protect <glob>        files the agent must not change, e.g. "test/**" (repeatable)
  --test-report <path>    a JUnit XML or TAP file the verifier writes (default: its output is read)
  --no-progress-limit N   judged turns without fewer failing tests before it ends no-progress (default 8)
  --takeover              continue this project's loop whose session is gone (heartbeat stale),
                          or, with a goal, replace it
  --codex                 hand the goal to OpenAI Codex's goal mode, gated by the same verifier
  --new-baseline          judge from the project as it is now; without it, a loop started after
                          one that ended without "achieved" judges from that loop's baseline
  --status                the project's loop: status, iteration, tokens, time, last verdicts
  --json                  with --status: the same as one JSON object (schemas/auto-loop-status.schema.json)
  --cancel                stop the loop at its next Stop; files are left as they are
  --resume                go on with a loop paused for you (what you typed while it ran, or the
                          agent's question for you, pauses it); what you wrote goes into its next
                          prompt; typed by you in the loop's session, never from a terminal
  -h, --help              this text
  --                      the rest is the goal, flags and all (--verify's command keeps a -- of its own)

From a terminal (the skill passes these itself):
  --project <dir>         the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>     loopkit's data folder (default: the one that holds loopkit state)

Examples:
  /loopkit:auto-loop make the parser accept trailing commas --verify npm test
  /loopkit:auto-loop "fix the login redirect" --verify "npm test && npm run lint" --max-iterations 15
  /loopkit:auto-loop --goal-file docs/goal.md --max-wallclock 2h
  loopkit auto-loop --status --project ~/src/app
  loopkit run <goal> --verify <cmd>    the same loop headless, one fresh claude -p per phase

Exit codes from a terminal: 0 done (--status: achieved), 1 error, 2 usage error, --status: 3 pursuing,
4 unmet, 5 blocked or paused, 6 budget-limited, 7 cancelled, 8 no loop (also a --cancel with nothing
to cancel), 9 no-progress.
Inside Claude Code, --status and --cancel exit 0. An option given twice (but --protect) is a usage
error, and so is --help with anything else. Every rule: skills/auto-loop/references/usage.md.
`;

// src/sandbox/fail-if-unavailable.ts
import { readFile } from "node:fs/promises";
import path2 from "node:path";
async function settingsFlagOf(argv, cwd) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg === "--settings" ? argv[i + 1] : arg.startsWith("--settings=") ? arg.slice("--settings=".length) : void 0;
    if (value === void 0) continue;
    return value.trimStart().startsWith("{") ? value : readFile(path2.resolve(cwd, value), "utf8").catch(() => null);
  }
  return null;
}
async function commandLineOf(pid2) {
  if (!pid2 || process.platform !== "linux") return [];
  return (await readFile(`/proc/${pid2}/cmdline`, "utf8").catch(() => "")).split("\0").filter(Boolean);
}
var says = (settings) => settings?.sandbox?.failIfUnavailable === true;
async function sessionFailIfUnavailable(env, projectDir, claudePid) {
  if ((await personSandbox(env)).failIfUnavailable) return true;
  const project = await Promise.all(
    ["settings.json", "settings.local.json"].map((name) => readSettingsFile(path2.join(projectDir, ".claude", name)))
  );
  if (project.some(says)) return true;
  const flag = await settingsFlagOf(await commandLineOf(claudePid), projectDir);
  if (flag === null) return false;
  try {
    return says(settingsOf(JSON.parse(flag)));
  } catch {
    return false;
  }
}

// src/auto-loop/lifecycle/start.ts
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";

// src/shared/parent-watch.ts
var POLL_MS = 200;
var parentAtStart = null;
function endWithParent() {
  parentAtStart = process.ppid;
  const timer = setInterval(() => {
    if (!parentGone()) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
var parentGone = () => parentAtStart !== null && process.ppid !== parentAtStart;
function checkParentWaits() {
  if (parentGone())
    throw new LoopkitError("NO_HOOK", "the hook that ran this command was ended before the start finished: nothing was started", {
      hint: "type the command again"
    });
}

// src/auto-loop/core/restart-contract.ts
function earlierLoop(last, newBaseline) {
  return last && last.status !== "achieved" && !newBaseline ? last : void 0;
}
function keptContract(requested, earlier) {
  if (!earlier) return { contract: requested, note: null };
  const contract = {
    verify: earlier.verify_command,
    report: earlier.test_results.report,
    allowRemovedTests: earlier.test_results.allow_removed_tests,
    allowTestEdits: earlier.test_results.allow_test_edits ?? null,
    protect: [.../* @__PURE__ */ new Set([...earlier.protect.globs, ...requested.protect])]
  };
  const dropped = earlier.protect.globs.filter((glob) => !requested.protect.includes(glob));
  const changes = [
    ...requested.verify !== contract.verify ? [`the verifier \`${requested.verify}\` (it stays \`${contract.verify}\`)`] : [],
    ...requested.report !== contract.report ? [`the test report ${shown(requested.report)} (it stays ${shown(contract.report)})`] : [],
    ...requested.allowRemovedTests !== contract.allowRemovedTests ? [`allow-removed-tests ${shown(requested.allowRemovedTests)} (it stays ${shown(contract.allowRemovedTests)})`] : [],
    ...requested.allowTestEdits !== contract.allowTestEdits ? [`allow-test-edits ${shown(requested.allowTestEdits)} (it stays ${shown(contract.allowTestEdits)})`] : [],
    ...dropped.length ? [`protect without ${dropped.join(", ")} (still protected)`] : []
  ];
  if (changes.length === 0) return { contract, note: null };
  return {
    contract,
    note: `A restart keeps the contract of loop ${earlier.loop_id}'s start, so these changes did not take effect: ${changes.join("; ")}. If you made them, start again with --new-baseline to take them (the audit then judges from the project as it is now).`
  };
}
var shown = (value) => value === null ? "none" : `"${value}"`;

// src/auto-loop/lifecycle/start.ts
var START_SNAPSHOT_MS = 9e4;
async function startLoop(ctx, request) {
  const { goal, goalFile, verify, caps, protect, testReport, allowRemovedTests, allowTestEdits, noProgressLimit } = await resolveGoal(
    ctx.projectDir,
    request
  );
  const launch = captureLaunch(ctx.env, ctx.projectDir);
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  await endOrphanedRuns();
  return withLock(files.state, async () => {
    await refuseIfSessionBusy(ctx);
    const existing = await loadOrSetAside(files, ctx.now);
    const previous = existing.state?.status === "pursuing" ? existing.state : void 0;
    if (previous) checkOwnership(ctx, previous, request.takeover);
    const earlier = earlierLoop(existing.state, request.newBaseline === true);
    const kept = keptContract({ verify, report: testReport, allowRemovedTests, allowTestEdits, protect }, earlier);
    const { contract } = kept;
    const ownTests = await baselineTests(ctx, { ...contract, launch, noProgressLimit });
    const started = await takeSnapshot({ dataDir: ctx.dataDir, projectDir: ctx.projectDir, deadline: deadlineIn(START_SNAPSHOT_MS) });
    const protectedNow = protectedFiles(started.stats, contract.protect);
    const snapshot = earlier ? keptProtectedFiles(protectedNow, earlier.protect) : protectedNow;
    checkParentWaits();
    const notes = [...started.notes];
    if (!(existing.state && await mirrorIsOurs(ctx.projectDir, existing.state.mirror_sha256))) {
      const aside = await keepForeignAside(ctx.projectDir, ctx.now);
      if (aside) notes.push(`A .auto-loop/ folder that loopkit did not write here was moved to ${aside}; none of its contents were used.`);
    }
    if (previous) {
      const replaced = replacedState(previous, ctx.sessionId, ctx.now);
      await persist(files, replaced.state, replaced.history, ctx.now);
      await removeSessionMarker(ctx.dataDir, previous.session_id, previous.loop_id);
      notes.push(`The previous loop of session ${previous.session_id} was taken over and ended.`);
    }
    if (existing.corrupt) notes.push(existing.corrupt);
    const baseline = decideBaseline(existing.state, await loadPreviousStart(files.dir, ctx.now), request.newBaseline === true);
    notes.push(baseline.line, ...kept.note ? [kept.note] : []);
    const carried = carriedTestBaseline(ownTests, earlier);
    const testResults = carried.tests;
    notes.push(baselineLine(testResults), ...carried.note ? [carried.note] : []);
    const editsAllowed = allowTestEditsLine(testResults);
    if (editsAllowed) notes.push(editsAllowed);
    const { state, history } = startState(
      {
        loopId: randomUUID(),
        sessionId: ctx.sessionId,
        projectDir: ctx.projectDir,
        goal,
        goalFile,
        verify: contract.verify,
        caps,
        launch,
        agentSandbox: ctx.agentSandbox,
        protect: { globs: contract.protect, snapshot },
        treeHash: snapshotFingerprint(started.snapshot),
        testResults
      },
      ctx.now
    );
    checkParentWaits();
    await saveStartEvidence(files.dir, {
      loopId: state.loop_id,
      startedAt: state.started_at,
      snapshot: started.snapshot,
      judgedFrom: baseline.judgedFrom
    });
    await removeProbe(probeFile(files.state));
    const saved = await persist(files, state, history, ctx.now);
    await writeMarker(ctx.dataDir, saved, files, ctx.now);
    return startPrompt(saved, notes);
  });
}
async function takeOverLoop(ctx) {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  return withLock(files.state, async () => {
    await refuseIfSessionBusy(ctx);
    const existing = (await loadOrSetAside(files, ctx.now)).state;
    if (existing?.status !== "pursuing") {
      throw new LoopkitError("NO_LOOP", "there is no running auto-loop in this project to take over", {
        hint: "start one with /loopkit:auto-loop <goal> --verify <cmd>"
      });
    }
    checkOwnership(ctx, existing, true);
    const previousSession = existing.session_id;
    const adopted = takeOverState(existing, ctx.sessionId, ctx.agentSandbox, ctx.now);
    await removeProbe(probeFile(files.state));
    const saved = await persist(files, adopted.state, adopted.history, ctx.now);
    await removeSessionMarker(ctx.dataDir, previousSession, existing.loop_id);
    await writeMarker(ctx.dataDir, saved, files, ctx.now);
    return startPrompt(saved, [
      `This session took the loop over from session ${previousSession} after ${existing.iteration} iteration(s). Next: ${existing.next_action}`
    ]);
  });
}
async function resolveGoal(projectDir, request) {
  const fromFile = request.goal === null ? await readGoalFile(projectDir, request.goalFile ?? DEFAULT_GOAL_FILE, request.goalFile !== null) : null;
  const verify = request.verify ?? fromFile?.verify ?? null;
  if (!verify) {
    throw new LoopkitError("USAGE", "no verifier command: the loop needs one to prove the goal", {
      hint: 'add --verify "<command that exits 0 when the goal is met>", or a verify: line in the goal file'
    });
  }
  return {
    goal: request.goal ?? fromFile.goal,
    goalFile: fromFile?.path ?? null,
    verify,
    caps: resolveCaps(request.caps, fromFile?.caps ?? {}),
    protect: checkProtectCount([.../* @__PURE__ */ new Set([...fromFile?.protect ?? [], ...request.protect])]),
    testReport: request.testReport ?? fromFile?.testReport ?? null,
    allowRemovedTests: fromFile?.allowRemovedTests ?? null,
    allowTestEdits: fromFile?.allowTestEdits ?? null,
    noProgressLimit: request.noProgressLimit ?? fromFile?.noProgressLimit ?? DEFAULT_NO_PROGRESS_LIMIT
  };
}
var START_BASELINE_MS = 6e4;
async function baselineTests(ctx, loop) {
  const timeoutMs = Math.min(loop.launch.verifier_timeout_ms, START_BASELINE_MS);
  const run3 = await runAndReadTests(loop.verify, ctx.projectDir, loop.report, timeoutMs, launchEnv(loop.launch, ctx.env), {
    sandbox: ctx.agentSandbox ?? loop.launch.agent_sandbox
  });
  const why = cannotRun(run3.outcome);
  if (why)
    throw new LoopkitError("VERIFIER_CANNOT_RUN", `the verifier \`${loop.verify}\` cannot run: ${why}; no loop was started`, {
      value: loop.verify,
      hint: "fix the verifier command (for npm, `npm run` lists the scripts), then start the loop again"
    });
  const note = run3.results ? null : run3.outcome.timedOut ? `the verifier did not finish within ${formatDuration(timeoutMs)} at the start, so loopkit has no baseline (a pass still needs at least one test to run where loopkit reads the runner)` : `${run3.unread}; the end of its output: ${JSON.stringify(run3.outcome.outputTail.trim().slice(-300))}`;
  return {
    report: loop.report,
    allow_removed_tests: loop.allowRemovedTests,
    allow_test_edits: loop.allowTestEdits,
    no_progress_limit: loop.noProgressLimit,
    baseline: run3.results && baselineOf(run3.results),
    baseline_note: note,
    trend: run3.results ? [{ iteration: 0, passed: run3.results.passed, failed: run3.results.failed }] : [],
    progress_at: 0
  };
}
function checkProtectCount(globs) {
  if (globs.length > PROTECT_LIMITS.globs) {
    throw new LoopkitError("USAGE", `${globs.length} protect globs; a loop takes at most ${PROTECT_LIMITS.globs}`, {
      value: globs.length,
      hint: "protect folders with ** globs instead of file by file"
    });
  }
  return globs;
}
async function refuseIfSessionBusy(ctx) {
  if (existsSync(sessionMarkerPath(ctx.dataDir, ctx.sessionId))) {
    throw new LoopkitError("LOOP_ACTIVE", "this session already drives a loop", {
      value: ctx.sessionId,
      hint: "wait for it to end, or cancel it (/loopkit:auto-loop --cancel or /loopkit:repeat --cancel) first"
    });
  }
}
function checkOwnership(ctx, state, takeover) {
  const age = ctx.now.getTime() - Date.parse(state.heartbeat_at);
  const stale = age > ctx.staleMs;
  if (stale && takeover) return;
  if (state.session_id === ctx.sessionId) return;
  const owner = `session ${state.session_id} (last heartbeat ${formatDuration(age)} ago)`;
  throw new LoopkitError("LOOP_ACTIVE", `an auto-loop is already running in this project, owned by ${owner}`, {
    value: state.session_id,
    hint: stale ? "its heartbeat is stale: run /loopkit:auto-loop --takeover to continue it here, or add --takeover to a new goal to replace it" : `cancel it with /loopkit:auto-loop --cancel, or once its heartbeat is older than ${formatDuration(ctx.staleMs)}, take it over with --takeover`
  });
}
async function loadOrSetAside(files, now) {
  try {
    return { state: await loadState(files.state, now), corrupt: null };
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return { state: void 0, corrupt: `loopkit's previous state for this project was corrupt: ${error.message}.` };
  }
}

// src/codex/auto-loop-run.ts
import { spawn } from "node:child_process";
import { randomUUID as randomUUID2 } from "node:crypto";
import path3 from "node:path";

// src/codex/app-server-client.ts
import readline from "node:readline";

// src/codex/protocol.ts
var RequestId = union([number(), string()]);
var ResponseMessageSchema = looseObject({
  id: RequestId,
  result: unknown().optional(),
  error: looseObject({ code: number(), message: string(), data: unknown().optional() }).optional()
});
var ServerRequestSchema = looseObject({ id: RequestId, method: string(), params: unknown().optional() });
var NotificationSchema = looseObject({ method: string(), params: unknown().optional() });
var InitializeResultSchema = looseObject({ userAgent: string() });
var AccountReadResultSchema = looseObject({
  account: looseObject({ type: string() }).nullable(),
  requiresOpenaiAuth: boolean()
});
var ConfigReadResultSchema = looseObject({
  config: looseObject({
    model_provider: string().nullish(),
    model_providers: record(string(), looseObject({ env_key: string().nullish() })).nullish()
  })
});
var ThreadStartResultSchema = looseObject({
  thread: looseObject({ id: string().min(1) }),
  model: string()
});
var GoalStatusSchema = _enum(["active", "paused", "blocked", "usageLimited", "budgetLimited", "complete"]);
var GoalSchema = looseObject({
  threadId: string(),
  objective: string(),
  status: GoalStatusSchema,
  tokenBudget: number().nullable(),
  tokensUsed: number().nonnegative(),
  timeUsedSeconds: number().nonnegative()
});
var GoalSetResultSchema = looseObject({ goal: GoalSchema });
var GoalClearResultSchema = looseObject({ cleared: boolean() });
var GoalUpdatedParamsSchema = looseObject({
  threadId: string(),
  turnId: string().nullable(),
  goal: GoalSchema
});
var TurnStartedParamsSchema = looseObject({ threadId: string(), turn: looseObject({ id: string() }) });
var TurnErrorSchema = looseObject({ message: string() });
var TurnCompletedParamsSchema = looseObject({
  threadId: string(),
  turn: looseObject({
    id: string(),
    status: _enum(["completed", "interrupted", "failed", "inProgress"]),
    error: TurnErrorSchema.nullable()
  })
});
var ErrorParamsSchema = looseObject({
  error: TurnErrorSchema,
  willRetry: boolean(),
  threadId: string()
});

// src/codex/app-server-client.ts
var CODEX_BY_HAND = "run `codex app-server` by hand to see what stops it; `codex login status` shows the login";
var STDERR_TAIL_CHARS = 4e3;
var AppServerClient = class _AppServerClient {
  /** Resolves once the server process has exited, however it ended. */
  exit;
  child;
  pending = /* @__PURE__ */ new Map();
  listeners = /* @__PURE__ */ new Set();
  requestTimeoutMs;
  nextId = 1;
  exited = false;
  stderr = "";
  constructor(options) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 3e4;
    this.child = execa(options.bin, ["app-server"], {
      cwd: options.cwd,
      env: options.env,
      extendEnv: false,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      detached: true
    });
    this.child.stdin?.on("error", () => void 0);
    this.child.stderr?.on("data", (chunk) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    readline.createInterface({ input: this.child.stdout }).on("line", (line) => this.handleLine(line));
    this.exit = this.child.then(
      (result) => this.handleExit({ exitCode: result.exitCode, signal: result.signal }),
      () => this.handleExit({ exitCode: void 0, signal: void 0 })
    );
  }
  static start(options) {
    return new _AppServerClient(options);
  }
  /** Sends a request and validates its result; rejects on an error reply, a bad shape, exit or timeout. */
  request(method, params, schema, timeoutMs = this.requestTimeoutMs) {
    if (this.exited) return Promise.reject(this.exitedError(method));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new LoopkitError("CODEX_PROTOCOL", `codex app-server did not answer ${method} within ${timeoutMs} ms`, {
            value: method,
            hint: CODEX_BY_HAND
          })
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
          hint: "this Codex speaks a protocol loopkit does not know; see codex-delegation.md for the versions loopkit supports"
        }
      );
    });
  }
  notify(method, params) {
    this.send(params === void 0 ? { method } : { method, params });
  }
  /** Subscribes to server notifications; returns the unsubscribe function. */
  onNotification(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** The last few thousand characters the server wrote to stderr (for error messages). */
  stderrTail() {
    return this.stderr;
  }
  /** Clean shutdown: closing stdin ends the app-server; it is killed if it lingers past `graceMs`. */
  async close(graceMs = 5e3) {
    this.child.stdin?.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    try {
      return await this.exit;
    } finally {
      clearTimeout(timer);
    }
  }
  /** Kills the server's whole process group at once. */
  kill() {
    if (!this.exited) killGroup(this.child, "SIGKILL");
  }
  send(message) {
    if (!this.exited) this.child.stdin?.write(`${JSON.stringify(message)}
`);
  }
  handleLine(line) {
    let raw;
    try {
      raw = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof raw !== "object" || raw === null) return;
    if ("method" in raw) {
      const request = "id" in raw ? ServerRequestSchema.safeParse(raw) : void 0;
      if (request?.success) {
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
          hint: "see what Codex said; `codex login status` and your Codex configuration are the usual causes"
        })
      );
    } else {
      pending.resolve(response.data.result);
    }
  }
  handleExit(exit) {
    this.exited = true;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(this.exitedError(pending.method));
      this.pending.delete(id);
    }
    return exit;
  }
  exitedError(method) {
    const tail = this.stderr.trim().split("\n").slice(-5).join(" | ");
    return new LoopkitError("CODEX_PROTOCOL", `codex app-server exited before answering ${method}${tail ? `: ${tail}` : ""}`, {
      value: method,
      hint: CODEX_BY_HAND
    });
  }
};

// src/codex/decide.ts
function decideNext(input) {
  if (input.cancelled)
    return { kind: "finish", status: "cancelled", reason: "cancelled (--cancel or an interrupt) while Codex was working" };
  if (input.wallclockExceeded) return { kind: "finish", status: "budget-limited", reason: "the --max-wallclock cap was reached" };
  switch (input.goalStatus) {
    case "active":
      return { kind: "wait" };
    case "complete":
      return afterComplete(input);
    case "budgetLimited":
      return { kind: "finish", status: "budget-limited", reason: "Codex spent the token budget (--max-tokens)" };
    case "usageLimited":
      return { kind: "finish", status: "blocked", reason: "Codex hit the usage limit of its account; try again once it resets" };
    case "blocked":
      return {
        kind: "finish",
        status: "blocked",
        reason: input.lastError ? `Codex stopped the goal as blocked: ${input.lastError}` : "Codex reported the goal blocked"
      };
    case "paused":
      return { kind: "finish", status: "blocked", reason: "the Codex goal was paused outside loopkit" };
  }
}
function afterComplete(input) {
  const gate = gateNext(input.runs, input.audit);
  if (gate.kind !== "verdict") return gate;
  if (gate.achieved) {
    return {
      kind: "finish",
      status: "achieved",
      reason: "Codex reported the goal complete, the verifier passed twice and the audit voted achieved"
    };
  }
  const passedTwice = gate.verdict === "pass";
  if (input.iteration >= input.maxIterations) {
    const still = passedTwice ? `the audit still votes ${input.audit.vote}` : "the verifier still fails";
    return {
      kind: "finish",
      status: "budget-limited",
      reason: `${still} after ${input.iteration} iteration(s) (--max-iterations ${input.maxIterations})`
    };
  }
  if (passedTwice) return { kind: "retry", reason: auditReason(input.audit) };
  const flaky = gate.verdict === "flaky";
  return { kind: "retry", reason: retryReason(input.runs[flaky ? 1 : 0], flaky) };
}
function auditReason(audit) {
  const why = audit.failure ? ` (${audit.failure})` : "";
  const reasons = audit.reasons.length ? `
The audit's reasons:
${audit.reasons.map((reason) => `- ${reason}`).join("\n")}` : "";
  return `You marked the goal complete and loopkit's verifier passed twice, but an independent audit (a fresh Claude Code that read the project and the diff) voted ${audit.vote}${why}. The goal is not done: address every reason.${reasons}`;
}
function retryReason(failed, flaky) {
  const how = failed.breach ? `exited ${failed.exitCode}, which does not count as a pass: ${failed.breach}` : failed.timedOut ? "timed out" : `failed with exit code ${failed.exitCode ?? "none (killed)"}`;
  const lead = flaky ? `You marked the goal complete. loopkit's verifier passed once, then ${how} on the second run (flaky): make it pass reliably.` : `You marked the goal complete, but loopkit's verifier ${how}. The goal is not done.`;
  return `${lead}
End of the verifier's output:
${failed.outputTail.trim() || "(no output)"}`;
}

// src/codex/objective.ts
var MAX_OBJECTIVE_CHARS = 4e3;
var REASON_RESERVE = 1200;
var MAX_VERIFY_COMMAND_CHARS = 1e3;
var MARK = "\n[\u2026cut to fit Codex's objective limit\u2026]\n";
function buildObjective(input) {
  if (input.verifyCommand.length > MAX_VERIFY_COMMAND_CHARS) {
    throw new LoopkitError("USAGE", `the verifier command is too long to hand to Codex (over ${MAX_VERIFY_COMMAND_CHARS} characters)`, {
      hint: "put it in a script and verify with that script"
    });
  }
  const rules = [
    `Done means: the command \`${input.verifyCommand}\` exits 0 in the project folder. When you mark this goal complete,`,
    "loopkit runs that command itself, twice; a claim of completion that it does not confirm comes back to you.",
    `Caps: iteration ${input.iteration} of ${input.maxIterations}, ${input.maxTokens} tokens, ${formatDuration(input.maxWallclockMs)} of wall-clock time.`
  ].join("\n");
  const reasonHeader = "\n\nPrevious attempt:\n";
  const frame = "Goal:\n".length + "\n\n".length + rules.length;
  const reason = input.retryReason?.trim() ?? "";
  const reasonCost = reason ? reasonHeader.length + Math.min(reason.length, REASON_RESERVE) : 0;
  const goal = clipEnd(input.goal.trim(), MAX_OBJECTIVE_CHARS - frame - reasonCost);
  const reasonRoom = MAX_OBJECTIVE_CHARS - frame - goal.length - reasonHeader.length;
  const reasonBlock = reason ? `${reasonHeader}${clipMiddle(reason, reasonRoom)}` : "";
  return `Goal:
${goal}

${rules}${reasonBlock}`;
}
function clipEnd(text, max) {
  return text.length <= max ? text : `${wholeChars(text.slice(0, Math.max(0, max - MARK.length)))}${MARK}`;
}
function clipMiddle(text, max) {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - MARK.length);
  const head = Math.floor(keep / 3);
  return `${wholeChars(text.slice(0, head))}${MARK}${wholeChars(text.slice(text.length - (keep - head)))}`;
}
function wholeChars(text) {
  return text.replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/g, "");
}

// src/codex/version.ts
var MIN_CODEX_VERSION = [0, 128, 0];
var VERSION_LINE = /^codex-cli (\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]*)?$/;
function parseCodexVersion(output) {
  for (const line of output.split(/\r?\n/)) {
    const match = VERSION_LINE.exec(line.trim());
    if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  return void 0;
}
function compareVersions(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
function formatVersion(version) {
  return version.join(".");
}

// src/codex/preflight.ts
var COMMAND_TIMEOUT_MS = 3e4;
var INSTALL = "npm install -g @openai/codex";
function codexBin(env) {
  return env.LOOPKIT_CODEX_BIN || "codex";
}
async function preflightCodex(env) {
  const bin = codexBin(env);
  const run3 = (args) => execa(bin, args, { env, extendEnv: false, reject: false, timeout: COMMAND_TIMEOUT_MS, stdin: "ignore" });
  const versionRun = await run3(["--version"]);
  if (versionRun.exitCode === void 0 || versionRun.exitCode !== 0) {
    throw new LoopkitError("CODEX_UNAVAILABLE", `the Codex CLI could not be run as "${bin}" (${versionRun.shortMessage ?? "no output"})`, {
      value: bin,
      hint: `install it with \`${INSTALL}\`, or set LOOPKIT_CODEX_BIN to its path`
    });
  }
  const version = parseCodexVersion(String(versionRun.stdout));
  if (!version) {
    throw new LoopkitError("CODEX_UNAVAILABLE", `"${bin} --version" did not print a codex-cli version`, {
      value: String(versionRun.stdout).slice(0, 200),
      hint: `install the Codex CLI with \`${INSTALL}\`, or point LOOPKIT_CODEX_BIN at it`
    });
  }
  if (compareVersions(version, MIN_CODEX_VERSION) < 0) {
    throw new LoopkitError(
      "CODEX_TOO_OLD",
      `Codex CLI ${formatVersion(version)} is too old: goal mode needs ${formatVersion(MIN_CODEX_VERSION)} or later`,
      { value: formatVersion(version), hint: `upgrade with \`${INSTALL}@latest\`` }
    );
  }
  const features = await run3(["features", "list"]);
  if (goalsFeatureEnabled(String(features.stdout)) !== true) {
    throw new LoopkitError("CODEX_GOALS_DISABLED", "the Codex goals feature is off in your Codex configuration", {
      hint: "turn it on with `codex features enable goals` (or set `goals = true` under [features] in ~/.codex/config.toml)"
    });
  }
  const login = await run3(["login", "status"]);
  return { bin, version, loggedIn: login.exitCode === 0 };
}
function goalsFeatureEnabled(featuresList) {
  for (const line of featuresList.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== "goals" || fields.length < 3) continue;
    const state = fields[fields.length - 1];
    if (state === "true") return true;
    if (state === "false") return false;
  }
  return void 0;
}
function modelAccessProblem(account, config, env) {
  if (account.account !== null) return void 0;
  if (account.requiresOpenaiAuth) return "Codex is not logged in";
  const providerId = config.config.model_provider ?? "openai";
  const envKey = config.config.model_providers?.[providerId]?.env_key;
  if (envKey && !env[envKey]) return `Codex's model provider "${providerId}" takes its API key from $${envKey}, which is not set`;
  return void 0;
}
async function initialize(client) {
  await client.request(
    "initialize",
    { clientInfo: { name: "loopkit", title: "loopkit", version: "0.1.0" }, capabilities: { experimentalApi: true } },
    InitializeResultSchema
  );
  client.notify("initialized");
}
async function confirmModelAccess(preflight, env, cwd) {
  if (preflight.loggedIn) return;
  const client = AppServerClient.start({ bin: preflight.bin, cwd, env });
  try {
    await initialize(client);
    await checkModelAccess(client, preflight, env);
  } finally {
    await client.close();
  }
}
async function checkModelAccess(client, preflight, env) {
  if (preflight.loggedIn) return;
  const account = await client.request("account/read", {}, AccountReadResultSchema);
  const config = await client.request("config/read", {}, ConfigReadResultSchema);
  const problem = modelAccessProblem(account, config, env);
  if (problem) {
    throw new LoopkitError("CODEX_NOT_LOGGED_IN", problem, {
      hint: "run `codex login` (or `printenv OPENAI_API_KEY | codex login --with-api-key`), or set the provider's API key variable"
    });
  }
}

// src/codex/thread-watch.ts
var ThreadWatch = class {
  constructor(client, threadId) {
    this.threadId = threadId;
    client.onNotification((notification) => this.handle(notification));
    void client.exit.then(() => {
      this.exited = true;
      this.wake?.();
    });
  }
  threadId;
  goal;
  lastError;
  exited = false;
  openTurns = /* @__PURE__ */ new Set();
  wake;
  /** The goal has left `active` and no turn of the thread is still running: Codex is done acting. */
  settled() {
    return this.goal !== void 0 && this.goal.status !== "active" && this.openTurns.size === 0;
  }
  /** Records the goal a request returned (a set answers with the new goal before any notification about it). */
  setGoal(goal) {
    this.goal = goal;
    this.lastError = void 0;
  }
  /** Resolves at the next relevant notification, when the server exits, or after `ms`. */
  waitForChange(ms) {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = void 0;
        resolve();
      }
      this.wake = done;
    });
  }
  handle(notification) {
    const params = notification.params;
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
};

// src/codex/delegate.ts
var HEARTBEAT_MS = 3e4;
var TOKENS_REPORT_MS = 1e3;
var WORKING = "Codex is working on the goal";
async function delegateToCodex(options) {
  const preflight = options.preflight ?? await preflightCodex(options.env);
  const client = AppServerClient.start({ bin: preflight.bin, cwd: options.projectDir, env: options.env });
  try {
    await initialize(client);
    await checkModelAccess(client, preflight, options.env);
    const { thread, model } = await client.request(
      "thread/start",
      // Unattended: Codex may write in the project, asks nobody, and gets no network for its commands.
      { cwd: options.projectDir, approvalPolicy: "never", sandbox: "workspace-write" },
      ThreadStartResultSchema
    );
    options.print(`codex: Codex CLI ${formatVersion(preflight.version)}, model ${model}, thread ${thread.id}`);
    return await new GoalRun(options, client, thread.id).run();
  } finally {
    await client.close();
  }
}
var GoalRun = class {
  constructor(options, client, threadId) {
    this.options = options;
    this.client = client;
    this.threadId = threadId;
    this.watch = new ThreadWatch(client, threadId);
    this.now = options.now ?? (() => /* @__PURE__ */ new Date());
    this.deadline = (options.startedAt ?? this.now()).getTime() + options.caps.maxWallclockMs;
  }
  options;
  client;
  threadId;
  watch;
  now;
  deadline;
  iteration = 1;
  runs = [];
  lastVerifier = null;
  audit = null;
  /** The audit of the current round's two passes (cleared when the goal is set again). */
  roundAudit = null;
  lastSaid;
  lastUpdate = 0;
  lastTokens = 0;
  async run() {
    await this.setGoal();
    await this.report(WORKING);
    for (; ; ) {
      const ended = await this.step();
      if (ended) return ended;
    }
  }
  /** Observes, decides, acts once; returns the result when the loop has ended. */
  async step() {
    const { caps } = this.options;
    const cancelled = this.options.signal?.aborted === true || await this.options.sink.cancelled();
    if (this.watch.exited && !cancelled) {
      const tail = this.client.stderrTail().trim().slice(-500);
      throw new LoopkitError("CODEX_PROTOCOL", `codex app-server exited while working on the goal${tail ? `: ${tail}` : ""}`, {
        hint: "the loop ends as blocked; /loopkit:auto-loop --status shows where it stopped, and a new loop starts where the work is"
      });
    }
    const goal = this.watch.goal;
    if (goal.status !== this.lastSaid) {
      this.lastSaid = goal.status;
      this.say(`goal ${goal.status} (iteration ${this.iteration}/${caps.maxIterations}, ${goal.tokensUsed} tokens)`);
      await this.report(goal.status === "active" ? WORKING : "waiting for Codex's turn to end");
    }
    const action = decideNext({
      goalStatus: this.watch.settled() ? goal.status : "active",
      runs: this.runs,
      audit: this.roundAudit,
      iteration: this.iteration,
      maxIterations: caps.maxIterations,
      cancelled,
      wallclockExceeded: this.now().getTime() >= this.deadline,
      lastError: this.watch.lastError
    });
    switch (action.kind) {
      case "wait":
        if (this.reportDue(goal.tokensUsed)) await this.report(WORKING);
        await this.watch.waitForChange(Math.min(this.options.pollMs ?? 1e3, this.deadline - this.now().getTime()));
        return void 0;
      case "verify":
        await this.verifyOnce();
        return void 0;
      case "audit":
        await this.auditOnce();
        return void 0;
      case "retry": {
        const by = this.roundAudit ? "the audit" : "the verifier";
        this.iteration += 1;
        this.say(`${by} did not confirm Codex's claim; setting the goal again (iteration ${this.iteration}/${caps.maxIterations})`);
        await this.setGoal(action.reason);
        await this.report(`${WORKING} again, with ${by === "the audit" ? "the audit's reasons" : "the verifier's output"}`);
        return void 0;
      }
      case "finish":
        if (!this.watch.exited && (this.watch.goal?.status === "active" || action.status === "cancelled")) {
          await this.client.request("thread/goal/clear", { threadId: this.threadId }, GoalClearResultSchema).catch(() => void 0);
        }
        await this.options.sink.update(this.progress(action.status, action.reason));
        this.say(`${action.status}: ${action.reason}`);
        return { status: action.status, reason: action.reason, iteration: this.iteration, tokensUsed: this.watch.goal?.tokensUsed ?? 0 };
    }
  }
  async verifyOnce() {
    this.say(`running the verifier (${this.runs.length + 1}/2): ${this.options.verifyCommand}`);
    const run3 = await this.options.runVerifier();
    this.runs.push(run3);
    this.say(`verifier ${run3.passed ? "passed" : run3.timedOut ? "timed out" : `failed (exit ${run3.exitCode ?? "none"})`}`);
    const verdict = verifierVerdict(this.runs);
    if (verdict) this.lastVerifier = { verdict, runs: [...this.runs] };
    await this.report(verdict ? "deciding on the verifier's result" : "running the verifier a second time");
  }
  async auditOnce() {
    this.say("the verifier passed twice; a fresh Claude Code audits Codex's work (read-only)");
    const outcome = await this.options.runAudit(this.runs.at(-1)?.outputTail ?? "");
    this.roundAudit = outcome;
    this.audit = { ...outcome, iteration: this.iteration };
    this.say(`audit voted ${outcome.vote}${outcome.failure ? ` (${outcome.failure})` : ""}`);
    await this.report("deciding on the audit's vote");
  }
  async setGoal(retryReason2) {
    const { caps } = this.options;
    const objective = buildObjective({
      goal: this.options.goal,
      verifyCommand: this.options.verifyCommand,
      iteration: this.iteration,
      maxIterations: caps.maxIterations,
      maxTokens: caps.maxTokens,
      maxWallclockMs: caps.maxWallclockMs,
      retryReason: retryReason2
    });
    const { goal } = await this.client.request(
      "thread/goal/set",
      { threadId: this.threadId, objective, status: "active", tokenBudget: caps.maxTokens },
      GoalSetResultSchema
    );
    this.watch.setGoal(goal);
    this.runs = [];
    this.roundAudit = null;
  }
  /** The heartbeat is due, or the token count moved (written at most once a second). */
  reportDue(tokensUsed) {
    const since = this.now().getTime() - this.lastUpdate;
    return since >= HEARTBEAT_MS || tokensUsed !== this.lastTokens && since >= TOKENS_REPORT_MS;
  }
  async report(nextAction) {
    this.lastUpdate = this.now().getTime();
    this.lastTokens = this.watch.goal?.tokensUsed ?? 0;
    await this.options.sink.update(this.progress("pursuing", null, nextAction));
  }
  progress(status, reason, nextAction = "none: the loop has ended") {
    return {
      status,
      reason,
      iteration: this.iteration,
      tokensUsed: this.watch.goal?.tokensUsed ?? 0,
      threadId: this.threadId,
      goalStatus: this.watch.goal?.status ?? null,
      lastVerifier: this.lastVerifier,
      lastAudit: this.audit,
      nextAction
    };
  }
  say(line) {
    this.options.print(`codex: ${line}`);
  }
};

// src/codex/auto-loop-run.ts
var CODEX_LOG = "codex.log";
async function runCodexLoopCommand(ctx, request, background) {
  if (request.protect.length > 0) {
    throw new LoopkitError("USAGE", "--protect is not applied to --codex runs yet", {
      value: request.protect,
      hint: "start without --protect (and without protect: lines), or run the loop in Claude Code"
    });
  }
  const preflight = await preflightCodex(ctx.env);
  await confirmModelAccess(preflight, ctx.env, ctx.projectDir);
  const loop = await startCodexLoop(ctx, request);
  if (!background) return followInForeground(ctx, loop, preflight);
  const out = await openMirrorLog(ctx.projectDir, CODEX_LOG, /* @__PURE__ */ new Date());
  try {
    const child = spawn(process.execPath, [background.cliEntry, "codex-run", "--project", ctx.projectDir, "--loop", loop.loop_id], {
      cwd: ctx.projectDir,
      env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir },
      detached: true,
      stdio: ["ignore", out.fd, out.fd]
    });
    child.unref();
  } finally {
    await out.close();
  }
  ctx.print(`codex: auto-loop ${loop.loop_id} started; Codex works in the background (log: ${path3.join(MIRROR_DIR, CODEX_LOG)})`);
  ctx.print("codex: this Claude Code session has nothing to do for it; follow it with /loopkit:auto-loop --status, stop it with --cancel");
  return 0;
}
async function runCodexFollowerCommand(ctx, loopId) {
  const loop = await loadState(loopFiles(ctx.dataDir, ctx.projectDir).state, ctx.now());
  if (loop?.loop_id !== loopId || loop.status !== "pursuing" || !loop.session_id.startsWith(CODEX_SESSION_PREFIX)) {
    throw new LoopkitError("NO_LOOP", `no running Codex auto-loop ${loopId} in ${ctx.projectDir}`, {
      value: loopId,
      hint: "it may have ended or been cancelled; /loopkit:auto-loop --status shows how it stands"
    });
  }
  return followInForeground(ctx, loop, await preflightCodex(ctx.env));
}
var CODEX_SESSION_PREFIX = "codex-";
async function startCodexLoop(ctx, request) {
  const sessionId = `${CODEX_SESSION_PREFIX}${randomUUID2()}`;
  const staleMs = readSettings(ctx.env).staleMs;
  await startLoop(
    {
      dataDir: ctx.dataDir,
      projectDir: ctx.projectDir,
      sessionId,
      now: ctx.now(),
      staleMs,
      env: ctx.env,
      agentSandbox: await codexAgentSandbox(ctx.env)
    },
    request
  );
  const started = await loadState(loopFiles(ctx.dataDir, ctx.projectDir).state, ctx.now());
  if (started?.session_id !== sessionId)
    throw new LoopkitError("LOOP_ACTIVE", "the new loop was replaced before Codex could start", {
      hint: "another loop started in this project meanwhile; /loopkit:auto-loop --status shows it"
    });
  await removeSessionMarker(ctx.dataDir, sessionId, started.loop_id);
  return started;
}
async function codexAgentSandbox(env) {
  return {
    agent: "sandboxed",
    how: "Codex runs its commands in its own workspace-write sandbox",
    fail_if_unavailable: (await personSandbox(env)).failIfUnavailable
  };
}
async function followInForeground(ctx, loop, preflight) {
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    ctx.print(`codex: auto-loop ${loop.loop_id}; follow it with /loopkit:auto-loop --status, stop it with --cancel or Ctrl-C`);
    const result = await followCodexLoop(ctx, loop, preflight, interrupt.signal);
    return STATUS_EXIT_CODES[result.status];
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}
async function followCodexLoop(ctx, loop, preflight, signal) {
  const sink = new StateSink(loopFiles(ctx.dataDir, ctx.projectDir), loop, ctx.now);
  try {
    return await delegateToCodex({
      projectDir: ctx.projectDir,
      goal: loop.goal,
      verifyCommand: loop.verify_command,
      caps: { maxIterations: loop.caps.max_iterations, maxTokens: loop.caps.max_tokens, maxWallclockMs: loop.caps.max_wallclock_ms },
      env: ctx.env,
      preflight,
      // The verifier and the audit run with what the loop's start fixed (launch.ts), as in a Claude Code loop.
      // Through the gate's test rule, against the start's baseline, as in a Claude Code loop.
      runVerifier: () => runLoopVerifier(loop, loop.launch.verifier_timeout_ms, launchEnv(loop.launch, ctx.env), {
        sandbox: loop.launch.agent_sandbox
      }),
      // The audit records the tree itself (a Codex run has no Stop hook that did).
      // The start's tests run unchanged first (runners/contract-run.ts), as in a Claude Code loop.
      runAudit: async (verifierTail) => {
        const contract = await runTestContractNow({
          state: loop,
          dataDir: ctx.dataDir,
          timeoutMs: loop.launch.verifier_timeout_ms,
          env: launchEnv(loop.launch, ctx.env),
          options: { sandbox: loop.launch.agent_sandbox },
          deadline: loopDeadline(loop)
        }).catch((error) => ({ error: formatError(error) }));
        if ("error" in contract) return auditUnmet(`loopkit could not run the start's tests unchanged (${contract.error})`, false);
        if (contract.breach) return refusedByLoopkit("contract", contract.breach);
        return auditLoop({ state: loop, dataDir: ctx.dataDir, env: ctx.env, verifierTail, deadline: loopDeadline(loop) });
      },
      sink,
      print: ctx.print,
      now: ctx.now,
      startedAt: new Date(loop.started_at),
      signal
    });
  } catch (error) {
    await sink.fail(formatError(error)).catch(() => void 0);
    throw error;
  }
}
var StateSink = class {
  constructor(files, loop, now) {
    this.files = files;
    this.loop = loop;
    this.now = now;
  }
  files;
  loop;
  now;
  recordedRound = null;
  recordedAudit = null;
  /** True once the loop is no longer ours to run: cancelled, taken over, or replaced. */
  async cancelled() {
    const state = await loadState(this.files.state, this.now()).catch(() => void 0);
    return state?.loop_id !== this.loop.loop_id || state.status !== "pursuing";
  }
  async update(progress) {
    await this.change(async (state, now) => {
      const round = progress.lastVerifier;
      const fresh = round && round !== this.recordedRound ? round : null;
      if (fresh) this.recordedRound = fresh;
      const verifier = fresh ? await this.verifierResult(fresh.verdict, fresh.runs, progress.iteration, now) : null;
      const audit = progress.lastAudit && progress.lastAudit !== this.recordedAudit ? progress.lastAudit : null;
      if (audit) this.recordedAudit = audit;
      return recordDelegatedProgress(state, { now, ...progress, verifier, audit });
    });
  }
  /** Ends a loop whose run failed as blocked, with the reason. */
  async fail(reason) {
    await this.change(async (state, now) => failLoop(state, now, reason));
  }
  /** Locked read-change-persist; a loop that is no longer ours and pursuing is left exactly as it is. */
  async change(fn) {
    await withLock(this.files.state, async () => {
      const now = this.now();
      const current = await loadState(this.files.state, now);
      if (current?.loop_id !== this.loop.loop_id || current.status !== "pursuing") return;
      const { state, history } = await fn(current, now);
      await persist(this.files, state, history, now);
    });
  }
  async verifierResult(verdict, runs, iteration, now) {
    return {
      at: now.toISOString(),
      iteration,
      verdict,
      runs: await Promise.all(
        runs.map(
          async (run3, index) => verifierRun(run3, await writeVerifierLog(this.loop.project_dir, iteration, index + 1, run3.output, now))
        )
      )
    };
  }
};

// src/cli/double-dash.ts
var rawArgsOf = (command) => command.parent?.rawArgs ?? [];
var optionNamesOf = (command) => command.options.flatMap((option) => option.long ? [option.long] : []);
function splitAtDoubleDash(words, rawArgs) {
  const at = rawArgs.indexOf("--");
  if (at === -1) return { loopWords: words, claudeArgs: [] };
  const claudeArgs = rawArgs.slice(at + 1);
  const head = words.slice(0, words.length - claudeArgs.length);
  if (words.slice(head.length).some((word, i) => word !== claudeArgs[i]))
    throw new LoopkitError("USAGE", "could not tell loopkit's words from claude's options", {
      hint: "put claude's options last, after --"
    });
  return { loopWords: head.at(-1) === "--" ? head.slice(0, -1) : head, claudeArgs };
}

// src/cli/help-text.ts
function useHelpText(command, text) {
  command.helpOption(false).configureHelp({ formatHelp: () => text });
}

// src/cli/tell.ts
async function withWord(io2, kind, stateFile, change, dataDir) {
  const before = await readLoop(kind, stateFile);
  const result = await change();
  return { result, lines: await tellPerson(before, await readLoop(kind, stateFile), true, io2.userHome?.(), io2.env, dataDir) };
}

// src/cli/invocation.ts
import path5 from "node:path";

// src/state/locate.ts
import { existsSync as existsSync2, readdirSync, realpathSync, statSync } from "node:fs";
import os from "node:os";
import path4 from "node:path";
var STATE_FOLDERS = ["sessions", ...LOOP_KINDS];
var homeOf = (env) => env.HOME || os.homedir();
var markerIn = (dir, session) => session !== void 0 && existsSync2(sessionMarkerPath(dir, session));
var holdsSession = (dir, session) => markerIn(dir, session) || session !== void 0 && existsSync2(sessionAnswerPath(dir, session));
function locateDataDir(from) {
  const { env, pluginData } = from;
  const session = from.session !== void 0 && SESSION_ID_PATTERN.test(from.session) ? from.session : void 0;
  if (from.pinned && pluginData && path4.isAbsolute(pluginData) && holdsSession(pluginData, session))
    return { dir: pluginData, by: "pinned" };
  if (env.LOOPKIT_DATA_DIR) return { dir: env.LOOPKIT_DATA_DIR, by: "LOOPKIT_DATA_DIR" };
  if (pluginData) return { dir: pluginData, by: "--plugin-data" };
  if (env.CLAUDE_PLUGIN_DATA) return { dir: env.CLAUDE_PLUGIN_DATA, by: "CLAUDE_PLUGIN_DATA" };
  const holding = foldersWithState(env);
  const withMarker = holding.filter((dir) => markerIn(dir, session));
  const found = withMarker.length > 0 ? withMarker : holding;
  if (found.length > 1) {
    const [dir, ...others] = [...found].sort((a, b) => lastWritten(b) - lastWritten(a));
    return { dir, by: "written to last of several", others };
  }
  return found[0] ? { dir: found[0], by: "holds loopkit state" } : null;
}
function lastWritten(dir) {
  let newest = 0;
  for (const folder of STATE_FOLDERS.map((name) => path4.join(dir, name))) {
    let entries2 = [];
    try {
      entries2 = readdirSync(folder);
    } catch {
      continue;
    }
    for (const entry of [folder, ...entries2.map((name) => path4.join(folder, name))])
      newest = Math.max(newest, statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}
function foldersWithState(env) {
  const pluginData = path4.join(env.CLAUDE_CONFIG_DIR || path4.join(homeOf(env), ".claude"), "plugins", "data");
  let installed = [];
  try {
    installed = readdirSync(pluginData).filter((name) => name === "loopkit" || name.startsWith("loopkit-")).sort().map((name) => path4.join(pluginData, name));
  } catch {
  }
  return [...installed, startDataDir(env)].filter((dir) => STATE_FOLDERS.some((folder) => existsSync2(path4.join(dir, folder))));
}
function startDataDir(env) {
  return path4.join(homeOf(env), ".loopkit");
}
function locateMarker(from) {
  if (!SESSION_ID_PATTERN.test(from.session)) return void 0;
  let found;
  try {
    found = locateDataDir(from);
  } catch {
    return void 0;
  }
  const file = found && sessionMarkerPath(found.dir, from.session);
  return found && file && existsSync2(file) ? { dataDir: found.dir, file } : void 0;
}
function locate(from) {
  const once = (make) => {
    let value;
    return () => (value ??= { v: make() }).v;
  };
  const session = once(() => {
    const id = from.session;
    if (id !== void 0 && !SESSION_ID_PATTERN.test(id))
      throw new LoopkitError("NO_SESSION", `session id "${id}" has an unexpected shape`, {
        value: id,
        hint: "nothing was started or changed"
      });
    return id;
  });
  const dataDir = once(
    () => locateDataDir({ env: from.env, pluginData: from.pluginData, session: session(), pinned: from.pinned })?.dir ?? null
  );
  return {
    dataDir,
    dataDirForStart: () => dataDir() ?? startDataDir(from.env),
    session,
    projectDir: once(() => resolveProject(from.project || from.env.CLAUDE_PROJECT_DIR || from.cwd, from.cwd))
  };
}
function resolveProject(given, cwd) {
  const full = path4.resolve(cwd, given);
  if (!existsSync2(full))
    throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full, hint: "pass --project <dir>" });
  return realpathSync(full);
}

// src/cli/invocation.ts
function invocation(options, io2) {
  const { project, session, pluginData, pinned } = options;
  const where = locate({ env: io2.env, cwd: io2.cwd, project, session, pluginData, pinned });
  const once = (make) => {
    let value;
    return () => (value ??= { v: make() }).v;
  };
  return {
    ...where,
    requireSession(what, hint) {
      const id = where.session();
      if (id === void 0)
        throw new LoopkitError("NO_SESSION", `no Claude Code session id was given, so loopkit cannot ${what}`, { hint });
      return id;
    },
    settings: once(() => readSettings(io2.env)),
    statsFile: once(() => path5.resolve(io2.cwd, statsFile(io2.env)))
  };
}

// src/cli/read-for-status.ts
async function readForStatus(file, schema, restart) {
  try {
    const read = await readJson(file, schema);
    return read.exists ? read.value : void 0;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: file,
      cause: error,
      hint: `nothing was changed, and loopkit will not continue the loop it held: look at ${file}, then delete it, or ${restart} (which keeps it aside as ${file}.corrupt-<time>)`
    });
  }
}
function withProblem(text, problem) {
  return problem ? `${text.replace(/\n?$/, "\n")}Warning: ${problem}.
` : text;
}

// src/state/data-folder.ts
import { constants, promises as fs2 } from "node:fs";
var LOW_BYTES = 256 * 1024;
async function dataFolderProblem(dir) {
  try {
    await fs2.access(dir, constants.W_OK);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return null;
    return `loopkit's data folder ${dir} cannot be written (${code ?? "refused"}): the loop cannot save its turns; it keeps its last saved state and goes on from there once the folder can be written`;
  }
  const free = await fs2.statfs(dir).then(
    (stat) => stat.bavail * stat.bsize,
    () => null
  );
  if (free === null || free >= LOW_BYTES) return null;
  return `the disk holding loopkit's data (${dir}) is full (${free} bytes free): the loop cannot save its turns; it keeps its last saved state and goes on from there once space is freed`;
}

// src/cli/skill-answer.ts
async function answerForSkill(skillMode, io2, fn) {
  try {
    await fn();
  } catch (error) {
    if (!skillMode || !isLoopkitError(error, "NO_LOOP")) throw error;
    io2.stdout(`loopkit: ${formatError(error)}
`);
  }
  if (skillMode) io2.exitCode = 0;
}

// src/cli/hook-answer.ts
import { promises as fs3 } from "node:fs";
import path6 from "node:path";
var ANSWER_FRESH_MS = 6e4;
var STALE_ANSWER_MS = 24 * 36e5;
var HookAnswerSchema = object({
  version: literal(1),
  kind: _enum(LOOP_KINDS),
  session_id: string().min(1),
  /** The command's arguments exactly as typed (Claude Code's command_args). */
  args: string(),
  at: iso_exports.datetime(),
  stdout: string(),
  stderr: string(),
  exit_code: int(),
  /** The loop the command started or took over in this session, when it did. */
  loop_id: string().nullable()
});
var hookAnswerFile = sessionAnswerPath;
async function saveHookAnswer(data, answer, now) {
  await writeJson(hookAnswerFile(data, answer.session_id), HookAnswerSchema, answer);
  const dir = path6.dirname(hookAnswerFile(data, answer.session_id));
  for (const name of await fs3.readdir(dir).catch(() => [])) {
    const file = path6.join(dir, name);
    const stat = await fs3.lstat(file).catch(() => null);
    if (stat?.isFile() && now.getTime() - stat.mtimeMs > STALE_ANSWER_MS) await fs3.rm(file, { force: true });
  }
}
var plain = (text) => text.replace(/[\s\\`]/g, "");
function sameArguments(typed, copy) {
  return plain(typed) === plain(copy);
}
function answers(answer, copy) {
  return sameArguments(answer.args, copy) || answer.exit_code !== 0 && plain(answer.args).startsWith(plain(copy));
}
async function hookAnswerFor(data, sessionId, kind, copy, now) {
  const read = await readJson(hookAnswerFile(data, sessionId), HookAnswerSchema).catch(() => ({ exists: false }));
  if (!read.exists) return void 0;
  const answer = read.value;
  const age = now.getTime() - Date.parse(answer.at);
  const matches = answer.session_id === sessionId && answer.kind === kind && age >= 0 && age <= ANSWER_FRESH_MS && answers(answer, copy);
  return matches ? answer : void 0;
}

// src/shared/typed-answer.ts
var KEY = "loopkit_answer";
function typedAnswerLine(answer) {
  return `${JSON.stringify({ [KEY]: answer.trimEnd() })}
`;
}

// src/cli/skill-request.ts
async function answerInHook(command, text, inv, io2) {
  const session = inv.requireSession("carry out a slash command", "loopkit's hook passes the session id; nothing was started");
  endWithParent();
  let stdout = "";
  let stderr = "";
  const captured = { ...io2, stdout: (out) => void (stdout += out), stderr: (err) => void (stderr += err), exitCode: 0 };
  let alone = false;
  let readOnly = false;
  try {
    refuseUnpassable(command.kind, text);
    const request = command.parse(text);
    alone = command.answeredAlone(request);
    readOnly = command.readOnly(request);
    if (readOnly && !alone) return;
    await command.run(request, captured);
  } catch (error) {
    captured.exitCode = reportError(error, captured);
  }
  if (alone && captured.exitCode === 0) io2.stdout(typedAnswerLine(`${stdout}${stderr}`));
  if (readOnly) return;
  const data = inv.dataDirForStart();
  const marker = captured.exitCode === 0 ? await readJson(sessionMarkerPath(data, session), SessionMarkerSchema).catch(() => ({ exists: false })) : { exists: false };
  const loopId = marker.exists && marker.value.kind === command.kind ? marker.value.loop_id : null;
  await saveHookAnswer(
    data,
    {
      version: 1,
      kind: command.kind,
      session_id: session,
      args: text,
      at: io2.now().toISOString(),
      stdout,
      stderr,
      exit_code: captured.exitCode,
      loop_id: loopId
    },
    io2.now()
  );
}
function refuseUnpassable(kind, text) {
  const why = /\\(\s|$)/.test(text) ? "a backslash before a space, a line break or the end" : text.includes("\r") ? "a carriage return (Windows line ends)" : /^\s*```/m.test(text) ? "a line that starts with ```" : null;
  if (why) {
    throw new LoopkitError(
      "USAGE",
      `the arguments hold ${why}, which Claude Code does not pass to loopkit's skill command whole: nothing was started or changed`,
      {
        hint: `quote the text instead, or leave that out, and type /loopkit:${kind} again`
      }
    );
  }
}
async function answerInSkill(command, text, inv, io2) {
  const session = inv.session();
  const answer = session === void 0 ? void 0 : await hookAnswerFor(inv.dataDirForStart(), session, command.kind, text, io2.now());
  if (answer) {
    io2.stdout(answer.stdout);
    io2.stderr(answer.stderr);
    io2.exitCode = answer.exit_code;
    if (answer.exit_code !== 0) return;
    const line2 = await lineFor(command, text, answer);
    if (line2) io2.stdout(`${line2}
`);
    return;
  }
  const request = command.parse(text);
  if (!command.readOnly(request)) {
    const typed = text.trim().length > 60 ? `${text.trim().slice(0, 57)}...` : text.trim();
    throw new LoopkitError(
      "NO_HOOK",
      `/loopkit:${command.kind} ${typed} needs loopkit's UserPromptExpansion hook, which did not answer this command: nothing was started or changed`,
      {
        hint: "loopkit's hooks must be on (not disableAllHooks, not --bare); check them with /hooks, then type the command again"
      }
    );
  }
  await command.run(request, io2);
  const line = await command.sandboxLine(request, null);
  if (line) io2.stdout(`${line}
`);
}
async function lineFor(command, text, answer) {
  let request;
  try {
    request = command.parse(text);
  } catch {
    return null;
  }
  return command.sandboxLine(request, answer);
}

// src/cli/skill-options.ts
function pid(value) {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError("expected a process id");
  return n;
}
function addSkillOptions(command) {
  return command.option("--from-hook", "run by loopkit's UserPromptExpansion hook: carry out the request and keep the answer for the skill's command").option("--from-skill", "run by the skill's command: answer read-only requests, show the hook's answer for the rest").option(
    "--claude-pid <pid>",
    "the Claude Code process the hook serves (its --settings flag is read for sandbox.failIfUnavailable)",
    pid
  );
}

// src/run/runner-lock.ts
var import_proper_lockfile = __toESM(require_proper_lockfile(), 1);
import path7 from "node:path";
import { promises as fs4 } from "node:fs";
var STALE_MS = 1e4;
var WAIT = { retries: 12, minTimeout: 1e3, maxTimeout: 1e3 };
var target = (loopDir) => path7.join(loopDir, "runner");
var ownerFile = (loopDir) => path7.join(loopDir, "runner.owner");
var LOOPKIT_RUN = {
  other: "another `loopkit run`",
  hint: "let it finish, or stop it (Ctrl-C); a runner that died frees the project within seconds"
};
async function holdRunnerLock(loopDir, onLost, kind = LOOPKIT_RUN) {
  await ensureWritableFolder(loopDir);
  const lock = (retries) => import_proper_lockfile.default.lock(target(loopDir), { realpath: false, stale: STALE_MS, retries, onCompromised: onLost });
  try {
    const release = await lock(0).catch((cause) => isHeld(cause) ? lock(WAIT) : Promise.reject(cause));
    await writeFileAtomic(ownerFile(loopDir), ownerId()).catch(() => void 0);
    return release;
  } catch (cause) {
    if (!isHeld(cause)) throw notWritable(target(loopDir), cause);
    throw new LoopkitError("LOOP_ACTIVE", `${kind.other} drives this project`, { cause, hint: kind.hint });
  }
}
var isHeld = (error) => error?.code === "ELOCKED";
async function runnerAlive(loopDir) {
  if (!await import_proper_lockfile.default.check(target(loopDir), { realpath: false, stale: STALE_MS }).catch(() => false)) return false;
  const owner = await fs4.readFile(ownerFile(loopDir), "utf8").catch(() => null);
  return owner === null || !ownerGone(owner.trim());
}

// src/run/takeover-window.ts
async function takeoverStaleMs(dataDir, files, now, staleMs) {
  const state = await loadState(files.state, now).catch(() => void 0);
  if (state?.status !== "pursuing") return staleMs;
  const marker = await readJson(sessionMarkerPath(dataDir, state.session_id), SessionMarkerSchema).catch(() => ({
    exists: false
  }));
  const leftByRunner = marker.exists && marker.value.driver === "run" && marker.value.loop_id === state.loop_id;
  return leftByRunner ? 0 : staleMs;
}

// src/cli/auto-loop-command.ts
function registerAutoLoopCommand(program2, io2) {
  const command = addSkillOptions(
    program2.command("auto-loop").description("drive this session to a goal proven by a verifier and an audit, within hard caps").option("--session <id>", "the Claude Code session that owns the loop").option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)").option("--plugin-data <dir>", "loopkit's data folder (the skill passes CLAUDE_PLUGIN_DATA)").option("--args-stdin", "read the person's arguments from stdin")
  ).argument("[words...]", "the goal and options, when not given on stdin").allowUnknownOption(true).action(async (words, options, self) => {
    if (options.argsStdin && words.length > 0)
      throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both", {
        hint: "drop --args-stdin, or pass no words"
      });
    const inv = invocation({ ...options, pinned: options.fromHook || options.fromSkill }, io2);
    const fromSession = options.session !== void 0;
    const sandbox = async () => options.fromHook ? measuringSandbox(await sessionFailIfUnavailable(io2.env, inv.projectDir(), options.claudePid)) : void 0;
    const skill = {
      kind: "auto-loop",
      parse: parseAutoLoopArgs,
      // Bare /loopkit:auto-loop starts from the project's goal.md, a write: only without one is it the usage.
      readOnly: (request2) => request2.mode === "help" || request2.mode === "status" || request2.mode === "usage" && !existsSync3(path8.join(inv.projectDir(), DEFAULT_GOAL_FILE)),
      answeredAlone: (request2) => request2.mode === "help" || request2.mode === "status" || request2.mode === "cancel",
      run: (request2, out) => answerForSkill(
        true,
        out,
        () => runRequest(request2, inv, fromSession, out, sandbox, messagePrinter(out.stdout, false), options.fromHook === true)
      ),
      sandboxLine: (request2, answer) => probeAfterStart(request2, answer, inv, io2)
    };
    if (options.fromHook) return answerInHook(skill, await io2.readStdin(), inv, io2);
    if (options.fromSkill) return answerInSkill(skill, await io2.readStdin(), inv, io2);
    const request = options.argsStdin ? parseAutoLoopArgs(await io2.readStdin()) : parseWords(argvWords(words), optionNamesOf(self));
    await answerForSkill(
      options.argsStdin,
      io2,
      () => runRequest(request, inv, fromSession, io2, sandbox, messagePrinter(io2.stdout, !options.argsStdin), false)
    );
  });
  useHelpText(command, AUTO_LOOP_HELP);
}
async function probeAfterStart(request, answer, inv, io2) {
  const starts = request.mode === "takeover" || request.mode === "usage" || request.mode === "start" && !request.codex;
  if (!answer?.loop_id || !starts) return null;
  const projectDir = inv.projectDir();
  const { state: stateFile } = loopFiles(inv.dataDirForStart(), projectDir);
  const state = await readForStatus(stateFile, AutoLoopStateSchema, "start a new loop with /loopkit:auto-loop");
  if (state?.loop_id !== answer.loop_id || state.session_id !== answer.session_id) return null;
  const probe = await writeProbe(probeFile(stateFile), state, io2.env, io2.now());
  return `Sandbox: ${sandboxLine(settleSandbox(state.launch.agent_sandbox, probe, state, dataInProject(stateFile, projectDir)))}.`;
}
async function runRequest(request, inv, fromSkill, io2, agentSandbox, say, typedByPerson) {
  const now = io2.now();
  switch (request.mode) {
    case "usage":
      if (fromSkill && existsSync3(path8.join(inv.projectDir(), DEFAULT_GOAL_FILE)))
        return runRequest(startFromGoalFile(), inv, fromSkill, io2, agentSandbox, say, typedByPerson);
      throw noGoalError();
    case "help":
      io2.stdout(AUTO_LOOP_HELP);
      return;
    case "status": {
      const projectDir = inv.projectDir();
      const data = inv.dataDir();
      const state = data === null ? void 0 : await readForStatus(loopFiles(data, projectDir).state, AutoLoopStateSchema, "start a new loop with /loopkit:auto-loop");
      const staleMs = data !== null && !await runnerAlive(loopFiles(data, projectDir).dir) ? await takeoverStaleMs(data, loopFiles(data, projectDir), now, inv.settings().staleMs) : inv.settings().staleMs;
      const status = loopStatus(projectDir, state, now, staleMs, await loadSummary(data, projectDir, state?.loop_id, now));
      if (request.json) io2.stdout(`${JSON.stringify(status, null, 2)}
`);
      else say(withProblem(formatStatus(status), data && await dataFolderProblem(data)));
      io2.exitCode = status.exit_code;
      return;
    }
    case "cancel": {
      const projectDir = inv.projectDir();
      const data = inv.dataDir();
      if (data === null || !existsSync3(loopFiles(data, projectDir).state)) {
        throw new LoopkitError("NO_LOOP", `no running auto-loop in ${projectDir}`, { hint: "see /loopkit:auto-loop --status" });
      }
      const { result, lines } = await withWord(
        io2,
        "auto-loop",
        loopFiles(data, projectDir).state,
        () => cancelLoop(data, projectDir, now),
        data
      );
      say([result, ...lines.map((line) => `${line}
`)].join(""));
      return;
    }
    case "resume": {
      if (!typedByPerson)
        throw new LoopkitError(
          "USAGE",
          "only the person resumes a paused auto-loop, by typing /loopkit:auto-loop --resume in its session",
          {
            hint: "type it in the Claude Code session that runs the loop; see /loopkit:auto-loop --status"
          }
        );
      const sessionId = inv.requireSession("resume a loop", "type /loopkit:auto-loop --resume in the loop's session");
      const dataDir = inv.dataDir();
      if (dataDir === null)
        throw new LoopkitError("NO_LOOP", `no running auto-loop in ${inv.projectDir()}`, { hint: "see /loopkit:auto-loop --status" });
      io2.stdout(`${await resumePausedLoop({ dataDir, projectDir: inv.projectDir(), sessionId, now })}
`);
      return;
    }
    case "start":
    case "takeover": {
      refuseUnderRecursionGuard(io2.env, "an auto-loop");
      const dataDir = inv.dataDirForStart();
      if (request.mode === "start" && request.codex) {
        const codexCtx = { dataDir, projectDir: inv.projectDir(), env: io2.env, now: io2.now, print: (line) => say(`${line}
`) };
        const { result, lines } = await withWord(
          io2,
          "auto-loop",
          loopFiles(dataDir, codexCtx.projectDir).state,
          () => runCodexLoopCommand(codexCtx, request, fromSkill ? { cliEntry: process.argv[1] ?? "" } : null),
          dataDir
        );
        for (const line of lines) say(`${line}
`);
        io2.exitCode = result;
        return;
      }
      const sessionId = inv.requireSession(
        "start a loop",
        "start the loop from Claude Code with /loopkit:auto-loop, or from a terminal with loopkit run; nothing was started"
      );
      const ctx = {
        dataDir,
        projectDir: inv.projectDir(),
        sessionId,
        now,
        staleMs: inv.settings().staleMs,
        env: io2.env,
        agentSandbox: await agentSandbox()
      };
      io2.stdout(`${request.mode === "start" ? await startLoop(ctx, request) : await takeOverLoop(ctx)}
`);
      return;
    }
  }
}

// src/checkpoint/list.ts
var pad = (text, width) => text.padEnd(width);
function formatCheckpoints(record2, recordPath) {
  const head = `${record2.loop_kind} ${record2.loop_id}: ${record2.checkpoints.length} checkpoint(s) in ${recordPath}`;
  if (record2.checkpoints.length === 0) return `${[head, failureLine(record2)].filter(Boolean).join("\n")}
`;
  const rows = record2.checkpoints.map((c) => [
    c.id,
    String(c.iteration),
    c.snapshot.root.slice(0, 12),
    c.kind === "before-restore" ? `before restoring ${c.restored}` : c.verdict,
    c.tokens === null ? "-" : String(c.tokens),
    countLine(c.changed)
  ]);
  const titles = ["checkpoint", "iteration", "tree", "verdict", "tokens", "files changed"];
  const widths = titles.map((t, i) => Math.max(t.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `  ${cells.map((cell, i) => i === cells.length - 1 ? cell : pad(cell, widths[i])).join("  ")}`.trimEnd();
  return [
    head,
    line(titles),
    ...rows.map(line),
    failureLine(record2),
    `Restore one with: loopkit restore ${record2.loop_id} <checkpoint>`,
    `Put them on a branch of your repository with: loopkit checkpoints export ${record2.loop_id} [<checkpoint>] --branch <name>`
  ].filter((l) => l !== null).join("\n").concat("\n");
}
function failureLine(record2) {
  if (!record2.failure) return record2.failures ? `(${record2.failures} checkpoint(s) failed earlier)` : null;
  return `last failure: iteration ${record2.failure.iteration} at ${record2.failure.at}: ${record2.failure.message}`;
}

// src/checkpoint/loop-id.ts
var LOOP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function checkLoopId(loopId) {
  if (!LOOP_ID_PATTERN.test(loopId)) {
    throw new LoopkitError("USAGE", `"${loopId}" is not a loop id`, { value: loopId, hint: "run loopkit checkpoints to see the loops" });
  }
  return loopId;
}

// src/evidence/write-tree.ts
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants as constants2,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeSync
} from "node:fs";
import path9 from "node:path";
function writeTree(store, projectDir, current, target2, leave = () => false) {
  const result = { written: 0, deleted: 0, done: [], left: [], failed: null };
  const at = { path: "the project" };
  try {
    syncFolder(store, Buffer.from(projectDir), "", entries(store, current), entries(store, target2), result, at, leave);
  } catch (cause) {
    result.failed = { at: at.path, cause };
  }
  return result;
}
var entries = (store, hash) => hash ? decodeTree(store.get(hash, "tree")) : [];
var join = (dir, name) => Buffer.concat([dir, Buffer.from(path9.sep), name]);
var same = (a, b) => a.kind === b.kind && a.mode === b.mode && (a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash));
function syncFolder(store, dir, rel, current, target2, result, at, leave) {
  const stat = lstatSync(dir);
  if (!stat.isDirectory())
    throw new LoopkitError("CHECKPOINT_FAILED", `${rel || "the project"} is not a real folder; loopkit writes nothing through it`, {
      value: rel
    });
  const kept = (entries2) => entries2.filter((e) => !leave(`${rel}${nameOf(e.name).text}`));
  const wanted = new Map(kept(target2).map((e) => [e.name.toString("hex"), e]));
  const had = new Map(kept(current).map((e) => [e.name.toString("hex"), e]));
  for (const [key, cur] of had) {
    const tgt = wanted.get(key);
    if (tgt && cur.kind === "dir" === (tgt.kind === "dir")) continue;
    remove(store, join(dir, cur.name), `${rel}${nameOf(cur.name).text}`, cur, result, at, leave);
  }
  for (const [key, tgt] of wanted) {
    const cur = had.get(key);
    const abs = join(dir, tgt.name);
    const shown2 = `${rel}${nameOf(tgt.name).text}`;
    if (cur && same(cur, tgt)) continue;
    at.path = shown2;
    if (tgt.kind === "dir") {
      const exists = lstatSync(abs, { throwIfNoEntry: false });
      if (!exists) mkdirSync(abs, { mode: tgt.mode & 511 });
      else if (!exists.isDirectory()) {
        result.left.push(`${shown2}: something loopkit cannot remove is in the way of a folder`);
        continue;
      }
      syncFolder(store, abs, `${shown2}/`, cur?.kind === "dir" ? entries(store, cur.hash) : [], entries(store, tgt.hash), result, at, leave);
      continue;
    }
    if (cur && cur.kind !== "dir" && (cur.kind === "file" && !cur.kept || cur.kind === "unreadable")) {
      result.left.push(`${shown2}: what is there now is not in loopkit's record (over 1 MB, or unreadable), so it is not overwritten`);
      continue;
    }
    place(store, dir, abs, shown2, tgt, result);
  }
}
function remove(store, abs, shown2, entry, result, at, leave) {
  at.path = shown2;
  const now = lstatSync(abs, { throwIfNoEntry: false });
  if (!now) return;
  if (entry.kind === "dir") {
    if (!now.isDirectory()) return;
    let kept = false;
    for (const child of entries(store, entry.hash)) {
      const below = `${shown2}/${nameOf(child.name).text}`;
      if (leave(below)) kept = true;
      else remove(store, join(abs, child.name), below, child, result, at, leave);
    }
    try {
      rmdirSync(abs);
    } catch {
      if (!kept) result.left.push(`${shown2}/: not empty (files loopkit does not keep, or new ones), left as it is`);
    }
    return;
  }
  if (entry.kind === "file" && !entry.kept || entry.kind === "unreadable") {
    result.left.push(
      `${shown2}: ${entry.kind === "file" ? "its content is not in loopkit's record (over 1 MB)" : "unreadable by loopkit"}, so it is not deleted`
    );
    return;
  }
  if (now.isDirectory()) {
    result.left.push(`${shown2}: now a folder, left as it is`);
    return;
  }
  unlinkSync(abs);
  result.deleted++;
  result.done.push(shown2);
}
function place(store, dir, abs, shown2, entry, result) {
  if (entry.kind === "file" && !entry.kept)
    return void result.left.push(`${shown2}: its content is not in loopkit's record (over 1 MB), left as it is`);
  if (entry.kind !== "file" && entry.kind !== "link")
    return void result.left.push(
      `${shown2}: ${entry.kind === "unreadable" ? "was unreadable by loopkit" : `a ${entry.kind} cannot be restored`}, left as it is`
    );
  const temp = join(dir, Buffer.from(`.loopkit-restore-${randomBytes(6).toString("hex")}.tmp`));
  const made = { temp: false };
  try {
    if (entry.kind === "link") symlinkSync(entry.target, temp);
    else writeNew(temp, store.get(entry.hash, "blob"), entry.mode & 511, made);
    made.temp = true;
    renameSync(temp, abs);
  } catch (error) {
    if (made.temp) rmSync(temp, { force: true });
    throw error;
  }
  result.written++;
  result.done.push(shown2);
}
function writeNew(file, content, mode, made) {
  const fd = openSync(file, constants2.O_WRONLY | constants2.O_CREAT | constants2.O_EXCL | (constants2.O_NOFOLLOW ?? 0), mode);
  made.temp = true;
  try {
    let written = 0;
    while (written < content.length) written += writeSync(fd, content, written, content.length - written);
  } finally {
    closeSync(fd);
  }
}

// src/checkpoint/restore.ts
var SNAPSHOT_MS = 3e5;
function planRestore(record2, target2, running) {
  if (running) {
    const which = running.loopId === record2.loop_id ? `${running.kind} ${running.loopId} is still running` : `${running.kind} ${running.loopId} is running in this project`;
    throw new LoopkitError("LOOP_ACTIVE", `${which}; restoring under it would pull its work away`, {
      value: running.loopId,
      hint: `cancel it first (${running.cancel}), then restore`
    });
  }
  const found = record2.checkpoints.find((c) => c.id === target2.trim());
  if (!found) {
    const ids = record2.checkpoints.map((c) => c.id).join(", ") || "none";
    throw new LoopkitError("NO_CHECKPOINT", `loop ${record2.loop_id} has no checkpoint "${target2}" (it has: ${ids})`, {
      value: target2,
      hint: `see loopkit checkpoints ${record2.loop_id}`
    });
  }
  return found;
}
async function restoreCheckpoint(data, record2, target2, now) {
  const file = recordFile(data, record2.project_dir, record2.loop_id);
  return withLock(file, async () => {
    const current = await loadRecord(file, now) ?? record2;
    const before = await takeSnapshot({ dataDir: data, projectDir: record2.project_dir, deadline: deadlineIn(SNAPSHOT_MS) });
    const store = openStore(data, record2.project_dir);
    try {
      const root = Buffer.from(target2.snapshot.root, "hex");
      if (!store.has(root)) {
        throw new LoopkitError("NO_CHECKPOINT", `checkpoint ${target2.id}'s tree is gone from loopkit's record of the project`, {
          value: target2.snapshot.root,
          hint: "was the record pruned or kept aside as damaged? Nothing was changed"
        });
      }
      const restored = countChanges(compareSnapshots(store, record2.project_dir, before.snapshot, target2.snapshot));
      const undoId = nextRestoreId(current);
      const last = lastCheckpoint(current);
      const facts = {
        kind: "before-restore",
        id: undoId,
        iteration: last?.iteration ?? 0,
        verdict: "before restore",
        tokens: last?.tokens ?? null,
        restored: target2.id
      };
      const changes = countChanges(compareSnapshots(store, record2.project_dir, last?.snapshot ?? current.base, before.snapshot));
      await saveRecord(file, appendCheckpoint(current, facts, { snapshot: before.snapshot, changes }, now));
      const written = writeTree(store, record2.project_dir, Buffer.from(before.snapshot.root, "hex"), root, isLoopkitOwnPath);
      if (written.failed) throw incomplete(record2, target2, undoId, written);
      return [
        `Restored checkpoint ${target2.id} of ${record2.loop_kind} ${record2.loop_id}: ${countLine(restored)}.`,
        ...pathLines(restored, 20).map((line) => `  ${line}`),
        `The tree as it was is checkpoint ${undoId}; undo with: loopkit restore ${record2.loop_id} ${undoId}`,
        ...listed(`Left as they are (${written.left.length}):`, written.left),
        "HEAD, the index, branches and .git are untouched; git status shows the restored files as changes."
      ].join("\n");
    } finally {
      store.close();
    }
  });
}
var indented = (lines) => [
  ...lines.slice(0, 20).map((line) => `  ${line}`),
  ...lines.length > 20 ? [`  ... and ${lines.length - 20} more`] : []
];
var listed = (title, lines) => lines.length ? [title, ...indented(lines)] : [];
function incomplete(record2, target2, undoId, written) {
  const { at, cause } = written.failed;
  const code = cause?.code;
  const why = code === "ENOSPC" || code === "EDQUOT" ? `the disk holding the project is full (${code})` : code === "EROFS" || code === "EACCES" || code === "EPERM" ? `the project's folder cannot be written (${code})` : formatError(cause);
  return new LoopkitError(
    "RESTORE_INCOMPLETE",
    [
      `the restore of checkpoint ${target2.id} stopped at ${at}: ${why}.`,
      ...written.done.length ? [`Restored before it stopped (${written.written} written, ${written.deleted} deleted):`, ...indented(written.done)] : ["Nothing was restored."],
      `Not restored: ${at} and what comes after it in the tree; those files are as they were (no file is half-written, no temp file is left).`,
      ...listed(`Left as they are (${written.left.length}):`, written.left)
    ].join("\n"),
    {
      value: at,
      cause,
      hint: `free some space (or make the folder writable) and run loopkit restore ${record2.loop_id} ${target2.id} again to finish; loopkit restore ${record2.loop_id} ${undoId} puts back the tree as it was before`
    }
  );
}

// src/cli/checkpoints-command.ts
var CHECKPOINTS_HELP = `Usage: loopkit checkpoints [<loop id>] [--json] [--project <dir>] [--plugin-data <dir>]
       loopkit checkpoints export <loop id> [<checkpoint>] --branch <name> [--plugin-data <dir>]

A loop's checkpoints: the project's tree after each iteration (every file, ignored ones included),
kept in loopkit's own record of the project in its data folder, never in the project or its .git.
Without a loop id: the project's loop with the newest checkpoint, and a line for each other loop there.
export writes the checkpoints up to <checkpoint> (default: the last) as commits on a new branch of the
project's repository, chained on HEAD, leaving out what git ignores (HEAD, the index and the working
tree stay as they are).

  <loop id>            the loop (its id is in --status and loopkit history)
  --json               the checkpoint record: every checkpoint with its snapshot, verdict, tokens
                       and files changed, the latest failure
                       (schemas/checkpoints.schema.json)
  --branch <name>      export: the new branch (loopkit never moves an existing one)
  --project <dir>      the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit checkpoints
  loopkit checkpoints loop-1767268800123 --json
  loopkit checkpoints export loop-1767268800123 3 --branch loopkit/try-3
  git diff HEAD loopkit/try-3                 what iteration 3 changed, in plain git

Exit codes: 0, 1 error, 2 usage error, 8 no checkpoints of that loop (an unknown id) or in this project.
`;
function registerCheckpointsCommand(program2, io2) {
  program2.command("checkpoints").configureHelp({ formatHelp: () => CHECKPOINTS_HELP }).description("list a loop's checkpoints (the tree kept after each iteration in loopkit's data folder), or export them to a branch").argument("[words...]", "[<loop id>], or export <loop id> [<checkpoint>]").option("--json", "print the checkpoint record as JSON").option("--branch <name>", "export: the new branch").option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)").option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)").action(async (words, options) => {
    if (words[0] === "export") return exportCommand(words.slice(1), options, io2);
    if (words.length > 1)
      throw new LoopkitError("USAGE", `checkpoints takes one loop id, not ${words.length} words`, {
        value: words,
        hint: "loopkit checkpoints [<loop id>]"
      });
    const loopId = words[0] === void 0 ? void 0 : checkLoopId(words[0]);
    const inv = invocation(options, io2);
    const data = inv.dataDir();
    const all = loopId === void 0 && data !== null ? await projectRecords(data, inv.projectDir()) : [];
    const record2 = loopId === void 0 ? all[0] : data === null ? void 0 : await findRecord(data, loopId);
    if (!record2 || data === null) throw noCheckpoints(loopId);
    if (options.json) {
      io2.stdout(`${JSON.stringify(record2, null, 2)}
`);
      return;
    }
    const others = all.slice(1).map((r) => `  ${r.loop_kind} ${r.loop_id}: ${r.checkpoints.length} checkpoint(s)`);
    io2.stdout(
      `${formatCheckpoints(record2, recordFile(data, record2.project_dir, record2.loop_id))}${others.length ? `Other loops here:
${others.join("\n")}
` : ""}`
    );
  });
}
var noCheckpoints = (loopId) => new LoopkitError("NO_CHECKPOINT", loopId ? `no checkpoints of loop ${loopId}` : "no loop has checkpoints in this project", {
  hint: "checkpoints are taken at each iteration of a loop"
});
async function exportCommand(words, options, io2) {
  const [id, target2, ...extra] = words;
  if (id === void 0 || extra.length || !options.branch) {
    throw new LoopkitError("USAGE", "export takes a loop id, an optional checkpoint and --branch <name>", {
      value: words,
      hint: "loopkit checkpoints export <loop id> [<checkpoint>] --branch <name>"
    });
  }
  const data = invocation(options, io2).dataDir();
  const record2 = data === null ? void 0 : await findRecord(data, checkLoopId(id));
  if (!record2 || data === null) throw noCheckpoints(id);
  const upTo = target2 === void 0 ? lastCheckpoint(record2) : planRestore(record2, target2, null);
  if (!upTo) throw noCheckpoints(id);
  const exported = await exportToBranch(data, record2, upTo, options.branch, io2.now());
  io2.stdout(`${exported.lines.join("\n")}
`);
}

// src/cli/codex-run-command.ts
function registerCodexRunCommand(program2, io2) {
  program2.command("codex-run", { hidden: true }).requiredOption("--project <dir>", "the project root of the loop").requiredOption("--loop <id>", "the loop id auto-loop --codex recorded").action(async (options) => {
    const inv = invocation({ project: options.project }, io2);
    const dataDir = inv.dataDir();
    if (dataDir === null)
      throw new LoopkitError("NO_LOOP", `no running Codex auto-loop ${options.loop}`, {
        value: options.loop,
        hint: "it may have ended or been cancelled; /loopkit:auto-loop --status shows how it stands"
      });
    const ctx = { dataDir, projectDir: inv.projectDir(), env: io2.env, now: io2.now, print: (line) => io2.stdout(`${line}
`) };
    const { result, lines } = await withWord(
      io2,
      "auto-loop",
      loopFiles(dataDir, ctx.projectDir).state,
      () => runCodexFollowerCommand(ctx, options.loop),
      dataDir
    );
    for (const line of lines) io2.stdout(`${line}
`);
    io2.exitCode = result;
  });
}

// src/doctor/checks.ts
import { execFile } from "node:child_process";
import { existsSync as existsSync4, readFileSync } from "node:fs";
import os2 from "node:os";
import path10 from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { promisify } from "node:util";

// src/sandbox/availability.ts
var CHECK_TIMEOUT_MS = 6e4;
async function checkSandbox(projectDir, env, launcher = launcherBesideEntry()) {
  if (!launcher) return { ok: false, reason: "loopkit's sandbox launcher (dist/sandbox-exec.js) is not installed beside it" };
  const spawn3 = await launcherSpawn(launcher, "true", projectDir, env);
  try {
    const { execa: execa2 } = await import("./chunks/execa-6UQVBNIA.js");
    const child = execa2(spawn3.file, spawn3.args, {
      cwd: projectDir,
      env: spawn3.env,
      extendEnv: false,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      all: true,
      reject: false,
      timeout: CHECK_TIMEOUT_MS
    });
    let said = "";
    child.stdio[ANSWER_FD]?.on("data", (chunk) => said += chunk.toString("utf8"));
    const result = await child;
    const answer = readAnswer(said);
    if (answer?.status === "started")
      return result.exitCode === 0 ? { ok: true } : {
        ok: false,
        reason: `\`true\` under the sandbox exited ${result.exitCode ?? "by a signal"}: ${String(result.all ?? "").trim()}`
      };
    if (answer?.status === "unavailable") return { ok: false, reason: answer.reason };
    return {
      ok: false,
      reason: noAnswerReason(result.timedOut ? "timed out" : `exit ${result.exitCode ?? "none"}`, String(result.all ?? ""))
    };
  } finally {
    await spawn3.cleanup();
  }
}

// src/doctor/checks.ts
var run = promisify(execFile);
var TESTED_CLAUDE_VERSIONS = ["2.1.197", "2.1.332"];
var HOOK_EVENTS = {
  Stop: [],
  SessionStart: [],
  UserPromptSubmit: [],
  UserPromptExpansion: ["loopkit:repeat", "loopkit:auto-loop"],
  StopFailure: [],
  SessionEnd: []
};
function runsLoopkitFor(group, names) {
  if (!group.hooks?.some((hook) => hook.args?.some((arg) => arg.endsWith("dist/hook.cjs")))) return false;
  try {
    const matcher = group.matcher ? new RegExp(group.matcher) : null;
    return names.every((name) => !matcher || matcher.test(name));
  } catch {
    return false;
  }
}
async function runChecks(env, statsFile2) {
  const config = env.CLAUDE_CONFIG_DIR || path10.join(env.HOME || os2.homedir(), ".claude");
  return [
    await claudeCheck(env),
    await dataCheck(env),
    statsCheck(statsFile2),
    pluginCheck(config),
    await sandboxCheck(env),
    await codexCheck(env)
  ];
}
async function sandboxCheck(env) {
  const title = "sandbox";
  const scratch = await mkdtemp(path10.join(os2.tmpdir(), "loopkit-doctor-"));
  try {
    const check = await checkSandbox(scratch, env);
    if (check.ok)
      return {
        ok: true,
        title,
        detail: "starts here: a verifier runs under it when the loop's agent is sandboxed, and loopkit run turns it on for its phases"
      };
    const person = await personSandbox(env);
    const required = person.enabled && person.failIfUnavailable;
    const detail2 = `cannot start here: ${check.reason}. ${required ? "Your settings require it (sandbox.failIfUnavailable): loops will not run their verifier" : "A sandboxed agent's verifier would run unsandboxed; loopkit run needs --no-sandbox"}`;
    return required ? { ok: false, title, detail: detail2 } : { ok: false, level: "warn", title, detail: detail2 };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
async function claudeCheck(env) {
  const bin = env.LOOPKIT_CLAUDE_BIN || "claude";
  try {
    const { stdout } = await run(bin, ["--version"], { env, timeout: 2e4, windowsHide: true, shell: process.platform === "win32" });
    const version = /\d+\.\d+\.\d+/.exec(stdout)?.[0];
    if (!version)
      return { ok: false, title: "Claude Code", detail: `"${bin} --version" printed no version: ${stdout.trim().slice(0, 80)}` };
    const oldest = TESTED_CLAUDE_VERSIONS[0];
    if (compareVersions(triple(version), triple(oldest)) < 0) {
      return {
        ok: false,
        title: "Claude Code",
        detail: `${version} (${bin}) is older than ${oldest}, the oldest version loopkit is tested with; hooks it relies on may be missing: upgrade Claude Code`
      };
    }
    const tested = TESTED_CLAUDE_VERSIONS.includes(version);
    return {
      ok: true,
      ...tested ? {} : { level: "warn" },
      title: "Claude Code",
      detail: `${version} (${bin})${tested ? ", a version loopkit is tested with" : `; loopkit is tested with ${TESTED_CLAUDE_VERSIONS.join(" and ")}`}`
    };
  } catch (error) {
    return {
      ok: false,
      title: "Claude Code",
      detail: `"${bin}" could not be run (${error.message.split("\n")[0]}); install it or set LOOPKIT_CLAUDE_BIN`
    };
  }
}
function dataDirNamed({ dir, by, others }) {
  if (by === "holds loopkit state") return dir;
  if (by === "written to last of several")
    return `${dir} (written to last; ${others.join(", ")} holds state too: --plugin-data <dir> or LOOPKIT_DATA_DIR picks it)`;
  return `${dir} (named by ${by})`;
}
async function dataCheck(env) {
  const found = locateDataDir({ env });
  if (found === null)
    return {
      ok: true,
      title: "loopkit data",
      detail: "none yet: no loop has run here (the plugin keeps it in ~/.claude/plugins/data/loopkit-<marketplace>)"
    };
  return {
    ok: true,
    title: "loopkit data",
    detail: `${dataDirNamed(found)}, holding ${megabytes(await dataFolderBytes(found.dir))}; ${pruneRule(prunePolicy(userHome()))}`
  };
}
function statsCheck(file) {
  if (!existsSync4(file)) return { ok: true, title: "stats log", detail: `${file} (not written yet)` };
  try {
    const runs = JSON.parse(readFileSync(file, "utf8")).loop_runs;
    return { ok: true, title: "stats log", detail: `${file} (${Array.isArray(runs) ? runs.length : 0} loop run(s))` };
  } catch (error) {
    return {
      ok: false,
      title: "stats log",
      detail: `${file} is not valid JSON (${error.message}); the next repeat loop keeps it aside and starts a fresh one`
    };
  }
}
function pluginCheck(config) {
  const title = "plugin hooks";
  const installed = readJsonFile(path10.join(config, "plugins", "installed_plugins.json"));
  const ids = Object.keys(installed?.plugins ?? {}).filter((id) => id.split("@")[0] === "loopkit");
  if (ids.length === 0)
    return {
      ok: false,
      level: "warn",
      title,
      detail: "loopkit is not installed as a plugin here (install it with /plugin install, or load a checkout with claude --plugin-dir <dir>)"
    };
  const enabled = readJsonFile(path10.join(config, "settings.json"))?.enabledPlugins ?? {};
  const lines = [];
  let ok = true;
  for (const id of ids) {
    const where = installed.plugins[id][0]?.installPath ?? "";
    const hooks = readJsonFile(path10.join(where, "hooks", "hooks.json"));
    const events = Object.keys(HOOK_EVENTS);
    const registered = events.filter((event) => hooks?.hooks?.[event]?.some((group) => runsLoopkitFor(group, HOOK_EVENTS[event])));
    const missing = events.filter((event) => !registered.includes(event));
    const bundled = existsSync4(path10.join(where, "dist", "hook.cjs"));
    const good = enabled[id] === true && missing.length === 0 && bundled;
    ok &&= good;
    const typed = missing.includes("UserPromptExpansion") ? " (typed /loopkit:repeat and /loopkit:auto-loop do nothing without it)" : "";
    lines.push(
      `${id} ${enabled[id] === true ? "enabled" : "NOT enabled"}, hooks ${registered.join(", ") || "none"}${missing.length ? `, MISSING ${missing.join(", ")}${typed}` : ""}${bundled ? "" : ", dist/hook.cjs missing"} (${where})`
    );
  }
  return { ok, title, detail: lines.join("; ") };
}
async function codexCheck(env) {
  try {
    const codex = await preflightCodex(env);
    const what = `${codex.bin} ${codex.version.join(".")}, goals on`;
    if (!codex.loggedIn) {
      return {
        ok: false,
        level: "warn",
        title: "codex (--codex)",
        detail: `${what}, NOT logged in: --codex needs \`codex login\` (or a model provider of your own with its API key set)`
      };
    }
    return { ok: true, title: "codex (--codex)", detail: `${what}, logged in` };
  } catch (error) {
    return { ok: false, level: "warn", title: "codex (--codex)", detail: `not usable: ${formatError(error)}` };
  }
}
var triple = (version) => version.split(".").map(Number);
function readJsonFile(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return void 0;
  }
}
function formatChecks(checks) {
  const mark = (check) => check.level === "warn" ? "!" : check.ok ? "\u2713" : "\u2717";
  return `${checks.map((check) => `${mark(check)} ${check.title.padEnd(16)} ${check.detail.replace(/\s*\n\s*/g, " ")}`).join("\n")}
`;
}

// src/cli/doctor-command.ts
var DOCTOR_HELP = `Usage: loopkit doctor

Checks, one line each (\u2713 fine, ! worth knowing, \u2717 broken), and changes nothing:
  Claude Code       which claude is on PATH ($LOOPKIT_CLAUDE_BIN) and whether loopkit is tested with
                    its version (${TESTED_CLAUDE_VERSIONS.join(", ")}); an older one is broken (\u2717)
  loopkit data      the data folder terminal commands use (the one that holds loopkit state)
  stats log         ~/.softspark/ai-toolkit/stats.json ($LOOPKIT_STATS_FILE), and whether it reads
  plugin hooks      whether loopkit is installed and enabled as a plugin, its hooks registered
                    (Stop, SessionStart, UserPromptSubmit, StopFailure, SessionEnd)
  sandbox           whether Claude Code's sandbox (bundled as @anthropic-ai/sandbox-runtime) starts
                    here, tried with \`true\` in an empty temp folder: the verifier of a sandboxed
                    agent and loopkit run's phases need it (Linux: bubblewrap, socat, ripgrep)
  codex (--codex)   whether the Codex CLI is usable for --codex ($LOOPKIT_CODEX_BIN) and logged in

  -h, --help        this text

Exit codes: 0 nothing broken, 1 something is (a \u2717 line), 2 usage error.
`;
function registerDoctorCommand(program2, io2) {
  program2.command("doctor").description("check Claude Code, loopkit's data and stats, the plugin's hooks, the sandbox and codex").configureHelp({ formatHelp: () => DOCTOR_HELP }).action(async () => {
    const checks = await runChecks(io2.env, invocation({}, io2).statsFile());
    io2.stdout(formatChecks(checks));
    io2.exitCode = checks.some((check) => !check.ok && check.level !== "warn") ? EXIT.error : EXIT.ok;
  });
}

// src/history/format.ts
import path11 from "node:path";
var clip = (text, width) => text.length > width ? `${text.slice(0, width - 1)}\u2026` : text;
var oneLine = (text) => text.replace(/\s+/g, " ").trim();
var when = (iso) => iso.slice(0, 16).replace("T", " ");
var standing = (run3) => run3.final_status ?? (run3.paused ? "paused" : "running");
var projectName = (dir) => dir ? clip(path11.basename(dir) || dir, 24) : "-";
function formatRuns(runs) {
  if (runs.length === 0) return "No loop has run on this machine yet (or none was recorded where loopkit looks).\n";
  const rows = runs.map((run3) => [
    run3.id,
    run3.kind,
    clip(oneLine(run3.command ?? run3.goal ?? "(goal not recorded)"), 40),
    projectName(run3.project_dir),
    when(run3.started_at),
    formatDuration(run3.duration_ms),
    String(run3.iterations),
    `${run3.passed}/${run3.failed}`,
    standing(run3),
    String(run3.checkpoints),
    run3.tokens === null ? "-" : compactNumber(run3.tokens)
  ]);
  const head = [
    "ID",
    "KIND",
    "COMMAND OR GOAL",
    "PROJECT",
    "STARTED (UTC)",
    "DURATION",
    "ITER",
    "PASS/FAIL",
    "STATUS",
    "CHECKPOINTS",
    "TOKENS"
  ];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd();
  return `${[line(head), ...rows.map(line)].join("\n")}

A run's story on one HTML page: ${reportCommand("<id>")}
`;
}
function formatRun(run3) {
  const s = run3.summary;
  const head = [
    `${s.kind} ${s.id}: ${s.final_status ?? (s.paused ? `paused (${s.paused_reason ?? "its session or runner is gone; not ended"})` : "running")}`,
    `  ${s.command !== null ? "command" : "goal"}: ${oneLine(s.command ?? s.goal ?? "(not recorded)")}`,
    ...s.project_dir ? [`  project: ${s.project_dir}`] : [],
    `  started: ${s.started_at}${s.ended_at ? `, ended ${s.ended_at}` : ""} (${formatDuration(s.duration_ms)})`,
    `  ${s.iterations} iteration(s), ${s.passed} passed, ${s.failed} failed`,
    `  tokens: ${s.tokens === null ? "not counted" : s.tokens}`,
    ...s.checkpoints ? [`  ${s.checkpoints} checkpoint(s): loopkit checkpoints ${s.id}`] : [],
    `  report: ${reportCommand(s.id)} (one HTML page)`,
    ""
  ];
  const width = loopKind(s.kind).history.labelWidth;
  const body = run3.rows.map(
    (row) => `  ${String(row.number).padStart(3)}  ${when(row.at)}  ${row.label.padEnd(width)}  ${row.text}`.trimEnd()
  );
  return `${[...head, ...body.length ? body : ["  no iteration recorded yet"]].join("\n")}
`;
}

// src/history/runs.ts
var RunSummarySchema = object({
  version: literal(1),
  /** The stats log's id (repeat, `loop-<ms>`) or the auto-loop's loop id. */
  id: string(),
  kind: _enum(LOOP_KINDS),
  /** The repeated prompt or /command (repeat), else null. */
  command: string().nullable(),
  /** The goal (auto-loop; null when its start was recorded before goals were), else null. */
  goal: string().nullable(),
  project_dir: string().nullable(),
  started_at: string(),
  ended_at: string().nullable(),
  /** Until ended_at; for a run still going, until now; for a paused one, until its latest record. */
  duration_ms: int().nonnegative(),
  iterations: int().nonnegative(),
  /** Iterations that passed (repeat) or verifier gates passed twice (auto-loop). */
  passed: int().nonnegative(),
  failed: int().nonnegative(),
  /** As in the stats log for repeat (EARLY_SUCCESS, ...), the loop's status for auto-loop; null while it runs. */
  final_status: _enum(ALL_LOOP_KINDS.flatMap((kind) => kind.history.finalStatuses)).nullable(),
  /** Not ended, and its session or runner is gone (a paused repeat loop, an auto-loop whose heartbeat is stale); absent in older outputs. */
  paused: boolean().optional(),
  /** Why it is paused, where loopkit knows (an auto-loop that waits for the person's --resume); absent otherwise. */
  paused_reason: string().optional(),
  /** Checkpoints the loop holds (`loopkit checkpoints <id>`). */
  checkpoints: int().nonnegative(),
  /** What the run cost in tokens (auto-loop: the session's and the audits'); null where it was not counted (repeat runs recorded before loopkit counted them). */
  tokens: int().nonnegative().nullable()
});
var RunListJsonSchema = object({ version: literal(1), runs: array(RunSummarySchema) });
var RunDetailJsonSchema = RunSummarySchema.extend({
  steps: union(ALL_LOOP_KINDS.map((kind) => array(kind.history.stepSchema)))
});
function runDetailJson(run3) {
  return { ...run3.summary, steps: run3.steps };
}
async function listRuns(statsFile2, dataDir, now) {
  const runs = [];
  for (const kind of ALL_LOOP_KINDS) {
    for (const run3 of await kind.history.runs({ statsFile: statsFile2, dataDir }, now)) runs.push(detail(kind.entry.kind, run3));
  }
  const counts = dataDir ? await checkpointCounts(dataDir) : /* @__PURE__ */ new Map();
  return runs.map((run3) => ({ ...run3, summary: { ...run3.summary, checkpoints: counts.get(run3.summary.id) ?? 0 } })).sort((a, b) => b.summary.started_at.localeCompare(a.summary.started_at));
}
function detail(kind, { summary: s, steps, rows }) {
  const summary = {
    version: 1,
    id: s.id,
    kind,
    command: s.command,
    goal: s.goal,
    project_dir: s.project_dir,
    started_at: s.started_at,
    ended_at: s.ended_at,
    duration_ms: s.duration_ms,
    iterations: s.iterations,
    passed: s.passed,
    failed: s.failed,
    final_status: s.final_status,
    paused: s.paused,
    ...s.paused_reason !== void 0 ? { paused_reason: s.paused_reason } : {},
    checkpoints: 0,
    tokens: s.tokens
  };
  return { summary, steps, rows };
}

// src/cli/history-command.ts
var HISTORY_HELP = `Usage: loopkit history [--limit N] [--json] [--plugin-data <dir>]
       loopkit history <id> [--json]

Past runs of both loop kinds on this machine, newest first: repeat loops from the stats log
(~/.softspark/ai-toolkit/stats.json, or $LOOPKIT_STATS_FILE) and what is readable in the copies of it
kept aside as corrupt (stats.json.corrupt-<time>), auto-loops from loopkit's data folder.

  <id>                one run: its iterations (repeat) or its gate history (auto-loop), with summaries
  --limit N           at most N runs (default 20)
  --json              {"version": 1, "runs": [...]} (schemas/history.schema.json); with <id>, that run with its
                      "steps": iterations as in the stats log (repeat) or gate history lines
                      (auto-loop) (schemas/history-run.schema.json)
  --plugin-data <dir> loopkit's data folder (default: the one that holds loopkit state)
  -h, --help          this text

Examples:
  loopkit history
  loopkit history --limit 5 --json
  loopkit history loop-1767268800123

Exit codes: 0, 1 error (e.g. a corrupt stats log, named), 2 usage error, 8 no run with that id.
`;
function registerHistoryCommand(program2, io2) {
  program2.command("history").description("past runs of both loop kinds, newest first, or one run's iterations").argument("[id]", "a run's id").option("--limit <n>", "at most N runs", "20").option("--json", "JSON instead of a table").option("--plugin-data <dir>", "loopkit's data folder").configureHelp({ formatHelp: () => HISTORY_HELP }).action(async (id, options) => {
    const limit = /^\d{1,6}$/.test(options.limit) ? Number(options.limit) : Number.NaN;
    if (!(limit >= 1))
      throw new LoopkitError("USAGE", `invalid --limit "${options.limit}": expected a whole number of at least 1`, {
        value: options.limit
      });
    const inv = invocation({ pluginData: options.pluginData }, io2);
    const runs = await listRuns(inv.statsFile(), inv.dataDir(), io2.now());
    if (id === void 0) {
      const shown2 = runs.slice(0, limit).map((run4) => run4.summary);
      const list = { version: 1, runs: shown2 };
      const data = inv.dataDir();
      io2.stdout(
        options.json ? `${JSON.stringify(list, null, 2)}
` : `${formatRuns(shown2)}${data ? await dataFolderLine(data, prunePolicy(io2.userHome?.() ?? userHome())) : ""}`
      );
      return;
    }
    const run3 = runs.find((candidate) => candidate.summary.id === id);
    if (!run3) throw new LoopkitError("NO_LOOP", `no run with id ${id}`, { value: id, hint: "loopkit history lists the ids" });
    io2.stdout(options.json ? `${JSON.stringify(runDetailJson(run3), null, 2)}
` : formatRun(run3));
  });
}

// src/cli/prune-command.ts
var PRUNE_HELP = `Usage: loopkit prune [--keep N] [--dry-run] [--project <dir>] [--plugin-data <dir>]

Removes the checkpoints of the project's ended loops, one line per loop, then whatever loopkit's
record of the project (its data folder's evidence/) no longer needs: the contents and trees only
those checkpoints held. A running loop's checkpoints and start always stay. At each loop's end loopkit
also prunes by itself: ended loops older than 30 days, and all but each project's newest ended loop
once its data folder holds over 2048 MB (the plugin options keep_days and max_data_mb).

  --keep N             keep the checkpoints of the newest N ended loops (default 0)
  --dry-run            say what would be removed, remove nothing
  --project <dir>      the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit prune --dry-run
  loopkit prune --keep 3

Exit codes: 0, 1 error, 2 usage error.
`;
function registerPruneCommand(program2, io2) {
  program2.command("prune").configureHelp({ formatHelp: () => PRUNE_HELP }).description("remove the checkpoints of ended loops in this project, and what loopkit's record of it no longer needs").option("--keep <n>", "keep the checkpoints of the newest n ended loops", "0").option("--dry-run", "say what would be removed, remove nothing").option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)").option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)").action(async (options) => {
    const keep = Number(options.keep);
    if (!Number.isSafeInteger(keep) || keep < 0)
      throw new LoopkitError("USAGE", `--keep takes a whole number of loops, not "${options.keep}"`, { value: options.keep });
    const inv = invocation(options, io2);
    const data = inv.dataDir();
    const project = inv.projectDir();
    const records = data === null ? [] : await projectRecords(data, project);
    const plan = planPrune(await Promise.all(records.map(async (record2) => ({ record: record2, running: await loopRunning(record2) }))), keep);
    const kept = plan.keep.map(
      (c) => `kept the ${c.record.checkpoints.length} checkpoint(s) of ${c.record.loop_kind} ${c.record.loop_id}${c.running ? " (loop still running)" : ""}`
    );
    if (data === null || plan.remove.length === 0) {
      io2.stdout(`Nothing to prune in ${project}.${kept.length ? `
${kept.join("\n")}` : ""}
`);
      return;
    }
    const still = [...plan.keep.flatMap((c) => recordSnapshots(c.record)), ...await runningLoopStart(data, project)];
    const removed = options.dryRun ? plan.remove.map((r) => `would remove the ${r.checkpoints.length} checkpoint(s) of ${r.loop_kind} ${r.loop_id}`) : await applyPrune(data, project, plan.remove, still);
    io2.stdout(`${[...removed, ...kept].join("\n")}
`);
  });
}

// src/cli/repeat-command.ts
import path18 from "node:path";

// src/repeat/block-cap.ts
var DEFAULT_CAP = 8;
function blockCapWarning(command, maxIterations, env) {
  if (splitSlashCommand(command)) return null;
  const raw = env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP;
  const cap = raw !== void 0 && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Math.floor(Number(raw)) : DEFAULT_CAP;
  if (cap <= 0 || maxIterations - 1 <= cap) return null;
  return `Claude Code ends a turn after ${cap} Stop-hook continuations in a row that ran no tool, so if these iterations use no tool the loop pauses after iteration ${cap + 1} (resume it with /loopkit:repeat --resume). To lift that limit, start Claude Code with CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=0.`;
}

// src/repeat/help.ts
var REPEAT_HELP = `Usage: /loopkit:repeat [interval] <prompt or /command> [--iterations N]
       /loopkit:repeat --status [--json] | --cancel | --resume | --help
       loopkit repeat [interval] <prompt or /command> [--iterations N] [--fresh] [--timeout D] [--detach] [-- <claude options>]
       loopkit repeat --status [--json] | --cancel | --resume [--detach]

Runs a prompt or a slash command again and again on a real timer: in the Claude Code session that
started it (/loopkit:repeat), or, typed in a terminal, as a loop of its own whose every iteration is
a \`claude -p\` turn in the project (loopkit repeat). The rules, records and status are the same.

  interval          the pause from one iteration's end to the next one's start: 90s, 5m,
                    1h30m (default 10m; under 1m is raised to 1m; at most 24h). Only a leading
                    interval counts. The session stays yours while the loop waits.
  <prompt>          text for the model, e.g. "check deploy status" (quotes group words;
                    nothing in it is ever run by a shell)
  </command>        a slash command, run as that command each iteration, e.g. /test
  --iterations N    at most N iterations, a whole number from 1 to 1000 (default 5)
  --                in the skill: everything after it is the command, flags and all, e.g. -- /lint --fix
  --status          the loop of this session (or project): command, interval, i/N, results, next run
  --json            with --status: the same as one JSON object (schemas/repeat-status.schema.json)
  --cancel          stop the loop at once, also while it waits (status CANCELLED)
  --resume          continue a loop that was paused (its waiting hook was killed, its session ended;
                    from a terminal: its runner stopped, the machine restarted); the next iteration runs now
  -h, --help        this text

From a terminal (no --session): the loop runs in this process and prints a line per iteration
(number, result, summary, time of the next run) and a last line, then exits with its status's code.
Ctrl-C, or closing the terminal, pauses it; --resume goes on. It waits without a model call.
  --fresh           a fresh claude conversation each iteration (default: one conversation, so each
                    iteration sees the ones before it)
  --timeout <d>     stop an iteration's claude once it has run this long (90s, 20m, 2h); the
                    iteration counts as failed and the loop goes on (default: no limit)
  --detach          run it in a process of its own that outlives the terminal (its own session, no
                    controlling terminal); its output goes to a log in loopkit's data folder, named
                    at the start and by --status. One such loop per project.
  -- <options>      the rest goes to each iteration's claude, e.g. -- --model sonnet --allowedTools Bash
                    (quote a command with flags of its own: "/lint --fix"); loopkit sets -p, --resume,
                    --session-id and --output-format itself. The claude binary is $LOOPKIT_CLAUDE_BIN,
                    else claude on PATH; binary and options are fixed at the start.
  --project <dir>   the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --session <id>    the Claude Code session whose loop to act on (default: the project's active loop)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)

Examples:
  /loopkit:repeat 5m /test                   the /test command every 5 minutes, 5 times at most
  /loopkit:repeat 10m "check deploy status"  a prompt
  /loopkit:repeat 2m --iterations 10 /lint
  /loopkit:repeat 5m -- /lint --fix
  loopkit repeat 10m /review --iterations 12 --detach -- --model sonnet
  loopkit repeat 30m --fresh --timeout 20m "check the nightly build" -- --allowedTools Bash
  loopkit repeat --status --project ~/src/app

An option given twice is a usage error, and so is --help with anything else.

Each iteration must end its final message with a line "REPEAT-RESULT: pass" or
"REPEAT-RESULT: fail", optionally followed by " - <one-line summary>"; a missing or malformed
line counts as a failure. The loop ends:
  EARLY_SUCCESS     an iteration passed and said DONE, COMPLETE, ALL PASS, ALL TESTS PASSED or SUCCESS
  CIRCUIT_BREAKER   3 failures in a row, or at once when Claude Code's credentials are refused
  COMPLETED         N iterations ran and the last one passed
  MAX_ITERATIONS    N iterations ran and the last one failed
  CANCELLED         --cancel
  ERROR             loopkit's own Stop hook failed (the reason is shown); the loop is ended, never left running

Every loop is recorded in loop_runs of ~/.softspark/ai-toolkit/stats.json ($LOOPKIT_STATS_FILE);
\`loopkit history\` lists them.

Exit codes from a terminal: 0 done (--status and a loop run from a terminal: COMPLETED or EARLY_SUCCESS;
--detach: the runner started), 1 error, 2 usage error, 3 running or waiting (--status), 4 MAX_ITERATIONS
or CIRCUIT_BREAKER, 5 paused, 7 CANCELLED, 1 ERROR, 8 no loop (also a --cancel or --resume with nothing
to act on). Inside Claude Code, --status and --cancel exit 0.
`;

// src/repeat/start.ts
import { existsSync as existsSync5 } from "node:fs";
async function startLoop2(ctx, sessionId, request) {
  if (sessionId.startsWith(TERMINAL_KEY_PREFIX))
    throw new LoopkitError("USAGE", `${sessionId} is the key of a loop run from a terminal, not a Claude Code session`, {
      value: sessionId,
      hint: "start a loop from a terminal without --session"
    });
  const file = repeatStateFile(ctx.dataDir, sessionId);
  return withLock(file, async () => {
    const notes = [...request.warnings];
    const existing = await loadState2(file, ctx.now).catch((error) => {
      if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
      notes.push(`loopkit's previous repeat state for this session was corrupt: ${error.message}.`);
      return void 0;
    });
    if (existing && isActive(existing)) {
      throw new LoopkitError(
        "LOOP_ACTIVE",
        `this session already runs a repeat loop: ${JSON.stringify(existing.command)}, iteration ${existing.iteration}/${existing.max_iterations} (${existing.phase})`,
        {
          value: existing.loop_id,
          hint: existing.phase === "paused" ? "go on with it with /loopkit:repeat --resume, or end it with /loopkit:repeat --cancel first" : "see /loopkit:repeat --status, or end it with /loopkit:repeat --cancel first"
        }
      );
    }
    await refuseOtherLoopKinds(ctx.dataDir, sessionId);
    const created = await recordNewLoop(ctx, file, newLoopState(ctx, sessionId, request, null));
    await writeMarker2(ctx.dataDir, created.state, file, ctx.now);
    return startText(created.state, [...notes, ...created.warnings]);
  });
}
function newLoopState(ctx, sessionId, request, terminal) {
  const now = ctx.now.toISOString();
  return {
    version: 1,
    loop_id: newLoopId(ctx.now),
    session_id: sessionId,
    project_dir: ctx.projectDir,
    command: request.command,
    interval_ms: request.intervalMs,
    max_iterations: request.maxIterations,
    stats_file: ctx.statsFile,
    started_at: now,
    phase: "running",
    iteration: 1,
    iteration_started_at: now,
    next_at: null,
    wait_token: null,
    wait_owner: null,
    prompt_id: null,
    consecutive_failures: 0,
    iterations: [],
    final_status: null,
    ended_at: null,
    transcript_cursor: null,
    person_wrote: false,
    terminal
  };
}
async function recordNewLoop(ctx, file, draft) {
  const started = await snapshotAtStart(ctx.dataDir, draft.project_dir);
  const created = await saveLoopRun(ctx.statsFile, loopRunOf(draft), "create", ctx.now);
  const state = { ...draft, loop_id: created.id };
  await saveState(file, state);
  const notes = await recordStart(ctx.dataDir, state, file, started, ctx.now);
  return { state, warnings: [...created.warnings, ...notes] };
}
async function refuseOtherLoopKinds(data, sessionId) {
  const markerFile = sessionMarkerPath(data, sessionId);
  if (!existsSync5(markerFile)) return;
  const marker = await readJson(markerFile, SessionMarkerSchema).catch(() => void 0);
  if (marker?.exists && marker.value.kind === "repeat") return;
  throw new LoopkitError("LOOP_ACTIVE", "this session already drives an auto-loop", {
    value: sessionId,
    hint: "wait for it to end, or cancel it with /loopkit:auto-loop --cancel first"
  });
}
async function findLoop(ctx, sessionId) {
  if (sessionId) return repeatStateFile(ctx.dataDir, sessionId);
  const active = (await projectLoops(ctx.dataDir, ctx.projectDir)).filter((loop) => isActive(loop.state));
  if (active.length === 0)
    throw new LoopkitError("NO_LOOP", `no active repeat loop in ${ctx.projectDir}`, { hint: "see /loopkit:repeat --status" });
  if (active.length > 1) {
    const list = active.map((loop) => `${loop.state.session_id} (${JSON.stringify(loop.state.command)})`).join(", ");
    throw new LoopkitError("USAGE", `${active.length} repeat loops are active in ${ctx.projectDir}: ${list}`, {
      hint: "choose one with --session <id>"
    });
  }
  return active[0].file;
}
async function cancelLoop2(ctx, file) {
  return withLock(file, async () => {
    const state = await loadState2(file, ctx.now);
    if (!state || !isActive(state)) {
      throw new LoopkitError("NO_LOOP", `no active repeat loop to cancel${state ? ` (the last one ended ${state.final_status})` : ""}`, {
        hint: "see /loopkit:repeat --status"
      });
    }
    const ended = endLoop(state, "CANCELLED", ctx.now);
    await saveState(file, ended);
    const saved = await saveLoopRun(ended.stats_file, loopRunOf(ended), "update", ctx.now);
    await removeSessionMarker(ctx.dataDir, ended.session_id, ended.loop_id);
    return [...saved.warnings, summaryLine(ended, ctx.now), ""].join("\n");
  });
}
async function resumeLoop(ctx, sessionId) {
  const file = repeatStateFile(ctx.dataDir, sessionId);
  return withLock(file, async () => {
    const state = await loadState2(file, ctx.now);
    if (state?.terminal) {
      throw new LoopkitError("USAGE", "this repeat loop runs from a terminal, not in a Claude Code session", {
        value: state.loop_id,
        hint: "resume it with loopkit repeat --resume in a terminal"
      });
    }
    if (!state || state.phase !== "paused" && state.phase !== "waiting") {
      throw new LoopkitError(
        "NO_LOOP",
        `no paused repeat loop in this session${state ? ` (it is ${state.phase === "ended" ? `ended ${state.final_status}` : state.phase})` : ""}`,
        {
          hint: "see /loopkit:repeat --status"
        }
      );
    }
    const next = resumeState(state, ctx.now);
    await saveState(file, next);
    await writeMarker2(ctx.dataDir, next, file, ctx.now);
    return `loopkit repeat resumed (${next.loop_id}).

${iterationPrompt(next)}
`;
  });
}

// src/repeat/terminal.ts
function onTurnEnd(state, turn, now, waitToken, tokens = null) {
  const usage2 = tokens === null ? null : { tokens, transcriptCursor: null, personMessages: [] };
  if (turn.kind === "api-error") return onApiError(state, { now, promptId: null, error: turn.error, waitToken, usage: usage2 });
  const step = onStop(state, { now, promptId: null, lastMessage: turn.message, waitToken, usage: usage2 });
  if (turn.message !== null || !turn.why || !step.state) return step;
  const iterations = step.state.iterations.map(
    (it) => it.number === state.iteration ? { ...it, summary: `${turn.why}; so no REPEAT-RESULT line` } : it
  );
  return { ...step, state: { ...step.state, iterations } };
}
function pauseRunner(state) {
  if (state.phase === "running") return pauseLostIteration(state);
  if (state.phase === "waiting") return pauseLoop(state);
  return null;
}
function nextConversation(terminal, newSessionId) {
  if (!terminal.fresh && terminal.conversation?.begun) return { terminal, resume: true };
  return { terminal: { ...terminal, conversation: { session_id: newSessionId(), begun: false } }, resume: false };
}
function conversationBegun(terminal) {
  return terminal.conversation && !terminal.conversation.begun ? { ...terminal, conversation: { ...terminal.conversation, begun: true } } : terminal;
}
var isOrphaned = (state, runnerAlive2) => state.terminal !== null && (state.phase === "running" || state.phase === "waiting") && !runnerAlive2;

// src/repeat/status.ts
var RepeatStatusSchema = object({
  version: literal(1),
  active: boolean(),
  /** The phase of an active loop, the final status of an ended one, or "none". */
  status: _enum(["running", "waiting", "paused", ...FINAL_STATUSES, "none"]),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: int(),
  loop_id: string().nullable(),
  session_id: string().nullable(),
  project_dir: string(),
  command: string().nullable(),
  interval: string().nullable(),
  interval_ms: int().nullable(),
  iteration: int(),
  max_iterations: int().nullable(),
  results: array(_enum(["pass", "fail"])),
  passes: int(),
  failures: int(),
  consecutive_failures: int(),
  last_summary: string().nullable(),
  /** The tokens of the iterations counted so far (each API message once, subagents included); null when none was counted. */
  tokens_used: int().nullable(),
  /** Each recorded iteration's tokens, in order (null: that one was not counted). */
  iteration_tokens: array(int().nullable()),
  next_at: string().nullable(),
  started_at: string().nullable(),
  ended_at: string().nullable(),
  elapsed_ms: int(),
  /** Who drives the loop: its Claude Code session's hooks, or `loopkit repeat` from a terminal; null with no loop. */
  driver: _enum(["session", "terminal"]).nullable(),
  /**
   * A terminal loop's runner process, and how it stands: running (it holds the loop's lock), stopped
   * (the loop paused or ended, as it should), gone (the loop would go on, but nothing drives it: the
   * machine restarted, the process was killed); null for a session's loop.
   */
  runner_pid: int().nullable(),
  runner: _enum(["running", "stopped", "gone"]).nullable(),
  /** A detached runner's output, in loopkit's data folder; null otherwise. */
  log_file: string().nullable(),
  /** A terminal loop's Claude Code session (with fresh, the latest iteration's); null otherwise. */
  conversation_id: string().nullable(),
  fresh: boolean().nullable(),
  /** A terminal loop's --timeout: how long an iteration's claude may run; null without one. */
  iteration_timeout_ms: int().positive().nullable(),
  ...CheckpointSummaryShape
});
var REPEAT_EXIT_CODES = {
  running: EXIT.running,
  waiting: EXIT.running,
  paused: EXIT.blocked,
  EARLY_SUCCESS: EXIT.ok,
  COMPLETED: EXIT.ok,
  MAX_ITERATIONS: EXIT.unmet,
  CIRCUIT_BREAKER: EXIT.unmet,
  CANCELLED: EXIT.cancelled,
  ERROR: EXIT.error,
  none: EXIT.noLoop
};
function repeatStatus(projectDir, state, now, checkpoints = summarize(void 0), runnerAlive2 = true) {
  if (!state) {
    return {
      version: 1,
      active: false,
      status: "none",
      exit_code: EXIT.noLoop,
      loop_id: null,
      session_id: null,
      project_dir: projectDir,
      command: null,
      interval: null,
      interval_ms: null,
      iteration: 0,
      max_iterations: null,
      results: [],
      passes: 0,
      failures: 0,
      consecutive_failures: 0,
      last_summary: null,
      tokens_used: null,
      iteration_tokens: [],
      next_at: null,
      started_at: null,
      ended_at: null,
      elapsed_ms: 0,
      driver: null,
      runner_pid: null,
      runner: null,
      log_file: null,
      conversation_id: null,
      fresh: null,
      iteration_timeout_ms: null,
      ...checkpoints
    };
  }
  const results = state.iterations.map((it) => it.result);
  const passes = results.filter((r) => r === "pass").length;
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  const orphaned = isOrphaned(state, runnerAlive2);
  const status = state.phase === "ended" ? state.final_status ?? "CANCELLED" : orphaned ? "paused" : state.phase;
  const terminal = state.terminal;
  return {
    version: 1,
    active: isActive(state),
    status,
    exit_code: REPEAT_EXIT_CODES[status],
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    interval_ms: state.interval_ms,
    iteration: state.iteration,
    max_iterations: state.max_iterations,
    results,
    passes,
    failures: results.length - passes,
    consecutive_failures: state.consecutive_failures,
    last_summary: state.iterations[state.iterations.length - 1]?.summary ?? null,
    tokens_used: repeatTokens(state),
    iteration_tokens: state.iterations.map((it) => it.tokens),
    next_at: orphaned ? null : state.next_at,
    started_at: state.started_at,
    ended_at: state.ended_at,
    elapsed_ms: Math.max(0, end - Date.parse(state.started_at)),
    driver: terminal ? "terminal" : "session",
    runner_pid: terminal?.pid ?? null,
    runner: !terminal ? null : orphaned ? "gone" : runnerAlive2 && isActive(state) && state.phase !== "paused" ? "running" : "stopped",
    log_file: terminal?.log_file ?? null,
    conversation_id: terminal?.conversation?.session_id ?? null,
    fresh: terminal?.fresh ?? null,
    iteration_timeout_ms: terminal?.iteration_timeout_ms ?? null,
    ...checkpoints
  };
}
function formatStatus2(s, now) {
  if (s.status === "none") return `repeat: no loop has run in ${s.project_dir} on this machine.
`;
  const head = s.active ? `repeat ${s.status}: iteration ${s.iteration}/${s.max_iterations}` : `repeat ended ${s.status} after ${s.results.length} iteration(s)`;
  const lines = [
    head,
    `  command:  ${s.command}`,
    `  interval: ${s.interval}`,
    `  results:  ${s.results.length ? s.results.join(" ") : "none yet"} (${s.passes} passed, ${s.failures} failed)`,
    ...s.last_summary ? [`  last:     ${s.last_summary}`] : [],
    `  tokens:   ${tokensLine(s)}`,
    ...s.next_at ? [`  next run: ${s.next_at} (in ${formatDuration(Date.parse(s.next_at) - now.getTime())})`] : [],
    `  elapsed:  ${formatDuration(s.elapsed_ms)}`,
    ...s.driver === "terminal" ? terminalLines(s) : [`  session:  ${s.session_id}`],
    ...summaryLines(s, s.loop_id),
    ...s.status === "paused" ? [resumeAdvice(s)] : []
  ];
  return `${lines.join("\n")}
`;
}
function tokensLine(s) {
  if (s.tokens_used === null) return s.results.length ? "not counted" : "none yet";
  const each = s.iteration_tokens.map((tokens, i) => `${i + 1}: ${tokens ?? "not counted"}`);
  return `${s.tokens_used}${each.length > 1 ? ` (${each.join(", ")})` : ""}`;
}
var control = (s) => controlCommand(s.driver === "terminal");
function resumeAdvice(s) {
  if (s.driver === "terminal") return `  resume with ${control(s)} --resume [--detach], or end it with ${control(s)} --cancel`;
  return `  resume with ${control(s)} --resume in its own session (another session cannot; \`claude --resume ${s.session_id}\` reopens it), or end it with ${control(s)} --cancel there, or with \`loopkit repeat --cancel\` in a terminal in the project`;
}
function terminalLines(s) {
  const where = `${s.log_file ? "detached" : "in a terminal"}, pid ${s.runner_pid}`;
  const runner = s.runner === "gone" ? `gone (pid ${s.runner_pid} no longer runs it: the machine restarted, or the process was killed)` : `${where}, ${s.runner === "running" ? "running" : s.active ? "stopped" : "done"}`;
  const conversation = s.fresh ? "a fresh one each iteration; the latest" : "one for the whole loop";
  return [
    `  runner:   ${runner}`,
    ...s.log_file ? [`  log:      ${s.log_file}`] : [],
    ...s.conversation_id ? [`  conversation: ${s.conversation_id} (${conversation}; claude --resume ${s.conversation_id} opens it)`] : [],
    ...s.iteration_timeout_ms ? [`  timeout:  an iteration's claude is stopped after ${formatDuration(s.iteration_timeout_ms)} (--timeout)`] : []
  ];
}

// src/repeat/prune.ts
import { promises as fs5 } from "node:fs";
import path12 from "node:path";
var KEEP_ENDED = 20;
async function pruneEndedLoops(dataDir, keep = KEEP_ENDED) {
  const dir = repeatStateDir(dataDir);
  const names = (await fs5.readdir(dir).catch(() => [])).filter((name) => name.endsWith(".json"));
  const ended = [];
  for (const name of names) {
    const file = path12.join(dir, name);
    const read = await readJson(file, RepeatStateSchema).catch(() => void 0);
    if (read?.exists && read.value.phase === "ended") ended.push({ file, endedAt: read.value.ended_at ?? read.value.started_at });
  }
  ended.sort((a, b) => b.endedAt.localeCompare(a.endedAt));
  let removed = 0;
  for (const { file } of ended.slice(keep)) {
    const gone = await withLock(file, async () => {
      const read = await readJson(file, RepeatStateSchema).catch(() => void 0);
      if (!(read?.exists && read.value.phase === "ended")) return false;
      await fs5.rm(file, { force: true });
      return true;
    }).catch(() => false);
    if (gone) removed += 1;
  }
  return removed;
}

// src/cli/repeat-terminal.ts
import { randomUUID as randomUUID5 } from "node:crypto";
import path17 from "node:path";
import { setTimeout as delay } from "node:timers/promises";

// src/repeat/terminal-start.ts
import { randomUUID as randomUUID3 } from "node:crypto";
async function activeTerminalLoop(dataDir, projectDir) {
  return (await projectLoops(dataDir, projectDir)).find((loop) => loop.state.terminal !== null && isActive(loop.state));
}
async function startTerminalLoop(ctx, request, terminal) {
  const other = await activeTerminalLoop(ctx.dataDir, ctx.projectDir);
  if (other) throw activeError(other.state);
  const key = `${TERMINAL_KEY_PREFIX}${randomUUID3()}`;
  const file = repeatStateFile(ctx.dataDir, key);
  const created = await withLock(file, () => recordNewLoop(ctx, file, newLoopState(ctx, key, request, terminal)));
  return { file, ...created };
}
function activeError(state) {
  return new LoopkitError(
    "LOOP_ACTIVE",
    `a repeat loop run from a terminal is active in ${state.project_dir}: ${JSON.stringify(state.command)}, iteration ${state.iteration}/${state.max_iterations} (${state.phase})`,
    {
      value: state.loop_id,
      hint: "see loopkit repeat --status; go on with it with loopkit repeat --resume, or end it with loopkit repeat --cancel first"
    }
  );
}
async function resumeTerminalLoop(ctx, runner) {
  const found = await activeTerminalLoop(ctx.dataDir, ctx.projectDir);
  if (!found) {
    const session = (await projectLoops(ctx.dataDir, ctx.projectDir)).find((loop) => isActive(loop.state));
    throw new LoopkitError("NO_LOOP", `no repeat loop run from a terminal to resume in ${ctx.projectDir}`, {
      hint: session ? `the active loop there belongs to Claude Code session ${session.state.session_id}: resume it there with /loopkit:repeat --resume` : "see loopkit repeat --status"
    });
  }
  return withLock(found.file, async () => {
    const state = await loadState2(found.file, ctx.now);
    if (!state?.terminal || !isActive(state))
      throw new LoopkitError("NO_LOOP", "the loop ended meanwhile", { hint: "see loopkit repeat --status" });
    const next = { ...resumeState(state, ctx.now), terminal: runner(state.terminal) };
    await saveState(found.file, next);
    return { file: found.file, state: next };
  });
}

// src/run/claude-phase.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { promises as fs6 } from "node:fs";
import path14 from "node:path";
import { StringDecoder } from "node:string_decoder";

// src/run/phase-settings.ts
import { readFileSync as readFileSync2 } from "node:fs";
import path13 from "node:path";
function takeSettingsOption(claudeArgs, cwd) {
  const rest = [];
  let settings = null;
  for (let i = 0; i < claudeArgs.length; i++) {
    const word = claudeArgs[i];
    if (word !== "--settings" && !word.startsWith("--settings=")) {
      rest.push(word);
      continue;
    }
    const value = word === "--settings" ? claudeArgs[++i] : word.slice("--settings=".length);
    if (value === void 0 || value === "")
      throw new LoopkitError("USAGE", "--settings (after --) needs a file or a JSON object", {
        hint: "e.g. -- --settings ./ci-settings.json"
      });
    settings = { ...settings ?? {}, ...readSettings2(value, cwd) };
  }
  return { settings, rest };
}
function readSettings2(value, cwd) {
  const trimmed = value.trim();
  let text = trimmed;
  if (!trimmed.startsWith("{")) {
    try {
      text = readFileSync2(path13.resolve(cwd, trimmed), "utf8");
    } catch (error) {
      throw new LoopkitError("USAGE", `--settings ${value}: ${error.message}`, {
        value,
        hint: "give a settings file that exists, or a JSON object"
      });
    }
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new LoopkitError("USAGE", `--settings ${value} is not valid JSON: ${error.message}`, {
      value,
      hint: "Claude Code's --settings takes a settings file or a JSON object"
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new LoopkitError("USAGE", `--settings ${value} is not a JSON object`, { value });
  return parsed;
}
var objectOr = (value) => typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
function phaseSettings(theirs, own) {
  const base = theirs ?? {};
  return {
    ...base,
    env: { ...objectOr(base.env), LOOPKIT_DATA_DIR: own.dataDir },
    ...own.sandbox ? { sandbox: { ...objectOr(base.sandbox), ...own.sandbox } } : {}
  };
}

// src/run/claude-phase.ts
var KEEP_BYTES = 32 * 1024;
var KEEP_LOGS = 20;
var TAIL_LINES = 12;
var TAIL_BYTES = 2e3;
function phaseArgs(run3) {
  const settings = JSON.stringify(phaseSettings(run3.settings, { dataDir: run3.dataDir, sandbox: run3.sandbox }));
  return [
    "-p",
    run3.resume ? "--resume" : "--session-id",
    run3.sessionId,
    "--settings",
    settings,
    ...run3.pluginDir ? ["--plugin-dir", run3.pluginDir] : [],
    ...run3.claudeArgs
  ];
}
async function runClaudePhase(run3) {
  const bin = run3.bin ?? (run3.env.LOOPKIT_CLAUDE_BIN || "claude");
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  const { execa: execa2 } = await import("./chunks/execa-6UQVBNIA.js");
  await endOrphanedRuns();
  const tag = randomUUID4();
  const endSentinel = guardRunWithSentinel(tag);
  const child = execa2(bin, phaseArgs(run3), {
    cwd: run3.projectDir,
    env: { ...run3.env, ...runTagEnv(tag) },
    extendEnv: false,
    input: run3.prompt,
    buffer: false,
    all: true,
    reject: false,
    cleanup: true,
    timeout: run3.timeoutMs,
    forceKillAfterDelay: 5e3,
    ...run3.signal ? { cancelSignal: run3.signal } : {}
  });
  const leftover = new Promise((resolve) => {
    child.once("exit", () => resolve(killTagged(tag)));
    child.once("error", () => resolve(killTagged(tag)));
  });
  child.all?.on("data", (chunk) => output.push(chunk));
  if (run3.onLine) readLines(child.stdout, run3.onLine);
  const result = await child;
  await leftover;
  endSentinel();
  await saveLog(run3.logFile, output.text()).catch(() => void 0);
  const failure = result.failed && result.exitCode === void 0 && !result.timedOut && !result.isCanceled ? `could not run ${bin}: ${result.shortMessage}` : null;
  const tail = output.last(TAIL_BYTES).split("\n").slice(-TAIL_LINES).join("\n");
  return { exitCode: result.exitCode ?? null, timedOut: Boolean(result.timedOut), failure, tail };
}
var MAX_LINE_CHARS = 16 * 1024 * 1024;
function readLines(stream, onLine) {
  if (!stream) return;
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let dropping = false;
  stream.on("data", (chunk) => {
    const lines = (pending + decoder.write(chunk)).split("\n");
    pending = lines.pop();
    for (const line of lines) {
      if (!dropping) onLine(line);
      dropping = false;
    }
    if (pending.length > MAX_LINE_CHARS) {
      pending = "";
      dropping = true;
    }
  });
  stream.on("end", () => {
    const last = pending + decoder.end();
    if (last && !dropping) onLine(last);
  });
}
async function saveLog(file, text) {
  await fs6.mkdir(path14.dirname(file), { recursive: true });
  await writeFileAtomic(file, text);
  await keepNewestLogs(path14.dirname(file), KEEP_LOGS);
}
async function keepNewestLogs(dir, keep) {
  const logs = (await fs6.readdir(dir)).filter((name) => name.endsWith(".log")).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - keep)).map((name) => fs6.rm(path14.join(dir, name), { force: true })));
}

// src/run/repeat-runner.ts
import path15 from "node:path";

// src/run/claude-stream.ts
function turnReader() {
  const seen = { began: false, messageIds: /* @__PURE__ */ new Set(), streamTokens: null, resultTokens: null, apiError: null, result: null };
  return {
    push(line) {
      const event = parseEvent(line);
      if (event) take(seen, event);
    },
    end(now) {
      const counted = [seen.streamTokens, seen.resultTokens].filter((tokens) => tokens !== null);
      const end = endOf(seen, now);
      return { end, began: seen.began, detail: detailOf(seen, end), tokens: counted.length ? Math.max(...counted) : null };
    }
  };
}
function parseEvent(line) {
  if (!line.startsWith("{")) return null;
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}
function take(seen, event) {
  if (event.type === "assistant") countMessage(seen, event.message);
  if (event.type === "assistant" && (event.parent_tool_use_id ?? null) === null) {
    seen.began = true;
    seen.apiError = typeof event.error === "string" ? { kind: event.error, text: textOf(event.message) } : null;
  } else if (event.type === "result") {
    const errors = Array.isArray(event.errors) ? event.errors.filter((e) => typeof e === "string") : [];
    seen.result = { isError: event.is_error === true, text: typeof event.result === "string" ? event.result : null, errors };
    if (typeof event.usage === "object" && event.usage !== null) seen.resultTokens = usageTokens(event.usage);
  }
}
function countMessage(seen, message) {
  const { id, usage: usage2 } = message ?? {};
  if (typeof id !== "string" || seen.messageIds.has(id) || typeof usage2 !== "object" || usage2 === null) return;
  seen.messageIds.add(id);
  seen.streamTokens = (seen.streamTokens ?? 0) + usageTokens(usage2);
}
function textOf(message) {
  const content = message?.content;
  if (!Array.isArray(content)) return "";
  return content.filter((block) => block?.type === "text" && typeof block.text === "string").map((block) => block.text).join("\n");
}
function endOf(seen, now) {
  if (seen.apiError) return { kind: "api-error", error: apiErrorOf(seen.apiError.kind, seen.result?.text ?? seen.apiError.text, now) };
  const failed = seen.result?.isError ? apiErrorOf(null, seen.result.errors[0] ?? seen.result.text, now) : null;
  if (failed?.credentialsRefused) return { kind: "api-error", error: failed };
  if (seen.result && !seen.result.isError) return { kind: "answer", message: seen.result.text };
  return { kind: "answer", message: null };
}
function detailOf(seen, end) {
  if (end.kind === "api-error" || seen.result && !seen.result.isError) return null;
  if (seen.result) return seen.result.errors[0] ?? seen.result.text ?? "claude reported an error";
  return null;
}

// src/run/repeat-runner.ts
var POLL_MS2 = 1e3;
var STREAM_ARGS = ["--output-format", "stream-json", "--verbose"];
async function driveRepeat(ctx, file) {
  for (; ; ) {
    const state = await loadState2(file, ctx.now());
    if (!state?.terminal)
      throw new LoopkitError("NO_LOOP", `the repeat loop's state ${file} is gone or is not a terminal loop's`, {
        hint: "see loopkit repeat --status"
      });
    if (state.phase === "ended") {
      ctx.print(summaryLine(state, ctx.now()));
      return REPEAT_EXIT_CODES[state.final_status ?? "CANCELLED"];
    }
    if (ctx.stop.aborted || state.phase === "paused") return pause(ctx, file);
    if (state.phase === "waiting") await waitForNext(ctx, file, state);
    else await runIteration(ctx, file, state);
  }
}
async function pause(ctx, file) {
  const why = ctx.stop.aborted ? `its runner was stopped (${String(ctx.stop.reason ?? "a signal")})` : "it was paused";
  const change = await withLock(file, async () => {
    const state = await loadState2(file, ctx.now());
    const next = state && pauseRunner(state);
    if (next) await saveState(file, next);
    return { before: state, after: next ?? state };
  });
  const paused = change.after;
  if (paused?.phase === "ended") {
    ctx.print(summaryLine(paused, ctx.now()));
    return REPEAT_EXIT_CODES[paused.final_status ?? "CANCELLED"];
  }
  if (paused) ctx.print(pausedLine(paused, why));
  if (change.before && paused) for (const line of await ctx.tell(change.before, paused)) ctx.print(line);
  return EXIT.blocked;
}
async function waitForNext(ctx, file, state) {
  const token = state.wait_token ?? "";
  const now = ctx.now();
  const wait = waitOf(spanLeft(new Date(state.next_at ?? now), now, plannedWaitMs(state)), () => (ctx.monotonicMs ?? monotonicMs)());
  while (!ctx.stop.aborted && wait.left() > 0) {
    await ctx.sleep(Math.min(POLL_MS2, wait.left()));
    if (!waitGoesOn(await loadState2(file, ctx.now()).catch(() => void 0), token)) return;
  }
  if (ctx.stop.aborted) return;
  await withLock(file, async () => {
    const current = await loadState2(file, ctx.now());
    if (!current) return;
    const step = afterWait(current, { now: ctx.now(), token, interrupted: false });
    if (step.state) await saveState(file, step.state);
  });
}
var stillRunning = (latest, state) => latest?.phase === "running" && latest.loop_id === state.loop_id && latest.iteration === state.iteration && latest.iteration_started_at === state.iteration_started_at;
async function runIteration(ctx, file, state) {
  const { terminal, resume } = nextConversation(state.terminal, ctx.newSessionId);
  const current = { ...state, terminal };
  const saved = await withLock(file, async () => {
    if (!stillRunning(await loadState2(file, ctx.now()), state)) return false;
    await saveState(file, current);
    return true;
  });
  if (!saved) return;
  const record2 = await runTurn(ctx, file, current, resume);
  const now = ctx.now();
  const done = await withLock(file, async () => {
    const latest = await loadState2(file, now);
    if (ctx.stop.aborted || !latest || !stillRunning(latest, current)) return null;
    const base = record2.began ? { ...latest, terminal: conversationBegun(latest.terminal) } : latest;
    const step = onTurnEnd(base, record2.end, now, ctx.newToken(), record2.tokens);
    if (!step.state) return null;
    await saveState(file, step.state);
    return { before: latest, state: step.state, warnings: await recordLoopRun(step.state, now) };
  });
  if (!done) return;
  if (record2.detail) ctx.print(`loopkit repeat: iteration ${current.iteration} ended without a final message: ${record2.detail}`);
  for (const line of [...done.warnings, ...await checkpointRecorded(ctx.dataDir, done.state, file, now)]) ctx.print(line);
  ctx.print(iterationLine(done.state, now));
  if (record2.end.kind === "api-error" && record2.end.error.credentialsRefused) ctx.print(CREDENTIALS_REFUSED);
  for (const line of await ctx.tell(done.before, done.state)) ctx.print(line);
}
async function runTurn(ctx, file, state, resume) {
  const terminal = state.terminal;
  const reader = turnReader();
  const cut = new AbortController();
  const onStop2 = () => cut.abort();
  ctx.stop.addEventListener("abort", onStop2);
  const watch = setInterval(() => {
    void loadState2(file, ctx.now()).then(
      (latest) => !stillRunning(latest, state) && cut.abort(),
      () => void 0
    );
  }, POLL_MS2);
  try {
    const exit = await ctx.runTurn({
      sessionId: terminal.conversation.session_id,
      resume,
      bin: terminal.claude_bin,
      prompt: iterationPrompt(state),
      projectDir: ctx.projectDir,
      // The recursion guard: no loop of loopkit's starts inside an iteration.
      env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir, [RECURSION_GUARD]: "1" },
      dataDir: ctx.dataDir,
      pluginDir: null,
      // The loop's iterations run as the person's own claude would: no sandbox of loopkit's (--settings is theirs, read at the start).
      ...withSettings(terminal.claude_args, ctx.projectDir),
      timeoutMs: terminal.iteration_timeout_ms ?? 0,
      logFile: path15.join(
        terminalRunDir(ctx.dataDir, ctx.projectDir),
        "claude",
        `${state.loop_id}-${String(state.iteration).padStart(4, "0")}.log`
      ),
      onLine: (line) => reader.push(line),
      signal: cut.signal
    });
    const record2 = reader.end(ctx.now());
    const how = exit.timedOut ? `claude ran past the iteration timeout (--timeout ${formatDuration(terminal.iteration_timeout_ms ?? 0)}) and was stopped` : exit.failure ?? (exit.exitCode !== null && exit.exitCode !== 0 ? `claude exited ${exit.exitCode}` : null);
    if (!(record2.end.kind === "answer" && record2.end.message === null)) return record2;
    const detail2 = [how, record2.detail].filter(Boolean).join(": ") || "claude printed no result";
    return { ...record2, end: { ...record2.end, why: detail2 }, detail: detail2 };
  } finally {
    clearInterval(watch);
    ctx.stop.removeEventListener("abort", onStop2);
  }
}
function withSettings(claudeArgs, cwd) {
  const { settings, rest } = takeSettingsOption(claudeArgs, cwd);
  return { claudeArgs: [...STREAM_ARGS, ...rest], settings, sandbox: null };
}

// src/cli/detach.ts
import { spawn as spawn2 } from "node:child_process";
import { closeSync as closeSync2, openSync as openSync2, readFileSync as readFileSync3 } from "node:fs";
import path16 from "node:path";
async function startDetached(entry, args, logFile, io2) {
  const out = openSync2(logFile, "a");
  const child = (() => {
    try {
      return spawn2(process.execPath, [entry, ...args], {
        cwd: io2.cwd,
        env: io2.env,
        detached: true,
        stdio: ["ignore", out, out, "ipc"],
        windowsHide: true
      });
    } finally {
      closeSync2(out);
    }
  })();
  const answer = await new Promise((resolve) => {
    child.once(
      "message",
      (message) => resolve(message.kind === "loopkit-repeat-started" ? { text: String(message.text) } : { code: 1 })
    );
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
    child.once("error", (error) => resolve({ code: 1, error: error.message }));
  });
  if (child.connected) child.disconnect();
  child.unref();
  if ("text" in answer) {
    io2.stdout(answer.text);
    return 0;
  }
  io2.stderr(answer.error ? `loopkit: could not start the detached runner: ${answer.error}
` : await runnerLog(logFile, answer.code));
  return answer.code === 0 ? 1 : answer.code;
}
async function runnerLog(logFile, code) {
  const log = readFileSync3(logFile, "utf8").slice(-8e3);
  if (log.trim()) return log;
  const problem = await dataFolderProblem(path16.dirname(logFile));
  return `loopkit: the detached runner exited ${code} and its log ${logFile} is empty${problem ? `: ${problem}` : ""}
`;
}
function tellParentStarted(text) {
  if (!process.send || !process.connected) return;
  const started = { kind: "loopkit-repeat-started", text };
  process.send(started, void 0, {}, () => {
    if (process.connected) process.disconnect();
  });
}

// src/cli/repeat-terminal.ts
var REPEAT_RUNNER = {
  other: "another `loopkit repeat` runner",
  hint: "a project runs one repeat loop from a terminal at a time: see loopkit repeat --status"
};
var RUNNER_OWNED = [
  "-p",
  "--print",
  "-r",
  "--resume",
  "-c",
  "--continue",
  "--session-id",
  "--fork-session",
  "--output-format",
  "--input-format",
  "--no-session-persistence"
];
var KEEP_RUNNER_LOGS = 20;
async function runFromTerminal(request, claudeArgs, loopWords, options, inv, io2) {
  if (options.fresh && request.mode !== "start")
    throw usage("--fresh goes with a start: a resumed loop keeps the conversation mode it started with");
  if (options.timeout !== void 0 && request.mode !== "start")
    throw usage("--timeout goes with a start: a resumed loop keeps the iteration timeout it started with");
  const timeoutMs = options.timeout === void 0 ? null : parseDuration(options.timeout, "--timeout");
  if (request.mode === "resume" && claudeArgs.length > 0)
    throw usage("--resume keeps the claude options the loop started with; start a new loop to change them");
  const projectDir = inv.projectDir();
  const data = inv.dataDirForStart();
  const launch = request.mode === "start" ? {
    claude_bin: resolveClaude(io2.env, projectDir, "loopkit repeat"),
    claude_args: claudeOptions(claudeArgs, io2.cwd),
    iteration_timeout_ms: timeoutMs
  } : null;
  if (request.mode === "start") {
    const active = await activeTerminalLoop(data, projectDir);
    if (active) throw activeError(active.state);
  }
  const ctx = { dataDir: data, projectDir, now: io2.now(), statsFile: inv.statsFile() };
  if (options.detach && !options.runnerLog) return detach(ctx, claudeArgs, loopWords, options, io2);
  return runHere(ctx, request, launch, options, io2);
}
var usage = (message) => new LoopkitError("USAGE", message, { hint: "run loopkit repeat --help for usage" });
function claudeOptions(args, cwd) {
  const owned = args.find((arg) => RUNNER_OWNED.includes(arg.split("=")[0]));
  if (owned) throw usage(`${owned.split("=")[0]} is set by loopkit repeat itself and cannot be passed to claude (after --)`);
  const { settings, rest } = takeSettingsOption(args, cwd);
  return settings === null ? rest : [...rest, "--settings", JSON.stringify(settings)];
}
async function detach(ctx, claudeArgs, loopWords, options, io2) {
  if (!io2.entry)
    throw new LoopkitError("USAGE", "--detach needs loopkit's own command line to start itself again", {
      hint: "run loopkit from its command (bin/loopkit or dist/cli.js)"
    });
  const dir = terminalRunDir(ctx.dataDir, ctx.projectDir);
  await ensureWritableFolder(dir);
  await keepNewestLogs(dir, KEEP_RUNNER_LOGS - 1);
  const logFile = path17.join(dir, `runner-${ctx.now.getTime()}.log`);
  const args = [
    "repeat",
    ...loopWords,
    "--project",
    ctx.projectDir,
    "--plugin-data",
    ctx.dataDir,
    "--runner-log",
    logFile,
    ...options.fresh ? ["--fresh"] : [],
    ...options.timeout !== void 0 ? ["--timeout", options.timeout] : [],
    ...claudeArgs.length ? ["--", ...claudeArgs] : []
  ];
  return startDetached(io2.entry, args, logFile, io2);
}
async function runHere(ctx, request, launch, options, io2) {
  const dir = terminalRunDir(ctx.dataDir, ctx.projectDir);
  if (await runnerAlive(dir))
    io2.stderr(
      "loopkit repeat: a runner holds this project's lock; waiting a few seconds for it (one that just stopped frees it within 10 s)\n"
    );
  const release = await holdRunnerLock(
    dir,
    (error) => io2.stderr(`loopkit repeat: lost the runner lock (${error.message}); another runner may start here
`),
    REPEAT_RUNNER
  );
  const stop = trapStop();
  try {
    const runner = { pid: process.pid, log_file: options.runnerLog ?? null };
    const notes = [];
    const loop = request.mode === "start" ? await startTerminalLoop(ctx, request, { ...launch, fresh: Boolean(options.fresh), conversation: null, ...runner }) : await resumeTerminalLoop(ctx, (terminal) => ({
      ...terminal,
      ...runner,
      claude_bin: claudeForResume(terminal.claude_bin, ctx.projectDir, io2.env, notes)
    }));
    const text = terminalStartText(
      loop.state,
      request.mode === "start" ? [...request.warnings, ...loop.warnings ?? []] : notes,
      request.mode === "resume"
    );
    io2.stdout(text);
    if (request.mode === "start") await pruneEndedLoops(ctx.dataDir);
    if (options.runnerLog) tellParentStarted(text);
    return await driveRepeat(
      {
        dataDir: ctx.dataDir,
        projectDir: ctx.projectDir,
        env: io2.env,
        now: () => io2.now(),
        // A detached runner's log is read later: each line says when it was written.
        print: (line) => io2.stdout(options.runnerLog ? `${io2.now().toISOString()} ${line}
` : `${line}
`),
        runTurn: runClaudePhase,
        newSessionId: randomUUID5,
        newToken: randomUUID5,
        stop: stop.signal,
        sleep: (ms) => delay(ms, void 0, { signal: stop.signal }).catch(() => void 0),
        tell: (before, after) => tellPerson({ kind: "repeat", state: before }, { kind: "repeat", state: after }, true, io2.userHome?.(), io2.env, ctx.dataDir)
      },
      loop.file
    );
  } finally {
    stop.release();
    await release().catch(() => void 0);
  }
}
function claudeForResume(bin, projectDir, env, notes) {
  if (isExecutable(bin)) return bin;
  const found = resolveClaude(env, projectDir, "loopkit repeat");
  notes.push(`The loop's claude binary ${bin} is gone; it now runs ${found}.`);
  return found;
}
function trapStop() {
  const controller = new AbortController();
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const onSignal = (signal) => controller.abort(signal);
  const ignore = () => void 0;
  for (const signal of signals) process.on(signal, onSignal);
  process.stdout.on("error", ignore);
  process.stderr.on("error", ignore);
  return {
    signal: controller.signal,
    release() {
      for (const signal of signals) process.off(signal, onSignal);
      process.stdout.off("error", ignore);
      process.stderr.off("error", ignore);
    }
  };
}

// src/cli/repeat-command.ts
var SESSION_HINT = "use /loopkit:repeat inside Claude Code (it passes --session); nothing was started";
function registerRepeatCommand(program2, io2) {
  const command = addSkillOptions(
    program2.command("repeat").description("run a prompt or slash command on a real timer, with an iteration cap, early success and a failure breaker").option("--session <id>", "the Claude Code session that owns the loop").option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)").option("--plugin-data <dir>", "loopkit's data folder (the skill passes CLAUDE_PLUGIN_DATA)").option("--args-stdin", "read the person's arguments from stdin").option("--detach", "from a terminal: run the loop in a process of its own that outlives the terminal").option("--fresh", "from a terminal: a fresh claude conversation each iteration").option("--timeout <duration>", "from a terminal: stop an iteration's claude after this long (it counts as failed)").addOption(new Option("--runner-log <file>", "the log of a detached runner (set by --detach)").hideHelp())
  ).argument("[words...]", "interval, prompt or /command and options, when not given on stdin").allowUnknownOption(true).action(async (words, options, self) => {
    if (options.argsStdin && words.length > 0)
      throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both", {
        hint: "drop --args-stdin, or pass no words"
      });
    const minInterval = minIntervalMs(io2.env);
    if (options.session === void 0 && !options.argsStdin) {
      io2.exitCode = await fromTerminal(words, self, minInterval, options, io2);
      return;
    }
    if (options.detach || options.fresh || options.timeout !== void 0)
      throw new LoopkitError("USAGE", "--detach, --fresh and --timeout are for a loop started from a terminal, without --session", {
        hint: "inside Claude Code the loop runs in its session"
      });
    const inv = invocation({ ...options, pinned: options.fromHook || options.fromSkill }, io2);
    const skill = {
      kind: "repeat",
      parse: (text) => parseRepeatArgs(text, minInterval),
      readOnly: (request2) => request2.mode === "help" || request2.mode === "status",
      answeredAlone: (request2) => request2.mode === "help" || request2.mode === "status" || request2.mode === "cancel",
      run: (request2, out) => answerForSkill(true, out, () => runRequest2(request2, inv, out, messagePrinter(out.stdout, false))),
      sandboxLine: (request2, answer) => measureHere(request2, answer, inv, io2)
    };
    if (options.fromHook) return answerInHook(skill, await io2.readStdin(), inv, io2);
    if (options.fromSkill) return answerInSkill(skill, await io2.readStdin(), inv, io2);
    const request = options.argsStdin ? parseRepeatArgs(await io2.readStdin(), minInterval) : parseRepeatWords(argvWords(words), minInterval);
    await answerForSkill(options.argsStdin, io2, () => runRequest2(request, inv, io2, messagePrinter(io2.stdout, !options.argsStdin)));
  });
  useHelpText(command, REPEAT_HELP);
}
async function measureHere(request, answer, inv, io2) {
  const shown2 = request.mode === "status" ? !request.json : request.mode === "start" || request.mode === "resume";
  const session = inv.session();
  if (!shown2 || !session || answer && answer.exit_code !== 0) return null;
  const file = path18.join(inv.dataDirForStart(), "answers", `${session}.sandbox-probe.json`);
  const here = { loop_id: "repeat", session_id: session };
  const probe = await writeProbe(file, here, io2.env, io2.now());
  if (probe) await removeProbe(file);
  const found = settleSandbox(measuringSandbox(false), probe, here, dataInProject(file, inv.projectDir()));
  return `Sandbox: ${agentLine(found)}. A repeat loop runs no project code from its hooks: every iteration is the agent's own turn, under this session's own sandbox and permissions.`;
}
async function fromTerminal(words, self, minInterval, options, io2) {
  const { loopWords, claudeArgs } = splitAtDoubleDash(words, rawArgsOf(self));
  const request = parseRepeatWords(argvWords(loopWords), minInterval, optionNamesOf(self));
  const inv = invocation(options, io2);
  if (request.mode === "start" || request.mode === "resume") {
    refuseUnderRecursionGuard(io2.env, "a repeat loop");
    return runFromTerminal(request, claudeArgs, loopWords, options, inv, io2);
  }
  if (claudeArgs.length > 0 || options.detach || options.fresh || options.timeout !== void 0) {
    throw new LoopkitError(
      "USAGE",
      `--detach, --fresh, --timeout and claude options (after --) go with a start or --resume, not with --${request.mode}`,
      { hint: "run loopkit repeat --help for usage" }
    );
  }
  await runRequest2(request, inv, io2, messagePrinter(io2.stdout, true));
  return io2.exitCode;
}
async function runRequest2(request, inv, io2, say) {
  if (request.mode === "help") {
    io2.stdout(REPEAT_HELP);
    return;
  }
  const projectDir = inv.projectDir();
  const session = inv.session();
  const now = io2.now();
  if (request.mode === "status") {
    const data = inv.dataDir();
    const { state, unreadable } = data === null ? { state: void 0, unreadable: [] } : await statusTarget(data, projectDir, session);
    for (const line of unreadable) io2.stderr(`${line}
`);
    const alive = data !== null && state?.terminal ? await runnerAlive(terminalRunDir(data, state.project_dir)) : true;
    const status = repeatStatus(projectDir, state, now, await loadSummary(data, projectDir, state?.loop_id, now), alive);
    if (request.json) io2.stdout(`${JSON.stringify(status, null, 2)}
`);
    else say(withProblem(formatStatus2(status, now), data && await dataFolderProblem(data)));
    io2.exitCode = status.exit_code;
    return;
  }
  if (request.mode === "cancel") {
    const data = inv.dataDir();
    if (data === null)
      throw new LoopkitError("NO_LOOP", `no active repeat loop in ${projectDir}`, { hint: "see /loopkit:repeat --status" });
    const ctx2 = context(data, projectDir, inv, now);
    const file = await findLoop(ctx2, session);
    const { result, lines } = await withWord(io2, "repeat", file, () => cancelLoop2(ctx2, file), data);
    say([result, ...lines.map((line) => `${line}
`)].join(""));
    return;
  }
  refuseUnderRecursionGuard(io2.env, "a repeat loop");
  const ctx = context(inv.dataDirForStart(), projectDir, inv, now);
  if (request.mode === "resume") {
    io2.stdout(await resumeLoop(ctx, inv.requireSession("resume a loop", SESSION_HINT)));
    return;
  }
  const sessionId = inv.requireSession("start a loop", SESSION_HINT);
  const capWarning = blockCapWarning(request.command, request.maxIterations, io2.env);
  io2.stdout(await startLoop2(ctx, sessionId, capWarning ? { ...request, warnings: [...request.warnings, capWarning] } : request));
  await pruneEndedLoops(ctx.dataDir);
}
function context(dataDir, projectDir, inv, now) {
  return { dataDir, projectDir, now, statsFile: inv.statsFile() };
}
async function statusTarget(data, projectDir, session) {
  if (session) {
    const own = await readForStatus(repeatStateFile(data, session), RepeatStateSchema, "start a new loop with /loopkit:repeat");
    if (own) return { state: own, unreadable: [] };
  }
  const { loops, unreadable } = await scanLoops(data, projectDir);
  const state = (loops.find((loop) => isActive(loop.state)) ?? loops[0])?.state;
  const since = state ? Date.parse(state.started_at) : -Infinity;
  const newer = unreadable.filter((entry) => entry.modified.getTime() >= since);
  return {
    state,
    unreadable: newer.map(
      (entry) => `loopkit: ${entry.file} (written ${entry.modified.toISOString()}) is not a readable repeat loop state; it may be this project's ${state ? "newer loop, so the loop below may not be the current one" : "loop"}. Look at it, then delete it or move it aside.`
    )
  };
}
function minIntervalMs(env) {
  const override = Number(env.LOOPKIT_REPEAT_MIN_INTERVAL_MS);
  return Number.isSafeInteger(override) && override >= 1e3 ? override : MIN_INTERVAL_MS;
}

// src/cli/report-command.ts
import path19 from "node:path";
var REPORT_HELP = `Usage: loopkit report [<loop id>] [--output <file>] [--open]

Writes one HTML page that tells a loop's story, of either kind, and prints its path. The page is
self-contained: its style and charts are inside it, it loads nothing and runs no script, so it opens
offline, as a CI artifact or from an email.
  auto-loop  the goal, the caps and how much of each was used, every iteration (time, duration,
             tokens, the verifier's outcome and test counts where recorded, the audit's vote and
             reasons, the files it changed with their diffs one click away), charts of failing tests
             and of tokens, the hand-off note, and how and why it ended
  repeat     the command, the interval, every iteration's result, summary and duration, and how it ended

  <loop id>           the loop (loopkit history lists the ids); without it, this project's latest loop
  --output <file>     where to write it (default: <data>/reports/<loop id>.html in loopkit's data folder)
  --open              open it in the default browser (xdg-open, open or start; says so when there is none)
  --project <dir>     the project whose latest loop is meant (default: the current folder)
  --plugin-data <dir> loopkit's data folder (default: the one that holds loopkit state)
  -h, --help          this text

Examples:
  loopkit report
  loopkit report loop-1767268800123 --open
  loopkit report --output loop.html

Exit codes: 0 written, 1 error (the file cannot be written), 2 usage error, 8 no such loop (or none in this project).
`;
function registerReportCommand(program2, io2) {
  program2.command("report").description("one self-contained HTML page of a loop's story (either kind)").argument("[id]", "the loop's id").option("--output <file>", "where to write the page").option("--open", "open it in the default browser").option("--project <dir>", "the project").option("--plugin-data <dir>", "loopkit's data folder").configureHelp({ formatHelp: () => REPORT_HELP }).action(async (id, options) => {
    const inv = invocation({ project: options.project, pluginData: options.pluginData }, io2);
    const now = io2.now();
    const story = await findStory({ dataDir: inv.dataDir(), statsFile: inv.statsFile(), projectDir: inv.projectDir, now }, id);
    const file = options.output ? path19.resolve(io2.cwd, options.output) : defaultReportPath(inv.dataDir() ?? startDataDir(io2.env), story.id);
    await writeReport(file, renderReport(story, now));
    io2.stdout(`${file}
`);
    if (options.open) await open(file, io2);
  });
}
async function open(file, io2) {
  const found = opener(process.platform, io2.env);
  const name = openerName(process.platform);
  if (!found) {
    io2.stderr(`loopkit: no ${name} here to open the page with; open ${file} in a browser
`);
    return;
  }
  try {
    await openFile(found, file, io2.env);
    io2.stderr(`loopkit: opening it with ${name}
`);
  } catch (error) {
    io2.stderr(`loopkit: ${name} could not be started (${formatError(error)}); open ${file} in a browser
`);
  }
}

// src/cli/restore-command.ts
var RESTORE_HELP = `Usage: loopkit restore <loop id> <checkpoint> [--plugin-data <dir>]

Puts the project's tree back to a loop's checkpoint, written from loopkit's own record (ignored
files included). The tree as it is now is kept first, as a checkpoint of its own (r1, r2, ...), so
the restore can be undone the same way. HEAD, the index, branches and .git are left alone; nothing is
written through a link or outside the project; files whose content loopkit does not keep (over
1 MB) are left as they are, and named. Refused while the loop still runs: cancel it first.

  <loop id>            the loop (see loopkit checkpoints)
  <checkpoint>         an iteration number, or r1, r2, ... for the tree before a restore
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit restore loop-1767268800123 2      the tree as iteration 2 left it
  loopkit restore loop-1767268800123 r1     undo that restore

Exit codes: 0, 1 error (the loop still runs), 2 usage error, 8 no such loop or checkpoint.
`;
function registerRestoreCommand(program2, io2) {
  program2.command("restore").configureHelp({ formatHelp: () => RESTORE_HELP }).description(
    "put the project's tree back to a loop's checkpoint (the tree as it is now is kept as a checkpoint first, so this can be undone)"
  ).argument("<loop-id>", "the loop (see loopkit checkpoints)").argument("<checkpoint>", "an iteration number, or r1, r2, ... for the tree before a restore").option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)").action(async (loopId, target2, options) => {
    checkLoopId(loopId);
    const data = invocation(options, io2).dataDir();
    const record2 = data === null ? void 0 : await findRecord(data, loopId);
    if (!record2 || data === null)
      throw new LoopkitError("NO_CHECKPOINT", `no checkpoints of loop ${loopId}`, { value: loopId, hint: "see loopkit checkpoints" });
    const checkpoint = planRestore(record2, target2, await runningLoopFor(data, record2));
    io2.stdout(`${await restoreCheckpoint(data, record2, checkpoint, io2.now())}
`);
  });
}

// src/cli/run-command.ts
import { randomUUID as randomUUID7 } from "node:crypto";
import os3 from "node:os";
import { existsSync as existsSync6, statSync as statSync2 } from "node:fs";
import path22 from "node:path";

// src/run/help.ts
var RUN_HELP = `loopkit run: drive an auto-loop headless, one fresh \`claude -p\` session per phase.

Usage:
  loopkit run <goal> --verify <cmd> [--max-iterations N] [--max-tokens T] [--max-wallclock D] [--restart-pct N] [-- <claude options>]
  loopkit run --goal-file goal.md [caps] [-- <claude options>]
  loopkit run --takeover [-- <claude options>]     continue this project's loop: at once if a runner that
                                                   is gone left it, else once its heartbeat is stale

Options:
  --project <dir>      the project root (default: the current directory)
  --plugin-dir <dir>   pass --plugin-dir to each phase (when loopkit is not installed as a plugin);
                       a path that is not a folder is a usage error
  --budget-limited-ok  exit 0, not 6, when the loop ends budget-limited
  --no-sandbox         do not turn Claude Code's sandbox on for the phases (see Sandbox below)
  -- <options>         given to every phase's claude as they are, e.g. -- --allowedTools Bash,Edit,Write
                       (a --settings of yours is merged into the one loopkit passes)

Each phase is a new session that gets loopkit's record of the loop (goal, progress, last verifier and
audit results, hand-off note) and the Stop hook's instruction, not the previous conversation. After
one judged turn the phase ends and the next one starts. The caps, the gate (verifier twice, then the
audit) and the records are those of /loopkit:auto-loop. A line is printed when the verifier or the
audit starts and whenever a minute passes without one, and a progress line ends each phase (after
the end of claude's output when claude failed). Refused credentials (401, 403, not logged in) end
the loop blocked at once. The claude binary is $LOOPKIT_CLAUDE_BIN, else \`claude\` on PATH.

Sandbox: by default every phase runs with Claude Code's sandbox on (claude --settings with
sandbox.enabled, failIfUnavailable, and no unsandboxed commands): the agent writes only the project
(not .git/config, .git/hooks, .claude/settings*.json) and the network is off but for what your own
~/.claude/settings.json allows; the verifier runs under the same policy. Where no sandbox can start
(Linux needs bubblewrap, socat and ripgrep; \`loopkit doctor\` checks), loopkit run refuses to start.
--no-sandbox leaves the phases as your settings make them: unsandboxed, unless a settings file turns
the sandbox on (the verifier is then sandboxed too).

In GitHub Actions (GITHUB_ACTIONS=true) each phase is a log group, and at the end loopkit run appends
a job summary to $GITHUB_STEP_SUMMARY and sets the step outputs status, reason, iterations, tokens,
loop_id and exit_code in $GITHUB_OUTPUT, also when the job is cancelled or times out (SIGINT or
SIGTERM: exit 130 or 143) (docs/ci.md in the loopkit repository).

Exit code: the loop's --status code (0 achieved, 4 unmet, 5 blocked, 6 budget-limited, 7 cancelled, 9 no-progress),
1 when the runner had to stop with the loop still pursuing, 2 for a usage error.
`;

// src/action/github-actions.ts
import { randomUUID as randomUUID6 } from "node:crypto";
import { promises as fs7, readFileSync as readFileSync4 } from "node:fs";
var RUNNER_ONLY = [
  "GITHUB_OUTPUT",
  "GITHUB_STEP_SUMMARY",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_TOKEN"
];
var INTERRUPTS = { SIGINT: 130, SIGTERM: 143 };
function gitHubActions(env, stdout) {
  if (env.GITHUB_ACTIONS !== "true") return null;
  return {
    print(line, mark) {
      if (mark?.edge === "quote") return;
      if (mark?.edge === "start") {
        stdout(`::group::${line}
`);
        return;
      }
      if (mark?.edge === "end") {
        stdout(inertLog(readLog(mark.logFile), randomUUID6()));
        stdout("::endgroup::\n");
      }
      stdout(`${line}
`);
    },
    phaseEnv(phase) {
      return Object.fromEntries(Object.entries(phase).filter(([name]) => !RUNNER_ONLY.includes(name)));
    },
    reportOnInterrupt(report) {
      let stopping = false;
      const handlers = Object.entries(INTERRUPTS).map(([signal, code]) => {
        const handler = () => {
          if (stopping) return;
          stopping = true;
          void Promise.resolve(report(code, `${signal}: the job was cancelled or timed out`)).finally(() => process.exit(code));
        };
        process.on(signal, handler);
        return [signal, handler];
      });
      return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
    },
    async report(loop, exit) {
      try {
        const state = await loadState(loop.files.state, loop.now);
        const history = await readHistory(loop.files.history);
        const report = {
          status: loopStatus(loop.projectDir, state, loop.now, loop.staleMs),
          history,
          exitCode: exit.code,
          budgetLimitedOk: exit.budgetLimitedOk,
          stoppedBy: exit.stoppedBy ?? null
        };
        if (env.GITHUB_STEP_SUMMARY) await fs7.appendFile(env.GITHUB_STEP_SUMMARY, renderSummary(report));
        if (env.GITHUB_OUTPUT) await fs7.appendFile(env.GITHUB_OUTPUT, renderOutputs(runOutputs(report), `loopkit_${randomUUID6()}`));
      } catch (error) {
        stdout(`::warning::loopkit run could not write the job summary or step outputs: ${oneLine2(error)}
`);
      }
    }
  };
}
var oneLine2 = (error) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
function readLog(file) {
  try {
    return readFileSync4(file, "utf8");
  } catch {
    return "(no output saved for this phase)\n";
  }
}
async function readHistory(file) {
  const text = await fs7.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

// src/run/phase-sandbox.ts
import path20 from "node:path";
var PHASE_SANDBOX_SETTINGS = { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false };
function phaseSandbox(sandbox, sources, home) {
  if (sandbox) {
    return {
      settings: { ...PHASE_SANDBOX_SETTINGS },
      agent: {
        agent: "sandboxed",
        how: "loopkit run starts every phase with Claude Code's sandbox on, failIfUnavailable, no unsandboxed commands",
        fail_if_unavailable: true
      }
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
        fail_if_unavailable: false
      }
    };
  return {
    settings: null,
    agent: {
      agent: "sandboxed",
      how: `loopkit run --no-sandbox, but ${on.join(", ")} turns Claude Code's sandbox on`,
      fail_if_unavailable: merged.failIfUnavailable
    }
  };
}
async function phaseSettingsSources(env, projectDir, flagSettings) {
  const person = await readPersonSettings(env);
  const project = [];
  for (const name of [".claude/settings.json", ".claude/settings.local.json"]) {
    const file = path20.join(projectDir, name);
    const settings = await readSettingsFile(file);
    if (settings) project.push({ file, managed: false, settings });
  }
  const flag = flagSettings ? [{ file: "--settings", managed: false, settings: settingsOf(flagSettings) ?? {} }] : [];
  return [...person.filter((source) => !source.managed), ...project, ...flag, ...person.filter((source) => source.managed)];
}

// src/run/phases.ts
import path21 from "node:path";

// src/run/handover.ts
async function bindPhase(dataDir, files, loop, sessionId, phase, now) {
  return withLock(files.state, async () => {
    const state = await loadState(files.state, now);
    if (!state || state.loop_id !== loop.loopId) return state ? { kind: "lost", owner: state.session_id } : { kind: "ended", state };
    if (state.session_id !== loop.previousSession) return { kind: "lost", owner: state.session_id };
    if (state.status !== "pursuing") return { kind: "ended", state };
    const bound = phaseState(state, sessionId, phase, now);
    const saved = await persist(files, bound.state, bound.history, now);
    await removeSessionMarker(dataDir, state.session_id, state.loop_id);
    await writeMarker(dataDir, saved, files, now, "run");
    return { kind: "bound", state: saved };
  });
}

// src/run/phase-prompt.ts
function phasePrompt(state, now, instruction) {
  const step = instruction ?? `Continue toward the goal. ${state.next_action} End your turn when this step is done, so the verifier can judge it.`;
  return [loopContext(state, now, "phase"), "", "--- This phase's instruction from loopkit ---", "", step].join("\n");
}

// src/run/progress.ts
var phaseFailed = (exit) => exit.failure !== null || exit.timedOut || exit.exitCode !== 0;
var UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
function failureTail(phase, exit, logFile) {
  if (!phaseFailed(exit) || exit.tail.trim() === "") return [];
  const lines = exit.tail.trimEnd().split("\n").map((line) => `  ${line.replace(UNPRINTABLE, "?")}`);
  return [`loopkit run: phase ${phase}: the end of claude's output (all of it: ${logFile}):`, ...lines];
}
function progressLine(phase, sessionId, s, exit) {
  const how = exit.failure ?? (exit.timedOut ? "timed out" : `exit ${exit.exitCode ?? "none"}`);
  const audit = s.last_audit_vote ?? "-";
  const verifier = s.last_verifier ? `${s.last_verifier}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}` : "-";
  const where = `iteration ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)}, verifier ${verifier}, audit ${audit}, tokens ${s.tokens_used}/${s.max_tokens}, elapsed ${formatDuration(s.elapsed_ms)}/${formatDuration(s.max_wallclock_ms ?? 0)}`;
  const status = s.active ? "pursuing" : `${s.status}${s.reason ? ` (${s.reason})` : ""}`;
  return `loopkit run: phase ${phase} (session ${sessionId.slice(0, 8)}, ${how}): ${status}; ${where}`;
}

// src/run/phase-watch.ts
var POLL_MS3 = 2e3;
function stepLine(phase, step, verifyCommand) {
  const head = `loopkit run: phase ${phase}:`;
  if (step.step === "contract")
    return `${head} the verifier passed twice; it runs once more in a copy, with the test files and configs as they were at the start.`;
  if (step.step === "audit") return `${head} the verifier passed twice; the audit runs (a fresh, read-only claude -p).`;
  if (step.run === 2) return `${head} the verifier passed; it runs once more.`;
  return `${head} the agent's turn ended (iteration ${step.iteration}); the verifier runs: ${verifyCommand}`;
}
function stillLine(phase, step, elapsedMs2) {
  const what = step ? `the ${step.step === "contract" ? "run on the start's tests" : step.step} is still running` : "the agent is still working";
  return `loopkit run: phase ${phase}: ${what} (${formatDuration(elapsedMs2)}).`;
}
function watchPhase(w) {
  let told;
  let since = w.now().getTime();
  let lastLine = since;
  let inFlight = null;
  const tick = async () => {
    try {
      const step = await readGateStep(w.files);
      const now = w.now().getTime();
      if (step && step.loop_id === w.loopId && step.iteration > w.fromIteration && !(told && told.step === step.step && told.run === step.run && told.iteration === step.iteration)) {
        told = step;
        since = now;
        lastLine = now;
        w.print(stepLine(w.phase, step, w.verifyCommand));
      } else if (now - lastLine >= w.everyMs) {
        lastLine = now;
        w.print(stillLine(w.phase, told, now - since));
      }
    } finally {
      inFlight = null;
    }
  };
  const timer = setInterval(
    () => {
      inFlight ??= tick();
    },
    Math.min(POLL_MS3, w.everyMs)
  );
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}

// src/run/phases.ts
var MAX_STALLS = 2;
var PHASE_SLACK_MS = 6e4;
async function runPhases(ctx, first) {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  const settings = readSettings(ctx.env);
  const initial = await loadState(files.state, ctx.now());
  if (!initial)
    throw new LoopkitError("NO_LOOP", "loopkit run: the loop's state vanished right after it started", {
      hint: "something removed loopkit's data folder; start the run again"
    });
  const loopId = initial.loop_id;
  let previous = first.sessionId;
  let sessionId = first.sessionId;
  let instruction = first.instruction;
  let stalls = 0;
  try {
    for (let phase = 1; ; phase += 1) {
      const handover = await bindPhase(ctx.dataDir, files, { loopId, previousSession: previous }, sessionId, phase, ctx.now());
      if (handover.kind === "lost") {
        ctx.print(`loopkit run: session ${handover.owner} owns the loop now (taken over); stopping without touching it.`);
        return 1;
      }
      if (handover.kind === "ended") return finish(ctx, handover.state, settings.staleMs);
      previous = sessionId;
      const state = handover.state;
      ctx.print(
        `loopkit run: phase ${phase} starting in fresh session ${sessionId} (iteration ${state.iteration + 1} of ${state.caps.max_iterations}).`,
        { phase, edge: "start" }
      );
      const logFile = path21.join(files.dir, "phases", `phase-${String(phase).padStart(4, "0")}.log`);
      const stopWatching = watchPhase({
        files,
        loopId,
        phase,
        fromIteration: state.iteration,
        verifyCommand: state.verify_command,
        everyMs: settings.progressMs,
        now: ctx.now,
        print: (line) => ctx.print(line)
      });
      const exit = await ctx.runPhase({
        sessionId,
        prompt: phasePrompt(state, ctx.now(), instruction),
        projectDir: ctx.projectDir,
        env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir },
        dataDir: ctx.dataDir,
        pluginDir: ctx.pluginDir,
        claudeArgs: ctx.claudeArgs,
        settings: ctx.settings,
        sandbox: ctx.sandbox,
        timeoutMs: phaseTimeout(state, ctx.now(), settings),
        logFile
      }).finally(stopWatching);
      const after = await loadState(files.state, ctx.now());
      for (const line of failureTail(phase, exit, logFile)) ctx.print(line, { phase, edge: "quote" });
      ctx.print(progressLine(phase, sessionId, loopStatus(ctx.projectDir, after, ctx.now(), settings.staleMs), exit), {
        phase,
        edge: "end",
        logFile
      });
      if (after?.loop_id !== loopId || after.status !== "pursuing") continue;
      const retryAt = pendingRetry(after, sessionId);
      if (retryAt) {
        const waitMs = retryWaitMs(after, retryAt, ctx.now());
        ctx.print(
          `loopkit run: phase ${phase} ended in an API error (${after.api_errors.last.summary}); trying again in ${formatDuration(waitMs)} (${after.api_errors.count} in a row; ${MAX_API_ERRORS} end the loop).`
        );
        await ctx.sleep(waitMs);
        sessionId = ctx.newSessionId();
        continue;
      }
      instruction = await loadNextPrompt(files.state, loopId, sessionId);
      stalls = after.iteration > state.iteration ? 0 : stalls + 1;
      if (stalls >= MAX_STALLS) {
        const why = phaseFailed(exit) ? "claude itself failed (its output is above). Fix what it says" : "loopkit's Stop hook did not run in them. Check that the loopkit plugin is installed for claude (or pass --plugin-dir)";
        ctx.print(
          `loopkit run: ${stalls} phases in a row ended without a judged turn: ${why}, and see the phase logs in ${path21.join(files.dir, "phases")}. The loop stays pursuing; \`loopkit run --takeover\` continues it.`
        );
        return 1;
      }
      sessionId = ctx.newSessionId();
    }
  } finally {
    const left = await loadState(files.state, ctx.now()).catch(() => void 0);
    if (!(left?.loop_id === loopId && left.status === "pursuing" && left.session_id === sessionId))
      await removeSessionMarker(ctx.dataDir, sessionId, loopId);
  }
}
function finish(ctx, state, staleMs) {
  const status = loopStatus(ctx.projectDir, state, ctx.now(), staleMs);
  const report = status.loop_id ? ` Its story on one page: ${reportCommand(status.loop_id)}` : "";
  ctx.print(`loopkit run: the loop ended ${status.status}${status.reason ? `: ${status.reason}` : ""}.${report}`);
  return STATUS_EXIT_CODES[status.status];
}
function phaseTimeout(state, now, settings) {
  const left = Math.max(0, state.caps.max_wallclock_ms - elapsedMs(state, now));
  return left + 2 * settings.verifierTimeoutMs + settings.auditTimeoutMs + PHASE_SLACK_MS;
}

// src/cli/run-command.ts
function registerRunCommand(program2, io2) {
  const command = program2.command("run").description("drive an auto-loop headless: one fresh claude -p session per phase, same caps, gate and records (--help for usage)").option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)").option("--plugin-dir <dir>", "pass --plugin-dir to each phase's claude (when loopkit is not installed as a plugin)").option("--budget-limited-ok", "exit 0, not 6, when the loop ends budget-limited").option(
    "--no-sandbox",
    "do not turn Claude Code's sandbox on for the phases (the verifier then runs sandboxed only if your settings turn it on)"
  ).argument("[words...]", "<goal> --verify <cmd> [caps] | --takeover, then -- and claude's own options").allowUnknownOption(true).action(async (words, options, self) => {
    io2.exitCode = await run2(splitAtDoubleDash(words, rawArgsOf(self)), optionNamesOf(self), options, io2);
  });
  useHelpText(command, RUN_HELP);
}
async function run2({ loopWords, claudeArgs }, commandOptions, options, io2) {
  refuseUnderRecursionGuard(io2.env, "loopkit run");
  const claude = takeSettingsOption(claudeArgs, io2.cwd);
  const inv = invocation({ project: options.project }, io2);
  const request = readRequest(loopWords, claudeArgs, commandOptions, () => inv.projectDir());
  if (request.mode === "usage" || request.mode === "help") {
    io2.stdout(RUN_HELP);
    return 0;
  }
  if (request.mode === "status" || request.mode === "cancel") {
    throw new LoopkitError("USAGE", `loopkit run does not take --${request.mode}`, {
      hint: `use loopkit auto-loop --${request.mode} --project <dir>`
    });
  }
  if (request.mode === "start" && request.codex)
    throw new LoopkitError("USAGE", "loopkit run drives claude; --codex does not apply", {
      hint: "to hand a goal to Codex, use /loopkit:auto-loop --codex"
    });
  const pluginDir = options.pluginDir === void 0 ? null : pluginFolder(path22.resolve(io2.cwd, options.pluginDir));
  const projectDir = inv.projectDir();
  const sandbox = phaseSandbox(
    options.sandbox,
    await phaseSettingsSources(io2.env, projectDir, claude.settings),
    io2.env.HOME || os3.homedir()
  );
  if (sandbox.settings) await refuseWithoutSandbox(projectDir, io2.env);
  const data = inv.dataDirForStart();
  const files = loopFiles(data, projectDir);
  const release = await holdRunnerLock(
    files.dir,
    (error) => io2.stderr(`loopkit run: lost the runner lock (${error.message}); another runner may start here
`)
  );
  try {
    const now = io2.now();
    const staleMs = request.mode === "takeover" ? await takeoverStaleMs(data, files, now, inv.settings().staleMs) : inv.settings().staleMs;
    const actions = gitHubActions(io2.env, io2.stdout);
    const loop = {
      dataDir: data,
      projectDir,
      sessionId: randomUUID7(),
      now,
      staleMs,
      env: actions ? actions.phaseEnv(io2.env) : io2.env,
      agentSandbox: sandbox.agent
    };
    const instruction = request.mode === "start" ? await startLoop(loop, request) : await takeOverLoop(loop);
    io2.stdout(
      `loopkit run: auto-loop in ${projectDir}; each phase is a fresh \`${io2.env.LOOPKIT_CLAUDE_BIN || "claude"} -p\` session, ${sandboxLine2(sandbox)}.
`
    );
    const report = (code2, stoppedBy) => actions?.report(
      { files, projectDir, now: io2.now(), staleMs },
      { code: code2, budgetLimitedOk: Boolean(options.budgetLimitedOk), stoppedBy }
    );
    const stopReporting = actions ? actions.reportOnInterrupt(report) : sayOnInterrupt(io2);
    let code;
    try {
      code = await runLoop(
        loop,
        instruction,
        { args: claude.rest, settings: claude.settings, sandbox: sandbox.settings },
        pluginDir,
        io2,
        actions
      );
    } catch (error) {
      await report(1)?.catch(() => void 0);
      throw error;
    } finally {
      stopReporting?.();
    }
    if (code === STATUS_EXIT_CODES["budget-limited"] && options.budgetLimitedOk) code = 0;
    await report(code);
    return code;
  } finally {
    await release().catch(() => void 0);
  }
}
var SIGNAL_CAUSE = { SIGINT: " (Ctrl-C)", SIGTERM: "", SIGHUP: " (its terminal or its output closed)" };
function readRequest(loopWords, claudeArgs, commandOptions, projectDir) {
  const request = parseWords(argvWords(loopWords), commandOptions);
  if (request.mode !== "usage" || claudeArgs.length === 0) return request;
  if (!existsSync6(path22.join(projectDir(), DEFAULT_GOAL_FILE))) throw noGoalError();
  return startFromGoalFile();
}
function sayOnInterrupt(io2) {
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  const handlers = Object.entries(codes).map(([signal, code]) => {
    const handler = () => {
      io2.stderr(
        `
loopkit run: stopped by ${signal}${SIGNAL_CAUSE[signal]}; the phase's claude is stopped and the loop stays pursuing: \`loopkit run --takeover\` continues it (at once), \`loopkit auto-loop --cancel\` ends it.
`
      );
      process.exit(code);
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
}
async function refuseWithoutSandbox(projectDir, env) {
  const check = await checkSandbox(projectDir, env);
  if (check.ok) return;
  throw new LoopkitError(
    "SANDBOX_UNAVAILABLE",
    `loopkit run starts its phases under Claude Code's sandbox, and no sandbox can start here: ${check.reason}`,
    {
      hint: "install what it needs (Linux: bubblewrap, socat, ripgrep; `loopkit doctor` checks), or pass --no-sandbox to run the phases unsandboxed; nothing was started"
    }
  );
}
function sandboxLine2({ settings, agent }) {
  if (settings) return "under Claude Code's sandbox (the verifier too; --no-sandbox turns it off)";
  return agent.agent === "sandboxed" ? `not sandboxed by loopkit (--no-sandbox), but your settings turn the sandbox on: the verifier runs sandboxed` : "unsandboxed (--no-sandbox): the agent and the verifier run with your full rights";
}
function pluginFolder(dir) {
  if (!statSync2(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new LoopkitError("USAGE", `--plugin-dir ${dir} is not a folder`, {
      value: dir,
      hint: "give the folder that holds loopkit's .claude-plugin/plugin.json, or leave --plugin-dir out when loopkit is installed as a plugin; nothing was started"
    });
  }
  return dir;
}
function runLoop(loop, instruction, claude, pluginDir, io2, actions) {
  return runPhases(
    {
      dataDir: loop.dataDir,
      projectDir: loop.projectDir,
      env: loop.env,
      pluginDir,
      claudeArgs: claude.args,
      settings: claude.settings,
      sandbox: claude.sandbox,
      now: () => io2.now(),
      print: actions ? (line, mark) => actions.print(forTerminal(line), mark) : (line) => io2.stdout(`${forTerminal(line)}
`),
      newSessionId: randomUUID7,
      runPhase: runClaudePhase,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
    },
    { sessionId: loop.sessionId, instruction }
  );
}

// src/statusline/run.ts
import { promises as fs8 } from "node:fs";

// src/statusline/find.ts
function sessionOf(input) {
  let payload;
  try {
    payload = JSON.parse(input);
  } catch {
    return void 0;
  }
  const id = payload?.session_id;
  return typeof id === "string" && SESSION_ID_PATTERN.test(id) ? id : void 0;
}
function findMarker(env, sessionId) {
  return locateMarker({ env, session: sessionId });
}

// src/statusline/run.ts
async function runStatusline(io2, loadDescribe) {
  const sessionId = sessionOf(await io2.readStdin().catch(() => ""));
  const found = sessionId && findMarker(io2.env, sessionId);
  if (!sessionId || !found) return 0;
  const { describeLoop } = await loadDescribe();
  const line = await describeLoop(await fs8.readFile(found.file, "utf8").catch(() => ""), sessionId, io2.now());
  if (line) io2.stdout(`${line}
`);
  return 0;
}

// src/cli/statusline-command.ts
var STATUSLINE_HELP = `Usage: loopkit statusline

For Claude Code's status line: reads the status-line JSON on stdin and prints one short line about
the loop that session (session_id) owns, or nothing when it owns none. Fast and quiet: it never
fails the status line.

  repeat:     repeat 2/5 /test \xB7 last pass (12 tests green) \xB7 next in 3m12s
  auto-loop:  auto-loop 3/40 \xB7 120k/2M tokens \xB7 12m/4h \xB7 verifier fail, audit unmet

Set it up in ~/.claude/settings.json (the loopkit command must be on the PATH of your shell:
npm i -g, or write out the path to the plugin's bin/loopkit):
  "statusLine": { "type": "command", "command": "loopkit statusline", "refreshInterval": 5 }

  -h, --help   this text
`;
function registerStatuslineCommand(program2, io2) {
  program2.command("statusline").description("one short line about this session's loop, for Claude Code's statusLine setting").configureHelp({ formatHelp: () => STATUSLINE_HELP }).action(async () => {
    io2.exitCode = await runStatusline(io2, () => import("./statusline-active.js"));
  });
}

// src/cli/program.ts
var VERSION = "0.1.0";
var PROGRAM_EXAMPLES = `
Examples:
  loopkit repeat 10m /review --detach     a repeat loop of its own, claude -p each iteration, outliving the terminal
  loopkit repeat --status                 this project's repeat loop (inside Claude Code: /loopkit:repeat)
  loopkit auto-loop --status --json       this project's auto-loop, as JSON
  loopkit run "fix the parser" --verify "npm test"
  loopkit history --limit 10
  loopkit report --open                   this project's latest loop as one HTML page

Every command takes -h/--help. Exit codes: 0 done, 1 error, 2 usage error; --status: 3-${Math.max(...Object.values(EXIT))} (see
skills/auto-loop/references/usage.md).
`;
function createProgram(io2) {
  const program2 = new Command("loopkit").description("Timed repeat loops and verifier-gated goal loops for Claude Code").version(VERSION).exitOverride().showHelpAfterError("(run with --help for usage)").configureOutput({ writeOut: (text) => io2.stdout(text), writeErr: (text) => io2.stderr(text) }).addHelpText("after", PROGRAM_EXAMPLES);
  registerRepeatCommand(program2, io2);
  registerAutoLoopCommand(program2, io2);
  registerCodexRunCommand(program2, io2);
  registerRunCommand(program2, io2);
  registerHistoryCommand(program2, io2);
  registerReportCommand(program2, io2);
  registerStatuslineCommand(program2, io2);
  registerDoctorCommand(program2, io2);
  registerCheckpointsCommand(program2, io2);
  registerRestoreCommand(program2, io2);
  registerPruneCommand(program2, io2);
  registerHelpCommand(program2);
  return program2;
}
function registerHelpCommand(program2) {
  program2.helpCommand(false);
  program2.command("help").description("display help for command").argument("[command]", "the command").action((name) => {
    const command = name === void 0 ? program2 : program2.commands.find((candidate) => candidate.name() === name || candidate.aliases().includes(name));
    if (!command) program2.error(`error: unknown command '${name}'`, { code: "commander.unknownCommand", exitCode: EXIT.usage });
    (command.name() === "help" ? program2 : command).help();
  });
}

// src/cli/run-cli.ts
async function runCli(argv, io2) {
  try {
    await createProgram(io2).parseAsync(argv, { from: "user" });
    return io2.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const inClaude = ["--args-stdin", "--from-hook", "--from-skill"].some((flag) => argv.includes(flag));
    return reportError(error, io2, inClaude ? void 0 : argv[0] ?? "");
  }
}

// src/cli/stdin.ts
var MAX_BYTES = 64 * 1024 * 1024;
function readStdin(timeoutMs = 1e4) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const timer = setTimeout(
      () => reject(
        new LoopkitError("USAGE", `no end of input after ${timeoutMs} ms`, {
          hint: "--args-stdin reads the arguments from stdin: pipe them in, or pass them as words"
        })
      ),
      timeoutMs
    );
    timer.unref();
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BYTES) {
        clearTimeout(timer);
        reject(
          new LoopkitError("USAGE", `input larger than ${MAX_BYTES} bytes`, {
            hint: "arguments this large are no prompt; put the text in a file and name the file instead"
          })
        );
        process.stdin.destroy();
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    process.stdin.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

// src/cli/main.ts
endQuietlyOnClosedPipe();
var io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readStdin(),
  env: process.env,
  cwd: process.cwd(),
  now: () => /* @__PURE__ */ new Date(),
  ...process.argv[1] ? { entry: process.argv[1] } : {},
  exitCode: 0
};
process.exitCode = await runCli(process.argv.slice(2), io);
