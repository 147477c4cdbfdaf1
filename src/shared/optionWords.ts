/**
 * Which answer an option's name reads as. An agent names its options, and may name one that allows "Reject" (or one
 * that rejects "Allow"): a person reads the words before the icon, so the card says what such an option does.
 * Pure, for plain-Node tests.
 */
import { LIMITS } from "./limits";
import type { OptionKindClass } from "./protocol";
import { readingOf } from "./reading";

/** Words that answer yes or no ("Always allow", "No, keep planning"). */
const ALLOW_WORDS = new Set(
  "allow approve accept yes y ok okay permit proceed run confirm continue grant sure agree authorize authorise submit".split(
    " ",
  ),
);
const REJECT_WORDS = new Set(
  (
    "reject deny decline refuse disallow no n nope nah not don't dont never cancel stop abort block skip dismiss " +
    "disapprove forbid forbidden prohibit veto halt"
  ).split(" "),
);

/**
 * The word and the words it may be a form of ("Rejected", "Denied", "Cancelled", "Declining" read as their verbs):
 * an option named in another form of a word says the same.
 */
function wordForms(word: string): string[] {
  const forms = [word];
  const stem = (ending: string, replacement = "") => {
    if (word.length <= ending.length + 1 || !word.endsWith(ending)) return;
    const base = word.slice(0, -ending.length) + replacement;
    forms.push(base);
    // A doubled last consonant ("stopped", "cancelling") is the verb's single one.
    if (replacement === "" && /([^aeiou])\1$/.test(base)) forms.push(base.slice(0, -1));
  };
  stem("ied", "y");
  stem("ed");
  stem("ed", "e");
  stem("ing");
  stem("ing", "e");
  stem("s");
  return forms;
}

function readsAs(word: string): "allow" | "reject" | undefined {
  for (const form of wordForms(word)) {
    if (ALLOW_WORDS.has(form)) return "allow";
    if (REJECT_WORDS.has(form)) return "reject";
  }
  return undefined;
}

/** Words that turn round the answer after them ("Never allow", "Don't deny"); see `optionReadsAs`. */
const NEGATORS = new Set(["not", "don't", "dont", "never"]);

/**
 * "allow" or "reject" when the name's first yes-or-no word says so and no later one says the other; "both" when one
 * does ("Confirm: Reject", "OK, deny": a person may read either); undefined when it says neither. A negator before a
 * yes or a no reads as the other ("Never allow" is a no); before a word of neither it is a no where it decides
 * ("Don't", "Not now") and, later, qualifies what it precedes, not the answer ("Yes, and don't ask again"). Only the
 * part of the name a card shows is read: a word past it is never seen, and reading a name of megabytes would stall the
 * host.
 */
export function optionReadsAs(name: string): "allow" | "reject" | "both" | undefined {
  const words = Array.from(
    readingOf(name.slice(0, LIMITS.optionNameChars)).matchAll(/[\p{L}']+/gu),
    ([word]) => word,
  );
  let first: "allow" | "reject" | undefined;
  for (let i = 0; i < words.length; i++) {
    let answer = readsAs(words[i]!);
    if (NEGATORS.has(words[i]!)) {
      const turned = i + 1 < words.length ? readsAs(words[i + 1]!) : undefined;
      if (turned) {
        answer = turned === "allow" ? "reject" : "allow";
        i++;
      } else if (first) continue;
    }
    if (!answer) continue;
    if (!first) first = answer;
    else if (answer !== first) return "both";
  }
  return first;
}

/** Whether an allowing option's name reads as a refusal (in part), or a rejecting one's as a yes. */
export function nameContradictsKind(name: string, kindClass: OptionKindClass): boolean {
  const readsAs = optionReadsAs(name);
  return kindClass !== "neutral" && readsAs !== undefined && readsAs !== kindClass;
}

/**
 * How a card, a decision record and the history name an option: as the agent names it where the name reads as what
 * the option does, else with what it does first. A name saying the opposite: "Allow (the agent calls it “Reject”)";
 * one saying neither (another language, a symbol, "Quit", "Apply") or both ("Confirm: Reject"): "Allow: Quit",
 * "Allow: Confirm: Reject"; a yes or no on an option of a kind the ACP does not name, whose effect is the agent's to
 * say: "Agent's own answer: Reject".
 */
export function optionShownName(name: string, kindClass: OptionKindClass): string {
  const readsAs = optionReadsAs(name);
  if (kindClass === "neutral") return readsAs ? `Agent's own answer: ${name}` : name;
  if (readsAs === kindClass) return name;
  const does = kindClass === "allow" ? "Allow" : "Reject";
  if (readsAs && readsAs !== "both") return `${does} (the agent calls it “${name}”)`;
  return name.trim() ? `${does}: ${name}` : does;
}
