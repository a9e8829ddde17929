//en Flee the pointer (w.pointer = [x, y] while it is over the canvas; null otherwise).
//es Huir del puntero (w.pointer = [x, y] mientras está sobre el lienzo; null si no).
const flee_pointer = {
  force(b, w, i, a, ctl) {
    if (!b.enabled || !w.pointer) return;
    const p = w.pointer.map(fr);
    if (w.distanceSq(a.position, p) < fr(fr(b.radius) * fr(b.radius))) {
      ctl.add(b.weight, fleePoint(a, add(a.position, w.delta(a.position, p))));
    }
  },
  draw(b, w, paint) {
    if (b.enabled && w.pointer) paint.circle(w.pointer, 10, "#c0392b");
  },
};
