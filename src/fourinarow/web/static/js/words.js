// Players, numbers and move counts in words, as the page shows them.

export const PLAYER_NAMES = { 1: "Red", 2: "Yellow" };
export const MINUS = "\u2212";

export function signed(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `${MINUS}${-value}`;
  return "0";
}

// The server's sentences name the players X and O; the page calls them Red and Yellow.
export function playerWords(text) {
  return text.replace(/\bX\b/g, PLAYER_NAMES[1]).replace(/\bO\b/g, PLAYER_NAMES[2]);
}

export function moves(count) {
  return count === 1 ? "1 move" : `${count} moves`;
}

// "1st", "2nd", "3rd", "18th": the count of a move. How many moves a win or a loss takes is
// not counted here: the server sends it with the value's words (`moves`, `words`).
export function ordinal(count) {
  const tens = count % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[count % 10] || "th";
  return `${count}${suffix}`;
}
