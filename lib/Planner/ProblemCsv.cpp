//===- ProblemCsv.cpp - Problems and plans as MiniMalloc CSV --------------===//
//
// A strict reader: every field is checked, and every error names the line,
// because these files are written by hand as often as by tools.
//
//===----------------------------------------------------------------------===//

#include "memplan/Planner/ProblemCsv.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <optional>
#include <tuple>

using namespace llvm;

namespace memplan {

namespace {
/// The columns memplan reads, in the order they are listed in messages.
/// `accessed`, the bytes the program moves through a buffer
/// (AccessedBytes.h), is read as a number and kept for readNumberColumn.
enum Column { Id, Lower, Upper, Size, Alignment, Accessed, NumColumns };
const char *const columnNames[NumColumns] = {"id",   "lower",     "upper",
                                             "size", "alignment", "accessed"};
/// Columns of a solution: read again, they are ignored and rewritten.
const char *const ignoredColumns[] = {"offset", "object", "below", "arena"};

/// `text` for a message: a field longer than 40 characters (a huge line, a
/// number of thousands of digits) is cut, saying how long it was.
std::string shown(StringRef text) {
  const size_t limit = 40;
  if (text.size() <= limit)
    return text.str();
  return (text.take_front(limit) + "... (" + Twine(text.size()) +
          " characters)")
      .str();
}

/// Reports errors at lines of one file.
class Reader {
public:
  explicit Reader(StringRef fileName) : fileName(fileName) {}

  Error error(unsigned line, const Twine &message) const {
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             fileName + ":" + Twine(line) +
                                 ": error: " + message);
  }

  /// Parses a non-negative decimal integer that fits in 64 bits.
  Expected<uint64_t> parseNumber(unsigned line, StringRef column,
                                 StringRef text) const {
    if (text.empty())
      return error(line, "empty field '" + column + "'");
    if (text.starts_with("-") && text.size() > 1 &&
        all_of(text.drop_front(), isDigit))
      return error(line, "'" + column + "' is negative (" + shown(text) + ")");
    if (!all_of(text, isDigit))
      return error(line, "'" + column + "' is '" + shown(text) +
                             "', not a non-negative integer");
    // Only digits are left, so getAsInteger fails only on overflow.
    uint64_t value;
    if (text.getAsInteger(10, value))
      return error(line, "'" + column + "' is " + shown(text) +
                             ", which does not fit in 64 bits");
    return value;
  }

private:
  StringRef fileName;
};
} // namespace

static SmallVector<StringRef> splitFields(StringRef line) {
  SmallVector<StringRef> fields;
  line.split(fields, ',');
  for (StringRef &field : fields)
    field = field.trim(" \t");
  return fields;
}

void CsvProblem::addRow(ArrayRef<StringRef> fields, unsigned idField,
                        unsigned buffer) {
  size_t row = rowEnds.size();
  if (bufferOfRow.empty() && buffer != row) {
    // The first row of an id seen before: rows and buffers part here.
    for (size_t earlier = 0; earlier != row; ++earlier) {
      bufferOfRow.push_back(earlier);
      firstRowOf.push_back(earlier);
    }
  }
  if (!bufferOfRow.empty()) {
    if (buffer == firstRowOf.size())
      firstRowOf.push_back(row);
    bufferOfRow.push_back(buffer);
  }
  size_t begin = rowText.size();
  for (auto [index, field] : llvm::enumerate(fields)) {
    if (index != 0)
      rowText += ',';
    if (index == idField)
      idSpans.push_back({rowText.size() - begin, field.size()});
    rowText += field;
  }
  rowEnds.push_back(rowText.size());
}

static std::string expectedColumns() {
  return "expected columns id, lower, upper, size and optionally alignment and "
         "accessed";
}

