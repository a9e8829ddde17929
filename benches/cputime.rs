//! This thread's CPU time (CLOCK_THREAD_CPUTIME_ID): on a shared 2-core machine it leaves out the
//! time other processes ran, which wall-clock figures include. Used by the criterion benches and by
//! `examples/bench_step.rs`.

use std::time::Duration;

pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid clock id and a valid out-pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Criterion measurement: thread CPU time instead of wall-clock time.
#[allow(dead_code)]
pub struct ThreadCpu;

#[allow(dead_code)]
mod measurement {
    use super::{thread_cpu, ThreadCpu};
    use criterion::measurement::{Measurement, ValueFormatter};
    use criterion::Throughput;
    use std::time::Duration;

    pub struct Fmt;

    impl ValueFormatter for Fmt {
        fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
            let (div, unit) = if typical < 1e3 {
                (1.0, "ns")
            } else if typical < 1e6 {
                (1e3, "µs")
            } else if typical < 1e9 {
                (1e6, "ms")
            } else {
                (1e9, "s")
            };
            for v in values {
                *v /= div;
            }
            unit
        }
        fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
            // Report ns (CPU) per element: the "ns per boid per step".
            let n = match t {
                Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => *n as f64,
                Throughput::Bits(n) => *n as f64,
            };
            for v in values {
                *v /= n.max(1.0);
            }
            "ns/elem"
        }
        fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
            "ns"
        }
    }

    impl Measurement for ThreadCpu {
        type Intermediate = Duration;
        type Value = Duration;
        fn start(&self) -> Duration {
            thread_cpu()
        }
        fn end(&self, i: Duration) -> Duration {
            thread_cpu() - i
        }
        fn add(&self, a: &Duration, b: &Duration) -> Duration {
            *a + *b
        }
        fn zero(&self) -> Duration {
            Duration::ZERO
        }
        fn to_f64(&self, v: &Duration) -> f64 {
            v.as_nanos() as f64
        }
        fn formatter(&self) -> &dyn ValueFormatter {
            &Fmt
        }
    }
}
