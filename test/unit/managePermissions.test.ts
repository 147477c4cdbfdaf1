/** What Manage Permissions lists and what removing a rule writes (pure parts), and the reject-with-reason intent. */
import assert from "node:assert/strict";
import { SessionGrants } from "../../src/core/policy/sessionGrants";
import { ruleFromEntry } from "../../src/core/policy/rules";
import {
  EVERY_AGENT,
  grantGroups,
  listRuleEntries,
  withoutRuleEntry,
} from "../../src/host/permissionEntries";
import { webviewMessage } from "../../src/host/webviewMessages";
import { LIMITS } from "../../src/shared/limits";

describe("Manage Permissions: the rule entries of a settings source", () => {
  it("lists every entry with the label the policy gives it, and why an entry is ignored", () => {
    const listings = listRuleEntries(
      {
        allow: [{ kind: "execute", command: "npm test" }],
        deny: [{ command: "curl" }, { command: "rm -rf; x" }],
      },
      "user",
    );
    assert.deepEqual(
      listings.map((l) => [l.action, l.index, l.rule?.label, l.ignored === undefined]),
      [
        ["allow", 0, 'Allow commands starting with "npm test", execute requests (user settings)', true],
        ["deny", 0, 'Deny commands starting with "curl" (user settings)', true],
        ["deny", 1, undefined, false],
      ],
    );
  });

  it("marks a workspace allow rule ignored and keeps its deny rule", () => {
    const listings = listRuleEntries(
      { allow: [{ command: "npm test" }], deny: [{ path: "secrets/**" }] },
      "workspace",
    );
    assert.equal(listings[0]!.rule, undefined);
    assert.match(listings[0]!.ignored ?? "", /workspace may only add deny and ask rules/);
    // Said in the words of the rule it would make, not as settings JSON; a malformed one stays as written.
    assert.equal(listings[0]!.label, 'Allow commands starting with "npm test" (workspace settings)');
    assert.equal(listRuleEntries({ allow: [{ command: "a;b" }] }, "workspace")[0]!.label, undefined);
    assert.equal(listings[1]!.rule?.action, "deny");
    assert.deepEqual(listRuleEntries("not an object", "user"), []);
    assert.deepEqual(listRuleEntries([{ allow: [] }], "user"), []);
  });
});

describe("Manage Permissions: removing one rule from user settings", () => {
  const settings = {
    allow: [
      { kind: "execute", command: "npm test" },
      { kind: "edit", path: "src/**" },
      { command: "npm test", kind: "execute" },
    ],
    deny: [{ command: "curl" }],
    extra: "kept",
  };

  it("removes exactly the first equal entry, in whatever key order, and keeps everything else", () => {
    assert.deepEqual(withoutRuleEntry(settings, "allow", { command: "npm test", kind: "execute" }), {
      allow: [
        { kind: "edit", path: "src/**" },
        { command: "npm test", kind: "execute" },
      ],
      deny: [{ command: "curl" }],
      extra: "kept",
    });
    assert.deepEqual(withoutRuleEntry(settings, "deny", { command: "curl" })?.deny, []);
    // The input is not changed: the caller writes the result.
    assert.equal(settings.allow.length, 3);
  });

  it("removes nothing that is not exactly the entry, nor from another list", () => {
    assert.equal(withoutRuleEntry(settings, "allow", { kind: "execute" }), undefined);
    assert.equal(
      withoutRuleEntry(settings, "allow", { kind: "execute", command: "npm test", agent: "X" }),
      undefined,
    );
    assert.equal(withoutRuleEntry(settings, "deny", { kind: "edit", path: "src/**" }), undefined);
    assert.equal(withoutRuleEntry(settings, "ask", { command: "curl" }), undefined);
    assert.equal(withoutRuleEntry(undefined, "allow", {}), undefined);
  });
});

