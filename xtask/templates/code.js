//en __TITLE__ (from `cargo xtask new-behaviour`: seek a fixed target; rewrite it).
//es ⟪translate⟫ __TITLE__ (from `cargo xtask new-behaviour`: seek a fixed target; rewrite it).
const __ID__ = {
  force(b, w, i, a, ctl) {
    const x = a.position[0];
    const y = a.position[1];
    ctl.add(b.weight, steerTowards(set(F, w.dx(x, fr(b.target[0])), w.dy(y, fr(b.target[1]))), a));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
  },
};
