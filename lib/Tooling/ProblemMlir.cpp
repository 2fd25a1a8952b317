//===- ProblemMlir.cpp - A problem as an MLIR function to plan ------------===//

#include "memplan/Tooling/ProblemMlir.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <tuple>

using namespace llvm;

namespace memplan {

namespace {
/// What happens to a buffer at a time; allocations sort before loads.
enum class EventKind { Allocate, Load };

struct Event {
  uint64_t time;
  EventKind kind;
  unsigned index;

  bool operator<(const Event &other) const {
    return std::tie(time, kind, index) <
           std::tie(other.time, other.kind, other.index);
  }
};
} // namespace

void writeProblemMlir(raw_ostream &os, ArrayRef<Buffer> buffers,
                      StringRef name) {
  SmallVector<Event> events;
  events.reserve(2 * buffers.size());
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    events.push_back({buffer.start, EventKind::Allocate, unsigned(index)});
    if (buffer.size != 0 && buffer.start < buffer.end)
      events.push_back({buffer.end - 1, EventKind::Load, unsigned(index)});
  }
  llvm::sort(events);

  os << "func.func @" << name << "() {\n"
     << "  %c0 = arith.constant 0 : index\n"
     << "  %v = arith.constant 1 : i8\n";
  for (const Event &event : events) {
    const Buffer &buffer = buffers[event.index];
    std::string type = ("memref<" + Twine(buffer.size) + "xi8>").str();
    if (event.kind == EventKind::Load) {
      os << "  %l" << event.index << " = memref.load %b" << event.index
         << "[%c0] : " << type << "\n";
      continue;
    }
    os << "  %b" << event.index << " = memref.alloc()";
    if (buffer.alignment > 1)
      os << " {alignment = " << buffer.alignment << " : i64}";
    os << " : " << type << "\n";
    if (buffer.size != 0 && buffer.start < buffer.end)
      os << "  memref.store %v, %b" << event.index << "[%c0] : " << type
         << "\n";
  }
  os << "  return\n}\n";
}

} // namespace memplan
