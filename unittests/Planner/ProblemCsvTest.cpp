//===- ProblemCsvTest.cpp - Reading and writing MiniMalloc CSV ------------===//

#include "memplan/Planner/ProblemCsv.h"

#include "PlannerTestUtils.h"

using namespace memplan;

namespace {

/// The error message of reading `text` as "t.csv", or "" if it parses.
std::string readError(llvm::StringRef text) {
  llvm::Expected<CsvProblem> problem = readProblemCsv(text, "t.csv");
  if (problem)
    return "";
  return llvm::toString(problem.takeError());
}

CsvProblem readOk(llvm::StringRef text) {
  llvm::Expected<CsvProblem> problem = readProblemCsv(text, "t.csv");
  EXPECT_TRUE(bool(problem)) << errorMessage(problem.takeError());
  return problem ? std::move(*problem) : CsvProblem();
}

bool sameBuffer(const Buffer &a, const Buffer &b) {
  return a.size == b.size && a.alignment == b.alignment && a.start == b.start &&
         a.end == b.end;
}

TEST(ProblemCsvTest, ReadsMiniMallocFormat) {
  CsvProblem problem = readOk("id,lower,upper,size\n"
                              "0,0,2,100\n"
                              "1,1,3,50\n");
  ASSERT_EQ(problem.buffers.size(), 2u);
  EXPECT_TRUE(sameBuffer(problem.buffers[0], makeBuffer(100, 0, 2)));
  EXPECT_TRUE(sameBuffer(problem.buffers[1], makeBuffer(50, 1, 3)));
  EXPECT_EQ(problem.getId(0), "0");
  EXPECT_EQ(problem.getId(1), "1");
  EXPECT_EQ(problem.columns,
            (llvm::SmallVector<std::string>{"id", "lower", "upper", "size"}));
}

TEST(ProblemCsvTest, ColumnsInAnyOrderWithAlignment) {
  CsvProblem problem = readOk("size, alignment ,upper,id,lower\r\n"
                              "\r\n"
                              "64,16,9,a,3\r\n"
                              "  8 ,1,4, b ,0\n"
                              "\n");
  ASSERT_EQ(problem.buffers.size(), 2u);
  EXPECT_TRUE(sameBuffer(problem.buffers[0], makeBuffer(64, 3, 9, 16)));
  EXPECT_TRUE(sameBuffer(problem.buffers[1], makeBuffer(8, 0, 4, 1)));
  EXPECT_EQ(problem.getId(0), "a");
  EXPECT_EQ(problem.getId(1), "b");
  EXPECT_EQ(problem.getRow(1), "8,1,4,b,0");
}

TEST(ProblemCsvTest, HeaderOnlyIsAnEmptyProblem) {
  EXPECT_TRUE(readOk("id,lower,upper,size\n").buffers.empty());
}

TEST(ProblemCsvTest, SolutionColumnsAreIgnored) {
  CsvProblem problem = readOk("id,lower,upper,size,offset,object\n"
                              "0,0,2,100,64,3\n");
  ASSERT_EQ(problem.buffers.size(), 1u);
  EXPECT_EQ(problem.columns,
            (llvm::SmallVector<std::string>{"id", "lower", "upper", "size"}));
  EXPECT_EQ(problem.getRow(0), "0,0,2,100");
}

TEST(ProblemCsvTest, LargestValues) {
  CsvProblem problem = readOk("id,lower,upper,size,alignment\n"
                              "0,0,18446744073709551615,18446744073709551615,"
                              "9223372036854775808\n");
  ASSERT_EQ(problem.buffers.size(), 1u);
  EXPECT_EQ(problem.buffers[0].size, UINT64_MAX);
  EXPECT_EQ(problem.buffers[0].end, UINT64_MAX);
  EXPECT_EQ(problem.buffers[0].alignment, uint64_t(1) << 63);
}

TEST(ProblemCsvTest, MalformedFiles) {
  const char *header = "id,lower,upper,size\n";
  struct Case {
    std::string text;
    std::string error;
  } cases[] = {
      {"", "t.csv:1: error: empty file"},
      {"\n\n", "t.csv:1: error: empty file"},
      {"0,0,2,100\n", "t.csv:1: error: no header"},
      {"id,lower,size\n0,0,1\n", "t.csv:1: error: missing column 'upper'"},
      {"id,lower,upper,size,name\n", "t.csv:1: error: unknown column 'name'"},
      {"id,lower,upper,size,size\n",
       "t.csv:1: error: column 'size' appears more than once"},
      {"id,lower,,upper,size\n", "t.csv:1: error: empty column name"},
      {std::string(header) + "0,0,2,abc\n",
       "t.csv:2: error: 'size' is 'abc', not a non-negative integer"},
      {std::string(header) + "0,0,2,1.5\n",
       "t.csv:2: error: 'size' is '1.5', not a non-negative integer"},
      {std::string(header) + "0,-1,2,4\n",
       "t.csv:2: error: 'lower' is negative (-1)"},
      {std::string(header) + "0,0,,4\n", "t.csv:2: error: empty field 'upper'"},
      {std::string(header) + ",0,2,4\n", "t.csv:2: error: empty field 'id'"},
      {std::string(header) + "0,0,2,4\n1,3,3,4\n",
       "t.csv:3: error: empty lifetime: lower 3 is not below upper 3"},
      {std::string(header) + "0,5,2,4\n",
       "t.csv:2: error: empty lifetime: lower 5 is not below upper 2"},
      {std::string(header) + "7,0,2,4\n\n7,1,3,4\n",
       "t.csv:4: error: the intervals [0, 2) and [1, 3) of id '7' overlap "
       "(lines 2 and 4)"},
      {std::string(header) + "7,0,2,4\n7,3,5,8\n",
       "t.csv:3: error: id '7' has size 8 and alignment 1, but size 4 and "
       "alignment 1 on line 2"},
      {std::string(header) + "0,0,2,18446744073709551616\n",
       "t.csv:2: error: 'size' is 18446744073709551616, which does not fit in "
       "64 bits"},
      {"id,lower,upper,size,alignment\n0,0,2,4,3\n",
       "t.csv:2: error: alignment 3 is not a power of two"},
      {"id,lower,upper,size,alignment\n0,0,2,4,0\n",
       "t.csv:2: error: alignment 0 is not a power of two"},
      {std::string(header) + "0,0,2\n",
       "t.csv:2: error: expected 4 fields as in the header, found 3"},
      {std::string(header) + "0,0,2,4,5\n",
       "t.csv:2: error: expected 4 fields as in the header, found 5"},
  };
  for (const Case &c : cases) {
    std::string error = readError(c.text);
    EXPECT_EQ(error.substr(0, c.error.size()), c.error) << c.text;
  }
}

TEST(ProblemCsvTest, WritesInputColumnsThenOffset) {
  CsvProblem problem = readOk("size,id,lower,upper,alignment\n"
                              "64, x ,0,2,16\n"
                              "8,y,1,3,1\n");
  std::string text;
  llvm::raw_string_ostream os(text);
  writeOffsetsCsv(os, problem, {0, 64});
  EXPECT_EQ(text, "size,id,lower,upper,alignment,offset\n"
                  "64,x,0,2,16,0\n"
                  "8,y,1,3,1,64\n");
}

TEST(ProblemCsvTest, WritesObjectThenOffset) {
  CsvProblem problem = readOk("id,lower,upper,size\n0,0,2,4\n1,2,3,4\n");
  std::string text;
  llvm::raw_string_ostream os(text);
  writeObjectsCsv(os, problem, {0, 0}, {0, 0});
  EXPECT_EQ(text, "id,lower,upper,size,object,offset\n"
                  "0,0,2,4,0,0\n"
                  "1,2,3,4,0,0\n");
}

TEST(ProblemCsvTest, RoundTrip) {
  std::string original = "id,size,lower,upper,alignment\n"
                         "a,100,0,2,8\n"
                         "b,50,1,3,1\n"
                         "c,0,4,5,64\n";
  CsvProblem first = readOk(original);
  std::string written;
  llvm::raw_string_ostream os(written);
  writeOffsetsCsv(os, first, {0, 104, 0});
  // The offset column is ignored when the solution is read again.
  CsvProblem second = readOk(written);
  ASSERT_EQ(second.buffers.size(), first.buffers.size());
  for (size_t i = 0; i < first.buffers.size(); ++i)
    EXPECT_TRUE(sameBuffer(first.buffers[i], second.buffers[i])) << i;
  EXPECT_EQ(second.columns, first.columns);
  for (size_t i = 0; i < first.buffers.size(); ++i) {
    EXPECT_EQ(second.getId(i), first.getId(i)) << i;
    EXPECT_EQ(second.getRow(i), first.getRow(i)) << i;
  }
}

} // namespace

