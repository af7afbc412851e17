// damier web: the JSON API client. Every request of the page goes through api(), which never
// throws: it answers {ok, status, data}, with data.error (English) and data.code (a stable
// error code the page translates) set when the request failed. Imports nothing.

export async function api(method, url, body, type = "application/json") {
  const opts = { method, headers: {} };
  // the server takes a POST only with a declared JSON (or PDN) body, even an empty one
  if (body === undefined && method === "POST") body = {};
  if (body !== undefined) {
    opts.headers["Content-Type"] = type;
    opts.body = type === "application/json" ? JSON.stringify(body) : body;
  }
  let res;
  try {
    res = await fetch(url, opts);
  } catch (e) {
    return { ok: false, status: 0, data: { error: "the server cannot be reached", code: "unreachable" } };
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.statusText, code: `http_${res.status}` }; }
  return { ok: res.ok, status: res.status, data };
}
