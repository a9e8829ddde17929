// The keys inside a figure's toolbars (issue 58; the WAI-ARIA Authoring Practices' toolbar
// pattern, a roving tabindex). The viewer makes the groups at mount (src/web/viewer/toolbar.rs:
// roles, names, one `tabindex="0"` each); this module, loaded with the described scene on the
// first focus in a figure, moves the focus inside them:
// - the bar (`.steerlab-bar`, with the fine scrub, the overlay toggles and the readout's "?" it
//   owns): ← → to the previous and the next item shown, wrapping; Home, End to the first, the last;
// - the parameters (`.steerlab-controls[role=toolbar]`, vertical): ↑ ↓; a slider keeps its ← →,
//   Home, End, Page Up and Page Down;
// and keeps the stop where the reader was (a click or a focus on an item makes it the stop), on
// an item that is shown: when the menu folds away or the figure narrows, play takes it back.

/** A group's items, in the accessibility tree's order (the bar's own, then what it owns). */
const GROUPS = [
  { root: ".steerlab-bar", items: [".steerlab-bar .steerlab-btn", "[data-action=fine]", ".steerlab-overlays input", ".steerlab-meanings"], keys: ["ArrowLeft", "ArrowRight"], ends: true },
  { root: ".steerlab-controls[role=toolbar]", items: [".steerlab-controls[role=toolbar] [data-param]"], keys: ["ArrowUp", "ArrowDown"], ends: false },
];

const shown = (e) => e.getClientRects().length > 0;
const itemsOf = (fig, g) => g.items.flatMap((s) => [...fig.querySelectorAll(s)]);
const groupOf = (e) => GROUPS.find((g) => g.items.some((s) => e.matches?.(s)) && e.closest(".steerlab")?.querySelector(g.root));

/** `e` is its group's stop. */
function stop(fig, g, e) {
  for (const x of itemsOf(fig, g)) x.tabIndex = x === e ? 0 : -1;
}

/** After what is shown changed: a bar whose stop is hidden gives it to play (else its first shown). */
export function fix(fig) {
  const g = GROUPS[0];
  const all = itemsOf(fig, g);
  if (!all.length || all.some((e) => e.tabIndex === 0 && shown(e))) return;
  const seen = all.filter(shown);
  const to = seen.find((e) => e.dataset.action === "play") ?? seen[0];
  if (to) stop(fig, g, to);
}

/** A key on an item: the focus moves inside its group. True when the key was the group's. */
export function onKey(e) {
  const t = e.target;
  const g = groupOf(t);
  if (!g || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
  const fig = t.closest(".steerlab");
  const all = itemsOf(fig, g).filter(shown);
  const at = all.indexOf(t);
  const n = all.length;
  if (at < 0 || (n < 2 && !g.ends)) return false;
  const to = { [g.keys[0]]: (at + n - 1) % n, [g.keys[1]]: (at + 1) % n, ...(g.ends ? { Home: 0, End: n - 1 } : {}) }[e.key];
  if (to === undefined) return false;
  e.preventDefault();
  stop(fig, g, all[to]);
  all[to].focus();
  return true;
}

/** Hook the page (once): keys and focus in the figures' toolbars; the stop kept on a shown item. */
export function attach() {
  document.addEventListener("keydown", onKey);
  document.addEventListener("focusin", (e) => {
    const g = groupOf(e.target);
    if (g) stop(e.target.closest(".steerlab"), g, e.target);
  });
  // (A fold closes on a click or Escape; a figure narrows on a resize: then, a frame later.)
  const later = (e) => {
    const fig = e.target?.closest?.(".steerlab");
    requestAnimationFrame(() => (fig ? [fig] : document.querySelectorAll(".steerlab")).forEach(fix));
  };
  for (const k of ["click", "keyup"]) document.addEventListener(k, later, true);
  window.addEventListener("resize", later);
}
