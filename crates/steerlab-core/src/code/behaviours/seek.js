//en Seek: full speed straight at the target.
//es Seek: a toda velocidad directo al objetivo.
const seek = {
  force(b, w, i, a, ctl) {
    const to = w.delta(a.position, b.target);
    ctl.add(b.weight, steerTowards(to, a));
  },
};
