//===- ExactModel.cpp - The problem as the exact search sees it -----------===//

#include "ExactModel.h"

#include "memplan/Planner/CheckedMath.h"

#include "../IntervalLists.h"
#include "../TimeSections.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace llvm;

namespace memplan::detail {

/// Whether buffers `a` and `b` of `component` are live in a common section:
/// a merge of their runs, each in section order.
static bool liveSectionsMeet(const ExactComponent &component, unsigned a,
                             unsigned b) {
  ArrayRef<std::pair<unsigned, unsigned>> runsA = component.getLiveSections(a);
  ArrayRef<std::pair<unsigned, unsigned>> runsB = component.getLiveSections(b);
  return doIntervalListsMeet(
      runsA, runsB, [](std::pair<unsigned, unsigned> run) { return run; });
}

Expected<ExactModel> buildExactModel(ArrayRef<Buffer> buffers) {
  ExactModel model;
  uint64_t unit = 0;
  for (const Buffer &buffer : buffers) {
    if (!isPowerOf2_64(buffer.alignment))
      return createStringError(std::errc::invalid_argument,
                               "alignment %llu is not a power of two",
                               (unsigned long long)buffer.alignment);
    if (occupiesMemory(buffer))
      unit = std::gcd(unit, buffer.size);
  }
  // Offsets are sums of sizes rounded up to alignments. Rounding a multiple
  // of the unit up to an alignment that divides it, or that it divides,
  // gives a multiple of the unit; any other alignment shrinks the unit.
  unit = unit == 0 ? 1 : unit;
  for (const Buffer &buffer : buffers)
    if (occupiesMemory(buffer) && unit % buffer.alignment != 0 &&
        buffer.alignment % unit != 0)
      unit = std::gcd(unit, buffer.alignment);
  model.unit = unit;
  TimeSections timeSections(buffers);

  // Section k is [times[k], times[k + 1]). A boundary k (between sections
  // k - 1 and k) splits components when no buffer's hull covers both sides.
  unsigned numSections = timeSections.size();
  SmallVector<unsigned> crossing(numSections + 1, 0);
  for (const Buffer &buffer : buffers) {
    if (!occupiesMemory(buffer))
      continue;
    auto [first, end] = timeSections.sectionsOf(buffer);
    // Boundaries first + 1 .. end - 1 lie inside the buffer.
    if (first + 1 < end) {
      ++crossing[first + 1];
      --crossing[end];
    }
  }
  SmallVector<unsigned> componentOfSection(numSections, ~0u);
  SmallVector<unsigned> firstSectionOfComponent;
  unsigned running = 0;
  for (unsigned k = 0; k != numSections; ++k) {
    running += crossing[k];
    bool startsNew = k == 0 || running == 0;
    if (startsNew)
      firstSectionOfComponent.push_back(k);
    componentOfSection[k] = firstSectionOfComponent.size() - 1;
  }

  model.components.resize(firstSectionOfComponent.size());
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    if (!occupiesMemory(buffer))
      continue;
    auto [first, end] = timeSections.sectionsOf(buffer);
    unsigned componentIndex = componentOfSection[first];
    ExactComponent &component = model.components[componentIndex];
    unsigned base = firstSectionOfComponent[componentIndex];
    component.original.push_back(index);
    component.sizes.push_back(buffer.size / model.unit);
    // An alignment that divides the unit holds for every offset.
    component.alignments.push_back(
        std::max<uint64_t>(buffer.alignment / model.unit, 1));
    component.firstSection.push_back(first - base);
    component.endSection.push_back(end - base);
    uint64_t lifetime = 0;
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      component.liveSections.push_back({timeSections.sectionAt(start) - base,
                                        timeSections.sectionAt(end) - base});
      lifetime += end - start;
    });
    component.liveBegin.push_back(component.liveSections.size());
    component.lifetimes.push_back(lifetime);
  }

  // Drop components without buffers (spans where nothing is live) and fill
  // in sections and overlaps.
  llvm::erase_if(model.components, [](const ExactComponent &component) {
    return component.original.empty();
  });
  for (ExactComponent &component : model.components) {
    unsigned sections = 0;
    for (unsigned i = 0, e = component.size(); i != e; ++i)
      sections = std::max(sections, component.endSection[i]);
    // Each section's total from the sizes that start and end there, not
    // section by section: nested lifetimes cover n^2 sections in all. What
    // starts at s is part of the total at s and what ends there part of the
    // one before, so these sums overflow only if a total does.
    auto overflow = [] {
      return createStringError(std::errc::value_too_large,
                               "the total size of buffers live at one "
                               "time overflows 64 bits");
    };
    SmallVector<uint64_t> starting(sections, 0), ending(sections + 1, 0);
    for (unsigned i = 0, e = component.size(); i != e; ++i)
      for (auto [first, end] : component.getLiveSections(i)) {
        std::optional<uint64_t> sum =
            checkedAdd(starting[first], component.sizes[i]);
        if (!sum)
          return overflow();
        starting[first] = *sum;
        ending[end] += component.sizes[i];
      }
    component.sectionTotals.assign(sections, 0);
    uint64_t live = 0;
    for (unsigned s = 0; s != sections; ++s) {
      std::optional<uint64_t> total = checkedAdd(live - ending[s], starting[s]);
      if (!total)
        return overflow();
      live = component.sectionTotals[s] = *total;
    }
    component.liveBound = 0;
    for (uint64_t total : component.sectionTotals)
      component.liveBound = std::max(component.liveBound, total);

    if (component.size() > kMaxSearchBuffers) {
      component.isSearchable = false;
      continue;
    }
    // Two buffers overlap when their live sections intersect. Sweep the
    // buffers by first section, keeping those whose hulls are still open;
    // where one of two hulls that meet has gaps, compare their runs.
    SmallVector<unsigned> byFirst(component.size());
    std::iota(byFirst.begin(), byFirst.end(), 0u);
    llvm::stable_sort(byFirst, [&](unsigned a, unsigned b) {
      return component.firstSection[a] < component.firstSection[b];
    });
    component.overlaps.resize(component.size());
    SmallVector<unsigned> open;
    for (unsigned i : byFirst) {
      llvm::erase_if(open, [&](unsigned j) {
        return component.endSection[j] <= component.firstSection[i];
      });
      component.overlapPairs += open.size();
      if (component.overlapPairs > kMaxOverlapPairs) {
        component.isSearchable = false;
        break;
      }
      for (unsigned j : open) {
        if ((component.getLiveSections(i).size() > 1 ||
             component.getLiveSections(j).size() > 1) &&
            !liveSectionsMeet(component, i, j))
          continue;
        component.overlaps[i].push_back(j);
        component.overlaps[j].push_back(i);
      }
      open.push_back(i);
    }
    if (!component.isSearchable) {
      component.overlaps.clear();
      continue;
    }
    for (auto &list : component.overlaps)
      llvm::sort(list);
    // Only searches read the members, and few buffers overlap here.
    component.sectionMembers.resize(sections);
    for (unsigned i = 0, e = component.size(); i != e; ++i)
      for (auto [first, end] : component.getLiveSections(i))
        for (unsigned s = first; s != end; ++s)
          component.sectionMembers[s].push_back(i);
  }
  return model;
}

} // namespace memplan::detail
