// Drawing the game: the board, the status line, the buttons and the move list.

import { $ } from "./page.js";
import { GRADE_WORDS, reviewedMoves } from "./review.js";
import { canPlay, computerSide, state, turnAt } from "./state.js";
import { PLAYER_NAMES, moves } from "./words.js";

export function statusText() {
  const view = state.view;
  if (!view) return "No position.";
  if (state.exercise !== null) return "Learn from your mistakes: find a better column.";
  if (state.review !== null) {
    const where = state.cursor === 0 ? "the start" : `move ${state.cursor}`;
    return `Review: ${where} of ${moves(state.moves.length)}.`;
  }
  if (view.over) {
    if (view.draw) return "Draw: the board is full.";
    if (state.saved) {
      // a saved game: its own sides, whatever the page's opponent is now
      const you = state.saved.you;
      if (you === null) return `${PLAYER_NAMES[view.winner]} wins!`;
      return view.winner === you
        ? `You win with ${PLAYER_NAMES[view.winner]}!`
        : `The computer (${PLAYER_NAMES[view.winner]}) wins.`;
    }
    if (state.mode === "computer") {
      return view.winner === computerSide()
        ? `The computer (${PLAYER_NAMES[view.winner]}) wins.`
        : `You win with ${PLAYER_NAMES[view.winner]}!`;
    }
    return `${PLAYER_NAMES[view.winner]} wins!`;
  }
  if (state.thinking) return `Computer (${PLAYER_NAMES[view.turn]}) is thinking…`;
  if (state.computerFailed) {
    const who = `The computer (${PLAYER_NAMES[view.turn]})`;
    if (state.level === "custom") {
      return `${who} cannot move with this agent spec: fix the spec or choose a level.`;
    }
    return `${who} could not move: press Computer move to try again.`;
  }
  if (state.mode === "computer") {
    if (view.turn === computerSide()) {
      return `Computer (${PLAYER_NAMES[view.turn]}) to move: press Redo or Computer move.`;
    }
    return `Your move (${PLAYER_NAMES[view.turn]}).`;
  }
  return `${PLAYER_NAMES[view.turn]} to move.`;
}

export function renderStatus() {
  const status = $("status");
  const view = state.view;
  status.textContent = statusText();
  status.className = "status";
  if (view) {
    if (view.over) status.classList.add(view.draw ? "draw" : `won-${view.winner}`);
    else status.classList.add(`turn-${view.turn}`);
  }
  if (state.thinking) status.classList.add("thinking");
}

// The cell (column, row from the top) of the stone the last move put down, or null.
function lastStone(view) {
  if (!view || view.moves.length === 0) return null;
  const column = view.moves[view.moves.length - 1];
  for (let row = 0; row < view.height; row += 1) {
    if (view.grid[row][column - 1] !== 0) return { column, row };
  }
  return null;
}

export function renderBoard(previous) {
  const board = $("board");
  const view = state.view;
  const focused = document.activeElement && document.activeElement.closest("#board .column");
  const focusedColumn = focused ? Number(focused.dataset.column) : null;
  board.replaceChildren();
  if (!view) return;
  const { width, height } = view;
  const stage = $("stage");
  stage.style.setProperty("--w", width);
  stage.style.setProperty("--h", height);
  board.setAttribute(
    "aria-label",
    `Board, ${width} columns by ${height} rows, connect ${view.connect}`,
  );
  board.dataset.ply = String(view.ply);
  board.className = `board turn-${view.turn}${view.over ? " over" : ""}`;
  board.classList.toggle("no-ghost", state.ghostHidden);

  const last = lastStone(view);
  const dropped =
    previous && last && previous.width === width && view.ply === previous.ply + 1 ? last : null;
  const line = view.line || [];
  const winning = new Set(line.map(([column, row]) => `${column}:${height - 1 - row}`));

  for (let column = 1; column <= width; column += 1) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "column";
    button.dataset.column = String(column);
    let free = 0;
    for (let row = 0; row < height; row += 1) if (view.grid[row][column - 1] === 0) free += 1;
    const cells = free === 1 ? "1 free cell" : `${free} free cells`;
    button.setAttribute("aria-label", `Column ${column}, ${free === 0 ? "full" : cells}`);
    if (!canPlay(column)) button.setAttribute("aria-disabled", "true");
    if (state.selected === column) button.classList.add("selected");
    for (let row = 0; row < height; row += 1) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.row = String(height - 1 - row); // from the bottom, as the API counts
      const player = view.grid[row][column - 1];
      if (row === free - 1) cell.classList.add("target"); // where a disc dropped here lands
      if (player !== 0) {
        const disc = document.createElement("span");
        disc.className = `disc p${player}`;
        cell.dataset.player = String(player);
        if (last && last.column === column && last.row === row) disc.classList.add("last");
        if (winning.has(`${column}:${row}`)) {
          disc.classList.add("win");
          cell.dataset.win = "true";
        }
        if (dropped && dropped.column === column && dropped.row === row) {
          disc.classList.add("falling");
          disc.style.setProperty("--drop", String(row + 1));
        }
        cell.append(disc);
      }
      button.append(cell);
    }
    board.append(button);
  }
  if (focusedColumn !== null && focusedColumn <= width) {
    board.querySelector(`[data-column="${focusedColumn}"]`).focus({ preventScroll: true });
  }
}

