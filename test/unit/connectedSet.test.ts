import assert from "node:assert/strict";
import { ConnectedSet } from "../../webview/connectedSet";

describe("ConnectedSet (the spinners the view turns, without querying the document)", () => {
  const node = (name: string) => ({ name, isConnected: true });

  it("gives the nodes in the document, and forgets the ones that left it", () => {
    const set = new ConnectedSet<ReturnType<typeof node>>();
    const header = node("session status");
    const tool = node("tool call in progress");
    set.add(header);
    set.add(tool);
    assert.deepEqual(set.connected(), [header, tool]);
    tool.isConnected = false; // the tool call finished: its icon was replaced
    assert.deepEqual(set.connected(), [header]);
    assert.equal(set.size, 1, "a replaced icon is not kept");
    header.isConnected = false;
    assert.deepEqual(set.connected(), []);
    assert.equal(set.size, 0);
  });
});