namespace {

llvm::Expected<CsvProblem> readSymbolic(llvm::StringRef text) {
  return readProblemCsv(text, "t.csv", CsvSizes::Symbolic);
}

TEST(ProblemCsvTest, SizesOverSymbols) {
  llvm::Expected<CsvProblem> problem = readSymbolic("id,lower,upper,size\n"
                                                    "a,0,2,100\n"
                                                    "b,1,3,4*seq*seq + 64\n"
                                                    "c,2,4,batch*seq*2\n");
  ASSERT_TRUE(static_cast<bool>(problem)) << errorMessage(problem.takeError());
  EXPECT_EQ(problem->symbols, (llvm::SmallVector<std::string>{"seq", "batch"}));
  ASSERT_EQ(problem->symbolicSizes.size(), 3u);
  // Sizes given as numbers before the first symbol are kept as constants.
  EXPECT_EQ(problem->symbolicSizes[0].getConstantValue(),
            std::optional<uint64_t>(100));
  EXPECT_EQ(problem->symbolicSizes[1].toString(problem->symbols),
            "4*seq*seq + 64");
  EXPECT_EQ(problem->symbolicSizes[2].evaluate({3, 5}),
            std::optional<uint64_t>(30));
  // A product of numbers is a number of bytes.
  llvm::Expected<CsvProblem> product =
      readSymbolic("id,lower,upper,size\na,0,2,2*64\nb,1,3,100\n");
  ASSERT_TRUE(static_cast<bool>(product));
  EXPECT_FALSE(product->hasSymbolicSizes());
  EXPECT_EQ(product->buffers[0].size, 128u);
  // Numbers alone are no symbolic problem, and cost no expressions.
  llvm::Expected<CsvProblem> plain =
      readSymbolic("id,lower,upper,size\na,0,2,100\n");
  ASSERT_TRUE(static_cast<bool>(plain));
  EXPECT_FALSE(plain->hasSymbolicSizes());
  EXPECT_TRUE(plain->symbolicSizes.empty());
}

TEST(ProblemCsvTest, SymbolsOnlyWhereAsked) {
  // A reader of numbers keeps its message; one of symbols names the bad
  // factor, and the rows of one id must agree on their size.
  EXPECT_EQ(readError("id,lower,upper,size\na,0,2,seq\n"),
            "t.csv:2: error: 'size' is 'seq', not a non-negative integer");
  llvm::Expected<CsvProblem> bad =
      readSymbolic("id,lower,upper,size\na,0,2,4*se-q\n");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(errorMessage(bad.takeError()),
            "t.csv:2: error: size '4*se-q': 'se-q' is neither a number nor a "
            "name (a size is bytes, or a polynomial over symbols such as "
            "4*seq + 64)");
  llvm::Expected<CsvProblem> negative =
      readSymbolic("id,lower,upper,size\na,0,2,-4\n");
  ASSERT_FALSE(static_cast<bool>(negative));
  EXPECT_EQ(errorMessage(negative.takeError()),
            "t.csv:2: error: 'size' is negative (-4)");
  llvm::Expected<CsvProblem> disagree =
      readSymbolic("id,lower,upper,size\na,0,2,seq*4\na,5,6,seq*8\n");
  ASSERT_FALSE(static_cast<bool>(disagree));
  EXPECT_EQ(errorMessage(disagree.takeError()),
            "t.csv:3: error: id 'a' has size 8*seq and alignment 1, but size "
            "4*seq and alignment 1 on line 2 (the rows of one id are "
            "intervals of one buffer)");
}

TEST(ProblemCsvTest, WritesTheBuffersBelow) {
  llvm::Expected<CsvProblem> problem =
      readSymbolic("id,lower,upper,size\na,0,2,seq\nb,1,3,seq\n");
  ASSERT_TRUE(static_cast<bool>(problem));
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::SmallVector<llvm::SmallVector<unsigned, 2>> below = {{}, {0}};
  writeSymbolicPlanCsv(os, *problem, below, {0, 8});
  EXPECT_EQ(text, "id,lower,upper,size,below,offset\n"
                  "a,0,2,seq,,0\n"
                  "b,1,3,seq,a,8\n");
}

} // namespace
