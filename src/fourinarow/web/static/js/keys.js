// The keyboard: columns, undo and redo, values, the computer's move, a new game, a review.

import { showGhost } from "./board.js";
import {
  closeReview,
  engineMove,
  goTo,
  newGame,
  openReview,
  play,
  redo,
  toggleValues,
  undo,
} from "./game.js";
import { clearError } from "./page.js";
import { stopRetry } from "./retry.js";
import { stepLine } from "./coach.js";
import { state } from "./state.js";

function typing(target) {
  return target instanceof HTMLElement && target.closest("input, textarea, select") !== null;
}

function chooseColumn(step) {
  const view = state.view;
  if (!view) return;
  showGhost(true);
  clearError();
  const start = state.selected ?? Math.ceil(view.width / 2) - (step > 0 ? 1 : -1);
  state.selected = Math.min(view.width, Math.max(1, start + step));
  for (const button of document.querySelectorAll("#board .column")) {
    button.classList.toggle("selected", Number(button.dataset.column) === state.selected);
  }
  document.querySelector(`#board [data-column="${state.selected}"]`).focus();
}

export function onKey(event) {
  if (event.altKey || event.metaKey || typing(event.target)) return;
  const key = event.key;
  if (state.review !== null && reviewKey(event)) return;
  if (event.ctrlKey) {
    if (key === "z" || key === "Z") {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if (key === "y") {
      event.preventDefault();
      redo();
    }
    return;
  }
  if (/^[1-9]$/.test(key)) {
    event.preventDefault();
    const column = Number(key);
    const before = state.selected;
    state.selected = column;
    if (!play(column)) state.selected = before; // refused: the keyboard's column stays
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    event.preventDefault();
    chooseColumn(key === "ArrowLeft" ? -1 : 1);
  } else if (key === "Enter" || key === " ") {
    if (event.target instanceof HTMLButtonElement) return; // the button's own click plays
    if (state.selected !== null) {
      event.preventDefault();
      play(state.selected);
    }
  } else if (key === "u" || key === "U" || key === "Backspace") undo();
  else if (key === "r" || key === "R") redo();
  else if ("vVhH".includes(key)) toggleValues(!state.showValues);
  else if (key === "m" || key === "M") engineMove();
  else if (key === "n" || key === "N") newGame();
  else if (key === "g" || key === "G") openReview();
}

// The keys of a review: arrows, Home and End step through the game, Escape leaves. Returns
// true when the key was one of them.
function reviewKey(event) {
  if (event.ctrlKey) return false;
  if (state.exercise !== null) {
    if (event.key !== "Escape") return false;
    event.preventDefault();
    stopRetry();
    return true;
  }
  if (event.key === "." || event.key === ",") {
    event.preventDefault();
    stepLine(event.key === "." ? 1 : -1);
    return true;
  }
  const steps = {
    ArrowLeft: state.cursor - 1,
    ArrowRight: state.cursor + 1,
    Home: 0,
    End: state.moves.length,
  };
  if (event.key === "Escape") {
    event.preventDefault();
    closeReview();
    return true;
  }
  if (event.key in steps) {
    event.preventDefault();
    const ply = steps[event.key];
    if (ply >= 0 && ply <= state.moves.length && ply !== state.cursor) goTo(ply);
    return true;
  }
  return false;
}
