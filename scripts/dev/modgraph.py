#!/usr/bin/env python3
"""The import graph of a crate's modules, from its source: which module names which.

    python3 scripts/dev/modgraph.py crates/steerlab-core/src        # edges, then the cycles
    python3 scripts/dev/modgraph.py crates/steerlab-core/src --dot  # Graphviz
    python3 scripts/dev/modgraph.py crates/steerlab-core/src --quiet  # only the cycles (the test command)

A node is a file (a module or a submodule: `fast/kernel`); an edge is a `crate::m::…` or
`super::m::…` path outside comments and `#[cfg(test)]` modules. Exits 1 when there is a cycle.
"""
import os, re, sys

root = sys.argv[1]
files = {}
for dp, _, fns in os.walk(root):
    for f in fns:
        if f.endswith('.rs'):
            p = os.path.join(dp, f)
            rel = os.path.relpath(p, root)[:-3]
            name = rel[:-4] if rel.endswith('/mod') else rel
            files[name] = p

def strip(src):
    i = src.find('#[cfg(test)]\nmod tests')
    if i >= 0:
        src = src[:i]
    src = re.sub(r'#\[cfg\(test\)\]\s*mod \w+;', '', src)
    return '\n'.join(l.split('//')[0] if '"' not in l else l for l in src.splitlines() if not l.lstrip().startswith('//'))

def resolve(parts):
    """The longest module prefix of a path that is a file of the crate."""
    for k in range(len(parts), 0, -1):
        cand = '/'.join(parts[:k])
        if cand in files:
            return cand
    return None

edges = {n: set() for n in files}
for name, p in files.items():
    src = strip(open(p).read())
    parent = name.split('/')[:-1] if not p.endswith('mod.rs') else name.split('/')[:-1]
    here = name.split('/')
    # a module's own scope for `super::`: the parent of the file's module
    for m in re.finditer(r'\b(crate|super|self)((?:::\w+)+)', src):
        segs = m.group(2).strip(':').split('::')
        if m.group(1) == 'crate':
            base = []
        elif m.group(1) == 'super':
            base = here[:-1]
            while segs and segs[0] == 'super':
                base = base[:-1]; segs = segs[1:]
        else:
            base = here
        tgt = resolve(base + segs)
        if tgt and tgt != name and not name.startswith(tgt + '/') :
            edges[name].add(tgt)
    # `use super::{a, b}` lists
    for m in re.finditer(r'\b(crate|super)::\{([^}]*)\}', src):
        base = [] if m.group(1) == 'crate' else here[:-1]
        for item in m.group(2).split(','):
            tgt = resolve(base + [item.strip().split('::')[0]])
            if tgt and tgt != name and not name.startswith(tgt + '/'):
                edges[name].add(tgt)

# strongly connected components (Tarjan)
index, low, stack, on, comps, c = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def visit(v):
    index[v] = low[v] = c[0]; c[0] += 1; stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: comps.append(sorted(comp))
for v in sorted(edges):
    if v not in index: visit(v)

if '--dot' in sys.argv:
    print('digraph core {\n  rankdir=BT; node [shape=box, fontname="monospace"];')
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f'  "{a}" -> "{b}";')
    print('}')
elif '--quiet' in sys.argv:
    print('import cycles in', root + ':', comps if comps else 'none')
else:
    for a in sorted(edges):
        print(f'{a} -> {", ".join(sorted(edges[a])) or "(nothing)"}')
    print('cycles:', comps if comps else 'none')
sys.exit(1 if comps else 0)
