//@section vec
//en Numbers: the canvas computes in 32-bit floats. fr (Math.fround) rounds every result to 32 bits
//en as the canvas does, so the same steps give the same bits. A vector is two numbers: a function
//en that makes one writes it into the 2-array `o` it is given and returns it, so nothing is
//en allocated while the world steps (no garbage to collect in a game's frame).
//es Números: el lienzo calcula con floats de 32 bits. fr (Math.fround) redondea cada resultado a 32
//es bits como el lienzo, así que los mismos pasos dan los mismos bits. Un vector son dos números: una
//es función que lo calcula lo escribe en el array `o` de 2 que recibe y lo devuelve, así que nada se
//es reserva mientras el mundo avanza (nada de basura que recoger en un fotograma del juego).
const fr = Math.fround;
const lengthSq = (x, y) => fr(fr(x * x) + fr(y * y));
const length = (x, y) => fr(Math.sqrt(lengthSq(x, y)));
const dot = (ax, ay, bx, by) => fr(fr(ax * bx) + fr(ay * by));
const set = (o, x, y) => ((o[0] = x), (o[1] = y), o);
//en Scratch vectors the behaviours compute their forces in.
//es Vectores de trabajo en los que los comportamientos calculan sus fuerzas.
const F = [0, 0];
const G = [0, 0];
//en normalize(o): o * (1 / |o|); zero when that is not a finite positive number.
//es normalize(o): o * (1 / |o|); cero si eso no es un número finito y positivo.
function normalize(o) {
  const r = fr(1 / length(o[0], o[1]));
  return Number.isFinite(r) && r > 0 ? set(o, fr(o[0] * r), fr(o[1] * r)) : set(o, 0, 0);
}
//en limit(o, max): o shortened to length max if it is longer (never NaN).
//es limit(o, max): o acortado a longitud max si es más largo (nunca NaN).
function limit(o, max) {
  const x = o[0];
  const y = o[1];
  const l2 = lengthSq(x, y);
  if (Number.isFinite(l2)) {
    if (l2 <= fr(max * max)) return o;
    if (!(max > 0)) return set(o, 0, 0);
    const k = fr(max / fr(Math.sqrt(l2)));
    return set(o, fr(x * k), fr(y * k));
  }
  if (!(max > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return set(o, 0, 0);
  //en |o|² overflowed 32 bits: scale in 64 bits so the direction survives.
  //es |o|² desbordó los 32 bits: escalar en 64 bits para conservar la dirección.
  const k = Math.min(max / Math.sqrt(x * x + y * y), 1);
  return set(o, fr(x * k), fr(y * k));
}
//en steerTowards(o = direction): desired = normalize(direction) * max_speed;
//en force = limit(desired - velocity, max_force)
//es steerTowards(o = dirección): deseada = normalize(dirección) * max_speed;
//es fuerza = limit(deseada - velocidad, max_force)
function steerTowards(o, a, maxSpeed = a.max_speed) {
  normalize(o);
  set(o, fr(fr(o[0] * maxSpeed) - a.velocity[0]), fr(fr(o[1] * maxSpeed) - a.velocity[1]));
  return limit(o, a.max_force);
}
//en seekPoint(o = target), fleePoint(o = threat): steer straight at it, straight away from it.
//es seekPoint(o = objetivo), fleePoint(o = amenaza): ir derecho hacia él, huir derecho de él.
const seekPoint = (o, a, maxSpeed = a.max_speed) => steerTowards(set(o, fr(o[0] - a.position[0]), fr(o[1] - a.position[1])), a, maxSpeed);
const fleePoint = (o, a) => steerTowards(set(o, fr(a.position[0] - o[0]), fr(a.position[1] - o[1])), a);
//en predict(o = a moving target's position, v = its velocity): where it will be,
//en position + velocity * T, T = distance / max_speed (at most max_prediction).
//es predict(o = posición de un objetivo que se mueve, v = su velocidad): dónde estará,
//es posición + velocidad * T, T = distancia / max_speed (como mucho max_prediction).
function predict(o, a, v, maxPrediction) {
  const d = length(fr(o[0] - a.position[0]), fr(o[1] - a.position[1]));
  const t = a.max_speed > 0 ? Math.min(fr(d / a.max_speed), maxPrediction) : 0;
  return set(o, fr(o[0] + fr(v[0] * t)), fr(o[1] + fr(v[1] * t)));
}
//en arriveDesired(o = offset to the target): full speed outside slow_radius, slowing linearly to
//en zero inside. arriveAt(o = target): the force that closes the gap.
//es arriveDesired(o = desplazamiento al objetivo): a toda velocidad fuera de slow_radius, frenando
//es linealmente dentro. arriveAt(o = objetivo): la fuerza que corrige la diferencia.
function arriveDesired(o, a, slowRadius, maxSpeed = a.max_speed) {
  const d = length(o[0], o[1]);
  const speed = slowRadius > 0 ? fr(maxSpeed * Math.min(fr(d / slowRadius), 1)) : maxSpeed;
  normalize(o);
  return set(o, fr(o[0] * speed), fr(o[1] * speed));
}
function arriveAt(o, a, slowRadius, maxSpeed = a.max_speed) {
  arriveDesired(set(o, fr(o[0] - a.position[0]), fr(o[1] - a.position[1])), a, slowRadius, maxSpeed);
  return limit(set(o, fr(o[0] - a.velocity[0]), fr(o[1] - a.velocity[1])), a.max_force);
}

//en cos and sin of a 32-bit angle exactly as the canvas computes them (libm's cosf and sinf, from
//en FreeBSD's msun: a polynomial in 64 bits, rounded to 32). Math.cos may differ in the last bit.
//es cos y sin de un ángulo de 32 bits exactamente como los calcula el lienzo (cosf y sinf de libm,
//es de msun de FreeBSD: un polinomio en 64 bits redondeado a 32). Math.cos puede diferir en el último bit.
// ====================================================
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//
// Developed at SunPro, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================
function kCos(x) {
  const z = x * x;
  const w = z * z;
  const r = -0.00138867637746099294692 + z * 0.0000243904487962774090654;
  return fr(1 + z * -0.499999997251031003120 + w * 0.0416666233237390631894 + w * z * r);
}
function kSin(x) {
  const z = x * x;
  const w = z * z;
  const r = -0.000198393348360966317347 + z * 0.0000027183114939898219064;
  const s = z * x;
  return fr(x + s * (-0.166666666416265235595 + z * 0.0083333293858894631756) + s * w * r);
}
const PIO2 = Math.PI / 2;
//en x = n * pi/2 + y, |y| <= pi/4 (angles below 4e8 rad; larger ones use Math's).
//es x = n * pi/2 + y, |y| <= pi/4 (ángulos por debajo de 4e8 rad; los mayores usan Math).
const reduceN = (x) => x * 0.636619772367581382433 + 6755399441055744 - 6755399441055744;
const reduceY = (x, n) => x - n * 1.57079631090164184570 - n * 1.58932547735281966916e-8;
function cosf(x) {
  const ax = Math.abs(x);
  if (ax <= 0.7853981256484985) return ax < 0.000244140625 ? 1 : kCos(x);
  if (ax <= 3.9269907474517822) {
    if (ax > 2.356194257736206) return -kCos(x < 0 ? x + 2 * PIO2 : x - 2 * PIO2);
    return x < 0 ? kSin(x + PIO2) : kSin(PIO2 - x);
  }
  if (ax <= 7.068583011627197) {
    if (ax > 5.497786998748779) return kCos(x < 0 ? x + 4 * PIO2 : x - 4 * PIO2);
    return x < 0 ? kSin(-x - 3 * PIO2) : kSin(x - 3 * PIO2);
  }
  if (!Number.isFinite(x)) return NaN;
  if (ax >= 421657440) return fr(Math.cos(x));
  const n = reduceN(x);
  const y = reduceY(x, n);
  switch (n & 3) {
    case 0:
      return kCos(y);
    case 1:
      return kSin(-y);
    case 2:
      return -kCos(y);
    default:
      return kSin(y);
  }
}
function sinf(x) {
  const ax = Math.abs(x);
  if (ax <= 0.7853981256484985) return ax < 0.000244140625 ? x : kSin(x);
  if (ax <= 3.9269907474517822) {
    if (ax <= 2.356194257736206) return x < 0 ? -kCos(x + PIO2) : kCos(x - PIO2);
    return kSin(x < 0 ? -(x + 2 * PIO2) : -(x - 2 * PIO2));
  }
  if (ax <= 7.068583011627197) {
    if (ax <= 5.497786998748779) return x < 0 ? kCos(x + 3 * PIO2) : -kCos(x - 3 * PIO2);
    return kSin(x < 0 ? x + 4 * PIO2 : x - 4 * PIO2);
  }
  if (!Number.isFinite(x)) return NaN;
  if (ax >= 421657440) return fr(Math.sin(x));
  const n = reduceN(x);
  const y = reduceY(x, n);
  switch (n & 3) {
    case 0:
      return kSin(y);
    case 1:
      return kCos(y);
    case 2:
      return kSin(-y);
    default:
      return -kCos(y);
  }
}
const TAU = fr(2 * Math.PI);
const PI = fr(Math.PI);
//en x minus the nearest multiple of y (ties to the even multiple), exactly (IEEE remainder).
//es x menos el múltiplo de y más cercano (los empates, al múltiplo par), exacto (resto IEEE).
function remainder(x, y) {
  const n = Math.floor(x / y);
  const r0 = x - n * y;
  const r1 = x - (n + 1) * y;
  const a0 = Math.abs(r0);
  const a1 = Math.abs(r1);
  return fr(a0 < a1 || (a0 === a1 && n % 2 === 0) ? r0 : r1);
}
//en Reynolds' wander: a point on a circle ahead of the agent, whose angle drifts at random.
//es Wander de Reynolds: un punto en un círculo delante del agente, cuyo ángulo deriva al azar.
function wanderForce(o, a, me, radius, distance, jitter, rng, maxSpeed = a.max_speed) {
  me.angle = fr(me.angle + fr(fr(fr(rng.f32() * 2) - 1) * jitter));
  if (!(me.angle >= -PI && me.angle <= PI)) me.angle = remainder(me.angle, TAU);
  const cx = fr(a.position[0] + fr(a.heading[0] * distance));
  const cy = fr(a.position[1] + fr(a.heading[1] * distance));
  return seekPoint(set(o, fr(cx + fr(cosf(me.angle) * radius)), fr(cy + fr(sinf(me.angle) * radius))), a, maxSpeed);
}
//@section separate
//en Two agents at the same spot are pushed apart along a direction made from their indices.
//es Dos agentes en el mismo punto se separan en una dirección calculada con sus índices.
function tieDir(o, i, j) {
  const lo = Math.min(i, j);
  const hi = Math.max(i, j);
  const M = (1n << 64n) - 1n;
  const h = ((BigInt(lo) * 0x9e3779b97f4a7c15n) & M) ^ ((BigInt(hi) * 0xc2b2ae3d27d4eb4fn) & M);
  const ang = fr(fr(Number(h >> 40n) / 16777216) * TAU);
  const s = i < j ? 1 : -1;
  return set(o, s * cosf(ang), s * sinf(ang));
}
const TIE_DIST = fr(1e-3);
const tie = [0, 0];
//en Separation in one of three forms ("flocking", "unity", "push"), from the neighbours within
//en radius except skip: the force into o, or null when nobody is near.
//es Separación en una de tres formas ("flocking", "unity", "push"), de los vecinos dentro de radius
//es salvo skip: la fuerza en o, o null si no hay nadie cerca.
function separate(o, w, i, skip, radius, form) {
  const a = w.agents[i];
  let sx = 0;
  let sy = 0;
  let k = 0;
  const found = w.near(i, radius);
  for (let m = 0; m < found; m++) {
    const j = w.nearJ[m];
    if (j === skip) continue;
    let dist = fr(Math.sqrt(w.nearD2[m]));
    let ux;
    let uy;
    if (dist > TIE_DIST) {
      ux = fr(-w.nearDx[m] / dist);
      uy = fr(-w.nearDy[m] / dist);
    } else {
      tieDir(tie, i, j);
      [ux, uy, dist] = [tie[0], tie[1], TIE_DIST];
    }
    if (form === "unity") {
      const s = fr(a.max_speed * fr(1 - fr(dist / radius)));
      sx = fr(sx + fr(fr(ux * s) - a.velocity[0]));
      sy = fr(sy + fr(fr(uy * s) - a.velocity[1]));
    } else if (form === "push") {
      const s = Math.max(fr(1 - fr(dist / radius)), 0);
      sx = fr(sx + fr(ux * s));
      sy = fr(sy + fr(uy * s));
    } else {
      sx = fr(sx + fr(ux / dist));
      sy = fr(sy + fr(uy / dist));
    }
    k += 1;
  }
  if (k === 0) return null;
  if (form === "unity") return limit(set(o, sx, sy), a.max_force);
  if (form === "push") return limit(set(o, fr(sx * a.max_speed), fr(sy * a.max_speed)), a.max_force);
  return steerTowards(set(o, fr(sx / k), fr(sy / k)), a);
}
//@section rng
//en Seeded random numbers (wyrand, as the canvas): the same seed gives the same run. The 64-bit
//en state is two 32-bit halves (BigInt would allocate at every draw).
//es Números aleatorios con semilla (wyrand, como el lienzo): la misma semilla da la misma ejecución.
//es El estado de 64 bits son dos mitades de 32 bits (BigInt reservaría memoria en cada tirada).
const M64 = (1n << 64n) - 1n;
//en a * b (64 bits each, as hi:lo halves) as 128 bits: the low 64 xor the high 64, into out.
//es a * b (64 bits cada uno, como mitades hi:lo) en 128 bits: los 64 bajos xor los 64 altos, en out.
function mulFold(out, ah, al, bh, bl) {
  const { a, b, r } = out;
  a[0] = al & 0xffff;
  a[1] = al >>> 16;
  a[2] = ah & 0xffff;
  a[3] = ah >>> 16;
  b[0] = bl & 0xffff;
  b[1] = bl >>> 16;
  b[2] = bh & 0xffff;
  b[3] = bh >>> 16;
  r.fill(0);
  for (let i = 0; i < 4; i++) {
    let carry = 0;
    for (let j = 0; j < 4; j++) {
      const t = r[i + j] + a[i] * b[j] + carry;
      r[i + j] = t % 65536;
      carry = Math.floor(t / 65536);
    }
    r[i + 4] += carry;
  }
  out.hi = ((r[3] << 16) | r[2]) ^ ((r[7] << 16) | r[6]);
  out.lo = ((r[1] << 16) | r[0]) ^ ((r[5] << 16) | r[4]);
}
function makeRng(state) {
  const s0 = BigInt(state) & M64;
  let hi = Number(s0 >> 32n) >>> 0;
  let lo = Number(s0 & 0xffffffffn) >>> 0;
  const t = { hi: 0, lo: 0, a: new Float64Array(4), b: new Float64Array(4), r: new Float64Array(8) };
  //en The next 64 random bits (t.hi, t.lo).
  //es Los 64 bits aleatorios siguientes (t.hi, t.lo).
  const next = () => {
    const l = lo + 0xaa6c78a5;
    lo = l >>> 0;
    hi = (hi + 0x2d358dcc + (l > 0xffffffff ? 1 : 0)) >>> 0;
    mulFold(t, hi, lo, (hi ^ 0x8bb84b93) >>> 0, (lo ^ 0x962eacc9) >>> 0);
  };
  return {
    //en A number in [0, 1): 63 random bits rounded once to 32 bits (the low bits folded into one
    //en sticky bit), times 2^-63.
    //es Un número en [0, 1): 63 bits aleatorios redondeados una vez a 32 bits (los bits bajos, en un
    //es bit pegajoso), por 2^-63.
    f32() {
      for (;;) {
        next();
        const h = t.hi >>> 1;
        const l = ((t.lo >>> 1) | ((t.hi & 1) << 31)) >>> 0;
        const x = h < 0x200000 ? h * 4294967296 + l : (h * 4194304 + ((l >>> 10) | (l & 0x3ff ? 1 : 0))) * 1024;
        const f = fr(fr(x) * 2 ** -63);
        if (f < 1) return f;
      }
    },
    //en The state, to carry on later (as text: a 64-bit integer).
    //es El estado, para seguir después (como texto: un entero de 64 bits).
    state: () => String((BigInt(hi) << 32n) | BigInt(lo)),
  };
}
//@section grid
//en The spatial hash: the world cut into cells at least as big as the query radius; a query looks at
//en the agent's cell and the 8 around it, in the canvas's order. Rebuilt every step in place (a
//en counting sort into typed arrays): nothing allocated once they have grown.
//es La rejilla espacial (spatial hash): el mundo partido en celdas al menos tan grandes como el radio
//es de búsqueda; una consulta mira la celda del agente y las 8 de alrededor, en el orden del lienzo.
//es Se rehace en cada paso sobre sí misma (una ordenación por conteo en arrays tipados): nada se
//es reserva una vez que han crecido.
function makeGrid() {
  const g = { cols: 1, rows: 1, cw: 1, ch: 1, wrap: false, starts: new Int32Array(2), items: new Int32Array(0), cellOf: new Int32Array(0) };
  //en (Each cell's agents' positions next to their indices: a query reads them in a row.)
  //es (Las posiciones de los agentes de cada celda junto a sus índices: una búsqueda las lee seguidas.)
  return Object.assign(g, { x: new Float32Array(0), y: new Float32Array(0), spanR: new Int32Array(3), spanC: new Int32Array(3) });
}
function cellCoord(x, size, count) {
  const k = Math.floor(fr(x / size));
  return Number.isFinite(k) ? Math.min(Math.max(k, 0), count - 1) | 0 : 0;
}
function rebuildGrid(g, w, cellSize) {
  const n = w.agents.length;
  const cs = Number.isFinite(cellSize) && cellSize > 0 ? cellSize : Math.max(w.width, w.height);
  let cols = Math.min(Math.max(Math.floor(fr(w.width / cs)), 1), 4096);
  let rows = Math.min(Math.max(Math.floor(fr(w.height / cs)), 1), 4096);
  while (cols * rows > Math.max(4 * n, 4096)) {
    if (cols >= rows) cols = Math.ceil(cols / 2);
    else rows = Math.ceil(rows / 2);
  }
  [g.cols, g.rows, g.cw, g.ch, g.wrap] = [cols, rows, fr(w.width / cols), fr(w.height / rows), w.edges === "wrap"];
  const cells = cols * rows;
  if (g.starts.length < cells + 1) g.starts = new Int32Array(cells + 1);
  if (g.items.length < n) [g.items, g.cellOf, g.x, g.y] = [new Int32Array(n), new Int32Array(n), new Float32Array(n), new Float32Array(n)];
  const { starts, items, cellOf } = g;
  starts.fill(0, 0, cells + 1);
  for (let i = 0; i < n; i++) {
    const c = cellCoord(w.py[i], g.ch, rows) * cols + cellCoord(w.px[i], g.cw, cols);
    cellOf[i] = c;
    starts[c + 1] += 1;
  }
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  for (let i = 0; i < n; i++) {
    const k = starts[cellOf[i]]++;
    items[k] = i;
    g.x[k] = w.px[i];
    g.y[k] = w.py[i];
  }
  for (let c = cells; c >= 1; c--) starts[c] = starts[c - 1];
  starts[0] = 0;
}
//en The cells around c (at most 3) into `into`; how many.
//es Las celdas alrededor de c (como mucho 3) en `into`; cuántas.
function span(g, c, count, into) {
  if (count <= 3) {
    for (let k = 0; k < count; k++) into[k] = k;
    return count;
  }
  let len = 0;
  for (let d = -1; d <= 1; d++) {
    const k = c + d;
    if (g.wrap) into[len++] = k < 0 ? k + count : k >= count ? k - count : k;
    else if (k >= 0 && k < count) into[len++] = k;
  }
  return len;
}
//en Every other agent closer than r into the world's neighbour list (w.nearJ, nearDx, nearDy,
//en nearD2: index, offset, offset²), from the step's snapshot of the positions (w.px, w.py); how
//en many. The list is as long as the agents: it never grows during a step.
//es Cada otro agente a menos de r en la lista de vecinos del mundo (w.nearJ, nearDx, nearDy, nearD2:
//es índice, desplazamiento, desplazamiento²), desde la foto de las posiciones del paso (w.px, w.py);
//es cuántos. La lista es tan larga como los agentes: nunca crece durante un paso.
function queryGrid(g, w, i, r) {
  const { px, py, nearJ, nearDx, nearDy, nearD2 } = w;
  const x = px[i];
  const y = py[i];
  const r2 = fr(r * r);
  const { starts, items, spanR, spanC, cols, x: gx, y: gy } = g;
  const nr = span(g, cellCoord(y, g.ch, g.rows), g.rows, spanR);
  const nc = span(g, cellCoord(x, g.cw, cols), cols, spanC);
  const wrap = w.edges === "wrap";
  const W = w.width;
  const H = w.height;
  const hw = fr(W * 0.5);
  const hh = fr(H * 0.5);
  let found = 0;
  for (let a = 0; a < nr; a++) {
    for (let b = 0; b < nc; b++) {
      const c = spanR[a] * cols + spanC[b];
      const end = starts[c + 1];
      for (let k = starts[c]; k < end; k++) {
        const j = items[k];
        if (j === i) continue;
        //en to - from, across the edge when the world wraps (as w.dx, w.dy).
        //es to - from, a través del borde si el mundo se envuelve (como w.dx, w.dy).
        let dx = fr(gx[k] - x);
        if (wrap) dx = dx > hw ? fr(dx - W) : dx < -hw ? fr(dx + W) : dx;
        //en (dx² alone already too far: so is dx² + dy².)
        //es (dx² solo ya demasiado lejos: también dx² + dy².)
        const dx2 = fr(dx * dx);
        if (dx2 >= r2) continue;
        let dy = fr(gy[k] - y);
        if (wrap) dy = dy > hh ? fr(dy - H) : dy < -hh ? fr(dy + H) : dy;
        const d2 = fr(dx2 + fr(dy * dy));
        if (d2 < r2) {
          nearJ[found] = j;
          nearDx[found] = dx;
          nearDy[found] = dy;
          nearD2[found] = d2;
          found += 1;
        }
      }
    }
  }
  return found;
}
//en The plain neighbour query: every other agent, in order.
//es La búsqueda de vecinos simple: todos los demás agentes, en orden.
function scanAll(w, i, r) {
  const { px, py, nearJ, nearDx, nearDy, nearD2 } = w;
  const r2 = fr(r * r);
  let found = 0;
  for (let j = 0; j < w.agents.length; j++) {
    if (j === i) continue;
    const dx = w.dx(px[i], px[j]);
    const dy = w.dy(py[i], py[j]);
    const d2 = lengthSq(dx, dy);
    if (d2 < r2) {
      nearJ[found] = j;
      nearDx[found] = dx;
      nearDy[found] = dy;
      nearD2[found] = d2;
      found += 1;
    }
  }
  return found;
}
//en The flocking rules' shared neighbour pass for agent i (the core's own: the grid's cells in its
//en order, every candidate within the rules' largest radius fed to separation, alignment and
//en cohesion at once, as FlockSums::add): each rule's sum and count into w.sep, w.align, w.coh. A rule the
//en scenario does not have has a squared radius of -Infinity (no neighbour is within it). The
//en naive query is the grid of one cell (everyone, in order).
//es La pasada de vecinos que comparten las reglas de flocking para el agente i (la del núcleo: las
//es celdas de la rejilla en su orden, cada candidato a menos del mayor radio de las reglas pasa a la
//es vez por separación, alineación y cohesión, como FlockSums::add): la suma y la cuenta de cada
//es regla en w.sep, w.align, w.coh. Una regla que el escenario no tiene tiene un radio al cuadrado de -Infinity (ningún
//es vecino queda dentro). La búsqueda simple es la rejilla de una sola celda (todos, en orden).
function flockSums(w, i) {
  const { sep2, align2, coh2, r } = w.rules;
  const g = w.flockGrid;
  const { px, py, vx, vy } = w;
  const x = px[i];
  const y = py[i];
  const r2 = fr(r * r);
  const { starts, items, spanR, spanC, cols, x: gx, y: gy } = g;
  const nr = span(g, cellCoord(y, g.ch, g.rows), g.rows, spanR);
  const nc = span(g, cellCoord(x, g.cw, cols), cols, spanC);
  const wrap = w.edges === "wrap";
  const W = w.width;
  const H = w.height;
  //en (Half the world: an offset beyond it is taken across the edge when the world wraps.)
  //es (Medio mundo: un desplazamiento mayor se toma a través del borde si el mundo se envuelve.)
  const hw = wrap ? fr(W * 0.5) : Infinity;
  const hh = wrap ? fr(H * 0.5) : Infinity;
  let sx = 0;
  let sy = 0;
  let ns = 0;
  let ax = 0;
  let ay = 0;
  let na = 0;
  let cx = 0;
  let cy = 0;
  let cn = 0;
  for (let a = 0; a < nr; a++) {
    const row = spanR[a] * cols;
    for (let b = 0; b < nc; ) {
      //en Columns next to each other are one run of the cells' items (in the same order).
      //es Las columnas contiguas son un solo tramo de los elementos de las celdas (en el mismo orden).
      const first = spanC[b];
      let last = first;
      for (b += 1; b < nc && spanC[b] === last + 1; b += 1) last += 1;
      const end = starts[row + last + 1];
      for (let k = starts[row + first]; k < end; k++) {
        const j = items[k];
        if (j === i) continue;
        //en At least r away along x or y (and not across an edge): too far, whatever the rounding.
        //es Al menos a r en x o en y (y no a través de un borde): demasiado lejos, se redondee como se redondee.
        //en (One test, without short cuts: which way it goes is hard to predict.)
        //es (Una sola prueba, sin atajos: es difícil predecir por dónde irá.)
        const ddx = gx[k] - x;
        const ddy = gy[k] - y;
        const ex = Math.abs(ddx);
        const ey = Math.abs(ddy);
        if (((ex >= r) & (ex <= hw)) | ((ey >= r) & (ey <= hh))) continue;
        //en The offset to j (to - from, across the edge when the world wraps, as w.dx and w.dy).
        //es El desplazamiento hasta j (to - from, a través del borde si el mundo se envuelve, como w.dx y w.dy).
        let dx = fr(ddx);
        if (wrap) dx = dx > hw ? fr(dx - W) : dx < -hw ? fr(dx + W) : dx;
        let dy = fr(ddy);
        if (wrap) dy = dy > hh ? fr(dy - H) : dy < -hh ? fr(dy + H) : dy;
        const d2 = fr(fr(dx * dx) + fr(dy * dy));
        if (!(d2 < r2)) continue;
        if (d2 < sep2 && d2 > 0) {
          const q = fr(1 / d2);
          sx = fr(sx - fr(dx * q));
          sy = fr(sy - fr(dy * q));
          ns += 1;
        }
        if (d2 < align2) {
          ax = fr(ax + vx[j]);
          ay = fr(ay + vy[j]);
          na += 1;
        }
        if (d2 < coh2) {
          cx = fr(cx + dx);
          cy = fr(cy + dy);
          cn += 1;
        }
      }
    }
  }
  const { sep, align, coh } = w;
  sep[0] = sx;
  sep[1] = sy;
  sep[2] = ns;
  align[0] = ax;
  align[1] = ay;
  align[2] = na;
  coh[0] = cx;
  coh[1] = cy;
  coh[2] = cn;
}
//@section world
//en The world: its size and edges, the agents, and one fixed step (1/60 s).
//es El mundo: su tamaño y sus bordes, los agentes y un paso fijo (1/60 s).
const DT = fr(1 / 60);
const STEP_SECONDS = 1 / 60;
const HEADING_EPS2 = 9.99999905104687e-9;
const wrapDelta = (d, size) => {
  const half = fr(size * 0.5);
  return d > half ? fr(d - size) : d < -half ? fr(d + size) : d;
};
const wrapCoord = (x, size) => {
  if (x >= 0 && x < size) return x;
  let r = x % size;
  if (r < 0) r = fr(r + Math.abs(size));
  return r >= size || !Number.isFinite(r) ? 0 : r;
};
function bounceAxis(a, k, size) {
  if (a.position[k] < 0) {
    a.position[k] = Math.min(-a.position[k], size);
    a.velocity[k] = Math.abs(a.velocity[k]);
  } else if (a.position[k] > size) {
    a.position[k] = Math.max(fr(fr(2 * size) - a.position[k]), 0);
    a.velocity[k] = -Math.abs(a.velocity[k]);
  }
}
function applyEdges(w, a) {
  const p = a.position;
  if (w.edges === "wrap") {
    p[0] = wrapCoord(p[0], w.width);
    p[1] = wrapCoord(p[1], w.height);
  } else if (w.edges === "bounce") {
    bounceAxis(a, 0, w.width);
    bounceAxis(a, 1, w.height);
  } else {
    p[0] = Math.min(Math.max(p[0], 0), w.width);
    p[1] = Math.min(Math.max(p[1], 0), w.height);
  }
}

//en Of the four points at 20 % and 80 % of the world's size, the one farthest from p (where a caught
//en agent starts again), into o.
//es De los cuatro puntos al 20 % y al 80 % del tamaño del mundo, el más lejano de p (donde vuelve a
//es empezar un agente atrapado), en o.
function farFrom(o, w, px, py) {
  set(o, px, py);
  let bestD2 = -Infinity;
  for (let k = 0; k < 4; k++) {
    const qx = fr(w.width * fr(k % 2 === 0 ? 0.2 : 0.8));
    const qy = fr(w.height * fr(k < 2 ? 0.2 : 0.8));
    const d2 = w.distanceSq(qx, qy, px, py);
    if (d2 >= bestD2) [bestD2, o[0], o[1]] = [d2, qx, qy];
  }
  return o;
}

//en A new agent; its heading is its direction of motion (x when it stands still).
//es Un agente nuevo; su rumbo es la dirección de su movimiento (x si está quieto).
function makeAgent(w, x, y, vx, vy) {
  const a = { position: [x, y], velocity: [vx, vy], heading: [1, 0], max_speed: w.max_speed, max_force: w.max_force };
  if (lengthSq(vx, vy) > HEADING_EPS2) {
    const k = fr(1 / length(vx, vy));
    set(a.heading, fr(vx * k), fr(vy * k));
  }
  return a;
}

//en n agents at random in the spawn area (x0, y0, x1, y1), each at `speed` in a random direction.
//es n agentes al azar en la zona de aparición (x0, y0, x1, y1), cada uno a `speed` en una dirección al azar.
function spawn(w, n) {
  const s = w.spawn;
  const [x0, y0, x1, y1] = (s.area ?? [0, 0, w.width, w.height]).map(fr);
  const speed = Math.min(fr(s.speed ?? w.max_speed), w.max_speed);
  for (let k = 0; k < n; k++) {
    const x = fr(x0 + fr(w.rng.f32() * fr(x1 - x0)));
    const y = fr(y0 + fr(w.rng.f32() * fr(y1 - y0)));
    const ang = fr(w.rng.f32() * TAU);
    const a = makeAgent(w, x, y, fr(cosf(ang) * speed), fr(sinf(ang) * speed));
    applyEdges(w, a);
    w.agents.push(a);
  }
}

//en The world as the canvas starts it: its agents spawned from the seed (or the agents given), the
//en scene, the behaviours with their parameters. Everything in `params` may change while it runs
//en (read at every step); after changing motion or count, call w.setMotion() / w.setCount(n).
//es El mundo como lo empieza el lienzo: sus agentes nacidos de la semilla (o los agentes dados), la
//es escena, los comportamientos con sus parámetros. Todo lo de `params` puede cambiar mientras corre
//es (se lee en cada paso); tras cambiar motion o count, llama a w.setMotion() / w.setCount(n).
export function makeWorld(params) {
  const p = structuredClone(params);
  const w = {
    params: p,
    agents: [],
    steps: p.start?.steps ?? 0,
    time: p.start?.time ?? 0,
    rng: makeRng(p.start?.rng ?? p.seed),
    scene: {
      obstacles: p.scene.obstacles.map((o) => ({ center: o.center.map(fr), radius: fr(o.radius) })),
      food: p.scene.food.map((f) => f.map(fr)),
      path: { waypoints: p.scene.path.waypoints.map((q) => q.map(fr)), mode: p.scene.path.mode },
    },
    //en The pointer in world coordinates ([x, y]), or null (flee_pointer flees it): set it from your
    //en input, e.g. w.pointer = [x, y] while the mouse is over the game.
    //es El puntero en coordenadas del mundo ([x, y]), o null (flee_pointer huye de él): ponlo desde tu
    //es entrada, p. ej. w.pointer = [x, y] mientras el ratón está sobre el juego.
    pointer: null,
    width: 0,
    height: 0,
    edges: "wrap",
    margin: 0,
    max_speed: 0,
    max_force: 0,
    min_speed: 0,
    spawn: null,
    //en The neighbour list a query fills (index, offset, offset²), as long as the agents.
    //es La lista de vecinos que llena una búsqueda (índice, desplazamiento, desplazamiento²), tan larga como los agentes.
    nearJ: new Int32Array(0),
    nearDx: new Float64Array(0),
    nearDy: new Float64Array(0),
    nearD2: new Float64Array(0),
    //en The positions and velocities at the start of the step (what the neighbour queries read).
    //es Las posiciones y velocidades al empezar el paso (lo que leen las búsquedas de vecinos).
    px: new Float64Array(0),
    py: new Float64Array(0),
    vx: new Float64Array(0),
    vy: new Float64Array(0),
    //en Every other agent within r of agent i into nearJ/nearDx/nearDy/nearD2 (in the canvas's order); how many.
    //es Cada otro agente a menos de r del agente i en nearJ/nearDx/nearDy/nearD2 (en el orden del lienzo); cuántos.
    near: (i, r) => (w.nbOn ? queryGrid(w.nbGrid, w, i, r) : scanAll(w, i, r)),
    //en to - from along x and y, across the edge when the world wraps (the nearest copy).
    //es to - from en x y en y, a través del borde si el mundo se envuelve (la copia más cercana).
    dx: (from, to) => (w.edges === "wrap" ? wrapDelta(fr(to - from), w.width) : fr(to - from)),
    dy: (from, to) => (w.edges === "wrap" ? wrapDelta(fr(to - from), w.height) : fr(to - from)),
    distanceSq: (ax, ay, bx, by) => lengthSq(w.dx(ax, bx), w.dy(ay, by)),
    step: () => step(w),
    setMotion: () => setMotion(w),
    setCount: (n) => setCount(w, n),
    //en Inputs from the game: seek's and arrive's target and flee's threat ([x, y]); the leader's goal
    //en ([x, y], or null: it wanders).
    //es Entradas del juego: el objetivo de seek y arrive y la amenaza de flee ([x, y]); la meta del
    //es líder ([x, y], o null: deambula).
    setTarget: (x, y) => setTarget(w, x, y),
    setLeaderGoal: (goal) => setLeaderGoal(w, goal),
    behaviours: [],
    //en The flocking rules' squared radii and query radius, and one agent's sums (flockSums): for
    //en separation, alignment and cohesion, [sum x, sum y, count].
    //es Los radios al cuadrado de las reglas de flocking y el radio de búsqueda, y las sumas de un
    //es agente (flockSums): para separación, alineación y cohesión, [suma x, suma y, cuenta].
    rules: { sep2: -Infinity, align2: -Infinity, coh2: -Infinity, r: 0 },
    sep: new Float64Array(3),
    align: new Float64Array(3),
    coh: new Float64Array(3),
    flockGrid: makeGrid(),
    nbGrid: makeGrid(),
    nbOn: false,
    forces: new Float64Array(0),
    ctl: makeSteering(),
  };
  readParams(w);
  if (p.agents) {
    for (const [x, y, vx, vy] of p.agents) {
      const a = makeAgent(w, fr(x), fr(y), fr(vx), fr(vy));
      //en Mid-run, the heading is the direction of motion, as the step makes it.
      //es A mitad de ejecución, el rumbo es la dirección del movimiento, como la hace el paso.
      const s2 = lengthSq(a.velocity[0], a.velocity[1]);
      if (p.start && s2 > HEADING_EPS2) set(a.heading, fr(a.velocity[0] / fr(Math.sqrt(s2))), fr(a.velocity[1] / fr(Math.sqrt(s2))));
      if (!p.start) applyEdges(w, a);
      w.agents.push(a);
    }
  } else spawn(w, p.spawn.count);
  w.behaviours = p.behaviours.map((b) => ({ ...b, kind: KINDS[b.type], per: [] }));
  for (const b of w.behaviours) {
    if (!b.kind) throw new Error(`steerlab: unknown behaviour "${b.type}"`);
    b.per = w.agents.map(() => (b.kind.perAgent ? b.kind.perAgent() : {}));
    b.kind.init?.(b, w);
  }
  return w;
}

//en The snapshot and the neighbour list for n agents.
//es La foto y la lista de vecinos para n agentes.
function grow(w, n) {
  w.nearJ = new Int32Array(n);
  [w.nearDx, w.nearDy, w.nearD2, w.px, w.py, w.vx, w.vy] = [0, 1, 2, 3, 4, 5, 6].map(() => new Float64Array(n));
  w.forces = new Float64Array(2 * n);
}

//en The world's numbers from params (as 32-bit floats), read at every step: change params.world or
//en params.motion whenever you like.
//es Los números del mundo desde params (como floats de 32 bits), leídos en cada paso: cambia
//es params.world o params.motion cuando quieras.
function readParams(w) {
  const { world, motion } = w.params;
  [w.width, w.height, w.edges, w.margin] = [fr(world.width), fr(world.height), world.edges, fr(world.margin)];
  [w.max_speed, w.max_force, w.min_speed] = [fr(motion.max_speed), fr(motion.max_force), fr(motion.min_speed)];
  w.spawn = w.params.spawn;
}

//en After changing params.motion: every agent takes the new limits at once.
//es Tras cambiar params.motion: cada agente toma los nuevos límites enseguida.
function setMotion(w) {
  readParams(w);
  for (const a of w.agents) {
    [a.max_speed, a.max_force] = [w.max_speed, w.max_force];
    limit(a.velocity, a.max_speed);
    applyEdges(w, a);
  }
}

//en n agents: the last ones leave, or new ones are spawned (with the next random numbers).
//es n agentes: se van los últimos, o nacen otros nuevos (con los siguientes números aleatorios).
function setCount(w, n) {
  readParams(w);
  if (n < w.agents.length) w.agents.length = n;
  else spawn(w, n - w.agents.length);
  for (const b of w.behaviours) {
    b.per.length = Math.min(b.per.length, n);
    while (b.per.length < n) b.per.push(b.kind.perAgent ? b.kind.perAgent() : {});
  }
}

function setTarget(w, x, y) {
  for (const b of w.behaviours) if (b.type === "seek" || b.type === "arrive" || b.type === "flee") b.target = [fr(x), fr(y)];
}

function setLeaderGoal(w, goal) {
  for (const b of w.behaviours) {
    if (b.type !== "follow_leader") continue;
    b.target = goal ? [fr(goal[0]), fr(goal[1])] : null;
    b.idle = 0;
  }
}

//en Each behaviour adds weight * force; the total is limited to max_force.
//es Cada comportamiento suma peso * fuerza; el total se limita a max_force.
function makeSteering() {
  return {
    x: 0,
    y: 0,
    add(weight, f) {
      const k = fr(weight);
      this.x = fr(this.x + fr(f[0] * k));
      this.y = fr(this.y + fr(f[1] * k));
    },
  };
}

const edge = [0, 0];

function step(w) {
  readParams(w);
  const n = w.agents.length;
  if (w.px.length < n) grow(w, n);
  for (let i = 0; i < n; i++) {
    const a = w.agents[i];
    w.px[i] = a.position[0];
    w.py[i] = a.position[1];
    w.vx[i] = a.velocity[0];
    w.vy[i] = a.velocity[1];
  }
  //en 1. Every agent's force from the same snapshot (nobody has moved yet). The flocking rules (the
  //en first of each kind) share one neighbour pass.
  //es 1. La fuerza de cada agente a partir de la misma foto (nadie se ha movido aún). Las reglas de
  //es flocking (la primera de cada tipo) comparten una sola pasada de vecinos.
  const rules = w.rules;
  rules.sep2 = rules.align2 = rules.coh2 = -Infinity;
  rules.r = 0;
  let nbRadius = 0;
  for (const b of w.behaviours) {
    //en The first separation, alignment and cohesion are the flocking rules.
    //es La primera separación, alineación y cohesión son las reglas de flocking.
    const rule = { separation: "sep2", alignment: "align2", cohesion: "coh2" }[b.type];
    if (rule && rules[rule] === -Infinity) {
      const radius = b.kind.flock(b);
      rules[rule] = fr(radius * radius);
      rules.r = Math.max(rules.r, radius);
    }
    if (b.kind.neighbourRadius) nbRadius = Math.max(nbRadius, b.kind.neighbourRadius(b));
  }
  const flock = rules.sep2 !== -Infinity || rules.align2 !== -Infinity || rules.coh2 !== -Infinity;
  if (flock) rebuildGrid(w.flockGrid, w, w.params.neighbours === "grid" ? rules.r : Infinity);
  w.nbOn = nbRadius > 0;
  if (w.nbOn) rebuildGrid(w.nbGrid, w, nbRadius);
  for (const b of w.behaviours) b.kind.before?.(b, w);
  const ctl = w.ctl;
  for (let i = 0; i < n; i++) {
    const a = w.agents[i];
    if (flock) flockSums(w, i);
    ctl.x = 0;
    ctl.y = 0;
    for (const b of w.behaviours) b.kind.force(b, w, i, a, ctl);
    edgeForce(w, a, ctl);
    limit(set(edge, ctl.x, ctl.y), a.max_force);
    w.forces[2 * i] = edge[0];
    w.forces[2 * i + 1] = edge[1];
  }
  //en 2. Move everyone.
  //es 2. Mover a todos.
  for (let i = 0; i < n; i++) {
    const a = w.agents[i];
    integrate(w, a, set(edge, w.forces[2 * i], w.forces[2 * i + 1]));
    applyEdges(w, a);
  }
  const now = w.time + DT;
  for (const b of w.behaviours) b.kind.after?.(b, w, now);
  w.steps += 1;
  w.time = w.steps * STEP_SECONDS;
}

//en steer_to_center: inside `margin` of a wall, steer towards the centre (weight 2).
//es steer_to_center: a menos de `margin` de una pared, girar hacia el centro (peso 2).
function edgeForce(w, a, ctl) {
  if (w.edges !== "steer_to_center") return;
  const m = Math.min(w.margin, fr(w.width * 0.5), fr(w.height * 0.5));
  const x = a.position[0];
  const y = a.position[1];
  if (x < m || y < m || x > fr(w.width - m) || y > fr(w.height - m)) {
    steerTowards(set(edge, fr(fr(w.width * 0.5) - x), fr(fr(w.height * 0.5) - y)), a);
    if (edge[0] !== 0 || edge[1] !== 0) ctl.add(2, edge);
  }
}

//en v = limit(v + limit(force, max_force) * dt, max_speed); position += v * dt
//es v = limit(v + limit(fuerza, max_force) * dt, max_speed); posición += v * dt
function integrate(w, a, f) {
  const v = a.velocity;
  limit(f, a.max_force);
  limit(set(v, fr(v[0] + fr(f[0] * DT)), fr(v[1] + fr(f[1] * DT))), a.max_speed);
  if (w.min_speed > 0) {
    const s2 = lengthSq(v[0], v[1]);
    const min = Math.min(w.min_speed, a.max_speed);
    if (s2 < fr(min * min)) {
      if (s2 > 0) {
        const s = fr(Math.sqrt(s2));
        set(v, fr(fr(v[0] / s) * min), fr(fr(v[1] / s) * min));
      } else set(v, fr(a.heading[0] * min), fr(a.heading[1] * min));
    }
  }
  const p = a.position;
  set(p, fr(p[0] + fr(v[0] * DT)), fr(p[1] + fr(v[1] * DT)));
  const s2 = lengthSq(v[0], v[1]);
  if (s2 > HEADING_EPS2) {
    const s = fr(Math.sqrt(s2));
    set(a.heading, fr(v[0] / s), fr(v[1] / s));
  }
}
//@section draw
//en A small canvas loop (optional): drawLoop(canvas, w) steps at 60 Hz whatever the frame rate and
//en draws the scene and the agents, the world fitted into the canvas.
//es Un bucle de lienzo pequeño (opcional): drawLoop(canvas, w) avanza a 60 Hz sea cual sea la
//es frecuencia de imagen y dibuja la escena y los agentes, con el mundo ajustado al lienzo.
export function drawLoop(canvas, w) {
  const g = canvas.getContext("2d");
  let last = performance.now();
  let acc = 0;
  const paint = {
    circle(c, r, colour, fill = false) {
      g.beginPath();
      g.arc(c[0], c[1], r, 0, 2 * Math.PI);
      if (fill) (g.fillStyle = colour), g.fill();
      else (g.strokeStyle = colour), g.stroke();
    },
    line(a, b, colour) {
      g.beginPath();
      g.moveTo(a[0], a[1]);
      g.lineTo(b[0], b[1]);
      g.strokeStyle = colour;
      g.stroke();
    },
    agents: new Map(),
    //en Draw agent i in another colour (a leader, a quarry).
    //es Dibujar al agente i de otro color (un líder, una presa).
    agent(i, colour) {
      paint.agents.set(i, colour);
    },
  };
  let frameId = 0;
  const frame = (now) => {
    acc += Math.min((now - last) / 1000, 0.25);
    last = now;
    for (; acc >= STEP_SECONDS; acc -= STEP_SECONDS) w.step();
    const k = Math.min(canvas.width / w.width, canvas.height / w.height);
    g.setTransform(k, 0, 0, k, 0, 0);
    g.lineWidth = 1.5 / k;
    g.clearRect(0, 0, w.width, w.height);
    for (const o of w.scene.obstacles) paint.circle(o.center, o.radius, "#8a8f98", true);
    for (const f of w.scene.food) paint.circle(f, 4, "#3a9b4a", true);
    const wps = w.scene.path.waypoints;
    for (let s = 0; s + 1 < wps.length; s++) paint.line(wps[s], wps[s + 1], "#b58a2e");
    if (w.scene.path.mode === "loop" && wps.length > 2) paint.line(wps[wps.length - 1], wps[0], "#b58a2e");
    for (const q of wps) paint.circle(q, 4, "#b58a2e", true);
    paint.agents.clear();
    for (const b of w.behaviours) b.kind.draw?.(b, w, paint);
    w.agents.forEach((a, i) => {
      const x = a.position[0];
      const y = a.position[1];
      const hx = a.heading[0];
      const hy = a.heading[1];
      g.beginPath();
      g.moveTo(x + hx * 8, y + hy * 8);
      g.lineTo(x - hx * 5 - hy * 4, y - hy * 5 + hx * 4);
      g.lineTo(x - hx * 5 + hy * 4, y - hy * 5 - hx * 4);
      g.fillStyle = paint.agents.get(i) ?? "#2f3a56";
      g.fill();
    });
    frameId = requestAnimationFrame(frame);
  };
  frameId = requestAnimationFrame(frame);
  //en Stop drawing (the world stays as it is).
  //es Dejar de dibujar (el mundo se queda como está).
  return { world: w, stop: () => cancelAnimationFrame(frameId) };
}
