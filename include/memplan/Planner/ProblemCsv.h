//===- ProblemCsv.h - Problems and plans as MiniMalloc CSV ------*- C++ -*-===//
//
// MiniMalloc's format (google/minimalloc): a header naming the columns `id`,
// `lower`, `upper` and `size` in any order, then one buffer per line, live on
// [lower, upper). memplan adds an optional `alignment` column (default 1).
// Columns `offset` and `object` are accepted and ignored, so a solution can be
// planned again; any other column is an error, so a misspelt `alignment`
// cannot be silently dropped. Fields are not quoted; spaces around a field
// and blank lines are ignored.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PROBLEMCSV_H
#define MEMPLAN_PLANNER_PROBLEMCSV_H

#include "memplan/Planner/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace memplan {

/// A problem read from CSV. `buffers[i]` is the buffer of row `i` (input
/// order); the text of its fields is kept so that a plan can be written with
/// the input's own columns.
struct CsvProblem {
  /// The input's columns in input order, without `offset` and `object`.
  llvm::SmallVector<std::string> columns;
  /// Per buffer, the trimmed text of each of `columns`.
  llvm::SmallVector<llvm::SmallVector<std::string>> fields;
  /// Per buffer, its id (the text of the `id` field; unique).
  llvm::SmallVector<std::string> ids;
  llvm::SmallVector<Buffer> buffers;
};

/// Parses `text`. Errors read `FILENAME:LINE: error: MESSAGE`, LINE counting
/// from 1.
llvm::Expected<CsvProblem> readProblemCsv(llvm::StringRef text,
                                          llvm::StringRef fileName);

/// Writes `buffers` as a problem: `id,lower,upper,size`, ids 0, 1, ...,
/// and an `alignment` column if any alignment is not 1.
void writeProblemCsv(llvm::raw_ostream &os, llvm::ArrayRef<Buffer> buffers);

/// Writes `problem` with one more column, `offset`: offsets[i] for row i.
void writeOffsetsCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                     llvm::ArrayRef<uint64_t> offsets);

/// Writes `problem` with two more columns, `object` (objectOf[i]) and `offset`
/// (offsets[i], the byte offset of that object when the objects share one
/// slab).
void writeObjectsCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                     llvm::ArrayRef<unsigned> objectOf,
                     llvm::ArrayRef<uint64_t> offsets);

} // namespace memplan

#endif // MEMPLAN_PLANNER_PROBLEMCSV_H
