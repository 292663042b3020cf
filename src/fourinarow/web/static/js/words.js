// Players, numbers and move counts in words, as the page shows them.

export const PLAYER_NAMES = { 1: "Red", 2: "Yellow" };
export const MINUS = "\u2212";

export function signed(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `${MINUS}${-value}`;
  return "0";
}

export function moves(count) {
  return count === 1 ? "1 move" : `${count} moves`;
}

// Own moves to a win `distance` plies away (its stone included), or the opponent's to a loss.
export function movesTo(distance, win) {
  if (!distance) return null;
  return win ? Math.ceil(distance / 2) : Math.floor(distance / 2);
}
