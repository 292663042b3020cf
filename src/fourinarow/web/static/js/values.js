// Drawing the value of each column above the board, and the legend that says how they were
// found: exact values, bounds, estimates.

import { $ } from "./page.js";
import { state } from "./state.js";
import { MINUS, PLAYER_NAMES, moves, ordinal, signed } from "./words.js";

// How to show one column's value: its tone (the colour class), shape, number, word and title.
function shown(tone, shape, text, word, title = word) {
  return { tone, shape, text, word, title };
}

// The value's words come from the server ("loss in 18": N counts the winner's own moves, the
// winning one included), so that every door says a value the same way.
function describeExact(entry) {
  const { value, words } = entry;
  if (value === 0) return shown("draw", "●", "0", words, "draw with best play");
  const win = value > 0;
  const result = win ? "win" : "loss";
  let title = words;
  if (entry.moves) {
    const n = moves(entry.moves);
    title = win ? `win in ${n}` : `loss in ${n}: the opponent wins with its ${ordinal(entry.moves)} move`;
  }
  return shown(result, win ? "▲" : "▼", signed(value), words, title);
}

// Bounds: "?" when nothing is proven, ">= L" or "<= U" when one side is open, else "L..U".
function describeBounds(entry, view) {
  const { lower, upper, words } = entry;
  const cells = view.width * view.height;
  const highest = Math.floor((cells + 1 - view.ply) / 2);
  const lowest = -Math.floor((cells - view.ply) / 2);
  const plain = (value) => (value < 0 ? `${MINUS}${-value}` : String(value));
  const gap = "\u202f"; // a narrow no-break space
  let text = `${plain(lower)}..${plain(upper)}`;
  if (lower <= lowest && upper >= highest) text = "?";
  else if (upper >= highest) text = `≥${gap}${plain(lower)}`;
  else if (lower <= lowest) text = `≤${gap}${plain(upper)}`;
  let tone = "unknown";
  if (lower > 0) tone = "win";
  else if (upper < 0) tone = "loss";
  else if (lower === 0 || upper === 0) tone = "draw";
  const shape = { win: "△", loss: "▽", draw: "○", unknown: "◇" }[tone];
  const range = `${signed(lower)}..${signed(upper)}`;
  const title = `${words}: the time ran out with the value in ${range}`;
  return shown(`${tone} bound`, shape, text, words, title);
}

// An estimate (a column not proven in time): the engine's evaluation in tenths, "~+0.4", in its
// own style; proven bounds beside it name the word where they settle that much ("not losing").
function describeEstimate(entry, view) {
  const tenths = entry.value / 10;
  const number = Math.abs(tenths).toFixed(1);
  const text = `~${tenths > 0 ? "+" : tenths < 0 ? MINUS : "+"}${number}`;
  const word = entry.words;
  const side = PLAYER_NAMES[view.turn];
  let title =
    `estimate, not proven: the engine's evaluation ${moves(entry.depth)} ahead ` +
    `(+ favours ${side}, about 1 a threat)`;
  if (entry.lower !== null && entry.upper !== null) {
    title += `; proven: the value is in ${signed(entry.lower)}..${signed(entry.upper)}`;
  }
  return shown("estimate", "", text, word, title); // the "~" marks it without colour
}

function describeValue(entry, view) {
  switch (entry.kind) {
    case "full":
      return shown("full", "", "", "full", "full column");
    case "exact":
      return describeExact(entry);
    case "bounds":
      return describeBounds(entry, view);
    case "heuristic": {
      if (!entry.forced) {
        const text = signed(entry.value);
        return shown("unknown estimate", "◇", text, entry.words, "heuristic estimate");
      }
      const win = entry.forced > 0;
      return shown(win ? "win" : "loss", win ? "▲" : "▼", win ? "win" : "loss", entry.words);
    }
    case "estimate":
      return describeEstimate(entry, view);
    case "probability": {
      const percent = Math.round(entry.value * 100);
      const tone = percent > 50 ? "win" : percent < 50 ? "loss" : "draw";
      const title = `estimated ${entry.words}`;
      return shown(`${tone} estimate`, "◇", `${percent}%`, "to win", title);
    }
    default: // "unknown" (not searched in time)
      return shown("unknown", "", "?", "not searched", "not searched in time");
  }
}

// A column's word under its value, "win in 3" as "win" over "in 3" so that narrow columns keep
// a readable size; with `wrap` every word on a line of its own.
function setWord(word, text, wrap = false) {
  word.classList.toggle("long", text.length >= 8 && !text.includes(" in ") && !wrap);
  word.classList.toggle("lines", wrap);
  const split = /^(\S+) (in .*)$/.exec(text);
  const lines = wrap ? text.split(" ") : split ? [split[1], split[2]] : [text];
  word.replaceChildren(
    ...lines.map((line) => {
      const part = document.createElement("span");
      part.textContent = line;
      return part;
    }),
  );
}

