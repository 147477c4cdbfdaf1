/**
 * Process trees and output of the commands Symposium runs, tested on `ClientTerminals` and `AgentProcess` directly:
 * agents and terminal commands end with the extension host however it ends (a host killed hard runs no cleanup),
 * terminals end at their wall-clock limit with everything they started, and a command flooding its output costs the
 * host little CPU.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import * as v1 from "@agentclientprotocol/sdk";
import type { AgentConnection } from "../../src/acp/agentConnection";
import { AgentProcess } from "../../src/acp/agentProcess";
import { clientCallbacks } from "../../src/acp/clientHandlers";
import { ClientTerminals, TERMINAL_LIMITS } from "../../src/acp/clientTerminals";
import type { Runtime } from "../../src/acp/connectionPool";
import type { ConnectionScope } from "../../src/acp/connectionScope";
import type { PermissionBroker } from "../../src/acp/permissionBroker";
import { markedEnv, newTreeMarker, signalTree, startWatchdog } from "../../src/acp/processTree";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { isAlive, killLeftovers, pidsWritten } from "../../tools/processTree";
import { waitFor } from "../../tools/waitFor";

const AGENT_HOST = join(__dirname, "..", "support", "agentHost.js");
const START_AGENT = join(__dirname, "..", "support", "startAgent.js");

describe("process containment and terminal output", function () {
  this.timeout(30_000);
  const leftovers: number[] = [];
  let folder: string;

  beforeEach(() => (folder = realpathSync(mkdtempSync(join(tmpdir(), "symposium-host-")))));
  afterEach(() => {
    killLeftovers(leftovers);
    rmSync(folder, { recursive: true, force: true });
  });

  async function pidsFrom(pidFile: string, count: number): Promise<number[]> {
    const pids = await pidsWritten(pidFile, count);
    leftovers.push(...pids);
    assert.ok(pids.every(isAlive), "all of them run");
    return pids;
  }

  for (const what of ["an agent", "a terminal command"] as const) {
    it(`${what} that ignores TERM and stdin EOF, and its setsid child, end after the host is SIGKILLed`, async () => {
      const pidFile = join(folder, "tree.pid");
      const mode = what === "a terminal command" ? ["terminal"] : [];
      const host = spawn(process.execPath, [AGENT_HOST, pidFile, ...mode], { stdio: "ignore", cwd: folder });
      leftovers.push(host.pid!);
      const pids = await pidsFrom(pidFile, 3);
      host.kill("SIGKILL");
      await new Promise((resolve) => host.once("exit", resolve));
      await waitFor(
        () => pids.every((pid) => !isAlive(pid)),
        `${what} and its children (${pids.join(", ")}) to end after the host died`,
        5_000,
      );
    });
  }

  function terminals(options: ConstructorParameters<typeof ClientTerminals>[1] = {}): ClientTerminals {
    return new ClientTerminals(() => undefined, options);
  }

  it("leaves alone another's process group that has the pid of a leader that exited, and ends it otherwise", async () => {
    if (process.platform === "win32") return;
    // A process leading a group of its own, standing for one that got the pid after a terminal command ended (a
    // shell job, a daemon): the agent releasing that terminal later signalled `-pid`.
    const stranger = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    const pid = stranger.pid!;
    leftovers.push(pid);
    signalTree(pid, "no-such-marker", "SIGKILL", true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(isAlive(pid), "another's process group was signalled");
    // The leader still ours (not exited): its group ends.
    signalTree(pid, "no-such-marker", "SIGKILL", false);
    await waitFor(() => !isAlive(pid), "the group ended", 5_000);
  });

  it("has the watchdog end a marked group when the host goes, and leave alone one whose leader is another's", async () => {
    if (process.platform !== "linux") return;
    const marker = newTreeMarker();
    // Ours: a marked leader and, in its group, a process that cleared its environment (no marker to sweep it by).
    const pidFile = join(folder, "pids");
    const ours = spawn("/bin/sh", ["-c", `env -i sleep 30 & echo $! > '${pidFile}'; sleep 30`], {
      detached: true,
      stdio: "ignore",
      env: markedEnv(process.env, marker),
    });
    leftovers.push(ours.pid!);
    const [unmarked] = await pidsFrom(pidFile, 1);
    const stranger = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    leftovers.push(stranger.pid!);
    // The pipe's end (dispose) is what the watchdog sees when the host dies.
    startWatchdog(ours.pid!, marker)!.dispose();
    startWatchdog(stranger.pid!, marker)!.dispose();
    // The watchdog is a shell that starts sed and grep: on a loaded 2-core machine (the CI's suites side by side)
    // that took over 5 s once.
    await waitFor(
      () => !isAlive(ours.pid!) && !isAlive(unmarked!),
      "our group ended, its unmarked one too",
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(isAlive(stranger.pid!), "a group whose leader carries no marker was killed");
  });

  it("never runs a command outside when the folder it checked becomes a link to outside right after", async () => {
    const inside = join(folder, "d");
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "symposium-outside-")));
    mkdirSync(inside);
    const checked = new PolicyBoundary([folder]).resolveInside(inside)!;
    // The check passed; then the folder's name is swapped for a symlink to outside, as a racing process would.
    renameSync(inside, join(folder, "d.moved"));
    symlinkSync(outside, inside);
    const client = terminals();
    try {
      const created = (() => {
        try {
          return client.create(
            "s",
            { command: process.execPath, args: ["-e", "console.log(process.cwd())"] },
            checked,
          );
        } catch (error) {
          return error as Error;
        }
      })();
      if (!(created instanceof Error)) {
        await client.waitForExit("s", created.terminalId);
        assert.doesNotMatch(client.output("s", created.terminalId).output, new RegExp(outside));
      } else assert.match(created.message, /moved/);
    } finally {
      client.releaseAll();
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("runs terminal/create in the folder its approval was matched in, though the cwd's link was re-pointed since", async () => {
    if (process.platform === "win32") return; // symlinks
    // Approved: cwd `sub`. The create names `link` (-> sub), which a process of the agent's re-points at `.git` once
    // the approval has matched: resolved again, the command ran in `.git` and overwrote its config.
    mkdirSync(join(folder, "sub"));
    mkdirSync(join(folder, ".git"));
    writeFileSync(join(folder, ".git", "config"), "[core]\n");
    symlinkSync("sub", join(folder, "link"));
    const boundary = new PolicyBoundary([folder]);
    let checks = 0;
    const paths = new Proxy(boundary, {
      get(target, key) {
        if (key === "check")
          return (path: string, ...rest: unknown[]) => {
            const result = (target.check as (...a: unknown[]) => ReturnType<PolicyBoundary["check"]>)(
              path,
              ...rest,
            );
            if (path.endsWith("/link") && ++checks === 2) {
              unlinkSync(join(folder, "link"));
              symlinkSync(".git", join(folder, "link"));
            }
            return result;
          };
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const approvedCwd = join(folder, "sub");
    const argv = [
      process.execPath,
      "-e",
      "require('fs').writeFileSync('config', 'written'); console.log(process.cwd())",
    ];
    // The broker's two steps as it takes them: is the cwd inside, then the approval matched in the cwd resolved.
    const inside = (cwd: string): string | undefined => {
      const check = paths.check(cwd);
      return check.status === "inside" ? check.path : undefined;
    };
    const broker = {
      terminalFolder: inside,
      takeApprovedCommand: (_session: unknown, params: { command: string; args: string[]; cwd: string }) =>
        inside(params.cwd) === approvedCwd && [params.command, ...params.args].join("\0") === argv.join("\0")
          ? { argvs: [argv], cwd: approvedCwd }
          : undefined,
    };
    const client = terminals();
    const session = {
      key: "s",
      stopping: false,
      turn: 1,
      approveCommand: () => undefined,
      heard: () => undefined,
    };
    const quiet = (): void => undefined;
    const callbacks = clientCallbacks({
      scopeOf: () => ({ route: () => session }) as unknown as ConnectionScope,
      runtime: () => ({ sdk: { RequestError: v1.RequestError }, terminals: client }) as unknown as Runtime,
      broker: broker as unknown as PermissionBroker,
      paths: () => paths,
      log: { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    });
    try {
      const created = await callbacks
        .terminals!.create({} as AgentConnection, {
          sessionId: "s",
          command: argv[0]!,
          args: argv.slice(1),
          cwd: join(folder, "link"),
        })
        .then(
          (result) => result,
          (error: Error) => error,
        );
      assert.ok(checks >= 2, "the link was re-pointed between the checks");
      if (!(created instanceof Error)) {
        await client.waitForExit("s", created.terminalId);
        assert.equal(
          client.output("s", created.terminalId).output,
          `${approvedCwd}\n`,
          "the approved folder",
        );
      } else assert.match(created.message, /moved/);
      assert.equal(
        readFileSync(join(folder, ".git", "config"), "utf8"),
        "[core]\n",
        ".git/config is untouched",
      );
    } finally {
      client.releaseAll();
    }
  });

  it("runs a bare command from PATH's absolute folders, never a file of that name in the workspace", async () => {
    // A repository's own `echo`, and a PATH with an empty entry (the current folder, in execvp) before the real one.
    writeFileSync(join(folder, "echo"), "#!/bin/sh\nprintf planted\n");
    chmodSync(join(folder, "echo"), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `:.:${path ?? ""}`;
    const client = terminals();
    try {
      const { terminalId } = client.create("s", { command: "echo", args: ["real"] }, folder);
      await client.waitForExit("s", terminalId);
      assert.equal(client.output("s", terminalId).output.trim(), "real");
      assert.throws(
        () => client.create("s", { command: "no-such-program-here", args: [] }, folder),
        /no-such-program-here.*not found on PATH/,
      );
    } finally {
      process.env.PATH = path;
      client.releaseAll();
    }
  });

  it("stops a command at the wall-clock limit (symposium.terminalTimeoutSeconds), its setsid child too", async () => {
    const client = terminals({ timeoutSeconds: () => 1 });
    const pidFile = join(folder, "pids");
    const keepAlive = "setInterval(() => {}, 1000)";
    const code = [
      `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { detached: true, stdio: 'ignore' });`,
      `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + c.pid);`,
      keepAlive,
    ].join(" ");
    const { terminalId } = client.create("s", { command: process.execPath, args: ["-e", code] }, folder);
    const pids = await pidsFrom(pidFile, 2);
    const exit = await client.waitForExit("s", terminalId);
    assert.equal(exit.signal, "SIGKILL");
    assert.match(client.output("s", terminalId).output, /stopped the command after 1 s/);
    await waitFor(
      () => pids.every((pid) => !isAlive(pid)),
      "the command and its setsid child to be gone",
      3_000,
    );
    client.releaseAll();
  });

  it("keeps the tail of a 64 MB output flood at the byte limit for little CPU in the host", async () => {
    let updates = 0;
    const client = new ClientTerminals(() => updates++);
    // Like `yes`, but a fixed amount, so the host's work does not depend on how fast the machine is.
    const flood = [
      "const line = Buffer.alloc(1_000_000, 'symposium\\n'); let sent = 0;",
      "(function write() { while (sent < 64) { sent++; if (!process.stdout.write(line)) return process.stdout.once('drain', write); } })();",
    ].join(" ");
    const before = process.cpuUsage();
    const { terminalId } = client.create(
      "s",
      { command: process.execPath, args: ["-e", flood], outputByteLimit: TERMINAL_LIMITS.maxOutputBytes },
      folder,
    );
    await client.waitForExit("s", terminalId);
    const used = process.cpuUsage(before);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const { output, truncated } = client.output("s", terminalId);
    client.releaseAll();
    console.log(`      64 MB of output: ${cpuSeconds.toFixed(2)} s of host CPU, ${updates} view updates`);
    assert.equal(truncated, true, "the flood went past the limit");
    assert.ok(Buffer.byteLength(output) <= TERMINAL_LIMITS.maxOutputBytes);
    assert.match(output.slice(-20), /symposium\n$/, "the tail is kept");
    // Re-joining and decoding the whole buffer per chunk cost seconds; the ring costs a fraction of one.
    assert.ok(cpuSeconds < 1.5, `host CPU for 64 MB of output: ${cpuSeconds.toFixed(2)} s`);
  });

  it("says the view's output is shortened when the card shows only its tail, though the agent gets it whole", async () => {
    const shown: { output: string; truncated: boolean }[] = [];
    const client = new ClientTerminals((_session, _id, output, truncated, exit) => {
      if (exit) shown.push({ output, truncated });
    });
    const { terminalId } = client.create(
      "s",
      {
        command: process.execPath,
        args: ["-e", "console.log('uploading ~/.ssh/id_rsa'); process.stdout.write('.'.repeat(200_000))"],
      },
      folder,
    );
    await client.waitForExit("s", terminalId);
    await waitFor(() => shown.length > 0, "the view's update at exit");
    const whole = client.output("s", terminalId);
    client.releaseAll();
    assert.equal(whole.truncated, false, "the agent's limit was not reached");
    assert.match(whole.output, /^uploading/);
    const last = shown.at(-1)!;
    assert.ok(!last.output.includes("uploading"), "the view gets only the tail");
    assert.equal(last.truncated, true, "and is told it is only the tail");
  });

  it("runs a bare agent command from PATH, never a program of that name planted in the workspace", async () => {
    const workspace = join(folder, "repo");
    const bin = join(folder, "bin");
    mkdirSync(workspace);
    mkdirSync(bin);
    const marker = join(folder, "ran");
    const script = (who: string) => `#!/bin/sh\necho ${who} > ${JSON.stringify(marker)}\n`;
    for (const [dir, who] of [
      [workspace, "planted"],
      [bin, "configured"],
    ] as const) {
      writeFileSync(join(dir, "acp-agent"), script(who));
      chmodSync(join(dir, "acp-agent"), 0o755);
    }
    // An empty PATH entry and "." both mean the current folder to execvp: the workspace, for an agent.
    const agent = await AgentProcess.start({
      name: "Planted",
      command: "acp-agent",
      args: [],
      env: { PATH: `:.:${bin}` },
      cwd: workspace,
    });
    await agent.exited;
    assert.equal(readFileSync(marker, "utf8").trim(), "configured");
    assert.equal(agent.resolvedCommand, join(bin, "acp-agent"));
  });

  it("starts an agent in the home folder: a command or argument relative to a folder never names the repository's file", async () => {
    const workspace = join(folder, "repo");
    const marker = join(folder, "ran");
    mkdirSync(join(workspace, "bin"), { recursive: true });
    mkdirSync(join(workspace, "~", "bin"), { recursive: true });
    // What a booby-trapped repository ships for a user whose settings say `./bin/agent` or `~/bin/agent`.
    for (const planted of [
      join(workspace, "bin", "acp-planted"),
      join(workspace, "~", "bin", "acp-planted"),
    ]) {
      writeFileSync(planted, `#!/bin/sh\necho planted > ${JSON.stringify(marker)}\n`);
      chmodSync(planted, 0o755);
    }
    for (const command of ["./bin/acp-planted", "bin/acp-planted", "~/bin/acp-planted"])
      await assert.rejects(
        AgentProcess.start({ name: "Planted", command, args: [], env: {}, cwd: workspace }),
        /was not found/,
        `${command} is looked for in the home folder`,
      );
    assert.equal(existsSync(marker), false, "nothing of the repository's ran");
    // Where it runs: the home folder, not the workspace its sessions work in (`npx` would take the workspace's
    // node_modules/.bin, .npmrc and packages as its project's).
    const agent = await AgentProcess.start({
      ...{ name: "Where", command: process.execPath, env: {}, cwd: workspace },
      args: ["-e", `require("node:fs").writeFileSync(${JSON.stringify(marker)}, process.cwd())`],
    });
    await agent.exited;
    assert.equal(realpathSync(readFileSync(marker, "utf8")), realpathSync(homedir()));
  });

  for (const what of ["an agent", "a terminal command"] as const)
    it(`starts ${what} that is a Windows batch file (npx.cmd) through cmd.exe, each argument quoted for it`, async () => {
      // Node spawns a `.cmd` only through a shell (EINVAL without one), so the README's `npx -y <agent>` never started
      // on Windows, nor a terminal's `npm test`. Windows is not here: a Node told it runs on Windows starts it, with
      // `cmd.exe` (COMSPEC) a script that writes what it was given.
      const npx = join(folder, "npx.cmd");
      writeFileSync(npx, '@ECHO off\r\n"%~dp0\\node.exe" "%~dp0\\node_modules\\npm\\bin\\npx-cli.js" %*\r\n');
      const shell = join(folder, "cmd.exe");
      const given = join(folder, "given.json");
      writeFileSync(
        shell,
        `#!${process.execPath}\nrequire("node:fs").writeFileSync(${JSON.stringify(given)}, JSON.stringify(process.argv.slice(2)))\n`,
      );
      chmodSync(shell, 0o755);
      const onWindows = join(folder, "onWindows.js");
      writeFileSync(
        onWindows,
        `Object.defineProperty(process, "platform", { value: "win32" });
        process.env.COMSPEC = process.env.comspec = ${JSON.stringify(shell)};`,
      );
      const start = async (args: string[]) => {
        const mode = what === "an agent" ? [] : ["terminal"];
        const launch = JSON.stringify({ name: "Npx", command: npx, args });
        const child = spawn(process.execPath, ["--require", onWindows, START_AGENT, launch, ...mode], {
          cwd: folder,
          stdio: ["ignore", "ignore", "pipe"],
        });
        let said = "";
        child.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()));
        const code = await new Promise((resolve) => child.once("exit", resolve));
        return { code, said };
      };
      const ran = await start(["-y", "@scope/agent acp", "a&calc", 'say ^ "hi" | more', "100%PATH%"]);
      assert.equal(ran.code, 0, ran.said);
      const argv = JSON.parse(readFileSync(given, "utf8")) as string[];
      assert.equal(argv[0], "/d", "AutoRun off");
      assert.equal(argv.at(-2), "/c", "one command line");
      const line = argv.at(-1) ?? "";
      assert.ok(line.includes(npx), line);
      // `/s`: cmd.exe takes off the outer quotes. Each argument is quoted whole, so `&` and `|` start no other
      // command, and `%PATH%` is no variable.
      assert.ok(line.startsWith('"') && line.endsWith('"'), line);
      assert.match(line.slice(1, -1).replace(/"[^"]*"/g, ""), /^ *$/, line);
      assert.ok(!line.includes("100%PATH%"), line);
      for (const word of ["-y", "@scope/agent", "acp", "calc", "say", "hi", "more", "100"])
        assert.ok(line.includes(word), word);
      // A line break would end the command line there: it does not start, and says why.
      const refused = await start(["-y", "agent\r\ncalc"]);
      assert.equal(refused.code, 1);
      assert.match(
        refused.said,
        what === "an agent" ? /Could not start Npx: .*line breaks.*Check symposium\.agents/ : /line breaks/,
      );
    });

  it("runs the watchdog's programs from the system's folders, not from the folder the host runs in", async () => {
    if (process.platform === "win32") return;
    const hostFolder = join(folder, "host-cwd");
    mkdirSync(hostFolder);
    const marker = join(folder, "planted-ran");
    for (const name of ["cat", "sed", "grep", "cut"]) {
      writeFileSync(join(hostFolder, name), `#!/bin/sh\necho ${name} >> ${JSON.stringify(marker)}\n`);
      chmodSync(join(hostFolder, name), 0o755);
    }
    // A host started in a repository with "" in its PATH: a bare `cat` is the repository's.
    const cwd = process.cwd();
    const hostPath = process.env.PATH;
    process.chdir(hostFolder);
    process.env.PATH = `:${hostPath ?? ""}`;
    let agent: AgentProcess;
    try {
      agent = await AgentProcess.start({
        name: "Watched",
        command: process.execPath,
        args: ["-e", "setTimeout(() => {}, 60_000)"],
        env: {},
        cwd: hostFolder,
      });
    } finally {
      process.chdir(cwd);
      process.env.PATH = hostPath;
    }
    // The watchdog's `cat` waits on the host's pipe from its start; its other programs run when the pipe closes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await agent.kill();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(existsSync(marker) ? readFileSync(marker, "utf8") : "", "", "no planted program ran");
  });

  it("gives an agent and a terminal command a PATH of absolute folders: what they run by name is not the workspace's", async () => {
    const workspace = join(folder, "repo");
    const bin = join(folder, "bin");
    mkdirSync(workspace);
    mkdirSync(bin);
    const marker = join(folder, "ran");
    // `helper` as `#!/usr/bin/env node` finds node: in the workspace first, were "" or "." left in PATH.
    for (const [dir, who] of [
      [workspace, "planted"],
      [bin, "configured"],
    ] as const) {
      writeFileSync(join(dir, "helper"), `#!/bin/sh\necho ${who} >> ${JSON.stringify(marker)}\n`);
      chmodSync(join(dir, "helper"), 0o755);
    }
    writeFileSync(join(bin, "acp-agent"), "#!/bin/sh\nhelper\n");
    chmodSync(join(bin, "acp-agent"), 0o755);
    const agent = await AgentProcess.start({
      name: "Planted",
      command: "acp-agent",
      args: [],
      env: { PATH: `:.:node_modules/.bin:${bin}:/usr/bin:/bin` },
      cwd: workspace,
    });
    await agent.exited;
    assert.equal(readFileSync(marker, "utf8"), "configured\n", "the agent's own lookup");
    const hostPath = process.env.PATH;
    process.env.PATH = `:.:${bin}:${hostPath ?? ""}`;
    try {
      const client = terminals();
      const { terminalId } = client.create("s", { command: "/bin/sh", args: ["-c", "helper"] }, workspace);
      await client.waitForExit("s", terminalId);
      client.releaseAll();
    } finally {
      process.env.PATH = hostPath;
    }
    assert.equal(readFileSync(marker, "utf8"), "configured\nconfigured\n", "a terminal command's lookup");
  });
});
