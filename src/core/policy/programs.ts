/**
 * Programs the policy knows by name: shells, interpreters and wrappers run whatever their arguments say. A module of
 * its own, without the shell parser, so that Manage Permissions can tell a rule naming one alone (it allows any
 * code) without loading the policy engine.
 */

/** Shells whose `-c` script is parsed in place of the wrapper (`bash -lc 'npm test'` is `npm test`). */
export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"]);

export const INTERPRETERS = new Set([
  "python",
  "python3",
  "node",
  "deno",
  "bun",
  "perl",
  "ruby",
  "php",
  // Other languages' interpreters, each running any code it is given.
  ...["lua", "luajit", "tclsh", "wish", "expect", "Rscript", "julia", "osascript", "guile", "racket"],
  // Shells whose language is not bash's: their scripts are code the policy does not read.
  ...["fish", "tcsh", "csh", "nu", "elvish", "xonsh", "rc", "es", "yash", "ion", "osh", "ysh"],
  "pwsh",
  "powershell",
  "iex",
  "Invoke-Expression",
  "source",
  ".",
]);

/** Commands that run the command after them (`env`, `nohup`, `timeout 10`, `xargs`). */
export const WRAPPERS = new Set([
  "env",
  "nohup",
  "time",
  "command",
  "builtin",
  "exec",
  "nice",
  "ionice",
  "timeout",
  "stdbuf",
  "xargs",
  "chronic",
  "unbuffer",
  "busybox",
  "toybox",
  "xvfb-run",
  // Loads the environment from a file for the command after it.
  "env-cmd",
  // ShellJS's commands, named by their first word (`shx rm -rf dist`).
  "shx",
]);

/**
 * Environment and package managers whose subcommand runs the command after it in the project's environment
 * (`poetry run pytest`, `bundle exec rspec`, `pnpm exec eslint .`): read as wrappers, so the guards judge the command
 * (`uv run rm -rf ~` is `rm -rf ~`). Options between the subcommand and the command are not read (they ask); the
 * number is the operands the subcommand takes first (`direnv exec <dir>`), -1 where the subcommand word is the
 * command itself (`corepack npm exec …` is `npm exec …`, `yarn node -e …` is `node -e …`).
 */
export const SUBCOMMAND_WRAPPERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  poetry: { run: 0 },
  uv: { run: 0 },
  pipenv: { run: 0 },
  pdm: { run: 0 },
  hatch: { run: 0 },
  rye: { run: 0 },
  pixi: { run: 0, exec: 0 },
  conda: { run: 0 },
  mamba: { run: 0 },
  micromamba: { run: 0 },
  devbox: { run: 0 },
  bundle: { exec: 0 },
  direnv: { exec: 1 },
  asdf: { exec: 0 },
  pyenv: { exec: 0 },
  rbenv: { exec: 0 },
  nodenv: { exec: 0 },
  goenv: { exec: 0 },
  jenv: { exec: 0 },
  opam: { exec: 0 },
  stack: { exec: 0 },
  npm: { exec: 0, x: 0 },
  pnpm: { exec: 0, dlx: 0 },
  // `yarn node -e …` runs node with the project's resolution (yarn 1 and 2+ alike): read as `node -e …`.
  yarn: { exec: 0, dlx: 0, workspaces: 1, workspace: 1, node: -1 },
  yarnpkg: { exec: 0, dlx: 0, workspaces: 1, workspace: 1, node: -1 },
  bun: { x: 0 },
  // bash's `jobs -x kill %1`: the command with its job specs replaced.
  jobs: { "-x": 0 },
  rustup: { run: 1 },
  // 1Password's CLI runs the command after `--` with secrets in its environment.
  op: { run: 0 },
  // Node version managers run the command with a version's node first on PATH.
  volta: { run: 0 },
  fnm: { exec: 0 },
  nvm: { exec: 1 },
  corepack: Object.fromEntries(["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"].map((pm) => [pm, -1])),
  // Secret injectors, and monorepo runners of a command (or, yarn's, of a yarn command) in each package.
  dotenvx: { run: 0 },
  infisical: { run: 0 },
  lerna: { exec: 0 },
  nx: { exec: 0 },
};

