//@section vec
//en 2-D vectors are [x, y] arrays.
//es Los vectores 2-D son arrays [x, y].
const add = (a, b) => [a[0] + b[0], a[1] + b[1]];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const scale = (a, k) => [a[0] * k, a[1] * k];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const lengthSq = (a) => dot(a, a);
const length = (a) => Math.sqrt(dot(a, a));
const normalize = (a) => {
  const l = length(a);
  return l > 0 && Number.isFinite(1 / l) ? scale(a, 1 / l) : [0, 0];
};
//en limit(v, max): v shortened to length max if it is longer.
//es limit(v, max): v acortado a longitud max si es más largo.
const limit = (v, max) => {
  const l2 = lengthSq(v);
  if (l2 <= max * max) return v;
  return max > 0 ? scale(v, max / Math.sqrt(l2)) : [0, 0];
};
//en desired = normalize(direction) * max_speed; force = limit(desired - velocity, max_force)
//es deseada = normalize(dirección) * max_speed; fuerza = limit(deseada - velocidad, max_force)
const steerTowards = (direction, a) => limit(sub(scale(normalize(direction), a.max_speed), a.velocity), a.max_force);
const seekPoint = (a, target) => steerTowards(sub(target, a.position), a);
const fleePoint = (a, threat) => steerTowards(sub(a.position, threat), a);
//en Where a moving target will be: position + velocity * T, T = distance / max_speed (at most max_prediction).
//es Dónde estará un objetivo que se mueve: posición + velocidad * T, T = distancia / max_speed (como mucho max_prediction).
const predict = (a, targetPos, targetVel, maxPrediction) => {
  const d = length(sub(targetPos, a.position));
  const t = a.max_speed > 0 ? Math.min(d / a.max_speed, maxPrediction) : 0;
  return add(targetPos, scale(targetVel, t));
};
//en Arrive's desired velocity: full speed outside slow_radius, slowing linearly to zero inside.
//es Velocidad deseada de arrive: a toda velocidad fuera de slow_radius, frenando linealmente dentro.
const arriveDesired = (a, to, slowRadius) => {
  const d = length(to);
  const speed = slowRadius > 0 ? a.max_speed * Math.min(d / slowRadius, 1) : a.max_speed;
  return scale(normalize(to), speed);
};
const arriveAt = (a, target, slowRadius) =>
  limit(sub(arriveDesired(a, sub(target, a.position), slowRadius), a.velocity), a.max_force);
