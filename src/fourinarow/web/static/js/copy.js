// Copying text (the moves, a link) to the clipboard, or showing it to copy by hand.

import { $ } from "./page.js";

export async function copyText(text, what) {
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
