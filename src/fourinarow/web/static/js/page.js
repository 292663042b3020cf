// The page itself: its elements by id, its busy mark, the error line and the live region.

export const $ = (id) => document.getElementById(id);

let busyCount = 0;

export async function busy(task) {
  busyCount += 1;
  document.body.dataset.busy = "busy";
  try {
    return await task();
  } finally {
    busyCount -= 1;
    if (busyCount === 0) document.body.dataset.busy = "idle";
  }
}

export function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  const box = $("error");
  box.textContent = "";
  box.hidden = true;
}

let announcements = [];

// Say `message` in the live region, with any other said in the same moment.
export function announce(message) {
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
