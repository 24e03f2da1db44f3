// Deep links of the live page: "#tour=causal&stop=3&event=812&scenario=--causal+--block-q+256". A link
// comes from anyone, so it is read as hostile: only the four keys below, each once, each bounded in length
// and form; scenario words only as the module's field table has them (a flag of the table, then a number or
// one of the field's choices), never a field that names a file, never a path. What a link cannot say is
// dropped with a sentence the page shows, and the page starts as if it had not been given.
// A plain ES module with no browser calls, so that node can test it alone.

export const LINK_LIMITS = Object.freeze({
  hash: 2048,     // characters of the whole fragment
  words: 64,      // scenario words
  word: 32,       // characters of one word
  stop: 1000,     // the largest stop number a tour has
  event: 1e12,    // beyond any recording the 2 GB heap can hold
});

const KEYS = ["tour", "stop", "event", "scenario"];
const TOUR_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const WHOLE = /^(0|[1-9][0-9]{0,12})$/;
const NUMBER = /^-?(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?(e[+-]?[0-9]{1,3})?$/;

// The link's fields, each present only when it is well formed: {tour, stop, event, words, problems}.
// `words` is the scenario split into words, not yet checked against the field table (scenarioProblem does
// that once the module has said which fields there are).
export function parseLink(hash) {
  const link = { problems: [] };
  let text = String(hash ?? "");
  if (text.startsWith("#")) text = text.slice(1);
  if (text.length === 0) return link;
  if (text.length > LINK_LIMITS.hash) {
    link.problems.push(`the link is longer than ${LINK_LIMITS.hash} characters, so it is ignored`);
    return link;
  }
  const params = new URLSearchParams(text);
  const seen = new Set();
  for (const key of params.keys()) {
    if (!KEYS.includes(key)) {
      link.problems.push(`the link's key '${clip(key)}' is not one of ${KEYS.join(", ")}; it is ignored`);
      continue;
    }
    if (seen.has(key)) {
      link.problems.push(`the link gives '${key}' more than once; it is ignored`);
      delete link[key === "scenario" ? "words" : key];
      continue;
    }
    seen.add(key);
    const value = params.get(key);
    const problem = readKey(link, key, value);
    if (problem) link.problems.push(problem);
  }
  return link;
}

function readKey(link, key, value) {
  if (key === "tour") {
    if (!TOUR_ID.test(value)) return `the link's tour '${clip(value)}' is not a tour name`;
    link.tour = value;
  } else if (key === "stop") {
    if (!WHOLE.test(value) || Number(value) < 1 || Number(value) > LINK_LIMITS.stop)
      return `the link's stop '${clip(value)}' is not a stop number from 1 to ${LINK_LIMITS.stop}`;
    link.stop = Number(value);
  } else if (key === "event") {
    if (!WHOLE.test(value) || Number(value) >= LINK_LIMITS.event)
      return `the link's event '${clip(value)}' is not an event number`;
    link.event = Number(value);
  } else {
    const words = value.split(" ").filter((w) => w.length > 0);
    if (words.length > LINK_LIMITS.words)
      return `the link's scenario has more than ${LINK_LIMITS.words} words; it is ignored`;
    const long = words.find((w) => w.length > LINK_LIMITS.word);
    if (long !== undefined) return `the link's scenario word '${clip(long)}' is too long; the scenario is ignored`;
    link.words = words;
  }
  return "";
}

// A field the page may never set from a link or an edit: one whose value is a file on the reader's disk
// (the module refuses it as well).
export function namesFile(field) {
  return field.names_file === true;
}

// The field's kind as the page draws it: "switch", "choice" or "number" (whole, optional or real), from
// the kind the module's table gives.
export function kindOf(field) {
  if (field.kind === "switch" || field.kind === "choice") return field.kind;
  return "number";
}

// Why `words` cannot be a scenario of `fields` (the module's field table), or "" when they can: each word a
// flag of the table, given once; a switch alone, any other flag followed by a value of its kind.
export function scenarioProblem(words, fields) {
  const byFlag = new Map(fields.map((f) => [f.flag, f]));
  const given = new Set();
  for (let i = 0; i < words.length; i++) {
    const flag = words[i];
    const field = byFlag.get(flag);
    if (field === undefined) return `'${clip(flag)}' is not a setting of this kernel's scenario`;
    if (namesFile(field)) return `${flag} names a file, which a link may not do`;
    if (given.has(flag)) return `${flag} is given twice`;
    given.add(flag);
    const kind = kindOf(field);
    if (kind === "switch") continue;
    const value = words[++i];
    if (value === undefined) return `${flag} needs a value`;
    if (kind === "choice" && !(field.choices ?? []).includes(value))
      return `${flag} '${clip(value)}' is not one of ${(field.choices ?? []).join(", ")}`;
    if (kind === "number" && !NUMBER.test(value)) return `${flag} '${clip(value)}' is not a number`;
  }
  return "";
}

// The fragment for a place in the page; the scenario only when the reader edited it.
export function formatLink({ tour, stop, event, words }) {
  const params = new URLSearchParams();
  if (tour) params.set("tour", tour);
  if (stop) params.set("stop", String(stop));
  if (event !== undefined && event !== null) params.set("event", String(event));
  if (words && words.length > 0) params.set("scenario", words.join(" "));
  return "#" + params.toString();
}

// At most 40 characters of a hostile string, for a message the page shows as text.
function clip(text) {
  const s = String(text);
  return s.length > 40 ? s.slice(0, 40) + "…" : s;
}