Expected<CsvProblem> readProblemCsv(StringRef text, StringRef fileName,
                                    CsvSizes sizes) {
  Reader reader(fileName);
  // A byte-order mark is what some spreadsheets put first.
  text.consume_front("\xEF\xBB\xBF");

  // Line by line, without a list of them all (a million lines). `line`
  // counts from 1 the line last taken; `rest` is what follows it, if any.
  std::optional<StringRef> rest = text;
  unsigned line = 0;
  auto takeLine = [&]() -> std::optional<StringRef> {
    if (!rest)
      return std::nullopt;
    auto [taken, after] = rest->split('\n');
    if (taken.size() == rest->size())
      rest.reset();
    else
      rest = after;
    ++line;
    return taken.rtrim("\r");
  };
  // Blank lines are skipped.
  auto takeNonBlankLine = [&]() -> std::optional<StringRef> {
    std::optional<StringRef> taken;
    do
      taken = takeLine();
    while (taken && taken->trim().empty());
    return taken;
  };

  std::optional<StringRef> headerText = takeNonBlankLine();
  if (!headerText)
    return reader.error(1, "empty file; " + expectedColumns() + " in a header");

  // The header: which input field holds which column.
  unsigned headerLine = line;
  SmallVector<StringRef> header = splitFields(*headerText);
  if (all_of(header, [](StringRef field) {
        return !field.empty() && all_of(field.ltrim("-"), isDigit);
      }))
    return reader.error(headerLine,
                        "no header: the first line holds numbers; " +
                            expectedColumns());
  CsvProblem problem;
  // A row a line at most: reserved, a million buffers are not moved again
  // and again as the vector grows.
  problem.buffers.reserve(text.count('\n') + 1);
  std::optional<unsigned> fieldOf[NumColumns];
  // Indices of the header fields that are kept in the output.
  SmallVector<unsigned> keptFields;
  for (auto [index, name] : enumerate(header)) {
    if (name.empty())
      return reader.error(headerLine, "empty column name in field " +
                                          Twine(index + 1) + " of the header");
    const char *const *known = find(columnNames, name);
    bool ignored = is_contained(ignoredColumns, name);
    if (known == std::end(columnNames) && !ignored)
      return reader.error(headerLine, "unknown column '" + shown(name) + "'; " +
                                          expectedColumns() +
                                          " (offset and object are ignored)");
    if (count(header, name) > 1)
      return reader.error(headerLine,
                          "column '" + name + "' appears more than once");
    if (ignored)
      continue;
    fieldOf[known - std::begin(columnNames)] = index;
    keptFields.push_back(index);
    problem.columns.push_back(name.str());
  }
  for (unsigned column = Id; column != Alignment; ++column)
    if (!fieldOf[column])
      return reader.error(headerLine, "missing column '" +
                                          Twine(columnNames[column]) + "'; " +
                                          expectedColumns());

  // Where the id lies among the fields kept.
  unsigned idColumn = llvm::find(keptFields, *fieldOf[Id]) - keptFields.begin();
  // The buffer of each id and the line it was first on. The ids point into
  // `text`.
  struct IdEntry {
    unsigned buffer;
    unsigned line;
  };
  DenseMap<StringRef, IdEntry> ids;
  // The intervals of the ids on more than one row, each with its line.
  struct RangeOnLine {
    LiveRange range;
    unsigned line;
  };
  DenseMap<unsigned, SmallVector<RangeOnLine>> rangesOf;
  while (std::optional<StringRef> rowText = takeNonBlankLine()) {
    SmallVector<StringRef> fields = splitFields(*rowText);
    if (fields.size() != header.size())
      return reader.error(line, "expected " + Twine(header.size()) +
                                    " fields as in the header, found " +
                                    Twine(fields.size()));

    uint64_t values[NumColumns] = {0, 0, 0, 0, 1, 0};
    // A size over symbols, where they may be and one is: not a number.
    std::optional<SizeExpr> symbolicSize;
    StringRef sizeText = fields[*fieldOf[Size]];
    bool sizeIsExpression = sizes == CsvSizes::Symbolic && !sizeText.empty() &&
                            !all_of(sizeText, isDigit) &&
                            !sizeText.starts_with("-");
    if (sizeIsExpression) {
      Expected<SizeExpr> parsed = parseSizeExpr(sizeText, problem.symbols);
      if (!parsed)
        return reader.error(line, toString(parsed.takeError()));
      // A product of numbers alone (`2*64`) is a number of bytes.
      if (std::optional<uint64_t> bytes = parsed->getConstantValue())
        values[Size] = *bytes;
      else
        symbolicSize = std::move(*parsed);
    }
    for (unsigned column = Lower; column != NumColumns; ++column) {
      if (!fieldOf[column] || (column == Size && sizeIsExpression))
        continue;
      Expected<uint64_t> value = reader.parseNumber(line, columnNames[column],
                                                    fields[*fieldOf[column]]);
      if (!value)
        return value.takeError();
      values[column] = *value;
    }
    // Sizes are kept as expressions only from the first that names a
    // symbol on (a million numbers would take 80 MB as expressions).
    if (symbolicSize && problem.symbolicSizes.empty())
      for (const Buffer &before : problem.buffers)
        problem.symbolicSizes.push_back(SizeExpr::getConstant(before.size));
    bool keepExpressions =
        !problem.symbolicSizes.empty() || symbolicSize.has_value();
    // The row's size as an expression, made only where one is needed.
    auto getRowSize = [&] {
      return symbolicSize ? *symbolicSize : SizeExpr::getConstant(values[Size]);
    };
    StringRef id = fields[*fieldOf[Id]];
    if (id.empty())
      return reader.error(line, "empty field 'id'");
    if (values[Lower] >= values[Upper])
      return reader.error(line,
                          "empty lifetime: lower " + Twine(values[Lower]) +
                              " is not below upper " + Twine(values[Upper]));
    if (!isPowerOf2_64(values[Alignment]))
      return reader.error(line, "alignment " + Twine(values[Alignment]) +
                                    " is not a power of two");
    auto [it, inserted] =
        ids.try_emplace(id, IdEntry{unsigned(problem.buffers.size()), line});
    unsigned index = it->second.buffer;
    LiveRange range{values[Lower], values[Upper]};
    if (inserted) {
      if (keepExpressions)
        problem.symbolicSizes.push_back(getRowSize());
      Buffer buffer;
      buffer.size = values[Size];
      buffer.alignment = values[Alignment];
      buffer.start = range.start;
      buffer.end = range.end;
      problem.buffers.push_back(std::move(buffer));
    } else {
      // Another interval of a gapped lifetime.
      const Buffer &buffer = problem.buffers[index];
      bool sameSize = keepExpressions
                          ? problem.symbolicSizes[index] == getRowSize()
                          : buffer.size == values[Size];
      if (!sameSize || buffer.alignment != values[Alignment])
        return reader.error(
            line, "id '" + shown(id) + "' has size " +
                      getRowSize().toString(problem.symbols) +
                      " and alignment " + Twine(values[Alignment]) +
                      ", but size " +
                      (keepExpressions ? problem.symbolicSizes[index]
                                       : SizeExpr::getConstant(buffer.size))
                          .toString(problem.symbols) +
                      " and alignment " + Twine(buffer.alignment) +
                      " on line " + Twine(it->second.line) +
                      " (the rows of one id are intervals of one buffer)");
      SmallVector<RangeOnLine> &ranges = rangesOf[index];
      if (ranges.empty())
        ranges.push_back({{buffer.start, buffer.end}, it->second.line});
      ranges.push_back({range, line});
    }
    SmallVector<StringRef, NumColumns> kept;
    for (unsigned field : keptFields)
      kept.push_back(fields[field]);
    problem.addRow(kept, idColumn, index);
  }

  // Each gapped lifetime, its intervals in time order: none may overlap
  // another (one buffer is live once at a time).
  for (auto &[index, ranges] : rangesOf) {
    llvm::sort(ranges, [](const RangeOnLine &lhs, const RangeOnLine &rhs) {
      return std::tie(lhs.range.start, lhs.line) <
             std::tie(rhs.range.start, rhs.line);
    });
    for (size_t i = 1; i != ranges.size(); ++i)
      if (ranges[i].range.start < ranges[i - 1].range.end)
        return reader.error(
            std::max(ranges[i].line, ranges[i - 1].line),
            "the intervals [" + Twine(ranges[i - 1].range.start) + ", " +
                Twine(ranges[i - 1].range.end) + ") and [" +
                Twine(ranges[i].range.start) + ", " +
                Twine(ranges[i].range.end) + ") of id '" +
                shown(problem.getId(index)) + "' overlap (lines " +
                Twine(std::min(ranges[i].line, ranges[i - 1].line)) + " and " +
                Twine(std::max(ranges[i].line, ranges[i - 1].line)) + ")");
    SmallVector<LiveRange> intervals = llvm::map_to_vector(
        ranges, [](const RangeOnLine &entry) { return entry.range; });
    setLiveRanges(problem.buffers[index], intervals);
  }
  return problem;
}

