//===- SymbolicPlanTest.cpp - Sizes known at run time, plans for all ------===//

#include "PlannerTestUtils.h"

#include "memplan/Planner/Bounds.h"
#include "memplan/Planner/SizeExpr.h"
#include "memplan/Planner/SymbolicPlan.h"
#include "memplan/Planner/Validator.h"

#include "gtest/gtest.h"

#include <random>

using namespace memplan;

namespace {

SizeExpr parse(llvm::StringRef text, llvm::SmallVector<std::string> &names) {
  llvm::Expected<SizeExpr> size = parseSizeExpr(text, names);
  EXPECT_TRUE(static_cast<bool>(size)) << errorMessage(size.takeError());
  return size ? *size : SizeExpr();
}

TEST(SizeExprTest, EqualSizesAreWrittenAlike) {
  llvm::SmallVector<std::string> names;
  SizeExpr a = parse("seq*4 + 64 + 2*seq*batch", names);
  SizeExpr b = parse("64 + batch * seq * 2 + 4 * seq", names);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.toString(names), "2*seq*batch + 4*seq + 64");
  EXPECT_EQ(names, (llvm::SmallVector<std::string>{"seq", "batch"}));
  // Terms of the same symbols add up; zero has no term.
  EXPECT_EQ(parse("seq + seq + 3*seq", names), parse("5*seq", names));
  EXPECT_TRUE(parse("0*seq + 0", names).isZero());
  EXPECT_EQ(parse("0", names).toString(names), "0");
  EXPECT_EQ(parse("seq*seq", names).toString(names), "seq*seq");
}

TEST(SizeExprTest, ArithmeticAndValues) {
  llvm::SmallVector<std::string> names;
  SizeExpr seq = parse("seq", names);
  SizeExpr sum = *SizeExpr::add(seq, SizeExpr::getConstant(2));
  SizeExpr square = *SizeExpr::multiply(sum, sum);
  EXPECT_EQ(square.toString(names), "seq*seq + 4*seq + 4");
  EXPECT_EQ(square.evaluate({10}), std::optional<uint64_t>(144));
  EXPECT_EQ(square.getConstantValue(), std::nullopt);
  EXPECT_EQ(SizeExpr::getConstant(7).getConstantValue(),
            std::optional<uint64_t>(7));
  // Values that overflow say so.
  EXPECT_EQ(square.evaluate({uint64_t(1) << 40}), std::nullopt);
  EXPECT_EQ(SizeExpr::multiply(SizeExpr::getConstant(uint64_t(1) << 40),
                               SizeExpr::getConstant(uint64_t(1) << 40)),
            std::nullopt);
  // Domination term by term.
  EXPECT_TRUE(square.dominates(sum));
  EXPECT_FALSE(sum.dominates(square));
  EXPECT_TRUE(square.dominates(SizeExpr()));
}

TEST(SizeExprTest, BadTextIsAnError) {
  llvm::SmallVector<std::string> names;
  for (llvm::StringRef text :
       {"", "4*", "+seq", "4 seq", "4*-seq", "9seq", "99999999999999999999"}) {
    llvm::Expected<SizeExpr> size = parseSizeExpr(text, names);
    ASSERT_FALSE(static_cast<bool>(size)) << text.str();
    EXPECT_NE(errorMessage(size.takeError()).find("size '"), std::string::npos);
  }
}

/// A random problem whose sizes are c0 + c1*S + c2*S*T or constants.
SymbolicProblem makeSymbolicProblem(std::mt19937 &rng) {
  RandomProblemShape shape;
  shape.maxBuffers = 40;
  SymbolicProblem problem;
  problem.symbols = {"S", "T"};
  problem.buffers = makeRandomProblem(rng, shape);
  std::uniform_int_distribution<uint64_t> coefficient(0, 64);
  std::uniform_int_distribution<int> kind(0, 3);
  for (const Buffer &buffer : problem.buffers) {
    SizeExpr size = SizeExpr::getConstant(buffer.size);
    if (kind(rng) != 0) {
      SizeExpr s = SizeExpr::getSymbol(0), t = SizeExpr::getSymbol(1);
      SizeExpr linear =
          *SizeExpr::multiply(SizeExpr::getConstant(coefficient(rng)), s);
      size = *SizeExpr::add(size, linear);
      if (kind(rng) == 3)
        size = *SizeExpr::add(
            size,
            *SizeExpr::multiply(
                *SizeExpr::multiply(SizeExpr::getConstant(coefficient(rng)), s),
                t));
    }
    problem.sizes.push_back(size);
  }
  return problem;
}

