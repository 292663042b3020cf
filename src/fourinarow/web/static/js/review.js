// A game's review: its state, its panel (the players' accuracy, the turning points, the move
// shown in words) and the grades of the move list.

import { drawGraph } from "./graph.js";
import { $ } from "./page.js";
import { exercises } from "./retry.js";
import { movesText, state } from "./state.js";
import { PLAYER_NAMES, moves, playerWords } from "./words.js";

export const GRADE_WORDS = {
  best: "best move",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
  unproven: "not proven in time",
};

let reviewController = null; // aborts the review request when the review is left

// The review's grades of the move list, when the review is in and of these moves; else null.
export function reviewedMoves() {
  const review = state.review;
  if (!review || !review.data || review.pos !== movesText(state.moves, state.width)) return null;
  return review.data.review;
}

// Start reviewing the game `pos`: the review's state, its panel shown, a request of a review
// before it aborted. Returns the review and the signal that aborts its request when it is left.
export function beginReview(pos) {
  const review = { pos, data: null, error: null };
  state.review = review;
  if (reviewController) reviewController.abort();
  reviewController = new AbortController();
  const { signal } = reviewController;
  document.body.classList.add("reviewing");
  $("review").hidden = false;
  $("review-more").hidden = false;
  $("review-turning").replaceChildren();
  $("review-heading").focus();
  return { review, signal };
}

// Forget the review (a new game, another position): no redraw.
export function endReview() {
  if (state.review === null) return;
  if (reviewController) reviewController.abort();
  reviewController = null;
  state.review = null;
  state.exercise = null;
  state.lineStep = 0;
  document.body.classList.remove("reviewing", "retrying");
  $("exercise").hidden = true;
  $("review").hidden = true;
  $("review-more").hidden = true;
}

function percent(share) {
  return share === null || share === undefined ? "–" : `${Math.round(share * 100)}%`;
}

// The result, the turning points and how the moves were graded, in words.
export function reviewSummary(data) {
  const results = { 1: "Red won.", 2: "Yellow won.", draw: "A draw." };
  const result = results[data.result] || "The game goes on.";
  const likely = (data.likely_turning_points || []).length;
  const byProof = data.review.filter((move) => move.graded_by === "proof").length;
  const byEstimate = data.review.filter((move) => move.graded_by === "estimate").length;
  const unproven = data.review.filter((move) => move.grade === "unproven").length;
  let turns = data.turning_points_words; // the server's words, as the terminal says them
  if (likely > 0) turns += ` ${likely} likely (by estimates).`;
  let note = ` Graded: ${moves(byProof)} by proof, ${byEstimate} by estimate.`;
  if (unproven > 0) {
    note += ` ${unproven === 1 ? "1 move" : `${unproven} moves`} not graded in the server's time (~).`;
  }
  return `${result} ${turns}${note}`;
}

// A typed score in words, as the server says it ("loss in 18", "at least a draw").
function valueWords(score) {
  return score.words;
}

// What the move at the cursor was (the last one played in the position shown).
function moveNote() {
  const graded = reviewedMoves();
  if (!graded) return "";
  if (state.cursor === 0) return "The start. Choose a move, or press → to step through the game.";
  const move = graded[state.cursor - 1];
  const who = PLAYER_NAMES[move.player];
  const mark = move.mark ? ` ${move.mark}` : "";
  let text = `Move ${move.number}, ${who} in column ${move.column}${mark}: ${GRADE_WORDS[move.grade]}.`;
  text += ` Before it: ${valueWords(move.before)} for ${who};`;
  text += ` the move played: ${valueWords(move.played)}.`;
  if (move.graded_by === "estimate") {
    const about = move.estimate ? `, about ${(move.estimate.value / 10).toFixed(1)}` : "";
    const lost = move.expected_loss === null ? "" : `: ${move.expected_loss.toFixed(2)} of the expected result lost`;
    text += ` Graded by the engine's estimates${about}, not proven${lost}.`;
  }
  if (move.grade !== "best" && move.best.length > 0) {
    const columns = move.best.join(", ");
    text += ` Best: column${move.best.length > 1 ? "s" : ""} ${columns}.`;
  }
  return text;
}

export function renderReview() {
  const review = state.review;
  $("review").hidden = review === null;
  $("review-more").hidden = review === null;
  if (review === null) return;
  const status = $("review-status");
  const table = $("review-players");
  if (review.error) status.textContent = `The review failed: ${review.error}`;
  else if (!review.data) status.textContent = `Reviewing ${moves(state.moves.length)} with the solver…`;
  else status.textContent = reviewSummary(review.data);
  status.classList.toggle("error-text", Boolean(review.error));
  $("review-move").textContent = moveNote();
  table.hidden = !review.data;
  const course = review.data && reviewedMoves() ? review.data.course : null;
  $("graph-figure").hidden = !course;
  if (course) drawGraph($("review-graph"), course, review.data.review, state.cursor);
  const mistakes = review.data ? exercises() : [];
  $("retry-start").hidden = mistakes.length === 0;
  $("retry-start").textContent =
    mistakes.length === 1 ? "Learn from your mistake" : `Learn from your ${mistakes.length} mistakes`;
  if (!review.data) return;
  const rows = review.data.players.map((player) => {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    name.className = `p${player.player}`;
    name.textContent = PLAYER_NAMES[player.player];
    const cells = [
      percent(player.accuracy),
      percent(player.weighted_accuracy),
      String(player.counts.inaccuracy),
      String(player.counts.mistake),
      String(player.counts.blunder),
    ].map((text) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      return cell;
    });
    row.append(name, ...cells);
    return row;
  });
  table.tBodies[0].replaceChildren(...rows);
}

// The turning points, each a button to the position after it (built once per review, so that
// the focus stays on the one chosen).
export function renderTurningPoints() {
  const list = $("review-turning");
  const data = state.review && state.review.data;
  if (!data) {
    list.replaceChildren();
    return;
  }
  const proven = data.turning_points.map((point) => ({ point, likely: false }));
  const likely = (data.likely_turning_points || []).map((point) => ({ point, likely: true }));
  const items = [...proven, ...likely].map(({ point, likely }) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ply = String(point.number);
    button.className = `turning-point grade-${point.grade}${likely ? " likely" : ""}`;
    const sentence = playerWords(point.sentence);
    button.textContent = sentence.charAt(0).toUpperCase() + sentence.slice(1);
    item.append(button);
    return item;
  });
  if (items.length === 0) {
    const item = document.createElement("li");
    item.className = "none";
    item.textContent = "None.";
    items.push(item);
  }
  list.replaceChildren(...items);
}
