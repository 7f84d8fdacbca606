// Writes Tests/BinderyTests/Fixtures/ecma-pattern-cases.json: ECMA-262 patterns (chosen ones
// and random ones over a small alphabet) with what a JavaScript engine answers for each of a
// set of strings, with the `u` flag and without it. The Swift test compares the schema
// validator's pattern matcher with these answers.
//
// Run with Node.js from the repository root: node Scripts/ecma-pattern-cases.js
"use strict";
const fs = require("fs");

const strings = [
  "", "a", "b", "ab", "ba", "aa", "aab", "abab", "abba", "aaaa", "a b", "a-b", "b_a1",
  "1a2b", "ab\n", "\nab", "aé", "éa", "a😀b", "😀😀", "aaab", "bbbb", "a1b2c3", "abcabc",
  "xay", "a\u2028b", "A", "Ab", "_", "a--b",
];

const chosen = [
  "^a*$", "a|b", "(a|ab)(c|bcd)(d*)", "^(?:a|ab)+$", "(a)\\1", "^(a+)\\1$", "(?<x>a)\\k<x>",
  "\\k<x>(?<x>a)", "(?<=a)b", "(?<=a+)b", "(?<!a)b", "(?<=^|-)b", "(?<=\\d[a-z]?)\\d",
  "a(?=b)", "a(?!b)", "(?=(a+))a*b\\1", "(a*)*b", "(a*)+$", "(a|b)*?b", "a{2}", "^a{1,2}$",
  "^a{2,}$", "a{0}", "^(ab){1,2}$", "\\bb", "\\Bb", "a\\b", "[\\w-]+", "[\\d-z]", "[a\\-z]",
  "^[^]$", "[]", "^.$", "^..$", "^\\S+$", "^\\W", "\\u{1F600}", "^\\uD83D\\uDE00", "^[😀]+$",
  "^\\p{L}+$", "\\p{Lu}", "\\P{L}", "^\\p{Script=Latin}+$", "^[\\p{L}\\d]+$", "\\x61", "\\u0061",
  "\\cJ", "[\\b]", "\\0", "^(?:(a)|b)\\1$", "^(?:(a)|b)*\\1$", "(a)|\\1b", "^(a\\1)$",
  "(?<=(a))\\1", "(?<=\\1(a))b", "^(?:a?)*?$", "^(a?){3}a{3}$", "^(?:a|b)*abab$",
  "(\\d+)-(\\d+)", "^([a-z]+)\\s\\1$", "[^a-z]", "[^\\W]", "^$", "$^", "a$|^b",
  "\\-", "a]", "a{", "a{,2}", "x{1", "\\:", "[\\w-.]", "\\a", "(?P<n>a)", "(?i)a", "a**", "a++",
  "(?#x)", "\\z", "\\1", "(", ")", "[", "[b-a]", "a{2,1}", "\\p{Nope}", "\\c", "\\u{110000}",
  "(?<n>a)(?<n>b)", "\\k<y>", "(?=a)*", "^*", "\\08",
];

// Random patterns over a small alphabet.
let seed = 12345;
function random(n) {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
let groups = 0;
function atom(depth) {
  const choice = random(depth > 2 ? 8 : 14);
  switch (choice) {
    case 0: case 1: return "a";
    case 2: return "b";
    case 3: return ".";
    case 4: return ["[ab]", "[^a]", "[a-b1]", "\\w", "\\d", "\\s", "[\\W_]"][random(7)];
    case 5: return ["^", "$", "\\b", "\\B"][random(4)];
    case 6: return groups > 0 ? "\\" + (1 + random(groups)) : "a";
    case 7: return "-";
    case 8: case 9: groups += 1; return "(" + alternation(depth + 1) + ")";
    case 10: return "(?:" + alternation(depth + 1) + ")";
    case 11: return "(?=" + alternation(depth + 1) + ")";
    case 12: return "(?<=" + alternation(depth + 1) + ")";
    default: return ["(?!", "(?<!"][random(2)] + alternation(depth + 1) + ")";
  }
}
function quantified(depth) {
  let text = atom(depth);
  if (/^(\^|\$|\\b|\\B|\(\?[=!<])/.test(text)) return text;
  switch (random(10)) {
    case 0: return text + "*";
    case 1: return text + "+";
    case 2: return text + "?";
    case 3: return text + "*?";
    case 4: return text + "{" + random(3) + "," + (2 + random(2)) + "}";
    case 5: return text + "{" + random(3) + "}";
    default: return text;
  }
}
function sequence(depth) {
  let text = "";
  const count = 1 + random(4);
  for (let i = 0; i < count; i++) text += quantified(depth);
  return text;
}
function alternation(depth) {
  let text = sequence(depth);
  if (random(4) === 0) text += "|" + sequence(depth);
  return text;
}
const patterns = new Set(chosen);
while (patterns.size < chosen.length + 1500) {
  groups = 0;
  patterns.add(alternation(0));
}

function answers(pattern, flags) {
  let regex;
  try {
    regex = new RegExp(pattern, flags);
  } catch (error) {
    return null;
  }
  return strings.map((s) => (regex.test(s) ? "1" : "0")).join("");
}

const cases = [];
for (const pattern of patterns) {
  cases.push({ pattern, unicode: answers(pattern, "u"), annexB: answers(pattern, "") });
}
const output = { engine: "Node.js " + process.version, strings, cases };
fs.writeFileSync(
  "Tests/BinderyTests/Fixtures/ecma-pattern-cases.json",
  JSON.stringify(output, null, 0).replace(/\},\{/g, "},\n{") + "\n",
);
console.log(`${cases.length} patterns, ${strings.length} strings`);
