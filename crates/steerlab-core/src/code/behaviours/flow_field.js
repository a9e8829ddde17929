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
function valueNoise(seed, p) {
  const [x0, y0] = [Math.floor(p[0]), Math.floor(p[1])];
  const [i, j] = [toI32(x0), toI32(y0)];
  const s = (t) => fr(fr(t * t) * fr(3 - fr(2 * t)));
  const lerp = (a, b, t) => fr(a + fr(fr(b - a) * t));
  const [sx, sy] = [s(fr(p[0] - x0)), s(fr(p[1] - y0))];
  const [i1, j1] = [(i + 1) | 0, (j + 1) | 0];
  const top = lerp(lattice(seed, i, j), lattice(seed, i1, j), sx);
  const bottom = lerp(lattice(seed, i, j1), lattice(seed, i1, j1), sx);
  return lerp(top, bottom, sy);
}
const flow_field = {
  //en The field's seed: the scenario's seed and how many times the canvas drew the field anew.
  //es La semilla del campo: la del escenario y las veces que el lienzo volvió a generar el campo.
  seed(b, w) {
    const seed = BigInt(w.params.seed);
    const lo = Number(seed & 0xffffffffn), hi = Number((seed >> 32n) & 0xffffffffn);
    return mix32(lo ^ mix32(hi) ^ mix32(((b.reseeds ?? 0) + 1) >>> 0));
  },
  //en The arrow of the cell under p.
  //es La flecha de la celda bajo p.
  at(b, w, p) {
    const res = fr(b.resolution);
    const cells = (side) => Math.max(Math.ceil(fr(side / res)), 1);
    const [cols, rows] = [cells(w.width), cells(w.height)];
    const cell = (x, n) => Math.min(Math.max(Math.floor(fr(x / res)), 0) || 0, n - 1);
    const centre = scale([fr(cell(p[0], cols) + 0.5), fr(cell(p[1], rows) + 0.5)], res);
    let q = div(centre, fr(b.scale));
    if (!Number.isFinite(fr(q[0] * 2)) || !Number.isFinite(fr(q[1] * 2))) q = [0, 0];
    const seed = flow_field.seed(b, w);
    const n = fr(fr(valueNoise(seed, q) + fr(0.25 * valueNoise((seed ^ 0x5bd1e995) >>> 0, scale(q, 2)))) / 1.25);
    const angle = fr(fr(n * 1.5) * TAU);
    return scale([cosf(angle), sinf(angle)], fr(b.strength));
  },
  force(b, w, i, a, ctl) {
    ctl.add(b.weight, limit(sub(flow_field.at(b, w, a.position), a.velocity), a.max_force));
  },
};
