//en Flee the pointer (w.pointer = [x, y] while it is over the game; null otherwise).
//es Huir del puntero (w.pointer = [x, y] mientras está sobre el juego; null si no).
const flee_pointer = {
  force(b, w, i, a, ctl) {
    if (!b.enabled || !w.pointer) return;
    const x = a.position[0];
    const y = a.position[1];
    const dx = w.dx(x, fr(w.pointer[0]));
    const dy = w.dy(y, fr(w.pointer[1]));
    if (lengthSq(dx, dy) < fr(fr(b.radius) * fr(b.radius))) ctl.add(b.weight, fleePoint(set(F, fr(x + dx), fr(y + dy)), a));
  },
  draw(b, w, paint) {
    if (b.enabled && w.pointer) paint.circle(w.pointer, 10, "#c0392b");
  },
};
