// WGSL of the GPU flocking engine (issue 37). Loaded only with www/gpu/engine.js, which only the
// GPU path imports (dynamic import from www/boot.js or the bench page).
//
// One step (all in one command buffer; positions and velocities never leave the GPU):
//   count   each boid's cell (row-major, cells at least the perception radius wide) and an
//           atomic count per cell;
//   scan    an exclusive prefix sum of the counts (a work-efficient two-pass block scan: 1024
//           counts per workgroup, the block totals scanned the same way, then added back), which
//           gives every cell its contiguous slot range `starts[c]..starts[c + 1]`;
//   scatter each boid to a slot of its cell (atomic cursor per cell: the order within a cell
//           depends on the GPU's scheduling) ...
//   order   ... so each cell's slots are then sorted by the boids' previous slot (one thread per
//           cell, insertion sort): the result is the stable counting sort, whatever the schedule,
//           and the summation order below is fixed: the run is deterministic on one GPU;
//   gather  positions, velocities+headings and ids into cell order;
//   steer   for each boid, the 3×3 cells around its own (each cell once on an axis with fewer
//           than three), every candidate at nearest-image distance² under the radius² counted (no
//           cap per cell: exact neighbour sets), the terms of FlockSums::add; then force_one,
//           world::integrate and the torus wrap of crates/steerlab-core/src/fast/finish.rs, with the same
//           operations in the same order as the CPU's scalar reference.

export const COMMON = /* wgsl */ `
struct Params {
  n: u32,
  cols: u32,
  rows: u32,
  ncells: u32,
  width: f32,
  height: f32,
  per_x: f32,
  per_y: f32,
  q2: f32,
  sep2: f32,
  ali2: f32,
  coh2: f32,
  w_sep: f32,
  w_ali: f32,
  w_coh: f32,
  max_speed: f32,
  max_force: f32,
  min_speed: f32,
  dt: f32,
  head_eps2: f32,
  probe: u32,
  _pad0: u32,
  _pad1: u32,
  _pad2: u32,
};

// The flat index of an invocation in a 1-D grid dispatched as (x, y) workgroups of 256.
fn flat(gid: vec3u, nwg: vec3u) -> u32 {
  return gid.y * nwg.x * 256u + gid.x;
}

fn cell_of(p: vec2f, prm: Params) -> u32 {
  // Clamped like the CPU grid's ⌊x / cell⌋ (a NaN maps to cell 0 through the max).
  let cx = min(u32(max(p.x * prm.per_x, 0.0)), prm.cols - 1u);
  let cy = min(u32(max(p.y * prm.per_y, 0.0)), prm.rows - 1u);
  return cy * prm.cols + cx;
}
`;

export const COUNT = COMMON + /* wgsl */ `
@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec2f>;
@group(0) @binding(2) var<storage, read_write> cell: array<u32>;
@group(0) @binding(3) var<storage, read_write> counts: array<atomic<u32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let i = flat(gid, nwg);
  if (i >= prm.n) { return; }
  let c = cell_of(pos[i], prm);
  cell[i] = c;
  atomicAdd(&counts[c], 1u);
}
`;

// Exclusive scan of `len` u32 in place, 1024 per workgroup (4 per thread, then a Hillis–Steele
// scan of the 256 thread totals in workgroup memory); each block's total to `sums`.
export const SCAN = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
@group(0) @binding(2) var<uniform> len: vec4u;
var<workgroup> tmp: array<u32, 256>;

@compute @workgroup_size(256)
fn scan(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let block = wg.y * nwg.x + wg.x;
  let base = block * 1024u + lid.x * 4u;
  var v: array<u32, 4>;
  var s = 0u;
  for (var k = 0u; k < 4u; k++) {
    let idx = base + k;
    var x = 0u;
    if (idx < len.x) { x = data[idx]; }
    v[k] = s;
    s += x;
  }
  tmp[lid.x] = s;
  workgroupBarrier();
  for (var off = 1u; off < 256u; off = off * 2u) {
    var t = 0u;
    if (lid.x >= off) { t = tmp[lid.x - off]; }
    workgroupBarrier();
    tmp[lid.x] += t;
    workgroupBarrier();
  }
  let prefix = tmp[lid.x] - s;
  for (var k = 0u; k < 4u; k++) {
    let idx = base + k;
    if (idx < len.x) { data[idx] = v[k] + prefix; }
  }
  if (lid.x == 255u) { sums[block] = tmp[255]; }
}

