// The Four in a Row page: play and analyse against the fourinarow server.
//
// The server is the authority on the rules: every position shown comes from
// /api/v1/position, the computer's moves from /api/v1/move, the column values
// from /api/v1/analyze and a game's review from /api/v1/review. This file holds the page's state (options, the move
// list and a cursor into it), draws it, and keeps the URL in step with it.

const API = "api/v1"; // relative: the app also works behind a path prefix
const ANALYSIS_TIMES_MS = [250, 1000, 3000];
const DEFAULT_ANALYSIS_TIME_MS = 1000;
const PLAYER_NAMES = { 1: "Red", 2: "Yellow" };
const MINUS = "\u2212";
const DEFAULT_LEVEL = 5;
const LEVEL_COUNT = 10;
// Short names of the levels for the dropdown; the server's descriptions are their titles and
// the note under it.
const LEVEL_NAMES = {
  1: "random",
  2: "half random",
  3: "wins or blocks",
  4: "two moves, careless",
  5: "two moves ahead",
  6: "five moves ahead",
  7: "engine, 3k positions",
  8: "engine, 300k positions",
  9: "near perfect",
  10: "perfect",
};

const $ = (id) => document.getElementById(id);

const state = {
  width: 7,
  height: 6,
  connect: 4,
  mode: "computer", // "computer" or "human" (two people at one screen)
  level: DEFAULT_LEVEL, // 1..10, or "custom" to use `agent`
  agent: "",
  first: "human", // who plays Red in a game against the computer
  showValues: false,
  analysisTime: DEFAULT_ANALYSIS_TIME_MS, // milliseconds per analysis (the server caps it)
  moves: [], // 1-based columns; the position shown is moves.slice(0, cursor)
  cursor: 0,
  view: null, // the last /api/v1/position answer
  analysis: null, // the last /api/v1/analyze answer for `view`, or null
  analysing: false,
  thinking: false,
  computerFailed: false, // the server refused the computer's last move (see statusText)
  selected: null, // the column chosen with the arrow keys (1-based)
  ghostHidden: false, // no preview disc after a drop until a mouse moves (a tap leaves :hover)
  played: "", // what to announce of the move just made, once its position is shown
  review: null, // the game under review: { pos, data, error } (data: the /api/v1/review answer)
};

let generation = 0; // bumped whenever the shown position changes; stale answers are dropped
let controller = null; // aborts the requests of the previous generation
let busyCount = 0;

// ---------------------------------------------------------------- talking to the server

class ApiError extends Error {}

async function api(path, { params = null, body = null, signal = null } = {}) {
  let url = API + path;
  if (params) url += "?" + new URLSearchParams(params).toString();
  const init = { signal, headers: { Accept: "application/json" } };
  if (body !== null) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("The server cannot be reached. Is `fourinarow serve` still running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error : `HTTP ${response.status}`;
    throw new ApiError(message);
  }
  return data;
}

function movesText(moves, width) {
  return moves.join(width > 9 ? "," : "");
}

function sizeText() {
  return `${state.width}x${state.height}`;
}

function positionParams(moves) {
  return { pos: movesText(moves, state.width), size: sizeText(), connect: String(state.connect) };
}

// The parameters of the position shown: the moves up to the cursor.
function shownParams() {
  return positionParams(state.moves.slice(0, state.cursor));
}

function agentSpec() {
  if (state.level === "custom") return state.agent.trim() || "perfect";
  return `level:${state.level}`;
}

function computerSide() {
  return state.first === "human" ? 2 : 1;
}

function isAborted(error) {
  return error && error.name === "AbortError";
}

async function busy(task) {
  busyCount += 1;
  document.body.dataset.busy = "busy";
  try {
    return await task();
  } finally {
    busyCount -= 1;
    if (busyCount === 0) document.body.dataset.busy = "idle";
  }
}

// ---------------------------------------------------------------- messages

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  const box = $("error");
  box.textContent = "";
  box.hidden = true;
}

let announcements = [];

