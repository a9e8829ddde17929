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
const lattice = (seed, x, y) => (mix32(seed ^ mix32(Math.imul(x, 0x9e3779b9) ^ mix32(y))) >>> 8) / 16777216;
function valueNoise(seed, [px, py]) {
  const [x0, y0] = [Math.floor(px), Math.floor(py)];
  const [i, j] = [x0 | 0, y0 | 0];
  const s = (t) => t * t * (3 - 2 * t);
  const lerp = (a, b, t) => a + (b - a) * t;
  const [sx, sy] = [s(px - x0), s(py - y0)];
  const top = lerp(lattice(seed, i, j), lattice(seed, i + 1, j), sx);
  const bottom = lerp(lattice(seed, i, j + 1), lattice(seed, i + 1, j + 1), sx);
  return lerp(top, bottom, sy);
}
const flow_field = {
  init(b, w) {
    const seed = BigInt(SEED);
    const lo = Number(seed & 0xffffffffn), hi = Number((seed >> 32n) & 0xffffffffn);
    b.seed = mix32(lo ^ mix32(hi) ^ mix32((b.reseeds ?? 0) + 1));
    b.cols = Math.max(Math.ceil(w.width / b.resolution), 1);
    b.rows = Math.max(Math.ceil(w.height / b.resolution), 1);
  },
  //en The arrow of the cell under p.
  //es La flecha de la celda bajo p.
  at(b, p) {
    const cell = (x, n) => Math.min(Math.max(Math.floor(x / b.resolution), 0), n - 1);
    const centre = [(cell(p[0], b.cols) + 0.5) * b.resolution, (cell(p[1], b.rows) + 0.5) * b.resolution];
    const q = [centre[0] / b.scale, centre[1] / b.scale];
    const n = (valueNoise(b.seed, q) + 0.25 * valueNoise((b.seed ^ 0x5bd1e995) >>> 0, scale(q, 2))) / 1.25;
    const angle = n * 1.5 * 2 * Math.PI;
    return scale([Math.cos(angle), Math.sin(angle)], b.strength);
  },
  force(b, w, i, a, ctl) {
    const desired = flow_field.at(b, a.position);
    ctl.add(b.weight, limit(sub(desired, a.velocity), a.max_force));
  },
};
