"use strict";

const greetings = {
  en: (name) => `Hello, ${name}!`,
  fr: (name) => `Bonjour, ${name} !`,
  de: (name) => `Hallo, ${name}!`,
};

/**
 * Greets someone.
 * @param {string} name Who to greet.
 * @param {{ language?: keyof typeof greetings }} [options]
 * @returns {string}
 */
function greet(name, options = {}) {
  if (typeof name !== "string" || name.length === 0) {
    throw new TypeError("name must be a non-empty string");
  }
  const language = options.language ?? "en";
  const format = greetings[language];
  if (!format) {
    throw new RangeError(`unsupported language: ${language}`);
  }
  return format(name);
}

module.exports = { greet, languages: Object.keys(greetings) };