TEST(SymbolicPlanTest, ValidForEveryValueAndNoLargerAtTheHint) {
  std::mt19937 rng(4711);
  std::unique_ptr<OffsetStrategy> greedy = createOffsetStrategy("greedy-size");
  llvm::SmallVector<llvm::SmallVector<uint64_t>> points =
      getSamplePoints(2, 1, 1000);
  for (int trial = 0; trial < 150; ++trial) {
    SCOPED_TRACE("problem " + std::to_string(trial));
    SymbolicProblem problem = makeSymbolicProblem(rng);
    llvm::SmallVector<uint64_t> hint = {16, 4};
    llvm::Expected<SymbolicPlan> plan =
        planSymbolically(problem, *greedy, {hint});
    ASSERT_TRUE(static_cast<bool>(plan)) << errorMessage(plan.takeError());
    EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, *plan)), "");

    // At the hint, no larger than the static plan it was read off.
    llvm::SmallVector<Buffer> atHint =
        llvm::cantFail(problem.instantiate(hint));
    Plan fixed = llvm::cantFail(greedy->plan(atHint));
    Plan placed = llvm::cantFail(evaluateSymbolicPlan(problem, *plan, hint));
    EXPECT_LE(placed.slabSize, fixed.slabSize);

    // Valid wherever it is evaluated, and within its formula.
    std::optional<SlabFormula> formula = getSlabFormula(problem, *plan, 64);
    for (llvm::ArrayRef<uint64_t> values : points) {
      llvm::SmallVector<Buffer> buffers =
          llvm::cantFail(problem.instantiate(values));
      Plan at = llvm::cantFail(evaluateSymbolicPlan(problem, *plan, values));
      EXPECT_EQ(errorMessage(validatePlan(buffers, at)), "");
      EXPECT_GE(at.slabSize, llvm::cantFail(computeLowerBound(buffers)));
      if (!formula)
        continue;
      uint64_t largest = 0;
      for (const SizeExpr &part : formula->largestOf)
        largest = std::max(largest, *part.evaluate(values));
      if (formula->exact) {
        EXPECT_EQ(largest, at.slabSize);
      } else {
        EXPECT_GE(largest, at.slabSize);
      }
    }
  }
}

TEST(SymbolicPlanTest, AChainOfMultiplesHasAClosedForm) {
  // Three buffers of 256*S, 128*S and 256*S, each live with the next: the
  // slab is 384*S at every S, and the formula says so exactly.
  SymbolicProblem problem;
  problem.symbols = {"S"};
  problem.buffers = {makeBuffer(0, 0, 2, 64), makeBuffer(0, 1, 3, 64),
                     makeBuffer(0, 2, 4, 64)};
  llvm::SmallVector<std::string> names = problem.symbols;
  for (llvm::StringRef size : {"256*S", "128*S", "256*S"})
    problem.sizes.push_back(parse(size, names));
  std::unique_ptr<OffsetStrategy> best = createOffsetStrategy("best");
  SymbolicPlan plan = llvm::cantFail(planSymbolically(problem, *best, {{128}}));
  EXPECT_EQ(plan.getNumEdges(), 2u);
  std::optional<SlabFormula> formula = getSlabFormula(problem, plan);
  ASSERT_TRUE(formula);
  EXPECT_TRUE(formula->exact);
  EXPECT_EQ(formula->toString(problem.symbols), "384*S");
  for (uint64_t s : {1, 7, 64, 1000})
    EXPECT_EQ(llvm::cantFail(evaluateSymbolicPlan(problem, plan, {s})).slabSize,
              384 * s);
}

TEST(SymbolicPlanTest, TheReductionKeepsOnlyDirectEdges) {
  // Three buffers live at once stack up: 0 below 1 below 2, and the edge
  // from 0 to 2 is implied.
  SymbolicProblem problem;
  problem.symbols = {"S"};
  problem.buffers = {makeBuffer(0, 0, 4), makeBuffer(0, 0, 4),
                     makeBuffer(0, 0, 4)};
  problem.sizes.assign(3, SizeExpr::getSymbol(0));
  std::unique_ptr<OffsetStrategy> naive = createOffsetStrategy("naive");
  SymbolicPlan plan = llvm::cantFail(planSymbolically(problem, *naive, {{5}}));
  EXPECT_EQ(plan.getNumEdges(), 2u);
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, plan)), "");
  std::optional<SlabFormula> formula = getSlabFormula(problem, plan);
  ASSERT_TRUE(formula);
  EXPECT_EQ(formula->toString(problem.symbols), "3*S");
}

