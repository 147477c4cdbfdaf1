import assert from "node:assert/strict";
import { MessageRecall } from "../../webview/messageRecall";

const sent = ["first", "second", "third"];

describe("MessageRecall (Up and Down in the message box)", () => {
  it("goes back from an empty box, stops at the first, and forward to an empty box", () => {
    const recall = new MessageRecall();
    let box = "";
    const up = () => (box = recall.older(box, sent) ?? box);
    const down = () => (box = recall.newer(box, sent) ?? box);
    assert.equal(up(), "third");
    assert.equal(recall.position(), 3);
    assert.equal(up(), "second");
    assert.equal(up(), "first");
    assert.equal(up(), "first", "none before the first");
    assert.equal(recall.position(), 1);
    assert.equal(down(), "second");
    assert.equal(down(), "third");
    assert.equal(down(), "", "past the last: empty");
    assert.equal(recall.position(), undefined);
    assert.equal(recall.newer(box, sent), undefined, "Down in an empty box is not recall's");
  });

  it("leaves a draft or an edited message alone: the keys move the caret there", () => {
    const recall = new MessageRecall();
    assert.equal(recall.older("my draft", sent), undefined);
    assert.equal(recall.newer("my draft", sent), undefined);
    assert.equal(recall.older("", sent), "third");
    assert.equal(recall.older("third, edited", sent), undefined);
    assert.equal(recall.newer("third, edited", sent), undefined);
    assert.equal(recall.older("", sent), "third", "emptied, Up starts from the last again");
  });

  it("offers nothing when nothing was sent, and starts over after a reset", () => {
    const recall = new MessageRecall();
    assert.equal(recall.older("", []), undefined);
    assert.equal(recall.older("", sent), "third");
    assert.equal(recall.older("third", sent), "second");
    recall.reset();
    assert.equal(recall.older("second", sent), undefined, "another session's box: not ours to swap");
  });
});
