// The live page's deep links (assets/site/link.js) in node alone: what a hostile link may and may not say.
// Usage: node link_test.mjs. Exits 1 with what failed.
import { formatLink, LINK_LIMITS, parseLink, scenarioProblem } from "../../assets/site/link.js";
import { expect, expectTrue, finish } from "./test_kit.mjs";

// A field table as the module gives it: flag, value, kind, whether it names a file, choices for a choice.
const fields = [
  { key: "q_len", flag: "--q-len", value: "256", kind: "whole", names_file: false },
  { key: "causal", flag: "--causal", value: "false", kind: "switch", names_file: false },
  { key: "dtype", flag: "--dtype", value: "float32", kind: "choice", names_file: false,
    choices: ["float32", "bfloat16"] },
  { key: "block_q", flag: "--block-q", value: "128", kind: "optional whole", names_file: false },
  { key: "sm_scale", flag: "--sm-scale", value: "1", kind: "real", names_file: false },
  { key: "mask_file", flag: "--mask-file", value: "", kind: "choice", names_file: true, choices: [] },
];

const good = parseLink("#tour=causal&stop=3&event=812&scenario=--causal+--block-q+256");
expect("a whole link", [good.tour, good.stop, good.event, good.words, good.problems],
  ["causal", 3, 812, ["--causal", "--block-q", "256"], []]);
expect("its scenario is one of the table's", scenarioProblem(good.words, fields), "");
expect("a link round-trips", parseLink(formatLink(good)).words, good.words);
expect("no link", parseLink("").problems, []);

const refusedKeys = [
  ["#tour=../../etc/passwd", "tour", /not a tour name/],
  ["#tour=%3Cscript%3E", "tour", /not a tour name/],
  ["#stop=0", "stop", /not a stop number/],
  ["#stop=1001", "stop", /not a stop number/],
  ["#stop=1e3", "stop", /not a stop number/],
  ["#stop=-1", "stop", /not a stop number/],
  ["#event=12abc", "event", /not an event number/],
  ["#event=99999999999999", "event", /not an event number/],
  ["#evil=1", "evil", /'evil' is not one of/],
  ["#tour=a&tour=b", "tour", /more than once/],
  [`#scenario=${"--causal+".repeat(LINK_LIMITS.words + 1)}`, "words", /more than 64 words/],
  [`#scenario=--q-len+${"9".repeat(LINK_LIMITS.word + 1)}`, "words", /too long/],
];
for (const [hash, key, problem] of refusedKeys) {
  const link = parseLink(hash);
  expectTrue(`${hash.slice(0, 40)}: ${key} is dropped`, link[key] === undefined, JSON.stringify(link));
  expectTrue(`${hash.slice(0, 40)}: says why`, link.problems.some((p) => problem.test(p)), link.problems.join("; "));
}
const long = parseLink("#tour=" + "a".repeat(LINK_LIMITS.hash));
expectTrue("a link past the length limit is ignored whole", long.tour === undefined && /longer than/.test(long.problems[0]));

const refusedWords = [
  [["--mask-file", "/etc/passwd"], /--mask-file names a file/],
  [["--mask-file"], /--mask-file names a file/],
  [["--out", "x"], /not a setting of this kernel/],
  [["--q-len", "/etc/passwd"], /is not a number/],
  [["--q-len", "../x"], /is not a number/],
  [["--q-len", "--causal"], /is not a number/],
  [["--q-len"], /needs a value/],
  [["--dtype", "float16"], /not one of float32, bfloat16/],
  [["--causal", "--causal"], /given twice/],
  [["256"], /not a setting/],
];
for (const [words, problem] of refusedWords)
  expectTrue(`the scenario ${words.join(" ")} is refused`, problem.test(scenarioProblem(words, fields)),
    scenarioProblem(words, fields));
expect("numbers of every form the fields take", scenarioProblem(["--sm-scale", "0.125", "--q-len", "1e3"], fields), "");

finish("the link test", `${refusedKeys.length + refusedWords.length} hostile links refused`);