//en Reynolds' wander: a point on a circle ahead of the agent, whose angle drifts at random.
//es Wander de Reynolds: un punto en un círculo delante del agente, cuyo ángulo deriva al azar.
const wanderForce = (a, me, radius, distance, jitter, rng) => {
  me.angle += (rng.f32() * 2 - 1) * jitter;
  if (!(me.angle >= -Math.PI && me.angle <= Math.PI)) {
    me.angle -= 2 * Math.PI * Math.round(me.angle / (2 * Math.PI));
  }
  const centre = add(a.position, scale(a.heading, distance));
  const target = add(centre, scale([Math.cos(me.angle), Math.sin(me.angle)], radius));
  return seekPoint(a, target);
};
//@section separate
//en Two agents at the same spot are pushed apart along a direction made from their indices.
//es Dos agentes en el mismo punto se separan en una dirección calculada con sus índices.
function tieDir(i, j) {
  const [lo, hi] = i < j ? [i, j] : [j, i];
  const M = (1n << 64n) - 1n;
  const h = ((BigInt(lo) * 0x9e3779b97f4a7c15n) & M) ^ ((BigInt(hi) * 0xc2b2ae3d27d4eb4fn) & M);
  const ang = (Number(h >> 40n) / 2 ** 24) * 2 * Math.PI;
  const u = [Math.cos(ang), Math.sin(ang)];
  return i < j ? u : scale(u, -1);
}
//en Separation in one of three forms ("flocking", "unity", "push").
//es Separación en una de tres formas ("flocking", "unity", "push").
function separate(w, i, skip, radius, form) {
  const a = w.agents[i];
  let sum = [0, 0];
  let k = 0;
  w.neighbours.each(i, radius, (j, d, d2) => {
    if (j === skip) return;
    let dist = Math.sqrt(d2);
    let dir;
    if (dist > 1e-3) dir = scale(d, -1 / dist);
    else [dir, dist] = [tieDir(i, j), 1e-3];
    if (form === "flocking") sum = add(sum, scale(dir, 1 / dist));
    else if (form === "unity") sum = add(sum, sub(scale(dir, a.max_speed * (1 - dist / radius)), a.velocity));
    else sum = add(sum, scale(dir, Math.max(1 - dist / radius, 0)));
    k += 1;
  });
  if (k === 0) return null;
  if (form === "flocking") return steerTowards(scale(sum, 1 / k), a);
  if (form === "unity") return limit(sum, a.max_force);
  return limit(scale(sum, a.max_speed), a.max_force);
}
//@section rng
//en Seeded random numbers (wyrand, as the canvas): the same seed gives the same run.
//es Números aleatorios con semilla (wyrand, como el lienzo): la misma semilla da la misma ejecución.
function makeRng(seed) {
  const M = (1n << 64n) - 1n;
  let s = BigInt(seed) & M;
  const u64 = () => {
    s = (s + 0x2d358dccaa6c78a5n) & M;
    const t = s * (s ^ 0x8bb84b93962eacc9n);
    return (t & M) ^ (t >> 64n);
  };
  return {
    f32() {
      for (;;) {
        const x = Math.fround(Number(u64() >> 1n)) * 2 ** -63;
        if (x < 1) return x;
      }
    },
  };
}
//@section grid
//en The spatial hash: the world cut into cells at least as big as the query radius; a query looks at
//en the agent's cell and the 8 around it.
//es La rejilla espacial (spatial hash): el mundo partido en celdas al menos tan grandes como el radio
//es de búsqueda; una consulta mira la celda del agente y las 8 de alrededor.
function makeGrid(w, cellSize) {
  const n = w.agents.length;
  const cs = cellSize > 0 ? cellSize : Math.max(w.width, w.height);
  let cols = Math.min(Math.max(Math.floor(w.width / cs), 1), 4096);
  let rows = Math.min(Math.max(Math.floor(w.height / cs), 1), 4096);
  while (cols * rows > Math.max(4 * n, 4096)) {
    if (cols >= rows) cols = Math.ceil(cols / 2);
    else rows = Math.ceil(rows / 2);
  }
  const cw = w.width / cols, ch = w.height / rows;
  const coord = (x, size, count) => Math.min(Math.max(Math.floor(x / size), 0), count - 1) || 0;
  const cells = Array.from({ length: cols * rows }, () => []);
  w.agents.forEach((a, i) => cells[coord(a.position[1], ch, rows) * cols + coord(a.position[0], cw, cols)].push(i));
  const span = (c, count) => {
    if (count <= 3) return [...Array(count).keys()];
    const out = [];
    for (const d of [-1, 0, 1]) {
      let k = c + d;
      if (w.edges === "wrap") k = (k + count) % count;
      else if (k < 0 || k >= count) continue;
      out.push(k);
    }
    return out;
  };
  return {
    //en visit(j, offset, distance²) for every other agent closer than r.
    //es visit(j, desplazamiento, distancia²) para cada otro agente a menos de r.
    each(i, r, visit) {
      const p = w.agents[i].position;
      const cx = coord(p[0], cw, cols), cy = coord(p[1], ch, rows);
      for (const row of span(cy, rows)) {
        for (const col of span(cx, cols)) {
          for (const j of cells[row * cols + col]) {
            if (j === i) continue;
            const d = w.delta(p, w.agents[j].position);
            const d2 = lengthSq(d);
            if (d2 < r * r) visit(j, d, d2);
          }
        }
      }
    },
  };
}
//@section scan
//en The plain neighbour query: look at every other agent.
//es La búsqueda de vecinos simple: mirar a todos los demás agentes.
function scanAll(w) {
  return {
    each(i, r, visit) {
      const p = w.agents[i].position;
      w.agents.forEach((b, j) => {
        if (j === i) return;
        const d = w.delta(p, b.position);
        const d2 = lengthSq(d);
        if (d2 < r * r) visit(j, d, d2);
      });
    },
  };
}
//@section world
//en The world: its size and edges, the agents, and one fixed step.
//es El mundo: su tamaño y sus bordes, los agentes y un paso fijo.
const wrapDelta = (d, size) => (d > size / 2 ? d - size : d < -size / 2 ? d + size : d);
const wrapCoord = (x, size) => {
  if (x >= 0 && x < size) return x;
  const r = ((x % size) + size) % size;
  return r >= size || !Number.isFinite(r) ? 0 : r;
};
function bounceAxis(a, k, size) {
  if (a.position[k] < 0) {
    a.position[k] = Math.min(-a.position[k], size);
    a.velocity[k] = Math.abs(a.velocity[k]);
  } else if (a.position[k] > size) {
    a.position[k] = Math.max(2 * size - a.position[k], 0);
    a.velocity[k] = -Math.abs(a.velocity[k]);
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
    const q = [w.width * x, w.height * y];
    const d2 = w.distanceSq(q, p);
    if (d2 >= bestD2) [bestD2, best] = [d2, q];
  }
  return best;
}

function makeAgent(position, velocity) {
  const s = length(velocity);
  const heading = s > 1e-4 ? scale(velocity, 1 / s) : [1, 0];
  return { position: [...position], velocity: [...velocity], heading, max_speed: MOTION.max_speed, max_force: MOTION.max_force };
}