/**
 * Programs that run a command given in their arguments which the policy does not read as one (unlike `WRAPPERS`):
 * `setsid rm -rf ~`, `flock /tmp/l rm -rf ~`, `watch '…'`, `ssh host '…'`. A person decides on them.
 */
export const RUNS_COMMANDS_UNREAD: ReadonlySet<string> = new Set([
  // ansible's modules run commands and write files on the hosts it names, this machine among them (`localhost`).
  "ansible",
  "ansible-playbook",
  "ansible-pull",
  "ansible-console",
  // MongoDB's shells run JavaScript, which may start processes (`require("child_process")`).
  "mongosh",
  "mongo",
  "setsid",
  "flock",
  "strace",
  "ltrace",
  "watch",
  "parallel",
  "script",
  "ssh",
  "runuser",
  "chroot",
  "unshare",
  "nsenter",
  "firejail",
  "systemd-run",
  "at",
  "batch",
  "taskset",
  "chrt",
  "prlimit",
  "setarch",
  "valgrind",
  "gdb",
  // Terminal multiplexers and session runners start the command in a new session; the rest run it as given.
  "tmux",
  "screen",
  "dtach",
  "abduco",
  "entr",
  "watchexec",
  "caffeinate",
  "dbus-launch",
  "dbus-run-session",
  "proot",
  "fakeroot",
  "fakechroot",
  "perf",
  "catchsegv",
  "sg",
  "bwrap",
  "nsjail",
  "cpulimit",
  "daemonize",
  "start-stop-daemon",
  "xterm",
  "gnome-terminal",
  "konsole",
  "x-terminal-emulator",
  // Run the command after them with a library, a clock, a proxy or a cache around it, or run command lines given as
  // strings (benchmarks, runners of several at once), or set variables first (`cross-env A=1 cmd`); zsh's
  // precommand modifiers (`noglob rm …` in a `zsh -c`, which is read as bash).
  "eatmydata",
  "rlwrap",
  "faketime",
  "proxychains",
  "proxychains4",
  "torsocks",
  "ccache",
  "sem",
  "hyperfine",
  "concurrently",
  "cross-env",
  "noglob",
  "nocorrect",
  // Terminals that start a command, or type one into a running shell (`kitty @ send-text`, `wezterm cli send-text`).
  "kitty",
  "kitten",
  "wezterm",
  "alacritty",
  "foot",
  "footclient",
  "terminator",
  "tilix",
  "xfce4-terminal",
  "urxvt",
  "mate-terminal",
  "lxterminal",
  // Tool versions or a container or shell environment around a command: their words before it are not read.
  "mise",
  "rtx",
  "nix",
  "nix-shell",
  "dotenv",
  "docker",
  "podman",
  "nerdctl",
  // A NUMA or cgroup placement, a bandwidth shaper, a Flatpak sandbox's way out to the host: each runs the command
  // after its own words.
  "numactl",
  "cgexec",
  "trickle",
  "flatpak-spawn",
  "flatpak",
  "systemd-inhibit",
  // Each runs the command after its own words: personalities, OOM scores, clamps, blocked system calls, a process
  // group, an SELinux or AppArmor context, a key session (`keyctl session - cmd`); moreutils' runners of one when
  // input comes (`ifne`), of several (`pee`), of a pipeline (`mispipe`), of one on a lock (`lckdo`) or on
  // decompressed files (`zrun`); agents that start the command they are given (`ssh-agent cmd`), a password typer,
  // init shims, containers, secret injectors, debuggers, recorders and profilers, MPI and Slurm launchers.
  ...["linux32", "linux64", "i386", "x86_64", "choom", "uclampset", "enosys", "setpgid", "runcon", "aa-exec"],
  ...["keyctl", "ifne", "pee", "mispipe", "lckdo", "zrun", "parallel.moreutils", "ssh-agent", "gpg-agent"],
  ...["sshpass", "run-one", "run-this-one", "tini", "dumb-init", "systemd-socket-activate", "systemd-nspawn"],
  ...["distrobox", "distrobox-enter", "toolbox", "aws-vault", "doppler", "sops", "lldb", "rr", "heaptrack"],
  ...["kcov", "mpirun", "mpiexec", "srun", "sbatch"],
  // macOS's architecture and Xcode tool runners; a container's ways out to the host.
  ...["arch", "xcrun", "host-spawn", "distrobox-host-exec"],
  // flox's environment around a command (`flox activate -- cmd`); a runner that runs one again until it succeeds.
  ...["flox", "retry"],
  // node's runners of command lines: cross-env's shell form, concurrently's short name, a watcher that runs its
  // command at once (`onchange -i`), a server and its tests, a runner of any program with the project's bins first.
  ...["cross-env-shell", "conc", "onchange", "start-server-and-test", "server-test", "start-test", "npm-run"],
  // @antfu/ni: its words go to the project's package manager (`na sh -c …` is `pnpm sh -c …`), or run a package.
  ...["na", "ni", "nr", "nlx", "nun", "nci"],
]);

