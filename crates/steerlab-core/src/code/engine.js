//@section vec
//en Numbers: the canvas computes in 32-bit floats. fr (Math.fround) rounds every result to 32 bits
//en as the canvas does, so the same steps give the same bits. 2-D vectors are [x, y] arrays.
//es Números: el lienzo calcula con floats de 32 bits. fr (Math.fround) redondea cada resultado a 32
//es bits como el lienzo, así que los mismos pasos dan los mismos bits. Los vectores 2-D son [x, y].
const fr = Math.fround;
const add = (a, b) => [fr(a[0] + b[0]), fr(a[1] + b[1])];
const sub = (a, b) => [fr(a[0] - b[0]), fr(a[1] - b[1])];
const scale = (a, k) => [fr(a[0] * k), fr(a[1] * k)];
const div = (a, k) => [fr(a[0] / k), fr(a[1] / k)];
const neg = (a) => [-a[0], -a[1]];
const dot = (a, b) => fr(fr(a[0] * b[0]) + fr(a[1] * b[1]));
const lengthSq = (a) => dot(a, a);
const length = (a) => fr(Math.sqrt(lengthSq(a)));
const isZero = (a) => a[0] === 0 && a[1] === 0;
//en normalize(v) = v * (1 / |v|); zero when that is not a finite positive number.
//es normalize(v) = v * (1 / |v|); cero si eso no es un número finito y positivo.
const normalize = (a) => {
  const r = fr(1 / length(a));
  return Number.isFinite(r) && r > 0 ? scale(a, r) : [0, 0];
};
//en limit(v, max): v shortened to length max if it is longer (never NaN).
//es limit(v, max): v acortado a longitud max si es más largo (nunca NaN).
const limit = (v, max) => {
  const l2 = lengthSq(v);
  if (Number.isFinite(l2)) {
    if (l2 <= fr(max * max)) return v;
    return max > 0 ? scale(v, fr(max / fr(Math.sqrt(l2)))) : [0, 0];
  }
  if (!(max > 0) || !Number.isFinite(v[0]) || !Number.isFinite(v[1])) return [0, 0];
  //en |v|² overflowed 32 bits: scale in 64 bits so the direction survives.
  //es |v|² desbordó los 32 bits: escalar en 64 bits para conservar la dirección.
  const k = Math.min(max / Math.sqrt(v[0] * v[0] + v[1] * v[1]), 1);
  return [fr(v[0] * k), fr(v[1] * k)];
};
//en desired = normalize(direction) * max_speed; force = limit(desired - velocity, max_force)
//es deseada = normalize(dirección) * max_speed; fuerza = limit(deseada - velocidad, max_force)
const desiredTowards = (direction, a) => scale(normalize(direction), a.max_speed);
const steerTowards = (direction, a) => limit(sub(desiredTowards(direction, a), a.velocity), a.max_force);
const seekPoint = (a, target) => steerTowards(sub(target, a.position), a);
const fleePoint = (a, threat) => steerTowards(sub(a.position, threat), a);
//en Where a moving target will be: position + velocity * T, T = distance / max_speed (at most max_prediction).
//es Dónde estará un objetivo que se mueve: posición + velocidad * T, T = distancia / max_speed (como mucho max_prediction).
const predict = (a, targetPos, targetVel, maxPrediction) => {
  const d = length(sub(targetPos, a.position));
  const t = a.max_speed > 0 ? Math.min(fr(d / a.max_speed), maxPrediction) : 0;
  return add(targetPos, scale(targetVel, t));
};
//en Arrive's desired velocity: full speed outside slow_radius, slowing linearly to zero inside.
//es Velocidad deseada de arrive: a toda velocidad fuera de slow_radius, frenando linealmente dentro.
const arriveDesired = (a, to, slowRadius) => {
  const d = length(to);
  const speed = slowRadius > 0 ? fr(a.max_speed * Math.min(fr(d / slowRadius), 1)) : a.max_speed;
  return scale(normalize(to), speed);
};
const arriveAt = (a, target, slowRadius) => limit(sub(arriveDesired(a, sub(target, a.position), slowRadius), a.velocity), a.max_force);
//en An agent with another top speed (the same agent otherwise).
//es Un agente con otra velocidad máxima (el mismo agente por lo demás).
const withSpeed = (a, maxSpeed) => ({ ...a, max_speed: maxSpeed });

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
function reduce(x) {
  const n = x * 0.636619772367581382433 + 6755399441055744 - 6755399441055744;
  return [n, x - n * 1.57079631090164184570 - n * 1.58932547735281966916e-8];
}
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
  const [n, y] = reduce(x);
  return [kCos(y), kSin(-y), -kCos(y), kSin(y)][n & 3];
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
  const [n, y] = reduce(x);
  return [kSin(y), kCos(y), kSin(-y), -kCos(y)][n & 3];
}
const TAU = fr(2 * Math.PI);
const PI = fr(Math.PI);
//en x minus the nearest multiple of y (ties to the even multiple), exactly (IEEE remainder).
//es x menos el múltiplo de y más cercano (los empates, al múltiplo par), exacto (resto IEEE).
function remainder(x, y) {
  const n = Math.floor(x / y);
  const [r0, r1] = [x - n * y, x - (n + 1) * y];
  const a0 = Math.abs(r0), a1 = Math.abs(r1);
  return fr(a0 < a1 || (a0 === a1 && n % 2 === 0) ? r0 : r1);
}
//en Reynolds' wander: a point on a circle ahead of the agent, whose angle drifts at random.
//es Wander de Reynolds: un punto en un círculo delante del agente, cuyo ángulo deriva al azar.
const wanderForce = (a, me, radius, distance, jitter, rng) => {
  me.angle = fr(me.angle + fr(fr(fr(rng.f32() * 2) - 1) * jitter));
  if (!(me.angle >= -PI && me.angle <= PI)) me.angle = remainder(me.angle, TAU);
  const centre = add(a.position, scale(a.heading, distance));
  const target = add(centre, scale([cosf(me.angle), sinf(me.angle)], radius));
  return seekPoint(a, target);
};
//@section separate
//en Two agents at the same spot are pushed apart along a direction made from their indices.
//es Dos agentes en el mismo punto se separan en una dirección calculada con sus índices.
function tieDir(i, j) {
  const [lo, hi] = i < j ? [i, j] : [j, i];
  const M = (1n << 64n) - 1n;
  const h = ((BigInt(lo) * 0x9e3779b97f4a7c15n) & M) ^ ((BigInt(hi) * 0xc2b2ae3d27d4eb4fn) & M);
  const ang = fr(fr(Number(h >> 40n) / 16777216) * TAU);
  const u = [cosf(ang), sinf(ang)];
  return i < j ? u : neg(u);
}
const TIE_DIST = fr(1e-3);
//en Separation in one of three forms ("flocking", "unity", "push"), from the neighbours within
//en radius except skip: the force, or null when nobody is near.
//es Separación en una de tres formas ("flocking", "unity", "push"), de los vecinos dentro de radius
//es salvo skip: la fuerza, o null si no hay nadie cerca.
function separate(w, i, skip, radius, form) {
  const a = w.agents[i];
  let sum = [0, 0];
  let k = 0;
  w.neighbours(i, radius, (j, d, d2) => {
    if (j === skip) return;
    let dist = fr(Math.sqrt(d2));
    let dir;
    if (dist > TIE_DIST) dir = div(neg(d), dist);
    else [dir, dist] = [tieDir(i, j), TIE_DIST];
    if (form === "unity") sum = add(sum, sub(scale(dir, fr(a.max_speed * fr(1 - fr(dist / radius)))), a.velocity));
    else if (form === "push") sum = add(sum, scale(dir, Math.max(fr(1 - fr(dist / radius)), 0)));
    else sum = add(sum, div(dir, dist));
    k += 1;
  });
  if (k === 0) return null;
  if (form === "unity") return limit(sum, a.max_force);
  if (form === "push") return limit(scale(sum, a.max_speed), a.max_force);
  return steerTowards(div(sum, k), a);
}
//@section rng
//en Seeded random numbers (wyrand, as the canvas): the same seed gives the same run.
//es Números aleatorios con semilla (wyrand, como el lienzo): la misma semilla da la misma ejecución.
const M64 = (1n << 64n) - 1n;
function makeRng(state) {
  let s = BigInt(state) & M64;
  const u64 = () => {
    s = (s + 0x2d358dccaa6c78a5n) & M64;
    const t = s * (s ^ 0x8bb84b93962eacc9n);
    return (t & M64) ^ (t >> 64n);
  };
  //en A 63-bit integer rounded once to 32 bits (the low bits folded into one sticky bit).
  //es Un entero de 63 bits redondeado una vez a 32 bits (los bits bajos, en un bit pegajoso).
  const toF32 = (x) => (x < 1n << 53n ? fr(Number(x)) : fr(Number((x >> 10n) | (x & 0x3ffn ? 1n : 0n)) * 1024));
  return {
    //en A number in [0, 1).
    //es Un número en [0, 1).
    f32() {
      for (;;) {
        const x = fr(toF32(u64() >> 1n) * 2 ** -63);
        if (x < 1) return x;
      }
    },
    //en The state, to carry on later (as text: a 64-bit integer).
    //es El estado, para seguir después (como texto: un entero de 64 bits).
    state: () => String(s),
  };
}
//@section grid
//en The spatial hash: the world cut into cells at least as big as the query radius; a query looks at
//en the agent's cell and the 8 around it, in the canvas's order.
//es La rejilla espacial (spatial hash): el mundo partido en celdas al menos tan grandes como el radio
//es de búsqueda; una consulta mira la celda del agente y las 8 de alrededor, en el orden del lienzo.
function makeGrid(w, cellSize) {
  const n = w.agents.length;
  const cs = Number.isFinite(cellSize) && cellSize > 0 ? cellSize : Math.max(w.width, w.height);
  let cols = Math.min(Math.max(Math.floor(fr(w.width / cs)), 1), 4096);
  let rows = Math.min(Math.max(Math.floor(fr(w.height / cs)), 1), 4096);
  while (cols * rows > Math.max(4 * n, 4096)) {
    if (cols >= rows) cols = Math.ceil(cols / 2);
    else rows = Math.ceil(rows / 2);
  }
  const cw = fr(w.width / cols), ch = fr(w.height / rows);
  const coord = (x, size, count) => {
    const k = Math.floor(fr(x / size));
    return Number.isFinite(k) ? Math.min(Math.max(k, 0), count - 1) : 0;
  };
  const cells = Array.from({ length: cols * rows }, () => []);
  w.agents.forEach((a, i) => cells[coord(a.position[1], ch, rows) * cols + coord(a.position[0], cw, cols)].push(i));
  const span = (c, count) => {
    if (count <= 3) return [...Array(count).keys()];
    const out = [];
    for (const d of [-1, 0, 1]) {
      const k = c + d;
      if (w.edges === "wrap") out.push(k < 0 ? k + count : k >= count ? k - count : k);
      else if (k >= 0 && k < count) out.push(k);
    }
    return out;
  };
  //en visit(j, offset, distance²) for every other agent closer than r.
  //es visit(j, desplazamiento, distancia²) para cada otro agente a menos de r.
  return (i, r, visit) => {
    const p = w.agents[i].position;
    const r2 = fr(r * r);
    for (const row of span(coord(p[1], ch, rows), rows)) {
      for (const col of span(coord(p[0], cw, cols), cols)) {
        for (const j of cells[row * cols + col]) {
          if (j === i) continue;
          const d = w.delta(p, w.agents[j].position);
          const d2 = lengthSq(d);
          if (d2 < r2) visit(j, d, d2);
        }
      }
    }
  };
}
//en The plain neighbour query: every other agent, in order.
//es La búsqueda de vecinos simple: todos los demás agentes, en orden.
function scanAll(w) {
  return (i, r, visit) => {
    const p = w.agents[i].position;
    const r2 = fr(r * r);
    w.agents.forEach((b, j) => {
      if (j === i) return;
      const d = w.delta(p, b.position);
      const d2 = lengthSq(d);
      if (d2 < r2) visit(j, d, d2);
    });
  };
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
  if (w.edges === "wrap") {
    a.position = [wrapCoord(a.position[0], w.width), wrapCoord(a.position[1], w.height)];
  } else if (w.edges === "bounce") {
    bounceAxis(a, 0, w.width);
    bounceAxis(a, 1, w.height);
  } else {
    a.position = [Math.min(Math.max(a.position[0], 0), w.width), Math.min(Math.max(a.position[1], 0), w.height)];
  }
}

