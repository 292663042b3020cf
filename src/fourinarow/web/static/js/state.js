// The page's state (options, the move list and a cursor into it, the server's last answers)
// and what follows from it alone.

export const ANALYSIS_TIMES_MS = [250, 1000, 3000];
export const DEFAULT_ANALYSIS_TIME_MS = 1000;
const DEFAULT_LEVEL = 5;
export const LEVEL_COUNT = 10;

export const state = {
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
  justPlayed: false, // the position shown was made by a move on this page (a finished game is saved)
  lineStep: 0, // in a review: how many moves of the best line are drawn on the board
  exercise: null, // learning from the review's mistakes: { list, index, tried, shown } or null
  saved: null, // a saved game shown, until its moves change: { you: 1, 2 or null (its "you") }
};

export function movesText(moves, width) {
  return moves.join(width > 9 ? "," : "");
}

export function sizeText() {
  return `${state.width}x${state.height}`;
}

function positionParams(moves) {
  return { pos: movesText(moves, state.width), size: sizeText(), connect: String(state.connect) };
}

// The parameters of the position shown: the moves up to the cursor.
export function shownParams() {
  return positionParams(state.moves.slice(0, state.cursor));
}

export function agentSpec() {
  if (state.level === "custom") return state.agent.trim() || "perfect";
  return `level:${state.level}`;
}

export function computerSide() {
  return state.first === "human" ? 2 : 1;
}

export function turnAt(ply) {
  return ply % 2 === 0 ? 1 : 2;
}

export function canPlay(column) {
  const view = state.view;
  if (state.exercise !== null) return Boolean(view) && !view.over && view.legal.includes(column);
  if (!view || view.over || state.thinking || state.review !== null) return false;
  const computersTurn = state.mode === "computer" && view.turn === computerSide();
  if (computersTurn && state.cursor === state.moves.length) return false;
  return view.legal.includes(column);
}
