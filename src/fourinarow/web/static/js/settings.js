// The settings form and the URL: both kept in step with the state, the URL read at the start,
// the levels the server offers and whether it accepts a custom agent spec.

import { ApiError, api } from "./api.js";
import { $ } from "./page.js";
import {
  ANALYSIS_TIMES_MS,
  DEFAULT_ANALYSIS_TIME_MS,
  LEVEL_COUNT,
  agentSpec,
  movesText,
  sizeText,
  state,
} from "./state.js";

// Short names of the levels for the dropdown; the server's descriptions are their titles and
// the note under it.
const LEVEL_NAMES = {
  1: "random",
  2: "mostly random",
  3: "wins or blocks, careless",
  4: "wins or blocks",
  5: "two moves, careless",
  6: "two moves ahead",
  7: "five moves ahead",
  8: "engine, 30 positions",
  9: "engine, 1,000 positions",
  10: "perfect",
};

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

export function syncSettings() {
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

export function updateUrl() {
  // Commas (moves on wide boards), colons and equals signs (agent specs) stay readable.
  const query = urlParams()
    .toString()
    .replace(/%2C/g, ",")
    .replace(/%3A/g, ":")
    .replace(/%3D/g, "=");
  const url = `${window.location.pathname}?${query}`;
  window.history.replaceState(null, "", url);
}

export function readUrl() {
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

function showAgentProblem(message) {
  const note = $("agent-error");
  note.textContent = message;
  note.hidden = message === "";
  if (message) $("agent").setAttribute("aria-invalid", "true");
  else $("agent").removeAttribute("aria-invalid");
}

// Ask the server whether it accepts the agent spec (a move on the empty board with no time to
// think), and show its answer next to the field: a bad spec is told at once, not at the next move.
export async function checkAgent() {
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

export async function loadLevels() {
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
