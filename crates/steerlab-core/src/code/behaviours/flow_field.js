//en Flow field: the desired velocity is the field's arrow under the agent (value noise on a grid of
//en `resolution` cells, `scale` wide, `strength` long); force = limit(desired - velocity, max_force).
//es Campo de flujo: la velocidad deseada es la flecha del campo bajo el agente (ruido de valor en una
//es rejilla de celdas de `resolution`, de escala `scale` y longitud `strength`).
const mix32 = (h) => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
};
const lattice = (seed, x, y) => fr(((mix32(seed ^ mix32(Math.imul(x, 0x9e3779b9) ^ mix32(y))) >>> 8) / 16777216));
//en x as a 32-bit integer, saturating (as Rust's `as i32`).
//es x como entero de 32 bits, saturando (como `as i32` de Rust).
const toI32 = (x) => (Number.isNaN(x) ? 0 : Math.min(Math.max(x, -2147483648), 2147483647));
const smooth = (t) => fr(fr(t * t) * fr(3 - fr(2 * t)));
const lerp = (a, b, t) => fr(a + fr(fr(b - a) * t));
function valueNoise(seed, px, py) {
  const x0 = Math.floor(px);
  const y0 = Math.floor(py);
  const i = toI32(x0);
  const j = toI32(y0);
  const sx = smooth(fr(px - x0));
  const sy = smooth(fr(py - y0));
  const i1 = (i + 1) | 0;
  const j1 = (j + 1) | 0;
  const top = lerp(lattice(seed, i, j), lattice(seed, i1, j), sx);
  const bottom = lerp(lattice(seed, i, j1), lattice(seed, i1, j1), sx);
  return lerp(top, bottom, sy);
}
//en The cell of x (cells `res` wide, n of them).
//es La celda de x (celdas de `res` de ancho, n en total).
const fieldCell = (x, res, n) => Math.min(Math.max(Math.floor(fr(x / res)), 0) || 0, n - 1);
const flow_field = {
  //en The field's seed: the scenario's seed and how many times the canvas drew the field anew.
  //es La semilla del campo: la del escenario y las veces que el lienzo volvió a generar el campo.
  seed(b, w) {
    const seed = BigInt(w.params.seed);
    const lo = Number(seed & 0xffffffffn);
    const hi = Number((seed >> 32n) & 0xffffffffn);
    return mix32(lo ^ mix32(hi) ^ mix32(((b.reseeds ?? 0) + 1) >>> 0));
  },
  //en (Once a step: the seed as a number.)
  //es (Una vez por paso: la semilla como número.)
  before(b, w) {
    b.fieldSeed = flow_field.seed(b, w);
  },
  //en The arrow of the cell under p.
  //es La flecha de la celda bajo p.
  at(o, b, w, px, py) {
    const res = fr(b.resolution);
    const cols = Math.max(Math.ceil(fr(w.width / res)), 1);
    const rows = Math.max(Math.ceil(fr(w.height / res)), 1);
    let qx = fr(fr(fr(fieldCell(px, res, cols) + 0.5) * res) / fr(b.scale));
    let qy = fr(fr(fr(fieldCell(py, res, rows) + 0.5) * res) / fr(b.scale));
    if (!Number.isFinite(fr(qx * 2)) || !Number.isFinite(fr(qy * 2))) [qx, qy] = [0, 0];
    const seed = b.fieldSeed ?? flow_field.seed(b, w);
    const n = fr(fr(valueNoise(seed, qx, qy) + fr(0.25 * valueNoise((seed ^ 0x5bd1e995) >>> 0, fr(qx * 2), fr(qy * 2)))) / 1.25);
    const angle = fr(fr(n * 1.5) * TAU);
    const strength = fr(b.strength);
    return set(o, fr(cosf(angle) * strength), fr(sinf(angle) * strength));
  },
  force(b, w, i, a, ctl) {
    flow_field.at(F, b, w, a.position[0], a.position[1]);
    ctl.add(b.weight, limit(set(F, fr(F[0] - a.velocity[0]), fr(F[1] - a.velocity[1])), a.max_force));
  },
};