TEST(SymbolicPlanTest, TheValidatorNamesWhatIsWrong) {
  SymbolicProblem problem;
  problem.symbols = {"S"};
  problem.buffers = {makeBuffer(0, 0, 4), makeBuffer(0, 0, 4),
                     makeBuffer(0, 5, 6)};
  problem.sizes.assign(3, SizeExpr::getSymbol(0));
  SymbolicPlan plan;
  plan.order = {0, 1, 2};
  plan.below = {{}, {0}, {}};
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, plan)), "");

  SymbolicPlan unordered = plan;
  unordered.below[1].clear();
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, unordered)),
            "buffers 0 and 1 are live at once, but neither lies above the "
            "other");
  SymbolicPlan cycle = plan;
  cycle.below[0] = {1};
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, cycle)),
            "buffer 0 lies above buffer 1, which comes after it in the order");
  SymbolicPlan missing = plan;
  missing.below[2] = {7};
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, missing)),
            "buffer 2 lies above buffer 7, which does not exist");
  SymbolicPlan twice = plan;
  twice.order = {0, 1, 1};
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, twice)),
            "the order names buffer 1 twice or names no buffer");
  // A size that is always zero needs no order.
  problem.sizes[1] = SizeExpr();
  EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, unordered)), "");
}

TEST(SymbolicPlanTest, CandidatesAreWeighedByTheWorstRatio) {
  // Where the orientation read at the hint fares badly at other sizes, a
  // plan read at another point is kept; the kept worst ratio is never above
  // the hint's alone.
  std::mt19937 rng(99);
  std::unique_ptr<OffsetStrategy> greedy = createOffsetStrategy("greedy-size");
  llvm::SmallVector<llvm::SmallVector<uint64_t>> samples =
      getSamplePoints(2, 1, 4096);
  unsigned improved = 0;
  for (int trial = 0; trial < 60; ++trial) {
    SymbolicProblem problem = makeSymbolicProblem(rng);
    SymbolicPlan alone = llvm::cantFail(
        planSymbolically(problem, *greedy, {{128, 128}}, samples));
    SymbolicPlan weighed = llvm::cantFail(planSymbolically(
        problem, *greedy, {{128, 128}, {1, 1}, {4096, 4096}}, samples));
    ASSERT_TRUE(alone.worstRatio && weighed.worstRatio);
    EXPECT_LE(*weighed.worstRatio, *alone.worstRatio);
    improved += *weighed.worstRatio < *alone.worstRatio;
  }
  EXPECT_GT(improved, 0u);
}

TEST(SymbolicPlanTest, FixedSizesBelowAreWeighedWhereSizesMix) {
  // Where fixed and scaled sizes mix, a plan with the fixed ones below, each
  // part planned apart, is weighed too; it is kept where no order read off
  // one plan is as good over the range.
  std::mt19937 rng(2027);
  std::unique_ptr<OffsetStrategy> greedy = createOffsetStrategy("greedy-size");
  llvm::SmallVector<llvm::SmallVector<uint64_t>> samples =
      getSamplePoints(2, 1, 4096);
  unsigned kept = 0;
  for (int trial = 0; trial < 80; ++trial) {
    SymbolicProblem problem = makeSymbolicProblem(rng);
    SymbolicPlan weighed =
        llvm::cantFail(planSymbolically(problem, *greedy, {{64, 64}}, samples));
    EXPECT_EQ(errorMessage(validateSymbolicPlan(problem, weighed)), "");
    // The order read off the plan at the hint alone, weighed by hand.
    SymbolicPlan alone =
        llvm::cantFail(planSymbolically(problem, *greedy, {{64, 64}}));
    double worst = 1;
    for (llvm::ArrayRef<uint64_t> sample : samples) {
      llvm::SmallVector<Buffer> buffers =
          llvm::cantFail(problem.instantiate(sample));
      uint64_t bound = llvm::cantFail(computeLowerBound(buffers));
      uint64_t slab =
          llvm::cantFail(evaluateSymbolicPlan(problem, alone, sample)).slabSize;
      if (bound != 0)
        worst = std::max(worst, double(slab) / double(bound));
    }
    EXPECT_LE(*weighed.worstRatio, worst);
    EXPECT_EQ(weighed.fixedBelow, *weighed.worstRatio < worst);
    kept += weighed.fixedBelow;
  }
  EXPECT_GT(kept, 0u);
}

TEST(SymbolicPlanTest, SamplePointsSpanTheRange) {
  llvm::SmallVector<llvm::SmallVector<uint64_t>> points =
      getSamplePoints(2, 3, 20);
  // 3, 4, 8, 16, 20 for both, then the corners (20, 3) and (3, 20).
  ASSERT_EQ(points.size(), 7u);
  EXPECT_EQ(points[0], (llvm::SmallVector<uint64_t>{3, 3}));
  EXPECT_EQ(points[4], (llvm::SmallVector<uint64_t>{20, 20}));
  EXPECT_EQ(points[5], (llvm::SmallVector<uint64_t>{20, 3}));
  EXPECT_EQ(points[6], (llvm::SmallVector<uint64_t>{3, 20}));
}

} // namespace