@compute @workgroup_size(256)
fn add(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let block = wg.y * nwg.x + wg.x;
  let base = block * 1024u + lid.x * 4u;
  let off = sums[block];
  for (var k = 0u; k < 4u; k++) {
    let idx = base + k;
    if (idx < len.x) { data[idx] += off; }
  }
}
`;

export const SCATTER = COMMON + /* wgsl */ `
@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> cell: array<u32>;
@group(0) @binding(2) var<storage, read> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> cursor: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> order: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let i = flat(gid, nwg);
  if (i >= prm.n) { return; }
  let c = cell[i];
  let k = atomicAdd(&cursor[c], 1u);
  order[starts[c] + k] = i;
}
`;

export const ORDER = COMMON + /* wgsl */ `
@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> starts: array<u32>;
@group(0) @binding(2) var<storage, read_write> order: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let c = flat(gid, nwg);
  if (c >= prm.ncells) { return; }
  let s = starts[c];
  let e = starts[c + 1u];
  for (var a = s + 1u; a < e; a++) {
    let x = order[a];
    var b = a;
    loop {
      if (b <= s) { break; }
      let y = order[b - 1u];
      if (y <= x) { break; }
      order[b] = y;
      b -= 1u;
    }
    order[b] = x;
  }
}
`;

export const GATHER = COMMON + /* wgsl */ `
@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> order: array<u32>;
@group(0) @binding(2) var<storage, read> pos: array<vec2f>;
@group(0) @binding(3) var<storage, read> vel: array<vec4f>;
@group(0) @binding(4) var<storage, read> ids: array<u32>;
@group(0) @binding(5) var<storage, read_write> pos_s: array<vec2f>;
@group(0) @binding(6) var<storage, read_write> vel_s: array<vec4f>;
@group(0) @binding(7) var<storage, read_write> ids_s: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let s = flat(gid, nwg);
  if (s >= prm.n) { return; }
  let j = order[s];
  pos_s[s] = pos[j];
  vel_s[s] = vel[j];
  ids_s[s] = ids[j];
}
`;

export const STEER = COMMON + /* wgsl */ `
@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> starts: array<u32>;
@group(0) @binding(2) var<storage, read> pos_s: array<vec2f>;
@group(0) @binding(3) var<storage, read> vel_s: array<vec4f>;
@group(0) @binding(4) var<storage, read> ids_s: array<u32>;
@group(0) @binding(5) var<storage, read_write> pos: array<vec2f>;
@group(0) @binding(6) var<storage, read_write> vel: array<vec4f>;
@group(0) @binding(7) var<storage, read_write> ids: array<u32>;
// With prm.probe: per slot (fx, fy, n_sep, n_align), (n_coh, id, 0, 0).
@group(1) @binding(0) var<storage, read_write> probe: array<vec4f>;

// World::delta's nearest-image correction.
fn wrap_delta(d: f32, size: f32) -> f32 {
  let half = size * 0.5;
  if (d > half) { return d - size; }
  if (d < -half) { return d + size; }
  return d;
}

// world::wrap_coord: x in [0, size) as is, else x mod size (x is within a step of the world
// here, where the remainder is x itself or x − size, x + size rounded), 0 when that rounds to size.
fn wrap_coord(x: f32, size: f32) -> f32 {
  if (x >= 0.0 && x < size) { return x; }
  var r = x;
  if (x >= size) { r = x - size * floor(x / size); }
  if (r < 0.0) { r = r + size; }
  if (r >= size || !(r >= 0.0)) { return 0.0; }
  return r;
}

// steer::truncate for finite vectors (max > 0).
fn truncate(v: vec2f, m: f32) -> vec2f {
  let len2 = v.x * v.x + v.y * v.y;
  if (len2 <= m * m) { return v; }
  if (m > 0.0) { return v * (m / sqrt(len2)); }
  return vec2f(0.0);
}