// Say `message` in the live region, with any other said in the same moment.
function announce(message) {
  const region = $("announce");
  announcements.push(message);
  if (announcements.length > 1) return;
  region.textContent = "";
  // New text after clearing makes screen readers speak a repeated message too.
  window.setTimeout(() => {
    region.textContent = announcements.join(" ");
    announcements = [];
  }, 30);
}

// ---------------------------------------------------------------- the main loop

// Show moves.slice(0, cursor): fetch it, draw it, then analyse it or let the computer move.
function refresh({ animate = false } = {}) {
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
    state.cursor = state.moves.length;
  }
  const player = state.view ? state.view.turn : 1;
  if (state.mode !== "computer") state.played = `${PLAYER_NAMES[player]} plays column ${column}.`;
  else if (player === computerSide()) state.played = `The computer plays column ${column}.`;
  else state.played = `You play column ${column}.`;
}

function canPlay(column) {
  const view = state.view;
  if (!view || view.over || state.thinking || state.review !== null) return false;
  const computersTurn = state.mode === "computer" && view.turn === computerSide();
  if (computersTurn && state.cursor === state.moves.length) return false;
  return view.legal.includes(column);
}

function play(column) {
  if (resizing) {
    // After the new board is shown, where the move is checked again.
    const pending = resizing;
    busy(async () => {
      await pending;
      play(column);
    });
    return;
  }
  if (!canPlay(column)) return;
  clearError();
  showGhost(false);
  placeMove(column);
  refresh({ animate: true });
}

function turnAt(ply) {
  return ply % 2 === 0 ? 1 : 2;
}

function undo() {
  if (state.cursor === 0) return;
  clearError();
  state.cursor -= 1;
  if (state.mode === "computer" && state.review === null) {
    // Back to the last position where it was your turn, when there is one.
    while (state.cursor > 0 && turnAt(state.cursor) === computerSide()) state.cursor -= 1;
  }
  refresh();
}