/** The dynamic loader, which runs the program it is given (`/lib64/ld-linux-x86-64.so.2 /bin/sh -c …`). */
export const DYNAMIC_LOADER = /^ld(?:-linux(?:-[\w-]+)?|-musl-[\w-]+)?\.so(?:\.\d+)*$/;

/**
 * Programs that run whatever their arguments say: shells, interpreters, package runners, wrappers, git (`git -c
 * core.pager=…`), programs whose script is code (`awk 'BEGIN{system(…)}'`; sed below), package managers (`npm exec
 * -c …`) and make (`make --eval=…`). Named alone (the next word a flag or a path: `node --version`, `python3 -m
 * pytest`, `npx -y …`, `git --no-pager log`, `sed -n 1p a.ts`), a rule would allow any code.
 */
const RUNS_ANY_CODE: ReadonlySet<string> = new Set([
  ...SHELLS,
  ...INTERPRETERS,
  ...WRAPPERS,
  ...RUNS_COMMANDS_UNREAD,
  "npx",
  "bunx",
  "pnpx",
  "uvx",
  "git",
  "awk",
  "gawk",
  "mawk",
  "nawk",
  "npm",
  "pnpm",
  "yarn",
  "make",
  "gmake",
  // Runners of a language's code: R's shell, the JVM and its shell, cmake's scripts (`-P`), TypeScript, zx, Babel's
  // and CoffeeScript's.
  ...["R", "java", "jshell", "cmake", "tsx", "ts-node", "zx", "babel-node", "coffee"],
]);

/** Subcommands that run whatever their arguments say (`npm exec -c …`, `npm run <any script>`, `pnpm dlx …`). */
const RUNS_ANY_CODE_SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries<
  ReadonlySet<string>
>([
  ...["npm", "pnpm", "yarn"].map(
    (manager) =>
      [manager, new Set(["exec", "x", "run", "run-script", "rum", "urn", "dlx", "create", "init"])] as const,
  ),
  // A container of any image, the host's folders mounted, running any command (`docker run -v /:/h alpine sh -c …`).
  ...["docker", "podman", "nerdctl"].map((engine) => [engine, new Set(["run", "exec"])] as const),
]);

/**
 * Programs whose code may come in any later word: GNU sed takes `-e script` after its files, so even a whole line
 * (`sed -n 1,20p a.ts`) as a prefix allows `sed -n 1,20p a.ts -e '1e …'`.
 */
const CODE_IN_ANY_WORD: ReadonlySet<string> = new Set(["sed", "gsed"]);

