//en __TITLE__ (from `cargo xtask new-behaviour`: seek a fixed target; rewrite it).
//es ⟪translate⟫ __TITLE__ (from `cargo xtask new-behaviour`: seek a fixed target; rewrite it).
const __ID__ = {
  force(b, w, i, a, ctl) {
    ctl.add(b.weight, steerTowards(w.delta(a.position, b.target.map(fr)), a));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
  },
};
