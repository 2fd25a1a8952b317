//===- ExactSchedule.cpp - The smallest peak of all orders -----------===//
//
// Branch and bound over prefixes of the order. Two facts keep the search
// small:
// - What is live after a prefix depends only on the set of steps in it, so
//   each set is expanded again only if reached with a smaller peak.
// - A ready step that begins no buffer can go first: doing it earlier
//   adds nothing at its own step and can only end buffers sooner. So only
//   steps that begin a buffer are branched on.
//
//===----------------------------------------------------------------------===//

#include "StepBuffers.h"

#include "../SearchBudget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

#include <algorithm>

using namespace memplan;

namespace {

/// A set of steps, as 64-bit words, hashed for the memo. The last word is
/// always 1, so that no set is one of the map's two special keys.
struct StepSet {
  llvm::SmallVector<uint64_t, 4> words;
};

struct StepSetInfo {
  static StepSet getEmptyKey() { return StepSet{}; }
  static StepSet getTombstoneKey() { return StepSet{{0}}; }
  static unsigned getHashValue(const StepSet &set) {
    return llvm::hash_combine_range(set.words.begin(), set.words.end());
  }
  static bool isEqual(const StepSet &a, const StepSet &b) {
    return a.words == b.words;
  }
};

class ExactSearch {
public:
  ExactSearch(const ScheduleProblem &problem, uint64_t startingPeak,
              uint64_t nodeBudget, double deadlineSeconds)
      : problem(problem), steps(problem), state(problem, steps),
        best(startingPeak),
        budget(detail::SearchBudget::forNodes(nodeBudget, deadlineSeconds)),
        waitingFor(problem.getNumSteps()),
        done{llvm::SmallVector<uint64_t, 4>(
            (problem.getNumSteps() + 63) / 64 + 1, 0)} {
    done.words.back() = 1;
    for (unsigned step = 0, e = problem.getNumSteps(); step != e; ++step) {
      waitingFor[step] = problem.predecessors[step].size();
      if (waitingFor[step] == 0)
        ready.push_back(step);
    }
  }

  ExactOrder run() {
    search(0);
    ExactOrder result;
    result.nodes = budget.getUsed();
    if (!bestOrder.empty() || problem.getNumSteps() == 0)
      result.order = bestOrder;
    if (!budget.isSpent())
      result.provenPeak = best;
    return result;
  }

private:
  void doStep(unsigned step, uint64_t &peak) {
    peak = std::max(peak, state.apply(step));
    prefix.push_back(step);
    done.words[step / 64] |= 1ull << (step % 64);
    auto it = llvm::find(ready, step);
    *it = ready.back();
    ready.pop_back();
    for (unsigned successor : steps.successors[step])
      if (--waitingFor[successor] == 0)
        ready.push_back(successor);
  }

  void undoStep(unsigned step) {
    for (unsigned successor : llvm::reverse(steps.successors[step]))
      if (waitingFor[successor]++ == 0)
        ready.erase(llvm::find(ready, successor));
    ready.push_back(step);
    done.words[step / 64] &= ~(1ull << (step % 64));
    prefix.pop_back();
    state.undo(step);
  }

  /// Pays for a node; true once the nodes or the time are spent.
  bool outOfBudget() { return budget.isSpent() || !budget.pay(1); }

  void search(uint64_t peak) {
    if (outOfBudget())
      return;
    // Do every ready step that begins nothing, in program order.
    size_t mark = prefix.size();
    for (bool progress = true; progress && peak < best;) {
      progress = false;
      llvm::SmallVector<unsigned> free;
      for (unsigned step : ready)
        if (state.getNewBytes(step) == 0)
          free.push_back(step);
      llvm::sort(free);
      for (unsigned step : free) {
        doStep(step, peak);
        progress = true;
      }
    }
    explore(peak);
    while (prefix.size() != mark)
      undoStep(prefix.back());
  }

  void explore(uint64_t peak) {
    if (peak >= best)
      return;
    if (prefix.size() == problem.getNumSteps()) {
      best = peak;
      bestOrder = prefix;
      return;
    }
    // Every step still to come is live with its buffers.
    uint64_t ahead = peak;
    for (unsigned step = 0, e = problem.getNumSteps(); step != e; ++step)
      if (!(done.words[step / 64] >> (step % 64) & 1))
        ahead = std::max(ahead, steps.stepBound[step]);
    if (ahead >= best)
      return;
    auto [it, inserted] = reached.try_emplace(done, peak);
    if (!inserted) {
      if (it->second <= peak)
        return;
      it->second = peak;
    }
    llvm::SmallVector<unsigned> choices(ready.begin(), ready.end());
    llvm::sort(choices, [&](unsigned a, unsigned b) {
      return isBetterListStep(state, a, b);
    });
    for (unsigned step : choices) {
      uint64_t next = peak;
      doStep(step, next);
      search(next);
      undoStep(step);
      if (budget.isSpent() || peak >= best)
        return;
    }
  }

  const ScheduleProblem &problem;
  StepBuffers steps;
  LiveState state;
  uint64_t best;
  llvm::SmallVector<unsigned> bestOrder;
  detail::SearchBudget budget;
  std::vector<unsigned> waitingFor;
  llvm::SmallVector<unsigned> ready;
  llvm::SmallVector<unsigned> prefix;
  StepSet done;
  llvm::DenseMap<StepSet, uint64_t, StepSetInfo> reached;
};

} // namespace

ExactOrder memplan::scheduleExact(const ScheduleProblem &problem,
                                  uint64_t startingPeak, uint64_t nodeBudget,
                                  double deadlineSeconds) {
  return ExactSearch(problem, startingPeak, nodeBudget, deadlineSeconds).run();
}
