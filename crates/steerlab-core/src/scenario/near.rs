//! Near misses: `unknown value `avoid_obstacle`, expected one of …` (19 names) becomes `unknown
//! value `avoid_obstacle`, did you mean `avoid_obstacles`?` when one name is a letter or two away
//! (case and `-`/`_` aside). Bytes only: `char` classes would link Unicode tables into the module.

/// `reason` with the near miss named in place of the list, or as it is.
pub(crate) fn near_miss(reason: String) -> String {
    let b = reason.as_bytes();
    let Some(start) =
        [b"unknown value `".as_slice(), b"unknown field `"].iter().find(|p| b.starts_with(p)).map(|p| p.len())
    else {
        return reason;
    };
    let Some(len) = b[start..].iter().position(|&c| c == b'`') else { return reason };
    let word = &b[start..start + len];
    let rest = &b[start + len + 1..];
    if !rest.starts_with(b", expected ") {
        return reason;
    }
    // The names the list gives, each between backticks: (where it starts in `reason`, its length).
    let mut best: Option<(usize, usize, usize)> = None;
    let at = start + len + 1;
    let mut inside = false;
    let mut from = 0;
    for (i, &c) in rest.iter().enumerate() {
        if c != b'`' {
            continue;
        }
        if inside {
            let name = &rest[from..i];
            let d = distance(word, name);
            if best.is_none_or(|(_, _, x)| d < x) {
                best = Some((at + from, name.len(), d));
            }
        } else {
            from = i + 1;
        }
        inside = !inside;
    }
    match best {
        Some((i, n, d)) if d <= (word.len() / 4).clamp(1, 3) && &b[i..i + n] != word => {
            // (Backticks are ASCII: these are character boundaries.)
            let mut out = String::with_capacity(at + n + 20);
            out.push_str(&reason[..at]);
            out.push_str(", did you mean `");
            out.push_str(&reason[i..i + n]);
            out.push_str("`?");
            out
        }
        _ => reason,
    }
}

/// Optimal string alignment distance, ASCII case and `-`/`_` aside.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let norm = |c: u8| if c == b'-' { b'_' } else { c.to_ascii_lowercase() };
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (j, x) in d.iter_mut().take(w).enumerate() {
        *x = j;
    }
    for i in 1..=a.len() {
        d[i * w] = i;
        for j in 1..=b.len() {
            let cost = usize::from(norm(a[i - 1]) != norm(b[j - 1]));
            let mut x = (d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1).min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && norm(a[i - 1]) == norm(b[j - 2]) && norm(a[i - 2]) == norm(b[j - 1]) {
                x = x.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = x;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::near_miss;

    #[test]
    fn a_near_miss_is_named_instead_of_the_list() {
        let m = |s: &str| near_miss(s.to_string());
        assert_eq!(
            m("unknown value `avoid_obstacle`, expected one of `separation`, `avoid_obstacles`, `seek`"),
            "unknown value `avoid_obstacle`, did you mean `avoid_obstacles`?"
        );
        assert_eq!(
            m("unknown field `wieght`, expected one of `type`, `weight`"),
            "unknown field `wieght`, did you mean `weight`?"
        );
        assert_eq!(
            m("unknown value `Avoid-Obstacles`, expected `avoid_obstacles` or `seek`"),
            "unknown value `Avoid-Obstacles`, did you mean `avoid_obstacles`?"
        );
        // Nothing near: the list stays.
        let far = "unknown value `teleport`, expected one of `seek`, `flee`";
        assert_eq!(m(far), far);
        assert_eq!(m("must be > 0, got -3"), "must be > 0, got -3");
    }
}
