// The main loop and the game's actions: show the position at the cursor (then analyse it or let
// the computer move), play, undo, redo, a new game or board, a review opened and left.

import { api, isAborted } from "./api.js";
import {
  renderBoard,
  renderControls,
  renderMoves,
  renderStatus,
  showGhost,
  statusText,
} from "./board.js";
import { renderCoach, resetLine } from "./coach.js";
import { fetchGame, forgetSavedNote, saveFinished } from "./games.js";
import { $, announce, busy, clearError, showError } from "./page.js";
import { renderExercise, tryColumn } from "./retry.js";
import {
  beginReview,
  endReview,
  renderReview,
  renderTurningPoints,
  reviewSummary,
} from "./review.js";
import { syncSettings, updateUrl } from "./settings.js";
import {
  agentSpec,
  canPlay,
  computerSide,
  movesText,
  shownParams,
  sizeText,
  state,
  turnAt,
} from "./state.js";
import { renderValues } from "./values.js";
import { PLAYER_NAMES } from "./words.js";

let generation = 0; // bumped whenever the shown position changes; stale answers are dropped
let controller = null; // aborts the requests of the previous generation

let resizing = null; // the size change under way (a promise), or null

// Show moves.slice(0, cursor): fetch it, draw it, then analyse it or let the computer move.
export function refresh({ animate = false } = {}) {
  generation += 1;
  const mine = generation;
  if (controller) controller.abort();
  controller = new AbortController();
  const { signal } = controller;
  state.thinking = false;
  state.computerFailed = false;
  state.analysing = false;
  return busy(async () => {
    const previous = state.view;
    let view;
    try {
      view = await api("/position", { params: shownParams(), signal });
    } catch (error) {
      if (isAborted(error) || mine !== generation) return;
      showError(error.message);
      render({ previous: null });
      return;
    }
    if (mine !== generation) return;
    state.view = view;
    state.analysis = null;
    render({ previous: animate ? previous : null });
    if (animate && state.played) {
      // The move, and the result it made, once the server has the position.
      announce(view.over ? `${state.played} ${statusText()}` : state.played);
    }
    state.played = "";
    updateUrl();
    if (state.justPlayed && view.over) saveFinished();
    state.justPlayed = false;
    if (computerShouldMove()) {
      await computerMove(mine, signal);
    } else if (state.showValues && !view.over) {
      await analyse(mine, signal);
    }
  });
}

function computerShouldMove() {
  const view = state.view;
  return (
    state.mode === "computer" &&
    state.review === null &&
    view !== null &&
    !view.over &&
    view.turn === computerSide() &&
    state.cursor === state.moves.length
  );
}

async function computerMove(mine, signal) {
  state.thinking = true;
  renderStatus();
  renderControls();
  let answer;
  try {
    answer = await api("/move", {
      body: {
        pos: movesText(state.moves.slice(0, state.cursor), state.width),
        size: sizeText(),
        connect: state.connect,
        agent: agentSpec(),
      },
      signal,
    });
  } catch (error) {
    if (isAborted(error) || mine !== generation) return;
    state.thinking = false;
    state.computerFailed = true;
    showError(error.message);
    renderStatus();
    renderControls();
    return;
  }
  if (mine !== generation) return;
  state.thinking = false;
  placeMove(answer.column);
  await refresh({ animate: true });
}

async function analyse(mine, signal) {
  state.analysing = true;
  renderValues();
  let answer;
  try {
    answer = await api("/analyze", {
      params: { ...shownParams(), agent: "perfect", time_ms: String(state.analysisTime) },
      signal,
    });
  } catch (error) {
    if (isAborted(error) || mine !== generation) return;
    state.analysing = false;
    showError(error.message);
    renderValues();
    return;
  }
  if (mine !== generation) return;
  state.analysing = false;
  state.analysis = answer;
  renderValues();
}

// Put `column` at the cursor: the same move as the next one keeps the rest of the list
// (redo), a different one branches (drops the later moves).
function placeMove(column) {
  if (state.cursor < state.moves.length && state.moves[state.cursor] === column) {
    state.cursor += 1;
  } else {
    state.moves = state.moves.slice(0, state.cursor);
    state.moves.push(column);
    state.saved = null; // another game now: the page's opponent names the sides
    state.cursor = state.moves.length;
  }
  state.justPlayed = true;
  const player = state.view ? state.view.turn : 1;
  if (state.mode !== "computer") state.played = `${PLAYER_NAMES[player]} plays column ${column}.`;
  else if (player === computerSide()) state.played = `The computer plays column ${column}.`;
  else state.played = `You play column ${column}.`;
}

// Why `column` takes no disc, when it is the board's fault: the column is full, or not on the
// board (a key 8 or 9 on a board of 7 columns). Said as an error, in the same words each way.
function sayWhyNot(column) {
  const view = state.view;
  if (!view || view.over) return;
  if (column < 1 || column > view.width) {
    showError(`Column ${column} is not on the board: it has ${view.width} columns. Choose another column.`);
  } else if (!view.legal.includes(column)) {
    showError(`Column ${column} is full: no disc fits in it. Choose another column.`);
  }
}