/// Writes the header and rows of `problem`, each followed by what `extra`
/// writes for its buffer (with its leading commas); `extraHeader` names those
/// columns.
template <typename ExtraFn>
static void writeCsv(raw_ostream &os, const CsvProblem &problem,
                     StringRef extraHeader, ExtraFn extra) {
  os << join(problem.columns, ",") << extraHeader << '\n';
  for (size_t row = 0, e = problem.getNumRows(); row != e; ++row) {
    os << problem.getRow(row);
    extra(problem.getBufferOfRow(row));
    os << '\n';
  }
}

void writeProblemCsv(raw_ostream &os, ArrayRef<Buffer> buffers) {
  bool withAlignment = llvm::any_of(
      buffers, [](const Buffer &buffer) { return buffer.alignment != 1; });
  os << "id,lower,upper,size" << (withAlignment ? ",alignment" : "") << '\n';
  for (auto [index, buffer] : llvm::enumerate(buffers))
    buffer.forEachLiveRange([&](uint64_t start, uint64_t end) {
      os << index << ',' << start << ',' << end << ',' << buffer.size;
      if (withAlignment)
        os << ',' << buffer.alignment;
      os << '\n';
    });
}

void writeOffsetsCsv(raw_ostream &os, const CsvProblem &problem,
                     ArrayRef<uint64_t> offsets) {
  assert(offsets.size() == problem.buffers.size() && "one offset per buffer");
  writeCsv(os, problem, ",offset",
           [&](size_t buffer) { os << ',' << offsets[buffer]; });
}

