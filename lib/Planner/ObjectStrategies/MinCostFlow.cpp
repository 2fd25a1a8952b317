//===- MinCostFlow.cpp - Shared objects as a min-cost path cover ----------===//
//
// Lee et al. 2019 ("On-Device Neural Net Inference with Mobile GPUs"): the
// buffers of one object, in time order, form a path in the DAG with an edge
// i -> j whenever buffer i ends at or before buffer j starts. A plan is a
// cover of the buffers by such paths, found as a min-cost flow:
//
//   source -> out(i)  capacity 1, cost 0      i may hand its object on
//   out(i) -> in(j)   capacity 1, cost max(0, size(j) - size(i)),
//                     for every i that ends at or before j starts
//   source -> in(j)   capacity 1, cost size(j)  j opens a new object
//   in(j)  -> sink    capacity 1, cost 0      every buffer gets an object
//
// A flow of n units (one per buffer, the maximum) saturates every in(j); the
// edges out(i) -> in(j) carrying flow chain the buffers into objects. All
// costs are non-negative, so Boost's successive_shortest_path_nonnegative_
// weights solves it exactly in O(n * E log n) for E reuse edges (up to
// n^2 / 2).
//
// Limits of the formulation: the cost of a path is its first size plus every
// increase along it, which is the object's size (its largest buffer) only
// when the path never shrinks and then grows again. Sizes 8, 2, 8 cost 14
// for an object of 8 bytes. The flow thus minimizes an upper bound of the
// total; the plan reports the true object sizes, never more than the cost.
//
// This is Lee et al.'s network, with every pair i -> j. It has up to n^2 / 2
// reuse edges, and each of the n augmentations runs Dijkstra over all of
// them: 1000 buffers took 20 s. So when the DAG has more than kMaxEdges edges,
// each buffer keeps only its kMaxEdges / n successors that start first (the
// closest in time, which leave the object idle least); the flow is then
// optimal for that sparser DAG only, and `details` says so. Above kMaxBuffers
// buffers, or when the costs could overflow int64, the flow is not attempted:
// the plan is greedy-size's and `details` says so. The time limit of
// StrategyOptions is not honoured: Boost's solver cannot be interrupted
// (greedy-size, where it stands in, keeps the deadline).
//
//===----------------------------------------------------------------------===//

#include "ObjectStrategies.h"

#include "memplan/Planner/CheckedMath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/successive_shortest_path_nonnegative_weights.hpp>

#include <limits>
#include <numeric>
#include <optional>

using namespace llvm;

// LLVM builds without exceptions, so Boost asks the program for these. The
// solver only throws on a negative reduced cost, which non-negative costs
// rule out.
namespace boost {
void throw_exception(const std::exception &error) {
  report_fatal_error(Twine("mincost-flow: Boost.Graph failed: ") +
                     error.what());
}
void throw_exception(const std::exception &error, const source_location &) {
  throw_exception(error);
}
} // namespace boost

namespace memplan {

namespace {
/// The largest problem solved by the flow; larger ones fall back to
/// greedy-size.
constexpr size_t kMaxBuffers = 1000;
/// The most reuse edges before each buffer's successors are cut to the
/// earliest ones. With kMaxBuffers buffers, this keeps the flow to seconds.
constexpr size_t kMaxEdges = 50000;

using Traits =
    boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using Graph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<
        boost::edge_capacity_t, int64_t,
        boost::property<
            boost::edge_residual_capacity_t, int64_t,
            boost::property<boost::edge_reverse_t, Traits::edge_descriptor,
                            boost::property<boost::edge_weight_t, int64_t>>>>>;

class MinCostFlowObjectStrategy final : public ObjectStrategy {
public:
  explicit MinCostFlowObjectStrategy(const Deadline &deadline)
      : deadline(deadline) {}

  StringRef getName() const override { return "mincost-flow"; }

  /// The plan by the rule, which takes each lifetime as its hull (the
  /// registry empties its objects into the gaps: StrategyTraits::PlansHulls).
  Expected<ObjectPlan> plan(ArrayRef<Buffer> buffers) const override;

private:
  Expected<ObjectPlan> fallBack(ArrayRef<Buffer> buffers,
                                const Twine &why) const;

