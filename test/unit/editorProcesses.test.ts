import * as assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { basename } from "node:path";
import { editorProcesses } from "../../src/acp/editorProcesses";

describe("the editor's own processes, as pkill and killall see them", () => {
  (process.platform === "linux" ? it : it.skip)(
    "are a process and each one it runs under, by name and command line",
    async () => {
      // node under `sh -c` under this test: the `; true` keeps sh from replacing itself with node.
      const child = spawn(
        "sh",
        [
          "-c",
          `"${process.execPath}" -e "console.log(process.pid); setInterval(() => {}, 1e3)" marker-a; true`,
        ],
        {
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      let pid: number | undefined;
      try {
        const [line] = (await once(child.stdout, "data")) as [Buffer];
        pid = Number(line.toString().trim());
        const found = editorProcesses(pid);
        assert.equal(found[0]!.name, basename(process.execPath).slice(0, 15));
        assert.match(
          found[0]!.commandLine,
          / -e console\.log\(process\.pid\); setInterval\(\(\) => \{\}, 1e3\) marker-a$/,
        );
        assert.equal(found[1]!.name, "sh");
        assert.match(found[1]!.commandLine, /^sh -c .* marker-a; true$/);
        assert.match(found[2]!.commandLine, /mocha/, "then this test's own process");
        assert.deepEqual([found[0]!.pid, found[1]!.pid, found[2]!.pid], [pid, child.pid, process.pid]);
        // Spawned without a group of their own, all three are in this test's process group.
        assert.equal(new Set(found.slice(0, 3).map((p) => p.group)).size, 1);
        assert.ok(Number.isInteger(found[0]!.group) && found[0]!.group! > 0);
        assert.ok(found.length >= 3 && found.length <= 32);
        assert.ok(!found[0]!.ports, "the child listens on no port");
      } finally {
        // node would outlive sh.
        if (pid !== undefined) process.kill(pid, "SIGKILL");
        child.kill("SIGKILL");
      }
    },
  );

  (process.platform === "linux" ? it : it.skip)("carry the TCP ports each listens on", async () => {
    const server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;
    try {
      assert.ok(editorProcesses()[0]!.ports?.includes(port), `port ${port} of this process`);
    } finally {
      server.close();
      await once(server, "close");
    }
    assert.ok(!editorProcesses()[0]!.ports?.includes(port), "a closed port is not listed");
  });
});
