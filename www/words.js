// The pages' scripts' words, one table per language: written from the page.* keys of
// catalog/<tag>.txt by tests/words.rs. Do not edit: edit the catalogs, then run
// `STEERLAB_WRITE_WORDS=1 cargo test --test words`.
const WORDS = {
  en: {
    "page.challenge.after": "Checked from {after} s of simulation on (now {time} s).",
    "page.challenge.done": "Done! The simulation checked it.",
    "page.challenge.hint": "Hint",
    "page.challenge.holding": "Holding… {held} s of {for} s.",
    "page.challenge.late": "Too late: it has to happen within the first {within} s. Press Reset and try again.",
    "page.challenge.malformed": "This challenge is malformed:",
    "page.challenge.needs": "{measure} is {value}, it needs to be {op} {target}",
    "page.challenge.no_canvas": "This challenge cannot find its canvas:",
    "page.challenge.no_value": "{measure} has no value yet",
    "page.challenge.not_yet": "Not yet: {reason}.",
    "page.challenge.or": "or",
    "page.challenge.reset": "↺ Start again",
    "page.challenge.solution": "See a solution",
    "page.challenge.waiting": "Tune the canvas above: the simulation checks this as it runs.",
    "page.chapter.bad_button": "This button is malformed (data-set is not a JSON object):",
    "page.chapter.no_canvas": "This button cannot find its canvas:",
    "page.chapter.not_ready": "The visualisation is not ready yet; try again in a moment.",
    "page.chapter.nothing": "There was nothing to restore.",
    "page.chapter.refused": "Could not apply:",
    "page.chapter.restored": "Settings restored.",
    "page.compare.as_written": "as written",
    "page.compare.pause": "❚❚ Pause both",
    "page.compare.play": "▶ Play both",
    "page.compare.reset": "↺ Reset both",
    "page.compare.scrub": "Step of both views",
    "page.compare.time": "{time} s",
    "page.gpu.cpu": "CPU engine",
    "page.gpu.engine": "GPU engine (WebGPU)",
    "page.gpu.hud": "{engine} · {fps} fps · step {step} ms · draw {draw} ms · {agents} agents",
    "page.gpu.none": "WebGPU not available",
    "page.gpu.pause": "Pause",
    "page.gpu.play": "Play",
    "page.gpu.reset": "Reset",
    "page.gpu.step": "Step",
    "page.playground.column": "column",
    "page.playground.copied": "Copied.",
    "page.playground.copy_failed": "Could not copy: select the text and copy it.",
    "page.playground.line": "line",
    "page.playground.load_failed": "Could not load the scenario",
    "page.playground.ok": "✓ Valid scenario.",
    "page.touch.unpin": "Put the figure back",
  },
  es: {
    "page.challenge.after": "Se comprueba a partir de {after} s de simulación (ahora {time} s).",
    "page.challenge.done": "¡Conseguido! La simulación lo ha comprobado.",
    "page.challenge.hint": "Pista",
    "page.challenge.holding": "Se mantiene… {held} s de {for} s.",
    "page.challenge.late": "Demasiado tarde: tiene que ocurrir en los primeros {within} s. Pulsa Reiniciar y vuelve a intentarlo.",
    "page.challenge.malformed": "Este reto está mal escrito:",
    "page.challenge.needs": "{measure} vale {value} y tiene que ser {op} {target}",
    "page.challenge.no_canvas": "Este reto no encuentra su canvas:",
    "page.challenge.no_value": "{measure} todavía no tiene valor",
    "page.challenge.not_yet": "Todavía no: {reason}.",
    "page.challenge.or": "o",
    "page.challenge.reset": "↺ Empezar de nuevo",
    "page.challenge.solution": "Ver una solución",
    "page.challenge.waiting": "Ajusta el canvas de arriba: la simulación lo comprueba mientras corre.",
    "page.chapter.bad_button": "Este botón está mal escrito (data-set no es un objeto JSON):",
    "page.chapter.no_canvas": "Este botón no encuentra su canvas:",
    "page.chapter.not_ready": "La visualización todavía no está lista; inténtalo en un momento.",
    "page.chapter.nothing": "No había nada que restablecer.",
    "page.chapter.refused": "No se pudo aplicar:",
    "page.chapter.restored": "Ajustes restablecidos.",
    "page.compare.as_written": "tal como está escrito",
    "page.compare.pause": "❚❚ Pausar ambas",
    "page.compare.play": "▶ Reproducir ambas",
    "page.compare.reset": "↺ Reiniciar ambas",
    "page.compare.scrub": "Paso de las dos vistas",
    "page.compare.time": "{time} s",
    "page.gpu.cpu": "motor CPU",
    "page.gpu.engine": "motor GPU (WebGPU)",
    "page.gpu.hud": "{engine} · {fps} fps · paso {step} ms · dibujo {draw} ms · {agents} agentes",
    "page.gpu.none": "WebGPU no disponible",
    "page.gpu.pause": "Pausa",
    "page.gpu.play": "Reproducir",
    "page.gpu.reset": "Reiniciar",
    "page.gpu.step": "Paso",
    "page.playground.column": "columna",
    "page.playground.copied": "Copiado.",
    "page.playground.copy_failed": "No se pudo copiar: selecciona el texto y cópialo.",
    "page.playground.line": "línea",
    "page.playground.load_failed": "No se pudo cargar el escenario",
    "page.playground.ok": "✓ Escenario válido.",
    "page.touch.unpin": "Devolver la figura a su sitio",
  },
};

/** The catalog of a language tag (`es-MX` → es), else English. */
function tableOf(lang) {
  const tag = String(lang || "").trim().toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(WORDS, tag) ? WORDS[tag] : WORDS.en;
}

/** The text of a `page.*` key in `lang` (by default the page's: the primary subtag of
*  <html lang>); a key no catalog has throws. Safe to import outside a browser. */
export function t(key, lang = globalThis.document?.documentElement.lang) {
  const table = tableOf(lang);
  if (!Object.hasOwn(table, key)) throw new Error(`steerlab: no words for ${key}`);
  return table[key];
}