// steer::steer_towards: truncate(normalize_or_zero(dir) · max_speed − velocity, max_force), with
// glam's normalize_or_zero (v · (1 / |v|), zero when that is not finite and positive).
fn steer_towards(dir: vec2f, v: vec2f) -> vec2f {
  let l2 = dir.x * dir.x + dir.y * dir.y;
  var d = vec2f(0.0);
  if (l2 > 0.0 && l2 <= 3.4e38) {
    let rcp = 1.0 / sqrt(l2);
    d = dir * rcp;
  }
  return truncate(d * prm.max_speed - v, prm.max_force);
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let i = flat(gid, nwg);
  if (i >= prm.n) { return; }
  let p = pos_s[i];
  let me = vel_s[i];
  let cx = min(u32(max(p.x * prm.per_x, 0.0)), prm.cols - 1u);
  let cy = min(u32(max(p.y * prm.per_y, 0.0)), prm.rows - 1u);
  var sx = 0.0; var sy = 0.0; var ns = 0u;
  var ax = 0.0; var ay = 0.0; var na = 0u;
  var kx = 0.0; var ky = 0.0; var nc = 0u;
  // Rows (columns) cy−1, cy, cy+1 modulo the grid, or every row once when there are fewer than 3.
  let nr = min(prm.rows, 3u);
  let ncl = min(prm.cols, 3u);
  for (var a = 0u; a < nr; a++) {
    var r = a;
    if (prm.rows >= 3u) { r = (cy + prm.rows - 1u + a) % prm.rows; }
    for (var b = 0u; b < ncl; b++) {
      var col = b;
      if (prm.cols >= 3u) { col = (cx + prm.cols - 1u + b) % prm.cols; }
      let c = r * prm.cols + col;
      let e = starts[c + 1u];
      for (var j = starts[c]; j < e; j++) {
        if (j == i) { continue; }
        let q = pos_s[j];
        let dx = wrap_delta(q.x - p.x, prm.width);
        let dy = wrap_delta(q.y - p.y, prm.height);
        let d2 = dx * dx + dy * dy;
        if (d2 < prm.q2) {
          if (d2 < prm.sep2 && d2 > 0.0) {
            let inv = 1.0 / d2;
            sx -= dx * inv;
            sy -= dy * inv;
            ns += 1u;
          }
          if (d2 < prm.ali2) {
            let w = vel_s[j];
            ax += w.x;
            ay += w.y;
            na += 1u;
          }
          if (d2 < prm.coh2) {
            kx += dx;
            ky += dy;
            nc += 1u;
          }
        }
      }
    }
  }
  // fast/finish.rs force_one: the rules' steer_towards(mean) · weight, summed, truncated.
  let v = me.xy;
  var f = vec2f(0.0);
  if (ns > 0u) { let m = f32(ns); f += steer_towards(vec2f(sx / m, sy / m), v) * prm.w_sep; }
  if (na > 0u) { let m = f32(na); f += steer_towards(vec2f(ax / m, ay / m), v) * prm.w_ali; }
  if (nc > 0u) { let m = f32(nc); f += steer_towards(vec2f(kx / m, ky / m), v) * prm.w_coh; }
  f = truncate(f, prm.max_force);
  // world::integrate.
  var nv = truncate(v + truncate(f, prm.max_force) * prm.dt, prm.max_speed);
  var h = me.zw;
  if (prm.min_speed > 0.0) {
    let s2 = nv.x * nv.x + nv.y * nv.y;
    let lo = min(prm.min_speed, prm.max_speed);
    if (s2 < lo * lo) {
      var dir = h;
      if (s2 > 0.0) { dir = nv / sqrt(s2); }
      nv = dir * lo;
    }
  }
  var np = p + nv * prm.dt;
  let l2 = nv.x * nv.x + nv.y * nv.y;
  if (l2 > prm.head_eps2) { h = nv / sqrt(l2); }
  np = vec2f(wrap_coord(np.x, prm.width), wrap_coord(np.y, prm.height));
  pos[i] = np;
  vel[i] = vec4f(nv, h);
  ids[i] = ids_s[i];
  if (prm.probe != 0u) {
    probe[2u * i] = vec4f(f, f32(ns), f32(na));
    probe[2u * i + 1u] = vec4f(f32(nc), f32(ids_s[i]), 0.0, 0.0);
  }
}
`;

// Triangles straight from the state buffers: each boid a triangle along its heading,
// coloured by heading on the raster layer's hue wheel (crates/steerlab-core/src/raster.rs `hue`).
export const DRAW = /* wgsl */ `
struct View {
  scale: vec2f,   // clip units per world unit
  offset: vec2f,  // clip position of world (0, 0)
  size: vec2f,    // the triangle's length and half width, clip units on x
  aspect: f32,    // canvas height / width
  _pad: f32,
};
@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var<storage, read> pos: array<vec2f>;
@group(0) @binding(2) var<storage, read> vel: array<vec4f>;

struct Out {
  @builtin(position) clip: vec4f,
  @location(0) colour: vec3f,
};

fn hue(t: f32) -> vec3f {
  let h = t * 6.0;
  let k = (vec3f(5.0, 3.0, 1.0) + h) % 6.0;
  let v = 1.0 - clamp(min(k, 4.0 - k), vec3f(0.0), vec3f(1.0));
  return (40.0 + 190.0 * v) / 255.0;
}

@vertex
fn vs(@builtin(vertex_index) v: u32) -> Out {
  // Three vertices a boid in one non-instanced draw: SwiftShader drew 100k boids ~7× faster
  // than as 100k instances of three vertices (docs/performance.md); a GPU does either alike.
  let ii = v / 3u;
  let vi = v % 3u;
  let p = pos[ii];
  let h = vel[ii].zw;
  var local = vec2f(0.0);
  if (vi == 0u) { local = vec2f(view.size.x * 0.6, 0.0); }
  if (vi == 1u) { local = vec2f(-view.size.x * 0.4, view.size.y); }
  if (vi == 2u) { local = vec2f(-view.size.x * 0.4, -view.size.y); }
  // Rotate by the heading (y down in the world, up in clip space).
  let r = vec2f(local.x * h.x - local.y * h.y, local.x * h.y + local.y * h.x);
  var o: Out;
  let c = view.offset + p * view.scale;
  o.clip = vec4f(c.x + r.x, c.y - r.y / view.aspect, 0.0, 1.0);
  var turn = atan2(h.y, h.x) / 6.2831853;
  if (turn < 0.0) { turn += 1.0; }
  o.colour = hue(turn);
  return o;
}

@fragment
fn fs(i: Out) -> @location(0) vec4f {
  return vec4f(i.colour, 1.0);
}
`;
