"""No import circles among speciesgym's modules (import-linter's layer contracts, run by
`make lint`, keep the floors; this keeps modules of one floor from importing each other in a
ring). Lazy imports inside functions count: grimp reads every import statement."""
import grimp


def strongly_connected(graph):
    """The modules in rings, as sorted lists (Tarjan, iterative)."""
    index, low, on, stack, rings, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]; counter[0] += 1
                    stack.append(nxt); on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    ring = []
                    while True:
                        member = stack.pop(); on.discard(member); ring.append(member)
                        if member == node:
                            break
                    if len(ring) > 1:
                        rings.append(sorted(ring))
    return rings


def test_the_ring_finder_finds_a_ring_and_no_false_one():
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert strongly_connected({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_module_imports_itself_through_others():
    graph = grimp.build_graph("speciesgym")
    modules = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    assert len(modules) > 150, "the graph should hold every module of the package"
    rings = strongly_connected(modules)
    assert not rings, "import circles:\n" + "\n".join(" <-> ".join(r) for r in rings)
