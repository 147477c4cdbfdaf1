"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");
const { greet } = require("../src/greet");

test("greets in English by default", () => {
  assert.equal(greet("Ada"), "Hello, Ada!");
});

test("greets in French", () => {
  assert.equal(greet("Ada", { language: "fr" }), "Bonjour, Ada !");
});

test("rejects an empty name", () => {
  assert.throws(() => greet(""), TypeError);
});