void writeSymbolicPlanCsv(raw_ostream &os, const CsvProblem &problem,
                          ArrayRef<SmallVector<unsigned, 2>> below,
                          ArrayRef<uint64_t> offsets) {
  assert(below.size() == problem.buffers.size() &&
         offsets.size() == problem.buffers.size() && "one entry per buffer");
  writeCsv(os, problem, ",below,offset", [&](size_t buffer) {
    os << ',';
    for (auto [index, other] : llvm::enumerate(below[buffer]))
      os << (index == 0 ? "" : " ") << problem.getId(other);
    os << ',' << offsets[buffer];
  });
}

void writeArenaPlanCsv(raw_ostream &os, const CsvProblem &problem,
                       ArrayRef<std::string> arenaOf,
                       ArrayRef<uint64_t> offsets) {
  assert(arenaOf.size() == problem.buffers.size() &&
         offsets.size() == problem.buffers.size() &&
         "one arena and one offset per buffer");
  writeCsv(os, problem, ",arena,offset", [&](size_t buffer) {
    os << ',' << arenaOf[buffer] << ',' << offsets[buffer];
  });
}

Expected<std::optional<SmallVector<uint64_t>>>
readNumberColumn(const CsvProblem &problem, StringRef column) {
  const auto *found = llvm::find(problem.columns, column);
  if (found == problem.columns.end())
    return std::optional<SmallVector<uint64_t>>();
  size_t field = found - problem.columns.begin();
  SmallVector<uint64_t> numbers(problem.buffers.size(), 0);
  SmallVector<bool> seen(problem.buffers.size(), false);
  for (size_t row = 0, e = problem.getNumRows(); row != e; ++row) {
    unsigned buffer = problem.getBufferOfRow(row);
    if (seen[buffer])
      continue;
    seen[buffer] = true;
    SmallVector<StringRef> fields;
    problem.getRow(row).split(fields, ',');
    uint64_t number;
    if (field >= fields.size() || fields[field].trim().getAsInteger(10, number))
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "row " + Twine(row + 1) + " (id " + problem.getId(buffer) + "): '" +
              column + "' is no number of 64 bits");
    numbers[buffer] = number;
  }
  return std::optional<SmallVector<uint64_t>>(std::move(numbers));
}

void writeObjectsCsv(raw_ostream &os, const CsvProblem &problem,
                     ArrayRef<unsigned> objectOf, ArrayRef<uint64_t> offsets) {
  assert(objectOf.size() == problem.buffers.size() &&
         offsets.size() == problem.buffers.size() &&
         "one object and one offset per buffer");
  writeCsv(os, problem, ",object,offset", [&](size_t buffer) {
    os << ',' << objectOf[buffer] << ',' << offsets[buffer];
  });
}

} // namespace memplan
