// Talking to the server: its JSON API, relative to the page (it also works behind a path
// prefix), and its errors as messages.

const API = "api/v1"; // relative: the app also works behind a path prefix

export class ApiError extends Error {}

export async function api(path, { params = null, body = null, signal = null } = {}) {
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

export function isAborted(error) {
  return error && error.name === "AbortError";
}
