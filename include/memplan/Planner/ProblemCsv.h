//===- ProblemCsv.h - Problems and plans as MiniMalloc CSV ------*- C++ -*-===//
//
// MiniMalloc's format (google/minimalloc): a header naming the columns `id`,
// `lower`, `upper` and `size` in any order, then one buffer per line, live on
// [lower, upper). memplan adds an optional `alignment` column (default 1).
// Columns `offset` and `object` are accepted and ignored, so a solution can be
// planned again; any other column is an error, so a misspelt `alignment`
// cannot be silently dropped. Fields are not quoted; spaces around a field
// and blank lines are ignored. A buffer live on several intervals (a gapped
// lifetime) has a row per interval under one id; the rows agree on size and
// alignment, and their intervals do not overlap (intervals that touch are
// joined). Where the reader is asked to, a size may be a polynomial over
// run-time symbols (`4*seq*seq + 64`, SizeExpr.h).
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_PLANNER_PROBLEMCSV_H
#define MEMPLAN_PLANNER_PROBLEMCSV_H

#include "memplan/Planner/Problem.h"
#include "memplan/Planner/SizeExpr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>

namespace memplan {

/// A problem read from CSV. `buffers[i]` is the buffer of the i-th distinct
/// id (input order); the text of each row's fields is kept so that a plan can
/// be written with the input's own columns.
struct CsvProblem {
  /// The input's columns in input order, without `offset` and `object`.
  llvm::SmallVector<std::string> columns;
  llvm::SmallVector<Buffer> buffers;
  /// Where some size names a symbol: the symbols, and every buffer's size
  /// over them (buffers[i].size is then 0 where it does). Both empty where
  /// every size is a number.
  llvm::SmallVector<std::string> symbols;
  llvm::SmallVector<SizeExpr> symbolicSizes;

  bool hasSymbolicSizes() const { return !symbols.empty(); }

  /// The number of rows: one per buffer, or more where lifetimes have gaps.
  size_t getNumRows() const { return rowEnds.size(); }
  /// Row `row`'s trimmed fields of `columns`, joined by commas.
  llvm::StringRef getRow(size_t row) const {
    return llvm::StringRef(rowText).slice(row == 0 ? 0 : rowEnds[row - 1],
                                          rowEnds[row]);
  }
  /// The buffer whose interval (or one of whose intervals) row `row` gives.
  unsigned getBufferOfRow(size_t row) const {
    return bufferOfRow.empty() ? row : bufferOfRow[row];
  }
  /// Buffer `buffer`'s id: the text of its `id` field (unique per buffer).
  llvm::StringRef getId(size_t buffer) const {
    size_t row = firstRowOf.empty() ? buffer : firstRowOf[buffer];
    return getRow(row).substr(idSpans[row].first, idSpans[row].second);
  }
  /// Appends a row of buffer `buffer` (a new one when it is buffers.size()
  /// before the call, whose buffer the caller then adds): `fields` (of
  /// `columns`), the id being field `idField`.
  void addRow(llvm::ArrayRef<llvm::StringRef> fields, unsigned idField,
              unsigned buffer);

private:
  /// The rows' text, one after the other: a string for each field of a
  /// million rows took half a GiB.
  std::string rowText;
  llvm::SmallVector<size_t> rowEnds;
  /// Where in its row each id lies, and its length.
  llvm::SmallVector<std::pair<size_t, size_t>> idSpans;
  /// The buffer of each row and the first row of each buffer, kept only
  /// once some id has a second row: until then row i is buffer i.
  llvm::SmallVector<unsigned> bufferOfRow;
  llvm::SmallVector<size_t> firstRowOf;
};

/// What a size field may hold.
enum class CsvSizes {
  /// A number of bytes.
  Constant,
  /// A number, or a polynomial over symbols (parseSizeExpr).
  Symbolic,
};

/// Parses `text`. Errors read `FILENAME:LINE: error: MESSAGE`, LINE counting
/// from 1.
llvm::Expected<CsvProblem> readProblemCsv(llvm::StringRef text,
                                          llvm::StringRef fileName,
                                          CsvSizes sizes = CsvSizes::Constant);

/// Writes `buffers` as a problem: `id,lower,upper,size`, ids 0, 1, ... (a
/// row per interval of a gapped lifetime), and an `alignment` column if any
/// alignment is not 1.
void writeProblemCsv(llvm::raw_ostream &os, llvm::ArrayRef<Buffer> buffers);

/// Writes `problem` with one more column, `offset`: offsets[i] on the rows of
/// buffer i.
void writeOffsetsCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                     llvm::ArrayRef<uint64_t> offsets);

/// Writes `problem`, whose sizes may name symbols, with a plan valid for
/// every value of them (SymbolicPlan.h) in two more columns: `below`, the
/// ids of the buffers directly below buffer i joined by spaces, and
/// `offset`, offsets[i] (its offset at values the caller chose).
void writeSymbolicPlanCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                          llvm::ArrayRef<llvm::SmallVector<unsigned, 2>> below,
                          llvm::ArrayRef<uint64_t> offsets);

/// Writes `problem` with two more columns, `arena` (the name of buffer i's
/// arena, ArenaAssignment.h) and `offset` (its offset in that arena).
void writeArenaPlanCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                       llvm::ArrayRef<std::string> arenaOf,
                       llvm::ArrayRef<uint64_t> offsets);

/// The numbers of column `column` of `problem`, one per buffer (from its
/// first row), or nullopt where the input has no such column; fails,
/// naming the row, on a field that is no number.
llvm::Expected<std::optional<llvm::SmallVector<uint64_t>>>
readNumberColumn(const CsvProblem &problem, llvm::StringRef column);

/// Writes `problem` with two more columns, `object` (objectOf[i]) and `offset`
/// (offsets[i], the byte offset of that object when the objects share one
/// slab) on the rows of buffer i.
void writeObjectsCsv(llvm::raw_ostream &os, const CsvProblem &problem,
                     llvm::ArrayRef<unsigned> objectOf,
                     llvm::ArrayRef<uint64_t> offsets);

} // namespace memplan

#endif // MEMPLAN_PLANNER_PROBLEMCSV_H
