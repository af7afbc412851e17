// damier web: the engines the server offers (GET /api/engines: damier's own and external
// ones, see docs/web.md "External engines"): the list, loaded once; the options of a select
// for a variant, for play or for analysis; the note shown when a game's external engine
// failed and damier's plays in its place. Draws nothing else. Imports the API client, the
// languages and the page's state.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { app } from "./state.js";

export const BUILTIN = "damier";

export async function loadEngines() {
  const r = await api("GET", "/api/engines");
  app.engines = r.ok ? r.data : [];
}

// the engines that play `variant` (and can analyse, when `analyse`)
export function enginesFor(variant, analyse = false) {
  return (app.engines || []).filter((e) => (e.variants === null || e.variants.includes(variant))
    && (!analyse || e.analyse));
}

// fill `sel` with the engines for `variant`, `wanted` selected if it is one of them (else
// damier's own); whether there is a choice at all (more than one engine)
export function fillEngines(sel, variant, wanted, analyse = false) {
  const offered = enginesFor(variant, analyse);
  sel.innerHTML = "";
  for (const e of offered) sel.add(new Option(e.builtin ? t("engine.builtin") : e.name, e.name));
  sel.value = offered.some((e) => e.name === wanted) ? wanted : BUILTIN;
  return offered.length > 1;
}

// the external engine playing the game now (null: damier's own, also after a failure)
export function externalEngine(g) {
  return g.engine && g.engine !== BUILTIN && !g.engine_failure ? g.engine : null;
}

// why damier's engine plays in place of the game's external one: the note in the page's
// language and the technical reason (in English, from the server), or null
export function engineNote(g) {
  const f = g.engine_failure;
  return f ? { text: t(`note.${f.code}`, { engine: f.engine }), reason: f.reason } : null;
}
