// The evaluation graph of a review: the first player's expected result after each move, as the
// server's `course` says it (0 a loss, 0.5 a draw, 1 a win), drawn as an SVG line across the
// game. A point is a button to its position; the marks of the graded moves sit on the line.

import { PLAYER_NAMES } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 400; // the drawing's own units: the SVG scales to its box
const HEIGHT = 100;
const PAD = 4;

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function x(ply, last) {
  return PAD + (last === 0 ? 0 : (ply / last) * (WIDTH - 2 * PAD));
}

function y(expected) {
  return PAD + (1 - expected) * (HEIGHT - 2 * PAD);
}

// The point's words, as the server says them, for the first player.
function pointTitle(point, move) {
  const where = point.ply === 0 ? "The start" : `After move ${point.ply}`;
  const how = point.proven ? "proven" : "estimated";
  let text = `${where}: ${point.words} for ${PLAYER_NAMES[1]} (${how})`;
  if (move && move.mark) text += `; move ${move.number} ${move.mark}`;
  return `${text}.`;
}

// Draw `course` in `svg`, the position after `cursor` moves marked; `graded` are the review's
// moves (their marks drawn on the line).
export function drawGraph(svg, course, graded, cursor) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  if (!course || course.length === 0) return;
  const last = course[course.length - 1].ply;
  const middle = y(0.5);
  svg.append(
    element("rect", { class: "graph-top", x: 0, y: 0, width: WIDTH, height: middle }),
    element("rect", { class: "graph-bottom", x: 0, y: middle, width: WIDTH, height: HEIGHT - middle }),
    element("line", { class: "graph-draw", x1: 0, y1: middle, x2: WIDTH, y2: middle }),
  );
  const points = course.map((point) => `${x(point.ply, last)},${y(point.expected)}`);
  svg.append(element("polyline", { class: "graph-line", points: points.join(" ") }));
  if (cursor !== null) {
    const at = x(cursor, last);
    svg.append(element("line", { class: "graph-cursor", x1: at, y1: 0, x2: at, y2: HEIGHT }));
  }
  const step = last === 0 ? WIDTH : (WIDTH - 2 * PAD) / last;
  for (const point of course) {
    const move = point.ply > 0 && graded ? graded[point.ply - 1] : null;
    // a point for the mouse (its title a tooltip); the keyboard has the move list
    const group = element("g", { class: "graph-point", "data-ply": point.ply });
    if (point.ply === cursor) group.setAttribute("aria-current", "step");
    // a band the width of one move, so that a point is easy to hit
    group.append(
      element("rect", {
        class: "graph-hit",
        x: x(point.ply, last) - step / 2,
        y: 0,
        width: step,
        height: HEIGHT,
      }),
    );
    const grade = move ? move.grade : "best";
    const marked = ["inaccuracy", "mistake", "blunder"].includes(grade);
    const dot = element("circle", {
      class: `graph-dot${point.proven ? "" : " estimate"}${marked ? ` grade-${grade}` : ""}`,
      cx: x(point.ply, last),
      cy: y(point.expected),
      r: marked ? 3.4 : 2,
    });
    if (move) dot.dataset.grade = grade;
    const title = element("title");
    title.textContent = pointTitle(point, move);
    group.append(dot, title);
    svg.append(group);
  }
}
