// The review's coaching under the board: the best move drawn on the board, the best line from
// the position shown (stepped one move at a time), and the explanations of the move that led
// there, all as the server's review says them.

import { $ } from "./page.js";
import { reviewedMoves } from "./review.js";
import { state } from "./state.js";
import { playerWords } from "./words.js";

// The graded move that is played next from the position shown, or null (the end of the game).
function nextMove() {
  const graded = reviewedMoves();
  if (!graded || state.cursor >= graded.length) return null;
  return graded[state.cursor];
}

// The best line from the position shown (1-based columns), as the server found it.
export function bestLine() {
  const move = nextMove();
  return move && Array.isArray(move.best_line) ? move.best_line : [];
}

// Forget the steps taken along the best line (another position is shown).
export function resetLine() {
  state.lineStep = 0;
}

// Step `by` moves along the best line (within it). Returns true when the step was taken.
export function stepLine(by) {
  const line = bestLine();
  const step = Math.max(0, Math.min(line.length, state.lineStep + by));
  if (step === state.lineStep) return false;
  state.lineStep = step;
  renderCoach();
  return true;
}

// The columns to ring on the board: the best moves of the position shown, or, once the best
// line is stepped, its next move.
function ringed() {
  const move = nextMove();
  if (!move) return [];
  if (state.lineStep > 0) {
    const line = bestLine();
    return state.lineStep < line.length ? [line[state.lineStep]] : [];
  }
  return move.best || [];
}

// The lowest free cell of a column on the board drawn (its .cell elements, top first).
function freeCell(column) {
  const cells = [...document.querySelectorAll(`#board .column[data-column="${column}"] .cell`)];
  const free = cells.filter((cell) => !cell.dataset.player && !cell.dataset.line);
  return free.length > 0 ? free[free.length - 1] : null;
}

// The best line's first `state.lineStep` moves as numbered discs, then the ring(s).
function drawOnBoard() {
  for (const cell of document.querySelectorAll("#board .cell[data-line], #board .cell.best-move")) {
    cell.classList.remove("best-move");
    if (cell.dataset.line) {
      delete cell.dataset.line;
      cell.querySelector(".disc.line")?.remove();
    }
  }
  const view = state.view;
  if (!view || !nextMove()) return;
  const line = bestLine();
  let player = view.turn;
  for (let index = 0; index < state.lineStep && index < line.length; index += 1) {
    const cell = freeCell(line[index]);
    if (!cell) break;
    const disc = document.createElement("span");
    disc.className = `disc line p${player}`;
    disc.textContent = String(index + 1);
    cell.dataset.line = String(index + 1);
    cell.append(disc);
    player = 3 - player;
  }
  for (const column of ringed()) {
    const cell = freeCell(column);
    if (cell) cell.classList.add("best-move");
  }
}

function renderLine() {
  const box = $("best-line");
  const line = bestLine();
  box.hidden = line.length === 0;
  const items = line.map((column, index) => {
    const item = document.createElement("li");
    item.textContent = String(column);
    if (index < state.lineStep) item.className = "shown";
    return item;
  });
  $("best-line-moves").replaceChildren(...items);
  $("line-back").disabled = state.lineStep === 0;
  $("line-next").disabled = state.lineStep >= line.length;
}

function paragraph(text, className = "") {
  const p = document.createElement("p");
  p.textContent = playerWords(text);
  if (className) p.className = className;
  return p;
}

// Why the move that led to the position shown was good or not, and why the best was best.
function renderExplanation() {
  const box = $("explanation");
  const graded = reviewedMoves();
  const move = graded && state.cursor > 0 ? graded[state.cursor - 1] : null;
  const parts = [];
  if (move && move.explanation === null) {
    // the server's time ran out before it came to this move (its review's `coached`)
    parts.push(paragraph("Not explained: the server's time ran out before this move.", "note"));
  }
  const played = move && move.explanation ? move.explanation.sentences : [];
  if (played.length > 0) {
    parts.push(paragraph(`Column ${move.column}, the move played:`, "explanation-head"));
    for (const sentence of played) parts.push(paragraph(sentence));
  }
  // Why the best is best: what the position's sentences above have not said already.
  const best = move && move.grade !== "best" && move.best_explanation;
  const more = best ? best.sentences.filter((sentence) => !played.includes(sentence)) : [];
  if (more.length > 0) {
    const columns = move.best.join(", ");
    parts.push(paragraph(`Why column${move.best.length > 1 ? "s" : ""} ${columns}:`, "explanation-head"));
    for (const sentence of more) parts.push(paragraph(sentence));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

export function renderCoach() {
  const coach = $("coach");
  const on = state.review !== null && state.exercise === null;
  coach.hidden = !on;
  if (!on) return;
  renderLine();
  renderExplanation();
  drawOnBoard();
}
