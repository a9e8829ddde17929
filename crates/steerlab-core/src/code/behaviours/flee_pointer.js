//en Flee the pointer (w.pointer = [x, y] while it is over the canvas; null otherwise).
//es Huir del puntero (w.pointer = [x, y] mientras está sobre el lienzo; null si no).
const flee_pointer = {
  force(b, w, i, a, ctl) {
    if (!b.enabled || !w.pointer) return;
    if (w.distanceSq(a.position, w.pointer) < b.radius * b.radius) {
      ctl.add(b.weight, fleePoint(a, add(a.position, w.delta(a.position, w.pointer))));
    }
  },
};