//en Of the four points at 20 % and 80 % of the world's size, the one farthest from p (where a caught
//en agent starts again).
//es De los cuatro puntos al 20 % y al 80 % del tamaño del mundo, el más lejano de p (donde vuelve a
//es empezar un agente atrapado).
function farFrom(w, p) {
  let best = p;
  let bestD2 = -Infinity;
  for (const [x, y] of [[0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]]) {
    const q = [fr(w.width * fr(x)), fr(w.height * fr(y))];
    const d2 = w.distanceSq(q, p);
    if (d2 >= bestD2) [bestD2, best] = [d2, q];
  }
  return best;
}

//en A new agent; its heading is its direction of motion (x when it stands still).
//es Un agente nuevo; su rumbo es la dirección de su movimiento (x si está quieto).
function makeAgent(w, position, velocity) {
  const heading = lengthSq(velocity) > HEADING_EPS2 ? scale(velocity, fr(1 / length(velocity))) : [1, 0];
  return { position: [...position], velocity: [...velocity], heading, max_speed: w.max_speed, max_force: w.max_force };
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
    const a = makeAgent(w, [x, y], scale([cosf(ang), sinf(ang)], speed));
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
export function makeWorld(params = PARAMS) {
  const p = structuredClone(params);
  const w = {
    params: p,
    agents: [],
    steps: p.start?.steps ?? 0,
    time: p.start?.time ?? 0,
    rng: makeRng(p.start?.rng ?? p.seed),
    scene: { obstacles: p.scene.obstacles.map((o) => ({ center: o.center.map(fr), radius: fr(o.radius) })), food: p.scene.food.map((f) => f.map(fr)), path: { waypoints: p.scene.path.waypoints.map((q) => q.map(fr)), mode: p.scene.path.mode } },
    //en The pointer in world coordinates, or null (flee_pointer flees it).
    //es El puntero en coordenadas del mundo, o null (flee_pointer huye de él).
    pointer: null,
    get width() { return fr(p.world.width); },
    get height() { return fr(p.world.height); },
    get edges() { return p.world.edges; },
    get margin() { return fr(p.world.margin); },
    get max_speed() { return fr(p.motion.max_speed); },
    get max_force() { return fr(p.motion.max_force); },
    get min_speed() { return fr(p.motion.min_speed); },
    get spawn() { return p.spawn; },
    //en to - from, across the edge when the world wraps (the nearest copy).
    //es to - from, a través del borde si el mundo se envuelve (la copia más cercana).
    delta(from, to) {
      const d = sub(to, from);
      return w.edges === "wrap" ? [wrapDelta(d[0], w.width), wrapDelta(d[1], w.height)] : d;
    },
    distanceSq: (a, b) => lengthSq(w.delta(a, b)),
    center: () => scale([w.width, w.height], 0.5),
    neighbours: null,
    step: () => step(w),
    setMotion: () => setMotion(w),
    setCount: (n) => setCount(w, n),
  };
  if (p.agents) {
    for (const [x, y, vx, vy] of p.agents) {
      const a = makeAgent(w, [fr(x), fr(y)], [fr(vx), fr(vy)]);
      //en Mid-run, the heading is the direction of motion, as the step makes it.
      //es A mitad de ejecución, el rumbo es la dirección del movimiento, como la hace el paso.
      if (p.start && lengthSq(a.velocity) > HEADING_EPS2) a.heading = div(a.velocity, fr(Math.sqrt(lengthSq(a.velocity))));
      if (!p.start) applyEdges(w, a);
      w.agents.push(a);
    }
  } else spawn(w, p.spawn.count);
  w.behaviours = p.behaviours.map((b) => ({ ...b, kind: KINDS[b.type], per: [] }));
  for (const b of w.behaviours) {
    b.per = w.agents.map(() => (b.kind.perAgent ? b.kind.perAgent() : {}));
    b.kind.init?.(b, w);
  }
  return w;
}

//en After changing params.motion: every agent takes the new limits at once.
//es Tras cambiar params.motion: cada agente toma los nuevos límites enseguida.
function setMotion(w) {
  for (const a of w.agents) {
    [a.max_speed, a.max_force] = [w.max_speed, w.max_force];
    a.velocity = limit(a.velocity, a.max_speed);
    applyEdges(w, a);
  }
}

//en n agents: the last ones leave, or new ones are spawned (with the next random numbers).
//es n agentes: se van los últimos, o nacen otros nuevos (con los siguientes números aleatorios).
function setCount(w, n) {
  if (n < w.agents.length) w.agents.length = n;
  else spawn(w, n - w.agents.length);
  for (const b of w.behaviours) {
    b.per.length = Math.min(b.per.length, n);
    while (b.per.length < n) b.per.push(b.kind.perAgent ? b.kind.perAgent() : {});
  }
}

//en steer_to_center: inside `margin` of a wall, steer towards the centre (weight 2).
//es steer_to_center: a menos de `margin` de una pared, girar hacia el centro (peso 2).
function edgeForce(w, a) {
  if (w.edges !== "steer_to_center") return null;
  const m = Math.min(w.margin, fr(w.width * 0.5), fr(w.height * 0.5));
  const [x, y] = a.position;
  if (x < m || y < m || x > fr(w.width - m) || y > fr(w.height - m)) return steerTowards(sub(w.center(), a.position), a);
  return null;
}

//en v = limit(v + limit(force, max_force) * dt, max_speed); position += v * dt
//es v = limit(v + limit(fuerza, max_force) * dt, max_speed); posición += v * dt
function integrate(w, a, force) {
  let v = limit(add(a.velocity, scale(limit(force, a.max_force), DT)), a.max_speed);
  if (w.min_speed > 0) {
    const s2 = lengthSq(v);
    const min = Math.min(w.min_speed, a.max_speed);
    if (s2 < fr(min * min)) v = scale(s2 > 0 ? div(v, fr(Math.sqrt(s2))) : a.heading, min);
  }
  a.velocity = v;
  a.position = add(a.position, scale(v, DT));
  const s2 = lengthSq(v);
  if (s2 > HEADING_EPS2) a.heading = div(v, fr(Math.sqrt(s2)));
}

function step(w) {
  //en 1. Every agent's force from the same snapshot (nobody has moved yet).
  //es 1. La fuerza de cada agente a partir de la misma foto (nadie se ha movido aún).
  const flocking = [];
  for (const b of w.behaviours) if (b.kind.flock && !flocking.some((o) => o.type === b.type)) flocking.push(b);
  const flockRadius = Math.max(0, ...flocking.map((b) => b.kind.flock(b)));
  const flockQuery = flocking.length ? (w.params.neighbours === "grid" ? makeGrid(w, flockRadius) : scanAll(w)) : null;
  const nbRadius = Math.max(0, ...w.behaviours.map((b) => (b.kind.neighbourRadius ? b.kind.neighbourRadius(b) : 0)));
  w.neighbours = nbRadius > 0 ? makeGrid(w, nbRadius) : scanAll(w);
  for (const b of w.behaviours) b.kind.before?.(b, w);
  const forces = w.agents.map((a, i) => {
    //en The flocking rules share one neighbour pass.
    //es Las reglas de flocking comparten una sola pasada de vecinos.
    const sums = new Map(flocking.map((b) => [b, { sum: [0, 0], count: 0 }]));
    flockQuery?.(i, flockRadius, (j, d, d2) => {
      for (const b of flocking) b.kind.visit(b, sums.get(b), d, d2, w.agents[j]);
    });
    //en Each behaviour adds weight * force; the total is limited to max_force.
    //es Cada comportamiento suma peso * fuerza; el total se limita a max_force.
    let total = [0, 0];
    const ctl = { add: (weight, f) => (total = add(total, scale(f, fr(weight)))) };
    for (const b of w.behaviours) b.kind.force(b, w, i, a, ctl, sums.get(b) ?? { sum: [0, 0], count: 0 });
    const edge = edgeForce(w, a);
    if (edge && !isZero(edge)) ctl.add(2, edge);
    return limit(total, a.max_force);
  });
  //en 2. Move everyone.
  //es 2. Mover a todos.
  w.agents.forEach((a, i) => {
    integrate(w, a, forces[i]);
    applyEdges(w, a);
  });
  const now = w.time + DT;
  for (const b of w.behaviours) b.kind.after?.(b, w, now);
  w.steps += 1;
  w.time = w.steps * STEP_SECONDS;
}
//@section draw
//en A small canvas loop (optional): drawLoop(canvas) steps at 60 Hz whatever the frame rate and
//en draws the scene and the agents, the world fitted into the canvas.
//es Un bucle de lienzo pequeño (opcional): drawLoop(canvas) avanza a 60 Hz sea cual sea la frecuencia
//es de imagen y dibuja la escena y los agentes, con el mundo ajustado al lienzo.
export function drawLoop(canvas, w = makeWorld()) {
  const g = canvas.getContext("2d");
  let last = performance.now(), acc = 0;
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
      const [x, y] = a.position, [hx, hy] = a.heading;
      g.beginPath();
      g.moveTo(x + hx * 8, y + hy * 8);
      g.lineTo(x - hx * 5 - hy * 4, y - hy * 5 + hx * 4);
      g.lineTo(x - hx * 5 + hy * 4, y - hy * 5 - hx * 4);
      g.fillStyle = paint.agents.get(i) ?? "#2f3a56";
      g.fill();
    });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return w;
}
