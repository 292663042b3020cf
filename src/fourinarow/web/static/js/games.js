// Your games: each game finished on this page is saved by the server (POST /api/v1/games), and
// the list of games saved (GET /api/v1/games) opens one for review.

import { api, isAborted } from "./api.js";
import { $ } from "./page.js";
import { agentSpec, computerSide, movesText, sizeText, state } from "./state.js";
import { moves } from "./words.js";

const RESULT_WORDS = { first: "Red won", second: "Yellow won", draw: "a draw", unfinished: "unfinished" };

let saved = ""; // the last game saved: its moves, size and line, so that it is saved once
let keeping = true; // false when the server keeps no games (fourinarow serve --keep-games 0)

// Who played: the side the computer played and its agent (the server names the players, as
// every door names them: "You", "Computer (level 5)"; "Red" and "Yellow" for two people).
function players() {
  if (state.mode !== "computer") return {};
  return { computer: computerSide() === 1 ? "first" : "second", agent: agentSpec() };
}

// Save the game shown when it has just ended here (a move of this page finished it).
export async function saveFinished() {
  const view = state.view;
  if (!keeping || !view || !view.over || state.review !== null) return;
  if (state.cursor !== state.moves.length) return;
  const key = `${sizeText()}/${state.connect}/${movesText(state.moves, state.width)}`;
  if (key === saved) return;
  saved = key;
  const body = {
    moves: movesText(state.moves, state.width),
    size: sizeText(),
    connect: state.connect,
    ...players(),
  };
  try {
    await api("/games", { body });
    $("games-note").textContent = "This game is saved: choose it below to review it later.";
  } catch (error) {
    if (isAborted(error)) return;
    $("games-note").textContent = `The game could not be saved: ${error.message}`;
  }
  await loadGames();
}

// A saved game as one line of the list.
function gameLine(game) {
  const day = game.finished ? game.finished.slice(0, 10) : "";
  const size = `${game.width}x${game.height}${game.connect !== 4 ? `, connect ${game.connect}` : ""}`;
  const length = game.moves.includes(",") ? game.moves.split(",").length : game.moves.length;
  return `Game ${game.number}: ${game.first} vs ${game.second}, ${RESULT_WORDS[game.result] || game.result}, ${moves(length)}, ${size}${day ? `, ${day}` : ""}`;
}

export async function loadGames() {
  let answer;
  try {
    answer = await api("/games", { params: { limit: "20" } });
  } catch (error) {
    $("games-note").textContent = `The saved games cannot be read: ${error.message}`;
    return;
  }
  keeping = answer.keep !== 0;
  $("games-card").hidden = !keeping;
  const items = answer.games.map((game) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.game = String(game.number);
    button.textContent = gameLine(game);
    item.append(button);
    return item;
  });
  if (items.length === 0 && !$("games-note").textContent) {
    $("games-note").textContent = "No games saved yet: each game finished here is kept.";
  }
  $("games").replaceChildren(...items);
}

// The saved game `number`: its moves, size and line (null when it cannot be read).
export async function fetchGame(number) {
  return api(`/games/${number}`);
}
