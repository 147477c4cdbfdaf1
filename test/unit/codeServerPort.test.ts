// The test workbenches' code-server is started on port 0 and its port read from its log (tools/codeServer.ts): the
// line as code-server 4.100.3 prints it, and lines that must not be taken for it.
import assert from "node:assert/strict";
import { listeningPort } from "../../tools/codeServer";

describe("code-server's port, read from its log", () => {
  it("reads the port from the line code-server prints once it listens", () => {
    assert.equal(
      listeningPort("[2026-12-02T11:37:17.678Z] info  HTTP server listening on http://127.0.0.1:39243/"),
      39243,
    );
  });

  it("takes no other line for it", () => {
    for (const line of [
      "[2026-12-02T11:37:17.679Z] info  Session server listening on /tmp/ud/code-server-ipc.sock",
      "[2026-12-02T11:37:17.678Z] info    - Authentication is disabled",
      "HTTP server listening on http://0.0.0.0:8080/",
      "HTTP server listening on http://127.0.0.1:/",
    ])
      assert.equal(listeningPort(line), undefined, line);
  });
});