  /// Greedy-size's, when it falls back on it; the flow does not stop.
  Deadline deadline;
};
} // namespace

Expected<ObjectPlan>
MinCostFlowObjectStrategy::fallBack(ArrayRef<Buffer> buffers,
                                    const Twine &why) const {
  Expected<ObjectPlan> plan = detail::createGreedyBySizeObjectStrategy(
                                  detail::FreeObjectSearch::Automatic, deadline)
                                  ->plan(buffers);
  if (plan) {
    plan->outcome.strategy = getName().str();
    std::string stopped =
        plan->details.empty() ? "" : " (" + plan->details + ")";
    plan->details =
        ("mincost-flow: " + why + "; used greedy-size" + stopped).str();
  }
  return plan;
}

Expected<ObjectPlan>
MinCostFlowObjectStrategy::plan(ArrayRef<Buffer> buffers) const {
  if (Error error = detail::checkObjectProblem(buffers, getName()))
    return std::move(error);
  size_t n = buffers.size();
  if (n > kMaxBuffers)
    return fallBack(buffers, Twine(n) + " buffers are more than the " +
                                 Twine(kMaxBuffers) + " the flow handles");
  // Path costs are sums of sizes, and the solver adds and subtracts them:
  // keep every sum of all sizes well inside int64.
  uint64_t sizeSum = 0;
  for (const Buffer &buffer : buffers) {
    std::optional<uint64_t> sum = checkedAdd(sizeSum, buffer.size);
    if (!sum || *sum > uint64_t(std::numeric_limits<int64_t>::max() / 4))
      return fallBack(buffers, "the sizes are too large for int64 costs");
    sizeSum = *sum;
  }

  Graph graph(2 * n + 2);
  const size_t source = 2 * n, sink = 2 * n + 1;
  auto out = [](size_t i) { return i; };
  auto in = [n](size_t j) { return n + j; };
  auto capacity = boost::get(boost::edge_capacity, graph);
  auto reverse = boost::get(boost::edge_reverse, graph);
  auto weight = boost::get(boost::edge_weight, graph);
  auto addEdge = [&](size_t from, size_t to, int64_t cost) {
    Traits::edge_descriptor edge = boost::add_edge(from, to, graph).first;
    Traits::edge_descriptor back = boost::add_edge(to, from, graph).first;
    capacity[edge] = 1;
    capacity[back] = 0;
    weight[edge] = cost;
    weight[back] = -cost;
    reverse[edge] = back;
    reverse[back] = edge;
  };

  // Buffers by start, so that the successors of i are a suffix.
  SmallVector<unsigned> byStart(n);
  std::iota(byStart.begin(), byStart.end(), 0u);
  llvm::stable_sort(byStart, [&](unsigned lhs, unsigned rhs) {
    return buffers[lhs].start < buffers[rhs].start;
  });
  // The successors of buffer i are byStart[firstSuccessor[i]...].
  SmallVector<size_t> firstSuccessor =
      llvm::map_to_vector(buffers, [&](const Buffer &buffer) -> size_t {
        return llvm::partition_point(
                   byStart,
                   [&](unsigned j) { return buffers[j].start < buffer.end; }) -
               byStart.begin();
      });
  size_t numEdges = 0;
  for (size_t first : firstSuccessor)
    numEdges += n - first;
  size_t maxSuccessors = n;
  if (numEdges > kMaxEdges)
    maxSuccessors = std::max<size_t>(kMaxEdges / n, 1);

  for (size_t i = 0; i != n; ++i) {
    addEdge(source, out(i), 0);
    addEdge(source, in(i), int64_t(buffers[i].size));
    addEdge(in(i), sink, 0);
    size_t first = firstSuccessor[i];
    size_t last = std::min(n, first + maxSuccessors);
    for (unsigned j : ArrayRef(byStart).slice(first, last - first)) {
      uint64_t growth = buffers[j].size > buffers[i].size
                            ? buffers[j].size - buffers[i].size
                            : 0;
      addEdge(out(i), in(j), int64_t(growth));
    }
  }

  boost::successive_shortest_path_nonnegative_weights(graph, source, sink);

  // The successor of each buffer in its object, if any.
  auto residual = boost::get(boost::edge_residual_capacity, graph);
  SmallVector<std::optional<unsigned>> next(n);
  SmallVector<bool> hasPrev(n, false);
  // The cost of the flow, for `details`: a new object for every buffer
  // without a predecessor, plus every growth along the chains.
  int64_t cost = 0;
  for (size_t i = 0; i != n; ++i) {
    for (auto edge : make_range(boost::out_edges(out(i), graph))) {
      size_t to = boost::target(edge, graph);
      if (to >= n && to < 2 * n && capacity[edge] == 1 && residual[edge] == 0) {
        next[i] = to - n;
        hasPrev[to - n] = true;
        cost += weight[edge];
      }
    }
  }

  detail::ObjectSet objects(buffers);
  for (size_t head = 0; head != n; ++head) {
    if (hasPrev[head])
      continue;
    cost += int64_t(buffers[head].size);
    unsigned object = objects.create(head);
    for (std::optional<unsigned> j = next[head]; j; j = next[*j])
      objects.assign(*j, object);
  }
  Expected<ObjectPlan> plan = objects.takePlan(getName());
  if (plan) {
    plan->details =
        ("mincost-flow: flow cost " + Twine(cost) + " bytes, objects total " +
         Twine(plan->getTotalSize()) + " bytes")
            .str();
    if (maxSuccessors < n)
      plan->details +=
          (", with each buffer's reuse cut to the " + Twine(maxSuccessors) +
           " earliest of " + Twine(numEdges) + " edges")
              .str();
  }
  return plan;
}

std::unique_ptr<ObjectStrategy>
createMinCostFlowObjectStrategy(const StrategyOptions &options) {
  return std::make_unique<MinCostFlowObjectStrategy>(options.deadline);
}

} // namespace memplan
