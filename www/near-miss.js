// Near misses: the name an author meant, one or two letters from what she wrote. The module's
// messages list every name a field takes (`unknown value `avoid_obstacle`, expected one of
// `separation`, … 19 names`); the authors' tools (`npx steerlab validate`, the playground) name the
// near one instead (`…, did you mean `avoid_obstacles`?`). Here rather than in the module: every
// reading page would carry it (1 KB gzipped of wasm), and only authors need it. No DOM, no imports.

/** The one of `names` nearest to `word` (optimal string alignment distance, case and `-`/`_`
 *  aside) when it is at most a quarter of the word away (1 to 3 edits), else null. */
export function closest(word, names) {
  const norm = (s) => String(s).toLowerCase().replace(/[-\s]/g, "_");
  const w = norm(word);
  let best = null;
  let bestD = Infinity;
  for (const n of names) {
    const d = distance(w, norm(n));
    if (d < bestD) (bestD = d), (best = n);
  }
  return best !== null && best !== word && bestD <= Math.max(1, Math.min(3, Math.floor(w.length / 4))) ? best : null;
}

function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** A message of the module's (`validate`, `mount`), one mistake a line, with each unknown name
 *  that has a near miss written `unknown value `x`, did you mean `y`?` instead of the list. */
export function nearMisses(message) {
  if (message == null) return message;
  return String(message)
    .split("\n")
    .map((line) => {
      const m = /^(.*?unknown (?:value|field) `([^`]*)`), expected (.*)$/.exec(line);
      const near = m && closest(m[2], [...m[3].matchAll(/`([^`]*)`/g)].map((x) => x[1]));
      return near ? `${m[1]}, did you mean \`${near}\`?` : line;
    })
    .join("\n");
}
