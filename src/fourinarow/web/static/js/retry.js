// Learning from the review's mistakes: each mistake and blunder is set again (the position
// before it), you choose a better column, and the server's verdict says whether it is one and
// why. The page judges nothing itself: the exercises and their verdicts come with the review.
// Each one missed joins your puzzle history, as the terminal's retry records it.

import { api, isAborted } from "./api.js";
import { goTo } from "./game.js";
import { keepsGames } from "./games.js";
import { $, announce } from "./page.js";
import { computerSide, state } from "./state.js";
import { playerWords } from "./words.js";

// The review's exercises: against the computer (played now, or a saved game in which one side
// is "you"), only your own mistakes.
export function exercises() {
  const data = state.review && state.review.data;
  const all = data && Array.isArray(data.exercises) ? data.exercises : [];
  if (state.saved) {
    const you = state.saved.you;
    return you === null ? all : all.filter((exercise) => exercise.player === you);
  }
  if (state.mode !== "computer") return all;
  return all.filter((exercise) => exercise.player !== computerSide());
}

function current() {
  const exercise = state.exercise;
  return exercise && exercise.index < exercise.list.length ? exercise.list[exercise.index] : null;
}

// Set the exercise at `index` (or the end screen past the last one).
function setExercise(index) {
  const exercise = state.exercise;
  exercise.index = index;
  exercise.verdict = null;
  exercise.shown = false;
  state.selected = null; // no column marked before you choose one (not the last one played)
  const task = current();
  document.body.classList.add("retrying");
  if (task) goTo(task.number - 1);
  else renderExercise();
  $("exercise-heading").focus();
}

export function startRetry() {
  const list = exercises();
  if (list.length === 0 || state.review === null) return;
  state.exercise = { list, index: 0, verdict: null, shown: false, found: 0, missed: new Set(), joined: 0 };
  setExercise(0);
}

export function stopRetry() {
  if (state.exercise === null) return;
  const back = current();
  state.exercise = null;
  document.body.classList.remove("retrying");
  goTo(back ? back.number : state.cursor);
  $("retry-start").focus();
}

// The exercise missed joins the puzzle history (POST /api/v1/exercises/missed), once: failed
// at the first wrong try, skipped when the answer is shown before any try; a right first try
// is not recorded (as in the terminal).
async function recordMiss(task, shown) {
  const exercise = state.exercise;
  if (exercise.missed.has(exercise.index) || !keepsGames()) return;
  exercise.missed.add(exercise.index);
  const body = {
    position: task.position,
    size: `${task.width}x${task.height}`,
    connect: task.connect,
    played: task.played,
    shown,
  };
  try {
    await api("/exercises/missed", { body });
    if (state.exercise === exercise) exercise.joined += 1;
  } catch (error) {
    if (!isAborted(error)) announce(`The miss could not join your puzzle history: ${error.message}`);
  }
  if (state.exercise === exercise && exercise.index >= exercise.list.length) renderExercise();
}

// A column tried: the verdict the server gave for it.
export function tryColumn(column) {
  const exercise = state.exercise;
  const task = current();
  if (!task || exercise.shown || (exercise.verdict && exercise.verdict.right)) return;
  const verdict = task.answers ? task.answers[String(column)] : null;
  if (!verdict) return;
  exercise.verdict = { ...verdict, column };
  if (verdict.right && !exercise.shown) exercise.found += 1;
  if (!verdict.right) recordMiss(task, false);
  renderExercise();
  announce(playerWords(verdict.sentence));
}

export function showAnswer() {
  const exercise = state.exercise;
  const task = current();
  if (!task || exercise.shown) return;
  exercise.shown = true;
  recordMiss(task, true); // after a wrong try it is recorded already, as failed
  renderExercise();
}

export function nextExercise() {
  if (state.exercise === null) return;
  setExercise(state.exercise.index + 1);
}

// The best line from the exercise's position (the review's, of the move it replays), 1-based
// columns: shown with the answer, as the terminal shows it after a miss.
function bestLine(task) {
  const data = state.review && state.review.data;
  const move = data ? data.review[task.number - 1] : null;
  return move && Array.isArray(move.best_line) ? move.best_line : [];
}

function paragraphs(sentences) {
  return sentences.map((sentence) => {
    const p = document.createElement("p");
    p.textContent = playerWords(sentence);
    return p;
  });
}

// The good columns ringed on the board once found or shown.
function ringGood(task) {
  for (const cell of document.querySelectorAll("#board .cell.good-move")) {
    cell.classList.remove("good-move");
  }
  const exercise = state.exercise;
  if (!task || !(exercise.shown || (exercise.verdict && exercise.verdict.right))) return;
  for (const column of task.good) {
    const cells = [...document.querySelectorAll(`#board .column[data-column="${column}"] .cell`)];
    const free = cells.filter((cell) => !cell.dataset.player);
    if (free.length > 0) free[free.length - 1].classList.add("good-move");
  }
}

export function renderExercise() {
  const box = $("exercise");
  const exercise = state.exercise;
  box.hidden = exercise === null;
  if (exercise === null) return;
  const task = current();
  const verdictLine = $("exercise-verdict");
  const why = $("exercise-explanation");
  const total = exercise.list.length;
  $("exercise-show").hidden = !task;
  $("exercise-next").hidden = !task;
  if (!task) {
    const joined = exercise.joined;
    const history =
      joined === 0
        ? ""
        : ` ${joined === 1 ? "The one" : `The ${joined}`} not found at the first try joined your puzzle ` +
          "history (fourinarow puzzle --stats counts them).";
    $("exercise-task").textContent =
      `Done: you found a better move for ${exercise.found} of ${total === 1 ? "1 mistake" : `${total} mistakes`}.` +
      history;
    verdictLine.textContent = "";
    verdictLine.className = "exercise-verdict";
    why.replaceChildren();
    ringGood(null);
    return;
  }
  // the server's words, as the terminal says them (with the players' colours)
  $("exercise-task").textContent = `${exercise.index + 1} of ${total}. ${playerWords(task.task_words)}`;
  const verdict = exercise.verdict;
  const parts = [];
  if (exercise.shown) {
    verdictLine.textContent = task.answer_words; // the server's words, as the terminal says them
    verdictLine.className = "exercise-verdict shown";
    if (task.best_explanation) parts.push(...paragraphs(task.best_explanation.sentences));
    const line = bestLine(task);
    if (line.length > 0) parts.push(...paragraphs([`Best line: ${line.join(" ")}`]));
  } else if (verdict) {
    verdictLine.textContent = playerWords(verdict.sentence);
    verdictLine.className = `exercise-verdict ${verdict.right ? "right" : "wrong"}`;
    if (verdict.explanation) parts.push(...paragraphs(verdict.explanation.sentences));
  } else {
    verdictLine.textContent = "Choose a column on the board.";
    verdictLine.className = "exercise-verdict";
  }
  why.replaceChildren(...parts);
  const solved = exercise.shown || (verdict !== null && verdict.right);
  $("exercise-show").disabled = solved;
  $("exercise-next").textContent = exercise.index + 1 < total ? "Next mistake" : "Finish";
  ringGood(task);
}
