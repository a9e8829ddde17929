//en Seek: full speed straight at the target.
//es Seek: a toda velocidad directo al objetivo.
const seek = {
  force(b, w, i, a, ctl) {
    ctl.add(b.weight, steerTowards(w.delta(a.position, b.target.map(fr)), a));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
  },
};
