/** Values built when first asked for: what the extension's `require` no longer pays for (the view's schemas). */
import assert from "node:assert/strict";
import { onFirstUse } from "../../src/core/onFirstUse";

describe("onFirstUse", () => {
  it("builds nothing until asked, then once, and hands back the same value each time", () => {
    let builds = 0;
    const value = onFirstUse(() => ({ built: ++builds }));
    assert.equal(builds, 0);
    const first = value();
    assert.equal(builds, 1);
    assert.equal(value(), first);
    assert.equal(value(), first);
    assert.equal(builds, 1);
  });

  it("keeps a built undefined instead of building it again", () => {
    let builds = 0;
    const nothing = onFirstUse(() => {
      builds++;
      return undefined;
    });
    nothing();
    nothing();
    assert.equal(builds, 1);
  });

  it("does not keep a build that threw: the next call tries again", () => {
    let builds = 0;
    const flaky = onFirstUse(() => {
      if (++builds === 1) throw new Error("first build fails");
      return "built";
    });
    assert.throws(flaky, /first build fails/);
    assert.equal(flaky(), "built");
    assert.equal(builds, 2);
  });
});

describe("the schemas built on first use", () => {
  it("the view's and the rules' schemas parse the same on every call", async () => {
    const { webviewMessage } = await import("../../src/host/webviewMessages");
    const { ruleEntrySchema } = await import("../../src/core/policy/ruleSettings");
    assert.equal(webviewMessage(), webviewMessage());
    assert.equal(ruleEntrySchema(), ruleEntrySchema());
    assert.ok(webviewMessage().safeParse({ type: "ready" }).success);
    assert.ok(ruleEntrySchema().safeParse({ command: "npm test" }).success);
    assert.ok(!ruleEntrySchema().safeParse({ command: "npm test", shell: true }).success);
  });
});
