// Loading a position, given as moves or as a diagram, as the whole move list.

import { api } from "./api.js";
import { refresh } from "./game.js";
import { $, busy, clearError, showError } from "./page.js";
import { endReview } from "./review.js";
import { sizeText, state } from "./state.js";

// Load a position (moves or a grid diagram) as the whole move list. Returns true when it loaded.
export async function loadPosition({ pos = null, grid = null }) {
  const params = { connect: String(state.connect) };
  if (grid !== null) params.grid = grid;
  else {
    params.pos = pos;
    params.size = sizeText();
  }
  try {
    const view = await busy(() => api("/position", { params }));
    state.width = view.width;
    state.height = view.height;
    state.connect = view.connect;
    state.moves = view.moves.slice();
    state.saved = null;
    state.cursor = state.moves.length;
    return true;
  } catch (error) {
    showError(error.message);
    return false;
  }
}

// A diagram has rows (separated by / or new lines), or only the cells . X O.
function looksLikeGrid(text) {
  const trimmed = text.trim();
  return /[\/\n.oO]/.test(trimmed) || /^[xX\s]+$/.test(trimmed);
}

export async function loadTyped() {
  const text = $("position-input").value.trim();
  clearError();
  const grid = looksLikeGrid(text)
    ? text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join("/")
    : null;
  const loaded = await loadPosition(grid !== null ? { grid } : { pos: text });
  if (loaded) {
    endReview();
    $("position-input").blur();
    await refresh();
  }
}
