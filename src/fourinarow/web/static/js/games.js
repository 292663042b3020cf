// Your games: each game finished on this page is saved by the server (POST /api/v1/games), and
// the list of games saved (GET /api/v1/games) opens one for review.

import { api, isAborted } from "./api.js";
import { $ } from "./page.js";
import { agentSpec, computerSide, movesText, sizeText, state } from "./state.js";
import { moves } from "./words.js";

const RESULT_WORDS = { first: "Red won", second: "Yellow won", draw: "a draw", unfinished: "unfinished" };

let saved = ""; // the last game saved: its moves, size and line, so that it is saved once
let keeping = true; // false when the server keeps no games (fourinarow serve --keep-games 0)

// Whether the server keeps what is played on it (not with fourinarow serve --keep-games 0):
// then it records no exercise missed either.
export function keepsGames() {
  return keeping;
}

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
    $("games-note").dataset.saved = "saved";
  } catch (error) {
    if (isAborted(error)) return;
    $("games-note").textContent = `The game could not be saved: ${error.message}`;
  }
  await loadGames();
}

// A saved game as the list says it: its whole line (the button's name), and that line in three
// short ones shown (the game and its day, who played, how it went).
function gameLines(game) {
  const day = game.finished ? game.finished.slice(0, 10) : "";
  const size = `${game.width}x${game.height}${game.connect !== 4 ? `, connect ${game.connect}` : ""}`;
  const length = game.moves.includes(",") ? game.moves.split(",").length : game.moves.length;
  const players = `${game.first} vs ${game.second}`;
  const how = `${RESULT_WORDS[game.result] || game.result}, ${moves(length)}, ${size}`;
  const whole = `Game ${game.number}: ${players}, ${how}${day ? `, ${day}` : ""}`;
  return [whole, [`Game ${game.number}${day ? `, ${day}` : ""}`, players, how]];
}

// A new game: the note about the game just saved goes.
export function forgetSavedNote() {
  const note = $("games-note");
  if (note.dataset.saved) {
    note.textContent = "";
    delete note.dataset.saved;
  }
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
    // short lines that never wrap (a long name ends in "…"; the whole line is its name and title)
    const [whole, lines] = gameLines(game);
    button.replaceChildren(
      ...lines.map((text) => {
        const span = document.createElement("span");
        span.textContent = text;
        return span;
      }),
    );
    button.title = whole;
    button.setAttribute("aria-label", whole);
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
