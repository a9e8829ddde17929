// The pages' scripts' words, one table per language: written from the page.* keys of
// catalog/<tag>.txt by tests/words.rs. Do not edit: edit the catalogs, then run
// `STEERLAB_WRITE_WORDS=1 cargo test --test words`.
const WORDS = {
  en: {
    "page.chapter.bad_button": "This button is malformed (data-set is not a JSON object):",
    "page.chapter.no_canvas": "This button cannot find its canvas:",
    "page.chapter.not_ready": "The visualisation is not ready yet; try again in a moment.",
    "page.chapter.nothing": "There was nothing to restore.",
    "page.chapter.refused": "Could not apply:",
    "page.chapter.restored": "Settings restored.",
    "page.code.close": "Close",
    "page.code.copied": "Copied.",
    "page.code.copy": "Copy",
    "page.code.copy_failed": "Could not copy: select the text and copy it.",
    "page.code.download": "Download",
    "page.code.failed": "Could not write the code:",
    "page.code.js": "JavaScript",
    "page.code.note": "The behaviours with the parameters and agents on the canvas now, the neighbour query, the edges and the fixed step in the same order as here: it runs the same trajectory.",
    "page.code.rust": "Rust",
    "page.code.target": "Language",
    "page.code.title": "This canvas as code",
    "page.code.unity": "Unity (C#)",
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
  },
  es: {
    "page.chapter.bad_button": "Este botón está mal escrito (data-set no es un objeto JSON):",
    "page.chapter.no_canvas": "Este botón no encuentra su canvas:",
    "page.chapter.not_ready": "La visualización todavía no está lista; inténtalo en un momento.",
    "page.chapter.nothing": "No había nada que restablecer.",
    "page.chapter.refused": "No se pudo aplicar:",
    "page.chapter.restored": "Ajustes restablecidos.",
    "page.code.close": "Cerrar",
    "page.code.copied": "Copiado.",
    "page.code.copy": "Copiar",
    "page.code.copy_failed": "No se pudo copiar: selecciona el texto y cópialo.",
    "page.code.download": "Descargar",
    "page.code.failed": "No se pudo escribir el código:",
    "page.code.js": "JavaScript",
    "page.code.note": "Los comportamientos con los parámetros y los agentes que hay ahora en el lienzo, la búsqueda de vecinos, los bordes y el paso fijo en el mismo orden que aquí: recorre la misma trayectoria.",
    "page.code.rust": "Rust",
    "page.code.target": "Lenguaje",
    "page.code.title": "Este lienzo como código",
    "page.code.unity": "Unity (C#)",
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
