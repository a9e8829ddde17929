//en Seek food: go for the nearest food within radius; food closer than eat_radius to anyone is eaten.
//es Buscar comida: ir a por la comida más cercana dentro de radius; la que queda a menos de
//es eat_radius de alguien se la comen.
const seek_food = {
  force(b, w, i, a, ctl) {
    if (!b.enabled) return;
    const r2 = fr(fr(b.radius) * fr(b.radius));
    const x = a.position[0];
    const y = a.position[1];
    let best = null;
    let bestD2 = Infinity;
    for (const f of w.scene.food) {
      const d2 = w.distanceSq(x, y, f[0], f[1]);
      if (d2 < r2 && d2 < bestD2) {
        bestD2 = d2;
        best = f;
      }
    }
    if (best) ctl.add(b.weight, seekPoint(set(F, fr(x + w.dx(x, best[0])), fr(y + w.dy(y, best[1]))), a));
  },
  after(b, w) {
    if (!b.enabled || !w.scene.food.length) return;
    const r2 = fr(fr(b.eat_radius) * fr(b.eat_radius));
    w.scene.food = w.scene.food.filter((f) => !w.agents.some((a) => w.distanceSq(a.position[0], a.position[1], f[0], f[1]) < r2));
  },
};