// Play `column`; false when it takes no disc (the error line says why), true otherwise.
export function play(column) {
  if (resizing) {
    // After the new board is shown, where the move is checked again.
    const pending = resizing;
    busy(async () => {
      await pending;
      play(column);
    });
    return true;
  }
  if (state.exercise !== null) {
    if (!canPlay(column)) {
      sayWhyNot(column);
      return false;
    }
    clearError();
    tryColumn(column);
    return true;
  }
  if (!canPlay(column)) {
    // A review takes no move; a column off the board is still said, in the same words.
    const offBoard = state.view && (column < 1 || column > state.view.width);
    if (state.review === null || offBoard) sayWhyNot(column);
    return false;
  }
  clearError();
  showGhost(false);
  placeMove(column);
  refresh({ animate: true });
  return true;
}

export function undo() {
  if (state.cursor === 0) return;
  clearError();
  state.cursor -= 1;
  if (state.mode === "computer" && state.review === null) {
    // Back to the last position where it was your turn, when there is one.
    while (state.cursor > 0 && turnAt(state.cursor) === computerSide()) state.cursor -= 1;
  }
  refresh();
}

export function redo() {
  if (state.cursor >= state.moves.length) return;
  clearError();
  state.cursor += 1;
  if (state.mode === "computer" && state.review === null) {
    while (state.cursor < state.moves.length && turnAt(state.cursor) === computerSide()) {
      state.cursor += 1;
    }
  }
  refresh({ animate: true });
}

export function goTo(ply) {
  clearError();
  resetLine();
  state.cursor = Math.max(0, Math.min(ply, state.moves.length));
  refresh();
}

export function newGame() {
  clearError();
  forgetSavedNote();
  endReview();
  state.saved = null;
  state.moves = [];
  state.cursor = 0;
  refresh();
}

// Let the computer play the move at the cursor, in either mode.
export function engineMove() {
  const view = state.view;
  if (!view || view.over || state.thinking || state.review !== null) return;
  clearError();
  state.computerFailed = false;
  generation += 1;
  const mine = generation;
  if (controller) controller.abort();
  controller = new AbortController();
  const { signal } = controller;
  busy(() => computerMove(mine, signal));
}

function render({ previous = null } = {}) {
  renderBoard(previous);
  renderValues();
  renderStatus();
  renderControls();
  renderMoves();
  renderReview();
  renderCoach();
  renderExercise();
  syncSettings();
}

// Review the whole game: ask the server for every move's grade; the board then steps through
// the game (play waits until the review is left).
export function openReview() {
  if (state.moves.length === 0 || state.review !== null) return;
  clearError();
  const pos = movesText(state.moves, state.width);
  const { review, signal } = beginReview(pos);
  const params = { pos, size: sizeText(), connect: String(state.connect) };
  const redrawn = refresh(); // stops a computer move under way; the board stops taking moves
  return busy(async () => {
    try {
      review.data = await api("/review", { params, signal });
    } catch (error) {
      if (isAborted(error)) return;
      review.error = error.message;
    }
    await redrawn;
    if (state.review !== review) return;
    renderMoves();
    renderReview();
    renderCoach();
    renderTurningPoints();
    announce(review.data ? reviewSummary(review.data) : `The review failed: ${review.error}`);
  });
}

// Open the saved game `number` for review.
export function openSaved(number) {
  return busy(async () => {
    let game;
    try {
      game = await fetchGame(number);
    } catch (error) {
      showError(error.message);
      return;
    }
    clearError();
    endReview();
    [state.width, state.height, state.connect] = [game.width, game.height, game.connect];
    const columns = game.moves.includes(",") ? game.moves.split(",") : [...game.moves];
    state.moves = columns.filter(Boolean).map(Number);
    // the page's opponent stays as it was; the game's sides are its own (its "you", as the
    // server tells it): the status and the mistakes set follow them while it is shown
    state.saved = { you: game.you === "first" ? 1 : game.you === "second" ? 2 : null };
    state.cursor = state.moves.length;
    state.selected = null;
    await refresh();
    await openReview();
  });
}

// Leave the review: back to play at the end of the game.
export function closeReview() {
  if (state.review === null) return;
  endReview();
  state.cursor = state.moves.length;
  refresh();
  const button = $("review-game");
  button.disabled = false; // (the game has moves) so that it can take the focus back
  button.focus();
}

// The size and line typed in the settings, as numbers.
function typedSize() {
  return ["width", "height", "connect"].map((id) => Number($(id).value));
}

// Start a new game on the typed board, once the server accepts it. A size equal to the one
// shown changes nothing (so a late 'change' event cannot wipe the game); moves asked for
// meanwhile wait for it (see play).
export function changeSize() {
  const previous = resizing;
  const task = busy(async () => {
    if (previous) await previous;
    const [width, height, connect] = typedSize();
    if (width === state.width && height === state.height && connect === state.connect) return;
    clearError();
    const params = { pos: "", size: `${width}x${height}`, connect: String(connect) };
    try {
      await api("/position", { params });
    } catch (error) {
      showError(error.message);
      for (const id of ["width", "height", "connect"]) $(id).value = String(state[id]);
      return;
    }
    [state.width, state.height, state.connect] = [width, height, connect];
    endReview();
    state.saved = null;
    state.selected = null;
    state.moves = [];
    state.cursor = 0;
    await refresh();
  });
  resizing = task;
  task.finally(() => {
    if (resizing === task) resizing = null;
  });
  return task;
}

export function toggleValues(on) {
  state.showValues = on;
  $("show-values").checked = on;
  if (on) refresh();
  else {
    renderValues();
    updateUrl();
  }
}