// The shorter words for narrow columns; the cell's title and label keep the whole.
const SHORT_WORDS = {
  "not searched": "",
  "not proven": "",
  "at least a draw": "≥ draw",
  "at most a draw": "≤ draw",
  estimate: "est.",
};

function overflows(item) {
  const room = item.clientWidth;
  return item.scrollWidth > room || [...item.children].some((part) => part.offsetWidth > room);
}

// Make a value cell's text fit across it: its word on two lines, then a shorter word, then a
// smaller font, smaller still, then no word (the title and the label for screen readers keep it).
function fitValue(item, word, text) {
  const steps = [
    () => setWord(word, text, true),
    () => setWord(word, SHORT_WORDS[text] ?? text),
    () => item.classList.add("tight"),
    () => item.classList.add("tighter"),
    () => setWord(word, ""),
  ];
  for (const step of steps) {
    if (!overflows(item)) return;
    step();
  }
}

export function renderValues() {
  const box = $("values");
  const legend = $("legend");
  const view = state.view;
  const show = state.showValues && view !== null;
  // After the end the row of values is empty: it keeps its place when it is there (the board
  // does not jump up at the last move) but does not appear then (nor push the board down).
  const row = show && !(view.over && box.hidden);
  box.hidden = !row;
  legend.hidden = !show;
  box.replaceChildren();
  if (!show) return;
  box.classList.toggle("pending", state.analysing);
  const columns = row ? view.width : 0;
  const analysis = state.analysis;
  const best = new Set(analysis ? analysis.best_moves : []);
  const likely = analysis !== null && analysis.columns.some((entry) => entry.kind === "estimate");
  const bestWords = likely ? "likely best move" : "best move";
  for (let column = 1; column <= columns; column += 1) {
    const item = document.createElement("div");
    item.setAttribute("role", "listitem");
    item.dataset.column = String(column);
    let info;
    if (view.over) info = shown("none", "", "", "", "game over");
    else if (!analysis) info = shown("pending", "", "…", "", "analysing");
    else info = describeValue(analysis.columns[column - 1], view);
    item.className = `value ${info.tone}`;
    const isBest = best.has(column);
    if (isBest) item.classList.add("best");
    item.title = `Column ${column}: ${info.title}${isBest ? ` (${bestWords})` : ""}`;
    const parts = [info.text, info.word, isBest ? bestWords : ""].filter(Boolean).join(", ");
    item.setAttribute("aria-label", `Column ${column}: ${parts || info.title}`);
    const star = document.createElement("span");
    star.className = "star";
    star.setAttribute("aria-hidden", "true");
    if (isBest) {
      const mark = document.createElement("span");
      mark.className = "best-mark";
      mark.textContent = "★";
      star.append(mark);
    }
    star.append(info.shape);
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = info.text;
    if (info.text.length >= 6) number.classList.add("longer");
    else if (info.text.length >= 4) number.classList.add("long");
    const word = document.createElement("span");
    word.className = "word";
    setWord(word, info.word);
    item.append(star, number, word);
    box.append(item);
    fitValue(item, word, info.word);
  }
  if (view.over) legend.textContent = "The game is over.";
  else if (!analysis) legend.textContent = `Analysing for ${PLAYER_NAMES[view.turn]}…`;
  else {
    const capped = typeof analysis.time_cap_ms === "number";
    const cap = capped ? analysis.time_cap_ms : state.analysisTime;
    legend.textContent =
      `Values for ${PLAYER_NAMES[view.turn]} (to move): + a win (larger: sooner), ${MINUS} a ` +
      `loss (larger: later), 0 a draw; "in N": the winner's Nth move from here wins. ` +
      `${valuesKind(analysis, view, cap)}`;
  }
}

// The legend's sentence on how the values were found: proofs, bounds, estimates.
function valuesKind(analysis, view, cap) {
  if (analysis.exact) return "★ best. Exact values.";
  const estimates = analysis.columns.filter((entry) => entry.kind === "estimate");
  if (estimates.length === 0) return `★ best. Bounds where the ${cap / 1000} s ran out.`;
  const depth = Math.max(...estimates.map((entry) => entry.depth));
  return (
    `Proven where the solver finished in ${cap / 1000} s; ~ in italics: an estimate, not a ` +
    `proof (the engine's evaluation ${moves(depth)} ahead, + favours ` +
    `${PLAYER_NAMES[view.turn]}, about 1 a threat); ★ the likely best.`
  );
}