function redo() {
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

function goTo(ply) {
  clearError();
  state.cursor = Math.max(0, Math.min(ply, state.moves.length));
  refresh();
}

function newGame() {
  clearError();
  endReview();
  state.moves = [];
  state.cursor = 0;
  refresh();
}

// Let the computer play the move at the cursor, in either mode.
function engineMove() {
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

// ---------------------------------------------------------------- drawing

function render({ previous = null } = {}) {
  renderBoard(previous);
  renderValues();
  renderStatus();
  renderControls();
  renderMoves();
  renderReview();
  syncSettings();
}

function playerLabel(player) {
  const name = PLAYER_NAMES[player];
  if (state.mode !== "computer") return name;
  return player === computerSide() ? `Computer (${name})` : `You (${name})`;
}

function statusText() {
  const view = state.view;
  if (!view) return "No position.";
  if (state.review !== null) {
    const where = state.cursor === 0 ? "the start" : `move ${state.cursor}`;
    return `Review: ${where} of ${moves(state.moves.length)}.`;
  }
  if (view.over) {
    if (view.draw) return "Draw: the board is full.";
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

function renderStatus() {
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

function renderBoard(previous) {
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

function signed(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `${MINUS}${-value}`;
  return "0";
}

function moves(count) {
  return count === 1 ? "1 move" : `${count} moves`;
}

// How to show one column's value: its tone (the colour class), shape, number, word and title.
function shown(tone, shape, text, word, title = word) {
  return { tone, shape, text, word, title };
}

// Own moves to a win `distance` plies away (its stone included), or the opponent's to a loss.
function movesTo(distance, win) {
  if (!distance) return null;
  return win ? Math.ceil(distance / 2) : Math.floor(distance / 2);
}

function describeExact(value, distance) {
  if (value === 0) return shown("draw", "●", "0", "draw", "draw with best play");
  const win = value > 0;
  const n = movesTo(distance, win);
  const result = win ? "win" : "loss";
  const word = n ? `${result} in ${n}` : result;
  let title = result;
  if (n) title = win ? `win in ${moves(n)}` : `loss, the opponent wins in ${moves(n)}`;
  return shown(result, win ? "▲" : "▼", signed(value), word, title);
}

// Bounds: "?" when nothing is proven, ">= L" or "<= U" when one side is open, else "L..U".
function describeBounds(lower, upper, view) {
  if (lower === upper) return describeExact(lower, null);
  const cells = view.width * view.height;
  const highest = Math.floor((cells + 1 - view.ply) / 2);
  const lowest = -Math.floor((cells - view.ply) / 2);
  const plain = (value) => (value < 0 ? `${MINUS}${-value}` : String(value));
  const gap = "\u202f"; // a narrow no-break space
  let text = `${plain(lower)}..${plain(upper)}`;
  if (lower <= lowest && upper >= highest) text = "?";
  else if (upper >= highest) text = `≥${gap}${plain(lower)}`;
  else if (lower <= lowest) text = `≤${gap}${plain(upper)}`;
  let [tone, word] = ["unknown", "unproven"];
  if (lower > 0) [tone, word] = ["win", "winning"];
  else if (upper < 0) [tone, word] = ["loss", "losing"];
  else if (lower === 0) [tone, word] = ["draw", "not losing"];
  else if (upper === 0) [tone, word] = ["draw", "not winning"];
  const shape = { win: "△", loss: "▽", draw: "○", unknown: "◇" }[tone];
  const range = `${signed(lower)}..${signed(upper)}`;
  const title = `${word}: the time ran out with the value in ${range}`;
  return shown(`${tone} bound`, shape, text, word, title);
}

// An estimate (a column not proven in time): the engine's evaluation in tenths, "~+0.4", in its
// own style; proven bounds beside it name the word where they settle that much ("not losing").
function describeEstimate(entry, view) {
  const tenths = entry.value / 10;
  const number = Math.abs(tenths).toFixed(1);
  const text = `~${tenths > 0 ? "+" : tenths < 0 ? MINUS : "+"}${number}`;
  let word = "estimate";
  if (entry.lower === 0) word = "not losing";
  else if (entry.upper === 0) word = "not winning";
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
      return describeExact(entry.value, entry.distance);
    case "bounds":
      return describeBounds(entry.lower, entry.upper, view);
    case "heuristic": {
      if (!entry.forced) {
        const text = signed(entry.value);
        return shown("unknown estimate", "◇", text, "estimate", "heuristic estimate");
      }
      const win = entry.forced > 0;
      const n = movesTo(entry.distance, win);
      const word = `${win ? "win" : "loss"}${n ? ` in ${n}` : ""}`;
      return shown(win ? "win" : "loss", win ? "▲" : "▼", win ? "win" : "loss", word);
    }
    case "estimate":
      return describeEstimate(entry, view);
    case "probability": {
      const percent = Math.round(entry.value * 100);
      const tone = percent > 50 ? "win" : percent < 50 ? "loss" : "draw";
      const title = `estimated ${percent}% to win`;
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
  unproven: "",
  "not losing": "≥ draw",
  "not winning": "≤ draw",
  winning: "win",
  losing: "loss",
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

function renderValues() {
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
      `Values for ${PLAYER_NAMES[view.turn]} (to move): + a win, ${MINUS} a loss, 0 a draw; ` +
      `larger is sooner. ${valuesKind(analysis, view, cap)}`;
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

function renderControls() {
  const view = state.view;
  $("undo").disabled = state.cursor === 0;
  $("redo").disabled = state.cursor >= state.moves.length;
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

function renderMoves() {
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

// ---------------------------------------------------------------- reviewing a game

const GRADE_WORDS = {
  best: "best move",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
  unproven: "not proven in time",
};

let reviewController = null; // aborts the review request when the review is left

// The review's grades of the move list, when the review is in and of these moves; else null.
function reviewedMoves() {
  const review = state.review;
  if (!review || !review.data || review.pos !== movesText(state.moves, state.width)) return null;
  return review.data.review;
}

// Review the whole game: ask the server for every move's grade; the board then steps through
// the game (play waits until the review is left).
function openReview() {
  if (state.moves.length === 0 || state.review !== null) return;
  clearError();
  const pos = movesText(state.moves, state.width);
  const review = { pos, data: null, error: null };
  state.review = review;
  if (reviewController) reviewController.abort();
  reviewController = new AbortController();
  const { signal } = reviewController;
  document.body.classList.add("reviewing");
  $("review").hidden = false;
  $("review-turning").replaceChildren();
  $("review-heading").focus();
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
    renderTurningPoints();
    announce(review.data ? reviewSummary(review.data) : `The review failed: ${review.error}`);
  });
}

// Forget the review (a new game, another position): no redraw.
function endReview() {
  if (state.review === null) return;
  if (reviewController) reviewController.abort();
  reviewController = null;
  state.review = null;
  document.body.classList.remove("reviewing");
  $("review").hidden = true;
}

// Leave the review: back to play at the end of the game.
function closeReview() {
  if (state.review === null) return;
  endReview();
  state.cursor = state.moves.length;
  refresh();
  const button = $("review-game");
  button.disabled = false; // (the game has moves) so that it can take the focus back
  button.focus();
}

function percent(share) {
  return share === null || share === undefined ? "–" : `${Math.round(share * 100)}%`;
}

// The result, the turning points and how the moves were graded, in words.
function reviewSummary(data) {
  const results = { 1: "Red won.", 2: "Yellow won.", draw: "A draw." };
  const result = results[data.result] || "The game goes on.";
  const count = data.turning_points.length;
  const likely = (data.likely_turning_points || []).length;
  const byProof = data.review.filter((move) => move.graded_by === "proof").length;
  const byEstimate = data.review.filter((move) => move.graded_by === "estimate").length;
  const unproven = data.review.filter((move) => move.grade === "unproven").length;
  const none =
    unproven === 0 && byEstimate === 0
      ? "No turning points: no one threw a result away."
      : "No turning point proven.";
  let turns = count === 0 ? none : count === 1 ? "1 turning point." : `${count} turning points.`;
  if (likely > 0) turns += ` ${likely} likely (by estimates).`;
  let note = ` Graded: ${moves(byProof)} by proof, ${byEstimate} by estimate.`;
  if (unproven > 0) {
    note += ` ${unproven === 1 ? "1 move" : `${unproven} moves`} not graded in the server's time (~).`;
  }
  return `${result} ${turns}${note}`;
}

// A typed score in words: "a win in 3 moves", "a draw", "a loss (the opponent wins in 2
// moves)", or what bounds prove: "a win", "at least a draw", "not proven".
function valueWords(score) {
  if (score.kind === "exact") {
    if (score.value === 0) return "a draw";
    const win = score.value > 0;
    const n = movesTo(score.distance, win);
    if (!n) return win ? "a win" : "a loss";
    return win ? `a win in ${moves(n)}` : `a loss (the opponent wins in ${moves(n)})`;
  }
  if (score.lower > 0) return "a win";
  if (score.upper < 0) return "a loss";
  if (score.lower === 0) return "at least a draw";
  if (score.upper === 0) return "at most a draw";
  return "not proven in time";
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

function renderReview() {
  const review = state.review;
  $("review").hidden = review === null;
  if (review === null) return;
  const status = $("review-status");
  const table = $("review-players");
  if (review.error) status.textContent = `The review failed: ${review.error}`;
  else if (!review.data) status.textContent = `Reviewing ${moves(state.moves.length)} with the solver…`;
  else status.textContent = reviewSummary(review.data);
  status.classList.toggle("error-text", Boolean(review.error));
  $("review-move").textContent = moveNote();
  table.hidden = !review.data;
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
function renderTurningPoints() {
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
    const sentence = point.sentence
      .replace(/\(X, /, `(${PLAYER_NAMES[1]}, `)
      .replace(/\(O, /, `(${PLAYER_NAMES[2]}, `);
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

// ---------------------------------------------------------------- settings and the URL

// The time choices for values, with the one from the URL among them.
function syncAnalysisTime() {
  const select = $("analysis-time");
  const times = [...new Set([...ANALYSIS_TIMES_MS, state.analysisTime])].sort((a, b) => a - b);
  if (select.options.length !== times.length) {
    select.replaceChildren(
      ...times.map((ms) => {
        const option = document.createElement("option");
        option.value = String(ms);
        option.textContent = ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
        return option;
      }),
    );
  }
  select.value = String(state.analysisTime);
}

function syncSettings() {
  const form = $("settings");
  form.elements.mode.value = state.mode;
  const level = $("level");
  level.value = String(state.level);
  const chosen = level.selectedOptions.length > 0 ? level.selectedOptions[0] : null;
  level.title = chosen ? chosen.title : "";
  $("level-note").textContent = chosen && state.level !== "custom" ? chosen.title : "";
  $("agent-row").hidden = state.level !== "custom";
  if (document.activeElement !== $("agent")) $("agent").value = state.agent;
  $("first").value = state.first;
  syncAnalysisTime();
  for (const id of ["width", "height", "connect"]) {
    if (document.activeElement !== $(id)) $(id).value = String(state[id]);
  }
  document.body.classList.toggle("two-players", state.mode === "human");
}

function urlParams() {
  const params = new URLSearchParams();
  params.set("pos", movesText(state.moves.slice(0, state.cursor), state.width));
  params.set("size", sizeText());
  params.set("connect", String(state.connect));
  params.set("mode", state.mode);
  if (state.mode === "computer") {
    params.set("level", String(state.level));
    if (state.level === "custom") params.set("agent", state.agent);
    params.set("first", state.first);
  }
  if (state.showValues) params.set("values", "1");
  if (state.analysisTime !== DEFAULT_ANALYSIS_TIME_MS) {
    params.set("time", String(state.analysisTime));
  }
  return params;
}

function updateUrl() {
  // Commas (moves on wide boards), colons and equals signs (agent specs) stay readable.
  const query = urlParams()
    .toString()
    .replace(/%2C/g, ",")
    .replace(/%3A/g, ":")
    .replace(/%3D/g, "=");
  const url = `${window.location.pathname}?${query}`;
  window.history.replaceState(null, "", url);
}

function readUrl() {
  const params = new URLSearchParams(window.location.search);
  const notes = [];
  const size = params.get("size");
  if (size !== null) {
    const match = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(size);
    if (match) [state.width, state.height] = [Number(match[1]), Number(match[2])];
    else notes.push(`size is WxH (like 7x6), not ${JSON.stringify(size)}`);
  }
  const connect = params.get("connect");
  if (connect !== null) {
    if (/^\s*\d+\s*$/.test(connect)) state.connect = Number(connect);
    else notes.push(`connect is a whole number, not ${JSON.stringify(connect)}`);
  }
  const mode = params.get("mode");
  if (mode === "human" || mode === "computer") state.mode = mode;
  const agent = params.get("agent");
  const level = params.get("level");
  if (agent) {
    state.level = "custom";
    state.agent = agent;
  } else if (level !== null) {
    const number = Number(level);
    if (Number.isInteger(number) && number >= 1 && number <= LEVEL_COUNT) state.level = number;
    else notes.push(`level is 1 to ${LEVEL_COUNT}, not ${JSON.stringify(level)}`);
  }
  const first = params.get("first");
  if (first === "human" || first === "computer") state.first = first;
  state.showValues = params.get("values") === "1";
  const time = params.get("time");
  if (time !== null) {
    const ms = Number(time);
    if (Number.isFinite(ms) && ms >= 0) state.analysisTime = ms;
    else notes.push(`time is milliseconds for the values, not ${JSON.stringify(time)}`);
  }
  return { pos: params.get("pos") || "", notes };
}

// Load a position (moves or a grid diagram) as the whole move list. Returns true when it loaded.
async function loadPosition({ pos = null, grid = null }) {
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

async function loadTyped() {
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

let resizing = null; // the size change under way (a promise), or null

// The size and line typed in the settings, as numbers.
function typedSize() {
  return ["width", "height", "connect"].map((id) => Number($(id).value));
}

// Start a new game on the typed board, once the server accepts it. A size equal to the one
// shown changes nothing (so a late 'change' event cannot wipe the game); moves asked for
// meanwhile wait for it (see play).
function changeSize() {
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

// A size or line still being typed (its 'change' not yet fired) applies before a move.
function commitTypedSize() {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && ["width", "height", "connect"].includes(active.id)) {
    active.blur(); // fires its 'change'
  }
}

function showAgentProblem(message) {
  const note = $("agent-error");
  note.textContent = message;
  note.hidden = message === "";
  if (message) $("agent").setAttribute("aria-invalid", "true");
  else $("agent").removeAttribute("aria-invalid");
}

// Ask the server whether it accepts the agent spec (a move on the empty board with no time to
// think), and show its answer next to the field: a bad spec is told at once, not at the next move.
async function checkAgent() {
  if (state.level !== "custom") {
    showAgentProblem("");
    return;
  }
  const body = { pos: "", size: sizeText(), connect: state.connect, agent: agentSpec(), time_ms: 0 };
  try {
    await api("/move", { body });
    showAgentProblem("");
  } catch (error) {
    showAgentProblem(error instanceof ApiError ? error.message : String(error));
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

async function loadLevels() {
  const select = $("level");
  let levels = [];
  try {
    const data = await api("/agents");
    levels = data.levels || [];
  } catch {
    levels = [];
  }
  if (levels.length === 0) {
    levels = Array.from({ length: LEVEL_COUNT }, (_, i) => ({ level: i + 1, description: "" }));
  }
  select.replaceChildren();
  for (const { level, description } of levels) {
    const option = document.createElement("option");
    option.value = String(level);
    const name = LEVEL_NAMES[level] || description;
    option.textContent = name ? `${level} — ${name}` : `Level ${level}`;
    option.title = description;
    select.append(option);
  }
  const custom = document.createElement("option");
  custom.value = "custom";
  custom.textContent = "Agent spec…";
  custom.title = "any agent the server knows, as a spec such as minimax:depth=4";
  select.append(custom);
  select.value = String(state.level);
}

// ---------------------------------------------------------------- copying

async function copyText(text, what) {
  const note = $("copy-note");
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "visually-hidden";
    document.body.append(field);
    field.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    field.remove();
  }
  note.textContent = copied ? `Copied the ${what}.` : `Select and copy the ${what}: ${text}`;
  note.dataset.copied = text;
}

// ---------------------------------------------------------------- input

function typing(target) {
  return target instanceof HTMLElement && target.closest("input, textarea, select") !== null;
}

// The pale disc where a drop would land, in the hovered or chosen column.
function showGhost(on) {
  state.ghostHidden = !on;
  $("board").classList.toggle("no-ghost", !on);
}

function chooseColumn(step) {
  const view = state.view;
  if (!view) return;
  showGhost(true);
  const start = state.selected ?? Math.ceil(view.width / 2) - (step > 0 ? 1 : -1);
  state.selected = Math.min(view.width, Math.max(1, start + step));
  for (const button of document.querySelectorAll("#board .column")) {
    button.classList.toggle("selected", Number(button.dataset.column) === state.selected);
  }
  document.querySelector(`#board [data-column="${state.selected}"]`).focus();
}

function onKey(event) {
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
    state.selected = column;
    play(column);
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

function toggleValues(on) {
  state.showValues = on;
  $("show-values").checked = on;
  if (on) refresh();
  else {
    renderValues();
    updateUrl();
  }
}

function wire() {
  $("board").addEventListener("pointerdown", commitTypedSize);
  $("board").addEventListener("pointermove", (event) => {
    if (state.ghostHidden && event.pointerType !== "touch") showGhost(true);
  });
  $("board").addEventListener("click", (event) => {
    const button = event.target.closest(".column");
    if (!button) return;
    const column = Number(button.dataset.column);
    state.selected = column;
    play(column);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-game").addEventListener("click", newGame);
  $("engine-move").addEventListener("click", engineMove);
  $("review-game").addEventListener("click", openReview);
  $("review-close").addEventListener("click", closeReview);
  $("review-turning").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-ply]");
    if (button) goTo(Number(button.dataset.ply));
  });
  $("show-values").addEventListener("change", (event) => toggleValues(event.target.checked));
  $("moves").addEventListener("click", (event) => {
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
  });
}

start();
