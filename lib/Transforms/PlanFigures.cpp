//===- PlanFigures.cpp - What a planning pass did, in numbers -------------===//

#include "PlanFigures.h"

#include "memplan/Transforms/Passes.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <atomic>
#include <numeric>

namespace memplan {

uint64_t PlanFigures::getLeftAlone() const {
  return std::accumulate(leftAloneByKind.begin(), leftAloneByKind.end(),
                         uint64_t{0});
}

void PlanFigures::addDetails(llvm::StringRef more) {
  if (more.empty())
    return;
  if (!details.empty())
    details += "; ";
  details += more.str();
}

PlanFigures &PlanFigures::operator+=(const PlanFigures &other) {
  buffers += other.buffers;
  planned += other.planned;
  slabs += other.slabs;
  slabBytes += other.slabBytes;
  naiveBytes += other.naiveBytes;
  lowerBoundBytes += other.lowerBoundBytes;
  provenBytes += other.provenBytes;
  stackPlanned += other.stackPlanned;
  stackSlabs += other.stackSlabs;
  stackBytes += other.stackBytes;
  atUpperBound += other.atUpperBound;
  upperBoundBytes += other.upperBoundBytes;
  atRunTimeSize += other.atRunTimeSize;
  runTimeSizeOps += other.runTimeSizeOps;
  gapped += other.gapped;
  laterLives += other.laterLives;
  for (unsigned kind = 0; kind < kNumLeftAloneKinds; ++kind)
    leftAloneByKind[kind] += other.leftAloneByKind[kind];
  addDetails(other.details);
  return *this;
}

std::string PlanFigures::describeLeftAlone() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (unsigned kind = 0; kind < kNumLeftAloneKinds; ++kind) {
    if (!leftAloneByKind[kind])
      continue;
    if (!text.empty())
      os << ", ";
    os << leftAloneByKind[kind] << " "
       << getLeftAloneKindName(static_cast<LeftAloneKind>(kind));
  }
  return text;
}

void PlanFigures::printStatistics(llvm::raw_ostream &os,
                                  llvm::StringRef passName) const {
  auto line = [&](uint64_t value, const llvm::Twine &name) {
    os << "    (S) " << llvm::format_decimal(value, 12) << " " << name.str()
       << "\n";
  };
  os << "===" << std::string(73, '-') << "===\n"
     << "                  ... memplan pass statistics report ...\n"
     << "===" << std::string(73, '-') << "===\n"
     << "  " << passName << "\n";
  line(buffers, "buffers");
  line(planned, "planned");
  line(getLeftAlone(), "left-alone");
  for (unsigned kind = 0; kind < kNumLeftAloneKinds; ++kind)
    line(leftAloneByKind[kind],
         llvm::Twine("left-alone-") +
             getLeftAloneKindName(static_cast<LeftAloneKind>(kind)));
  line(slabs, "slabs");
  line(slabBytes, "slab-bytes");
  line(naiveBytes, "naive-bytes");
  line(lowerBoundBytes, "lower-bound-bytes");
  line(stackPlanned, "stack-planned");
  line(stackBytes, "stack-slab-bytes");
  line(atUpperBound, "planned-at-upper-bound");
  line(upperBoundBytes, "upper-bound-bytes");
  line(atRunTimeSize, "planned-at-run-time-size");
  line(runTimeSizeOps, "run-time-size-ops");
  line(gapped, "lifetimes-gapped");
  line(laterLives, "later-lives");
}

namespace {
enum class StatisticsFallback { Off, On, OnFlag };
} // namespace

static std::atomic<StatisticsFallback> statisticsFallback{
    StatisticsFallback::Off};

void enableStatisticsFallback() { statisticsFallback = StatisticsFallback::On; }

void enableStatisticsFallbackOnFlag() {
  StatisticsFallback off = StatisticsFallback::Off;
  statisticsFallback.compare_exchange_strong(off, StatisticsFallback::OnFlag);
}

bool isStatisticsFallbackEnabled() {
  switch (statisticsFallback.load()) {
  case StatisticsFallback::Off:
    return false;
  case StatisticsFallback::On:
    return true;
  case StatisticsFallback::OnFlag: {
    // Like memplan-opt, which looks for the flag in its arguments: given on
    // the command line means asked for.
    llvm::cl::Option *flag =
        llvm::cl::getRegisteredOptions().lookup("mlir-pass-statistics");
    return flag && flag->getNumOccurrences() > 0;
  }
  }
  llvm_unreachable("unknown statistics fallback mode");
}

} // namespace memplan
