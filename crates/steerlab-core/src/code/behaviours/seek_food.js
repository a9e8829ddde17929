//en Seek food: go for the nearest food within radius; food closer than eat_radius to anyone is eaten.
//es Buscar comida: ir a por la comida más cercana dentro de radius; la que queda a menos de
//es eat_radius de alguien se la comen.
const seek_food = {
  force(b, w, i, a, ctl) {
    if (!b.enabled) return;
    const r2 = fr(fr(b.radius) * fr(b.radius));
    let best = null;
    let bestD2 = Infinity;
    for (const f of w.scene.food) {
      const d2 = w.distanceSq(a.position, f);
      if (d2 < r2 && d2 < bestD2) [bestD2, best] = [d2, f];
    }
    if (best) ctl.add(b.weight, seekPoint(a, add(a.position, w.delta(a.position, best))));
  },
  after(b, w) {
    if (!b.enabled) return;
    const r2 = fr(fr(b.eat_radius) * fr(b.eat_radius));
    w.scene.food = w.scene.food.filter((f) => !w.agents.some((a) => w.distanceSq(a.position, f) < r2));
  },
};