/**
 * A prefix that names a program of `RUNS_ANY_CODE` alone, or one of its subcommands that runs any code alone (`npm
 * exec`, a project runner's `poetry run`), or sed with any words: as a rule, it would allow any code.
 */
export function runsAnyCode(prefix: readonly string[]): boolean {
  const program = prefix[0] === undefined ? undefined : basename(prefix[0]);
  if (program === undefined) return false;
  if (CODE_IN_ANY_WORD.has(program)) return true;
  // `poetry run`, `direnv exec .`: whatever command follows.
  const runner = SUBCOMMAND_WRAPPERS[program];
  const operands = runner?.[prefix[1] ?? ""];
  if (operands === -1) return runsAnyCode(prefix.slice(1));
  if (runner && (prefix.length === 1 || (operands !== undefined && prefix.length <= 2 + operands)))
    return true;
  if (prefix.length === 1) return RUNS_ANY_CODE.has(program) || DYNAMIC_LOADER.test(program);
  // npm reads `exe` as `exec` and `ru` as `run`.
  const sub = program === "npm" ? (npmCommand(prefix[1]!) ?? prefix[1]!) : prefix[1]!;
  return prefix.length === 2 && (RUNS_ANY_CODE_SUBCOMMANDS[program]?.has(sub) ?? false);
}

/** The last component of a command name (`/usr/bin/sudo` is `sudo`), separators of both kinds. */
export function basename(name: string): string {
  return name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
}

/** npm's commands (npm 11, `lib/utils/cmd-list.js`): what its abbreviations are unique prefixes of. */
const NPM_COMMANDS = (
  "access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff dist-tag " +
  "docs doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test " +
  "install-scripts install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune " +
  "publish query rebuild repo restart root run sbom search set shrinkwrap stage star stars start stop team test " +
  "token trust undeprecate uninstall unpublish unstar update version view whoami"
).split(" ");

/** npm's aliases, typos included (`i`, `x`, `c`, `rum`, `isntall`), each to its command. */
const NPM_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    owner: "author",
    docs: "home",
    bugs: "issues",
    view: "info show v",
    search: "find s se",
    install: "add i in ins inst insta instal isnt isnta isntal isntall",
    uninstall: "unlink remove rm r un",
    rebuild: "rb",
    ls: "list",
    link: "ln",
    init: "create innit",
    "install-test": "it",
    "install-ci-test": "cit clean-install-test sit",
    update: "u up upgrade udpate",
    config: "c",
    test: "tst t",
    dedupe: "ddp",
    run: "run-script rum urn",
    ci: "clean-install ic install-clean isntall-clean",
    exec: "x",
    explain: "why",
    ll: "la",
    version: "verison",
    help: "hlep",
    "dist-tag": "dist-tags",
    org: "ogr",
    adduser: "add-user",
  }).flatMap(([command, aliases]) => aliases.split(" ").map((alias) => [alias, command])),
);

/**
 * The command npm runs for the word it is given (`exe` is `exec`, `pub` is `publish`, `c` is `config`, `distTag` is
 * `dist-tag`), as npm's own `deref` finds it: the command itself, an alias, or a unique prefix of one of them; undefined
 * for a word that names none (`ex`: exec, explain or explore).
 */
export function npmCommand(word: string): string | undefined {
  const name = /[A-Z]/.test(word) ? word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) : word;
  if (NPM_COMMANDS.includes(name)) return name;
  if (Object.hasOwn(NPM_ALIASES, name)) return NPM_ALIASES[name];
  if (name === "") return undefined;
  const names = [...NPM_COMMANDS, ...Object.keys(NPM_ALIASES)];
  // abbrev: a word that is whole is its own; a prefix of exactly one of them is that one.
  const found = names.filter((each) => each.startsWith(name));
  if (found.length !== 1) return undefined;
  const full = found[0]!;
  return Object.hasOwn(NPM_ALIASES, full) ? NPM_ALIASES[full] : full;
}
