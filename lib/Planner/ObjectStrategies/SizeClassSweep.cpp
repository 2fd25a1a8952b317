//===- SizeClassSweep.cpp - Free objects for the buffers of one size ------===//

#include "SizeClassSweep.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <limits>
#include <utility>

using namespace llvm;

namespace memplan::detail {

static constexpr uint64_t kFreeFromNowOn = std::numeric_limits<uint64_t>::max();

void AssignedLifetimes::update(ArrayRef<Buffer> buffers) {
  if (added.empty())
    return;
  SmallVector<Lifetime, 0> lifetimes;
  lifetimes.reserve(added.size());
  for (auto [buffer, object] : added)
    lifetimes.push_back(
        {buffers[buffer].start, buffers[buffer].end, buffer, object});
  added.clear();
  // Into each order by its time, ties by index, as a stable sort of all the
  // buffers' indices would put them.
  auto mergeBy = [&](SmallVectorImpl<Lifetime> &order, auto key) {
    auto less = [&](const Lifetime &lhs, const Lifetime &rhs) {
      return std::make_pair(key(lhs), lhs.buffer) <
             std::make_pair(key(rhs), rhs.buffer);
    };
    std::sort(lifetimes.begin(), lifetimes.end(), less);
    merged.clear();
    merged.reserve(order.size() + lifetimes.size());
    std::merge(order.begin(), order.end(), lifetimes.begin(), lifetimes.end(),
               std::back_inserter(merged), less);
    std::swap(order, merged);
  };
  mergeBy(byStart, [](const Lifetime &lifetime) { return lifetime.start; });
  mergeBy(byEnd, [](const Lifetime &lifetime) { return lifetime.end; });
}

SizeClassSweep::SizeClassSweep(ArrayRef<Buffer> buffers, unsigned numObjects,
                               const AssignedLifetimes &assigned,
                               unsigned members)
    : buffers(buffers), numObjects(numObjects), numOldObjects(numObjects),
      starts(assigned.getByStart()), ends(assigned.getByEnd()) {
  // Each old object's lifetimes, by start, counted then laid out.
  listBegin.assign(numOldObjects + 1, 0);
  for (const AssignedLifetimes::Lifetime &lifetime : starts)
    ++listBegin[lifetime.object + 1];
  for (unsigned object = 0; object != numOldObjects; ++object)
    listBegin[object + 1] += listBegin[object];
  lifetimes.resize(listBegin.back());
  SmallVector<size_t> filled(listBegin.begin(), listBegin.end() - 1);
  for (const AssignedLifetimes::Lifetime &lifetime : starts)
    lifetimes[filled[lifetime.object]++] = {lifetime.start, lifetime.end};
  notEnded.assign(listBegin.begin(), listBegin.end() - 1);

  // Room for an object per member.
  memberEnd.assign(numObjects + members, 0);
  numLeaves = llvm::PowerOf2Ceil(std::max(numObjects + members, 1u));
  keys.assign(2 * size_t(numLeaves), 0);
  // The keys at time 0; a start or end at 0 updates its object again.
  for (unsigned object = 0; object != numOldObjects; ++object)
    update(object, 0);
}

void SizeClassSweep::update(unsigned object, uint64_t now) {
  uint64_t key = kFreeFromNowOn;
  if (object < numOldObjects) {
    // Lifetimes of one object are disjoint, so they end in start order too.
    size_t &next = notEnded[object];
    while (next != listBegin[object + 1] && lifetimes[next].second <= now)
      ++next;
    if (next != listBegin[object + 1])
      key = lifetimes[next].first <= now ? 0 : lifetimes[next].first;
  }
  // A member's lifetime began at or before `now`.
  if (memberEnd[object] > now)
    key = 0;
  size_t node = numLeaves + size_t(object);
  if (keys[node] == key)
    return;
  keys[node] = key;
  for (node /= 2; node != 0; node /= 2) {
    uint64_t largest = std::max(keys[2 * node], keys[2 * node + 1]);
    // Above a node that did not change, nothing does.
    if (keys[node] == largest)
      break;
    keys[node] = largest;
  }
}

void SizeClassSweep::advanceTo(uint64_t now) {
  assert(now >= sweptTo && "the members come by start");
  sweptTo = now;
  // update() settles an object's key at `now` from its lifetimes, whatever
  // order its changes come in: each change just names the object.
  for (; startsPassed != starts.size() && starts[startsPassed].start <= now;
       ++startsPassed)
    update(starts[startsPassed].object, now);
  for (; endsPassed != ends.size() && ends[endsPassed].end <= now; ++endsPassed)
    update(ends[endsPassed].object, now);
  while (!memberEnds.empty() && memberEnds.top().first <= now) {
    unsigned object = memberEnds.top().second;
    memberEnds.pop();
    update(object, now);
  }
}

std::optional<unsigned>
SizeClassSweep::findObject(unsigned buffer, ArrayRef<unsigned> runStarts) {
  const Buffer &b = buffers[buffer];
  advanceTo(b.start);
  // An object is free for b iff its key is at least b's end, which is
  // positive: busy objects and leaves past the objects hold 0.
  if (keys[1] < b.end)
    return std::nullopt;
  // The last free object names the last run that has one.
  size_t node = 1;
  while (node < numLeaves)
    node = keys[2 * node + 1] >= b.end ? 2 * node + 1 : 2 * node;
  unsigned last = node - numLeaves;
  unsigned runStart = *std::prev(llvm::upper_bound(runStarts, last));
  // The first free object from the run's start: up from its leaf until a
  // right sibling holds one, then down its leftmost path. `last` bounds it.
  node = numLeaves + size_t(runStart);
  if (keys[node] >= b.end)
    return runStart;
  while ((node & 1) != 0 || keys[node + 1] < b.end)
    node /= 2;
  for (++node; node < numLeaves;)
    node = keys[2 * node] >= b.end ? 2 * node : 2 * node + 1;
  assert(node - numLeaves <= last && "the last free object bounds the first");
  return unsigned(node - numLeaves);
}

void SizeClassSweep::take(unsigned buffer, unsigned object) {
  assert(object <= numObjects && "objects are made one at a time");
  if (object == numObjects)
    ++numObjects;
  const Buffer &b = buffers[buffer];
  memberEnd[object] = b.end;
  memberEnds.push({b.end, object});
  update(object, b.start);
}

} // namespace memplan::detail