export function makeWorld() {
  const w = {
    ...WORLD,
    agents: AGENTS.map(([x, y, vx, vy]) => makeAgent([x, y], [vx, vy])),
    time: 0,
    steps: 0,
    rng: makeRng(SEED),
    scene: SCENE(),
    behaviours: BEHAVIOURS.map((b) => ({ ...b, kind: KINDS[b.type] })),
    //en to - from, across the edge when the world wraps (the nearest copy).
    //es to - from, a través del borde si el mundo se envuelve (la copia más cercana).
    delta(from, to) {
      const d = sub(to, from);
      if (w.edges === "wrap") return [wrapDelta(d[0], w.width), wrapDelta(d[1], w.height)];
      return d;
    },
    distanceSq: (a, b) => lengthSq(w.delta(a, b)),
    center: () => [w.width / 2, w.height / 2],
    step: () => step(w),
  };
  for (let k = 0; k < RNG_SKIP; k++) w.rng.f32();
  for (const b of w.behaviours) {
    b.per = w.agents.map(() => (b.kind.perAgent ? b.kind.perAgent() : {}));
    b.kind.init?.(b, w);
  }
  return w;
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

//en steer_to_center: inside `margin` of a wall, steer towards the centre.
//es steer_to_center: a menos de `margin` de una pared, girar hacia el centro.
function edgeForce(w, a) {
  if (w.edges !== "steer_to_center") return null;
  const m = Math.min(w.margin, w.width / 2, w.height / 2);
  const [x, y] = a.position;
  if (x < m || y < m || x > w.width - m || y > w.height - m) return steerTowards(sub(w.center(), a.position), a);
  return null;
}

//en v = limit(v + limit(force, max_force) * dt, max_speed); position += v * dt
//es v = limit(v + limit(fuerza, max_force) * dt, max_speed); posición += v * dt
function integrate(a, force) {
  let v = limit(add(a.velocity, scale(limit(force, a.max_force), DT)), a.max_speed);
  if (MOTION.min_speed > 0) {
    const s2 = lengthSq(v);
    const min = Math.min(MOTION.min_speed, a.max_speed);
    if (s2 < min * min) v = scale(s2 > 0 ? scale(v, 1 / Math.sqrt(s2)) : a.heading, min);
  }
  a.velocity = v;
  a.position = add(a.position, scale(v, DT));
  const s = length(v);
  if (s > 1e-4) a.heading = scale(v, 1 / s);
}

function step(w) {
  //en 1. Every agent's force from the same snapshot (nobody has moved yet).
  //es 1. La fuerza de cada agente a partir de la misma foto (nadie se ha movido aún).
  const flocking = w.behaviours.filter((b) => b.kind.visit);
  const flockRadius = Math.max(0, ...flocking.map((b) => b.kind.radius(b)));
  const flockQuery = flocking.length ? (NEIGHBOURS === "grid" ? makeGrid(w, flockRadius) : scanAll(w)) : null;
  const nbRadius = Math.max(0, ...w.behaviours.map((b) => (b.kind.neighbourRadius ? b.kind.neighbourRadius(b) : 0)));
  w.neighbours = nbRadius > 0 ? makeGrid(w, nbRadius) : scanAll(w);
  for (const b of w.behaviours) b.kind.before?.(b, w);
  const forces = w.agents.map((a, i) => {
    //en The flocking rules share one neighbour pass.
    //es Las reglas de flocking comparten una sola pasada de vecinos.
    const sums = new Map(flocking.map((b) => [b, { sum: [0, 0], count: 0 }]));
    flockQuery?.each(i, flockRadius, (j, d, d2) => {
      for (const b of flocking) b.kind.visit(b, sums.get(b), d, d2, w.agents[j]);
    });
    //en Each behaviour adds weight * force; the total is limited to max_force.
    //es Cada comportamiento suma peso * fuerza; el total se limita a max_force.
    let total = [0, 0];
    const ctl = { add: (weight, f) => (total = add(total, scale(f, weight))) };
    for (const b of w.behaviours) b.kind.force(b, w, i, a, ctl, sums.get(b));
    const edge = edgeForce(w, a);
    if (edge) ctl.add(2, edge);
    return limit(total, a.max_force);
  });
  //en 2. Move everyone.
  //es 2. Mover a todos.
  w.agents.forEach((a, i) => {
    integrate(a, forces[i]);
    applyEdges(w, a);
  });
  const now = (w.steps + 1) * DT;
  for (const b of w.behaviours) b.kind.after?.(b, w, now);
  w.steps += 1;
  w.time = now;
}
//@section draw
//en A tiny draw loop (optional): makeWorld(), then drawLoop(canvas) steps at 60 Hz and draws.
//es Un bucle de dibujo mínimo (opcional): drawLoop(canvas) avanza a 60 Hz y dibuja.
export function drawLoop(canvas, w = makeWorld()) {
  const g = canvas.getContext("2d");
  canvas.width = w.width;
  canvas.height = w.height;
  let last = performance.now(), acc = 0;
  const frame = (now) => {
    acc += Math.min((now - last) / 1000, 0.25);
    last = now;
    for (; acc >= DT; acc -= DT) w.step();
    g.clearRect(0, 0, w.width, w.height);
    g.fillStyle = "#334";
    for (const a of w.agents) {
      const [x, y] = a.position, [hx, hy] = a.heading;
      g.beginPath();
      g.moveTo(x + hx * 8, y + hy * 8);
      g.lineTo(x - hx * 5 - hy * 4, y - hy * 5 + hx * 4);
      g.lineTo(x - hx * 5 + hy * 4, y - hy * 5 - hx * 4);
      g.fill();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return w;
}