describe("Manage Permissions: the list per agent", () => {
  const grants = new SessionGrants();
  const grant = grants.add(ruleFromEntry({ kind: "execute", command: "npm test" }, "allow", "session"));

  it("groups Bypass, rules and session grants per agent, with where each comes from", () => {
    const groups = grantGroups({
      bypass: [{ agentName: "Claude", origins: ["settings", "window"] }],
      rules: [
        ...listRuleEntries({ allow: [{ command: "npm test", agent: "Claude" }, { kind: "read" }] }, "user"),
        ...listRuleEntries({ deny: [{ command: "curl" }], allow: [{ kind: "edit" }] }, "workspace"),
      ],
      grants: [
        { sessionKey: "s1", agentName: "Codex", sessionTitle: "Fix the build", tab: 2, grant },
        // A second session took the same title: the tab tells them apart, which the agent does not choose.
        { sessionKey: "s2", agentName: "Codex", sessionTitle: "Fix the build", tab: 3, grant },
      ],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    assert.deepEqual(
      groups.map((g) => [g.title, g.items.map((i) => [i.label, i.description, i.target.type])]),
      [
        [
          "Claude",
          [
            ["Bypass Permissions for Claude", "user settings", "bypass"],
            ["Bypass Permissions for Claude", "this window only", "bypass"],
            [
              'Allow commands starting with "npm test", of Claude (user settings)',
              "user settings",
              "userRule",
            ],
          ],
        ],
        [
          "Codex",
          [
            [
              'Allow commands starting with "npm test", execute requests (this session)',
              `tab 2, granted at ${new Date(grant.grantedAt).toLocaleTimeString()}: session "Fix the build"`,
              "sessionGrant",
            ],
            [
              'Allow commands starting with "npm test", execute requests (this session)',
              `tab 3, granted at ${new Date(grant.grantedAt).toLocaleTimeString()}: session "Fix the build"`,
              "sessionGrant",
            ],
          ],
        ],
        [
          EVERY_AGENT,
          [
            ["Allow read requests (user settings)", "user settings", "userRule"],
            ["Allow edit requests (workspace settings)", "workspace settings, ignored", "workspaceRule"],
            [
              'Deny commands starting with "curl" (workspace settings)',
              "workspace settings",
              "workspaceRule",
            ],
          ],
        ],
      ],
    );
    const sessionItem = groups[1]!.items[0]!;
    assert.deepEqual(sessionItem.target, {
      type: "sessionGrant",
      sessionKey: "s1",
      grantId: grant.id,
      session: 'tab 2 session "Fix the build"',
    });
    const userRule = groups[0]!.items[2]!;
    assert.deepEqual(userRule.target, {
      type: "userRule",
      action: "allow",
      entry: { command: "npm test", agent: "Claude" },
    });
  });

  it("says that an allow rule naming a program that runs any code alone allows any code", () => {
    const groups = grantGroups({
      bypass: [],
      rules: listRuleEntries(
        {
          allow: [
            { command: "node" },
            { command: "/usr/bin/git" },
            { command: "node scripts/build.js" },
            { command: "npm exec" },
          ],
          deny: [{ command: "python3" }],
        },
        "user",
      ),
      grants: [],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    const details = groups[0]!.items.map((i) => [i.label, i.detail]);
    assert.deepEqual(details, [
      [
        'Allow commands starting with "node" (user settings)',
        "$(warning) Allows any code: node runs whatever its arguments say. Name what it runs (a script, a subcommand).",
      ],
      [
        'Allow commands starting with "/usr/bin/git" (user settings)',
        "$(warning) Allows any code: /usr/bin/git runs whatever its arguments say. Name what it runs (a script, a subcommand).",
      ],
      ['Allow commands starting with "node scripts/build.js" (user settings)', undefined],
      [
        'Allow commands starting with "npm exec" (user settings)',
        "$(warning) Allows any code: npm exec runs whatever its arguments say. Name what it runs (a script, a subcommand).",
      ],
      // Denying a program alone is what a person means by it.
      ['Deny commands starting with "python3" (user settings)', undefined],
    ]);
  });

  it("says a rule whose path is too complex to match holds every path, or allows none", () => {
    const costly = "**/a/**/b/**/c/*.key";
    const groups = grantGroups({
      bypass: [],
      rules: listRuleEntries(
        {
          allow: [{ path: costly }],
          ask: [{ path: costly }],
          deny: [{ path: costly }, { path: "secrets/**" }],
        },
        "user",
      ),
      grants: [],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    assert.deepEqual(
      groups[0]!.items.map((i) => i.detail),
      [
        "$(warning) Its path is too complex to match in time: it allows no path. Write it with fewer wildcards.",
        "$(warning) Its path is too complex to match in time: it asks about every path. Write it with fewer wildcards.",
        "$(warning) Its path is too complex to match in time: it denies every path. Write it with fewer wildcards.",
        undefined,
      ],
    );
  });

  it("names the workspace folder a rule comes from, inert, and opens that folder's settings", () => {
    const folder = { name: "lib $(check)\u202e", uri: "file:///ws/lib" };
    const groups = grantGroups({
      bypass: [],
      rules: listRuleEntries(
        { allow: [{ command: "npm test" }], deny: [{ command: "npm publish" }] },
        "workspaceFolder",
        folder,
      ),
      grants: [],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    const items = groups.flatMap((g) => g.items);
    assert.deepEqual(
      items.map((i) => [i.label, i.description, i.target]),
      [
        [
          'Allow commands starting with "npm test" (workspace settings)',
          'settings of the workspace folder "lib $ (check)<U+202E>", ignored',
          { type: "workspaceRule", origin: "workspaceFolder", folderUri: "file:///ws/lib" },
        ],
        [
          'Deny commands starting with "npm publish" (workspace settings)',
          'settings of the workspace folder "lib $ (check)<U+202E>"',
          { type: "workspaceRule", origin: "workspaceFolder", folderUri: "file:///ws/lib" },
        ],
      ],
    );
  });

  it("is empty when nothing is granted", () => {
    assert.deepEqual(
      grantGroups({
        bypass: [],
        rules: [],
        grants: [],
        confirmedFolders: [],
        additionalFolders: [],
        confirmedModes: [],
      }),
      [],
    );
  });

  it("lists each mode that acts without asking the person said yes to under its agent, its name inert", () => {
    const groups = grantGroups({
      bypass: [],
      rules: [],
      grants: [],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [
        { agentName: "Codex", level: "full" },
        { agentName: "Claude $(check)", level: "reviewer" },
      ],
    });
    assert.deepEqual(
      groups.map((g) => [g.title, g.items.map((i) => [i.label, i.target])]),
      [
        [
          "Claude $(check)",
          [
            [
              "Switching Claude $ (check) to modes in which a model approves",
              { type: "confirmedMode", agentName: "Claude $(check)", level: "reviewer" },
            ],
          ],
        ],
        [
          "Codex",
          [
            [
              "Switching Codex to modes that act without asking",
              { type: "confirmedMode", agentName: "Codex", level: "full" },
            ],
          ],
        ],
      ],
    );
  });

  it("lists the folders counted as the workspace's for every agent: additional ones, and a workspace file's confirmed", () => {
    // The folder's name and the file's are the repository's to choose: shown inert.
    const file = "/home/me/repo/team $(check).code-workspace";
    const groups = grantGroups({
      bypass: [{ agentName: "Claude", origins: ["settings"] }],
      rules: [],
      grants: [],
      confirmedFolders: [
        { file, path: "/home/me/lib" },
        { file, path: "/home/me/[x](command:evil)\u202e" },
      ],
      additionalFolders: [
        { folder: "/srv/scratch" },
        { folder: "~/$(check)" },
        { folder: "/", refused: "it is the file system root" },
      ],
      confirmedModes: [],
    });
    assert.deepEqual(
      groups.map((g) => [g.title, g.items.map((i) => [i.label, i.description, i.target])]),
      [
        [
          "Claude",
          [
            [
              "Bypass Permissions for Claude",
              "user settings",
              { type: "bypass", agentName: "Claude", origin: "settings" },
            ],
          ],
        ],
        [
          EVERY_AGENT,
          [
            [
              "/srv/scratch",
              "additional folder (user settings)",
              { type: "additionalFolder", folder: "/srv/scratch" },
            ],
            [
              "~/$ (check)",
              "additional folder (user settings)",
              { type: "additionalFolder", folder: "~/$(check)" },
            ],
            // Refused by the policy: listed, so it can be removed, and said not to apply.
            ["/", "additional folder (user settings), not used", { type: "additionalFolder", folder: "/" }],
            [
              "/home/me/lib",
              "counted as inside the workspace (team $ (check).code-workspace)",
              { type: "confirmedFolder", file, path: "/home/me/lib" },
            ],
            [
              "/home/me/[x] (command:evil)<U+202E>",
              "counted as inside the workspace (team $ (check).code-workspace)",
              { type: "confirmedFolder", file, path: "/home/me/[x](command:evil)\u202e" },
            ],
          ],
        ],
      ],
    );
  });

  it("shows an agent's session title and a repository's entries inert (no icons, links or hidden characters)", () => {
    const groups = grantGroups({
      bypass: [],
      rules: listRuleEntries({ allow: [{ command: "$(check) ok" }] }, "workspace"),
      grants: [
        {
          sessionKey: "s",
          agentName: "A",
          sessionTitle: "[x](command:evil) $(warning)\u202e",
          tab: 1,
          grant,
        },
      ],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    const text = JSON.stringify(groups.flatMap((g) => g.items.map((i) => [i.label, i.description])));
    assert.doesNotMatch(text, /\$\(|\]\(|\u202e/);
  });

  it("names a grant by its tab and time first, and a session title cannot close its quotes to name another", () => {
    const forged = 'Fix lint" (tab 1), granted at 09:00:00 AM';
    const groups = grantGroups({
      bypass: [],
      rules: [],
      grants: [{ sessionKey: "s2", agentName: "Claude", sessionTitle: forged, tab: 2, grant }],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    const item = groups[0]!.items[0]!;
    const time = new Date(grant.grantedAt).toLocaleTimeString();
    assert.ok(item.description.startsWith(`tab 2, granted at ${time}: `), item.description);
    // The title stays inside one pair of quotes: no quote mark of its own ends them.
    assert.equal(item.description.match(/"/g)?.length, 2, item.description);
    assert.ok(item.target.type === "sessionGrant" && item.target.session.startsWith("tab 2 session "));
    // A long title is cut short: the quick pick's description and the revoke question stay Symposium's words.
    const long = grantGroups({
      bypass: [],
      rules: [],
      grants: [{ sessionKey: "s3", agentName: "Claude", sessionTitle: "x".repeat(500), tab: 3, grant }],
      confirmedFolders: [],
      additionalFolders: [],
      confirmedModes: [],
    });
    assert.ok(long[0]!.items[0]!.description.length < 120);
  });
});

describe("Reject with a reason: the intent", () => {
  const parses = (raw: unknown) => webviewMessage().safeParse(raw).success;

  it("accepts a reason up to the cap and refuses a longer or blank one, or extra fields", () => {
    assert.ok(parses({ type: "rejectWithReason", key: "k", reason: "use pnpm, not npm" }));
    assert.ok(
      parses({ type: "rejectWithReason", key: "k", reason: "x".repeat(LIMITS.intent.rejectReasonChars) }),
    );
    assert.ok(
      !parses({
        type: "rejectWithReason",
        key: "k",
        reason: "x".repeat(LIMITS.intent.rejectReasonChars + 1),
      }),
    );
    assert.ok(!parses({ type: "rejectWithReason", key: "k", reason: " \n\t " }));
    assert.ok(!parses({ type: "rejectWithReason", key: "k", reason: "why", optionId: "allow-once" }));
    assert.ok(!parses({ type: "rejectWithReason", key: "", reason: "why" }));
  });
});