export function renderControls() {
  const view = state.view;
  const retrying = state.exercise !== null; // the board asks a question: no stepping away
  $("undo").disabled = state.cursor === 0 || retrying;
  $("redo").disabled = state.cursor >= state.moves.length || retrying;
  $("new-game").disabled = retrying;
  $("engine-move").disabled = !view || view.over || state.thinking || state.review !== null;
  const review = $("review-game");
  review.disabled = state.moves.length === 0 || state.review !== null;
  // Offered when a game ends: the button stands out and comes first.
  const ended = view !== null && view.over && state.cursor === state.moves.length;
  review.classList.toggle("offer", ended && state.review === null);
  review.textContent = ended ? "Review the game" : "Review";
  $("show-values").checked = state.showValues;
  const copy = $("copy-moves");
  copy.disabled = !view;
  const input = $("position-input");
  if (view && document.activeElement !== input) input.value = view.position;
  for (const button of document.querySelectorAll("#board .column")) {
    const column = Number(button.dataset.column);
    if (canPlay(column)) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  }
}

export function renderMoves() {
  const list = $("moves");
  const hadFocus = list.contains(document.activeElement);
  const graded = reviewedMoves();
  list.classList.toggle("graded", graded !== null);
  list.replaceChildren();
  const start = document.createElement("li");
  start.className = "start";
  const startButton = document.createElement("button");
  startButton.type = "button";
  startButton.textContent = "Start";
  startButton.dataset.ply = "0";
  if (state.cursor === 0) startButton.setAttribute("aria-current", "step");
  start.append(startButton);
  list.append(start);
  state.moves.forEach((column, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ply = String(index + 1);
    button.className = `p${turnAt(index)}`;
    button.textContent = String(column);
    const who = PLAYER_NAMES[turnAt(index)];
    let label = `Move ${index + 1}: ${who} in column ${column}`;
    const move = graded ? graded[index] : null;
    if (move) {
      button.classList.add(`grade-${move.grade}`);
      button.dataset.grade = move.grade;
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = move.mark;
      mark.setAttribute("aria-hidden", "true");
      const estimated = move.graded_by === "estimate";
      if (estimated) mark.classList.add("estimated");
      button.append(mark);
      const words = GRADE_WORDS[move.grade] + (estimated ? " (estimated)" : "");
      label += `, ${words}`;
      button.title = words;
    }
    button.setAttribute("aria-label", label);
    if (index + 1 === state.cursor) button.setAttribute("aria-current", "step");
    if (index + 1 > state.cursor) item.classList.add("future");
    item.append(button);
    list.append(item);
  });
  const current = list.querySelector('[aria-current="step"]');
  if (current && list.scrollHeight > list.clientHeight) {
    current.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  // Keys that step through the list keep the focus on the move shown.
  if (hadFocus && current) current.focus({ preventScroll: true });
}

// The pale disc where a drop would land, in the hovered or chosen column.
export function showGhost(on) {
  state.ghostHidden = !on;
  $("board").classList.toggle("no-ghost", !on);
}
