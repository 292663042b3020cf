// The Four in a Row page: play and analyse against the fourinarow server.
//
// The server is the authority on the rules: every position shown comes from
// /api/v1/position, the computer's moves from /api/v1/move, the column values
// from /api/v1/analyze and a game's review from /api/v1/review. The modules beside this one hold
// the page's state (state.js: options, the move list and a cursor into it), talk to the server
// (api.js), draw it (board.js, values.js, review.js), run the game (game.js) and keep the URL
// in step with it (settings.js). This one wires the controls to them and starts the page.

import { showGhost } from "./board.js";
import { copyText } from "./copy.js";
import {
  changeSize,
  closeReview,
  engineMove,
  goTo,
  newGame,
  openReview,
  openSaved,
  play,
  redo,
  refresh,
  toggleValues,
  undo,
} from "./game.js";
import { stepLine } from "./coach.js";
import { loadGames } from "./games.js";
import { onKey } from "./keys.js";
import { $, busy, showError } from "./page.js";
import { loadPosition, loadTyped } from "./position.js";
import { nextExercise, showAnswer, startRetry, stopRetry } from "./retry.js";
import { checkAgent, loadLevels, readUrl, syncSettings } from "./settings.js";
import { agentSpec, state } from "./state.js";
import { renderValues } from "./values.js";

// A size or line still being typed (its 'change' not yet fired) applies before a move.
function commitTypedSize() {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && ["width", "height", "connect"].includes(active.id)) {
    active.blur(); // fires its 'change'
  }
}

function changeOptions() {
  const form = $("settings");
  const spec = agentSpec();
  state.mode = form.elements.mode.value;
  const level = $("level").value;
  state.level = level === "custom" ? "custom" : Number(level);
  state.agent = $("agent").value;
  state.first = $("first").value;
  state.analysisTime = Number($("analysis-time").value);
  if (agentSpec() === spec) return refresh();
  return busy(async () => {
    await checkAgent();
    await refresh();
  });
}

// The column pressed. A size committed on the press may draw a new board before the release,
// and the browser then fires no click (the pressed button is gone): the release plays the
// column pressed, by its number, as when the new board comes after the click.
let pressed = null;

function playColumn(column) {
  state.selected = column;
  play(column);
}

function wire() {
  $("board").addEventListener("pointerdown", (event) => {
    pressed = event.target.closest(".column");
    commitTypedSize();
  });
  $("board").addEventListener("pointermove", (event) => {
    if (state.ghostHidden && event.pointerType !== "touch") showGhost(true);
  });
  $("board").addEventListener("pointerup", (event) => {
    const redrawn = pressed !== null && !pressed.isConnected;
    const column = redrawn ? Number(pressed.dataset.column) : null;
    pressed = null;
    const button = event.target.closest(".column");
    if (!redrawn || !button) return;
    // A narrower board may lack the column pressed: then the one under the pointer.
    playColumn(column <= state.width ? column : Number(button.dataset.column));
  });
  $("board").addEventListener("click", (event) => {
    const button = event.target.closest(".column");
    if (button) playColumn(Number(button.dataset.column));
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-game").addEventListener("click", newGame);
  $("engine-move").addEventListener("click", engineMove);
  $("review-game").addEventListener("click", openReview);
  $("review-close").addEventListener("click", closeReview);
  $("review-turning").addEventListener("click", (event) => {
    if (state.exercise !== null) return;
    const button = event.target.closest("button[data-ply]");
    if (button) goTo(Number(button.dataset.ply));
  });
  $("review-graph").addEventListener("click", (event) => {
    if (state.exercise !== null) return;
    const point = event.target.closest("[data-ply]");
    if (point) goTo(Number(point.dataset.ply));
  });
  $("line-next").addEventListener("click", () => stepLine(1));
  $("line-back").addEventListener("click", () => stepLine(-1));
  $("retry-start").addEventListener("click", startRetry);
  $("games").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-game]");
    if (button) openSaved(Number(button.dataset.game));
  });
  $("exercise-show").addEventListener("click", showAnswer);
  $("exercise-next").addEventListener("click", nextExercise);
  $("exercise-close").addEventListener("click", stopRetry);
  $("show-values").addEventListener("change", (event) => toggleValues(event.target.checked));
  $("moves").addEventListener("click", (event) => {
    if (state.exercise !== null) return;
    const button = event.target.closest("button[data-ply]");
    if (button) goTo(Number(button.dataset.ply));
  });
  const settings = $("settings");
  settings.addEventListener("submit", (event) => event.preventDefault());
  const options = "input[name=mode], #level, #first, #analysis-time";
  for (const element of settings.querySelectorAll(options)) {
    element.addEventListener("change", changeOptions);
  }
  $("agent").addEventListener("change", changeOptions);
  for (const id of ["width", "height", "connect"]) $(id).addEventListener("change", changeSize);
  const form = $("position-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    loadTyped();
  });
  $("position-input").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      loadTyped();
    }
  });
  $("copy-moves").addEventListener("click", () => {
    if (state.view) copyText(state.view.position, "move string");
  });
  $("copy-link").addEventListener("click", () => copyText(window.location.href, "link"));
  document.addEventListener("keydown", onKey);
  let resized = 0;
  window.addEventListener("resize", () => {
    // The value cells fit their text to their width (fitValue): again once the size settles.
    window.clearTimeout(resized);
    resized = window.setTimeout(() => {
      if (state.showValues) renderValues();
    }, 100);
  });
}

// The page's first position and settings, from the URL; busy throughout, so that the page is
// first idle when the game is shown (and the computer's opening move made).
function start() {
  wire();
  return busy(async () => {
    const { pos, notes } = readUrl();
    const levels = loadLevels();
    if (notes.length > 0) {
      showError(`Bad link: ${notes.join("; ")}.`);
      if (notes.some((note) => note.startsWith("size") || note.startsWith("connect"))) {
        [state.width, state.height, state.connect] = [7, 6, 4];
      }
    }
    let loaded = await loadPosition({ pos });
    if (!loaded) {
      // The board falls back to empty; the error message stays in view.
      loaded = await loadPosition({ pos: "" });
      if (!loaded) {
        [state.width, state.height, state.connect] = [7, 6, 4];
        const message = $("error").textContent;
        await loadPosition({ pos: "" });
        showError(message);
      }
    }
    await levels;
    syncSettings();
    await checkAgent();
    await refresh();
    await loadGames();
  });
}

start();
